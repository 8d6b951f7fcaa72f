#include "sight_lines.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../../geo/grid.h"
#include "../../geo/linememo.h"

#define WINDOW_SLOTS (SIGHT_LINES_ROWS * SIGHT_LINES_COLS)

/* Maps kept in one program: a scenario is one map, and a program plays a
 * few; past that, games walk their lines. */
#define MAPS_MAX 32

static sight_lines *maps[MAPS_MAX];
static size_t map_count;
static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;

static bool same_map(const sight_lines *m, const hex_board *board, const bool *blocks, size_t n)
{
	return m->board.columns == board->columns && m->board.rows == board->rows &&
		m->board.short_rows == board->short_rows && memcmp(m->blocks, blocks, n * sizeof *blocks) == 0;
}

static sight_lines *map_create(const hex_board *board, bool *blocks, size_t n)
{
	sight_lines *m = xcalloc(1, sizeof *m);
	m->board = *board;
	m->count = n;
	m->blocks = blocks;
	m->from = xcalloc(n ? n : 1, sizeof *m->from);
	return m;
}

sight_lines *sight_lines_of_map(const hex_board *board, const rs_terrain *const *terrain)
{
	size_t n = hex_count(board);
	bool *blocks = xcalloc(n ? n : 1, sizeof *blocks);
	for (size_t i = 0; i < n; i++)
		blocks[i] = terrain[i] && terrain[i]->blocks_los;
	sight_lines *found = NULL;
	pthread_mutex_lock(&maps_lock);
	for (size_t i = 0; i < map_count && !found; i++)
		if (same_map(maps[i], board, blocks, n))
			found = maps[i];
	if (!found && map_count < MAPS_MAX) {
		found = maps[map_count++] = map_create(board, blocks, n);
		blocks = NULL;
	}
	pthread_mutex_unlock(&maps_lock);
	free(blocks);
	return found;
}

/* The line from a to b as sight reads it: the terrain's verdict, and the
 * hexes on the board that only figures can block. */
static sight_line *line_make(const sight_lines *m, hex_coord a, hex_coord b)
{
	grid_board grid;
	grid_board_hex(&grid, &m->board);
	size_t n = grid_line_memo(&grid, a, b, NULL, 0);
	grid_line_cell *cells = xcalloc(n ? n : 1, sizeof *cells);
	grid_line_memo(&grid, a, b, cells, n);
	sight_line *l = xcalloc(1, sizeof *l + n * sizeof *l->cells);
	static const unsigned char HOW[] = {
		[GRID_LINE_THROUGH] = LOS_THROUGH,
		[GRID_LINE_EDGE_LEFT] = LOS_EDGE_LEFT,
		[GRID_LINE_EDGE_RIGHT] = LOS_EDGE_RIGHT,
	};
	for (size_t i = 0; i < n; i++) {
		long index = hex_index(&m->board, cells[i].cell);
		if (index < 0)
			continue;   /* off the board nothing blocks */
		unsigned char how = HOW[cells[i].how];
		if (m->blocks[index]) {
			l->terrain_through |= how == LOS_THROUGH;
			l->terrain_left |= how == LOS_EDGE_LEFT;
			l->terrain_right |= how == LOS_EDGE_RIGHT;
			continue;
		}
		l->cells[l->count++] = (sight_cell){ cells[i].cell, (int)index, how, hex_adjacent(a, cells[i].cell) };
	}
	free(cells);
	return l;
}

/* The row of slots of the lines from hex `index`, made by the first
 * thread to need it. */
static sight_line_slot *row_of(sight_lines *m, long index)
{
	sight_line_slot *row = atomic_load_explicit(&m->from[index], memory_order_acquire);
	if (row)
		return row;
	sight_line_slot *made = xcalloc(WINDOW_SLOTS, sizeof *made);
	if (atomic_compare_exchange_strong_explicit(&m->from[index], &row, made, memory_order_acq_rel,
		memory_order_acquire))
		return made;
	free(made);   /* another thread made it first: row is its */
	return row;
}

const sight_line *sight_lines_make(sight_lines *m, hex_coord a, hex_coord b)
{
	long ia = hex_index(&m->board, a);
	int dr = b.row - a.row, dc = b.col - a.col;
	sight_line_slot *slot = &row_of(m, ia)[(dr + SIGHT_LINES_REACH) * SIGHT_LINES_COLS + dc + SIGHT_LINES_REACH + 1];
	sight_line *l = atomic_load_explicit(slot, memory_order_acquire);
	if (l)
		return l;
	sight_line *made = line_make(m, a, b);
	if (atomic_compare_exchange_strong_explicit(slot, &l, made, memory_order_acq_rel, memory_order_acquire))
		return made;
	free(made);   /* another thread made it first: l is its */
	return l;
}
