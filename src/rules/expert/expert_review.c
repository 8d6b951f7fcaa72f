/* The expert's review of a played game (expert_review.h). */
#include "expert_review.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../players.h"

/* The seeds of a turn's review: the same log reviewed again gives the
 * same advice and values. */
#define REVIEW_SEED 0x7265766965770001ull

/* A turn recorded in a log as a policy (expert_policy). */
typedef struct recorded {
	char **lines;
	size_t count;
	bool *used;      /* the lines taken in this simulation */
	player fallback;
	bool open;
	rng choices;     /* the fallback's */
} recorded;

static bool recorded_open(void *self, grid_kind grid)
{
	recorded *r = self;
	rules_error why;
	memset(r->used, 0, r->count * sizeof *r->used);
	rng_seed(&r->choices, REVIEW_SEED);
	r->open = player_open(&r->fallback, "strong", grid, -1, 0, &why) ||
		player_open(&r->fallback, "simple", grid, -1, 0, &why);
	return r->open;
}

/* The first line not yet taken that the referee takes now is the step:
 * a line refused (its unit gone after other dice, a battle that ended
 * otherwise) stays to be offered again at the next step.  When none is
 * taken (a step the simulation owes that the log did not: a retreat
 * after other dice), the fallback player takes the step. */
static bool recorded_step(void *self, game *g, game_action *a, expert_accept_fn *accept, void *ctx)
{
	recorded *r = self;
	const game_engine *e = g->impl;
	for (size_t i = 0; i < r->count; i++) {
		if (r->used[i])
			continue;
		bool empty = false;
		rules_error why;
		memset(a, 0, e->action_size);
		if (!e->parse(r->lines[i], 0, a, &empty, &why) || empty) {
			r->used[i] = true;
			continue;
		}
		/* The simulation's dice and cards decide what the log's did. */
		e->forget_seeded(g, a, true);
		if (accept(ctx, g, a)) {
			r->used[i] = true;
			return true;
		}
		game_action_finish(e, a);
	}
	return expert_offer(&r->fallback, g, &r->choices, a, accept, ctx);
}

static void recorded_close(void *self)
{
	recorded *r = self;
	if (r->open)
		player_close(&r->fallback);
	r->open = false;
}

static double mean(const expert_tally *t)
{
	return t->sims ? t->sum / t->sims : 0.5;
}

static double variance(const expert_tally *t)
{
	double m = mean(t);
	double v = t->sims ? t->squares / t->sims - m * m : 0;
	return v > 0 ? v : 0;
}

/* Advise and value the turn that began at `start`. */
static void review_turn(game *start, const expert_think *think, expert_review_turn *t)
{
	uint64_t seed = REVIEW_SEED ^ ((uint64_t)t->turn * 2 + (uint64_t)t->side) * 0x9e3779b97f4a7c15ull;
	if (!expert_advise(start, think, seed, &t->advice))
		return;
	const expert_grid *grid = expert_grid_on(start->impl->grid);
	long sims = t->advice.verdict.sims > 0 ? t->advice.verdict.sims : 1;
	expert_plan_state state;
	expert_policy mine;
	expert_plan_policy(&mine, &state, &t->advice.plan);
	recorded rec = { .lines = t->played, .count = t->played_count };
	rec.used = xmalloc((t->played_count ? t->played_count : 1) * sizeof *rec.used);
	expert_policy theirs = { recorded_open, recorded_step, recorded_close, NULL, &rec };
	expert_tally te, tp;
	expert_value(start, t->side, grid, &mine, sims, seed + 1, &te);
	expert_value(start, t->side, grid, &theirs, sims, seed + 1, &tp);
	free(rec.used);
	expert_plan_state_finish(&state);
	t->sims = sims;
	t->expert_value = mean(&te);
	t->played_value = mean(&tp);
	t->expert_wins = te.wins;
	t->played_wins = tp.wins;
	t->error = sqrt(variance(&te) / sims + variance(&tp) / sims);
	double gap = t->expert_value - t->played_value;
	t->marked = gap >= EXPERT_REVIEW_GAP && gap > EXPERT_REVIEW_ERRORS * t->error;
}

/* A turn under review: the game at its start and its lines. */
typedef struct pending {
	game *start;
	expert_review_turn t;
	size_t capacity;
} pending;

static void pending_close(pending *p, const expert_think *think, expert_review_fn *each, void *ctx, bool review)
{
	if (!p->start)
		return;
	if (review) {
		review_turn(p->start, think, &p->t);
		each(ctx, p->start, &p->t);
	}
	expert_advice_finish(&p->t.advice);
	for (size_t i = 0; i < p->t.played_count; i++)
		free(p->t.played[i]);
	free(p->t.played);
	game_destroy(p->start);
	memset(p, 0, sizeof *p);
}

bool expert_review_log(game *g, const game_log *log, int side, const expert_think *think, expert_review_fn *each,
	void *ctx, rules_error *err, int *line)
{
	const game_engine *e = log->engine;
	pending p;
	memset(&p, 0, sizeof p);
	/* The first action after the head begins a turn too (a grid may not
	 * count the first turn as "between turns"). */
	bool first = true;
	for (size_t i = 0; i < log->count; i++) {
		const game_action *a = game_log_at(log, i);
		if (!e->is_head(a) && (first || game_at_turn_start(g)) && !game_over(g)) {
			first = false;
			pending_close(&p, think, each, ctx, true);
			int s = game_to_play(g);
			if (s >= 0 && (side == GAME_NO_SIDE || s == side)) {
				p.start = game_clone(g);
				p.t.side = s;
				p.t.line = e->line(a);
			}
		}
		if (p.start) {
			if (p.t.played_count == p.capacity) {
				p.capacity = p.capacity ? 2 * p.capacity : 16;
				p.t.played = xrealloc(p.t.played, p.capacity * sizeof *p.t.played);
			}
			p.t.played[p.t.played_count++] = e->format(a);
		}
		rules_error_clear(err);
		if (!game_apply(g, a, err)) {
			*line = err->line > 0 ? err->line : e->line(a);
			pending_close(&p, think, each, ctx, false);
			return false;
		}
		if (p.start && p.t.played_count == 1)
			p.t.turn = game_turn(g);
	}
	pending_close(&p, think, each, ctx, true);
	return true;
}
