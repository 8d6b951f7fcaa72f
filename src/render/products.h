/* The print products of one scenario in one language.  Each writes one PDF
 * atomically and returns false with a message when it cannot. */
#ifndef ORBAT_PRODUCTS_H
#define ORBAT_PRODUCTS_H

#include <stdbool.h>

#include "render.h"

/* How a map is cut over pages; also used by the tests and the benchmark. */
typedef struct tile_plan {
	double page_width, page_height;   /* mm, after choosing the orientation */
	double area_width, area_height;   /* printable map area per tile */
	double step_x, step_y;            /* map distance between tiles */
	double offset_x, offset_y;        /* where the first tile's area starts on the content */
	int columns, rows;
} tile_plan;

/* Pages that cover the whole content (a poster's panels), from its
 * top-left corner, in the orientation that needs fewer. */
void tiles_plan(const layouts *l, const paper_size *paper, double map_width, double map_height,
	tile_plan *plan);
/* The fewest pages, over both orientations, that cover the rectangle
 * need_x0..need_x1, need_y0..need_y1 of a content map_width × map_height
 * (a map's cells inside its frame), centred on the content so that as
 * much of the rest (the frame's labels) is on them as those pages hold. */
void tiles_plan_cover(const layouts *l, const paper_size *paper, double map_width, double map_height,
	double need_x0, double need_y0, double need_x1, double need_y1, tile_plan *plan);

/* Draws the part x0..x1, y0..y1 (mm) of a content whose origin is the
 * cairo origin: the map of the tiles, the whole poster of its panels. */
typedef void (*tiles_draw_fn)(const render_ctx *rc, cairo_t *cr, const void *content, double x0,
	double y0, double x1, double y1);

/* Write the pages of a plan into an open PDF, starting on its current
 * page: each page shows its part of the content with the overlap bands,
 * cut marks, name, assembly diagram and 50 mm bar of a tile, and the
 * footer line ends with `note`.  Bookmarks go under `parent`. */
void tiles_write(const render_ctx *rc, pdfdoc *doc, int parent, const tile_plan *p,
	tiles_draw_fn draw, const void *content, const char *note);

/* The 50 mm calibration bar with its caption, top-left at x, y (mm). */
void tiles_draw_calibration(const render_ctx *rc, cairo_t *cr, double x, double y);

bool render_tiles(const render_ctx *rc, const char *path, char **error);
/* The map canvas alone at true scale: one page, any format. */
bool render_map_image(const render_ctx *rc, const char *path, char **error);
bool render_poster(const render_ctx *rc, const char *path, char **error);
bool render_overview(const render_ctx *rc, const char *path, char **error);
bool render_sheet(const render_ctx *rc, const char *path, char **error);
bool render_rosters(const render_ctx *rc, const char *path, char **error);

#endif
