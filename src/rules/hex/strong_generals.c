/* The generals of the strong player: where each stands best -- with a
 * unit, lending it whatever the ruleset gives (an extra die, a flag
 * ignored, a lower threshold: §4, §7.3, §7.4, all the engine's answers
 * through the unit's standing worth), and never alone within the enemy's
 * reach, where he is the cheapest flag on the board (§5.1, §5.3) -- and
 * what ordering him there is worth. */
#include <float.h>
#include <stdlib.h>

#include "../../base/util.h"
#include "dice.h"
#include "moves.h"
#include "strong_impl.h"

/* Of the chance that a lone general is taken before our next turn, the
 * share counted: more than a unit's W_RISK, since the enemy looks for
 * the cheapest flag, and a general taken also takes his bonus away. */
#define W_GENERAL_RISK 0.6
/* An enemy unit that must first move to have him in reach: the share of
 * the chance counted (it may be ordered elsewhere). */
#define GENERAL_STEP_SHARE 0.5
/* Per hex from the nearest friendly unit: a general away from his units
 * lends his bonus to none. */
#define W_GENERAL_APART 0.15

/* The chance that `who` (a unit, or a lone general) is destroyed by the
 * enemy's next turn: by every enemy unit that may attack it, with the
 * engine's dice where it has it in reach now, or with the dice of the
 * distance one move brings it to. */
static double fire_peril(const hex_game *g, hex_ref who, const strong_enemies *enemies, const int *noted)
{
	hex_coord at = hex_game_ref_at(g, who);
	double safe = 1.0;
	/* Its key, read at the first enemy that may take it: the same for
	 * all of them. */
	battle_target_key key;
	bool keyed = false;
	const unsigned short *far = strong_enemy_distances(g, enemies, at);
	for (size_t k = 0; k < enemies->count; k++) {
		int i = enemies->unit[k];
		const hex_unit *e = &g->units[i];
		if (who.kind == REF_GENERAL && !dice_may_attack_general(g, e))
			continue;
		int distance = far[1 + k];
		int range = enemies->range[k];
		int dice = 0;
		double share = 1.0;
		if (distance <= range && noted) {
			dice = noted[k];
		} else if (distance <= range) {
			dice_answer d;
			strong_enemy_fire(g, enemies, k, at, who, &d);
			dice = d.allowed ? d.dice : 0;
		} else {
			int reach = strong_enemy_move(g, enemies, k);
			if (reach == 0 || distance > range + reach)
				continue;
			distance = distance - reach < 1 ? 1 : distance - reach;
			dice = dice_at(e, distance);
			share = GENERAL_STEP_SHARE;
		}
		if (dice <= 0)
			continue;
		if (!keyed) {
			battle_target_key_of(g, who, &key);
			keyed = true;
		}
		strong_odds o;
		strong_battle_odds_keyed(g, i, who, &key, dice, distance, &o);
		safe *= 1.0 - share * o.destroy;
	}
	return 1.0 - safe;
}

/* The chance that general `gen`, where he stands, is taken by the enemy's
 * next turn: alone, by fire (§5.1, §5.3); with units, when the last of
 * them is destroyed and he stands alone in the same reach (the chance
 * that the strongest of them goes, times his own then). */
static double general_peril(hex_game *g, int gen, const strong_enemies *e, const int *noted)
{
	hex_general *ge = &g->generals[gen];
	int units[GAME_MAX_BRIGADE_UNITS];
	int n = hex_game_units_at(g, ge->at, ge->side, units, GAME_MAX_BRIGADE_UNITS);
	if (n == 0)
		return fire_peril(g, (hex_ref){ REF_GENERAL, gen }, e, NULL);
	double last = 1.0;
	for (int k = 0; k < n; k++) {
		double p = fire_peril(g, (hex_ref){ REF_UNIT, units[k] }, e, noted ? noted + (size_t)k * e->count : NULL);
		last = p < last ? p : last;
	}
	if (last <= 0)
		return 0;
	for (int k = 0; k < n; k++)
		hex_game_unit_lift(g, units[k], true);
	double alone = fire_peril(g, (hex_ref){ REF_GENERAL, gen }, e, NULL);
	for (int k = 0; k < n; k++)
		hex_game_unit_lift(g, units[k], false);
	return last * alone;
}

static double exposure_noted(hex_game *g, int gen, const strong_enemies *e, const int *noted)
{
	const hex_general *ge = &g->generals[gen];
	return -W_GENERAL_RISK * W_DESTROY * strong_race_guard(g, ge->side) * general_peril(g, gen, e, noted);
}

double strong_general_exposure_among(hex_game *g, int gen, const strong_enemies *e)
{
	return exposure_noted(g, gen, e, NULL);
}

double strong_general_exposure_noted(hex_game *g, int gen, const strong_enemies *e, const int *noted)
{
	return exposure_noted(g, gen, e, noted);
}

double strong_general_exposure(hex_game *g, int gen)
{
	strong_enemies e;
	strong_enemies_init(&e, g, g->generals[gen].side);
	double w = strong_general_exposure_among(g, gen, &e);
	strong_enemies_finish(&e);
	return w;
}

/* Hexes from h to the nearest living unit of `side` (0 when none). */
static int nearest_friend(const hex_game *g, int side, hex_coord h)
{
	int best = -1;
	for (const hex_unit *u = g->units; u < g->units + g->unit_count; u++) {
		int d = u->alive && u->side == side ? hex_distance(h, u->at) : -1;
		best = d >= 0 && (best < 0 || d < best) ? d : best;
	}
	return best < 0 ? 0 : best;
}

/* The worth of general `gen` standing alone where he stands, at most
 * his way to his nearest unit: the flag he risks there (never a gain)
 * comes after it. */
static double alone_bound(const hex_game *g, int gen)
{
	const hex_general *ge = &g->generals[gen];
	return 0.0 - W_GENERAL_APART * nearest_friend(g, ge->side, ge->at);
}

/* The dice noted for a general's units (general_worth) that fit on the
 * stack: a few units, a few dozen enemies. */
#define DICE_NOTED_ROOM 256

/* How good it is for general `gen` to stand where he stands: what the
 * units he stands with are worth with him against without him, less the
 * flag the enemy may take from him alone (weighed as the flag race
 * stands), less his way to his nearest unit; less `less` (his way
 * there).  The flag he risks and the fire his units draw with him are
 * costs only, weighed where the rest may beat `beat` (the best hex
 * found): elsewhere a worth no more than `beat`. */
static double general_worth(hex_game *g, int gen, const bool *spent, const strong_enemies *e, double less, double beat)
{
	hex_general *ge = &g->generals[gen];
	int units[GAME_MAX_BRIGADE_UNITS];
	int n = hex_game_units_at(g, ge->at, ge->side, units, GAME_MAX_BRIGADE_UNITS);
	if (n == 0) {
		double most = alone_bound(g, gen) - less;
		if (most <= beat)
			return most;
		return strong_general_exposure_among(g, gen, e) - W_GENERAL_APART * nearest_friend(g, ge->side, ge->at) -
			less;
	}
	strong_standing with[GAME_MAX_BRIGADE_UNITS];
	double without[GAME_MAX_BRIGADE_UNITS];
	for (int k = 0; k < n; k++)
		strong_standing_parts(g, units[k], true, spent, strong_own_manner, e, &with[k]);
	/* The same units without him: he is taken off the board for the
	 * count and put back. */
	hex_game_general_lift(g, gen, true);
	for (int k = 0; k < n; k++)
		without[k] = strong_standing_worth_among(g, units[k], true, spent, strong_own_manner, e);
	hex_game_general_lift(g, gen, false);
	double most = 0;
	for (int k = 0; k < n; k++)
		most += strong_standing_sum(&with[k], 0.0);
	for (int k = 0; k < n; k++)
		most -= without[k];
	if (most - less <= beat)
		return most - less;
	/* The fire on his units and the flag he risks with them read the
	 * same dice of the enemy: read once. */
	int room[DICE_NOTED_ROOM];
	size_t need = (size_t)n * e->count;
	int *dice = need <= DICE_NOTED_ROOM ? room : xmalloc(need * sizeof *dice);
	double w = 0;
	for (int k = 0; k < n; k++)
		w += strong_standing_sum(&with[k],
			strong_standing_fire_noting(g, units[k], strong_own_manner, e, dice + (size_t)k * e->count));
	for (int k = 0; k < n; k++)
		w -= without[k];
	w = w + strong_general_exposure_noted(g, gen, e, dice) - less;
	if (dice != room)
		free(dice);
	return w;
}

/* Whether general `gen` may be moved by an order of his own: alive, not
 * the general of a brigade with a member left (that brigade moves by
 * its plan, §3.3; one whose members are all gone has no plan to move
 * him by). */
static bool general_free(const hex_game *g, int gen)
{
	const hex_general *ge = &g->generals[gen];
	if (!ge->alive)
		return false;
	if (!hex_game_general_stays(g, gen))
		return true;
	const hex_brigade *br = &g->brigades[ge->brigade];
	for (int k = 0; k < br->unit_count; k++)
		if (g->units[br->units[k]].alive)
			return false;
	return true;
}

/* A general on the move, for general_place_worth. */
typedef struct general_move {
	hex_game *g;
	int gen;
	const bool *spent;
	const strong_enemies *enemies;  /* read once for every hex weighed */
} general_move;

/* general_worth with him put on h for the count and put back. */
static double general_place_worth(void *ctx, hex_coord h, int steps, double beat)
{
	general_move *m = ctx;
	hex_ref me = { REF_GENERAL, m->gen };
	hex_coord home = m->g->generals[m->gen].at;
	hex_game_place(m->g, me, h);
	double w = general_worth(m->g, m->gen, m->spent, m->enemies, 0.01 * steps, beat);
	hex_game_place(m->g, me, home);
	return w;
}

/* The best hex for general `gen` to end a move on, by general_worth; -1
 * when staying is best.  *gain: how much better than staying. */
static long general_best_place(referee *r, int gen, double *gain)
{
	hex_game *g = r->g;
	referee_spent spent_of;
	referee_spent_init(&spent_of, r);
	bool *spent = spent_of.of;
	/* Only he is put on the hexes weighed (and his units lifted). */
	strong_enemies enemies;
	strong_enemies_init(&enemies, g, g->generals[gen].side);
	general_move m = { g, gen, spent, &enemies };
	move_options o = { false, -1 };
	long best = strong_best_hex(g, (hex_ref){ REF_GENERAL, gen }, &o,
		general_worth(g, gen, spent, &enemies, 0.0, -DBL_MAX), general_place_worth, &m, gain);
	strong_enemies_finish(&enemies);
	referee_spent_finish(&spent_of);
	return best;
}

double strong_general_order_worth(referee *r, int gen)
{
	if (!general_free(r->g, gen))
		return 0;
	double gain;
	general_best_place(r, gen, &gain);
	return gain;
}

bool strong_general_move(referee *r, gl_action *a)
{
	hex_game *g = r->g;
	int who = -1;
	long to = -1;
	double best = 0;
	for (size_t i = 0; i < g->general_count; i++) {
		const general_turn *t = &r->gt[i];
		if (g->generals[i].side != r->side || !t->ordered || t->moved || t->busy || !general_free(g, (int)i))
			continue;
		double gain;
		long h = general_best_place(r, (int)i, &gain);
		if (h >= 0 && gain > best) {
			best = gain;
			who = (int)i;
			to = h;
		}
	}
	if (who < 0)
		return false;
	a->kind = ACT_MOVE;
	a->subject = xstrdup(g->generals[who].id);
	a->hexes = xcalloc(1, sizeof *a->hexes);
	a->hexes[0] = hex_from_index(&g->board, (size_t)to);
	a->hex_count = 1;
	return true;
}
