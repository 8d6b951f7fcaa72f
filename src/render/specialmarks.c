/* The marks of the special rules on a hex map (specialmarks.h). */
#include "specialmarks.h"

#include <math.h>
#include <string.h>

#include "../base/util.h"
#include "../model/special_rules.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Each kind's name in layouts/print.xml and its legend string. */
static const char *const KIND_IDS[MARK_KINDS] = { "ford", "exit", "no-entry", "no-end", "sudden-death" };
static const char *const KIND_LEGEND[MARK_KINDS] = { "mark-ford", "mark-exit", "mark-no-entry", "mark-no-end",
	"mark-sudden-death" };

static size_t rule_side(const scenario *sc, const char *id)
{
	for (size_t s = 0; id && s < sc->side_count; s++)
		if (str_eq(sc->sides[s].id.text, id))
			return s;
	return SPECIAL_MARK_BOTH;
}

/* The kind of mark a rule puts on its hexes; MARK_KINDS: none. */
static special_mark_kind rule_mark(const special_rule *r)
{
	switch (r->kind) {
	case SPECIAL_CROSSING:
		return MARK_FORD;
	case SPECIAL_EXIT:
		return MARK_EXIT;
	case SPECIAL_NO_ENTRY:
		return str_eq(r->option.text, "end") ? MARK_NO_END : MARK_NO_ENTRY;
	case SPECIAL_SUDDEN_DEATH:
		return MARK_SUDDEN_DEATH;
	default:
		return MARK_KINDS;
	}
}

static bool has_mark(const special_mark *marks, size_t n, special_mark m)
{
	for (size_t i = 0; i < n; i++)
		if (marks[i].kind == m.kind && marks[i].side == m.side)
			return true;
	return false;
}

size_t specialmarks_at(const scenario *sc, grid_cell cell, special_mark *out)
{
	const special_rules *sr = sc->special;
	size_t n = 0;
	for (int kind = 0; sr && kind < MARK_KINDS; kind++)
		for (size_t i = 0; i < sr->count; i++) {
			const special_rule *r = &sr->rules[i];
			if ((int)rule_mark(r) != kind)
				continue;
			for (size_t h = 0; h < r->hex_count && n < SPECIAL_MARKS_MAX; h++) {
				special_mark m = { (special_mark_kind)kind, rule_side(sc, r->side.text) };
				if (r->hexes[h].valid && grid_cell_equal(r->hexes[h].cell, cell) && !has_mark(out, n, m))
					out[n++] = m;
			}
		}
	return n;
}

static rgb kind_colour(const render_ctx *rc, special_mark_kind kind)
{
	const layouts_mark *m = rc->layouts ? layouts_mark_of(rc->layouts, KIND_IDS[kind]) : NULL;
	return m ? (rgb){ m->r, m->g, m->b } : PAINT_INK;
}

/* The symbol of a kind inside a badge of radius r at (x, y); an exit's
 * arrow points along (dx, dy). */
static void symbol(const render_ctx *rc, cairo_t *cr, special_mark_kind kind, double x, double y, double r,
	double dx, double dy)
{
	rgb c = kind_colour(rc, kind);
	double lw = r * 0.22;
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	switch (kind) {
	case MARK_FORD:
		/* Water crossed by a path: two waves, a band across them. */
		paint_set(cr, PAINT_WATER_LINE);
		cairo_set_line_width(cr, lw * 0.8);
		for (int k = -1; k <= 1; k += 2) {
			double wy = y + k * r * 0.30;
			cairo_move_to(cr, x - r * 0.62, wy);
			cairo_curve_to(cr, x - r * 0.3, wy - r * 0.22, x, wy + r * 0.22, x + r * 0.3, wy);
			cairo_curve_to(cr, x + r * 0.42, wy - r * 0.1, x + r * 0.55, wy - r * 0.1, x + r * 0.62, wy);
			paint_stroke(cr);
		}
		paint_set(cr, c);
		cairo_rectangle(cr, x - r * 0.17, y - r * 0.62, r * 0.34, r * 1.24);
		cairo_fill(cr);
		break;
	case MARK_EXIT: {
		/* An arrow off the board. */
		double px = -dy, py = dx;
		paint_set(cr, c);
		cairo_set_line_width(cr, lw);
		cairo_move_to(cr, x - dx * r * 0.55, y - dy * r * 0.55);
		cairo_line_to(cr, x + dx * r * 0.15, y + dy * r * 0.15);
		paint_stroke(cr);
		cairo_move_to(cr, x + dx * r * 0.62, y + dy * r * 0.62);
		cairo_line_to(cr, x + px * r * 0.38, y + py * r * 0.38);
		cairo_line_to(cr, x - px * r * 0.38, y - py * r * 0.38);
		cairo_close_path(cr);
		cairo_fill(cr);
		break;
	}
	case MARK_NO_ENTRY:
		/* The road sign: a red disc, a white bar. */
		paint_set(cr, c);
		cairo_arc(cr, x, y, r * 0.68, 0, 2 * M_PI);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_rectangle(cr, x - r * 0.45, y - r * 0.13, r * 0.9, r * 0.26);
		cairo_fill(cr);
		break;
	case MARK_NO_END:
		/* No stopping: a ring crossed once. */
		paint_set(cr, c);
		cairo_set_line_width(cr, lw);
		cairo_arc(cr, x, y, r * 0.55, 0, 2 * M_PI);
		paint_stroke(cr);
		cairo_move_to(cr, x - r * 0.39, y + r * 0.39);
		cairo_line_to(cr, x + r * 0.39, y - r * 0.39);
		paint_stroke(cr);
		break;
	case MARK_SUDDEN_DEATH:
		/* A diamond with an exclamation mark. */
		paint_set(cr, c);
		cairo_move_to(cr, x, y - r * 0.72);
		cairo_line_to(cr, x + r * 0.62, y);
		cairo_line_to(cr, x, y + r * 0.72);
		cairo_line_to(cr, x - r * 0.62, y);
		cairo_close_path(cr);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_rectangle(cr, x - r * 0.08, y - r * 0.42, r * 0.16, r * 0.5);
		cairo_fill(cr);
		cairo_arc(cr, x, y + r * 0.27, r * 0.09, 0, 2 * M_PI);
		cairo_fill(cr);
		break;
	default:
		break;
	}
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
}

/* A badge: white disc, the side's ring (ink for both), the symbol. */
static void badge(const render_ctx *rc, cairo_t *cr, special_mark m, double x, double y, double r, double dx,
	double dy)
{
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	paint_set(cr, m.side == SPECIAL_MARK_BOTH ? PAINT_INK : paint_side(m.side));
	cairo_set_line_width(cr, r * 0.16);
	paint_stroke(cr);
	symbol(rc, cr, m.kind, x, y, r * 0.86, dx, dy);
}

/* Which way is off the board from an edge hex: the mean of the
 * directions to its neighbours that lie off it (right when none). */
static void off_board(const map_geom *g, grid_cell cell, double *dx, double *dy)
{
	grid_cell nb[GRID_NEIGHBOURS_MAX];
	g->grid->neighbours(cell, nb);
	double cx, cy, sx = 0, sy = 0;
	mapgeom_center(g, cell, &cx, &cy);
	for (int k = 0; k < g->grid->side_neighbours; k++) {
		if (g->grid->on_board(&g->board, nb[k]))
			continue;
		double nx, ny;
		mapgeom_center(g, nb[k], &nx, &ny);
		sx += nx - cx;
		sy += ny - cy;
	}
	double len = hypot(sx, sy);
	*dx = len > 0 ? sx / len : 1;
	*dy = len > 0 ? sy / len : 0;
}

/* Where the k-th mark of a hex stands, as fractions of the hex: below
 * left, below right, then beside the middle. */
static void mark_spot(const layouts *l, size_t k, double *fx, double *fy)
{
	static const double sx[SPECIAL_MARKS_MAX] = { -1, 1, -1.25, 1.25 };
	static const double sy[SPECIAL_MARKS_MAX] = { 1, 1, -0.1, -0.1 };
	*fx = sx[k] * l->mark_dx;
	*fy = sy[k] * l->mark_dy;
}

static void cell_marks(const map_canvas *mc, grid_cell cell)
{
	const layouts *l = mc->rc->layouts;
	special_mark marks[SPECIAL_MARKS_MAX];
	size_t n = specialmarks_at(mc->rc->sc, cell, marks);
	const map_geom *g = mc->g;
	double cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	for (size_t k = 0; k < n; k++) {
		double fx, fy, dx = 1, dy = 0;
		mark_spot(l, k, &fx, &fy);
		/* On a reduced map the badge keeps the size of a legible letter,
		 * as an objective's ring does. */
		double r = fmax(l->mark_size * g->cell / 2, paint_min_text(mc->rc, mc->cr));
		double x = cx + fx * g->cell, y = cy + fy * g->cell;
		if (marks[k].kind == MARK_EXIT)
			off_board(g, cell, &dx, &dy);
		paint_clear_backdrop_round(mc->cr, mc->placer, x, y, r * 1.15);
		badge(mc->rc, mc->cr, marks[k], x, y, r, dx, dy);
		labelplace_take(mc->placer, labelplace_box(x - r, y - r, 2 * r, 2 * r));
	}
}

void specialmarks_draw(const map_canvas *mc, const size_t *shown, size_t n)
{
	const layouts *l = mc->rc->layouts;
	if (!mc->rc->sc->special || !l || l->mark_size <= 0)
		return;
	cairo_save(mc->cr);
	for (size_t i = 0; i < n; i++)
		cell_marks(mc, grid_from_index(&mc->g->board, shown[i]));
	cairo_restore(mc->cr);
}

/* The kinds the scenario's rules put on the map (bit per kind), and
 * whether a mark binds one side. */
static unsigned kinds_shown(const render_ctx *rc, bool *one_side)
{
	const special_rules *sr = rc->sc->special;
	unsigned kinds = 0;
	*one_side = false;
	if (!sr || !rc->layouts || rc->layouts->mark_size <= 0)
		return 0;
	for (size_t i = 0; i < sr->count; i++) {
		special_mark_kind k = rule_mark(&sr->rules[i]);
		if (k == MARK_KINDS || !sr->rules[i].hex_count)
			continue;
		kinds |= 1u << k;
		*one_side |= rule_side(rc->sc, sr->rules[i].side.text) != SPECIAL_MARK_BOTH;
	}
	return kinds;
}

size_t specialmarks_legend_count(const render_ctx *rc)
{
	bool one_side;
	unsigned kinds = kinds_shown(rc, &one_side);
	size_t n = 0;
	for (int k = 0; k < MARK_KINDS; k++)
		n += (kinds >> k) & 1;
	return n + (n && one_side);
}

const char *specialmarks_legend_entry(const render_ctx *rc, cairo_t *cr, size_t i, double ex, double ey,
	double swatch)
{
	bool one_side;
	unsigned kinds = kinds_shown(rc, &one_side);
	double x = ex + swatch / 2, y = ey + swatch / 2, r = swatch * 0.3;
	for (int k = 0; k < MARK_KINDS; k++) {
		if (!((kinds >> k) & 1))
			continue;
		if (i-- == 0) {
			badge(rc, cr, (special_mark){ (special_mark_kind)k, SPECIAL_MARK_BOTH }, x, y, r, 1, 0);
			return render_string(rc, KIND_LEGEND[k]);
		}
	}
	/* The ring: the two sides' colours, half each. */
	cairo_set_line_width(cr, r * 0.16);
	for (size_t s = 0; s < 2; s++) {
		cairo_new_path(cr);
		cairo_arc(cr, x, y, r, M_PI / 2 + s * M_PI, M_PI / 2 + (s + 1) * M_PI);
		paint_set(cr, paint_side(s));
		paint_stroke(cr);
	}
	return render_string(rc, "mark-ring");
}
