/* orbat ask FILE QUERY...: rules questions on a scenario position.  Queries: los FROM TO, dice FROM TO, moves FROM,
 * retreat FROM FLAGS; several may follow one another.  With --after LOG
 * the questions are asked of the position a game log leads to.  Square-grid
 * scenarios (mb-remastered) take attack FROM TO and buy UNITS instead,
 * answered by ask_square.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/json.h"
#include "../base/util.h"
#include "../cli/command.h"
#include "../cli/options.h"
#include "ask_square.h"
#include "battle.h"
#include "dice.h"
#include "moves.h"
#include "retreat.h"
#include "rules_cli.h"
#include "sight.h"

static void ask_help(FILE *out)
{
	fputs("Usage: orbat ask [OPTIONS] FILE QUERY...\n"
	      "\n"
	      "Answer rules questions on the position of a scenario.  Queries:\n"
	      "  los FROM TO        can the figure at FROM see TO, and if not which\n"
	      "                     hexes block\n"
	      "  dice FROM TO       how many dice the unit at FROM rolls against TO,\n"
	      "                     every modifier and refusal named by its rule\n"
	      "  moves FROM         where the unit (else the general) at FROM may end\n"
	      "                     its move\n"
	      "  retreat FROM FLAGS where the unit (else the general) at FROM may\n"
	      "                     retreat with FLAGS flags, and the figures it loses\n"
	      "                     for flags not taken\n"
	      "Hexes are addresses like C4.  Several queries may follow one another:\n"
	      "  orbat ask bull-run.xml los C4 F6 dice C4 F6 moves C4\n"
	      "\n"
	      "Square-grid scenarios (mb-remastered) take instead:\n"
	      "  attack FROM TO     may the land unit at FROM attack the unit (else the\n"
	      "                     general) at TO, and why; each side's factor and\n"
	      "                     chance to hit a round, every modifier named by its\n"
	      "                     rule\n"
	      "  buy UNITS [--saved N]\n"
	      "                     is buying UNITS (comma-separated, like\n"
	      "                     infantry,cavalry) legal in one turn, with N unused\n"
	      "                     infantry allowance saved from earlier turns\n"
	      "                     (default 0); points left\n"
	      "  orbat ask mb-1861.xml attack M7 M8 buy cavalry,artillery\n"
	      "  orbat ask mb-1861.xml buy infantry,infantry,infantry --saved 1\n"
	      "Every answer names its rules in brackets; 'orbat explain RULE' tells\n"
	      "what a rule says.\n"
	      "\n"
	      "Options (before FILE):\n"
	      "  --format text|json  human answers (default), or one JSON object per\n"
	      "                      query, one per line\n"
	      "  --after LOG         ask about the position after replaying the game\n"
	      "                      log LOG (hex rulesets; - reads standard input)\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Exit status: 0 every query answered (an answer may be \"no\"); 1 the\n"
	      "scenario or the log is invalid, or a query is about nothing (no unit at\n"
	      "FROM, a hex off the board): the other queries are still answered; 2\n"
	      "usage error, unreadable file, or a query the scenario's ruleset does not\n"
	      "take (los on a square grid); 3 internal error or broken installation.\n", out);
}

typedef enum { Q_LOS, Q_DICE, Q_MOVES, Q_RETREAT } query_kind;

typedef struct query {
	query_kind kind;
	const char *name;
	hex_coord from, to;
	int flags;
} query;

static int parse_queries(char **words, int count, query **out, size_t *n)
{
	*out = xcalloc((size_t)count + 1, sizeof **out);
	*n = 0;
	int i = 0;
	while (i < count) {
		query *q = &(*out)[(*n)++];
		const char *w = words[i];
		int args;
		if (strcmp(w, "los") == 0) {
			q->kind = Q_LOS;
			args = 2;
		} else if (strcmp(w, "dice") == 0) {
			q->kind = Q_DICE;
			args = 2;
		} else if (strcmp(w, "moves") == 0) {
			q->kind = Q_MOVES;
			args = 1;
		} else if (strcmp(w, "retreat") == 0) {
			q->kind = Q_RETREAT;
			args = 2;
		} else {
			if (w[0] == '-')
				return options_usage("ask", "options go before FILE, not among the queries ('%s')", w);
			return options_usage("ask", "unknown query '%s' (los, dice, moves, retreat)", w);
		}
		q->name = w;
		if (i + args >= count) {
			return options_usage("ask", "'%s' takes %s", w, args == 1 ? "a hex" :
				q->kind == Q_RETREAT ? "a hex and a number of flags" : "two hexes");
		}
		if (!hex_parse(words[i + 1], &q->from)) {
			return options_usage("ask", "'%s' is not a hex address (like C4)", words[i + 1]);
		}
		if (q->kind == Q_LOS || q->kind == Q_DICE) {
			if (!hex_parse(words[i + 2], &q->to)) {
				return options_usage("ask", "'%s' is not a hex address (like C4)", words[i + 2]);
			}
		} else if (q->kind == Q_RETREAT) {
			long v;
			if (!parse_int(words[i + 2], 0, RETREAT_MAX_FLAGS, &v)) {
				return options_usage("ask", "'%s' is not a number of flags (0 to %d)", words[i + 2],
					RETREAT_MAX_FLAGS);
			}
			q->flags = (int)v;
		}
		i += args + 1;
	}
	if (*n == 0) {
		return options_usage("ask", "name at least one query (los, dice, moves, retreat)");
	}
	return EXIT_VALID;
}

/* ---- output helpers ---- */

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

static void json_head(FILE *out, const query *q)
{
	fputs("{\"query\":", out);
	json_write_string(out, q->name);
	fputs(",\"from\":", out);
	json_hex(out, q->from);
	if (q->kind == Q_LOS || q->kind == Q_DICE) {
		fputs(",\"to\":", out);
		json_hex(out, q->to);
	}
}

static void text_list(FILE *out, const hex_coord *hexes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char b[HEX_ADDRESS_MAX];
		fprintf(out, "%s%s", i ? " " : "", hex_format(hexes[i], b));
	}
}

/* A query about nothing: an answer object with empty results and an
 * "error" field; exit status 1. */
static void answer_error(const game *g, const query *q, output_format format, const char *section, const char *fmt, ...)
	DIAG_PRINTF(5, 6);

static void answer_error(const game *g, const query *q, output_format format, const char *section, const char *fmt, ...)
{
	char msg[400], rule[40];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	game_rule(g, section, rule, sizeof rule);
	char full[460];
	snprintf(full, sizeof full, "%s [%s]", msg, rule);
	if (format == FORMAT_TEXT) {
		fflush(stdout);   /* answers and errors in the order of the queries */
		fprintf(stderr, "orbat ask: %s %s: error: %s\n", q->name, hex_format(q->from, (char[HEX_ADDRESS_MAX]){ 0 }),
			full);
		return;
	}
	json_head(stdout, q);
	switch (q->kind) {
	case Q_LOS:
		fprintf(stdout, ",\"distance\":%d,\"visible\":false,\"blocked_by\":[]", hex_distance(q->from, q->to));
		break;
	case Q_DICE:
		fprintf(stdout, ",\"distance\":%d,\"dice\":0,\"allowed\":false,\"reasons\":[", hex_distance(q->from, q->to));
		json_write_string(stdout, full);
		fputc(']', stdout);
		break;
	case Q_MOVES:
		fputs(",\"reachable\":[]", stdout);
		break;
	case Q_RETREAT:
		fprintf(stdout, ",\"flags\":%d,\"destinations\":[],\"losses\":0", q->flags);
		break;
	}
	fputs(",\"error\":", stdout);
	json_write_string(stdout, full);
	fputs("}\n", stdout);
}

static bool check_on_board(const game *g, const query *q, hex_coord h, output_format format)
{
	if (game_on_board(g, h))
		return true;
	char b[HEX_ADDRESS_MAX];
	answer_error(g, q, format, "1", "%s is not on the %d x %d board", hex_format(h, b), g->board.columns, g->board.rows);
	return false;
}

/* ---- the four questions ---- */

static bool ask_los(const game *g, const query *q, output_format format)
{
	if (!check_on_board(g, q, q->from, format) || !check_on_board(g, q, q->to, format))
		return false;
	los_result r;
	los_result_init(&r);
	sight_check(g, q->from, q->to, &r);
	char a[HEX_ADDRESS_MAX], b[HEX_ADDRESS_MAX], rule[40];
	game_rule(g, "6.1", rule, sizeof rule);
	if (format == FORMAT_JSON) {
		json_head(stdout, q);
		fprintf(stdout, ",\"distance\":%d,\"visible\":%s,\"blocked_by\":", r.distance, r.visible ? "true" : "false");
		json_hex_list(stdout, r.blocked, r.blocked_count);
		fprintf(stdout, ",\"edge_blocked\":%s,\"rule\":", r.edge_blocked ? "true" : "false");
		json_write_string(stdout, rule);
		fputs("}\n", stdout);
	} else {
		printf("los %s %s: distance %d, ", hex_format(q->from, a), hex_format(q->to, b), r.distance);
		if (r.visible) {
			printf("visible [%s]\n", rule);
		} else {
			printf("blocked by ");
			text_list(stdout, r.blocked, r.blocked_count);
			printf("%s [%s]\n", r.edge_blocked ? " (the line runs along hex edges with obstructions on both sides)" : "",
				rule);
		}
	}
	los_result_finish(&r);
	return true;
}

static bool ask_dice(const game *g, const query *q, output_format format)
{
	if (!check_on_board(g, q, q->from, format))
		return false;
	char a[HEX_ADDRESS_MAX], b[HEX_ADDRESS_MAX];
	int units[2];
	if (game_units_at(g, q->from, -1, units, 2) == 0) {
		int gen = game_general_at(g, q->from);
		if (gen >= 0)
			answer_error(g, q, format, g->rs->battle.rule, "general '%s' at %s is alone, and a lone general does not battle",
				g->generals[gen].id, hex_format(q->from, a));
		else
			answer_error(g, q, format, g->rs->battle.rule, "no unit at %s", hex_format(q->from, a));
		return false;
	}
	dice_answer d;
	dice_battle(g, units[0], q->to, (game_ref){ REF_NONE, -1 }, NULL, &d);
	const game_unit *u = &g->units[units[0]];
	if (format == FORMAT_JSON) {
		json_head(stdout, q);
		fprintf(stdout, ",\"distance\":%d,\"dice\":%d,\"allowed\":%s,\"reasons\":[", d.distance, d.dice,
			d.allowed ? "true" : "false");
		for (int i = 0; i < d.reason_count; i++) {
			if (i)
				fputc(',', stdout);
			json_write_string(stdout, d.reasons[i]);
		}
		fputs("],\"attacker\":", stdout);
		json_write_string(stdout, u->id);
		fputs(",\"target\":", stdout);
		if (d.target.kind == REF_NONE)
			fputs("null", stdout);
		else
			json_write_string(stdout, game_ref_id(g, d.target));
		fputs("}\n", stdout);
	} else {
		printf("dice %s %s: %s '%s' against ", hex_format(q->from, a), hex_format(q->to, b), u->type->id, u->id);
		if (d.target.kind == REF_NONE)
			printf("nothing");
		else
			printf("%s '%s'", d.target.kind == REF_UNIT ? g->units[d.target.index].type->id : "general",
				game_ref_id(g, d.target));
		printf(", distance %d: ", d.distance);
		if (d.allowed)
			printf("%d %s\n", d.dice, d.dice == 1 ? "die" : "dice");
		else
			printf("not allowed\n");
		for (int i = 0; i < d.reason_count; i++)
			printf("  %s%s\n", !d.allowed && d.refusal >= 0 && i >= d.refusal ? "refused: " : "", d.reasons[i]);
	}
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

/* The unit (else the general) at the query's FROM hex, reported under the
 * rule `section` when the hex is off the board or empty. */
static bool occupant_at(const game *g, const query *q, output_format format, const char *section,
	game_ref *who, int units[2], int *nunits, int *gen)
{
	if (!check_on_board(g, q, q->from, format))
		return false;
	char a[HEX_ADDRESS_MAX];
	*nunits = game_units_at(g, q->from, -1, units, 2);
	*gen = game_general_at(g, q->from);
	if (*nunits == 0 && *gen < 0) {
		answer_error(g, q, format, section, "no unit or general at %s", hex_format(q->from, a));
		return false;
	}
	*who = *nunits ? (game_ref){ REF_UNIT, units[0] } : (game_ref){ REF_GENERAL, *gen };
	return true;
}

static bool ask_moves(const game *g, const query *q, output_format format)
{
	char a[HEX_ADDRESS_MAX];
	int units[2], nunits, gen;
	game_ref who;
	if (!occupant_at(g, q, format, "3", &who, units, &nunits, &gen))
		return false;
	move_options o = { nunits > 0 && gen >= 0 && g->generals[gen].side == g->units[units[0]].side, -1 };
	if (who.kind == REF_UNIT)
		o.max_hexes = static_brigade_speed(g, who.index);
	hex_coord *list = NULL, *battle = NULL;
	size_t bcount = 0;
	size_t count = reach_list(g, who, &o, &list, who.kind == REF_UNIT ? &battle : NULL, &bcount);
	hex_coord *glist = NULL;
	size_t gcount = 0;
	bool general_too = who.kind == REF_UNIT && o.with_general;
	if (general_too) {
		move_options go = { false, -1 };
		gcount = reach_list(g, (game_ref){ REF_GENERAL, gen }, &go, &glist, NULL, NULL);
	}
	char rule[40];
	game_rule(g, "3", rule, sizeof rule);
	if (format == FORMAT_JSON) {
		json_head(stdout, q);
		fputs(",\"reachable\":", stdout);
		json_hex_list(stdout, list, count);
		fputs(",\"figure\":", stdout);
		json_write_string(stdout, game_ref_id(g, who));
		fprintf(stdout, ",\"kind\":\"%s\"", who.kind == REF_UNIT ? "unit" : "general");
		fprintf(stdout, ",\"max_hexes\":%d", o.max_hexes >= 0 ? o.max_hexes : moves_max(g, who));
		if (who.kind == REF_UNIT) {
			fputs(",\"battle_after\":", stdout);
			json_hex_list(stdout, battle, bcount);
		}
		if (general_too) {
			fputs(",\"general\":{\"id\":", stdout);
			json_write_string(stdout, g->generals[gen].id);
			fputs(",\"reachable\":", stdout);
			json_hex_list(stdout, glist, gcount);
			fputc('}', stdout);
		}
		fputs(",\"rule\":", stdout);
		json_write_string(stdout, rule);
		fputs("}\n", stdout);
	} else {
		int max = o.max_hexes >= 0 ? o.max_hexes : moves_max(g, who);
		printf("moves %s: %s '%s' (up to %d %s%s%s) may end its move on: ", hex_format(q->from, a),
			who.kind == REF_UNIT ? g->units[who.index].type->id : "general", game_ref_id(g, who), max,
			max == 1 ? "hex" : "hexes", general_too ? ", taking general " : "",
			general_too ? g->generals[gen].id : "");
		if (count)
			text_list(stdout, list, count);
		else
			printf("nowhere");
		printf(" [%s]\n", rule);
		if (who.kind == REF_UNIT) {
			printf("  and still battle from: ");
			if (bcount)
				text_list(stdout, battle, bcount);
			else
				printf("none of them");
			printf("\n");
		}
		if (general_too) {
			printf("  general '%s' on his own may end on: ", g->generals[gen].id);
			if (gcount)
				text_list(stdout, glist, gcount);
			else
				printf("nowhere");
			printf("\n");
		}
	}
	free(list);
	free(battle);
	free(glist);
	return true;
}

static bool ask_retreat(const game *g, const query *q, output_format format)
{
	char a[HEX_ADDRESS_MAX];
	int units[2], nunits, gen;
	game_ref who;
	if (!occupant_at(g, q, format, "7.1", &who, units, &nunits, &gen))
		return false;
	bool with_general = who.kind == REF_UNIT && game_unit_general(g, who.index) >= 0;
	int figures = battle_figures(g, who);
	char why[300];
	int applied = battle_flags_apply(g, who, q->flags, figures, why, sizeof why);
	retreat_outcome *out = xcalloc(RETREAT_MAX_OUTCOMES, sizeof *out);
	int n = applied > 0 ? retreat_outcomes(g, who, applied, with_general, out, RETREAT_MAX_OUTCOMES) : 0;
	if (n > RETREAT_MAX_OUTCOMES)
		n = RETREAT_MAX_OUTCOMES;
	/* Distinct ends, in board order; the least loss over the choices. */
	size_t cells = hex_count(&g->board);
	bool *end = xcalloc(cells, sizeof *end);
	int best = applied > 0 ? -1 : 0;
	bool all_destroyed = applied > 0 && n > 0;
	for (int i = 0; i < n; i++) {
		int loss = out[i].off_board ? figures : out[i].lost;
		if (loss > figures)
			loss = figures;
		if (best < 0 || loss < best)
			best = loss;
		if (!(out[i].off_board || loss >= figures))
			all_destroyed = false;
		if (!out[i].off_board) {
			hex_coord e = out[i].len ? out[i].path[out[i].len - 1] : q->from;
			end[hex_index(&g->board, e)] = true;
		}
	}
	if (best < 0)
		best = 0;
	hex_coord *dest = xcalloc(cells + 1, sizeof *dest);
	size_t dn = 0;
	if (applied == 0)
		dest[dn++] = q->from;
	else
		for (size_t i = 0; i < cells; i++)
			if (end[i])
				dest[dn++] = hex_from_index(&g->board, i);
	char rule[40];
	game_rule(g, "7.1", rule, sizeof rule);
	if (format == FORMAT_JSON) {
		json_head(stdout, q);
		fprintf(stdout, ",\"flags\":%d,\"destinations\":", q->flags);
		json_hex_list(stdout, dest, dn);
		fprintf(stdout, ",\"losses\":%d,\"figure\":", best);
		json_write_string(stdout, game_ref_id(g, who));
		fprintf(stdout, ",\"flags_applied\":%d,\"ignored\":", applied);
		if (why[0])
			json_write_string(stdout, why);
		else
			fputs("null", stdout);
		fprintf(stdout, ",\"eliminated\":%s,\"outcomes\":[", all_destroyed ? "true" : "false");
		for (int i = 0; i < n; i++) {
			fprintf(stdout, "%s{\"path\":", i ? "," : "");
			json_hex_list(stdout, out[i].path, (size_t)out[i].len);
			fprintf(stdout, ",\"losses\":%d,\"off_board\":%s,\"joined\":%s}",
				out[i].off_board ? figures : (out[i].lost > figures ? figures : out[i].lost),
				out[i].off_board ? "true" : "false", out[i].joined ? "true" : "false");
		}
		fputs("],\"rule\":", stdout);
		json_write_string(stdout, rule);
		fputs("}\n", stdout);
	} else {
		printf("retreat %s %d: %s '%s'", hex_format(q->from, a), q->flags,
			who.kind == REF_UNIT ? g->units[who.index].type->id : "general", game_ref_id(g, who));
		if (why[0])
			printf("; %s", why);
		if (applied == 0) {
			printf(": stays at %s, loses nothing\n", a);
		} else {
			printf(", %d %s to take [%s]\n", applied, applied == 1 ? "flag" : "flags", rule);
			for (int i = 0; i < n; i++) {
				printf("  ");
				if (out[i].len)
					text_list(stdout, out[i].path, (size_t)out[i].len);
				else
					printf("(cannot move)");
				if (out[i].off_board)
					printf(" then off the board: destroyed");
				else if (out[i].lost)
					printf(": blocked, loses %d %s%s", out[i].lost, out[i].lost == 1 ? "figure" : "figures",
						out[i].lost >= figures ? " (destroyed)" : "");
				else if (out[i].joined)
					printf(": joins the friendly figure there, the other flags lapse");
				printf("\n");
			}
		}
	}
	free(out);
	free(end);
	free(dest);
	return true;
}

/* The square-grid questions: attack and buy (ask_square.c). */
static int ask_square_file(const char *file, char **words, int count, output_format format, const char *after)
{
	if (after) {
		fputs("orbat ask: --after takes game logs of the hex rulesets; attack and buy are asked of the "
		      "scenario's own position\n", stderr);
		return EXIT_USAGE;
	}
	rules_session s;
	int code = rules_session_load(&s, "ask", file, format);
	if (code != EXIT_VALID)
		return code;
	if (s.rs->grid != GRID_SQUARE) {
		fprintf(stderr, "orbat ask: attack and buy are questions of the square-grid rulesets; %s uses ruleset %s "
			"(ask los, dice, moves, retreat)\n", file, s.rs->id);
		rules_session_close(&s);
		return EXIT_USAGE;
	}
	diag_sink_clear(&s.sink);
	code = ask_square_run(s.sc, s.rs, words, count, format);
	rules_session_close(&s);
	return code;
}

static int ask_run(int argc, char **argv)
{
	const char *after = NULL;
	const options_own own[] = {
		{ "after", OPTIONS_STRING, .to.string = &after, .what = "a game log" },
		{ NULL },
	};
	/* Options end at FILE: the queries that follow are never options
	 * (buy has its own --saved). */
	const options_spec spec = {
		.common = OPTIONS_FORMAT,
		.own = own,
		.stop_at_operand = true,
	};
	options o;
	int code = options_parse(&o, &command_ask, &spec, argc, argv);
	if (code >= 0)
		return code;
	output_format format = o.format == 1 ? FORMAT_JSON : FORMAT_TEXT;
	if (o.operand_count == 0)
		return options_usage("ask", "name a scenario file and at least one query");
	const char *file = o.operands[0];
	char **words = o.operands + 1;
	int word_count = o.operand_count - 1;
	if (word_count > 0 && (strcmp(words[0], "attack") == 0 || strcmp(words[0], "buy") == 0))
		return ask_square_file(file, words, word_count, format, after);
	query *queries = NULL;
	size_t nq = 0;
	code = parse_queries(words, word_count, &queries, &nq);
	if (code != EXIT_VALID) {
		free(queries);
		return code;
	}
	rules_session s;
	code = rules_session_open(&s, "ask", file, format);
	if (code != EXIT_VALID) {
		free(queries);
		return code;
	}
	if (after) {
		referee *r = NULL;
		code = rules_replay(&s, "ask", after, format, &r);
		referee_destroy(r);
		if (code != EXIT_VALID) {
			rules_session_close(&s);
			free(queries);
			return code;
		}
	}
	for (size_t i = 0; i < nq; i++) {
		bool ok = true;
		switch (queries[i].kind) {
		case Q_LOS:
			ok = ask_los(s.g, &queries[i], format);
			break;
		case Q_DICE:
			ok = ask_dice(s.g, &queries[i], format);
			break;
		case Q_MOVES:
			ok = ask_moves(s.g, &queries[i], format);
			break;
		case Q_RETREAT:
			ok = ask_retreat(s.g, &queries[i], format);
			break;
		}
		if (!ok)
			code = EXIT_INVALID;
	}
	rules_session_close(&s);
	free(queries);
	return code;
}

const command command_ask = {
	.name = "ask",
	.summary = "rules questions on a position (los, dice, moves, attack, buy...)",
	.run = ask_run,
	.help = ask_help,
};
