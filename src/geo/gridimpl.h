/* For the grid modules only (hex.c, square.c): how a grid fills its
 * grid_ops table from functions named after it, so that both grids are
 * wired alike and a function a grid lacks fails to compile instead of
 * being left NULL.  A grid PREFIX provides PREFIX_parse, PREFIX_format,
 * PREFIX_count, PREFIX_on_board, PREFIX_index, PREFIX_from_index and
 * PREFIX_sections over its own board (grid_board.PREFIX), and
 * PREFIX_neighbours, PREFIX_distance, PREFIX_lattice_center,
 * PREFIX_section_lines, PREFIX_metrics, PREFIX_center and PREFIX_outline
 * with the grid_ops signatures. */
#ifndef ORBAT_GRIDIMPL_H
#define ORBAT_GRIDIMPL_H

#include "grid.h"

/* The grid_ops board functions: the same call on the grid's own board. */
#define GRID_BOARD_FUNCTIONS(prefix) \
	static size_t prefix##_board_count(const grid_board *b) { return prefix##_count(&b->prefix); } \
	static bool prefix##_board_on(const grid_board *b, grid_cell c) { return prefix##_on_board(&b->prefix, c); } \
	static long prefix##_board_index(const grid_board *b, grid_cell c) { return prefix##_index(&b->prefix, c); } \
	static grid_cell prefix##_board_cell(const grid_board *b, size_t i) { return prefix##_from_index(&b->prefix, i); } \
	static unsigned prefix##_board_sections(const grid_board *b, grid_cell c) { return prefix##_sections(&b->prefix, c); }

#define GRID_OPS(prefix, kind_, neighbours_, sides_, corners_, section_names_, section_count_) { \
	.kind = kind_, .name = #prefix, .neighbour_count = neighbours_, .side_neighbours = sides_, \
	.parse = prefix##_parse, .format = prefix##_format, \
	.count = prefix##_board_count, .on_board = prefix##_board_on, \
	.index = prefix##_board_index, .from_index = prefix##_board_cell, \
	.neighbours = prefix##_neighbours, .distance = prefix##_distance, \
	.lattice_center = prefix##_lattice_center, \
	.corner_count = (int)(sizeof corners_ / sizeof corners_[0]), .corners = corners_, \
	.section_count = section_count_, .section_names = section_names_, \
	.sections = prefix##_board_sections, .section_lines = prefix##_section_lines, \
	.metrics = prefix##_metrics, .center = prefix##_center, .outline = prefix##_outline, \
}

#endif
