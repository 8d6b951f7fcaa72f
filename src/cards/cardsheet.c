#include "cardsheet.h"

#include <limits.h>
#include <math.h>

#include "cardreg.h"

/* Lengths within this are the same cut (floating-point noise). */
#define SAME_CUT 1e-6

/* Room a margin needs besides the bleed: the empty edge band, the
 * shortest mark and its gap. */
static double margin_need(const sheet_params *p)
{
	return p->edge + p->mark_min + p->mark_offset;
}

/* The bleed n cards of `card` along `length` can have, marks included
 * (negative: they do not fit). */
static double axis_bleed(double length, double card, int n, const sheet_params *p)
{
	double spare = length - n * card - 2 * margin_need(p);
	return fmin(p->bleed, spare / (2.0 * n));
}

/* The most cards along `length`, up to `most`, that keep min_bleed; 0
 * when none fits. */
static int axis_count(double length, double card, const sheet_params *p, int most)
{
	int n = (int)fmin(floor(length / card), most);
	while (n > 0 && axis_bleed(length, card, n, p) < p->min_bleed - SAME_CUT)
		n--;
	return n;
}

/* Gutter and first cut of n cards with the sheet's bleed.  What the
 * paper leaves beyond the bleeds and the margins' shortest marks goes, in
 * turn: to the gutters until a shortest mark fits there, to the margins
 * until their marks are full length, to the gutters likewise, and the
 * rest to the margins (centring). */
static void axis_place(double length, double card, int n, double bleed, const sheet_params *p,
	double *gutter, double *start)
{
	double margin = margin_need(p) + bleed, g = 2 * bleed;
	double left = length - n * card - 2 * margin - (n - 1) * g;
	double steps[2] = { 2 * p->mark_offset + p->mark_min, p->mark_length - p->mark_min };
	if (n > 1) {
		double grow = fmin(left / (n - 1), steps[0]);
		g += grow;
		left -= (n - 1) * grow;
	}
	double grow = fmin(left / 2, steps[1]);
	margin += grow;
	left -= 2 * grow;
	if (n > 1) {
		grow = fmin(left / (n - 1), steps[1]);
		g += grow;
		left -= (n - 1) * grow;
	}
	*gutter = n > 1 ? g : 0;
	*start = margin + left / 2;
}

/* At most `most_across` cards across the page (fronts and, for none,
 * backs) and `most_down` down it. */
static bool plan_oriented(double page_w, double page_h, double card_w, double card_h,
	const sheet_params *p, cards_duplex duplex, int most_across, int most_down, cards_sheet *out)
{
	cards_sheet s = {
		.page_width = page_w,
		.page_height = page_h,
		.card_width = card_w,
		.card_height = card_h,
		.duplex = duplex,
		.edge = p->edge,
		.mark_length = p->mark_length,
		.mark_min = p->mark_min,
		.mark_offset = p->mark_offset,
	};
	/* With duplex none the fronts fill the left half and the backs the
	 * right: one centred row of twice the columns, whose middle gutter
	 * holds the fold, so each back lies at the mirror place of its front. */
	bool fold = duplex == CARDS_DUPLEX_NONE;
	int across = axis_count(page_w, card_w, p, most_across);
	if (fold)
		across -= across % 2;
	s.columns = fold ? across / 2 : across;
	s.rows = axis_count(page_h, card_h, p, most_down);
	if (s.columns < 1 || s.rows < 1)
		return false;
	s.bleed = fmin(axis_bleed(page_w, card_w, across, p), axis_bleed(page_h, card_h, s.rows, p));
	axis_place(page_w, card_w, across, s.bleed, p, &s.gutter_x, &s.left);
	axis_place(page_h, card_h, s.rows, s.bleed, p, &s.gutter_y, &s.top);
	*out = s;
	return true;
}

bool cards_sheet_plan(double paper_width, double paper_height, double card_width,
	double card_height, const sheet_params *params, cards_duplex duplex, cards_sheet *out)
{
	double narrow = fmin(paper_width, paper_height), wide = fmax(paper_width, paper_height);
	cards_sheet portrait, landscape;
	bool p_ok = plan_oriented(narrow, wide, card_width, card_height, params, duplex, INT_MAX, INT_MAX,
		&portrait);
	if (duplex != CARDS_DUPLEX_NONE) {
		/* Duplex printers flip portrait pages as the two modes say;
		 * keeping portrait keeps "long edge = columns mirror" true. */
		if (p_ok)
			*out = portrait;
		return p_ok;
	}
	bool l_ok = plan_oriented(wide, narrow, card_width, card_height, params, duplex, INT_MAX, INT_MAX,
		&landscape);
	if (l_ok && (!p_ok || cards_sheet_slots(&landscape) > cards_sheet_slots(&portrait)))
		*out = landscape;
	else if (p_ok)
		*out = portrait;
	return p_ok || l_ok;
}

/* Of the grids up to the most the page holds, the one clear of the
 * registration marks with the most cards, then the widest bleed.  The
 * grids are few (a sheet holds a handful of cards each way). */
static bool plan_cutter_oriented(double page_w, double page_h, double card_w, double card_h,
	const sheet_params *p, const cutter_marks *reg, cards_duplex duplex, cards_sheet *out)
{
	cards_sheet most;
	if (!plan_oriented(page_w, page_h, card_w, card_h, p, duplex, INT_MAX, INT_MAX, &most))
		return false;
	int step = duplex == CARDS_DUPLEX_NONE ? 2 : 1;
	int across_max = most.columns * step;
	bool found = false;
	for (int across = across_max; across >= step; across -= step)
		for (int down = most.rows; down >= 1; down--) {
			cards_sheet s;
			if (!plan_oriented(page_w, page_h, card_w, card_h, p, duplex, across, down, &s))
				continue;
			s.cutter = true;
			s.reg = *reg;
			if (!cards_reg_clear(&s))
				continue;
			int slots = cards_sheet_slots(&s), best = found ? cards_sheet_slots(out) : 0;
			if (!found || slots > best || (slots == best && s.bleed > out->bleed + SAME_CUT)) {
				*out = s;
				found = true;
			}
		}
	return found;
}

bool cards_sheet_plan_cutter(double paper_width, double paper_height, double card_width,
	double card_height, const sheet_params *params, const cutter_marks *reg, cards_duplex duplex,
	cards_sheet *out)
{
	/* The band up to the marks and their clearance is the sheet's edge;
	 * with no cut marks the margins need no room for them. */
	sheet_params p = *params;
	p.edge = fmax(p.edge, reg->inset + reg->clearance);
	p.mark_min = 0;
	p.mark_offset = 0;
	p.mark_length = 0;
	double narrow = fmin(paper_width, paper_height), wide = fmax(paper_width, paper_height);
	cards_sheet portrait, landscape;
	bool p_ok = plan_cutter_oriented(narrow, wide, card_width, card_height, &p, reg, duplex, &portrait);
	bool l_ok = duplex == CARDS_DUPLEX_NONE &&
		plan_cutter_oriented(wide, narrow, card_width, card_height, &p, reg, duplex, &landscape);
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
	cards_rect cell;
	front_position(s, slot, &cell.x, &cell.y);
	cell.x -= s->bleed;
	cell.y -= s->bleed;
	cell.w = s->card_width + 2 * s->bleed;
	cell.h = s->card_height + 2 * s->bleed;
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

typedef struct mark_list {
	cards_mark *out;
	size_t max, count;
} mark_list;

/* Where a mark sits in its free stretch: against the card that ends the
 * stretch (margins: the gap to the bleed stays exact) or centred (gutters). */
typedef enum { MARK_AT_END, MARK_AT_START, MARK_CENTRED } mark_place;

/* A mark on the line `at` in the free stretch from..to of the other axis,
 * as long as it may be; none when the stretch is too short. */
static void add_mark(mark_list *l, const cards_sheet *s, bool vertical, double at, double from, double to,
	mark_place place)
{
	double room = to - from;
	if (room < s->mark_min - SAME_CUT)
		return;
	double len = fmin(room, s->mark_length);
	double a = place == MARK_AT_START ? from : place == MARK_AT_END ? to - len : from + (room - len) / 2;
	if (l->count < l->max)
		l->out[l->count] = vertical ? (cards_mark){ at, a, at, a + len } : (cards_mark){ a, at, a + len, at };
	l->count++;
}

/* Where the cells lie along one axis: the start of each card, ascending
 * (for none, the backs' columns too). */
static int card_starts(const cards_sheet *s, bool across, double *starts, int max)
{
	int n = 0;
	int lines = across ? s->columns : s->rows;
	for (int i = 0; i < lines && n < max; i++)
		starts[n++] = across ? s->left + i * (s->card_width + s->gutter_x) :
			s->top + i * (s->card_height + s->gutter_y);
	if (across && s->duplex == CARDS_DUPLEX_NONE)
		for (int i = lines - 1; i >= 0 && n < max; i--)
			starts[n++] = s->page_width - (s->left + i * (s->card_width + s->gutter_x)) - s->card_width;
	return n;
}

#define MAX_LINES 128

/* Marks of the cuts that run along one axis: the cut lines are the card
 * edges `across` (x of vertical cuts), the stretches free of art lie
 * between the cards of the other axis. */
static void axis_marks(mark_list *l, const cards_sheet *s, bool vertical)
{
	double cuts_at[2 * MAX_LINES], free_starts[MAX_LINES];
	size_t ncuts = cards_sheet_cuts(s, vertical, cuts_at, 2 * MAX_LINES);
	int nfree = card_starts(s, !vertical, free_starts, MAX_LINES);
	double card = vertical ? s->card_height : s->card_width;
	double page = vertical ? s->page_height : s->page_width;
	double gap = s->bleed + s->mark_offset;
	for (size_t c = 0; c < ncuts && c < 2 * MAX_LINES; c++) {
		double at = cuts_at[c];
		/* The margins: from the edge band to the first card's bleed. */
		add_mark(l, s, vertical, at, s->edge, free_starts[0] - gap, MARK_AT_END);
		add_mark(l, s, vertical, at, free_starts[nfree - 1] + card + gap, page - s->edge, MARK_AT_START);
		/* The gutters, but not across the fold of duplex none. */
		for (int i = 0; i + 1 < nfree; i++) {
			double from = free_starts[i] + card + gap, to = free_starts[i + 1] - gap;
			bool fold = !vertical && s->duplex == CARDS_DUPLEX_NONE && i + 1 == s->columns;
			if (!fold)
				add_mark(l, s, vertical, at, from, to, MARK_CENTRED);
		}
	}
}

size_t cards_sheet_marks(const cards_sheet *s, cards_mark *out, size_t max)
{
	mark_list l = { out, max, 0 };
	if (s->cutter)
		return 0;
	axis_marks(&l, s, true);
	axis_marks(&l, s, false);
	return l.count;
}
