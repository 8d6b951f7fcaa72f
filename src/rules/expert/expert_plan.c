/* The candidate plans of a turn and their play (expert_plan.h). */
#include "expert_plan.h"

#include <stdlib.h>
#include <string.h>

/* How many proposals the simple player may make when a plan's player is
 * refused: enough to walk through every unit of a turn. */
#define FALLBACK_TRIES 64

/* Where the grid names no openings: turns of the strongest player with
 * choice streams of their own (its ties broken otherwise), and the
 * simple player's, which ventures more. */
static const char *const VARIANTS[] = { "strong", "strong", "strong", "simple" };
/* Where it does, the simple player's turn beside the openings. */
static const char *const BESIDE_OPENINGS[] = { "simple" };

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The strong player's opening of the turn on g, as a log line ("" when
 * it proposes none): the opening plan 0 plays already. */
static void strong_opening(game *g, grid_kind grid, char line[EXPERT_LINE_MAX])
{
	line[0] = '\0';
	player pl;
	rules_error why;
	if (!player_open(&pl, "strong", grid, -1, 0, &why))
		return;
	const game_engine *e = g->impl;
	game *copy = game_clone(g);
	game_action *a = game_action_new(e);
	rng choices;
	rng_seed(&choices, 0);
	if (player_next(&pl, copy, &choices, a)) {
		char *text = e->format(a);
		if (text && strlen(text) < EXPERT_LINE_MAX)
			strcpy(line, text);
		free(text);
	}
	game_action_free(e, a);
	game_destroy(copy);
	player_close(&pl);
}

/* How many manners the strong player on that grid plays in (players.h:
 * PLAYER_MANNER_*, its own first): 1 where it has only its own. */
static int strong_manners(grid_kind grid)
{
	player pl;
	rules_error why;
	if (!player_open(&pl, "strong", grid, -1, 0, &why))
		return 1;
	int m = PLAYER_MANNER_OWN + 1;
	while (m < PLAYER_MANNER_COUNT && player_manner(&pl, m))
		m++;
	player_close(&pl);
	return m;
}

static void add(expert_plan *out, size_t *n, const char *base, const char *opening)
{
	out[*n] = (expert_plan){ .base = base, .manner = PLAYER_MANNER_OWN };
	if (opening)
		strcpy(out[*n].opening, opening);
	(*n)++;
}

size_t expert_plan_candidates(game *g, int me, const expert_grid *grid, expert_plan out[EXPERT_PLAN_MAX], rng *rnd)
{
	size_t n = 0;
	add(out, &n, "strong", NULL);
	int manners = grid->openings ? strong_manners(grid->grid) : 1;
	char lines[EXPERT_PLAN_MAX][EXPERT_LINE_MAX];
	size_t room = EXPERT_PLAN_MAX - COUNT_OF(BESIDE_OPENINGS) - (size_t)manners;
	size_t count = grid->openings ? grid->openings(g, me, lines, room) : 0;
	if (count > 0) {
		/* The strong player's turn in its other manners: how boldly
		 * to stand is a choice its one-step judge makes the same way
		 * in every position, and a search can tell where another
		 * pays. */
		for (int m = PLAYER_MANNER_OWN + 1; m < manners; m++) {
			add(out, &n, "strong", NULL);
			out[n - 1].manner = m;
		}
		/* The strong player's turn after each other opening: the card
		 * to play is the turn's weightiest choice, and the one its
		 * one-step judge weighs least well. */
		char own[EXPERT_LINE_MAX];
		strong_opening(g, grid->grid, own);
		for (size_t i = 0; i < count; i++)
			if (strcmp(lines[i], own) != 0)
				add(out, &n, "strong", lines[i]);
		for (size_t i = 0; i < COUNT_OF(BESIDE_OPENINGS); i++)
			add(out, &n, BESIDE_OPENINGS[i], NULL);
	} else {
		for (size_t i = 0; i < COUNT_OF(VARIANTS); i++)
			add(out, &n, VARIANTS[i], NULL);
	}
	for (size_t i = 0; i < n; i++)
		out[i].seed = rng_next(rnd);
	return n;
}

bool expert_seat(player *pl, const char *name, grid_kind grid)
{
	rules_error why;
	return player_open(pl, name, grid, -1, 0, &why) || player_open(pl, "simple", grid, -1, 0, &why);
}

bool expert_play_open(expert_play *p, const expert_plan *plan, grid_kind grid)
{
	memset(p, 0, sizeof *p);
	if (!expert_seat(&p->base, plan->base, grid))
		return false;
	player_manner(&p->base, plan->manner);
	if (!expert_seat(&p->fallback, "simple", grid)) {
		player_close(&p->base);
		return false;
	}
	strcpy(p->opening, plan->opening);
	rng_seed(&p->choices, plan->seed);
	p->open = true;
	return true;
}

bool expert_offer(player *pl, game *g, rng *choices, game_action *a, expert_accept_fn *accept, void *ctx)
{
	const game_engine *e = g->impl;
	memset(a, 0, e->action_size);
	if (!player_next(pl, g, choices, a))
		return false;
	if (accept(ctx, g, a))
		return true;
	game_action_finish(e, a);
	memset(a, 0, e->action_size);
	return false;
}

bool expert_offer_line(game *g, const char *line, game_action *a, expert_accept_fn *accept, void *ctx)
{
	const game_engine *e = g->impl;
	bool empty = false;
	rules_error why;
	memset(a, 0, e->action_size);
	if (e->parse(line, 0, a, &empty, &why) && !empty && accept(ctx, g, a))
		return true;
	game_action_finish(e, a);
	memset(a, 0, e->action_size);
	return false;
}

/* The plan's opening as the step, when the referee takes it (else the
 * player's proposal stands in): offered once. */
static bool play_opening(expert_play *p, game *g, game_action *a, expert_accept_fn *accept, void *ctx)
{
	char line[EXPERT_LINE_MAX];
	strcpy(line, p->opening);
	p->opening[0] = '\0';
	return expert_offer_line(g, line, a, accept, ctx);
}

bool expert_play_step(expert_play *p, game *g, game_action *a, expert_accept_fn *accept, void *ctx)
{
	if (p->opening[0] && play_opening(p, g, a, accept, ctx))
		return true;
	if (expert_offer(&p->base, g, &p->choices, a, accept, ctx))
		return true;
	/* Refused (a case the player's own plan did not foresee): the
	 * simple player goes on from where the turn stands, each proposal
	 * it makes taking it a step further, to the turn's end if need be. */
	for (int i = 0; i < FALLBACK_TRIES; i++)
		if (expert_offer(&p->fallback, g, &p->choices, a, accept, ctx))
			return true;
	return false;
}

void expert_play_close(expert_play *p)
{
	if (!p->open)
		return;
	player_close(&p->base);
	player_close(&p->fallback);
	p->open = false;
}
