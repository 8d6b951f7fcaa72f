/* A refused action leaves the game and the referee as they were
 * (hex_referee.h: "nothing changed"), so that `orbat play` can ask again and a
 * log checker reports the first fault only.  For an illegal action of
 * every kind, in both kinds of hex ruleset (battlecry, noord-zuid) and in
 * the middle of a turn as well as at its start, the whole state is written
 * out field by field before and after, and the two must be equal byte for
 * byte: an apply that changes anything before it refuses fails here.
 *
 * Each case: a position, the hands, log lines that pass, and a last line
 * that the referee must refuse. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_fixture.h"

/* ---- the state as bytes ---- */

typedef struct snap {
	unsigned char *bytes;
	size_t len, cap;
} snap;

static void put(snap *s, const void *p, size_t n)
{
	if (s->len + n > s->cap) {
		s->cap = (s->len + n) * 2 + 256;
		s->bytes = realloc(s->bytes, s->cap);
		assert_non_null(s->bytes);
	}
	memcpy(s->bytes + s->len, p, n);
	s->len += n;
}

#define PUT(s, v) put((s), &(v), sizeof(v))

/* A string by its contents (a copy made again would have a new address). */
static void put_str(snap *s, const char *text)
{
	static const char none = 1;
	if (!text) {
		put(s, &none, 1);
		return;
	}
	put(s, text, strlen(text) + 1);
}

static void put_game(snap *s, const hex_game *g)
{
	PUT(s, g->rs);
	PUT(s, g->board);
	put_str(s, g->scenario_id);
	size_t cells = hex_count(&g->board);
	put(s, g->terrain, cells * sizeof *g->terrain);
	put(s, g->fieldworks, cells * sizeof *g->fieldworks);
	PUT(s, g->objective_count);
	put(s, g->objectives, g->objective_count * sizeof *g->objectives);
	for (int i = 0; i < GAME_SIDES; i++) {
		const hex_side *sd = &g->sides[i];
		put_str(s, sd->id);
		PUT(s, sd->home_north);
		PUT(s, sd->hand_size);
		PUT(s, sd->target);
		PUT(s, sd->flags);
		PUT(s, sd->reserves);
	}
	PUT(s, g->first_side);
	PUT(s, g->unit_count);
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		put_str(s, u->id);
		put_str(s, u->name);
		PUT(s, u->side);
		PUT(s, u->type);
		for (int a = 0; a < SC_UNIT_ATTRIBUTES; a++)
			put_str(s, u->attr[a]);
		PUT(s, u->at);
		PUT(s, u->figures);
		PUT(s, u->full);
		PUT(s, u->alive);
		PUT(s, u->brigade);
		PUT(s, u->reserve);
		PUT(s, u->entry);
	}
	PUT(s, g->general_count);
	for (size_t i = 0; i < g->general_count; i++) {
		const hex_general *gg = &g->generals[i];
		put_str(s, gg->id);
		put_str(s, gg->name);
		PUT(s, gg->side);
		PUT(s, gg->at);
		PUT(s, gg->alive);
		PUT(s, gg->brigade);
	}
	PUT(s, g->brigade_count);
	for (size_t i = 0; i < g->brigade_count; i++) {
		const hex_brigade *b = &g->brigades[i];
		put_str(s, b->id);
		PUT(s, b->side);
		PUT(s, b->general);
		PUT(s, b->unit_count);
		put(s, b->units, (size_t)b->unit_count * sizeof *b->units);
		PUT(s, b->alive);
	}
	PUT(s, g->flag_face);
	PUT(s, g->winner);
}

static void put_referee(snap *s, const referee *r)
{
	PUT(s, r->g);
	PUT(s, r->phase);
	PUT(s, r->side);
	PUT(s, r->turn);
	for (int i = 0; i < GAME_SIDES; i++) {
		const referee_hand *h = &r->hands[i];
		PUT(s, h->count);
		put(s, h->cards, (size_t)h->count * sizeof *h->cards);
		PUT(s, h->dealt);
	}
	PUT(s, r->pool.rs);
	PUT(s, r->pool.kinds);
	put(s, r->pool.draw, (size_t)r->pool.kinds * sizeof *r->pool.draw);
	put(s, r->pool.discard, (size_t)r->pool.kinds * sizeof *r->pool.discard);
	PUT(s, r->current);
	PUT(s, r->has_current);
	PUT(s, r->target_owed);
	PUT(s, r->arrivals);
	put(s, r->last_played, sizeof r->last_played);
	put(s, r->has_last, sizeof r->has_last);
	PUT(s, r->rally);
	PUT(s, r->orders.count);
	put(s, r->orders.keys, (size_t)r->orders.count * sizeof *r->orders.keys);
	put(s, r->orders.sections, (size_t)r->orders.count * sizeof *r->orders.sections);
	PUT(s, r->orders.dig);
	put(s, r->ut, r->g->unit_count * sizeof *r->ut);
	put(s, r->gt, r->g->general_count * sizeof *r->gt);
	PUT(s, r->battle);
	PUT(s, r->zone_checked);
	PUT(s, r->winner_line);
	PUT(s, r->seed);
	PUT(s, r->has_seed);
}

static snap take(const referee *r)
{
	snap s = { 0 };
	put_game(&s, r->g);
	put_referee(&s, r);
	return s;
}

/* ---- the cases ---- */

#define BC99 "battlecry-1999"
#define BC150 "battlecry-150"
#define NZ "noord-zuid"
#define HAND_U "recon/left skirmish/centre assault/centre frontal"
#define HAND_C "recon/left skirmish/centre assault/right bombard"

typedef struct refusal_case {
	const char *why;
	const char *ruleset;
	const char *units;
	const char *opts;
	const char *hand_u;   /* NULL: HAND_U */
	const char *lines;    /* legal lines, each ending in a newline; may be "" */
	const char *refused;  /* the illegal action */
} refusal_case;

/* u1 next to c1: a battle at one hex; u2 a cavalry unit; u3 far away. */
#define DUEL "u inf F6; c inf F5; u cav D7; u inf B9; c inf L1"
#define NZ_DUEL "u inf F6 weapon=musket; c inf F5 3 weapon=musket quality=recruit; u cav D7; u inf B9; c inf L1"
#define SKIRMISH "play union skirmish/centre\norder u1\n"
#define BC_FLAG SKIRMISH "battle u1 c1 : cavalry cavalry artillery flag\n"
#define NZ_FLAG SKIRMISH "battle u1 c1 : infantry infantry flag\n"
#define BRIGADE "u gen F7; u inf F7; u inf G7; u inf B9; c inf F3; c inf L1"

static const refusal_case CASES[] = {
	/* header lines in the middle of a hex_game */
	{ "first player again", BC99, DUEL, NULL, NULL, SKIRMISH, "first confederate" },
	{ "a second hand", NZ, NZ_DUEL, NULL, NULL, "", "hand union recon/left" },
	{ "a second scenario line", BC99, DUEL, NULL, NULL, "", "scenario other" },
	{ "the format line again", NZ, NZ_DUEL, NULL, NULL, SKIRMISH, "orbat-game-log 1" },
	{ "a seed in the middle of a turn", BC99, DUEL, NULL, NULL, SKIRMISH, "seed 5" },
	/* play */
	{ "bc: a card not in the hand", BC99, DUEL, NULL, NULL, "", "play union attack/centre" },
	{ "nz: a card not in the hand", NZ, NZ_DUEL, NULL, NULL, "", "play union attack/centre" },
	{ "bc: the other side's turn", BC99, DUEL, NULL, NULL, "", "play confederate recon/left" },
	{ "bc150: a second card in one turn", BC150, DUEL, NULL, NULL, SKIRMISH, "play union frontal" },
	{ "nz: a flank card with a section", NZ, NZ_DUEL, NULL, NULL, "", "play union recon/left right" },
	/* discard */
	{ "bc: a discard while a card is usable", BC99, DUEL, NULL, NULL, "", "discard union recon/left" },
	{ "nz: a discard of a card not held", NZ, NZ_DUEL, NULL, NULL, "", "discard union attack/centre" },
	/* order */
	{ "bc: an enemy unit ordered", BC99, DUEL, NULL, NULL, "play union skirmish/centre\n", "order c1" },
	{ "bc: an order line whose last unit is outside the flank", BC99, DUEL, NULL, NULL, "play union recon/left\n", "order u2 u3 u1" },
	{ "nz: a unit outside the section", NZ, NZ_DUEL, NULL, NULL, "play union skirmish/centre\n", "order u3" },
	{ "nz: a unit ordered twice", NZ, NZ_DUEL, NULL, NULL, SKIRMISH, "order u1" },
	/* form, dissolve */
	{ "bc: brigades are not in the ruleset", BC99, BRIGADE, NULL, NULL, "play union assault/centre\n",
	  "form b1 ug1 u1 u2" },
	{ "nz: a brigade of a unit not ordered", NZ, BRIGADE, NULL, NULL, "play union skirmish/centre\norder ug1\n",
	  "form b1 ug1 u1 u3" },
	{ "bc: no such brigade to dissolve", BC99, BRIGADE, NULL, NULL, "play union assault/centre\n", "dissolve b9" },
	{ "nz: a brigade outside the card's flank dissolves", NZ, BRIGADE, "brigade=b1:ug1:u1,u2", NULL,
	  "play union recon/left\n", "dissolve b1" },
	/* move */
	{ "bc: a move too far", BC99, DUEL, NULL, NULL, SKIRMISH, "move u1 F7 F8 F9" },
	{ "nz: a move of a unit not ordered", NZ, NZ_DUEL, NULL, NULL, SKIRMISH, "move u2 D6" },
	{ "bc: a move into the enemy", BC99, DUEL, NULL, NULL, SKIRMISH, "move u1 F5" },
	{ "nz: a second move", NZ, NZ_DUEL, NULL, NULL, SKIRMISH "move u1 F7\n", "move u1 F6" },
	/* mount, dismount */
	{ "bc: no mounting in battlecry", BC99, DUEL, NULL, NULL, "play union recon/left\norder u2\n", "mount u2" },
	{ "nz: mounting a mounted unit", NZ, NZ_DUEL, NULL, NULL, "play union recon/left\norder u2\n", "mount u2" },
	{ "nz: dismounting infantry", NZ, NZ_DUEL, NULL, NULL, SKIRMISH, "dismount u1" },
	{ "bc: no dismounting in battlecry", BC99, DUEL, NULL, NULL, "play union recon/left\norder u2\n",
	  "dismount u2" },
	/* dig */
	{ "bc: digging without the card", BC99, DUEL, NULL, NULL, SKIRMISH, "dig u1" },
	{ "nz: digging without the card", NZ, NZ_DUEL, NULL, NULL, SKIRMISH, "dig u1" },
	/* battle */
	{ "bc: a battle out of range", BC99, DUEL, NULL, NULL, "play union assault/centre\norder u1\n",
	  "battle u1 c2 : flag" },
	{ "nz: a battle by a unit not ordered", NZ, NZ_DUEL, NULL, NULL, SKIRMISH, "battle u2 c1 : flag" },
	{ "bc: the wrong number of dice", BC99, DUEL, NULL, NULL, SKIRMISH, "battle u1 c1 : flag" },
	{ "nz: a battle before the saves owed", NZ, NZ_DUEL, NULL, NULL, NZ_FLAG, "battle u1 c1 : flag flag" },
	/* save, defend, flagsave (the §5.2 steps of noord-zuid) */
	{ "bc: no saving dice in battlecry", BC99, DUEL, NULL, NULL, BC_FLAG, "save c1 : artillery" },
	{ "nz: too many saving dice", NZ, NZ_DUEL, NULL, NULL, NZ_FLAG, "save c1 : artillery artillery" },
	{ "nz: a save of the wrong unit", NZ, NZ_DUEL, NULL, NULL, NZ_FLAG, "save u1 : artillery" },
	{ "bc: no defensive roll in battlecry", BC99, DUEL, NULL, NULL, BC_FLAG, "defend c1 : sabres" },
	{ "nz: a defensive roll before the saves", NZ, NZ_DUEL, NULL, NULL, NZ_FLAG, "defend c1 : sabres" },
	{ "bc: no flag saves in battlecry", BC99, DUEL, NULL, NULL, BC_FLAG, "flagsave c1 : sabres" },
	{ "nz: a flag save by the attacker", NZ, NZ_DUEL, NULL, NULL, NZ_FLAG "save c1 : artillery\n",
	  "flagsave u1 : sabres" },
	/* retreat */
	{ "bc: a retreat nobody owes", BC99, DUEL, NULL, NULL, SKIRMISH, "retreat c1 F4" },
	{ "bc: a retreat the wrong way", BC99, DUEL, NULL, NULL, BC_FLAG, "retreat c1 F6" },
	{ "bc150: a retreat too long", BC150, DUEL, NULL, NULL, BC_FLAG, "retreat c1 F4 F3" },
	{ "nz: a retreat before the saves", NZ, NZ_DUEL, NULL, NULL, NZ_FLAG, "retreat c1 F4" },
	{ "nz: a retreat toward the enemy", NZ, NZ_DUEL, NULL, NULL, NZ_FLAG "save c1 : artillery\n",
	  "retreat c1 F7" },
	/* gain */
	{ "bc: ground gain before the retreat", BC99, DUEL, NULL, NULL, BC_FLAG, "gain u1" },
	{ "nz: ground gain with nothing vacated", NZ, NZ_DUEL, NULL, NULL, SKIRMISH, "gain u1" },
	/* draw */
	{ "bc: a draw before any card", BC99, DUEL, NULL, NULL, "", "draw union attack/centre" },
	{ "nz: a draw before the retreat", NZ, NZ_DUEL, NULL, NULL, NZ_FLAG "save c1 : artillery\n",
	  "draw union attack/centre" },
	{ "bc: a draw of a card the pile lacks", BC99, DUEL, NULL, NULL, SKIRMISH, "draw union nothing/centre" },
	/* follow (noord-zuid brigades) */
	{ "bc: following is not in battlecry", BC99, DUEL, NULL, NULL, BC_FLAG "retreat c1 F4\n", "follow u1 F5" },
	{ "nz: following with nobody pushed out", NZ, BRIGADE, "brigade=b1:ug1:u1,u2", NULL,
	  "play union skirmish/centre\norder b1\n", "follow u1 F8" },
	/* arrive (reinforcements, §8.1) */
	{ "bc: an arrival without the card", BC99, DUEL "; ur inf E9", NULL, NULL, SKIRMISH, "arrive ur1" },
	{ "nz: an arrival the dice do not bring", NZ, NZ_DUEL "; ur cav E9", NULL,
	  "reinforcements skirmish/centre assault/centre frontal", "play union reinforcements : infantry flag\n",
	  "arrive ur1" },
	{ "bc: an arrival on a hex taken", BC99, DUEL "; ur inf E9; u inf F9", NULL,
	  "reinforcements skirmish/centre assault/centre frontal", "play union reinforcements : infantry flag\n",
	  "arrive ur1 F9" },
	/* rally (§8.1) */
	{ "bc: a rally without the card", BC99, DUEL, NULL, NULL, SKIRMISH, "rally : infantry" },
	{ "nz: a rally of a unit the dice do not serve", NZ, "u inf F7 2 weapon=musket; u cav D7 1; c inf F1",
	  NULL, "rally skirmish/centre frontal recon/left", "play union rally\nrally : infantry flag flag\n",
	  "rally u2" },
	{ "bc: the rally's dice miscounted", BC99, "u inf F7 2; c inf F1", NULL,
	  "rally skirmish/centre frontal recon/left", "play union rally\n", "rally : infantry" },
	/* the special cards' own refusals */
	{ "bc: short supply on one's own unit", BC99, "u inf F7; c inf F5; c inf L1", NULL,
	  "short-supply skirmish/centre assault/centre frontal", "play union short-supply\n", "order u1" },
	{ "bc150: the sharpshooter at a general out of range", BC150, "u inf F7; c gen F1; c inf L1", NULL,
	  "sharpshooter skirmish/centre assault/centre frontal", "play union sharpshooter\norder u1\n",
	  "battle u1 cg1 : sabres" },
};

static void check_case(const refusal_case *c)
{
	fixture f;
	fx_init(&f);
	assert_non_null(fx_game_opts(&f, c->ruleset, "", c->units, c->opts ? c->opts : ""));
	rules_error err;
	const char *hand_u = c->hand_u ? c->hand_u : HAND_U;
	int bad = fx_play_hands(&f, hand_u, HAND_C, c->lines, &err);
	if (bad)
		fail_msg("%s: line %d of the lead-in refused: %s [%s]", c->why, bad, err.message, err.rule);

	gl_action a;
	bool empty;
	rules_error why;
	if (!hexlog_parse_line(c->refused, 99, &a, &empty, &why))
		fail_msg("%s: '%s' does not parse: %s", c->why, c->refused, why.message);
	assert_false(empty);

	snap before = take(f.ref);
	bool ok = referee_apply(f.ref, &a, &err);
	hexlog_action_finish(&a);
	if (ok)
		fail_msg("%s: '%s' was allowed", c->why, c->refused);
	/* The refusal names a rule and says why. */
	assert_true(err.rule[0] != '\0');
	assert_true(err.message[0] != '\0');
	snap after = take(f.ref);
	if (before.len != after.len || memcmp(before.bytes, after.bytes, before.len) != 0) {
		size_t at = 0;
		while (at < before.len && at < after.len && before.bytes[at] == after.bytes[at])
			at++;
		fail_msg("%s: '%s' was refused (%s [%s]) but changed the state (first difference at byte %zu of %zu)",
			c->why, c->refused, err.message, err.rule, at, before.len);
	}
	free(before.bytes);
	free(after.bytes);
	fx_finish(&f);
}

static void test_refusals_change_nothing(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
		check_case(&CASES[i]);
}

/* Every kind of action is among the cases, in both kinds of hex ruleset
 * (the header kinds once): a new kind must bring its refusal here. */
static void test_every_kind_covered(void **state)
{
	(void)state;
	bool bc[ACT_COUNT] = { false }, nz[ACT_COUNT] = { false };
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		gl_action a;
		bool empty;
		rules_error why;
		assert_true(hexlog_parse_line(CASES[i].refused, 1, &a, &empty, &why));
		if (strcmp(CASES[i].ruleset, NZ) == 0)
			nz[a.kind] = true;
		else
			bc[a.kind] = true;
		hexlog_action_finish(&a);
	}
	for (int k = 0; k < ACT_COUNT; k++) {
		bool header = k == ACT_FORMAT || k == ACT_SCENARIO || k == ACT_SEED || k == ACT_FIRST || k == ACT_HAND;
		if (header ? !(bc[k] || nz[k]) : !(bc[k] && nz[k]))
			fail_msg("action kind %d has no refusal case%s", k, header ? "" : " in both kinds of ruleset");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals_change_nothing),
		cmocka_unit_test(test_every_kind_covered),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
