/* The hex game's index of who stands where (hex_game occupants and
 * generals_on), and its units in the order of their ids (unit_by_id), agree
 * with a look at every unit, on every hex and for either side, after each
 * action of seeded games of the simple and the strong player on every
 * bundled hex scenario, and in clones taken mid-game that then go their
 * own way.  A stale index would make the referee and the players see an
 * empty hex where a unit stands.  Likewise the strong player's memo of
 * battle odds (strong_odds.c), filled by its weighing and copied with a
 * clone, answers what working the odds out answers, bit for bit: a key
 * that left out something the odds read would change its choices.  And
 * the worths of ordering each figure that the strong player weighed for
 * its card and keeps for its orders, where it finds the position the
 * same (hex_game_same), are those weighed afresh, and so are the places
 * its units would move to, kept with them for the first move.  The enemies the strong
 * player reads once for all the hexes a move weighs (strong_enemies) give
 * the worth of standing on each what reading them there gives, and what
 * it notes of each enemy when first asked (its key, its move, the hexes
 * to it from each hex) is what reading it there gives.  The cards
 * the simple player asks one question of for the sections they have
 * someone to order in get the same answer each, and a card orders no unit
 * whose group has no order once its orders are all given (which the
 * simple player then does not ask).  And a player's decision leaves the
 * game as it found it, so what the simple player reads once a decision
 * stays true while it decides.  A battle whose dice the roll counted and
 * the apply reused (referee_keep_battle) ends as the same line applied
 * afresh.  The index of a deck's kinds (deck_pool_kind) answers as
 * counting them.  The names a game shares with its copies outlive the
 * game they were read for. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine_fixture.h"
#include "rules/engine.h"
#include "rules/hex/hex_engine.h"
#include "rules/hex/hex_referee.h"
#include "rules/hex/hex_special.h"
#include "rules/hex/moves.h"
#include "rules/hex/orders.h"
#include "rules/hex/sight.h"
#include "rules/hex/special_table.h"
#include "rules/hex/strong.h"
#include "rules/hex/strong_impl.h"
#include "rules/players.h"

#define SEED_COUNT 3
#define MAX_ACTIONS 400
#define CLONE_AT 40
#define ODDS_EVERY 8

/* Units of `side` (any when < 0) alive at h, by looking at each; the
 * first of them in *first (-1 for none). */
static int scan_first(const hex_game *g, hex_coord h, int side, int *first)
{
	int n = 0;
	*first = -1;
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (u->alive && grid_cell_equal(u->at, h) && (side < 0 || u->side == side) && n++ == 0)
			*first = (int)i;
	}
	return n;
}

static int scan(const hex_game *g, hex_coord h, int side)
{
	int first;
	return scan_first(g, h, side, &first);
}

/* The unit an id names, by reading every id: the first that has it. */
static int scan_id(const hex_game *g, const char *id)
{
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].id && strcmp(g->units[i].id, id) == 0)
			return (int)i;
	return -1;
}

/* hex_game_find_unit (the ids by their hash) finds what a scan finds,
 * and nothing for ids no unit has: one before all, one after, one between. */
static void check_ids(const hex_game *g)
{
	for (size_t i = 0; i < g->unit_count; i++) {
		const char *id = g->units[i].id;
		if (!id)
			continue;
		if (hex_game_find_unit(g, id) != scan_id(g, id))
			fail_msg("unit id '%s': found %d, a scan finds %d", id, hex_game_find_unit(g, id), scan_id(g, id));
		char near[96];
		snprintf(near, sizeof near, "%s~", id);
		if (hex_game_find_unit(g, near) != scan_id(g, near))
			fail_msg("id '%s' is no unit's, yet found %d", near, hex_game_find_unit(g, near));
	}
	assert_int_equal(hex_game_find_unit(g, ""), -1);
	assert_int_equal(hex_game_find_unit(g, "~~~~"), -1);
	assert_int_equal(hex_game_find_unit(g, NULL), -1);
}

static long names_checked;

/* The names a game shares with its copies (hex_game.names) outlive the
 * game they were read for: a copy of a copy, its source let go first,
 * still has every id, name and side of the game's own, and its ids
 * found as before, and every unit's attributes. */
static void check_shared_names(const hex_game *g)
{
	hex_game *a = hex_game_clone(g);
	hex_game *b = hex_game_clone(a);
	hex_game_destroy(a);
	assert_true(hex_game_same(g, b));
	assert_string_equal(b->scenario_id ? b->scenario_id : "", g->scenario_id ? g->scenario_id : "");
	for (int s = 0; s < GAME_SIDES; s++)
		assert_string_equal(b->sides[s].id, g->sides[s].id);
	for (size_t i = 0; i < g->unit_count; i++) {
		assert_string_equal(b->units[i].id, g->units[i].id);
		assert_true((b->units[i].name == NULL) == (g->units[i].name == NULL));
		for (int k = 0; k < SC_UNIT_ATTRIBUTES; k++)
			if (g->units[i].attr[k])
				assert_string_equal(b->units[i].attr[k], g->units[i].attr[k]);
	}
	for (size_t i = 0; i < g->general_count; i++)
		assert_string_equal(b->generals[i].id, g->generals[i].id);
	check_ids(b);
	hex_game_destroy(b);
	names_checked++;
}

static bool same_odds(const strong_odds *a, const strong_odds *b)
{
	return a->destroy == b->destroy && a->figures == b->figures && a->flags == b->flags;
}

/* Every living figure as the target of the first two living enemy units
 * (their figures differ more often than not: saving dice are capped by
 * them), near and far, with one to five dice: memo and count agree. */
static void check_odds(const hex_game *g)
{
	for (size_t i = 0; i < g->unit_count + g->general_count; i++) {
		hex_ref t = i < g->unit_count ? (hex_ref){ REF_UNIT, (int)i } :
			(hex_ref){ REF_GENERAL, (int)(i - g->unit_count) };
		if (!hex_game_ref_alive(g, t))
			continue;
		int attackers = 0;
		for (size_t a = 0; a < g->unit_count && attackers < 2; a++) {
			if (!g->units[a].alive || g->units[a].side == hex_game_ref_side(g, t))
				continue;
			attackers++;
			for (int dice = 1; dice <= 5; dice++)
				for (int distance = 1; distance <= 2; distance++) {
					strong_odds memo, count;
					strong_battle_odds(g, (int)a, t, dice, distance, &memo);
					strong_battle_odds_exact(g, (int)a, t, dice, distance, &count);
					if (!same_odds(&memo, &count))
						fail_msg("%s on %s, %d dice at %d: the memo says %g/%g/%g, the count %g/%g/%g",
							g->units[a].id, hex_game_ref_id(g, t), dice, distance, memo.destroy, memo.figures,
							memo.flags, count.destroy, count.figures, count.flags);
				}
		}
	}
}

/* Lines of sight looked at through the kept lines. */
static long sight_checks;

/* Sight from `from` to `to`: the kept line (sight_check without a list)
 * and the walk (with one) agree. */
static void check_sight_between(const hex_game *g, hex_coord from, hex_coord to)
{
	los_result walked;
	los_result_init(&walked);
	bool kept = sight_check(g, from, to, NULL);
	sight_check(g, from, to, &walked);
	if (kept != walked.visible)
		fail_msg("sight %d,%d to %d,%d: %d by the kept line, %d by the walk", from.col, from.row, to.col, to.row,
			kept, walked.visible);
	los_result_finish(&walked);
	sight_checks++;
}

/* ... to every hex within `reach` of it, on the board or just off it. */
static void check_sight_from(const hex_game *g, hex_coord from, int reach)
{
	for (int row = -1; row <= g->board.rows; row++)
		for (int col = -1; col <= g->board.columns; col++) {
			hex_coord to = { col, row };
			if (hex_distance(from, to) <= reach)
				check_sight_between(g, from, to);
		}
}

/* From every living figure, as far as any unit fires and a little
 * beyond (where lines are walked, not kept). */
static void check_sight(const hex_game *g)
{
	assert_non_null(g->sight_lines);
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].alive)
			check_sight_from(g, g->units[i].at, 7);
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive)
			check_sight_from(g, g->generals[i].at, RULESET_MAX_RANGE + 2);
}

/* Orders phases where the strong player used the worths it kept, and
 * the moves it kept with them (the places of the units it would move),
 * which its first move takes up from there. */
static long worths_kept, places_kept;

static void check_worths(game *gm, player *p)
{
	referee *r = hex_engine_referee(gm);
	const strong_player *sp = p->state;
	if (strcmp(p->kind->name, "strong") != 0 || r->phase != PHASE_ORDERS || !strong_worths_kept(r, sp))
		return;
	worths_kept++;
	strong_place *places = xcalloc(r->g->unit_count + 1, sizeof *places);
	double *fresh = strong_order_worths(r, sp->manner, places);
	const double *kept = strong_turn_worths(r, p->state);
	for (size_t i = 0; i < r->g->unit_count + r->g->general_count; i++)
		if (fresh[i] != kept[i])
			fail_msg("figure %zu: worth %g kept from the card's choice, %g weighed now", i, kept[i], fresh[i]);
	for (size_t i = 0; i < r->g->unit_count; i++) {
		const strong_place *a = &sp->places[i], *b = &places[i];
		places_kept += a->hex >= 0;
		if (a->hex != b->hex || a->gain != b->gain || a->alone != b->alone)
			fail_msg("unit %zu: to hex %ld (gain %g) kept from the card's choice, to %ld (gain %g) weighed now", i,
				a->hex, a->gain, b->hex, b->gain);
	}
	free(places);
	free(fresh);
}

static long enemies_checked;

/* What the enemies' list notes of each enemy when first asked (its key,
 * its move), asked again after the side's own figures were moved about,
 * against reading it now. */
static void check_enemy_notes(const hex_game *g, const strong_enemies *e)
{
	for (size_t k = 0; k < e->count + e->general_count; k++) {
		hex_ref t = k < e->count ? (hex_ref){ REF_UNIT, e->unit[k] } :
			(hex_ref){ REF_GENERAL, e->general[k - e->count] };
		battle_target_key fresh;
		battle_target_key_of(g, t, &fresh);
		if (memcmp(strong_enemy_key(g, e, k), &fresh, sizeof fresh) != 0)
			fail_msg("enemy %s: its key noted differs from its key now", hex_game_ref_id(g, t));
		if (k >= e->count)
			continue;
		int move = moves_battle_after(g, t.index, 1) ? moves_max(g, t) : 0;
		if (strong_enemy_move(g, e, k) != move)
			fail_msg("enemy %s: move %d noted, %d now", hex_game_ref_id(g, t), strong_enemy_move(g, e, k), move);
	}
	for (size_t i = 0; i < hex_count(&g->board); i++) {
		hex_coord h = hex_from_index(&g->board, i);
		const unsigned short *far = strong_enemy_distances(g, e, h);
		int nearest = -1;
		for (size_t k = 0; k < e->count + e->general_count; k++) {
			hex_ref t = k < e->count ? (hex_ref){ REF_UNIT, e->unit[k] } :
				(hex_ref){ REF_GENERAL, e->general[k - e->count] };
			int d = hex_distance(h, hex_game_ref_at(g, t));
			if (far[1 + k] != d)
				fail_msg("hex %d,%d: %d hexes to enemy %s noted, %d now", h.col, h.row, far[1 + k],
					hex_game_ref_id(g, t), d);
			if (k < e->count && (nearest < 0 || d < nearest))
				nearest = d;
		}
		if (far[0] != 1 + (nearest < 0 ? 0 : nearest))
			fail_msg("hex %d,%d: the nearest enemy %d hexes away noted, %d now", h.col, h.row, far[0] - 1, nearest);
	}
}

/* The standing worth of unit `unit` with the enemies read before it or
 * its general was moved, against reading them where they stand. */
static void check_among(const hex_game *g, int unit, const bool *spent, const strong_enemies *e)
{
	double kept = strong_standing_worth_among(g, unit, true, spent, strong_own_manner, e);
	double fresh = strong_standing_worth(g, unit, true, spent, strong_own_manner);
	check_enemy_notes(g, e);
	/* The fire a unit draws never raises its worth: a move weighs it
	 * only on the hexes that may be the best without it. */
	const strong_manner fearless = { 0.0, strong_own_manner->close };
	double most = strong_standing_worth_among(g, unit, true, spent, &fearless, e);
	if (kept > most)
		fail_msg("unit %d on %d,%d: worth %g, more than %g without the fire it draws", unit,
			g->units[unit].at.col, g->units[unit].at.row, kept, most);
	if (kept != fresh)
		fail_msg("unit %d on %d,%d: worth %g with the enemies read before, %g read there", unit,
			g->units[unit].at.col, g->units[unit].at.row, kept, fresh);
	enemies_checked++;
}

/* The flag general `gen` risks where he stands, likewise; never a gain,
 * as his move passes by the hexes where he would stand alone further
 * from his units than the best found. */
static void check_exposure(hex_game *g, int gen, const strong_enemies *e)
{
	double kept = strong_general_exposure_among(g, gen, e);
	double fresh = strong_general_exposure(g, gen);
	check_enemy_notes(g, e);
	if (kept > 0)
		fail_msg("general %d: exposure %g, a gain", gen, kept);
	/* With the dice at the units he stands with noted as their fire
	 * was weighed. */
	const hex_general *ge = &g->generals[gen];
	int units[GAME_MAX_BRIGADE_UNITS];
	int n = hex_game_units_at(g, ge->at, ge->side, units, GAME_MAX_BRIGADE_UNITS);
	int *dice = xmalloc(((size_t)n * e->count + 1) * sizeof *dice);
	for (int k = 0; k < n; k++)
		strong_standing_fire_noting(g, units[k], strong_own_manner, e, dice + (size_t)k * e->count);
	double noted = strong_general_exposure_noted(g, gen, e, dice);
	free(dice);
	if (noted != kept)
		fail_msg("general %d: exposure %g with the dice noted, %g read", gen, noted, kept);
	if (kept != fresh)
		fail_msg("general %d on %d,%d: exposure %g with the enemies read before, %g read there", gen,
			g->generals[gen].at.col, g->generals[gen].at.row, kept, fresh);
	enemies_checked++;
}

/* Each general of the side to play put with the units within two of him,
 * as his move weighs them. */
static void check_enemies_generals(hex_game *g, int side, const bool *spent, const strong_enemies *e)
{
	for (size_t i = 0; i < g->general_count; i++) {
		const hex_general *ge = &g->generals[i];
		if (!ge->alive || ge->side != side)
			continue;
		hex_coord home = ge->at;
		hex_ref me = { REF_GENERAL, (int)i };
		check_exposure(g, (int)i, e);
		for (size_t k = 0; k < g->unit_count; k++) {
			const hex_unit *u = &g->units[k];
			if (!u->alive || u->side != side || hex_distance(u->at, home) > 2)
				continue;
			hex_game_place(g, me, u->at);
			check_among(g, (int)k, spent, e);
			check_exposure(g, (int)i, e);
			hex_game_place(g, me, home);
		}
	}
}

/* Each living unit of the side to play put on every free hex within two
 * of it, as a move weighs them, and each general with the units near him:
 * the standing worth with the enemies read before they were moved is the
 * one with the enemies read where they stand. */
static void check_enemies(game *gm)
{
	referee *r = hex_engine_referee(gm);
	hex_game *g = r->g;
	strong_enemies e;
	strong_enemies_init(&e, g, r->side);
	referee_spent spent_of;
	referee_spent_init(&spent_of, r);
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (!u->alive || u->side != r->side)
			continue;
		hex_coord home = u->at;
		hex_ref me = { REF_UNIT, (int)i };
		for (size_t k = 0; k < hex_count(&g->board); k++) {
			hex_coord h = hex_from_index(&g->board, k);
			if (hex_distance(h, home) > 2 || (hex_game_occupied(g, h) && !grid_cell_equal(h, home)))
				continue;
			hex_game_place(g, me, h);
			check_among(g, (int)i, spent_of.of, &e);
			hex_game_place(g, me, home);
		}
	}
	check_enemies_generals(g, r->side, spent_of.of, &e);
	referee_spent_finish(&spent_of);
	strong_enemies_finish(&e);
}

/* The living general at h by looking at each (the first of them), and
 * how many stand there. */
static int scan_general(const hex_game *g, hex_coord h, int *count)
{
	int first = -1;
	*count = 0;
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive && grid_cell_equal(g->generals[i].at, h) && (*count)++ == 0)
			first = (int)i;
	return first;
}

/* The general of each hex and of each unit, as the index answers and as a
 * look at every general answers. */
static void check_generals(const hex_game *g)
{
	for (size_t i = 0; i < hex_count(&g->board); i++) {
		hex_coord h = hex_from_index(&g->board, i);
		int count, first = scan_general(g, h, &count);
		if (hex_game_general_at(g, h) != first || g->generals_on[i] != count)
			fail_msg("hex %d,%d: the index says general %d (%d kept), the generals say %d (%d)", h.col, h.row,
				hex_game_general_at(g, h), g->generals_on[i], first, count);
		if (hex_game_occupied(g, h) != (count > 0 || scan(g, h, -1) > 0))
			fail_msg("hex %d,%d: occupied %d by the index", h.col, h.row, hex_game_occupied(g, h));
		for (size_t k = 0; k < g->general_count; k++) {
			int other = -1;
			for (size_t j = 0; j < g->general_count && other < 0; j++)
				if (j != k && g->generals[j].alive && grid_cell_equal(g->generals[j].at, h))
					other = (int)j;
			if (hex_game_general_at_except(g, h, (int)k) != other)
				fail_msg("hex %d,%d: general_at_except %zu disagrees", h.col, h.row, k);
		}
	}
	for (size_t u = 0; u < g->unit_count; u++) {
		int want = -1;
		for (size_t i = 0; i < g->general_count && want < 0; i++)
			if (g->generals[i].alive && g->generals[i].side == g->units[u].side &&
				grid_cell_equal(g->generals[i].at, g->units[u].at))
				want = (int)i;
		if (hex_game_unit_general(g, (int)u) != want)
			fail_msg("unit %s: general %d by the index, %d by a look", g->units[u].id, hex_game_unit_general(g, (int)u),
				want);
	}
}

/* Whether frozen group f is released now, read afresh from the game:
 * its turn of its side come, its flags won, or an enemy once near. */
static bool scan_released(const hex_game *g, const special_group *f)
{
	if (f->side < 0)
		return true;
	int turn = g->turns[f->side] > 0 ? g->turns[f->side] : 1;
	return (f->turn >= 0 && turn >= f->turn) ||
		(f->flags >= 0 && f->flags_side >= 0 && g->sides[f->flags_side].flags >= f->flags) || f->woken;
}

/* Whether an enemy unit stands within the group's enemy-within of one
 * of its living units, by looking at every unit. */
static bool scan_enemy_near(const hex_game *g, const special_group *f)
{
	for (int k = 0; k < f->unit_count; k++) {
		const hex_unit *u = &g->units[f->units[k]];
		for (size_t e = 0; u->alive && e < g->unit_count; e++)
			if (g->units[e].alive && g->units[e].side != u->side &&
				hex_distance(g->units[e].at, u->at) <= f->enemy_within)
				return true;
	}
	return false;
}

/* A group that its turn or flags do not release yet, with an enemy near
 * now, has been woken: hex_special_wake, which leaves released groups
 * alone, still looks while a group is held. */
static void check_woken(const hex_game *g)
{
	const hex_special *sp = g->special;
	for (size_t i = 0; sp && i < sp->frozen_count; i++) {
		special_group f = sp->frozen[i];
		f.woken = false;
		if (f.enemy_within >= 0 && !scan_released(g, &f) && scan_enemy_near(g, &f) && !sp->frozen[i].woken)
			fail_msg("frozen group of line %d: an enemy is near and the group is held", f.line);
	}
}

/* The frozen groups' index of their units (frozen_of) and the answer
 * read through it agree with a look at every group's units: a unit the
 * index left out would take orders while its group is held. */
static void check_frozen(const hex_game *g)
{
	const hex_special *sp = g->special;
	for (size_t u = 0; sp && u < g->unit_count; u++) {
		int first = -1, groups = 0;
		bool frozen = false;
		for (size_t i = 0; i < sp->frozen_count; i++)
			for (int k = 0; k < sp->frozen[i].unit_count; k++)
				if (sp->frozen[i].units[k] == (int)u) {
					frozen = frozen || !scan_released(g, &sp->frozen[i]);
					first = first < 0 ? (int)i : first;
					groups++;
					break;
				}
		int kept = u < sp->frozen_units ? sp->frozen_of[u] : -1;
		if (kept != (groups > 1 ? SPECIAL_GROUPS_SEVERAL : first))
			fail_msg("unit %zu: frozen_of says %d, the groups say %d (of %d)", u, kept, first, groups);
		rules_error why;
		if (hex_special_frozen(g, (int)u, &why) != frozen)
			fail_msg("unit %zu: hex_special_frozen says %d, the groups say %d", u, !frozen, frozen);
	}
}

static long thresholds_kept;
static long deck_indexes_checked;

/* Each unit's dice entry kept with it (hex_unit.dice) is the one its
 * attributes pick now: a mounted unit read by its dismounted entry
 * would fight with the wrong dice.  Likewise its flag threshold
 * (hex_unit.threshold) and what its movement entries allow. */
static void check_dice(const hex_game *g)
{
	for (size_t u = 0; u < g->unit_count; u++) {
		const hex_unit *x = &g->units[u];
		const rs_dice *want = NULL;
		for (size_t i = 0; i < x->type->dice_count && !want; i++)
			if (hex_game_unit_has(x, &x->type->dice[i].when))
				want = &x->type->dice[i];
		if (x->dice != want)
			fail_msg("unit '%s': its dice entry kept is %td, its attributes pick %td", x->id,
				x->dice ? x->dice - x->type->dice : -1, want ? want - x->type->dice : -1);
		if (x->threshold != hex_game_unit_threshold(g->rs, x))
			fail_msg("unit '%s': its flag threshold kept is not the one its type and quality pick", x->id);
		thresholds_kept += x->threshold != NULL;
		int most = 0, battle_after = -1;
		for (size_t i = 0; i < x->type->move_count; i++) {
			const rs_move *m = &x->type->moves[i];
			if (!hex_game_unit_has(x, &m->when))
				continue;
			most = m->hexes > most ? m->hexes : most;
			battle_after = m->battle && m->hexes > battle_after ? m->hexes : battle_after;
		}
		if (x->move_hexes != most || x->battle_after_hexes != battle_after)
			fail_msg("unit '%s': moves %d and battles after %d kept, its attributes give %d and %d", x->id,
				x->move_hexes, x->battle_after_hexes, most, battle_after);
	}
}

/* The unit types a card orders, read once when it is played
 * (order_card.types), are those its types list names. */
static void check_types(const hex_game *g, const order_card *oc)
{
	const rs_card *card = &g->rs->deck.cards[oc->card];
	if (oc->kind != ORDER_TYPE && oc->kind != ORDER_SECTION_TYPE && oc->kind != ORDER_SHARPSHOOTER)
		return;
	assert_true(oc->types != ORDER_TYPES_UNREAD);
	for (size_t t = 0; t < g->rs->unit_type_count; t++) {
		bool named = card->types && str_has_word(card->types, g->rs->unit_types[t].id);
		if (named != ((oc->types >> t) & 1u))
			fail_msg("card '%s', unit type '%s': named %d, read %u", card->id, g->rs->unit_types[t].id, named,
				(oc->types >> t) & 1u);
	}
}

/* A card's name as deck_format writes it, piece by piece, is what
 * printing it writes, whole and cut short at every size. */
static void check_card_name(const hex_game *g, deck_card c)
{
	const char *id = g->rs->deck.cards[c.card].id;
	char want[96], got[96];
	for (size_t size = 1; size <= sizeof want; size++) {
		if (c.flank >= 0)
			snprintf(want, size, "%s/%s", id, g->rs->sections[c.flank].id);
		else
			snprintf(want, size, "%s", id);
		if (strcmp(deck_format(g->rs, c, got, size), want) != 0)
			fail_msg("card %d flank %d in %zu bytes: '%s', printed '%s'", c.card, c.flank, size, got, want);
	}
}

/* A card's answer from orders_sections_usable, kept to compare with the
 * other cards'. */
typedef struct sections_answer {
	order_card oc;
	unsigned found;
} sections_answer;

enum { SECTIONS_ANSWERS = 256 };

/* Cards whose section answers were compared with another card's. */
static long sections_shared;

/* The simple player asks orders_sections_usable once a decision for all
 * the cards of a hand of the same kind and types (its card itself only
 * when their types are unread): each such card is answered what the
 * cards asked before it were. */
static void check_sections_shared(const hex_game *g, sections_answer *kept, int *count, const order_card *oc,
	unsigned found)
{
	for (int i = 0; i < *count; i++) {
		const order_card *o = &kept[i].oc;
		if (o->kind != oc->kind || o->types != oc->types || (oc->types == ORDER_TYPES_UNREAD && o->card != oc->card))
			continue;
		if (kept[i].found != found)
			fail_msg("cards '%s' and '%s' ask the same: sections %#x and %#x", g->rs->deck.cards[o->card].id,
				g->rs->deck.cards[oc->card].id, kept[i].found, found);
		sections_shared++;
	}
	if (*count < SECTIONS_ANSWERS)
		kept[(*count)++] = (sections_answer){ *oc, found };
}

/* Units a card's weighing left out, their group having no order once
 * the card's were all given. */
static long limits_checked;

/* The simple player asks no more units of a card once its `limit`
 * orders are given, but those whose group has one (orders.h: a card gives
 * `limit` orders, one a group): every unit of the side added in turn, as
 * it weighs a card, is refused once they are given unless its group has
 * one. */
static void check_limit(const hex_game *g, int side, const order_card *oc)
{
	if (oc->limit < 0)
		return;
	order_set s;
	order_set_init(&s, g);
	for (size_t i = 0; i < g->unit_count; i++) {
		if (!g->units[i].alive || g->units[i].side != side)
			continue;
		hex_ref ref = { REF_UNIT, (int)i };
		bool full = s.count >= oc->limit, grouped = false;
		int key = orders_key(g, oc, ref);
		for (int k = 0; k < s.count; k++)
			grouped = grouped || s.keys[k] == key;
		rules_error why;
		bool added = orders_add(g, side, oc, &s, ref, &why);
		if (full && !grouped && added)
			fail_msg("card '%s': unit '%s' ordered beyond the card's %d orders", g->rs->deck.cards[oc->card].id,
				g->units[i].id, oc->limit);
		limits_checked += full && !grouped;
	}
	order_set_finish(&s);
}

/* The sections where a card has someone to order, found in one look
 * (orders_sections_usable), answer for each section what asking whether
 * the card is usable there answers: every card of the deck, as each
 * copy (flank) and with each section named, for either side. */
static void check_sections_usable(const hex_game *g)
{
	int sections = hex_game_section_count(g);
	sections_answer kept[SECTIONS_ANSWERS];
	for (int side = 0; side < GAME_SIDES; side++) {
		int count = 0;
		for (size_t c = 0; c < g->rs->deck.card_count; c++)
			for (int copy = DECK_NO_FLANK; copy < sections; copy++) {
				check_card_name(g, (deck_card){ (int)c, copy });
				for (int named = -1; named < sections; named++) {
					order_card oc;
					rules_error why;
					if (!orders_from_card(g, side, (deck_card){ (int)c, copy }, named, NULL, &oc, &why) ||
						oc.kind == ORDER_UNREFEREED)
						continue;
					check_types(g, &oc);
					bool usable = orders_card_usable(g, side, &oc);
					unsigned found = orders_sections_usable(g, side, &oc);
					bool by_section = oc.kind == ORDER_SECTION || oc.kind == ORDER_SECTION_TYPE;
					if (usable != (by_section ? (found & oc.section) != 0 : found != 0))
						fail_msg("card '%s' (copy %d, section %d) of side %d: usable %d, sections found %#x",
							g->rs->deck.cards[c].id, copy, named, side, usable, found);
					check_sections_shared(g, kept, &count, &oc, found);
					check_limit(g, side, &oc);
				}
			}
	}
}

/* The deck's kinds a pool reads through its index (deck_pool_kind and
 * deck_pool_kind_card) are those counted out card by card, for every
 * copy of every card, those the deck lacks and those off its list. */
static void check_deck_index(const deck_pool *p)
{
	const ruleset *rs = p->rs;
	assert_non_null(p->index);
	for (int card = -1; card <= (int)rs->deck.card_count; card++)
		for (int flank = DECK_NO_FLANK - 1; flank <= (int)rs->section_count; flank++) {
			deck_card c = { card, flank };
			if (deck_pool_kind(p, c) != deck_kind(rs, c))
				fail_msg("card %d flank %d: kind %d kept, %d counted", card, flank, deck_pool_kind(p, c),
					deck_kind(rs, c));
		}
	for (int k = -1; k <= p->kinds; k++) {
		deck_card want = deck_kind_card(rs, k), got = deck_pool_kind_card(p, k);
		if (want.card != got.card || want.flank != got.flank)
			fail_msg("kind %d: card %d/%d kept, %d/%d counted", k, got.card, got.flank, want.card, want.flank);
	}
	deck_indexes_checked++;
}

static long check_index(game *gm)
{
	const hex_game *g = hex_engine_referee(gm)->g;
	long occupied = 0;
	check_ids(g);
	check_generals(g);
	check_frozen(g);
	check_woken(g);
	check_dice(g);
	for (size_t i = 0; i < hex_count(&g->board); i++) {
		hex_coord h = hex_from_index(&g->board, i);
		for (int side = -1; side < GAME_SIDES; side++) {
			int first, got = -1;
			int want = scan_first(g, h, side, &first);
			if (hex_game_units_at(g, h, side, &got, 1) != want || (want > 0 && got != first))
				fail_msg("hex %d,%d side %d: the index says %d units (first %d), the units say %d (first %d)",
					h.col, h.row, side, hex_game_units_at(g, h, side, NULL, 0), got, want, first);
			if (side >= 0 && hex_game_units_at_except(g, h, side, -1) != want)
				fail_msg("hex %d,%d side %d: units_at_except disagrees", h.col, h.row, side);
		}
		/* Exact, not only "maybe": a count left too high would in time
		 * wrap or make every hex look worth a scan. */
		if (g->occupants[i] != scan(g, h, -1))
			fail_msg("hex %d,%d: %d occupants kept, %d standing", h.col, h.row, g->occupants[i], scan(g, h, -1));
		occupied += scan(g, h, -1) > 0;
	}
	return occupied;
}

/* Decisions that found the game as they left it. */
static long decisions_checked;

/* A player's decision leaves the game as it found it, figures it put
 * elsewhere to weigh a move put back: the simple player reads the enemies
 * and the generals' spent dice once for all the units a decision weighs,
 * which holds only if nothing moves while it decides. */
static void check_unchanged(const hex_game *before, const hex_game *after)
{
	if (!hex_game_same(before, after))
		fail_msg("a decision changed the game it weighed");
	decisions_checked++;
}

static long battles_kept;

/* A battle the engine played keeping its preparation from the roll to
 * the apply (referee_keep_battle) leaves the game and the referee as the
 * same line with the same faces applied afresh to `fresh`, a clone taken
 * before it (what `orbat check` does with the line). */
static void check_kept_battle(game *played, game *fresh, const game_action *a)
{
	referee *r = hex_engine_referee(played), *f = hex_engine_referee(fresh);
	rules_error err;
	assert_true(referee_apply(f, (const gl_action *)a, &err));
	assert_true(hex_game_same(r->g, f->g));
	const referee_battle *x = &r->battle, *y = &f->battle;
	if (x->active != y->active || x->attacker != y->attacker || x->target.kind != y->target.kind ||
		x->target.index != y->target.index || x->distance != y->distance || x->step != y->step ||
		x->losses != y->losses || x->flags != y->flags || x->retreat_hexes != y->retreat_hexes ||
		x->may_defend != y->may_defend || x->may_gain != y->may_gain || strcmp(x->note, y->note) != 0)
		fail_msg("battle of line %d: kept and fresh preparations disagree", x->line);
	for (size_t u = 0; u < r->g->unit_count; u++)
		assert_int_equal(r->ut[u].battles, f->ut[u].battles);
	for (size_t k = 0; k < r->g->general_count; k++)
		assert_int_equal(r->gt[k].spent, f->gt[k].spent);
	battles_kept++;
}

/* Plays from g to the end (or MAX_ACTIONS), checking after each action;
 * the clone taken at CLONE_AT plays on too when `fork`. */
static long play_checked(const game_engine *e, game *g, player *p, rng *dice, rng *choices, bool fork)
{
	rules_error err;
	game_action *a = game_action_new(e);
	long checks = 0;
	for (int n = 0; n < MAX_ACTIONS && !game_over(g); n++) {
		hex_game *before = hex_game_clone(hex_engine_referee(g)->g);
		bool decided = player_next(p, g, choices, a);
		check_unchanged(before, hex_engine_referee(g)->g);
		hex_game_destroy(before);
		if (!decided)
			break;
		bool battle = ((const gl_action *)a)->kind == ACT_BATTLE;
		game *fresh = battle ? game_clone(g) : NULL;
		if (!game_act(g, dice, a, &err)) {
			game_destroy(fresh);
			break;
		}
		if (fresh)
			check_kept_battle(g, fresh, a);
		game_destroy(fresh);
		game_action_finish(e, a);
		assert_true(check_index(g) > 0);
		check_worths(g, p);
		/* The odds are dear to work out: every few actions, the memo
		 * keeps what it learnt meanwhile. */
		if (n % ODDS_EVERY == 0) {
			check_odds(hex_engine_referee(g)->g);
			check_sight(hex_engine_referee(g)->g);
			check_enemies(g);
			check_sections_usable(hex_engine_referee(g)->g);
			check_shared_names(hex_engine_referee(g)->g);
			check_deck_index(&hex_engine_referee(g)->pool);
		}
		checks++;
		if (fork && n == CLONE_AT) {
			game *c = game_clone(g);
			check_index(c);
			check_odds(hex_engine_referee(c)->g);
			check_sight(hex_engine_referee(c)->g);
			rng d2 = *dice, c2 = *choices;
			checks += play_checked(e, c, p, &d2, &c2, false);
			game_destroy(c);
			check_index(g);
		}
	}
	free(a);
	return checks;
}

static void drop_line(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
}

static void test_index_agrees(void **state)
{
	(void)state;
	size_t count = 0;
	char **paths = bundled_scenarios(&count);
	long checks = 0;
	for (size_t k = 0; k < count; k++) {
		loaded l;
		load(&l, paths[k]);
		const game_engine *e = game_engine_of(l.rs, NULL);
		if (!e || e->grid != GRID_HEX) {
			unload(&l);
			continue;
		}
		rules_error why;
		game *start = game_open(e, l.sc, l.rs, &why);
		assert_non_null(start);
		for (unsigned long long seed = 1; seed <= SEED_COUNT; seed++) {
			/* The strong player lifts units off the board to weigh
			 * its generals: the index must follow it too. */
			player p;
			assert_true(player_open(&p, seed % 2 ? "simple" : "strong", e->grid, -1, 0, &why));
			game *g = game_clone(start);
			rng dice, choices;
			rng_seed(&dice, seed);
			rng_seed(&choices, seed ^ PLAYER_CHOICE_SALT);
			assert_true(game_deal_head(g, l.sc->id.text, seed, &dice, drop_line, NULL, &why));
			check_index(g);
			checks += play_checked(e, g, &p, &dice, &choices, true);
			game_destroy(g);
			player_close(&p);
		}
		game_destroy(start);
		unload(&l);
	}
	str_free_words(paths, count);
	assert_true(checks > 100);
	/* Kept more often than not: the test is not empty. */
	assert_true(worths_kept > 10);
	assert_true(places_kept > 10);
	assert_true(enemies_checked > 1000);
	assert_true(sight_checks > 10000);
	assert_true(sections_shared > 1000);
	assert_true(limits_checked > 1000);
	assert_true(decisions_checked > 1000);
	assert_true(battles_kept > 100);
	assert_true(thresholds_kept > 0);
	assert_true(deck_indexes_checked > 10);
	assert_true(names_checked > 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_index_agrees),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
