#include "grid.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const grid_ops *const GRIDS[GRID_KINDS] = {
	[GRID_HEX] = &grid_hex_ops,
	[GRID_SQUARE] = &grid_square_ops,
};

const grid_ops *grid_ops_of(grid_kind kind)
{
	return (unsigned)kind < GRID_KINDS ? GRIDS[kind] : GRIDS[GRID_HEX];
}

const grid_ops *grid_board_ops(const grid_board *board)
{
	return grid_ops_of(board->kind);
}

bool grid_kind_parse(const char *name, grid_kind *out)
{
	for (int k = 0; name && k < GRID_KINDS; k++) {
		if (strcmp(name, GRIDS[k]->name) == 0) {
			*out = GRIDS[k]->kind;
			return true;
		}
	}
	return false;
}

void grid_board_hex(grid_board *board, const hex_board *hex)
{
	memset(board, 0, sizeof *board);
	board->kind = GRID_HEX;
	board->hex = *hex;
}

void grid_board_square(grid_board *board, const square_board *square)
{
	memset(board, 0, sizeof *board);
	board->kind = GRID_SQUARE;
	board->square = *square;
}

void grid_board_one_cell(const grid_ops *ops, grid_board *board)
{
	if (ops->kind == GRID_SQUARE) {
		square_board b;
		square_board_init(&b, 1, 1);
		grid_board_square(board, &b);
	} else {
		hex_board b;
		hex_board_init(&b, 1, 1, false);
		grid_board_hex(board, &b);
	}
}

const char *grid_name(const grid_board *board)
{
	return grid_board_ops(board)->name;
}

size_t grid_count(const grid_board *board)
{
	return grid_board_ops(board)->count(board);
}

grid_cell grid_from_index(const grid_board *board, size_t index)
{
	return grid_board_ops(board)->from_index(board, index);
}

char *grid_format(grid_cell cell, char buf[GRID_ADDRESS_MAX])
{
	/* Both grids write addresses alike, so no board is needed. */
	return grid_hex_ops.format(cell, buf);
}

bool grid_parse(const grid_board *board, const char *text, grid_cell *out)
{
	return grid_board_ops(board)->parse(text, out);
}

int grid_neighbours(const grid_board *board, grid_cell cell, grid_cell out[GRID_NEIGHBOURS_MAX])
{
	const grid_ops *ops = grid_board_ops(board);
	ops->neighbours(cell, out);
	return ops->neighbour_count;
}

int grid_distance(const grid_board *board, grid_cell a, grid_cell b)
{
	return grid_board_ops(board)->distance(a, b);
}

bool grid_adjacent(const grid_board *board, grid_cell a, grid_cell b)
{
	return grid_distance(board, a, b) == 1;
}

unsigned grid_sections(const grid_board *board, grid_cell cell)
{
	return grid_board_ops(board)->sections(board, cell);
}

/* A pen that keeps the corners it is led through. */
typedef struct corner_list {
	double (*xy)[2];
	int count;
	double x, y;
} corner_list;

static void corner_add(corner_list *l, double x, double y)
{
	if (l->count < GRID_OUTLINE_MAX) {
		l->xy[l->count][0] = x;
		l->xy[l->count][1] = y;
		l->count++;
	}
	l->x = x;
	l->y = y;
}

static void corner_move(void *ctx, double x, double y) { corner_add(ctx, x, y); }
static void corner_rel_line(void *ctx, double dx, double dy)
{
	corner_list *l = ctx;
	corner_add(l, l->x + dx, l->y + dy);
}
static void corner_close(void *ctx) { (void)ctx; }

int grid_outline(const grid_board *board, const grid_metrics *m, double cx, double cy, double inset,
	double xy[GRID_OUTLINE_MAX][2])
{
	corner_list l = { xy, 0, 0, 0 };
	grid_pen pen = { corner_move, corner_move, corner_rel_line, corner_close, &l };
	grid_board_ops(board)->outline(m, cx, cy, inset, &pen);
	return l.count;
}

/* A fraction num / den with den > 0, for exact comparisons of where along
 * the line something happens. */
typedef struct grid_frac {
	int64_t num, den;
} grid_frac;

static bool frac_less(grid_frac a, grid_frac b)
{
	return a.num * b.den < b.num * a.den;
}

/* One side of a cell's outline, from corner k to the next, as the
 * segment meets it: the cross product e x (X - a) along the segment is
 * c0 + t c1 (positive inside), where c1 is the same for every cell and
 * c0 = base - (ex cy - ey cx) for the cell around (cx, cy); e is signed
 * by the outline's turn. */
typedef struct segment_side {
	int64_t ex, ey;
	int64_t base, c1;
} segment_side;

/* The segment p + t d (0 <= t <= 1) whose contacts are sought, with
 * what every cell it is tried against shares: the sides of the outline
 * and the reach of a cell's corners from its centre. */
typedef struct segment {
	int64_t px, py, dx, dy;
	int64_t reach2;  /* squared distance of the farthest corner from the centre */
	int64_t len2;    /* squared length of d */
	int sides;
	segment_side side[GRID_OUTLINE_MAX];
} segment;

static void segment_init(segment *s, const grid_ops *ops, int64_t px, int64_t py, int64_t dx, int64_t dy)
{
	/* Inside lies on the same side of every edge as the turn of the
	 * outline: whichever way a grid lists its corners. */
	int64_t turn = (int64_t)(ops->corners[1][0] - ops->corners[0][0]) * (ops->corners[2][1] - ops->corners[1][1]) -
		(int64_t)(ops->corners[1][1] - ops->corners[0][1]) * (ops->corners[2][0] - ops->corners[1][0]);
	int64_t sign = turn > 0 ? 1 : -1;
	int n = ops->corner_count < GRID_OUTLINE_MAX ? ops->corner_count : GRID_OUTLINE_MAX;
	*s = (segment){ .px = px, .py = py, .dx = dx, .dy = dy, .len2 = dx * dx + dy * dy, .sides = n };
	for (int k = 0; k < n; k++) {
		int next = k + 1 < n ? k + 1 : 0;
		int64_t x = ops->corners[k][0], y = ops->corners[k][1];
		if (x * x + y * y > s->reach2)
			s->reach2 = x * x + y * y;
		int64_t ex = ops->corners[next][0] - x, ey = ops->corners[next][1] - y;
		s->side[k] = (segment_side){ sign * ex, sign * ey, sign * (ex * (py - y) - ey * (px - x)),
			sign * (ex * dy - ey * dx) };
	}
}

/* Whether the segment's line passes farther from centre (cx, cy) than
 * any corner of the cell: then it cannot meet the cell, which lies within
 * that circle.  Most cells tried are such; the test is exact (a line
 * through a corner is not counted far). */
static bool segment_far(const segment *s, long cx, long cy)
{
	int64_t cross = s->dx * (cy - s->py) - s->dy * (cx - s->px);
	return cross * cross > s->reach2 * s->len2;
}

/* How the segment meets the cell around lattice centre (cx, cy), clipped
 * against each side of its convex outline.  *enter is where it begins to
 * meet it. */
typedef enum { MEETS_NOT, MEETS_POINT, MEETS_EDGE, MEETS_INSIDE } meets;

static meets segment_meets(const segment *s, long cx, long cy, grid_frac *enter)
{
	bool on_edge = false;
	grid_frac lo = { 0, 1 }, hi = { 1, 1 };
	for (int k = 0; k < s->sides; k++) {
		const segment_side *e = &s->side[k];
		int64_t c0 = e->base - (e->ex * cy - e->ey * cx), c1 = e->c1;
		if (c1 == 0) {
			if (c0 < 0)
				return MEETS_NOT;
			on_edge = on_edge || c0 == 0;
			continue;
		}
		/* c0 + t c1 > 0: t > -c0 / c1 when c1 > 0, t < c0 / -c1 when c1 < 0. */
		if (c1 > 0) {
			grid_frac t = { -c0, c1 };
			if (frac_less(lo, t))
				lo = t;
		} else {
			grid_frac t = { c0, -c1 };
			if (frac_less(t, hi))
				hi = t;
		}
	}
	*enter = lo;
	if (frac_less(hi, lo))
		return MEETS_NOT;
	if (!frac_less(lo, hi))
		return MEETS_POINT;
	return on_edge ? MEETS_EDGE : MEETS_INSIDE;
}

typedef struct line_cell {
	grid_cell cell;
	grid_frac enter;
	meets how;
} line_cell;

static int by_entry(const void *pa, const void *pb)
{
	const line_cell *a = pa, *b = pb;
	return frac_less(a->enter, b->enter) ? -1 : frac_less(b->enter, a->enter) ? 1 : 0;
}

static bool line_has(const line_cell *cells, size_t count, grid_cell c)
{
	for (size_t i = 0; i < count; i++)
		if (grid_cell_equal(cells[i].cell, c))
			return true;
	return false;
}

/* Whether direction (ax, ay) comes before (bx, by) turning clockwise on
 * the page (y grows southward) from due east. */
static bool clockwise_before(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
	int ha = ay > 0 || (ay == 0 && ax > 0) ? 0 : 1;
	int hb = by > 0 || (by == 0 && bx > 0) ? 0 : 1;
	if (ha != hb)
		return ha < hb;
	return ax * by - ay * bx > 0;
}

size_t grid_line_contacts_max(const grid_board *board, grid_cell a, grid_cell b)
{
	/* On either grid a line meets at most four cells per step of
	 * distance. */
	return 4 * (size_t)grid_board_ops(board)->distance(a, b) + 4;
}

size_t grid_line_contacts(const grid_board *board, grid_cell a, grid_cell b, grid_line_cell *out, size_t max)
{
	const grid_ops *ops = grid_board_ops(board);
	long ax, ay, bx, by;
	ops->lattice_center(a, &ax, &ay);
	ops->lattice_center(b, &bx, &by);
	int64_t dx = (int64_t)bx - ax, dy = (int64_t)by - ay;
	/* The cells a line meets, touched ones included, are a chain of
	 * neighbours, so growing the set from a through neighbours that the
	 * line meets finds them all (a line running along an edge reaches the
	 * cell beyond only through the two it runs between). */
	size_t cap = grid_line_contacts_max(board, a, b), count = 0;
	line_cell *cells = malloc(cap * sizeof *cells);
	if (!cells)
		return 0;
	segment seg;
	segment_init(&seg, ops, ax, ay, dx, dy);
	grid_cell around[GRID_NEIGHBOURS_MAX];
	for (size_t next = 0; next <= count; next++) {
		grid_cell from = next == 0 ? a : cells[next - 1].cell;
		if (next > 0 && grid_cell_equal(from, b))
			continue;
		ops->neighbours(from, around);
		for (int k = 0; k < ops->neighbour_count; k++) {
			grid_cell c = around[k];
			long cx, cy;
			ops->lattice_center(c, &cx, &cy);
			/* Far from the line first: most neighbours are. */
			if (grid_cell_equal(c, a) || count == cap || segment_far(&seg, cx, cy) || line_has(cells, count, c))
				continue;
			grid_frac enter;
			meets how = segment_meets(&seg, cx, cy, &enter);
			if (how != MEETS_NOT)
				cells[count++] = (line_cell){ c, enter, how };
		}
	}
	/* A cell touched at a single point is not met: drop those and b. */
	size_t kept = 0;
	for (size_t i = 0; i < count; i++)
		if (cells[i].how != MEETS_POINT && !grid_cell_equal(cells[i].cell, b))
			cells[kept++] = cells[i];
	count = kept;
	qsort(cells, count, sizeof *cells, by_entry);
	/* The two cells either side of an edge the line runs along are met
	 * at once; they come in a fixed order, clockwise from east around
	 * the cell the line leaves there, so that a list of them reads the
	 * same every time. */
	long lx = ax, ly = ay;
	for (size_t i = 0; i < count; i++) {
		if (cells[i].how == MEETS_INSIDE) {
			ops->lattice_center(cells[i].cell, &lx, &ly);
			continue;
		}
		for (size_t j = i; j > 0 && cells[j - 1].how == MEETS_EDGE && !by_entry(&cells[j - 1], &cells[j]); j--) {
			long px, py, qx, qy;
			ops->lattice_center(cells[j - 1].cell, &px, &py);
			ops->lattice_center(cells[j].cell, &qx, &qy);
			if (!clockwise_before(qx - lx, qy - ly, px - lx, py - ly))
				break;
			line_cell t = cells[j - 1];
			cells[j - 1] = cells[j];
			cells[j] = t;
		}
	}
	size_t n = 0;
	for (size_t i = 0; i < count; i++) {
		if (n < max) {
			grid_contact how = GRID_LINE_THROUGH;
			if (cells[i].how == MEETS_EDGE) {
				long cx, cy;
				ops->lattice_center(cells[i].cell, &cx, &cy);
				int64_t cross = dx * ((int64_t)cy - ay) - dy * ((int64_t)cx - ax);
				how = cross < 0 ? GRID_LINE_EDGE_LEFT : GRID_LINE_EDGE_RIGHT;
			}
			out[n] = (grid_line_cell){ cells[i].cell, how };
		}
		n++;
	}
	free(cells);
	return n;
}

size_t grid_line(const grid_board *board, grid_cell a, grid_cell b, grid_cell *out, size_t max)
{
	/* The contacts of the whole line first: the cells passed through are
	 * only some of them. */
	size_t total = grid_line_contacts(board, a, b, NULL, 0);
	grid_line_cell *all = total ? malloc(total * sizeof *all) : NULL;
	if (total && !all)
		return 0;
	grid_line_contacts(board, a, b, all, total);
	size_t n = 0;
	for (size_t i = 0; i < total; i++) {
		if (all[i].how != GRID_LINE_THROUGH)
			continue;
		if (n < max)
			out[n] = all[i].cell;
		n++;
	}
	free(all);
	return n;
}

int grid_path_length(const grid_board *board, grid_cell a, grid_cell b, grid_passable_fn passable, void *ctx)
{
	const grid_ops *ops = grid_board_ops(board);
	long from = ops->index(board, a), to = ops->index(board, b);
	if (from < 0 || to < 0)
		return -1;
	if (from == to)
		return 0;
	/* Breadth first over the dense index: each cell once. */
	size_t n = ops->count(board);
	int *steps = malloc(n * sizeof *steps);
	size_t *queue = malloc(n * sizeof *queue);
	int found = -1;
	if (!steps || !queue)
		goto out;
	for (size_t i = 0; i < n; i++)
		steps[i] = -1;
	size_t head = 0, tail = 0;
	steps[from] = 0;
	queue[tail++] = (size_t)from;
	while (head < tail && found < 0) {
		size_t i = queue[head++];
		grid_cell around[GRID_NEIGHBOURS_MAX];
		ops->neighbours(ops->from_index(board, i), around);
		for (int k = 0; k < ops->neighbour_count; k++) {
			long j = ops->index(board, around[k]);
			if (j < 0 || steps[j] >= 0 || (passable && !passable(ctx, around[k])))
				continue;
			steps[j] = steps[i] + 1;
			if (j == to) {
				found = steps[j];
				break;
			}
			queue[tail++] = (size_t)j;
		}
	}
out:
	free(steps);
	free(queue);
	return found;
}
