#include "los.h"

#include <stdlib.h>

#include "../../base/util.h"
#include "../../geo/grid.h"
#include "../../geo/linememo.h"

bool los_walk(const hex_board *board, hex_coord from, hex_coord to, los_visit_fn visit, void *ctx)
{
	/* The grid's own line (geo/grid.h) says which hexes the line meets
	 * and how; sight only gives that a meaning. */
	grid_board grid;
	grid_board_hex(&grid, board);
	grid_line_cell near[32];
	size_t n = grid_line_memo(&grid, from, to, near, sizeof near / sizeof near[0]);
	grid_line_cell *cells = near;
	if (n > sizeof near / sizeof near[0]) {
		cells = xcalloc(n, sizeof *cells);
		grid_line_memo(&grid, from, to, cells, n);
	}
	static const los_contact HOW[] = {
		[GRID_LINE_THROUGH] = LOS_THROUGH,
		[GRID_LINE_EDGE_LEFT] = LOS_EDGE_LEFT,
		[GRID_LINE_EDGE_RIGHT] = LOS_EDGE_RIGHT,
	};
	bool whole = true;
	for (size_t i = 0; i < n && whole; i++)
		whole = visit(ctx, cells[i].cell, HOW[cells[i].how]);
	if (cells != near)
		free(cells);
	return whole;
}

void los_result_init(los_result *r)
{
	r->visible = true;
	r->distance = 0;
	r->blocked = NULL;
	r->blocked_count = 0;
	r->blocked_capacity = 0;
	r->edge_blocked = false;
}

void los_result_finish(los_result *r)
{
	free(r->blocked);
	r->blocked = NULL;
	r->blocked_count = r->blocked_capacity = 0;
}

typedef struct check_ctx {
	const hex_board *board;
	los_blocks_fn blocks;
	void *ctx;
	bool want_list;
	bool through_blocked;
	/* obstructions met along edge runs, in order, with their side */
	hex_coord *edge;
	los_contact *edge_side;
	size_t edge_count, edge_cap;
	bool left, right;
	los_result *out;
} check_ctx;

static void push_blocked(los_result *out, hex_coord h)
{
	grow_array((void **)&out->blocked, &out->blocked_capacity, out->blocked_count + 1, sizeof *out->blocked);
	out->blocked[out->blocked_count++] = h;
}

static bool check_visit(void *vctx, hex_coord hex, los_contact how)
{
	check_ctx *c = vctx;
	if (!hex_on_board(c->board, hex) || !c->blocks(c->ctx, hex))
		return true;
	if (how == LOS_THROUGH) {
		c->through_blocked = true;
		if (!c->want_list)
			return false;
		/* Keep the order along the line: a marker in the edge list. */
	} else if (how == LOS_EDGE_LEFT) {
		c->left = true;
	} else {
		c->right = true;
	}
	if (!c->want_list)
		return !(c->left && c->right);
	size_t need = c->edge_count + 1;
	if (need > c->edge_cap) {
		size_t cap = c->edge_cap;
		grow_array((void **)&c->edge, &cap, need, sizeof *c->edge);
		c->edge_side = xrealloc(c->edge_side, cap * sizeof *c->edge_side);
		c->edge_cap = cap;
	}
	c->edge[c->edge_count] = hex;
	c->edge_side[c->edge_count] = how;
	c->edge_count++;
	return true;
}

bool los_check(const hex_board *board, hex_coord a, hex_coord b,
	los_blocks_fn blocks, void *ctx, los_result *out)
{
	check_ctx c = { 0 };
	c.board = board;
	c.blocks = blocks;
	c.ctx = ctx;
	c.want_list = out != NULL;
	c.out = out;
	los_walk(board, a, b, check_visit, &c);
	bool edge_blocked = c.left && c.right;
	bool visible = !c.through_blocked && !edge_blocked;
	if (out) {
		out->visible = visible;
		out->distance = hex_distance(a, b);
		out->edge_blocked = edge_blocked;
		out->blocked_count = 0;
		for (size_t i = 0; i < c.edge_count; i++)
			if (c.edge_side[i] == LOS_THROUGH || edge_blocked)
				push_blocked(out, c.edge[i]);
	}
	free(c.edge);
	free(c.edge_side);
	return visible;
}
