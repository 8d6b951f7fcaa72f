/* Reading the §11 elements of a square-grid ruleset (ruleset_load_square.h). */
#include "ruleset_load_square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

static void release_place(void *entry)
{
	rs_square_place *p = entry;
	free(p->id);
	l10n_finish(&p->name);
	free(p->side);
	free(p->coast);
}

void ruleset_square_free(ruleset *rs)
{
	for (size_t i = 0; i < rs->square.unit_count; i++) {
		free(rs->square.units[i].id);
		l10n_finish(&rs->square.units[i].name);
		free(rs->square.units[i].rule);
	}
	free(rs->square.units);
	free(rs->square.limited_unit);
	free(rs->square.entrench_unit);
	for (size_t i = 0; i < rs->square.step_count; i++) {
		free(rs->square.steps[i].id);
		l10n_finish(&rs->square.steps[i].name);
		free(rs->square.steps[i].rule);
	}
	free(rs->square.steps);
	array_free(rs->square.ports, rs->square.port_count, sizeof *rs->square.ports, release_place);
	array_free(rs->square.capitals, rs->square.capital_count, sizeof *rs->square.capitals,
		release_place);
	array_free(rs->square.generals, rs->square.general_count, sizeof *rs->square.generals,
		release_place);
}

/* ---- §11, square-grid rulesets ---- */

void ruleset_square_apply_unit(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	bool added;
	rs_square_unit *u = ruleset_read_entry(ld, n, (void **)&rs->square.units, &rs->square.unit_count, sizeof *u, NULL,
		&added);
	if (!u)
		return;
	if (added) {
		u->cost = -1;
		u->hits = 1;
		u->range = 1;
	}
	ruleset_read_texts(ld, n, "name", &u->name);
	ruleset_read_bool(ld, n, "naval", &u->naval);
	ruleset_read_bool(ld, n, "leader", &u->leader);
	ruleset_read_symbol(ld, n, &u->symbol);
	ruleset_read_int(ld, n, "cost", &u->cost);
	ruleset_read_int(ld, n, "move", &u->move);
	ruleset_read_int(ld, n, "attack", &u->attack);
	ruleset_read_int(ld, n, "defend", &u->defend);
	ruleset_read_int(ld, n, "hits", &u->hits);
	ruleset_read_int(ld, n, "carries", &u->carries);
	ruleset_read_bool(ld, n, "diagonal", &u->diagonal);
	if (u->leader && xmldoc_attr(n, "range"))
		/* A general has no attack factor, so no range of fire; the reach
		 * of his bonus is <square-combat general-range>. */
		ruleset_read_fail(ld, n, "range",
			"a general has no range of fire (he never fires): the reach of his bonus is general-range on <square-combat>");
	else
		ruleset_read_int(ld, n, "range", &u->range);
	if (u->leader)
		u->range = 0;
	ruleset_read_int(ld, n, "covers-retreats", &u->covers_retreats);
	ruleset_read_int(ld, n, "cover-range", &u->cover_range);
	ruleset_read_bool(ld, n, "fires-first", &u->fires_first);
	ruleset_read_bool(ld, n, "coastal-fire", &u->coastal_fire);
	ruleset_read_str(n, "rule", &u->rule);
}

/* players="2 4" -> bits 2 and 4. */
static void read_players(ruleset_reader *ld, const xmlNode *n, unsigned *out)
{
	const char *v = xmldoc_attr(n, "players");
	if (!v)
		return;
	char **words = NULL;
	size_t count = str_split_words(v, &words, 0);
	*out = 0;
	for (size_t i = 0; i < count; i++) {
		long x;
		if (!parse_int(words[i], 1, 16, &x))
			ruleset_read_fail(ld, n, "players", "players holds '%s', which is not a number of players from 1 to 16", words[i]);
		else
			*out |= 1u << x;
	}
	str_free_words(words, count);
}

void ruleset_square_apply_places(ruleset_reader *ld, const xmlNode *parent, const char *element,
	rs_square_place **items, size_t *count, unsigned *all_players)
{
	for (const xmlNode *c = parent->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, element))
			continue;
		bool added;
		rs_square_place *p = ruleset_read_entry(ld, c, (void **)items, count, sizeof **items, release_place, &added);
		if (!p)
			continue;
		ruleset_read_texts(ld, c, "name", &p->name);
		ruleset_read_str(c, "side", &p->side);
		ruleset_read_str(c, "coast", &p->coast);
		read_players(ld, c, &p->players);
		if (all_players)
			*all_players |= p->players;
	}
}

void ruleset_square_apply_sequence(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, "step"))
			continue;
		rs_square_step *s = ruleset_read_entry(ld, c, (void **)&rs->square.steps, &rs->square.step_count, sizeof *s,
			NULL, NULL);
		if (!s)
			continue;
		ruleset_read_texts(ld, c, "text", &s->name);
		ruleset_read_int(ld, c, "per-city", &rs->square.placements_per_city);
		ruleset_read_int(ld, c, "dice", &s->dice);
		ruleset_read_str(c, "rule", &s->rule);
	}
}

/* §11.1: <square-players> lists, for each player count, the seats in the
 * order they play.  A <seats> element replaces the inherited order of its
 * player count whole. */
void ruleset_square_apply_seats(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, "seats"))
			continue;
		const char *pv = xmldoc_attr(c, "players");
		long players;
		if (!pv || !parse_int(pv, 1, RS_SQUARE_MAX_PLAYERS, &players)) {
			ruleset_read_fail(ld, c, "players", "<seats> needs players=\"N\", a number of players from 1 to %d",
				RS_SQUARE_MAX_PLAYERS);
			continue;
		}
		rs_seat_order order = { 0 };
		bool taken[2][3] = { { false } };
		for (const xmlNode *s = c->children; s; s = s->next) {
			if (!xmldoc_is(s, RULESET_NS, "seat"))
				continue;
			if (order.count == (size_t)players) {
				ruleset_read_fail(ld, s, NULL, "a %ld-player game has %ld seats; this <seat> is one too many", players, players);
				break;
			}
			const char *side = xmldoc_attr(s, "side");
			const char *pl = xmldoc_attr(s, "player");
			long number;
			if (!side || (strcmp(side, "first") != 0 && strcmp(side, "second") != 0)) {
				ruleset_read_fail(ld, s, "side", "a <seat> needs side=\"first\" or side=\"second\"");
				continue;
			}
			if (!pl || !parse_int(pl, 1, 2, &number)) {
				ruleset_read_fail(ld, s, "player", "a <seat> needs player=\"1\" or player=\"2\": each side has at most two players");
				continue;
			}
			rs_seat seat = { strcmp(side, "second") == 0, (int)number };
			if (taken[seat.second_side][seat.player]) {
				ruleset_read_fail(ld, s, NULL, "the %s side's player %d has two seats; each player plays once a round",
					side, seat.player);
				continue;
			}
			taken[seat.second_side][seat.player] = true;
			order.seats[order.count++] = seat;
		}
		/* Both sides play with the same number of players, numbered from 1. */
		bool complete = players % 2 == 0 && order.count == (size_t)players;
		for (int side = 0; complete && side < 2; side++)
			for (long p = 1; p <= players / 2; p++)
				complete &= taken[side][p];
		if (!complete)
			ruleset_read_fail(ld, c, NULL, "a %ld-player game needs one <seat> for each player of each side, once: %s",
				players, players == 2 ? "player 1 of the first side and player 1 of the second side" :
				players == 4 ? "players 1 and 2 of the first side and players 1 and 2 of the second side" :
				"both sides need the same number of players");
		rs->square_seats[players] = order;
	}
}

static const char *const VICTORY_LIMITS[] = { "cities", "none" };

/* §11.1: how the square game is won. */
void ruleset_square_apply_victory(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	rs->square_victory.given = true;
	ruleset_read_int(ld, n, "hold-turns", &rs->square_victory.hold_turns);
	if (rs->square_victory.hold_turns < 0)
		ruleset_read_fail(ld, n, "hold-turns", "hold-turns counts the enemy's turns a capital is held through: 0 or more");
	ruleset_read_bool(ld, n, "wipe-out", &rs->square_victory.wipe_out);
	int limit;
	if (ruleset_read_enum(ld, n, "limit", VICTORY_LIMITS, ARRAY_LEN(VICTORY_LIMITS), &limit) > 0)
		rs->square_victory.limit_by_cities = limit == 0;
}
