/* The player kinds by name (players.h) and their implementations per
 * grid: today the simple players of autoplay.h (hex) and sqauto.h
 * (square). */
#include "players.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "autoplay.h"
#include "sqauto.h"
#include "strong.h"

/* ---- simple, on the hex grid (autoplay.h) ---- */

static void simple_hex_init(void *state, int side, long max_turns)
{
	/* autoplay plans the turn of whichever side is to play; the caller
	 * only asks it on its side's turns.  The turn limit is the caller's
	 * (the hex referee counts turns; autoplay does not stop itself). */
	(void)side;
	(void)max_turns;
	autoplay_init(state);
}

static bool simple_hex_next(void *state, void *gm, rng *choices, void *action)
{
	return autoplay_next(gm, state, choices, action);
}

static void simple_nothing(void *state)
{
	(void)state;
}

/* A battle's step of the side not to play, for simple and strong alike
 * (strong leaves saves, defensive rolls and retreats to the simple
 * player): the answer needs the referee alone. */
static bool hex_answer(void *state, void *gm, rng *choices, void *action)
{
	(void)state;
	(void)choices;
	return autoplay_answer(gm, action);
}

static const player_ops SIMPLE_HEX = {
	sizeof(autoplay), simple_hex_init, simple_hex_next, simple_nothing, NULL, hex_answer,
};

/* ---- simple, on the square grid (sqauto.h) ---- */

static void simple_square_init(void *state, int side, long max_turns)
{
	(void)side;
	sq_auto_init(state, max_turns);
}

static bool simple_square_next(void *state, void *gm, rng *choices, void *action)
{
	return sq_auto_next(gm, state, choices, action);
}

static void simple_square_own_choices(void *state)
{
	sq_auto_own_choices(state);
}

static bool simple_square_answer(void *state, void *gm, rng *choices, void *action)
{
	return sq_auto_answer(gm, state, choices, action);
}

static const player_ops SIMPLE_SQUARE = {
	sizeof(sq_auto), simple_square_init, simple_square_next, simple_nothing, simple_square_own_choices,
	simple_square_answer,
};

/* ---- strong, on the hex grid (strong.h) ---- */

static const player_ops STRONG_HEX = {
	sizeof(strong_player), strong_player_init, strong_player_next, simple_nothing, NULL, hex_answer,
};

/* ---- the table of kinds, from the weakest to the strongest ---- */

static const player_kind PLAYER_KINDS[] = {
	{
		"simple",
		{
			[LANG_EN] = "plays plainly: brings as many units as it can toward the enemy and attacks where its odds look best",
			[LANG_NL] = "speelt eenvoudig: brengt zoveel mogelijk eenheden naar de vijand en valt aan waar de kansen het best lijken",
			[LANG_FR] = "joue simplement : mène autant d'unités que possible vers l'ennemi et attaque là où ses chances semblent les meilleures",
		},
		{ [GRID_HEX] = &SIMPLE_HEX, [GRID_SQUARE] = &SIMPLE_SQUARE },
	},
	{
		"strong",
		{
			[LANG_EN] = "weighs each battle by its exact odds, the fire a move draws and the cards worth keeping; hex games only for now",
			[LANG_NL] = "weegt elk gevecht naar de exacte kansen, het vuur dat een zet uitlokt en de kaarten die het bewaren waard zijn; voorlopig alleen hexspellen",
			[LANG_FR] = "pèse chaque combat selon ses chances exactes, le feu qu'un mouvement attire et les cartes à garder ; pour l'instant seulement sur hexagones",
		},
		{ [GRID_HEX] = &STRONG_HEX },
	},
};

#define KIND_COUNT (sizeof PLAYER_KINDS / sizeof PLAYER_KINDS[0])

size_t player_kind_count(void)
{
	return KIND_COUNT;
}

const player_kind *player_kind_at(size_t i)
{
	return i < KIND_COUNT ? &PLAYER_KINDS[i] : NULL;
}

const player_kind *player_kind_find(const char *name)
{
	for (size_t i = 0; name && i < KIND_COUNT; i++)
		if (strcmp(PLAYER_KINDS[i].name, name) == 0)
			return &PLAYER_KINDS[i];
	return NULL;
}

const char *player_strongest(grid_kind grid)
{
	for (size_t i = KIND_COUNT; i-- > 0;)
		if ((unsigned)grid < GRID_KINDS && PLAYER_KINDS[i].grids[grid])
			return PLAYER_KINDS[i].name;
	return PLAYER_DEFAULT;
}

/* A player that cannot be had is the caller's usage error, not a rule
 * of the game: the refusal is a message that cites no rule. */
static bool player_refuse(rules_error *why, const char *fmt, ...) DIAG_PRINTF(2, 3);
static bool player_refuse(rules_error *why, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	rules_error_clear(why);
	vsnprintf(why->message, sizeof why->message, fmt, ap);
	va_end(ap);
	return false;
}

bool player_open(player *p, const char *name, grid_kind grid, int side, long max_turns, rules_error *why)
{
	memset(p, 0, sizeof *p);
	const player_kind *k = player_kind_find(name);
	if (!k) {
		char names[256] = "";
		size_t len = 0;
		for (size_t i = 0; i < KIND_COUNT && len < sizeof names; i++)
			len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", PLAYER_KINDS[i].name);
		return player_refuse(why, "there is no player '%s' (the players are: %s)", name ? name : "",
			names);
	}
	if ((unsigned)grid >= GRID_KINDS || !k->grids[grid]) {
		const grid_ops *ops = (unsigned)grid < GRID_KINDS ? grid_ops_of(grid) : NULL;
		return player_refuse(why, "the player '%s' does not play on the %s grid yet", k->name,
			ops ? ops->name : "?");
	}
	p->kind = k;
	p->ops = k->grids[grid];
	p->side = side;
	p->state = xcalloc(1, p->ops->state_size ? p->ops->state_size : 1);
	p->ops->init(p->state, side, max_turns);
	return true;
}

bool player_next(player *p, void *gm, rng *choices, void *action)
{
	return p->ops->next(p->state, gm, choices, action);
}

void player_own_choices(player *p)
{
	p->own_choices = true;
	if (p->ops->own_choices)
		p->ops->own_choices(p->state);
}

bool player_answer(player *p, void *gm, rng *choices, void *action)
{
	return p->ops->answer && p->ops->answer(p->state, gm, choices, action);
}

void player_reset(player *p, long max_turns)
{
	p->ops->free(p->state);
	memset(p->state, 0, p->ops->state_size);
	p->ops->init(p->state, p->side, max_turns);
	if (p->own_choices)
		player_own_choices(p);
}

void player_close(player *p)
{
	if (p->ops) {
		p->ops->free(p->state);
		free(p->state);
	}
	memset(p, 0, sizeof *p);
}
