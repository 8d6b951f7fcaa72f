#include "los.h"

#include <stdlib.h>

#include "../base/util.h"

/* Axial coordinates of the odd-r layout of geo/hex (odd 0-based rows are
 * shifted half a hex east). */
typedef struct axial {
	long q, r;
} axial;

static axial to_axial(hex_coord h)
{
	return (axial){ h.col - (h.row - (h.row & 1)) / 2, h.row };
}

static hex_coord from_axial(axial a)
{
	long row = a.r;
	long col = a.q + (row - (row & 1)) / 2;
	return (hex_coord){ (int)col, (int)row };
}

/* The six edges, clockwise on the page (y grows southward): outward
 * normal n, bound h (interior: n.(X - C) < h), and the axial step to the
 * neighbour across.  Corner k joins edge k and edge k + 1. */
static const struct {
	int nx, ny, h, dq, dr;
} EDGES[6] = {
	{ 1, 0, 1, 1, 0 },    /* east */
	{ 1, 1, 2, 0, 1 },    /* south-east */
	{ -1, 1, 2, -1, 1 },  /* south-west */
	{ -1, 0, 1, -1, 0 },  /* west */
	{ -1, -1, 2, 0, -1 }, /* north-west */
	{ 1, -1, 2, 1, -1 },  /* north-east */
};
static const int CORNERS[6][2] = {
	{ 1, 1 }, { 0, 2 }, { -1, 1 }, { -1, -1 }, { 0, -2 }, { 1, -1 },
};

static long lmin(long a, long b) { return a < b ? a : b; }
static long lmax(long a, long b) { return a > b ? a : b; }

bool los_segment_meets_hex(long px, long py, long qx, long qy, long cx, long cy)
{
	px -= cx;
	py -= cy;
	qx -= cx;
	qy -= cy;
	/* Separating axes: the three edge directions of the hex ... */
	if (!(lmin(px, qx) < 1 && lmax(px, qx) > -1))
		return false;
	if (!(lmin(px + py, qx + qy) < 2 && lmax(px + py, qx + qy) > -2))
		return false;
	if (!(lmin(px - py, qx - qy) < 2 && lmax(px - py, qx - qy) > -2))
		return false;
	/* ... and the segment's own normal. */
	long nx = -(qy - py), ny = qx - px;
	long c = nx * px + ny * py;
	long r = lmax(labs(2 * ny), lmax(labs(nx + ny), labs(nx - ny)));
	return labs(c) < r;
}

static bool same(axial a, axial b)
{
	return a.q == b.q && a.r == b.r;
}

static axial step(axial a, int k)
{
	return (axial){ a.q + EDGES[k].dq, a.r + EDGES[k].dr };
}

static los_contact side_of(long dx, long dy, long px, long py, axial n)
{
	long cx = 2 * n.q + n.r, cy = 3 * n.r;
	long cross = dx * (cy - py) - dy * (cx - px);
	return cross < 0 ? LOS_EDGE_LEFT : LOS_EDGE_RIGHT;
}

bool los_walk(hex_coord from, hex_coord to, los_visit_fn visit, void *ctx)
{
	axial a = to_axial(from), b = to_axial(to);
	long px = 2 * a.q + a.r, py = 3 * a.r;
	long dx = 2 * b.q + b.r - px, dy = 3 * b.r - py;
	axial cur = a;
	/* Each step leaves a hex for good: never more steps than hexes met. */
	long limit = 4 * (labs(b.q - a.q) + labs(b.r - a.r) + 2);
	while (!same(cur, b) && limit-- > 0) {
		long cx = 2 * cur.q + cur.r, cy = 3 * cur.r;
		long ox = px - cx, oy = py - cy;
		/* Exit parameter through edge k: t = (h - n.o) / (n.d), for the
		 * edges the segment heads toward.  Keep the least, with ties. */
		long best_num = 0, best_den = 0;
		int ties[2] = { -1, -1 };
		int tie_count = 0;
		for (int k = 0; k < 6; k++) {
			long den = EDGES[k].nx * dx + EDGES[k].ny * dy;
			if (den <= 0)
				continue;
			long num = EDGES[k].h - (EDGES[k].nx * ox + EDGES[k].ny * oy);
			if (best_den == 0 || num * best_den < best_num * den) {
				best_num = num;
				best_den = den;
				ties[0] = k;
				tie_count = 1;
			} else if (num * best_den == best_num * den && tie_count < 2) {
				ties[tie_count++] = k;
			}
		}
		if (tie_count == 0)
			return true;  /* cannot happen: a segment leaves its start hex */
		if (tie_count == 1) {
			cur = step(cur, ties[0]);
			if (!same(cur, b) && !visit(ctx, from_axial(cur), LOS_THROUGH))
				return false;
			continue;
		}
		/* Through a corner: k and k + 1 (mod 6) meet there. */
		int k1 = ties[0], k2 = ties[1];
		int corner = (k2 == (k1 + 1) % 6) ? k1 : k2;
		long vx = CORNERS[corner][0], vy = CORNERS[corner][1];
		axial n1 = step(cur, k1), n2 = step(cur, k2);
		if (dx * vy - dy * vx == 0) {
			/* Along the edge between n1 and n2, then into the hex beyond. */
			if (!visit(ctx, from_axial(n1), side_of(dx, dy, px, py, n1)))
				return false;
			if (!visit(ctx, from_axial(n2), side_of(dx, dy, px, py, n2)))
				return false;
			cur = (axial){ cur.q + EDGES[k1].dq + EDGES[k2].dq, cur.r + EDGES[k1].dr + EDGES[k2].dr };
		} else {
			long qx = px + dx, qy = py + dy;
			long n1x = 2 * n1.q + n1.r, n1y = 3 * n1.r;
			cur = los_segment_meets_hex(px, py, qx, qy, n1x, n1y) ? n1 : n2;
		}
		if (!same(cur, b) && !visit(ctx, from_axial(cur), LOS_THROUGH))
			return false;
	}
	return true;
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
	los_walk(a, b, check_visit, &c);
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
