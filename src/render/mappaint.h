/* The map painters (internal to render/): what differs between the maps
 * of the two grids, as one table per grid.  hexdraw.c paints what a hex
 * map has on it (section names, home edges, objectives, counters with
 * figures), squaredraw.c what a square map has (coast and sea zones,
 * cities and ports, ships, the column and row labels).  mapdraw.c draws
 * everything else once for both (terrain, cell outlines, section lines,
 * addresses, the legend's layout), reading the scenario's position, and
 * calls the table of the board's grid; the painters draw with paint.h and
 * terrainpaint.h and call nothing back.
 *
 * Words never print over symbols or over each other: every symbol drawn
 * takes its box in the canvas's label placer (labelplace.h) first, then
 * the words are placed in order of need (addresses, place names, sea
 * zones, generals' names), each at the first clear spot it has, or left
 * out. */
#ifndef ORBAT_MAPPAINT_H
#define ORBAT_MAPPAINT_H

#include <cairo.h>
#include <stddef.h>

#include "labelplace.h"
#include "mapgeom.h"
#include "paint.h"
#include "render.h"

/* Where a cell's address may stand: (cx + ax·r + bx·size, cy + ay·r +
 * by·size), with r the cell's radius and size the text size, and the
 * point of the text's box there as fractions fx, fy of its width and
 * height (0, 0: its top-left corner). */
typedef struct map_address_spot {
	double ax, bx, ay, by, fx, fy;
} map_address_spot;

#define MAP_ADDRESS_SPOTS 4

/* A cell's address: its size, cell * size_factor within [size_min,
 * size_max] (raised to the legible size), at most max_width cells wide,
 * at the first of its spots where it is clear (count of them used). */
typedef struct map_address_style {
	double size_factor, size_min, size_max;
	double max_width;
	int count;
	map_address_spot spots[MAP_ADDRESS_SPOTS];
} map_address_style;

/* One map being drawn. */
typedef struct map_canvas {
	const render_ctx *rc;
	cairo_t *cr;
	const map_geom *g;
	const position *pos;
	/* The start positions (units, generals, ships) are drawn; without
	 * them the map is the bare board (terrain, places, objectives). */
	bool setup;
	/* The pieces are told apart by their short labels ("I3", names.h)
	 * rather than their names: the reduced maps of the scenario sheet
	 * and the overview, whose sheet gives each label its name. */
	bool short_names;
	label_placer *placer;  /* the boxes taken so far */
	struct terrain_course *course;  /* how the water runs, the symbols' sizes */
} map_canvas;

typedef struct map_painter {
	/* The cells whose drawing touches the rectangle (canvas mm), as
	 * indices in reading order; returns how many. */
	size_t (*visible)(const map_geom *g, double x0, double y0, double x1, double y1, size_t *out);
	double grid_line;                /* outline width, per mm of cell */
	map_address_style address;
	/* Lines over the grid (coast, zone borders); NULL when none. */
	void (*lines)(const map_canvas *mc, const size_t *shown, size_t n);
	/* Those lines taken in the placer, after the symbols, so that no
	 * word crosses them; NULL when none. */
	void (*take_lines)(const map_canvas *mc, const size_t *shown, size_t n);
	/* The symbols of everything standing on one cell, centred at
	 * (cx, cy), each taking its box. */
	void (*occupants)(const map_canvas *mc, const position_cell *c, double cx, double cy);
	/* Symbols of the map as a whole (ships in a sea zone), after the
	 * cells' ones; NULL when none. */
	void (*extras)(const map_canvas *mc, const size_t *shown, size_t n);
	/* Names that go before the cells' addresses (a city's: victory is
	 * about cities; a piece's: a player sets up by it), where the frame's
	 * column and row labels give every address; NULL when none. */
	void (*first_labels)(const map_canvas *mc, const size_t *shown, size_t n);
	/* Names of the map as a whole (a sea zone's), placed before the
	 * cells' ones; NULL when none. */
	void (*labels)(const map_canvas *mc, const size_t *shown, size_t n);
	/* The names on one cell (a city's, a general's); NULL when none. */
	void (*cell_labels)(const map_canvas *mc, const position_cell *c, double cx, double cy);
	/* The band around the cells. */
	void (*frame)(const map_canvas *mc, double x0, double y0, double x1, double y1);
	/* The legend's entries: how many, and each one's symbol and label;
	 * with pieces false, those of a bare board (no units, ships or
	 * generals).  legend_entry's ctx points to that bool. */
	size_t (*legend_count)(const render_ctx *rc, bool pieces);
	paint_legend_entry_fn legend_entry;
} map_painter;

extern const map_painter hexdraw_painter;
extern const map_painter squaredraw_painter;

/* Calls draw for each cell shown that the position lists, at its centre
 * (what a painter's hooks over the shown cells walk with). */
void mapdraw_each_cell(const map_canvas *mc, const size_t *shown, size_t n,
	void (*draw)(const map_canvas *mc, const position_cell *c, double cx, double cy));

#endif
