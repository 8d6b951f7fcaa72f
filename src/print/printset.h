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

#endif
