/* The four rules questions on a hex position (ask.h). */
#include "ask.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../base/json.h"
#include "../base/util.h"
#include "battle.h"
#include "cards.h"
#include "dice.h"
#include "moves.h"
#include "retreat.h"
#include "sight.h"

bool ask_is_query(const char *word)
{
	return strcmp(word, "los") == 0 || strcmp(word, "dice") == 0 || strcmp(word, "moves") == 0 ||
		strcmp(word, "retreat") == 0 || strcmp(word, "reinforcements") == 0 ||
		strcmp(word, "sharpshooter") == 0 || strcmp(word, "rally") == 0;
}

int ask_parse(char **words, int count, ask_query *q, rules_error *err)
{
	memset(q, 0, sizeof *q);
	if (count <= 0) {
		rules_fail(err, RULES_ERROR_LOG_RULE,
			"name a query (los, dice, moves, retreat, reinforcements, sharpshooter, rally)");
		return 0;
	}
	const char *w = words[0];
	int args;
	if (strcmp(w, "los") == 0) {
		q->kind = ASK_LOS;
		args = 2;
	} else if (strcmp(w, "dice") == 0) {
		q->kind = ASK_DICE;
		args = 2;
	} else if (strcmp(w, "moves") == 0) {
		q->kind = ASK_MOVES;
		args = 1;
	} else if (strcmp(w, "retreat") == 0) {
		q->kind = ASK_RETREAT;
		args = 2;
	} else if (strcmp(w, "reinforcements") == 0) {
		q->kind = ASK_REINFORCEMENTS;
		args = 1;
	} else if (strcmp(w, "sharpshooter") == 0) {
		q->kind = ASK_SHARPSHOOTER;
		args = 1;
	} else if (strcmp(w, "rally") == 0) {
		q->kind = ASK_RALLY;
		args = 1;
	} else {
		rules_fail(err, RULES_ERROR_LOG_RULE,
			"unknown query '%s' (los, dice, moves, retreat, reinforcements, sharpshooter, rally)", w);
		return 0;
	}
	q->name = w;
	if (args >= count) {
		rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' takes %s", w,
			q->kind == ASK_REINFORCEMENTS ? "a side (union or confederate)" :
			q->kind == ASK_RALLY ? "a side" : args == 1 ? "a hex or a unit" :
			q->kind == ASK_RETREAT ? "a hex or a unit, and a number of flags" : "two hexes or units");
		return 0;
	}
	q->from_word = words[1];
	if (q->kind == ASK_LOS || q->kind == ASK_DICE) {
		q->to_word = words[2];
	} else if (q->kind == ASK_RETREAT) {
		long v;
		if (!parse_int(words[2], 0, RETREAT_MAX_FLAGS, &v)) {
			rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' is not a number of flags (0 to %d)", words[2],
				RETREAT_MAX_FLAGS);
			return 0;
		}
		q->flags = (int)v;
	}
	return args + 1;
}

/* Where a question's FROM or TO points: a hex, and the figure it named
 * (a unit or a general), if any. */
typedef struct ask_place {
	hex_coord at;
	int unit;      /* the unit named by its id, else -1 */
	int general;   /* the general named by his id, else -1 */
	bool known;    /* at is set */
	char shown[HEX_ADDRESS_MAX + 80];  /* "F4", or "ub (F4)" */
} ask_place;

/* The section of the rules a question stands under: what an error about
 * nothing cites. */
static const char *query_section(const game *g, ask_kind k)
{
	switch (k) {
	case ASK_LOS: return "6.1";
	case ASK_DICE: return g->rs->battle.rule;
	case ASK_MOVES: return "3";
	case ASK_RETREAT: return "7.1";
	case ASK_REINFORCEMENTS:
	case ASK_SHARPSHOOTER:
	case ASK_RALLY: return "8.1";
	}
	return "1";
}

/* Everything a question is about, resolved. */
typedef struct ask_ctx {
	const game *g;
	const ask_query *q;
	bool json;
	FILE *out;
	ask_place from, to;
	rules_error *error;
	bool failed;
	int answers;     /* how many answers the question gets (two units on a hex: 2) */
} ask_ctx;

static void json_hex(FILE *out, hex_coord h)
{
	char b[HEX_ADDRESS_MAX];
	json_write_string(out, hex_format(h, b));
}

static void json_hex_list(FILE *out, const hex_coord *hexes, size_t n)
{
	fputc('[', out);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc(',', out);
		json_hex(out, hexes[i]);
	}
	fputc(']', out);
}

/* The head of a JSON answer: query, from, to, and the unit it is about
 * (null when none). */
static void json_head(const ask_ctx *c, int unit)
{
	FILE *out = c->out;
	fputs("{\"query\":", out);
	json_write_string(out, c->q->name);
	fputs(",\"from\":", out);
	if (c->from.known)
		json_hex(out, c->from.at);
	else
		json_write_string(out, c->q->from_word);
	if (c->q->kind == ASK_LOS || c->q->kind == ASK_DICE) {
		fputs(",\"to\":", out);
		if (c->to.known)
			json_hex(out, c->to.at);
		else
			json_write_string(out, c->q->to_word);
	}
	fprintf(out, ",\"answers\":%d,\"unit\":", c->answers);
	if (unit >= 0)
		json_write_string(out, c->g->units[unit].id);
	else
		fputs("null", out);
}

/* A reason in JSON: one string, "MESSAGE [RULE]", as the answers have
 * always given it. */
static void json_reason(FILE *out, const rules_error *e)
{
	char text[RULES_ERROR_MESSAGE_LEN + RULES_ERROR_RULE_LEN + 4];
	rules_error_format(e, text, sizeof text);
	json_write_string(out, text);
}

static void text_list(FILE *out, const hex_coord *hexes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char b[HEX_ADDRESS_MAX];
		fprintf(out, "%s%s", i ? " " : "", hex_format(hexes[i], b));
	}
}

/* A question about nothing: the reason with its rule for the caller, and
 * in JSON an answer with empty results and an "error" field. */
static bool fail(ask_ctx *c, const char *section, const char *fmt, ...) DIAG_PRINTF(3, 4);

static bool fail(ask_ctx *c, const char *section, const char *fmt, ...)
{
	char rule[RULES_ERROR_RULE_LEN];
	game_rule(c->g, section, rule, sizeof rule);
	va_list ap;
	va_start(ap, fmt);
	rules_vfail(c->error, rule, fmt, ap);
	va_end(ap);
	c->failed = true;
	if (!c->json)
		return false;
	FILE *out = c->out;
	int distance = c->from.known && c->to.known ? hex_distance(c->from.at, c->to.at) : 0;
	json_head(c, c->from.unit);
	switch (c->q->kind) {
	case ASK_LOS:
		fprintf(out, ",\"distance\":%d,\"visible\":false,\"blocked_by\":[]", distance);
		break;
	case ASK_DICE:
		fprintf(out, ",\"distance\":%d,\"dice\":0,\"allowed\":false,\"reasons\":[", distance);
		json_reason(out, c->error);
		fputc(']', out);
		break;
	case ASK_MOVES:
		fputs(",\"reachable\":[]", out);
		break;
	case ASK_RETREAT:
		fprintf(out, ",\"flags\":%d,\"destinations\":[],\"losses\":0", c->q->flags);
		break;
	case ASK_REINFORCEMENTS:
		fputs(",\"reserves\":[]", out);
		break;
	case ASK_SHARPSHOOTER:
		fputs(",\"allowed\":false,\"targets\":[]", out);
		break;
	case ASK_RALLY:
		fputs(",\"dice\":0,\"units\":[],\"room\":0", out);
		break;
	}
	fputs(",\"error\":", out);
	json_reason(out, c->error);
	fputs("}\n", out);
	return false;
}

/* A FROM or TO word: the id of a unit or general in play, else a hex
 * address on the board. */
static bool resolve(ask_ctx *c, const char *word, ask_place *p)
{
	const game *g = c->g;
	char b[HEX_ADDRESS_MAX];
	p->unit = game_find_unit(g, word);
	p->general = p->unit < 0 ? game_find_general(g, word) : -1;
	if (p->unit >= 0 || p->general >= 0) {
		game_ref r = p->unit >= 0 ? (game_ref){ REF_UNIT, p->unit } : (game_ref){ REF_GENERAL, p->general };
		if (!game_ref_alive(g, r))
			return fail(c, query_section(g, c->q->kind), "%s '%s' %s",
				r.kind == REF_UNIT ? "unit" : "general", word, game_ref_absence(g, r));
		p->at = game_ref_at(g, r);
		p->known = true;
		snprintf(p->shown, sizeof p->shown, "%s (%s)", word, hex_format(p->at, b));
		return true;
	}
	if (!hex_parse(word, &p->at))
		return fail(c, query_section(g, c->q->kind), "'%s' is neither a hex address (like C4) nor a unit or "
			"general of the scenario", word);
	p->known = true;
	snprintf(p->shown, sizeof p->shown, "%s", hex_format(p->at, b));
	if (!game_on_board(g, p->at))
		return fail(c, "1", "%s is not on the %d x %d board", p->shown, g->board.columns, g->board.rows);
	return true;
}

/* ---- the four questions ---- */

static bool ask_los(ask_ctx *c)
{
	const game *g = c->g;
	FILE *out = c->out;
	los_result r;
	los_result_init(&r);
	sight_check(g, c->from.at, c->to.at, &r);
	char rule[40];
	game_rule(g, "6.1", rule, sizeof rule);
	/* The sight of a hex is the same for both units on it: one answer,
	 * about the unit named, else the only unit there. */
	int units[2];
	int unit = c->from.unit;
	if (unit < 0 && c->from.general < 0 && game_units_at(g, c->from.at, -1, units, 2) == 1)
		unit = units[0];
	if (c->json) {
		json_head(c, unit);
		fprintf(out, ",\"distance\":%d,\"visible\":%s,\"blocked_by\":", r.distance, r.visible ? "true" : "false");
		json_hex_list(out, r.blocked, r.blocked_count);
		fprintf(out, ",\"edge_blocked\":%s,\"rule\":", r.edge_blocked ? "true" : "false");
		json_write_string(out, rule);
		fputs("}\n", out);
	} else {
		fprintf(out, "los %s %s: distance %d, ", c->from.shown, c->to.shown, r.distance);
		if (r.visible) {
			fprintf(out, "visible [%s]\n", rule);
		} else {
			fprintf(out, "blocked by ");
			text_list(out, r.blocked, r.blocked_count);
			fprintf(out, "%s [%s]\n", r.edge_blocked ? " (the line runs along hex edges with obstructions on both sides)" : "",
				rule);
		}
	}
	los_result_finish(&r);
	return true;
}

static void dice_one(ask_ctx *c, int unit)
{
	const game *g = c->g;
	FILE *out = c->out;
	dice_answer d;
	dice_battle(g, unit, c->to.at, (game_ref){ REF_NONE, -1 }, NULL, &d);
	const game_unit *u = &g->units[unit];
	if (c->json) {
		json_head(c, unit);
		fprintf(out, ",\"distance\":%d,\"dice\":%d,\"allowed\":%s,\"reasons\":[", d.distance, d.dice,
			d.allowed ? "true" : "false");
		for (int i = 0; i < d.reason_count; i++) {
			if (i)
				fputc(',', out);
			json_reason(out, &d.reasons[i]);
		}
		fputs("],\"attacker\":", out);
		json_write_string(out, u->id);
		fputs(",\"target\":", out);
		if (d.target.kind == REF_NONE)
			fputs("null", out);
		else
			json_write_string(out, game_ref_id(g, d.target));
		fputs("}\n", out);
		return;
	}
	fprintf(out, "dice %s %s: %s '%s' against ", c->from.shown, c->to.shown, u->type->id, u->id);
	if (d.target.kind == REF_NONE)
		fprintf(out, "nothing");
	else
		fprintf(out, "%s '%s'", d.target.kind == REF_UNIT ? g->units[d.target.index].type->id : "general",
			game_ref_id(g, d.target));
	fprintf(out, ", distance %d: ", d.distance);
	if (d.allowed)
		fprintf(out, "%d %s\n", d.dice, d.dice == 1 ? "die" : "dice");
	else
		fprintf(out, "not allowed\n");
	for (int i = 0; i < d.reason_count; i++)
		fprintf(out, "  %s%s [%s]\n", !d.allowed && d.refusal >= 0 && i >= d.refusal ? "refused: " : "",
			d.reasons[i].message, d.reasons[i].rule);
}

/* The units a question about FROM is answered for: the unit named, else
 * every unit on the hex (two in noord-zuid). */
static int from_units(const ask_ctx *c, int units[2])
{
	if (c->from.unit >= 0) {
		units[0] = c->from.unit;
		return 1;
	}
	if (c->from.general >= 0)
		return 0;
	return game_units_at(c->g, c->from.at, -1, units, 2);
}

static bool ask_dice(ask_ctx *c)
{
	const game *g = c->g;
	int units[2];
	int n = from_units(c, units);
	char b[HEX_ADDRESS_MAX];
	if (n == 0) {
		int gen = c->from.general >= 0 ? c->from.general : game_general_at(g, c->from.at);
		if (gen >= 0)
			return fail(c, g->rs->battle.rule, "general '%s' at %s does not battle: a unit does, and he adds his "
				"die to it", g->generals[gen].id, hex_format(c->from.at, b));
		return fail(c, g->rs->battle.rule, "no unit at %s", c->from.shown);
	}
	c->answers = n;
	for (int i = 0; i < n; i++)
		dice_one(c, units[i]);
	return true;
}

static int static_brigade_speed(const game *g, int unit)
{
	const game_unit *u = &g->units[unit];
	if (!g->rs->stacking.brigades || u->brigade < 0 || !g->brigades[u->brigade].alive)
		return -1;
	const game_brigade *br = &g->brigades[u->brigade];
	const game_general *gg = &g->generals[br->general];
	if (!gg->alive || hex_distance(gg->at, u->at) > g->rs->brigades.zone_radius)
		return -1;
	int speed = g->rs->general.move;
	for (int k = 0; k < br->unit_count; k++) {
		const game_unit *m = &g->units[br->units[k]];
		if (m->alive && hex_distance(gg->at, m->at) <= g->rs->brigades.zone_radius) {
			int v = moves_max(g, (game_ref){ REF_UNIT, br->units[k] });
			if (v < speed)
				speed = v;
		}
	}
	return speed;
}

/* Hexes a figure may end its move on, and (units) those it may still
 * battle from. */
static size_t reach_list(const game *g, game_ref who, const move_options *o, hex_coord **list,
	hex_coord **battle, size_t *battle_count)
{
	size_t n = hex_count(&g->board);
	int *steps = xmalloc(n * sizeof *steps);
	moves_reach(g, who, o, steps);
	*list = xcalloc(n + 1, sizeof **list);
	if (battle)
		*battle = xcalloc(n + 1, sizeof **battle);
	size_t count = 0, bcount = 0;
	for (size_t i = 0; i < n; i++) {
		if (steps[i] < 0)
			continue;
		hex_coord h = hex_from_index(&g->board, i);
		(*list)[count++] = h;
		if (battle && who.kind == REF_UNIT) {
			const rs_terrain *t = game_terrain(g, h);
			if (moves_battle_after(g, who.index, steps[i]) && !(t && t->no_battle_on_entry))
				(*battle)[bcount++] = h;
		}
	}
	free(steps);
	if (battle_count)
		*battle_count = bcount;
	return count;
}

/* The figures a moves or retreat question is answered for: each unit
 * (see from_units), else the general. */
static int from_figures(ask_ctx *c, const char *section, game_ref who[2])
{
	int units[2];
	int n = from_units(c, units);
	for (int i = 0; i < n; i++)
		who[i] = (game_ref){ REF_UNIT, units[i] };
	if (n > 0)
		return n;
	int gen = c->from.general >= 0 ? c->from.general : game_general_at(c->g, c->from.at);
	if (gen < 0) {
		fail(c, section, "no unit or general at %s", c->from.shown);
		return 0;
	}
	who[0] = (game_ref){ REF_GENERAL, gen };
	return 1;
}

static void moves_one(ask_ctx *c, game_ref who)
{
	const game *g = c->g;
	FILE *out = c->out;
	hex_coord at = game_ref_at(g, who);
	int gen = who.kind == REF_UNIT ? game_general_at(g, at) : -1;
	bool with_general = who.kind == REF_UNIT && gen >= 0 && g->generals[gen].side == g->units[who.index].side;
	move_options o = { with_general, -1 };
	if (who.kind == REF_UNIT)
		o.max_hexes = static_brigade_speed(g, who.index);
	hex_coord *list = NULL, *battle = NULL;
	size_t bcount = 0;
	size_t count = reach_list(g, who, &o, &list, who.kind == REF_UNIT ? &battle : NULL, &bcount);
	hex_coord *glist = NULL;
	size_t gcount = 0;
	if (with_general) {
		move_options go = { false, -1 };
		gcount = reach_list(g, (game_ref){ REF_GENERAL, gen }, &go, &glist, NULL, NULL);
	}
	char rule[40];
	game_rule(g, "3", rule, sizeof rule);
	int max = o.max_hexes >= 0 ? o.max_hexes : moves_max(g, who);
	if (c->json) {
		json_head(c, who.kind == REF_UNIT ? who.index : -1);
		fputs(",\"reachable\":", out);
		json_hex_list(out, list, count);
		fputs(",\"figure\":", out);
		json_write_string(out, game_ref_id(g, who));
		fprintf(out, ",\"kind\":\"%s\"", who.kind == REF_UNIT ? "unit" : "general");
		fprintf(out, ",\"max_hexes\":%d", max);
		if (who.kind == REF_UNIT) {
			fputs(",\"battle_after\":", out);
			json_hex_list(out, battle, bcount);
		}
		if (with_general) {
			fputs(",\"general\":{\"id\":", out);
			json_write_string(out, g->generals[gen].id);
			fputs(",\"reachable\":", out);
			json_hex_list(out, glist, gcount);
			fputc('}', out);
		}
		fputs(",\"rule\":", out);
		json_write_string(out, rule);
		fputs("}\n", out);
	} else {
		fprintf(out, "moves %s: %s '%s' (up to %d %s%s%s) may end its move on: ", c->from.shown,
			who.kind == REF_UNIT ? g->units[who.index].type->id : "general", game_ref_id(g, who), max,
			max == 1 ? "hex" : "hexes", with_general ? ", taking general " : "",
			with_general ? g->generals[gen].id : "");
		if (count)
			text_list(out, list, count);
		else
			fprintf(out, "nowhere");
		fprintf(out, " [%s]\n", rule);
		if (who.kind == REF_UNIT) {
			fprintf(out, "  and still battle from: ");
			if (bcount)
				text_list(out, battle, bcount);
			else
				fprintf(out, "none of them");
			fprintf(out, "\n");
		}
		if (with_general) {
			fprintf(out, "  general '%s' on his own may end on: ", g->generals[gen].id);
			if (gcount)
				text_list(out, glist, gcount);
			else
				fprintf(out, "nowhere");
			fprintf(out, "\n");
		}
	}
	free(list);
	free(battle);
	free(glist);
}

static bool ask_moves(ask_ctx *c)
{
	game_ref who[2];
	int n = from_figures(c, "3", who);
	c->answers = n;
	for (int i = 0; i < n; i++)
		moves_one(c, who[i]);
	return n > 0;
}

static void retreat_one(ask_ctx *c, game_ref who)
{
	const game *g = c->g;
	FILE *out = c->out;
	const ask_query *q = c->q;
	hex_coord from = game_ref_at(g, who);
	char a[HEX_ADDRESS_MAX];
	hex_format(from, a);
	bool with_general = who.kind == REF_UNIT && game_unit_general(g, who.index) >= 0;
	int figures = battle_figures(g, who);
	rules_error why;   /* ignored flags, under their rule */
	int applied = battle_flags_apply(g, who, q->flags, figures, &why);
	retreat_outcome *outs = xcalloc(RETREAT_MAX_OUTCOMES, sizeof *outs);
	int n = applied > 0 ? retreat_outcomes(g, who, applied, with_general, outs, RETREAT_MAX_OUTCOMES) : 0;
	if (n > RETREAT_MAX_OUTCOMES)
		n = RETREAT_MAX_OUTCOMES;
	/* Distinct ends, in board order; the least loss over the choices. */
	size_t cells = hex_count(&g->board);
	bool *end = xcalloc(cells, sizeof *end);
	int best = applied > 0 ? -1 : 0;
	bool all_destroyed = applied > 0 && n > 0;
	for (int i = 0; i < n; i++) {
		int loss = outs[i].off_board ? figures : outs[i].lost;
		if (loss > figures)
			loss = figures;
		if (best < 0 || loss < best)
			best = loss;
		if (!(outs[i].off_board || loss >= figures))
			all_destroyed = false;
		if (!outs[i].off_board) {
			hex_coord e = outs[i].len ? outs[i].path[outs[i].len - 1] : from;
			end[hex_index(&g->board, e)] = true;
		}
	}
	if (best < 0)
		best = 0;
	hex_coord *dest = xcalloc(cells + 1, sizeof *dest);
	size_t dn = 0;
	if (applied == 0)
		dest[dn++] = from;
	else
		for (size_t i = 0; i < cells; i++)
			if (end[i])
				dest[dn++] = hex_from_index(&g->board, i);
	char rule[40];
	game_rule(g, "7.1", rule, sizeof rule);
	if (c->json) {
		json_head(c, who.kind == REF_UNIT ? who.index : -1);
		fprintf(out, ",\"flags\":%d,\"destinations\":", q->flags);
		json_hex_list(out, dest, dn);
		fprintf(out, ",\"losses\":%d,\"figure\":", best);
		json_write_string(out, game_ref_id(g, who));
		fprintf(out, ",\"flags_applied\":%d,\"ignored\":", applied);
		if (rules_error_set(&why))
			json_reason(out, &why);
		else
			fputs("null", out);
		fprintf(out, ",\"eliminated\":%s,\"outcomes\":[", all_destroyed ? "true" : "false");
		for (int i = 0; i < n; i++) {
			fprintf(out, "%s{\"path\":", i ? "," : "");
			json_hex_list(out, outs[i].path, (size_t)outs[i].len);
			fprintf(out, ",\"losses\":%d,\"off_board\":%s,\"joined\":%s}",
				outs[i].off_board ? figures : (outs[i].lost > figures ? figures : outs[i].lost),
				outs[i].off_board ? "true" : "false", outs[i].joined ? "true" : "false");
		}
		fputs("],\"rule\":", out);
		json_write_string(out, rule);
		fputs("}\n", out);
	} else {
		fprintf(out, "retreat %s %d: %s '%s'", c->from.shown, q->flags,
			who.kind == REF_UNIT ? g->units[who.index].type->id : "general", game_ref_id(g, who));
		if (rules_error_set(&why))
			fprintf(out, "; %s [%s]", why.message, why.rule);
		if (applied == 0) {
			fprintf(out, ": stays at %s, loses nothing\n", a);
		} else {
			fprintf(out, ", %d %s to take [%s]\n", applied, applied == 1 ? "flag" : "flags", rule);
			for (int i = 0; i < n; i++) {
				fprintf(out, "  ");
				if (outs[i].len)
					text_list(out, outs[i].path, (size_t)outs[i].len);
				else
					fprintf(out, "(cannot move)");
				if (outs[i].off_board)
					fprintf(out, " then off the board: destroyed");
				else if (outs[i].lost)
					fprintf(out, ": blocked, loses %d %s%s", outs[i].lost, outs[i].lost == 1 ? "figure" : "figures",
						outs[i].lost >= figures ? " (destroyed)" : "");
				else if (outs[i].joined)
					fprintf(out, ": joins the friendly figure there, the other flags lapse");
				fprintf(out, "\n");
			}
		}
	}
	free(outs);
	free(end);
	free(dest);
}

static bool ask_retreat(ask_ctx *c)
{
	game_ref who[2];
	int n = from_figures(c, "7.1", who);
	c->answers = n;
	for (int i = 0; i < n; i++)
		retreat_one(c, who[i]);
	return n > 0;
}

/* §8.1 `reinforcements SIDE`: the card that brings reserve units (from
 * the ruleset's deck), the side's reserve units still off the board,
 * each with its entry hex and where it would arrive now (the nearest
 * free hexes of the home row when the entry hex is taken). */
static bool ask_reinforcements(ask_ctx *c)
{
	const game *g = c->g;
	FILE *out = c->out;
	int side = game_side_index(g, c->q->from_word);
	if (side < 0)
		return fail(c, "8.1", "'%s' is not a side of this scenario (%s or %s)", c->q->from_word, g->sides[0].id,
			g->sides[1].id);
	const rs_card *card = NULL;
	for (size_t i = 0; i < g->rs->deck.card_count && !card; i++)
		if (g->rs->deck.cards[i].effect && strcmp(g->rs->deck.cards[i].effect, "reinforce") == 0)
			card = &g->rs->deck.cards[i];
	if (!card)
		return fail(c, "8.1", "the %s deck has no card that brings reserve units", g->rs->id);
	if (g->sides[side].reserves == 0)
		return fail(c, "8.1", "%s has no reserve units in this scenario: card '%s' can only be discarded",
			g->sides[side].id, card->id);
	char rule[40], b[HEX_ADDRESS_MAX];
	game_rule(g, "8.1", rule, sizeof rule);
	int left = game_reserves_left(g, side);
	if (c->json) {
		fputs("{\"query\":\"reinforcements\",\"side\":", out);
		json_write_string(out, g->sides[side].id);
		fputs(",\"card\":", out);
		json_write_string(out, card->id);
		fprintf(out, ",\"dice\":%d,\"per_face\":%d,\"faces\":{", card->dice, card->per_face > 0 ? card->per_face : 1);
		for (size_t k = 0; k < card->face_count; k++) {
			fputs(k ? "," : "", out);
			json_write_string(out, card->faces[k].face);
			fputc(':', out);
			json_write_string(out, card->faces[k].unit_type);
		}
		fprintf(out, "},\"arrivals_act\":%s,\"rule\":", card->arrivals_act ? "true" : "false");
		json_write_string(out, rule);
		fputs(",\"reserves\":[", out);
	} else {
		fprintf(out, "reinforcements %s: %d of %d reserve %s left; card '%s' rolls %d dice, each bringing %d unit: ",
			g->sides[side].id, left, g->sides[side].reserves, g->sides[side].reserves == 1 ? "unit" : "units", card->id,
			card->dice, card->per_face > 0 ? card->per_face : 1);
		for (size_t k = 0; k < card->face_count; k++)
			fprintf(out, "%s%s on %s", k ? ", " : "",
				strcmp(card->faces[k].unit_type, "any") == 0 ? "any type" : card->faces[k].unit_type,
				card->faces[k].face);
		fprintf(out, "; arrivals %s this turn [%s]\n", card->arrivals_act ? "may move and battle" :
			"neither move nor battle", rule);
	}
	int n = 0;
	for (size_t i = 0; i < g->unit_count; i++) {
		const game_unit *u = &g->units[i];
		if (!u->reserve || u->side != side)
			continue;
		hex_coord land[2];
		int k = game_landing(g, (int)i, card->entry_fallback, land);
		bool on_entry = k == 1 && land[0].col == u->entry.col && land[0].row == u->entry.row;
		if (c->json) {
			fputs(n ? "," : "", out);
			fputs("{\"unit\":", out);
			json_write_string(out, u->id);
			fputs(",\"type\":", out);
			json_write_string(out, u->type->id);
			fprintf(out, ",\"figures\":%d,\"entry\":", u->figures);
			json_hex(out, u->entry);
			fputs(",\"entry_free\":", out);
			fputs(on_entry ? "true" : "false", out);
			fputs(",\"lands\":", out);
			json_hex_list(out, land, (size_t)k);
			fputc('}', out);
		} else {
			fprintf(out, "  %-14s %-9s enters at %s: ", u->id, u->type->id, hex_format(u->entry, b));
			if (on_entry)
				fprintf(out, "arrives there\n");
			else if (k == 0)
				fprintf(out, "cannot arrive now (its entry hex is taken%s)\n", card->entry_fallback &&
					strcmp(card->entry_fallback, "home-row") == 0 ? ", and so is the whole home row" : "");
			else {
				fprintf(out, "taken, arrives on ");
				text_list(out, land, (size_t)k);
				fprintf(out, "%s\n", k > 1 ? " (equally near: the player chooses)" : "");
			}
		}
		n++;
	}
	if (c->json)
		fputs("]}\n", out);
	else if (n == 0)
		fprintf(out, "  (every reserve unit has arrived: card '%s' can only be discarded)\n", card->id);
	return true;
}

/* ---- the special cards (§8.1) ---- */

/* The deck's card for a question, or a failed question when the
 * ruleset has none. */
static const rs_card *ask_card(ask_ctx *c, const char *effect)
{
	const rs_card *card = cards_find(c->g, effect);
	if (!card)
		fail(c, "8.1", "ruleset %s has no '%s' card", c->g->rs->id, effect);
	return card;
}

static void sharp_one(ask_ctx *c, const rs_card *card, int unit)
{
	const game *g = c->g;
	FILE *out = c->out;
	const game_unit *u = &g->units[unit];
	char rule[40], b[HEX_ADDRESS_MAX];
	game_rule(g, "8.1", rule, sizeof rule);
	bool may = cards_sharp_shooter(g, card, unit);
	const char *worth = g->gaps->saving_rolls ? "point" : "flag";
	int victory = card->victory > 0 ? card->victory : 1;
	if (c->json) {
		json_head(c, unit);
		fprintf(out, ",\"allowed\":%s,\"hit_faces\":[", may ? "true" : "false");
		for (size_t i = 0; i < card->hit_face_count; i++) {
			if (i)
				fputc(',', out);
			json_write_string(out, card->hit_faces[i]);
		}
		fprintf(out, "],\"victory\":%d,\"rule\":", victory);
		json_write_string(out, rule);
		fputs(",\"targets\":[", out);
	} else if (may) {
		fprintf(out, "sharpshooter %s: %s '%s' may shoot at an enemy general; a hit (", c->from.shown, u->type->id,
			u->id);
		for (size_t i = 0; i < card->hit_face_count; i++)
			fprintf(out, "%s%s", i ? " or " : "", card->hit_faces[i]);
		fprintf(out, ") removes him (%d victory %s%s), other faces do nothing [%s]\n", victory, worth,
			victory == 1 ? "" : "s", rule);
	} else {
		fprintf(out, "sharpshooter %s: %s '%s' cannot be ordered: '%s' orders %s %s unit [%s]\n", c->from.shown,
			u->type->id, u->id, card->id, card->units ? card->units : "one", card->types ? card->types : "", rule);
	}
	int shown = 0;
	for (size_t i = 0; may && i < g->general_count; i++) {
		const game_general *gg = &g->generals[i];
		if (!gg->alive || gg->side == u->side)
			continue;
		dice_answer d;
		dice_sharpshot(g, unit, (int)i, card->hits_attached, NULL, &d);
		int with[2];
		int n = game_units_at(g, gg->at, gg->side, with, 2);
		if (c->json) {
			fputs(shown ? ",{\"general\":" : "{\"general\":", out);
			json_write_string(out, gg->id);
			fputs(",\"at\":", out);
			json_hex(out, gg->at);
			fputs(",\"with_unit\":", out);
			if (n > 0)
				json_write_string(out, g->units[with[0]].id);
			else
				fputs("null", out);
			fprintf(out, ",\"distance\":%d,\"dice\":%d,\"allowed\":%s,\"reasons\":[", d.distance, d.dice,
				d.allowed ? "true" : "false");
			for (int k = 0; k < d.reason_count; k++) {
				if (k)
					fputc(',', out);
				json_reason(out, &d.reasons[k]);
			}
			fputs("]}", out);
		} else {
			fprintf(out, "  general '%s' at %s (%s), distance %d: ", gg->id, hex_format(gg->at, b),
				n > 0 ? g->units[with[0]].id : "alone", d.distance);
			if (d.allowed)
				fprintf(out, "%d %s\n", d.dice, d.dice == 1 ? "die" : "dice");
			else
				fprintf(out, "not allowed\n");
			for (int k = 0; k < d.reason_count; k++)
				fprintf(out, "    %s%s [%s]\n", !d.allowed && d.refusal >= 0 && k >= d.refusal ? "refused: " : "",
					d.reasons[k].message, d.reasons[k].rule);
		}
		shown++;
	}
	if (c->json)
		fputs("]}\n", out);
	else if (may && shown == 0)
		fprintf(out, "  no enemy general is in play\n");
}

static bool ask_sharpshooter(ask_ctx *c)
{
	const rs_card *card = ask_card(c, "sharpshooter");
	if (!card)
		return false;
	int units[2];
	int n = from_units(c, units);
	if (n == 0)
		return fail(c, "8.1", "no unit at %s: the sharpshooter is a unit", c->from.shown);
	c->answers = n;
	for (int i = 0; i < n; i++)
		sharp_one(c, card, units[i]);
	return true;
}

static bool ask_rally(ask_ctx *c)
{
	const game *g = c->g;
	FILE *out = c->out;
	const rs_card *card = ask_card(c, "rally");
	if (!card)
		return false;
	int side = game_side_index(g, c->q->from_word);
	if (side < 0)
		return fail(c, "8.1", "no side '%s' in this scenario (%s, %s)", c->q->from_word, g->sides[0].id,
			g->sides[1].id);
	char rule[40], b[HEX_ADDRESS_MAX];
	game_rule(g, "8.1", rule, sizeof rule);
	/* On a position there is no hand: a full one, less the card itself. */
	int dice = cards_rally_dice(card, g->sides[side].hand_size - 1);
	int room = 0;
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].side == side)
			room += cards_rally_room(g, card, (int)i);
	if (c->json) {
		json_head(c, -1);
		fputs(",\"side\":", out);
		json_write_string(out, g->sides[side].id);
		fprintf(out, ",\"dice\":%d,\"dice_from_hand\":%s,\"per_face\":%d,\"faces\":{", dice,
			card->dice_from_hand ? "true" : "false", card->per_face > 0 ? card->per_face : 1);
		for (size_t i = 0; i < card->face_count; i++) {
			if (i)
				fputc(',', out);
			json_write_string(out, card->faces[i].face);
			fputc(':', out);
			json_write_string(out, card->faces[i].unit_type);
		}
		fprintf(out, "},\"room\":%d,\"rule\":", room);
		json_write_string(out, rule);
		fputs(",\"units\":[", out);
	} else {
		fprintf(out, "rally %s: %d %s", g->sides[side].id, dice, dice == 1 ? "die" : "dice");
		if (card->dice_from_hand)
			fprintf(out, " (one per card left in a hand of %d after playing it)", g->sides[side].hand_size - 1);
		fputs("; ", out);
		for (size_t i = 0; i < card->face_count; i++)
			fprintf(out, "%s%s -> %s", i ? ", " : "", card->faces[i].face, card->faces[i].unit_type);
		fprintf(out, "; other faces nothing [%s]\n", rule);
	}
	int shown = 0;
	for (size_t i = 0; i < g->unit_count; i++) {
		const game_unit *u = &g->units[i];
		int r = u->side == side ? cards_rally_room(g, card, (int)i) : 0;
		if (r <= 0)
			continue;
		if (c->json) {
			fputs(shown ? ",{\"unit\":" : "{\"unit\":", out);
			json_write_string(out, u->id);
			fputs(",\"type\":", out);
			json_write_string(out, u->type->id);
			fputs(",\"at\":", out);
			json_hex(out, u->at);
			fprintf(out, ",\"figures\":%d,\"full\":%d,\"room\":%d}", u->figures, u->full, r);
		} else {
			fprintf(out, "  %s '%s' at %s: %d of %d figures, may take back %d\n", u->type->id, u->id,
				hex_format(u->at, b), u->figures, u->full, r);
		}
		shown++;
	}
	if (c->json)
		fputs("]}\n", out);
	else if (shown == 0)
		fprintf(out, "  no unit has lost figures: the roll would return nothing\n");
	else
		fprintf(out, "  %d %s in all; never above full strength, never a destroyed unit\n", room,
			room == 1 ? "figure" : "figures");
	return true;
}

bool ask_answer(const game *g, const ask_query *q, bool json, FILE *out, rules_error *error,
	char *label, size_t label_size)
{
	ask_ctx c = { .g = g, .q = q, .json = json, .out = out, .error = error, .answers = 1 };
	c.from.unit = c.from.general = c.to.unit = c.to.general = -1;
	rules_error_clear(error);
	if (label)
		snprintf(label, label_size, "%s %s", q->name, q->from_word);
	if (q->kind == ASK_REINFORCEMENTS)
		return ask_reinforcements(&c);
	if (q->kind == ASK_RALLY)
		return ask_rally(&c);
	if (!resolve(&c, q->from_word, &c.from))
		return false;
	if (label)
		snprintf(label, label_size, "%s %s", q->name, c.from.unit >= 0 || c.from.general >= 0 ? q->from_word :
			c.from.shown);
	if ((q->kind == ASK_LOS || q->kind == ASK_DICE) && !resolve(&c, q->to_word, &c.to))
		return false;
	switch (q->kind) {
	case ASK_LOS:
		return ask_los(&c);
	case ASK_DICE:
		return ask_dice(&c);
	case ASK_MOVES:
		return ask_moves(&c);
	case ASK_RETREAT:
		return ask_retreat(&c);
	case ASK_REINFORCEMENTS:
		break;
	case ASK_SHARPSHOOTER:
		return ask_sharpshooter(&c);
	case ASK_RALLY:
		return ask_rally(&c);
	}
	return false;
}
