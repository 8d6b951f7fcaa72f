/* The expert player on any grid with an expert_grid (expert_player.h). */
#include "expert_player.h"

#include <stdlib.h>
#include <string.h>

void expert_player_init(expert_player *ep, const expert_grid *grid, int side)
{
	memset(ep, 0, sizeof *ep);
	ep->grid = grid;
	ep->side = side;
	ep->turn = -1;
}

/* Whether the referee takes the action, asked on a copy with dice that
 * are thrown away.  The action is copied through its line: acting fills
 * in faces and cards, which the caller's table must roll itself. */
static bool referee_takes(void *ctx, game *g, game_action *a)
{
	(void)ctx;
	const game_engine *e = g->impl;
	char *line = e->format(a);
	bool empty = false;
	rules_error why;
	game_action *copy = line ? game_action_parse(e, line, 0, &empty, &why) : NULL;
	free(line);
	if (!copy)
		return false;
	game *trial = game_clone(g);
	rng dice;
	rng_seed(&dice, 0);
	bool ok = game_act(trial, &dice, copy, &why);
	game_destroy(trial);
	game_action_free(e, copy);
	return ok;
}

static void plan_turn(expert_player *ep, const expert_grid *grid, game *g, int me)
{
	expert_play_close(&ep->play);
	expert_plan plans[EXPERT_PLAN_MAX];
	size_t count = expert_plan_candidates(g, me, grid, plans, &ep->own);
	expert_think think = ep->budgeted ? ep->think : expert_think_get();
	expert_search(g, me, grid, plans, count, &think, &ep->own, &ep->last);
	if (!expert_play_open(&ep->play, &plans[ep->last.plan], grid->grid))
		expert_play_open(&ep->play, &plans[0], grid->grid);
	ep->turn = game_turn(g);
	ep->turn_side = me;
}

bool expert_player_next(void *state, game *g, rng *choices, game_action *a)
{
	expert_player *ep = state;
	if (game_over(g))
		return false;
	if (!ep->seeded) {
		rng_seed(&ep->own, rng_next(choices));
		ep->seeded = true;
	}
	int me = game_to_play(g);
	if (me < 0)
		return false;
	/* A turn begins with its card: the plan is made between turns (or
	 * when the game is taken up halfway, or the other side's turn
	 * comes to a player of both sides). */
	if (game_at_turn_start(g) || ep->turn_side != me || !ep->play.open)
		plan_turn(ep, ep->grid, g, me);
	return ep->play.open && expert_play_step(&ep->play, g, a, referee_takes, NULL);
}

bool expert_player_answer(void *state, game *g, rng *choices, game_action *a)
{
	expert_player *ep = state;
	rules_error why;
	if (!ep->helper_open)
		ep->helper_open = player_open(&ep->helper, "strong", ep->grid->grid, ep->side, 0, &why) ||
			player_open(&ep->helper, "simple", ep->grid->grid, ep->side, 0, &why);
	return ep->helper_open && player_answer(&ep->helper, g, choices, a);
}

void expert_player_free(void *state)
{
	expert_player *ep = state;
	expert_play_close(&ep->play);
	if (ep->helper_open)
		player_close(&ep->helper);
	ep->helper_open = false;
}

bool expert_player_budget(void *state, const char *text)
{
	expert_player *ep = state;
	if (!expert_think_parse(text, &ep->think))
		return false;
	ep->budgeted = true;
	return true;
}
