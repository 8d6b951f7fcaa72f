/* The expert's search over plans (expert_search.h). */
#include "expert_search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../base/util.h"


/* A simulation stops at the start of a turn, after as many turns as the
 * budget asks (expert_think_turns; two for expert_value), or after this
 * many actions a turn (a guard: turns are far shorter). */
#define ROLLOUT_ACTIONS_A_TURN 200
#define VALUE_TURNS 2
/* In the end game (a side one flag from its target) it plays on for this
 * many turns more, by the strong player on both sides: what counts then
 * is who takes the last flag, which a value at the cut guesses badly. */
#define ENDGAME_TURNS 6
#define ENDGAME_ACTIONS 1600
/* UCB1's exploration weight for values in 0..1.  A turn's plans come
 * within a few hundredths of each other, and one simulation's value lies
 * within about 0.06 of its plan's mean: a small weight spends the
 * simulations on the plans that may be best. */
#define UCB_WEIGHT 0.25

double expert_evaluate(game *g, int side, const expert_grid *grid)
{
	game_result r;
	g->impl->result(g, &r);
	if (r.winner == side)
		return 1.0;
	if (r.winner != GAME_NO_SIDE)
		return 0.0;
	double need[GAME_SIDE_COUNT];
	for (int s = 0; s < GAME_SIDE_COUNT; s++) {
		/* A unit worn down to its last figure is a flag all but won:
		 * the position after two turns counts it as half of one. */
		double near = grid->near_flags ? grid->near_flags(g, s) : 0;
		double flags = r.score[s] + near;
		need[s] = r.target[s] > 0 ? (flags < r.target[s] ? flags : r.target[s]) / r.target[s] : 0.0;
	}
	/* Flags lead (the game is won by them), the strength left follows:
	 * together they keep the value within 0..1. */
	double v = 0.5 + 0.3 * (need[side] - need[1 - side]);
	if (grid->material)
		v += 0.4 * (grid->material(g, side) - 0.5);
	return v < 0 ? 0 : v > 1 ? 1 : v;
}

bool expert_endgame(game *g)
{
	game_result r;
	g->impl->result(g, &r);
	for (int s = 0; s < GAME_SIDE_COUNT; s++)
		if (r.target[s] > 0 && r.target[s] - r.score[s] == 1)
			return true;
	return false;
}

/* A simulation acts each step on its copy with its own dice. */
static bool act_accept(void *ctx, game *g, game_action *a)
{
	rules_error err;
	return game_act(g, ctx, a, &err);
}

/* A candidate plan as a policy: its play opened afresh each simulation,
 * its first steps played again from the lines the first one wrote. */
typedef expert_plan_state plan_policy;

static bool plan_open(void *self, grid_kind grid)
{
	plan_policy *pp = self;
	pp->pos = 0;
	pp->recording = !pp->recorded;
	pp->live = pp->recording || pp->prefix_len == 0;
	return expert_play_open(&pp->play, pp->plan, grid);
}

static void prefix_done(plan_policy *pp)
{
	pp->recording = false;
	pp->recorded = true;
}

/* The accept of a simulation that writes the prefix: each step taken
 * before the first that the seed decides part of is kept. */
typedef struct recorder {
	plan_policy *pp;
	expert_accept_fn *accept;
	void *ctx;
} recorder;

static bool record_accept(void *self, game *g, game_action *a)
{
	recorder *rec = self;
	plan_policy *pp = rec->pp;
	const game_engine *e = g->impl;
	if (pp->recording && (e->rolls(g, a) || e->seeded(g, a)))
		prefix_done(pp);
	char *line = pp->recording ? e->format(a) : NULL;
	if (!rec->accept(rec->ctx, g, a)) {
		free(line);
		return false;
	}
	if (line) {
		if (pp->prefix_len == pp->prefix_cap) {
			pp->prefix_cap = pp->prefix_cap ? 2 * pp->prefix_cap : 16;
			pp->prefix = xrealloc(pp->prefix, pp->prefix_cap * sizeof *pp->prefix);
		}
		pp->prefix[pp->prefix_len++] = line;
	}
	return true;
}

static bool plan_step(void *self, game *g, game_action *a, expert_accept_fn *accept, void *ctx)
{
	plan_policy *pp = self;
	if (!pp->live) {
		if (pp->pos < pp->prefix_len && expert_offer_line(g, pp->prefix[pp->pos], a, accept, ctx)) {
			pp->pos++;
			return true;
		}
		/* The player takes the turn up where the prefix left it; its
		 * opening was the prefix's first line. */
		pp->live = true;
		pp->play.opening[0] = '\0';
	}
	if (!pp->recording)
		return expert_play_step(&pp->play, g, a, accept, ctx);
	recorder rec = { pp, accept, ctx };
	return expert_play_step(&pp->play, g, a, record_accept, &rec);
}

static void plan_aside(void *self)
{
	plan_policy *pp = self;
	if (pp->recording)
		prefix_done(pp);
}

static void plan_close(void *self)
{
	plan_policy *pp = self;
	if (pp->recording)
		prefix_done(pp);
	expert_play_close(&pp->play);
}

/* One simulation: the value reached, and *won when the game ended won. */
static double rollout(game *real, int me, const expert_grid *grid, const expert_policy *policy, int turns,
	uint64_t seed, bool *won)
{
	bool endgame = expert_endgame(real);
	int cut = endgame ? 2 + ENDGAME_TURNS : turns;
	int most = endgame ? ENDGAME_ACTIONS : ROLLOUT_ACTIONS_A_TURN * turns;
	/* Nobody reads the referee's sentences in a simulation: the notes of
	 * each battle and the reasons of each die are not written. */
	rules_quiet_begin();
	game *g = game_clone(real);
	rng r, dice;
	rng_seed(&r, seed);
	grid->determinize(g, me, &r);
	rng_seed(&dice, rng_next(&r));
	player reply, mine;
	rules_error why;
	bool seated = policy->open(policy->self, grid->grid);
	bool replied = expert_seat(&reply, "strong", grid->grid);
	bool goes_on = endgame && expert_seat(&mine, "strong", grid->grid);
	const game_engine *e = g->impl;
	game_action *a = game_action_new(e);
	/* The turns ended since the simulation began: 0 while the plan
	 * plays its turn, 1 during the reply, and so on to the cut. */
	int ended = 0;
	for (int n = 0; seated && replied && n < most && ended < cut && !game_over(g); n++) {
		bool ok;
		bool mine_now = ended == 0 && game_to_play(g) == me;
		if (ended == 0 && !mine_now && policy->aside)
			policy->aside(policy->self);
		if (mine_now)
			ok = policy->step(policy->self, g, a, act_accept, &dice);
		else if (goes_on && game_to_play(g) == me)
			ok = player_next(&mine, g, &r, a) && game_act(g, &dice, a, &why);
		else
			ok = player_next(&reply, g, &r, a) && game_act(g, &dice, a, &why);
		game_action_finish(e, a);
		memset(a, 0, e->action_size);
		if (!ok)
			break;
		ended += game_at_turn_start(g);
	}
	double v = expert_evaluate(g, me, grid);
	game_result res;
	e->result(g, &res);
	*won = res.winner == me;
	game_action_free(e, a);
	if (replied)
		player_close(&reply);
	if (goes_on)
		player_close(&mine);
	if (seated)
		policy->close(policy->self);
	/* The odds the simulation reckoned serve the next ones. */
	game_keep_learned(real, g);
	game_destroy(g);
	rules_quiet_end();
	return v;
}

void expert_value(game *g, int me, const expert_grid *grid, const expert_policy *policy, long sims, uint64_t seed,
	expert_tally *out)
{
	memset(out, 0, sizeof *out);
	rng seeds;
	rng_seed(&seeds, seed);
	for (long k = 0; k < sims; k++) {
		bool won;
		double v = rollout(g, me, grid, policy, VALUE_TURNS, rng_next(&seeds), &won);
		out->sum += v;
		out->squares += v * v;
		out->wins += won;
		out->sims++;
	}
}

void expert_plan_policy(expert_policy *policy, expert_plan_state *state, const expert_plan *plan)
{
	plan_policy *pp = state;
	memset(pp, 0, sizeof *pp);
	pp->plan = plan;
	*policy = (expert_policy){ plan_open, plan_step, plan_close, plan_aside, pp };
}

void expert_plan_state_finish(expert_plan_state *state)
{
	for (size_t i = 0; i < state->prefix_len; i++)
		free(state->prefix[i]);
	free(state->prefix);
	state->prefix = NULL;
	state->prefix_len = state->prefix_cap = 0;
}

static double now_ms(void)
{
	struct timespec ts;
	timespec_get(&ts, TIME_UTC);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* The plan to simulate next: each once, then by UCB1. */
static int pick(const double *sum, const long *visits, long total, int count)
{
	int best = 0;
	double best_score = -1;
	for (int i = 0; i < count; i++) {
		if (visits[i] == 0)
			return i;
		double score = sum[i] / visits[i] + UCB_WEIGHT * sqrt(log((double)total) / visits[i]);
		if (score > best_score) {
			best_score = score;
			best = i;
		}
	}
	return best;
}

/* The plan to play: the strong player's own turn (plan 0), known good,
 * unless another's mean beats it by more than one standard error of the
 * difference: a few noisy simulations must not talk the player out of a
 * sound turn. */
static int choose(const double *sum, const double *squares, const long *visits, int count)
{
	if (visits[0] == 0)
		return 0;
	double mean0 = sum[0] / visits[0];
	double var0 = squares[0] / visits[0] - mean0 * mean0;
	int best = 0;
	double best_gain = 0;
	for (int i = 1; i < count; i++) {
		if (visits[i] < 2)
			continue;
		double mean = sum[i] / visits[i];
		double var = squares[i] / visits[i] - mean * mean;
		double se = sqrt((var > 0 ? var : 0) / visits[i] + (var0 > 0 ? var0 : 0) / visits[0]);
		double gain = mean - mean0;
		if (gain > se && gain > best_gain) {
			best_gain = gain;
			best = i;
		}
	}
	return best;
}

void expert_search(game *g, int me, const expert_grid *grid, const expert_plan *plans, size_t plan_count,
	const expert_think *think, rng *rnd, expert_verdict *out)
{
	double sum[EXPERT_PLAN_MAX] = { 0 }, squares[EXPERT_PLAN_MAX] = { 0 };
	long visits[EXPERT_PLAN_MAX] = { 0 }, wins[EXPERT_PLAN_MAX] = { 0 };
	plan_policy states[EXPERT_PLAN_MAX];
	expert_policy policies[EXPERT_PLAN_MAX];
	int count = plan_count < 1 ? 1 : plan_count > EXPERT_PLAN_MAX ? EXPERT_PLAN_MAX : (int)plan_count;
	for (int i = 0; i < count; i++)
		expert_plan_policy(&policies[i], &states[i], &plans[i]);
	int turns = expert_think_turns(think);
	double start = think->sims > 0 ? 0 : now_ms();
	long n = 0;
	for (;; n++) {
		if (think->sims > 0 ? n >= think->sims : n >= count && now_ms() - start >= (double)think->ms)
			break;
		int i = pick(sum, visits, n, count);
		bool won;
		double v = rollout(g, me, grid, &policies[i], turns, rng_next(rnd), &won);
		wins[i] += won;
		sum[i] += v;
		squares[i] += v * v;
		visits[i]++;
	}
	for (int i = 0; i < count; i++)
		expert_plan_state_finish(&states[i]);
	int best = choose(sum, squares, visits, count);
	out->plan = best;
	out->value = visits[best] ? sum[best] / visits[best] : 0.5;
	out->sims = n;
	out->plan_sims = visits[best];
	out->wins = wins[best];
}
