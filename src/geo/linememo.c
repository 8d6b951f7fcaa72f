#include "linememo.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An open-addressed table of lines; when it is half full it is emptied
 * and filled again, so that the memory stays bounded on any board (a
 * board of 13 × 9 hexes has 13,689 ordered pairs). */
#define MEMO_SLOTS (1u << 16)

typedef struct memo_line {
	grid_kind kind;
	grid_cell a, b;
	grid_line_cell *cells;  /* NULL: the slot is free */
	size_t count;
} memo_line;

static memo_line *memo;
static size_t memo_used;
static pthread_mutex_t memo_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t slot_of(grid_kind kind, grid_cell a, grid_cell b)
{
	uint64_t h = 1469598103934665603ull;
	const int32_t parts[5] = { (int32_t)kind, a.col, a.row, b.col, b.row };
	for (int i = 0; i < 5; i++)
		h = (h ^ (uint32_t)parts[i]) * 1099511628211ull;
	return (size_t)(h ^ (h >> 29)) & (MEMO_SLOTS - 1);
}

static void forget_all(void)
{
	if (!memo)
		return;
	for (size_t i = 0; i < MEMO_SLOTS; i++)
		free(memo[i].cells);
	memset(memo, 0, MEMO_SLOTS * sizeof *memo);
	memo_used = 0;
}

void grid_line_memo_clear(void)
{
	pthread_mutex_lock(&memo_lock);
	forget_all();
	pthread_mutex_unlock(&memo_lock);
}

/* The slot of the line, or of the free slot where it goes. */
static memo_line *find(grid_kind kind, grid_cell a, grid_cell b)
{
	for (size_t i = slot_of(kind, a, b);; i = (i + 1) & (MEMO_SLOTS - 1)) {
		memo_line *m = &memo[i];
		if (!m->cells || (m->kind == kind && grid_cell_equal(m->a, a) && grid_cell_equal(m->b, b)))
			return m;
	}
}

static size_t copy_out(const memo_line *m, grid_line_cell *out, size_t max)
{
	if (out && max)
		memcpy(out, m->cells, (m->count < max ? m->count : max) * sizeof *out);
	return m->count;
}

size_t grid_line_memo(const grid_board *board, grid_cell a, grid_cell b, grid_line_cell *out, size_t max)
{
	pthread_mutex_lock(&memo_lock);
	if (!memo)
		memo = calloc(MEMO_SLOTS, sizeof *memo);
	if (memo) {
		memo_line *m = find(board->kind, a, b);
		if (m->cells) {
			size_t n = copy_out(m, out, max);
			pthread_mutex_unlock(&memo_lock);
			return n;
		}
	}
	pthread_mutex_unlock(&memo_lock);

	/* Not kept yet: found without the lock, in one walk with room for
	 * them all, kept with it. */
	size_t room = grid_line_contacts_max(board, a, b);
	grid_line_cell *cells = malloc(room * sizeof *cells);
	if (!cells)
		return grid_line_contacts(board, a, b, out, max);
	size_t n = grid_line_contacts(board, a, b, cells, room);
	if (out && max)
		memcpy(out, cells, (n < max ? n : max) * sizeof *out);
	pthread_mutex_lock(&memo_lock);
	if (memo && memo_used + 1 > MEMO_SLOTS / 2)
		forget_all();
	memo_line *m = memo ? find(board->kind, a, b) : NULL;
	if (m && !m->cells) {
		*m = (memo_line){ board->kind, a, b, cells, n };
		memo_used++;
		cells = NULL;
	}
	pthread_mutex_unlock(&memo_lock);
	free(cells);
	return n;
}
