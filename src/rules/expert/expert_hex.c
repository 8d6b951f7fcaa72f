/* The expert player's hex binding (expert_hex.h). */
#include "expert_hex.h"

#include "../hex/hex_determinize.h"
#include "../hex/hex_engine.h"
#include "expert_player.h"

static void hex_hidden(game *g, int viewer, rng *rnd)
{
	hex_determinize(hex_engine_referee(g), viewer, rnd);
}

/* Figures on the board, a general counted as one: what can still fight
 * and give flags away. */
static double hex_material(game *g, int side)
{
	const hex_game *h = hex_engine_position(g);
	double mine = 0, all = 0;
	for (size_t i = 0; i < h->unit_count; i++)
		if (h->units[i].alive) {
			all += h->units[i].figures;
			mine += h->units[i].side == side ? h->units[i].figures : 0;
		}
	for (size_t i = 0; i < h->general_count; i++)
		if (h->generals[i].alive) {
			all += 1;
			mine += h->generals[i].side == side;
		}
	return all > 0 ? mine / all : 0.5;
}

static const expert_grid HEX_GRID = { GRID_HEX, hex_hidden, hex_material };

static void hex_expert_init(void *state, int side, long max_turns)
{
	(void)max_turns;
	expert_player_init(state, side);
}

static bool hex_expert_next(void *state, game *g, rng *choices, game_action *a)
{
	return expert_player_next(state, &HEX_GRID, g, choices, a);
}

static bool hex_expert_answer(void *state, game *g, rng *choices, game_action *a)
{
	return expert_player_answer(state, &HEX_GRID, g, choices, a);
}

static void hex_expert_free(void *state)
{
	expert_player_free(state);
}

const player_ops expert_hex_ops = {
	sizeof(expert_player), hex_expert_init, hex_expert_next, hex_expert_free, NULL, hex_expert_answer,
};
