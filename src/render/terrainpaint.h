/* Painting a cell's terrain from its look in the ruleset (rs_look in
 * model/ruleset.h): the fill, the pattern's symbol and, when the look asks
 * for it, the terrain's name.  The hex and the square painter both call
 * it; all that differs between the grids is which neighbouring cells a
 * watercourse runs to, which the caller lists. */
#ifndef ORBAT_TERRAINPAINT_H
#define ORBAT_TERRAINPAINT_H

#include <cairo.h>
#include <stdbool.h>

#include "labelplace.h"
#include "mapgeom.h"
#include "render.h"

/* The most neighbours a cell has on any grid. */
#define TERRAINPAINT_MAX_LINKS 8

/* The centres (canvas mm) of the neighbouring cells holding water or
 * spanning it, in the grid's direction order: a stream, river or bridge
 * draws its course towards each. */
typedef struct terrain_links {
	double x[TERRAINPAINT_MAX_LINKS], y[TERRAINPAINT_MAX_LINKS];
	int count;
} terrain_links;

/* The ruleset's terrain of a cell of this type (NULL: a cell the scenario
 * does not list, which is the ruleset's unlisted terrain); NULL for an id
 * the ruleset lacks. */
const rs_terrain *terrainpaint_terrain(const render_ctx *rc, const char *type);

/* How the water runs between the water cells of a map (streams, rivers,
 * bridges, lakes): the joins across a side a watercourse is drawn along,
 * as a tree, so that no streams close a loop.  Made once per map drawn. */
typedef struct terrain_course terrain_course;
terrain_course *terrainpaint_course(const render_ctx *rc, const map_geom *g, const position *pos);
void terrainpaint_course_free(terrain_course *course);
/* The joins the course draws from the cell of this index: bit d set for
 * the grid's neighbour d (grid_neighbours order); 0 off the board. */
unsigned terrainpaint_course_joins(const terrain_course *course, size_t index);

/* Paint a cell of the position as the scenario lists it: its terrain
 * (its water is terrainpaint_water's) and its earthworks.  With pieces
 * (the set-up drawn) a fence on a cell with units stands at the cell's
 * foot, clear of the counters on its middle. */
void terrainpaint_position_cell(const render_ctx *rc, cairo_t *cr, const map_geom *g, const position *pos,
	grid_cell cell, bool pieces);

/* The water of the cells shown (indices, as mapdraw lists them): the
 * streams, rivers and bridges along the course, each a line without a
 * break from end to end, and the dry cells a stream passes under (see
 * terrainpaint_course).  Drawn once every cell shown is filled. */
void terrainpaint_water(const render_ctx *rc, cairo_t *cr, const map_geom *g, const position *pos,
	const terrain_course *course, const size_t *shown, size_t n);

/* A legend's swatch: one cell of the grid, `s` mm in size, with its top
 * edge's middle band at y, holding terrain `type` (NULL: an unlisted
 * cell) and optionally earthworks, outlined. */
void terrainpaint_swatch(const render_ctx *rc, cairo_t *cr, const grid_ops *grid, const char *type,
	bool fieldworks, double x, double y, double s);

/* Paint one cell of terrain type `type` (NULL: not listed by the scenario;
 * an id the ruleset lacks prints as a plain fill), without its name; its
 * watercourse along links, none when links is NULL. */
void terrainpaint_cell(const render_ctx *rc, cairo_t *cr, const map_geom *g, grid_cell cell,
	const char *type, const terrain_links *links);

/* The name of a cell's terrain when its look asks for it (or its id, for
 * an id the ruleset lacks), placed clear of what lp holds. */
void terrainpaint_name(const render_ctx *rc, cairo_t *cr, const map_geom *g, const position *pos, grid_cell cell,
	label_placer *lp);

/* The box of the symbol standing in the cell (trees, houses, peaks,
 * waves; with pieces where terrainpaint_position_cell put it), which
 * words keep off where they can, and in *ground the
 * colour of the cell under it; false when the cell has none.  The course
 * of the map keeps each symbol's size once measured. */
bool terrainpaint_symbol_box(const render_ctx *rc, const map_geom *g, const position *pos,
	terrain_course *course, grid_cell cell, bool pieces, lp_box *out, lp_colour *ground);

/* What a map shows, so that its legend explains that and nothing more:
 * each terrain some cell on the board has (the unlisted cells are the
 * ruleset's unlisted terrain), in the ruleset's order, and whether any
 * cell has earthworks, which stand on a cell as an extra, never as its
 * type. */
typedef struct terrain_shown {
	size_t terrains[64];  /* ruleset indices */
	size_t count;
	bool fieldworks;
} terrain_shown;

void terrainpaint_shown(const render_ctx *rc, terrain_shown *out);

#endif
