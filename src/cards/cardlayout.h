/* Card and reference-card geometry, read from layouts/cards.xml.  All
 * lengths in millimetres. */
#ifndef ORBAT_CARDLAYOUT_H
#define ORBAT_CARDLAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"

typedef struct card_size {
	char *id;
	double width;
	double height;
} card_size;

/* How cards are laid out on a print-and-play sheet. */
typedef struct sheet_params {
	char *id;            /* "print-and-play", "trade": chosen with --sheet */
	double bleed;        /* the most printed beyond each cut */
	double min_bleed;    /* fewer cards across rather than less bleed than this */
	double edge;         /* band at the paper edge where nothing is printed */
	double mark_length;  /* cut marks, at most */
	double mark_min;     /* a cut mark shorter than this is left out */
	double mark_offset;  /* gap between a card's bleed and a cut mark */
} sheet_params;

/* Registration marks for print-then-cut machines (Silhouette Studio's
 * layout): a filled square at the top-left registration corner, L marks at
 * the top-right and bottom-left ones, each mark's outer edge `inset` from
 * the paper's edges. */
typedef struct cutter_marks {
	double inset;        /* paper edge to the marks' outer edges */
	double square;       /* side of the top-left filled square */
	double length;       /* each arm of an L; the sensor's square round a mark */
	double thickness;    /* of an L's arms */
	double clearance;    /* kept free beyond the band and the marks' squares */
} cutter_marks;

typedef struct card_layouts {
	card_size *sizes;
	size_t size_count;
	size_t default_size;
	sheet_params *sheets;
	size_t sheet_count;
	size_t default_sheet;
	cutter_marks cutter;
	char *cmyk_profile;  /* <cmyk profile>, as written; NULL when absent */
	double face_safe;    /* inside the cut: nothing important beyond */
	int tts_columns, tts_rows;
	double tts_dpi;
	int tts_max_side;    /* pixels, the most an image may have a side */
	double refcard_margin;
	double refcard_gap;
} card_layouts;

/* NULL on a broken file (reasons in the sink, rule "layouts"). */
card_layouts *cardlayout_load(const char *path, diag_sink *sink);
void cardlayout_destroy(card_layouts *l);
/* The context's layouts/cards.xml, loaded on first use and kept there
 * (text/context.h); NULL when broken, the reasons in the sink. */
struct context;
const card_layouts *cardlayout_of(struct context *c, diag_sink *sink);
/* The same for a product that stops when they are broken: NULL with the
 * first reason as *error (free it). */
const card_layouts *cardlayout_of_or_error(struct context *c, char **error);
/* The size with that id; id NULL gives the default.  NULL when unknown. */
const card_size *cardlayout_size(const card_layouts *l, const char *id);
/* "poker, bridge, tarot" for messages; free it. */
char *cardlayout_size_ids(const card_layouts *l);
/* The sheet with that id; id NULL gives the default.  NULL when unknown. */
const sheet_params *cardlayout_sheet(const card_layouts *l, const char *id);
/* "print-and-play, trade" for messages; free it. */
char *cardlayout_sheet_ids(const card_layouts *l);
/* The widest bleed of any sheet: every face is drawn that far beyond its
 * cut, so that each sheet clips the same drawing. */
double cardlayout_max_bleed(const card_layouts *l);

#endif
