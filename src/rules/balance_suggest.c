/* The balance lab's suggestions (balance_suggest.h). */
#include "balance_suggest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../model/scenario_edit.h"
#include "../validate/validate.h"

const char *balance_change_name(balance_change_kind kind)
{
	switch (kind) {
	case BALANCE_CHANGE_VICTORY: return "victory";
	case BALANCE_CHANGE_CARDS: return "cards";
	case BALANCE_CHANGE_FIRST: return "first";
	default: return "?";
	}
}

bool balance_change_applies(balance_change_kind kind, grid_kind grid)
{
	/* The square game (rules-digest §11) deals no cards and is won by the
	 * enemy's capital or by cities at a turn limit, never by a target of
	 * flags: only who plays first is a number of its scenarios. */
	return grid != GRID_SQUARE || kind == BALANCE_CHANGE_FIRST;
}

int balance_change_distance(const balance_change *c)
{
	return c->kind == BALANCE_CHANGE_FIRST ? 1 : abs(c->to - c->from);
}

/* The scenario's side that the match calls `side`; NULL when none. */
static const sc_side *side_of(const scenario *sc, const match *m, int side)
{
	const char *id = match_side_id(m, side);
	for (size_t i = 0; i < sc->side_count && id; i++)
		if (sc->sides[i].id.text && strcmp(sc->sides[i].id.text, id) == 0)
			return &sc->sides[i];
	return NULL;
}

/* Add the change of `value` by `delta` when the result is a value a
 * scenario may hold (1 or more). */
static void add_step(balance_change *out, size_t *n, balance_change_kind kind, int side, const sc_number *value,
	int delta)
{
	if (!value->given || !value->valid || value->value + delta < 1)
		return;
	out[(*n)++] = (balance_change){ kind, side, (int)value->value, (int)value->value + delta };
}

size_t balance_suggest_changes(const scenario *sc, const match *m, balance_change out[BALANCE_MAX_CHANGES])
{
	grid_kind grid = match_grid(m);
	size_t n = 0;
	int first = -1;
	for (int s = 0; s < MATCH_SIDES; s++) {
		const sc_side *side = side_of(sc, m, s);
		if (!side)
			continue;
		if (side->first)
			first = s;
		if (balance_change_applies(BALANCE_CHANGE_VICTORY, grid))
			for (int step = 1; step <= BALANCE_VICTORY_STEPS; step++) {
				add_step(out, &n, BALANCE_CHANGE_VICTORY, s, &side->victory, -step);
				add_step(out, &n, BALANCE_CHANGE_VICTORY, s, &side->victory, step);
			}
		if (balance_change_applies(BALANCE_CHANGE_CARDS, grid))
			for (int step = 1; step <= BALANCE_CARDS_STEPS; step++) {
				add_step(out, &n, BALANCE_CHANGE_CARDS, s, &side->cards, -step);
				add_step(out, &n, BALANCE_CHANGE_CARDS, s, &side->cards, step);
			}
	}
	if (first >= 0 && balance_change_applies(BALANCE_CHANGE_FIRST, grid))
		out[n++] = (balance_change){ BALANCE_CHANGE_FIRST, 1 - first, 0, 1 };
	return n;
}

/* ---- a change made on the document, and undone ---- */

/* The edits of a change: one attribute set, or for the first side the
 * flag taken from one side and given to the other. */
typedef struct change_edits {
	scedit_op ops[2];
	size_t count;
	char value[24];
} change_edits;

static void edits_of(const balance_change *c, const match *m, change_edits *e)
{
	memset(e, 0, sizeof *e);
	scedit_op set = { .kind = SCEDIT_SET, .piece = SCEDIT_SIDE };
	if (c->kind == BALANCE_CHANGE_FIRST) {
		set.key = (char *)match_side_id(m, 1 - c->side);
		set.attribute = "first";
		set.value = NULL;
		e->ops[e->count++] = set;
		set.key = (char *)match_side_id(m, c->side);
		set.value = "true";
		e->ops[e->count++] = set;
		return;
	}
	snprintf(e->value, sizeof e->value, "%d", c->to);
	set.key = (char *)match_side_id(m, c->side);
	set.attribute = c->kind == BALANCE_CHANGE_VICTORY ? "victory" : "cards";
	set.value = e->value;
	e->ops[e->count++] = set;
}

/* The document with the change made: true, with the inverses to undo it
 * in *undo (*undone how many); false with the editor's reason. */
static bool make_change(scenario_doc *d, const balance_change *c, const match *m, scedit_op undo[2], size_t *made,
	char **error)
{
	change_edits e;
	edits_of(c, m, &e);
	*made = 0;
	for (size_t i = 0; i < e.count; i++) {
		scedit_refusal why;
		if (!scenario_doc_apply(d, &e.ops[i], &undo[i], &why)) {
			*error = xasprintf("%s [%s]", why.message, why.reason);
			return false;
		}
		(*made)++;
	}
	return true;
}

static void undo_change(scenario_doc *d, scedit_op undo[2], size_t made)
{
	while (made > 0) {
		made--;
		scedit_refusal why;
		/* The exact inverse of an edit just made: never refused. */
		scenario_doc_apply(d, &undo[made], NULL, &why);
		scedit_op_finish(&undo[made]);
	}
}

static scenario_doc *open_document(const balance_lab *lab, char **error)
{
	diag_sink sink;
	diag_sink_init(&sink);
	scenario_doc *d = scenario_doc_open(lab->scenario_file, lab->data_dir, &sink);
	if (!d) {
		char line[512] = "the scenario could not be read";
		if (sink.count > 0)
			diag_format_one(&sink.items[0], line, sizeof line);
		*error = xasprintf("%s: %s", lab->scenario_file, line);
	}
	diag_sink_finish(&sink);
	return d;
}

/* The compiler's first error on the changed scenario, NULL when valid. */
static char *refusal(const scenario *sc, const ruleset *rs)
{
	diag_sink sink;
	diag_sink_init(&sink);
	validate_scenario(sc, rs, &sink);
	char *why = NULL;
	for (size_t i = 0; i < sink.count && !why; i++)
		if (sink.items[i].severity == DIAG_ERROR)
			why = xasprintf("%s [%s]", sink.items[i].message, sink.items[i].rule);
	diag_sink_finish(&sink);
	return why;
}

bool balance_suggest_prepare(const balance_lab *lab, balance_suggestions *out, char **error)
{
	memset(out, 0, sizeof *out);
	*error = NULL;
	match *m = lab->base->m;
	out->grid = match_grid(m);
	out->games = lab->base->games;
	scenario_doc *d = open_document(lab, error);
	if (!d)
		return false;
	balance_change changes[BALANCE_MAX_CHANGES];
	size_t n = balance_suggest_changes(scenario_doc_model(d), m, changes);
	out->items = xcalloc(n ? n : 1, sizeof *out->items);
	out->untried = xcalloc(n ? n : 1, sizeof *out->untried);
	for (size_t i = 0; i < n; i++) {
		scedit_op undo[2];
		size_t made = 0;
		char *why = NULL;
		if (make_change(d, &changes[i], m, undo, &made, &why))
			why = refusal(scenario_doc_model(d), lab->rs);
		undo_change(d, undo, made);
		if (why) {
			out->untried[out->untried_count++] = (balance_untried){ changes[i], why };
			continue;
		}
		balance_suggestion *s = &out->items[out->count++];
		s->change = changes[i];
		s->order = i;
	}
	scenario_doc_destroy(d);
	return true;
}

/* Play one change: the base run's plan on the changed scenario. */
static bool play_change(const balance_lab *lab, scenario_doc *d, balance_suggestion *s, char **error)
{
	const balance_plan *base = lab->base;
	scedit_op undo[2];
	size_t made = 0;
	if (!make_change(d, &s->change, base->m, undo, &made, error)) {
		undo_change(d, undo, made);
		return false;
	}
	rules_error why;
	rules_error_clear(&why);
	match *m = match_open(scenario_doc_model(d), lab->rs, &why);
	bool ok = m != NULL;
	if (!m)
		*error = xasprintf("the changed scenario cannot be played: %s", why.message);
	else {
		/* The base's players, seed, games and limit: game i has game i's
		 * seed in every change. */
		s->plan = (balance_plan){ .m = m, .names = { base->names[0], base->names[1] }, .differ = base->differ,
			.seed = base->seed, .max_turns = base->max_turns, .games = base->games, .progress = lab->progress,
			.progress_ctx = lab->progress_ctx };
		ok = balance_play(&s->plan, lab->workers, lab->who, lab->errors);
		s->plan.m = NULL;
		match_close(m);
		const balance_stats *st = &s->plan.stats;
		if (ok)
			s->share = balance_wilson(st->wins[0].count, st->wins[0].count + st->wins[1].count);
	}
	undo_change(d, undo, made);
	return ok;
}

bool balance_suggest_play(const balance_lab *lab, balance_suggestions *s, char **error)
{
	*error = NULL;
	scenario_doc *d = open_document(lab, error);
	if (!d)
		return false;
	bool ok = true;
	for (size_t i = 0; i < s->count && ok; i++)
		ok = play_change(lab, d, &s->items[i], error);
	scenario_doc_destroy(d);
	if (ok)
		balance_suggest_order(s->items, s->count);
	return ok;
}

/* ---- the order ---- */

static int verdict_rank(balance_verdict_kind kind)
{
	return kind == BALANCE_BALANCED ? 0 : kind == BALANCE_INCONCLUSIVE ? 1 : 2;
}

static int compare_double(double a, double b)
{
	return (a > b) - (a < b);
}

static int suggestion_order(const void *pa, const void *pb)
{
	const balance_suggestion *a = pa, *b = pb;
	int ra = verdict_rank(a->plan.stats.verdict.kind), rb = verdict_rank(b->plan.stats.verdict.kind);
	if (ra != rb)
		return ra - rb;
	int near = balance_change_distance(&a->change) - balance_change_distance(&b->change);
	/* Shares compared to a thousandth: closer than that is as even. */
	int even = compare_double(round(fabs(a->share.rate - 0.5) * 1000), round(fabs(b->share.rate - 0.5) * 1000));
	int first = ra == 2 ? even : near, second = ra == 2 ? near : even;
	if (first)
		return first;
	if (second)
		return second;
	return (a->order > b->order) - (a->order < b->order);
}

void balance_suggest_order(balance_suggestion *items, size_t n)
{
	if (n > 1)
		qsort(items, n, sizeof *items, suggestion_order);
}

void balance_suggestions_finish(balance_suggestions *s)
{
	for (size_t i = 0; i < s->count; i++)
		balance_plan_finish(&s->items[i].plan);
	for (size_t i = 0; i < s->untried_count; i++)
		free(s->untried[i].reason);
	free(s->items);
	free(s->untried);
	memset(s, 0, sizeof *s);
}
