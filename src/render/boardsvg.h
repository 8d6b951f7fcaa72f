/* A scenario's board as an SVG document in memory, drawn by the painters
 * of the print products (mapdraw.h) through Cairo's SVG surface, with the
 * cells' outlines in the SVG's user units and what a reader hovering a
 * cell wants to know about it: its address, its terrain, what stands on
 * it and its section, in the render context's language.  For the studio,
 * which lays clickable outlines over the drawing instead of drawing the
 * board a second time. */
#ifndef ORBAT_BOARDSVG_H
#define ORBAT_BOARDSVG_H

#include <stdbool.h>
#include <stddef.h>

#include "../geo/grid.h"
#include "labelplace.h"
#include "render.h"

typedef struct boardsvg_cell {
	grid_cell cell;
	char address[GRID_ADDRESS_MAX];
	/* The outline's corners in order round the cell, and its centre, in
	 * the SVG's user units (the drawing's points). */
	int corner_count;
	double x[GRID_OUTLINE_MAX], y[GRID_OUTLINE_MAX];
	double cx, cy;
	/* The hover facts, fresh strings: the terrain's name (NULL for a
	 * type the ruleset does not know), what stands there ("" when
	 * nothing), the section or sections ("" where the grid has none). */
	char *terrain;
	char *standing;
	char *section;
} boardsvg_cell;

/* A part of the board as an SVG document of its own, for a page that
 * redraws only the parts an edit changed: its place and size in the
 * whole drawing's user units, and a hash of its bytes. */
typedef struct boardsvg_tile {
	char *svg;              /* NUL-terminated */
	size_t svg_size;
	double x, y, w, h;
	unsigned long long hash;
} boardsvg_tile;

/* How far a tile runs into the next one (user units), and the most tiles
 * a board is cut into each way. */
#define BOARDSVG_TILE_OVERLAP 2.0
#define BOARDSVG_TILES_MAX 8

/* A box the label placer took (labelplace.h), in the map's mm. */
typedef struct boardsvg_taken {
	lp_box box;
	unsigned char kind;     /* LP_MARK, LP_LABEL, LP_BACKDROP */
} boardsvg_taken;

typedef struct boardsvg {
	char *svg;              /* the document, NUL-terminated; NULL when tiled */
	size_t svg_size;
	boardsvg_tile *tiles;   /* boardsvg_make_tiles: row by row */
	size_t tile_count;
	double width, height;   /* user units of the document */
	boardsvg_cell *cells;   /* grid_index order */
	size_t cell_count;

	/* What the tiles were drawn from, for boardsvg_update_tiles: the cut,
	 * the hashes of boarddigest.h (one per cell, as cells), and the boxes
	 * the drawing's label placer took (sorted), whose changes tell where
	 * words moved. */
	bool pieces;
	int about;
	unsigned long long rest_digest;
	unsigned long long *cell_digests;
	boardsvg_taken *taken;
	size_t taken_count;
} boardsvg;

/* Draw rc's scenario into *out: with the set-up (units, generals, ships)
 * as the overview shows it when `pieces`, else the bare board as the
 * tiles print it.  rc is set up as for the print products (board, cell
 * size, fonts, strings, position; format is ignored).  False with a
 * message (free it) when the board cannot be drawn. */
bool boardsvg_make(const render_ctx *rc, bool pieces, boardsvg *out, char **error);
/* The same cut into about `about` tiles (as near square as the board's
 * shape allows, at most BOARDSVG_TILES_MAX each way) instead of one
 * document. */
bool boardsvg_make_tiles(const render_ctx *rc, bool pieces, int about, boardsvg *out, char **error);
/* Draw again, after an edit, the board *b that boardsvg_make_tiles drew
 * of the scenario rc now shows: only the tiles whose picture can have
 * changed are drawn; the others keep their documents and hashes.  A tile
 * is drawn again when a cell on it or next to it changed (its terrain,
 * what stands on it, their names: boarddigest.h) or a word or symbol on
 * it moved; when anything else changed (the sides, the board), all are.
 * The outcome is the document boardsvg_make_tiles would make, tile for
 * tile, by hash.  False with a message as boardsvg_make (*b then
 * finished). */
bool boardsvg_update_tiles(const render_ctx *rc, boardsvg *b, char **error);
/* Free what boardsvg_make made (a zeroed boardsvg is fine). */
void boardsvg_finish(boardsvg *b);

#endif
