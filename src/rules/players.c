/* The player kinds by name (players.h); each grid's engine lists its
 * implementations of them (hex/hex_engine.c, square/sq_engine.c). */
#include "players.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* ---- the table of kinds, from the weakest to the strongest ---- */

static const player_kind PLAYER_KINDS[] = {
	{
		"simple",
		{
			[LANG_EN] = "plays plainly: brings as many units as it can toward the enemy and attacks where its odds look best",
			[LANG_NL] = "speelt eenvoudig: brengt zoveel mogelijk eenheden naar de vijand en valt aan waar de kansen het best lijken",
			[LANG_FR] = "joue simplement : mène autant d'unités que possible vers l'ennemi et attaque là où ses chances semblent les meilleures",
		},
		false,
	},
	{
		"strong",
		{
			[LANG_EN] = "weighs each battle by its exact odds, the fire a move draws and the cards worth keeping; on the square map it buys guns, "
					"weighs each attack by what it should kill and lose, breaks off a combat that goes badly, holds its capital and strikes at the enemy's",
			[LANG_NL] = "weegt elk gevecht naar de exacte kansen, het vuur dat een zet uitlokt en de kaarten die het bewaren waard zijn; op de vierkantenkaart "
					"koopt het kanonnen, weegt het elke aanval naar wat die zou doden en verliezen, breekt het een slecht gaand gevecht af, "
					"houdt het de eigen hoofdstad en slaat het toe op die van de vijand",
			[LANG_FR] = "pèse chaque combat selon ses chances exactes, le feu qu'un mouvement attire et les cartes à garder ; sur la carte à cases carrées, "
					"il achète des canons, pèse chaque attaque selon ce qu'elle devrait détruire et perdre, rompt un combat qui tourne mal, "
					"tient sa capitale et frappe celle de l'ennemi",
		},
		false,
	},
	{
		"expert",
		{
			[LANG_EN] = "plans: tries several ways to play the whole turn over the enemy's possible hands and dice, looking to the end of the enemy's reply, and plays the best (--think sets its time)",
			[LANG_NL] = "plant: probeert meerdere manieren om de hele beurt te spelen over de mogelijke handen en dobbelstenen van de vijand, kijkt tot het einde van diens antwoord en speelt de beste (--think zet zijn tijd)",
			[LANG_FR] = "planifie : essaie plusieurs façons de jouer tout le tour selon les mains et les dés possibles de l'ennemi, regarde jusqu'à la fin de sa réponse et joue la meilleure (--think règle son temps)",
		},
		true,
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
	size_t len = name ? strcspn(name, "@") : 0;
	for (size_t i = 0; name && i < KIND_COUNT; i++)
		if (strlen(PLAYER_KINDS[i].name) == len && strncmp(PLAYER_KINDS[i].name, name, len) == 0)
			return &PLAYER_KINDS[i];
	return NULL;
}

const player_ops *player_kind_on(const player_kind *k, grid_kind grid)
{
	const game_engine *e = game_engine_of_grid(grid);
	for (size_t i = 0; k && e && i < e->player_count; i++)
		if (strcmp(e->players[i].kind, k->name) == 0)
			return e->players[i].ops;
	return NULL;
}

const char *player_strongest(grid_kind grid)
{
	for (size_t i = KIND_COUNT; i-- > 0;)
		if (!PLAYER_KINDS[i].opt_in && player_kind_on(&PLAYER_KINDS[i], grid))
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
	const player_ops *ops = player_kind_on(k, grid);
	if (!ops) {
		const grid_ops *grid_of = (unsigned)grid < GRID_KINDS ? grid_ops_of(grid) : NULL;
		return player_refuse(why, "the player '%s' does not play on the %s grid yet", k->name,
			grid_of ? grid_of->name : "?");
	}
	const char *at = strchr(name, '@');
	if (at && !ops->budget)
		return player_refuse(why, "the player '%s' takes no thinking budget ('%s')", k->name, at);
	p->kind = k;
	p->ops = ops;
	p->side = side;
	p->state = xcalloc(1, p->ops->state_size ? p->ops->state_size : 1);
	p->ops->init(p->state, side, max_turns);
	if (at && (strlen(at + 1) >= sizeof p->budget || !p->ops->budget(p->state, at + 1))) {
		player_close(p);
		return player_refuse(why,
			"'%s' is not a thinking budget: give milliseconds ('%s@500', '%s@500ms') or simulations "
			"('%s@2000sims')",
			at + 1, k->name, k->name, k->name);
	}
	if (at)
		strcpy(p->budget, at + 1);
	return true;
}

/* A player proposes and the referee judges (above): the refusals a player
 * meets while it weighs its choices are never shown, so they are not
 * written (rules_quiet_begin). */
bool player_next(player *p, game *g, rng *choices, game_action *action)
{
	rules_quiet_begin();
	bool ok = p->ops->next(p->state, g, choices, action);
	rules_quiet_end();
	return ok;
}

void player_own_choices(player *p)
{
	p->own_choices = true;
	if (p->ops->own_choices)
		p->ops->own_choices(p->state);
}

bool player_answer(player *p, game *g, rng *choices, game_action *action)
{
	if (!p->ops->answer)
		return false;
	rules_quiet_begin();
	bool ok = p->ops->answer(p->state, g, choices, action);
	rules_quiet_end();
	return ok;
}

bool player_manner(player *p, int manner)
{
	if (manner == PLAYER_MANNER_OWN && !p->ops->manner)
		return true;
	return p->ops->manner && p->ops->manner(p->state, manner);
}

void player_reset(player *p, long max_turns)
{
	p->ops->free(p->state);
	memset(p->state, 0, p->ops->state_size);
	p->ops->init(p->state, p->side, max_turns);
	if (p->budget[0])
		p->ops->budget(p->state, p->budget);
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
