/* The one-page balance report (balancereport.h).  Drawn in millimetres
 * from the page's top-left corner; every text at 8 pt or more. */
#include "balancereport.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "paint.h"

#define MARGIN 15.0
#define PT(x) ((x) / PT_PER_MM)
/* The colour of the games without a winner. */
static const rgb NO_WINNER = { 0.80, 0.80, 0.80 };
/* The colour of a warning: too many games without a winner, or a balance
 * that depends on skill. */
static const rgb WARNING = { 0.62, 0.10, 0.05 };

void balance_chart_percent(const string_table *strings, lang_id lang, double share, char *buf, size_t size)
{
	char n[32];
	snprintf(n, sizeof n, "%.1f", share * 100.0);
	char *dot = strchr(n, '.');
	const char *decimal = strings_get(strings, "balance-decimal", lang);
	if (dot && decimal[0] && !decimal[1])
		*dot = decimal[0];
	const char *pairs[] = { "n", n, NULL };
	char *text = strings_expand(strings_get(strings, "balance-percent", lang), pairs);
	snprintf(buf, size, "%s", text);
	free(text);
}

static text_style style(const char *family, double pt, bool bold)
{
	text_style st = { family, PT(pt), bold, false, ALIGN_LEFT, PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	return st;
}

/* A chart's heading; returns the y under it. */
static double heading(const render_ctx *rc, cairo_t *cr, const char *id, double x, double y, double width)
{
	text_style st = style(FONT_TEXT, 11, true);
	return y + text_draw(rc, cr, render_string(rc, id), &st, x, y, width) + 2.0;
}

/* A chart's two axes: up the left side from (x0, y1) to y0, along the
 * bottom to x1. */
static void axes(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	paint_set(cr, PAINT_INK);
	cairo_set_line_width(cr, 0.25);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x0, y1);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
}

/* The results: one row per bar, its share of all games from 0 to 100 %
 * with the interval's whisker and the figures at the right.  Returns the
 * y under it. */
static double draw_results(const render_ctx *rc, cairo_t *cr, const balance_chart *c, double x, double y,
	double width)
{
	y = heading(rc, cr, "balance-chart-results", x, y, width);
	const double label_w = 42.0, figures_w = 48.0, row_h = 9.0, bar_h = 5.5;
	double x0 = x + label_w, x1 = x + width - figures_w, span = x1 - x0;
	text_style label = style(FONT_TEXT, 9, false);
	text_style small = style(FONT_TEXT, 8, false);
	double top = y;
	for (size_t i = 0; i < c->bar_count; i++) {
		const balance_chart_bar *b = &c->bars[i];
		double cy = y + row_h / 2;
		double lh = 0;
		text_measure(rc, cr, b->label, &label, label_w - 2, NULL, &lh);
		text_draw(rc, cr, b->label, &label, x, cy - lh / 2, label_w - 2);
		paint_set(cr, i < 2 && c->bar_count == 3 ? paint_side(i) : NO_WINNER);
		cairo_rectangle(cr, x0, cy - bar_h / 2, span * b->rate, bar_h);
		cairo_fill(cr);
		if (b->high > b->low) {
			/* The whisker of the interval, with its ends. */
			paint_set(cr, PAINT_INK);
			cairo_set_line_width(cr, 0.35);
			cairo_move_to(cr, x0 + span * b->low, cy);
			cairo_line_to(cr, x0 + span * b->high, cy);
			for (int e = 0; e < 2; e++) {
				double ex = x0 + span * (e ? b->high : b->low);
				cairo_move_to(cr, ex, cy - bar_h * 0.4);
				cairo_line_to(cr, ex, cy + bar_h * 0.4);
			}
			cairo_stroke(cr);
		}
		char rate[32], low[32], high[32];
		balance_chart_percent(rc->strings, rc->lang, b->rate, rate, sizeof rate);
		balance_chart_percent(rc->strings, rc->lang, b->low, low, sizeof low);
		balance_chart_percent(rc->strings, rc->lang, b->high, high, sizeof high);
		char *figures = b->high > b->low ? xasprintf("%ld · %s (%s–%s)", b->count, rate, low, high) :
			xasprintf("%ld · %s", b->count, rate);
		text_measure(rc, cr, figures, &small, figures_w - 2, NULL, &lh);
		text_draw(rc, cr, figures, &small, x1 + 2, cy - lh / 2, figures_w - 2);
		free(figures);
		y += row_h;
	}
	/* The scale: 0, 25, 50, 75, 100 %, the even split dashed. */
	axes(cr, x0, top, x1, y);
	text_style tick = style(FONT_TEXT, 8, false);
	tick.align = ALIGN_CENTER;
	for (int q = 0; q <= 4; q++) {
		double tx = x0 + span * q / 4.0;
		cairo_move_to(cr, tx, y);
		cairo_line_to(cr, tx, y + 1.2);
		cairo_stroke(cr);
		char pc[32];
		balance_chart_percent(rc->strings, rc->lang, q / 4.0, pc, sizeof pc);
		/* Whole numbers on the scale: cut the decimals. */
		char *sep = strpbrk(pc, ".,");
		if (sep) {
			size_t digits = strspn(sep + 1, "0123456789");
			memmove(sep, sep + 1 + digits, strlen(sep + 1 + digits) + 1);
		}
		text_draw(rc, cr, pc, &tick, tx - 10, y + 1.6, 20);
	}
	double dash[] = { 1.0, 1.0 };
	cairo_set_dash(cr, dash, 2, 0);
	cairo_move_to(cr, x0 + span / 2, top);
	cairo_line_to(cr, x0 + span / 2, y);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	return y + 8.0;
}

/* The histogram of the games' length.  Returns the y under it. */
static double draw_lengths(const render_ctx *rc, cairo_t *cr, const balance_chart *c, double x, double y,
	double width, double height)
{
	y = heading(rc, cr, "balance-chart-length", x, y, width);
	const double axis_w = 12.0;
	long most = 1;
	for (int b = 0; b < c->bins; b++)
		if (c->bin_count[b] > most)
			most = c->bin_count[b];
	double x0 = x + axis_w, x1 = x + width, base = y + height;
	double step = c->bins > 0 ? (x1 - x0) / c->bins : 0;
	text_style small = style(FONT_TEXT, 8, false);
	small.align = ALIGN_CENTER;
	for (int b = 0; b < c->bins; b++) {
		double h = (height - 6.0) * (double)c->bin_count[b] / (double)most;
		double bx = x0 + b * step + step * 0.1, bw = step * 0.8;
		paint_set(cr, paint_side(0));
		cairo_rectangle(cr, bx, base - h, bw, h);
		cairo_fill(cr);
		char count[24];
		snprintf(count, sizeof count, "%ld", c->bin_count[b]);
		text_draw(rc, cr, count, &small, bx - 2, base - h - 4.2, bw + 4);
		char *range = c->bin_low[b] == c->bin_high[b] ? xasprintf("%d", c->bin_low[b]) :
			xasprintf("%d–%d", c->bin_low[b], c->bin_high[b]);
		text_draw(rc, cr, range, &small, x0 + b * step, base + 1.6, step);
		free(range);
	}
	axes(cr, x0, y, x1, base);
	text_style axis = style(FONT_TEXT, 8, false);
	axis.align = ALIGN_RIGHT;
	char top[24];
	snprintf(top, sizeof top, "%ld", most);
	text_draw(rc, cr, top, &axis, x, base - (height - 6.0) - 1.5, axis_w - 1.5);
	text_draw(rc, cr, "0", &axis, x, base - 3.0, axis_w - 1.5);
	return base + 8.0;
}

/* A text drawn, or only measured; its height. */
static double put(const render_ctx *rc, cairo_t *cr, const char *text, const text_style *st, double x, double y,
	double width, bool draw)
{
	if (draw)
		return text_draw(rc, cr, text, st, x, y, width);
	double h = 0;
	text_measure(rc, cr, text, st, width, NULL, &h);
	return h;
}

/* The note under the suggestions' table: how many of the changes it
 * shows when it could not show them all, then the caller's note. */
static char *table_note(const render_ctx *rc, const balance_chart_table *t, size_t shown)
{
	char *more = NULL;
	if (shown < t->total) {
		char a[24], b[24];
		snprintf(a, sizeof a, "%zu", shown);
		snprintf(b, sizeof b, "%zu", t->total);
		const char *pairs[] = { "shown", a, "all", b, NULL };
		more = strings_expand(render_string(rc, shown ? "balance-suggest-more" : "balance-suggest-no-room"), pairs);
	}
	if (!more || !t->note)
		return more ? more : t->note ? xstrdup(t->note) : NULL;
	char *both = xasprintf("%s %s", more, t->note);
	free(more);
	return both;
}

/* The suggestions' short table: the change in the widest column, then
 * the share, its interval and the verdict, as many rows as fit above
 * `bottom`; the note under it.  Drawn, or only measured (draw false).
 * Returns the y under it. */
static double draw_suggestions(const render_ctx *rc, cairo_t *cr, const balance_chart_table *t, double x, double y,
	double width, double bottom, bool draw)
{
	text_style h = style(FONT_TEXT, 11, true);
	y += put(rc, cr, t->heading, &h, x, y, width, draw) + 1.5;
	static const double SHARE[BALANCE_CHART_COLUMNS] = { 0.46, 0.15, 0.21, 0.18 };
	text_style head = style(FONT_TEXT, 8, true), cell = style(FONT_TEXT, 8, false);
	/* Room kept for the note as long as it would be with a row left out. */
	double note_h = 0;
	char *longest = table_note(rc, t, 0);
	if (longest)
		text_measure(rc, cr, longest, &cell, width, NULL, &note_h);
	free(longest);
	size_t shown = 0;
	for (size_t r = 0; r <= t->rows; r++) {
		double cx = x, row_h = 0;
		const char *const *texts = r == 0 ? (const char *const *)t->head : (const char *const *)t->cells[r - 1];
		for (int c = 0; c < BALANCE_CHART_COLUMNS; c++) {
			double th = 0;
			text_measure(rc, cr, texts[c] ? texts[c] : "", r == 0 ? &head : &cell, width * SHARE[c] - 2.0, NULL, &th);
			row_h = th > row_h ? th : row_h;
		}
		/* A row that would run into the note or the footer is left out
		 * (the histogram gives up its room first: only a very full page
		 * comes to this). */
		if (r > 0 && y + row_h + 0.8 + 1.0 + note_h > bottom)
			break;
		for (int c = 0; c < BALANCE_CHART_COLUMNS && draw; c++) {
			text_draw(rc, cr, texts[c] ? texts[c] : "", r == 0 ? &head : &cell, cx, y, width * SHARE[c] - 2.0);
			cx += width * SHARE[c];
		}
		y += row_h + 0.8;
		if (r == 0 && draw) {
			/* A rule under the columns' titles. */
			paint_set(cr, PAINT_INK);
			cairo_set_line_width(cr, 0.25);
			cairo_move_to(cr, x, y - 0.4);
			cairo_line_to(cr, x + width, y - 0.4);
			cairo_stroke(cr);
		}
		y += r == 0 ? 0.6 : 0;
		shown = r;
	}
	char *note = table_note(rc, t, shown);
	if (note)
		y += put(rc, cr, note, &cell, x, y + 1.0, width, draw) + 1.0;
	free(note);
	return y + 3.0;
}

/* A paragraph of the verdict's box; a label sits close over the text
 * after it. */
typedef struct verdict_paragraph {
	const char *text;
	text_style style;
	bool label;
} verdict_paragraph;

/* The verdict box's paragraphs, in order: the verdict with the player
 * measured, the warning, the other player's verdict, the word on skill
 * (those the chart has).  Returns how many. */
static size_t verdict_paragraphs(const balance_chart *c, verdict_paragraph out[6])
{
	text_style warning = style(FONT_TEXT, 10.5, true);
	warning.r = WARNING.r, warning.g = WARNING.g, warning.b = WARNING.b;
	const verdict_paragraph all[6] = {
		{ c->verdict_label, style(FONT_TEXT, 11, true), true },
		{ c->verdict, style(FONT_TEXT, 10.5, false), false },
		{ c->warning, warning, false },
		{ c->other ? c->other_label : NULL, style(FONT_TEXT, 9.5, true), true },
		{ c->other, style(FONT_TEXT, 9.5, false), false },
		{ c->skill, warning, false },
	};
	size_t n = 0;
	for (size_t i = 0; i < 6; i++)
		if (all[i].text)
			out[n++] = all[i];
	return n;
}

/* The verdict first, in a shaded box: what the designer came for.
 * Returns the y under the box. */
static double draw_verdict(const render_ctx *rc, cairo_t *cr, const balance_chart *c, double x, double y,
	double width)
{
	verdict_paragraph p[6];
	size_t n = verdict_paragraphs(c, p);
	const double pad = 4.0;
	double heights[6], before[6], total = 2 * pad;
	for (size_t i = 0; i < n; i++) {
		text_measure(rc, cr, p[i].text, &p[i].style, width - 2 * pad, NULL, &heights[i]);
		before[i] = i == 0 ? 0 : p[i - 1].label ? 0.8 : 2.5;
		total += before[i] + heights[i];
	}
	cairo_set_source_rgb(cr, 0.94, 0.94, 0.90);
	cairo_rectangle(cr, x, y, width, total);
	cairo_fill(cr);
	double ty = y + pad;
	for (size_t i = 0; i < n; i++) {
		ty += before[i];
		text_draw(rc, cr, p[i].text, &p[i].style, x + pad, ty, width - 2 * pad);
		ty += heights[i];
	}
	return y + total;
}

bool balance_report_write(const render_ctx *rc, const balance_chart *c, const char *path, char **error)
{
	*error = NULL;
	const paper_size *paper = rc->paper;
	pdf_meta meta = { c->title, render_string(rc, "balance-chart-results"), "orbat, balance", lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin(path, paper->width, paper->height, &meta, error);
	if (!doc)
		return false;
	cairo_t *cr = pdfdoc_cairo(doc);
	cairo_save(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	int unknown_before = fonts_unknown_glyphs(rc->fonts);
	double x = MARGIN, width = paper->width - 2 * MARGIN, y = MARGIN;

	text_style title = style(FONT_TITLE, 20, true);
	y += text_draw(rc, cr, c->title, &title, x, y, width) + 1.5;
	text_style body = style(FONT_TEXT, 9.5, false);
	y += text_draw(rc, cr, c->run, &body, x, y, width) + 5.0;

	y = draw_verdict(rc, cr, c, x, y, width) + 7.0;

	y = draw_results(rc, cr, c, x, y, width);

	text_style foot = style(FONT_TEXT, 8, false);
	const char *pairs[] = { "command", c->command, NULL };
	char *made = strings_expand(render_string(rc, "balance-made-by"), pairs);
	double fh = 0;
	text_measure(rc, cr, made, &foot, width, NULL, &fh);
	double bottom = paper->height - MARGIN - fh - 3.0;
	/* The histogram as high as the page leaves it once the figures and
	 * the suggestions' table have their room (at most its usual 55 mm,
	 * at least 12). */
	double height = 55.0;
	if (c->suggest.heading) {
		double below = draw_suggestions(rc, cr, &c->suggest, x, 0, width, HUGE_VAL, false) + 3.0, hh = 0;
		for (size_t i = 0; i < c->fact_count; i++)
			below += put(rc, cr, c->facts[i], &body, x, 0, width, false) + 1.8;
		text_style hs = style(FONT_TEXT, 11, true);
		text_measure(rc, cr, render_string(rc, "balance-chart-length"), &hs, width, NULL, &hh);
		height = fmax(12.0, fmin(55.0, bottom - y - below - hh - 2.0 - 8.0));
	}
	y = draw_lengths(rc, cr, c, x, y, width, height);

	for (size_t i = 0; i < c->fact_count; i++)
		y += text_draw(rc, cr, c->facts[i], &body, x, y, width) + 1.8;
	if (c->suggest.heading)
		draw_suggestions(rc, cr, &c->suggest, x, y + 3.0, width, bottom, true);

	text_draw(rc, cr, made, &foot, x, paper->height - MARGIN - fh, width);
	free(made);
	cairo_restore(cr);

	bool ok = fonts_unknown_glyphs(rc->fonts) == unknown_before;
	if (!ok)
		*error = xasprintf("%s: the text \"%s\" needs a character the bundled fonts lack; nothing was written", path,
			fonts_first_bad_text(rc->fonts));
	char *end_error = NULL;
	if (!pdfdoc_end(doc, ok, &end_error) && ok) {
		*error = end_error;
		return false;
	}
	free(end_error);
	return ok;
}
