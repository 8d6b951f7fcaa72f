#include "cardsheet.h"

#include <math.h>

/* Lengths within this are the same cut (floating-point noise). */
#define SAME_CUT 1e-6

/* Cards along one axis of `length`: how many, the gap between them and the
 * first cut, the row centred. */
static bool axis_fit(double length, double card, const sheet_params *p, int *count,
	double *gutter, double *start)
{
	double avail = length - 2 * p->margin;
	int n = (int)floor((avail + SAME_CUT) / card);
	if (n < 1)
		return false;
	double g = 0;
	if (n > 1) {
		g = fmin(2 * p->bleed, (avail - n * card) / (n - 1));
		if (g < p->min_gutter)
			g = 0;
	}
	*count = n;
	*gutter = g;
	*start = (length - (n * card + (n - 1) * g)) / 2;
	return true;
}

static bool plan_oriented(double page_w, double page_h, double card_w, double card_h,
	const sheet_params *p, cards_duplex duplex, cards_sheet *out)
{
	cards_sheet s = {
		.page_width = page_w,
		.page_height = page_h,
		.card_width = card_w,
		.card_height = card_h,
		.bleed = p->bleed,
		.duplex = duplex,
	};
	/* With duplex none the fronts have the left half, margins on both of
	 * its sides (the paper edge and the fold). */
	double across = duplex == CARDS_DUPLEX_NONE ? page_w / 2 : page_w;
	if (!axis_fit(across, card_w, p, &s.columns, &s.gutter_x, &s.left) ||
		!axis_fit(page_h, card_h, p, &s.rows, &s.gutter_y, &s.top))
		return false;
	*out = s;
	return true;
}

bool cards_sheet_plan(double paper_width, double paper_height, double card_width,
	double card_height, const sheet_params *params, cards_duplex duplex, cards_sheet *out)
{
	double narrow = fmin(paper_width, paper_height), wide = fmax(paper_width, paper_height);
	cards_sheet portrait, landscape;
	bool p_ok = plan_oriented(narrow, wide, card_width, card_height, params, duplex, &portrait);
	if (duplex != CARDS_DUPLEX_NONE) {
		/* Duplex printers flip portrait pages as the two modes say;
		 * keeping portrait keeps "long edge = columns mirror" true. */
		if (p_ok)
			*out = portrait;
		return p_ok;
	}
	bool l_ok = plan_oriented(wide, narrow, card_width, card_height, params, duplex, &landscape);
	if (l_ok && (!p_ok || cards_sheet_slots(&landscape) > cards_sheet_slots(&portrait)))
		*out = landscape;
	else if (p_ok)
		*out = portrait;
	return p_ok || l_ok;
}

int cards_sheet_slots(const cards_sheet *s)
{
	return s->columns * s->rows;
}

static void front_position(const cards_sheet *s, int slot, double *x, double *y)
{
	int col = slot % s->columns, row = slot / s->columns;
	*x = s->left + col * (s->card_width + s->gutter_x);
	*y = s->top + row * (s->card_height + s->gutter_y);
}

/* The mirror that brings a front onto its back, applied to a rectangle. */
static cards_rect mirror(const cards_sheet *s, cards_rect r)
{
	if (s->duplex == CARDS_DUPLEX_SHORT)
		r.y = s->page_height - r.y - r.h;
	else
		r.x = s->page_width - r.x - r.w;
	return r;
}

void cards_slot_position(const cards_sheet *s, int slot, bool back, double *x, double *y)
{
	cards_rect r = { 0, 0, s->card_width, s->card_height };
	front_position(s, slot, &r.x, &r.y);
	if (back)
		r = mirror(s, r);
	*x = r.x;
	*y = r.y;
}

cards_rect cards_slot_cell(const cards_sheet *s, int slot, bool back)
{
	int col = slot % s->columns, row = slot / s->columns;
	double inner_x = fmin(s->bleed, s->gutter_x / 2), inner_y = fmin(s->bleed, s->gutter_y / 2);
	double l = col == 0 ? s->bleed : inner_x;
	double r = col == s->columns - 1 ? s->bleed : inner_x;
	double t = row == 0 ? s->bleed : inner_y;
	double b = row == s->rows - 1 ? s->bleed : inner_y;
	cards_rect cell;
	front_position(s, slot, &cell.x, &cell.y);
	cell.x -= l;
	cell.y -= t;
	cell.w = s->card_width + l + r;
	cell.h = s->card_height + t + b;
	return back ? mirror(s, cell) : cell;
}

static void add_cut(double *out, size_t max, size_t *count, double v)
{
	for (size_t i = 0; i < *count && i < max; i++)
		if (fabs(out[i] - v) < SAME_CUT)
			return;
	if (*count < max) {
		/* Keep them sorted: insertion into a short list. */
		size_t i = *count;
		while (i > 0 && out[i - 1] > v) {
			out[i] = out[i - 1];
			i--;
		}
		out[i] = v;
	}
	(*count)++;
}

size_t cards_sheet_cuts(const cards_sheet *s, bool vertical, double *out, size_t max)
{
	size_t count = 0;
	int lines = vertical ? s->columns : s->rows;
	for (int i = 0; i < lines; i++) {
		int slot = vertical ? i : i * s->columns;
		double x, y;
		cards_slot_position(s, slot, false, &x, &y);
		double a = vertical ? x : y, size = vertical ? s->card_width : s->card_height;
		add_cut(out, max, &count, a);
		add_cut(out, max, &count, a + size);
		if (vertical && s->duplex == CARDS_DUPLEX_NONE) {
			add_cut(out, max, &count, s->page_width - a);
			add_cut(out, max, &count, s->page_width - a - size);
		}
	}
	return count;
}

cards_rect cards_sheet_extent(const cards_sheet *s)
{
	int last = cards_sheet_slots(s) - 1;
	cards_rect r;
	double x1, y1;
	cards_slot_position(s, 0, false, &r.x, &r.y);
	cards_slot_position(s, last, false, &x1, &y1);
	r.w = x1 + s->card_width - r.x;
	r.h = y1 + s->card_height - r.y;
	if (s->duplex == CARDS_DUPLEX_NONE)
		r.w = s->page_width - 2 * r.x;
	return r;
}
