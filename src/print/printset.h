/* A scenario's whole print set: for each language, the map tiles, the
 * one-page overview, the poster, the scenario sheet and the rosters, in
 * OUT/<scenario-id>/<lang>/. */
#ifndef ORBAT_PRINTSET_H
#define ORBAT_PRINTSET_H

#include <stdbool.h>
#include <stdio.h>

#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "../render/pdfdoc.h"
#include "../text/context.h"
#include "../text/lang.h"
#include "../text/layoutcache.h"
#include "../validate/validate.h"

typedef struct printset_options {
	context *ctx;            /* the data: fonts, strings, layouts (text/context.h) */
	const char *out_dir;
	const char *paper;       /* "a4", "letter" */
	double cell_size;        /* mm: a hex across the flats, a square's side; 0 = the layout's default */
	bool langs[LANG_COUNT];
	doc_format format;       /* PDF: the whole set; SVG or PNG: map and sheet */
	double dpi;              /* for PNG */
	/* The poster cut over panels of this paper (mm, either orientation);
	 * 0: the poster on one page. */
	double panel_width, panel_height;
	double back_offset[2];   /* mm: the order cards' backs (cards.h) */
	/* Start positions on the tiles, poster and map image too (--setup);
	 * without, those are bare boards. */
	bool setup;
	bool quiet;
	/* The products to make, by file name without extension ("map-tiles",
	 * "scenario-sheet", ...), NULL-terminated; NULL: every product of the
	 * format.  They are made in the set's own order whatever the list's. */
	const char *const *products;
	/* Fonts and laid-out text one product leaves for the next while the
	 * heap in use stays under this many bytes; 0: PRINTSET_KEEP_BYTES. */
	size_t keep_bytes;
} printset_options;

#define PRINTSET_KEEP_BYTES ((size_t)12 << 20)

/* Read a --poster-panel value: "a0", "a1" or "WxH" in millimetres (W and
 * H from 200 to 5000).  False with a message in *error (free it). */
bool printset_panel_size(const char *text, double *width, double *height, char **error);

/* Load what every print product reads into the context: the fonts, the
 * strings, the print layouts, and the card layouts, whose broken file is
 * thus a broken installation before anything is written.  False with the
 * fonts' failure in *error (free it) or the files' diagnostics in sink. */
bool printset_resources(context *c, diag_sink *sink, char **error);

/* The shared resources (fonts, strings, layouts), the context's. */
typedef struct printer printer;

printer *printer_create(const printset_options *options, char **error);
void printer_destroy(printer *p);

/* Write every product; prints each file written to `log` unless quiet.
 * False on the first failure, with a message in *error (free it). */
bool printer_render(printer *p, const scenario *sc, const ruleset *rs, FILE *log, char **error);
/* The same in parts, for several processes (base/jobpool.h): a scenario
 * made ready once (its board, what stands where), then its parts, one per
 * language and product in the order printer_render writes them, each
 * written into the open output set (base/outdir.h; the caller opens,
 * commits and closes it).  The scenario and ruleset must outlive it.
 * printer_prepare: NULL with a message in *error when the scenario has no
 * usable board. */
typedef struct printset_scenario printset_scenario;
printset_scenario *printer_prepare(printer *p, const scenario *sc, const ruleset *rs, char **error);
void printset_scenario_destroy(printset_scenario *ps);
size_t printset_part_count(const printset_scenario *ps);
/* Whether the part is the first product of its language. */
bool printset_part_is_language_start(const printset_scenario *ps, size_t part);
/* False on failure with a message in *error (free it); then
 * printer_write_failed says whether the disk or a folder caused it. */
bool printer_render_part(printer *p, const printset_scenario *ps, size_t part, char **error);

/* Put the scenario's print set, every part written, in place in one step
 * (outdir_commit_folder on OUT/SCENARIO-ID), listing its files on log
 * (NULL: not listed).  False with a message in *error (free it). */
bool printer_commit(const printer *p, const printset_scenario *ps, FILE *log, char **error);

/* After a failed printer_render or printer_render_part: whether a folder or file could not be
 * written (exit status 2) rather than a product not drawn (3). */
bool printer_write_failed(const printer *p);

/* How the printer's cache of laid-out text has served so far (text/fonts.h). */
layoutcache_stats printer_text_stats(const printer *p);

/* A whole run: the print sets of a list of scenarios on a pool of worker
 * processes (base/jobpool.h), each set put in place whole as soon as its
 * parts are drawn.  What happens to each item is told through a callback,
 * in the order of the items, the same with one worker as with many. */

/* What went wrong, ordered by gravity: the run's result is its worst.
 * The scale of a deck run's (cards_outcome, cards/cards.h). */
typedef enum printset_outcome {
	PRINTSET_DONE = 0,
	PRINTSET_INVALID = 1,      /* a scenario has errors */
	PRINTSET_UNWRITABLE = 2,   /* a file that cannot be read or written */
	PRINTSET_BROKEN = 3,       /* an internal error or a broken installation */
} printset_outcome;

/* One item: a scenario file the run validates and loads, or a scenario
 * loaded already (sc and rs, which must outlive the run; file then only
 * names it in reports). */
typedef struct printset_item {
	const char *file;
	const scenario *sc;
	const ruleset *rs;
} printset_item;

typedef enum printset_event {
	PRINTSET_CHECKED,   /* the item was validated (first of its events) */
	PRINTSET_FAILED,    /* its print set failed: nothing more of it is told */
	PRINTSET_WRITTEN,   /* its print set is in place */
} printset_event;

typedef struct printset_report {
	printset_event event;
	size_t item;                 /* index in the run's list */
	const char *file;            /* the item's file */
	/* CHECKED: what validation found, and the diagnostics from diag_from
	 * to diag_to in diags (NULL for a loaded scenario).  After
	 * VALIDATE_DATA_ERROR diags holds the broken data file's problems,
	 * all of them, and the run stops. */
	validate_status status;
	const diag_sink *diags;
	size_t diag_from, diag_to;
	const char *message;         /* FAILED: why, one line */
	printset_outcome outcome;    /* FAILED: how grave */
} printset_report;

typedef void (*printset_report_fn)(void *arg, const printset_report *report);

typedef struct printset_run_options {
	printset_options print;
	validator *validator;        /* for the items named by file; NULL: none are */
	diag_sink *sink;             /* the validator's diagnostics go here */
	unsigned jobs;               /* worker processes; 1: all in this process */
	FILE *list;                  /* each file put in place is named here; NULL: silent */
	/* When set, the run first takes the output folder's lock
	 * (base/outtree.h), saying it waits as "orbat LOCK_AS: ...". */
	const char *lock_as;
	printset_report_fn report;   /* may be NULL */
	void *arg;
} printset_run_options;

/* Make the print set of every item.  Returns the worst outcome; when the
 * print resources cannot be loaded, PRINTSET_BROKEN with a message in
 * *error (free it) before anything else is done. */
printset_outcome printset_run(const printset_run_options *run, const printset_item *items, size_t count,
	char **error);

/* The print products of one loaded scenario in one language, as the
 * studio's preview asks for them: `products` as in printset_options
 * (NULL: all), in PDF on `paper` ("a4", "letter"), written to
 * OUT_DIR/<scenario-id>/<lang>/<product>.pdf, the same bytes as
 * 'orbat render' writes.  False with the first failure in *error (free
 * it); the folder is then as it was. */
bool printset_make(context *ctx, const scenario *sc, const ruleset *rs, const char *const *products, lang_id lang,
	const char *paper, const char *out_dir, char **error);

#endif
