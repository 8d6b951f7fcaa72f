/* Rules questions for the square-grid ruleset (mb-remastered): attack
 * legality and odds, purchases.  Rule ids are the ruleset prefix with:
 *   11.board     squares off the board
 *   11.combat    who may fight whom: adjacency, diagonals, range, the first shot
 *   11.units     the attack and defend factors of the unit table
 *   11.generals  +bonus to friendly units within the general's range
 *   11.capitals  a side whose capital the enemy holds loses that bonus
 *   11.entrench  infantry in a city defends better
 *   11.purchase  purchase points and the infantry allowance */
#include "ask_square.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/json.h"
#include "../base/util.h"

#define ASK_SQ_MAX_SAVED 99

static void add_reason(char reasons[][ASK_SQ_REASON_MAX], int *count, const char *rule, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

static void add_reason(char reasons[][ASK_SQ_REASON_MAX], int *count, const char *rule, const char *fmt, ...)
{
	if (*count >= ASK_SQ_MAX_REASONS)
		return;
	char msg[ASK_SQ_REASON_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (snprintf(reasons[*count], ASK_SQ_REASON_MAX, "%s [%s]", msg, rule) >= ASK_SQ_REASON_MAX)
		memcpy(reasons[*count] + ASK_SQ_REASON_MAX - 5, "...]", 5);
	(*count)++;
}

static square_coord coord(const sc_address *a)
{
	return (square_coord){ a->hex.col, a->hex.row };
}

static bool at_square(const sc_address *a, square_coord sq)
{
	return a->text && a->valid && a->hex.col == sq.col && a->hex.row == sq.row;
}

static const char *side_id(const scenario *sc, size_t side)
{
	return side < sc->side_count && sc->sides[side].id.text ? sc->sides[side].id.text : "?";
}

static const char *sq(square_coord c, char buf[SQUARE_ADDRESS_MAX])
{
	return square_format(c, buf);
}

/* The land unit (neither naval nor the leader) standing at the square. */
static long land_unit_at(const scenario *sc, const ruleset *rs, square_coord at)
{
	for (size_t i = 0; i < sc->unit_count; i++) {
		const sc_unit *u = &sc->units[i];
		if (u->aboard || !at_square(&u->at, at))
			continue;
		const rs_square_unit *t = ruleset_find_square_unit(rs, u->type.text);
		if (t && !t->naval && !t->leader)
			return (long)i;
	}
	return -1;
}

static long general_at(const scenario *sc, square_coord at)
{
	for (size_t i = 0; i < sc->general_count; i++)
		if (at_square(&sc->generals[i].at, at))
			return (long)i;
	return -1;
}

static long ship_at(const scenario *sc, square_coord at)
{
	for (size_t i = 0; i < sc->ship_count; i++)
		if (at_square(&sc->ships[i].at, at))
			return (long)i;
	return -1;
}

static long city_at(const scenario *sc, square_coord at)
{
	for (size_t i = 0; i < sc->city_count; i++)
		if (at_square(&sc->cities[i].at, at))
			return (long)i;
	return -1;
}

/* The general's type: the leader row of the unit table. */
static const rs_square_unit *leader_type(const ruleset *rs)
{
	for (size_t i = 0; i < rs->square.unit_count; i++)
		if (rs->square.units[i].leader)
			return &rs->square.units[i];
	return NULL;
}

/* Whether the enemy holds the side's capital.  The scenario model gives who
 * controls each city; when the capital is not on the map it cannot tell,
 * and the bonus stays. */
static long capital_lost(const scenario *sc, const ruleset *rs, size_t side)
{
	if (!rs->square.capital_bonus_lost)
		return -1;
	const char *sid = side_id(sc, side);
	for (size_t k = 0; k < rs->square.capital_count; k++) {
		const rs_square_place *cap = &rs->square.capitals[k];
		if (!str_eq(cap->side, sid))
			continue;
		for (size_t i = 0; i < sc->city_count; i++) {
			const sc_city *c = &sc->cities[i];
			if (str_eq(c->id.text, cap->id) && c->side.text && !str_eq(c->side.text, sid))
				return (long)i;
		}
	}
	return -1;
}

/* The nearest friendly general within range of the square, other than the
 * figure itself (exclude: a general index, or -1). */
static long general_in_range(const scenario *sc, const ruleset *rs, size_t side, square_coord at, long exclude,
	int *distance)
{
	long best = -1;
	int best_d = 0;
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		if ((long)i == exclude || g->side != side || !g->at.text || !g->at.valid)
			continue;
		int d = square_distance(coord(&g->at), at);
		if (d <= rs->square.general_range && (best < 0 || d < best_d)) {
			best = (long)i;
			best_d = d;
		}
	}
	*distance = best_d;
	return best;
}

/* Apply the general's bonus (and entrenchment, for the defender) to a
 * fighter; returns the modified factor before the cap. */
static int modifiers(const scenario *sc, const ruleset *rs, ask_sq_attack *a, ask_sq_fighter *f, square_coord at,
	long self_general, bool defending)
{
	int factor = f->base;
	char b[SQUARE_ADDRESS_MAX];
	const char *what = defending ? "defence" : "attack";
	int d = 0;
	long gen = general_in_range(sc, rs, f->side, at, self_general, &d);
	long lost = gen >= 0 ? capital_lost(sc, rs, f->side) : -1;
	bool bonus = gen >= 0 && lost < 0 && rs->square.general_bonus != 0;
	if (gen >= 0 && lost >= 0)
		add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.capitals"),
			"no general bonus for %s: the enemy holds its capital %s", f->id, sc->cities[lost].id.text);
	bool entrenched = defending && !f->general && rs->square.entrench_unit &&
		str_eq(f->type->id, rs->square.entrench_unit) && city_at(sc, at) >= 0;
	if (entrenched) {
		const sc_city *c = &sc->cities[city_at(sc, at)];
		const char *city = c->name.text ? c->name.text : c->id.text ? c->id.text : sq(at, b);
		if (bonus) {
			/* +2 with a general in range is the whole bonus: the general's
			 * own +1 is not added again. */
			factor += rs->square.entrench_general_bonus;
			add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.entrench"),
				"%+d defence: %s entrenched in %s with general '%s' in range (%d %s away, within %d)",
				rs->square.entrench_general_bonus, f->type->id, city, sc->generals[gen].id.text, d,
				d == 1 ? "square" : "squares", rs->square.general_range);
		} else {
			factor += rs->square.entrench_bonus;
			add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.entrench"),
				"%+d defence: %s entrenched in %s", rs->square.entrench_bonus, f->type->id, city);
		}
	} else if (bonus) {
		factor += rs->square.general_bonus;
		add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.generals"),
			"%+d %s: general '%s' at %s is %d %s away (within %d)", rs->square.general_bonus, what,
			sc->generals[gen].id.text, sq(coord(&sc->generals[gen].at), b), d, d == 1 ? "square" : "squares",
			rs->square.general_range);
	}
	return factor;
}

static void finish_factor(const ruleset *rs, ask_sq_attack *a, ask_sq_fighter *f, int factor, bool defending)
{
	int faces = rs->square.die_faces > 0 ? rs->square.die_faces : 6;
	if (factor > faces) {
		add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.combat"),
			"%s factor %d capped at %d (a hit is a roll at or below the factor)", defending ? "defend" : "attack",
			factor, faces);
		factor = faces;
	}
	if (factor < 0)
		factor = 0;
	f->factor = factor;
	f->hit = f->rolls ? (double)factor / faces : 0.0;
}

/* Distance as the type counts it: with diagonal steps when it fights
 * across corners, else across sides only. */
static int reach(const rs_square_unit *t, square_coord a, square_coord b)
{
	return t->diagonal ? square_distance(a, b) : square_orthogonal_distance(a, b);
}

void ask_square_attack(const scenario *sc, const ruleset *rs, square_coord from, square_coord to, ask_sq_attack *a)
{
	memset(a, 0, sizeof *a);
	a->from = from;
	a->to = to;
	a->distance = square_distance(from, to);
	a->defender_hit_effective = 0.0;
	char b1[SQUARE_ADDRESS_MAX], b2[SQUARE_ADDRESS_MAX];
	const char *combat = ruleset_rule(rs, "11.combat");
	square_board board;
	int columns = sc->columns.valid ? (int)sc->columns.value : rs->board.columns;
	int rows = sc->rows.valid ? (int)sc->rows.value : rs->board.rows;
	square_board_init(&board, columns, rows);
	if (!square_on_board(&board, from) || !square_on_board(&board, to)) {
		a->error = true;
		add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.board"), "%s is not on the %d x %d board",
			sq(square_on_board(&board, from) ? to : from, b1), columns, rows);
		return;
	}
	long au = land_unit_at(sc, rs, from);
	if (au < 0) {
		a->error = true;
		long g = general_at(sc, from), s = ship_at(sc, from);
		if (g >= 0)
			add_reason(a->reasons, &a->reason_count, combat,
				"general '%s' at %s has no attack factor: a general does not attack", sc->generals[g].id.text,
				sq(from, b1));
		else if (s >= 0)
			add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.naval"),
				"ship '%s' at %s fights in naval combat, not in a land attack", sc->ships[s].id.text, sq(from, b1));
		else
			add_reason(a->reasons, &a->reason_count, combat, "no land unit at %s", sq(from, b1));
		return;
	}
	const sc_unit *u = &sc->units[au];
	ask_sq_fighter *at = &a->attacker;
	at->id = u->id.text;
	at->type = ruleset_find_square_unit(rs, u->type.text);
	at->side = u->side;
	at->base = at->type->attack;
	at->rolls = true;

	/* The target: a land unit, else a general; ships are not land targets. */
	ask_sq_fighter *df = &a->defender;
	long du = land_unit_at(sc, rs, to), dg = -1;
	if (du >= 0) {
		df->id = sc->units[du].id.text;
		df->type = ruleset_find_square_unit(rs, sc->units[du].type.text);
		df->side = sc->units[du].side;
	} else if ((dg = general_at(sc, to)) >= 0 && leader_type(rs)) {
		df->id = sc->generals[dg].id.text;
		df->type = leader_type(rs);
		df->side = sc->generals[dg].side;
		df->general = true;
	}
	if (!df->id) {
		long s = ship_at(sc, to);
		if (s >= 0)
			add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.naval"),
				"only ship '%s' is at %s: ships fight in naval combat, not against a land attack",
				sc->ships[s].id.text, sq(to, b2));
		else
			add_reason(a->reasons, &a->reason_count, combat, "no enemy unit or general at %s: nothing to attack",
				sq(to, b2));
		return;
	}
	if (df->side == at->side) {
		add_reason(a->reasons, &a->reason_count, combat, "%s '%s' at %s is friendly (%s): attack only the enemy",
			df->general ? "general" : df->type->id, df->id, sq(to, b2), side_id(sc, df->side));
		return;
	}
	if (a->distance == 0) {
		add_reason(a->reasons, &a->reason_count, combat, "%s and %s are the same square", sq(from, b1), sq(to, b2));
		return;
	}
	bool orth = square_orthogonal(from, to);
	bool adjacent = a->distance == 1;
	if (adjacent && orth) {
		add_reason(a->reasons, &a->reason_count, combat, "%s attacks across a square's side (adjacent)",
			at->type->id);
	} else if (adjacent && !at->type->diagonal) {
		add_reason(a->reasons, &a->reason_count, combat,
			"%s fights only across a square's side, and %s touches %s only at a corner", at->type->id,
			sq(from, b1), sq(to, b2));
		return;
	} else if (adjacent) {
		add_reason(a->reasons, &a->reason_count, combat, "%s attacks across a square's corner (diagonal)",
			at->type->id);
	} else if (reach(at->type, from, to) <= at->type->range) {
		add_reason(a->reasons, &a->reason_count, combat, "%s fires %d squares%s (range %d)", at->type->id,
			a->distance, at->type->diagonal ? ", diagonal steps counted" : "", at->type->range);
	} else {
		add_reason(a->reasons, &a->reason_count, combat,
			"%s is %d squares away: %s fights %s (range %d)", sq(to, b2), a->distance, at->type->id,
			at->type->range > 1 ? "no further" : "adjacent squares only", at->type->range);
		return;
	}
	a->allowed = true;

	/* Factors and modifiers. */
	const char *units = ruleset_rule(rs, "11.units");
	add_reason(a->reasons, &a->reason_count, units, "attack factor %d: %s", at->base, at->type->id);
	int af = modifiers(sc, rs, a, at, from, -1, false);
	finish_factor(rs, a, at, af, false);

	df->base = df->type->defend;
	/* Both sides roll in a combat between adjacent squares; from further
	 * away the defender answers only when it reaches the attacker. */
	df->rolls = adjacent || reach(df->type, to, from) <= df->type->range;
	add_reason(a->reasons, &a->reason_count, units, "defend factor %d: %s", df->base,
		df->general ? "general" : df->type->id);
	int dfac = modifiers(sc, rs, a, df, to, dg, true);
	finish_factor(rs, a, df, dfac, true);
	if (!df->rolls)
		add_reason(a->reasons, &a->reason_count, combat,
			"the defender cannot fire back: %s is %d squares away, beyond its range %d", sq(from, b1),
			a->distance, df->type->range);
	a->fires_first = at->type->fires_first && df->rolls;
	a->defender_hit_effective = df->hit;
	if (a->fires_first) {
		a->defender_hit_effective = (1.0 - at->hit) * df->hit;
		add_reason(a->reasons, &a->reason_count, combat,
			"%s fires first: a hit removes the defender before it rolls", at->type->id);
	}
}

void ask_square_buy(const ruleset *rs, const char *const *units, size_t count, int saved, ask_sq_buy *b)
{
	memset(b, 0, sizeof *b);
	const char *rule = ruleset_rule(rs, "11.purchase");
	b->points = rs->square.purchase_points;
	int limit = rs->square.purchase_limit;
	b->infantry_allowance = rs->square.save_limit ? limit + saved : limit;
	bool ok = true;
	for (size_t i = 0; i < count; i++) {
		const rs_square_unit *t = ruleset_find_square_unit(rs, units[i]);
		if (!t) {
			char *known = NULL;
			for (size_t k = 0; k < rs->square.unit_count; k++)
				if (rs->square.units[k].cost >= 0) {
					char *next = xasprintf("%s%s%s", known ? known : "", known ? ", " : "",
						rs->square.units[k].id);
					free(known);
					known = next;
				}
			add_reason(b->reasons, &b->reason_count, rule, "unknown unit '%s' (%s)", units[i], known ? known : "");
			free(known);
			b->error = true;
			ok = false;
			continue;
		}
		if (t->cost < 0) {
			add_reason(b->reasons, &b->reason_count, rule, "%s cannot be bought", t->id);
			ok = false;
			continue;
		}
		b->cost += t->cost;
		if (rs->square.limited_unit && str_eq(t->id, rs->square.limited_unit))
			b->infantry++;
	}
	b->points_left = b->points - b->cost;
	if (b->cost > b->points) {
		add_reason(b->reasons, &b->reason_count, rule, "costs %d points, more than the %d purchase points of a turn",
			b->cost, b->points);
		ok = false;
	} else {
		add_reason(b->reasons, &b->reason_count, rule, "costs %d of the %d purchase points of a turn", b->cost,
			b->points);
	}
	if (rs->square.limited_unit && limit > 0) {
		const char *inf = rs->square.limited_unit;
		if (b->infantry > b->infantry_allowance) {
			add_reason(b->reasons, &b->reason_count, rule,
				"%d %s, more than the allowance of %d (%d a turn%s)", b->infantry, inf, b->infantry_allowance,
				limit, rs->square.save_limit ? (saved ? " plus saved" : ", none saved") : ", not saved");
			ok = false;
		} else {
			/* What is left of the allowance carries over, once the
			 * purchase stands. */
			b->infantry_saved = rs->square.save_limit && ok ? b->infantry_allowance - b->infantry : 0;
			if (rs->square.save_limit && ok)
				add_reason(b->reasons, &b->reason_count, rule,
					"%d %s within the allowance of %d (%d a turn + %d saved); %d saved for later turns",
					b->infantry, inf, b->infantry_allowance, limit, saved, b->infantry_saved);
			else if (rs->square.save_limit)
				add_reason(b->reasons, &b->reason_count, rule,
					"%d %s within the allowance of %d (%d a turn + %d saved)", b->infantry, inf,
					b->infantry_allowance, limit, saved);
			else
				add_reason(b->reasons, &b->reason_count, rule, "%d %s within the limit of %d a turn",
					b->infantry, inf, limit);
		}
	}
	if (count == 0) {
		add_reason(b->reasons, &b->reason_count, rule, "nothing to buy");
		ok = false;
	}
	b->allowed = ok;
}

/* ---- the command line ---- */

/* A query that cannot be read: one line and the pointer to the help, as
 * every orbat command gives a usage error (this file is part of liborbat,
 * without the command line's option parser). */
static int query_usage(const char *fmt, ...) DIAG_PRINTF(1, 2);

static int query_usage(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fflush(stdout);
	fputs("orbat ask: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputs("\nTry 'orbat ask --help' for more information.\n", stderr);
	va_end(ap);
	return EXIT_USAGE;
}

typedef enum { SQ_ATTACK, SQ_BUY } sq_kind;

typedef struct sq_query {
	sq_kind kind;
	square_coord from, to;
	const char *list;    /* buy: "infantry,cavalry" as written */
	int saved;
} sq_query;

static int parse_square_queries(char **words, int count, sq_query **out, size_t *n)
{
	*out = xcalloc((size_t)count + 1, sizeof **out);
	*n = 0;
	int i = 0;
	while (i < count) {
		sq_query *q = &(*out)[(*n)++];
		const char *w = words[i];
		if (strcmp(w, "attack") == 0) {
			q->kind = SQ_ATTACK;
			if (i + 2 >= count) {
				return query_usage("'attack' takes two squares");
			}
			for (int k = 1; k <= 2; k++) {
				square_coord c;
				if (!square_parse(words[i + k], &c)) {
					return query_usage("'%s' is not a square address (like M7)", words[i + k]);
				}
				if (k == 1)
					q->from = c;
				else
					q->to = c;
			}
			i += 3;
		} else if (strcmp(w, "buy") == 0) {
			q->kind = SQ_BUY;
			if (i + 1 >= count || words[i + 1][0] == '\0' || words[i + 1][0] == '-') {
				return query_usage("'buy' takes a comma-separated list of units (like infantry,cavalry)");
			}
			q->list = words[i + 1];
			i += 2;
			if (i < count && strncmp(words[i], "--saved", 7) == 0) {
				const char *v = NULL;
				if (words[i][7] == '=') {
					v = words[i] + 8;
					i++;
				} else if (words[i][7] == '\0' && i + 1 < count) {
					v = words[i + 1];
					i += 2;
				}
				long saved;
				if (!v || !parse_int(v, 0, ASK_SQ_MAX_SAVED, &saved)) {
					return query_usage("--saved takes the unused infantry allowance saved (0 to %d)",
						ASK_SQ_MAX_SAVED);
				}
				q->saved = (int)saved;
			}
		} else {
			if (w[0] == '-')
				return query_usage("options go before FILE, not among the queries ('%s')", w);
			return query_usage("unknown query '%s' for a square-grid scenario (attack, buy)", w);
		}
	}
	if (*n == 0) {
		return query_usage("name at least one query (attack, buy)");
	}
	return EXIT_VALID;
}

static void json_reasons(FILE *out, char reasons[][ASK_SQ_REASON_MAX], int count)
{
	fputc('[', out);
	for (int i = 0; i < count; i++) {
		if (i)
			fputc(',', out);
		json_write_string(out, reasons[i]);
	}
	fputc(']', out);
}

static void json_opt_string(FILE *out, const char *s)
{
	if (s)
		json_write_string(out, s);
	else
		fputs("null", out);
}

static const char *fighter_kind(const ask_sq_fighter *f)
{
	return f->general ? "general" : f->type ? f->type->id : NULL;
}

static void print_attack(const scenario *sc, const ask_sq_attack *a, output_format format)
{
	char b1[SQUARE_ADDRESS_MAX], b2[SQUARE_ADDRESS_MAX];
	const ask_sq_fighter *at = &a->attacker, *df = &a->defender;
	if (format == FORMAT_JSON) {
		fputs("{\"query\":\"attack\",\"from\":", stdout);
		json_write_string(stdout, sq(a->from, b1));
		fputs(",\"to\":", stdout);
		json_write_string(stdout, sq(a->to, b2));
		fprintf(stdout, ",\"distance\":%d,\"allowed\":%s,\"reasons\":", a->distance, a->allowed ? "true" : "false");
		json_reasons(stdout, (char (*)[ASK_SQ_REASON_MAX])a->reasons, a->reason_count);
		fputs(",\"attacker\":", stdout);
		json_opt_string(stdout, at->id);
		fputs(",\"attacker_type\":", stdout);
		json_opt_string(stdout, fighter_kind(at));
		fputs(",\"defender\":", stdout);
		json_opt_string(stdout, df->id);
		fputs(",\"defender_type\":", stdout);
		json_opt_string(stdout, fighter_kind(df));
		fprintf(stdout,
			",\"attacker_factor\":%d,\"attacker_hit\":%.4f,\"defender_factor\":%d,\"defender_hit\":%.4f,"
			"\"fires_first\":%s,\"defender_hit_after_first_fire\":%.4f",
			a->allowed ? at->factor : 0, a->allowed ? at->hit : 0.0, a->allowed ? df->factor : 0,
			a->allowed ? df->hit : 0.0, a->fires_first ? "true" : "false",
			a->allowed ? a->defender_hit_effective : 0.0);
		if (a->error) {
			fputs(",\"error\":", stdout);
			json_write_string(stdout, a->reason_count ? a->reasons[0] : "error");
		}
		fputs("}\n", stdout);
		return;
	}
	if (a->error) {
		fflush(stdout);
		fprintf(stderr, "orbat ask: attack %s %s: error: %s\n", sq(a->from, b1), sq(a->to, b2),
			a->reason_count ? a->reasons[0] : "error");
		return;
	}
	printf("attack %s %s: %s '%s' (%s) against ", sq(a->from, b1), sq(a->to, b2), at->type->id, at->id,
		side_id(sc, at->side));
	if (df->id)
		printf("%s '%s' (%s)", fighter_kind(df), df->id, side_id(sc, df->side));
	else
		printf("nothing");
	printf(", distance %d: %s\n", a->distance, a->allowed ? "allowed" : "not allowed");
	for (int i = 0; i < a->reason_count; i++)
		printf("  %s%s\n", a->allowed ? "" : "refused: ", a->reasons[i]);
	if (a->allowed) {
		printf("  attacker hits on %d or less: %.1f%% a round\n", at->factor, 100.0 * at->hit);
		if (df->rolls)
			printf("  defender hits on %d or less: %.1f%% a round%s", df->factor, 100.0 * df->hit,
				a->fires_first ? "" : "\n");
		else
			printf("  defender does not roll\n");
		if (a->fires_first)
			printf(" (%.1f%% after the first shot)\n", 100.0 * a->defender_hit_effective);
	}
}

static void print_buy(const sq_query *q, const ask_sq_buy *b, char **names, size_t n, output_format format)
{
	if (format == FORMAT_JSON) {
		fputs("{\"query\":\"buy\",\"units\":[", stdout);
		for (size_t i = 0; i < n; i++) {
			if (i)
				fputc(',', stdout);
			json_write_string(stdout, names[i]);
		}
		fprintf(stdout, "],\"cost\":%d,\"allowed\":%s,\"reasons\":", b->cost, b->allowed ? "true" : "false");
		json_reasons(stdout, (char (*)[ASK_SQ_REASON_MAX])b->reasons, b->reason_count);
		fprintf(stdout,
			",\"points\":%d,\"points_left\":%d,\"saved\":%d,\"infantry\":%d,\"infantry_allowance\":%d,"
			"\"infantry_saved\":%d",
			b->points, b->points_left, q->saved, b->infantry, b->infantry_allowance, b->infantry_saved);
		if (b->error) {
			fputs(",\"error\":", stdout);
			json_write_string(stdout, b->reasons[0]);
		}
		fputs("}\n", stdout);
		return;
	}
	if (b->error) {
		fflush(stdout);
		for (int i = 0; i < b->reason_count; i++)
			if (strncmp(b->reasons[i], "unknown unit", 12) == 0)
				fprintf(stderr, "orbat ask: buy %s: error: %s\n", q->list, b->reasons[i]);
		return;
	}
	printf("buy %s", q->list);
	if (q->saved)
		printf(" --saved %d", q->saved);
	printf(": cost %d, %s, %d %s left\n", b->cost, b->allowed ? "allowed" : "not allowed", b->points_left,
		b->points_left == 1 || b->points_left == -1 ? "point" : "points");
	for (int i = 0; i < b->reason_count; i++)
		printf("  %s\n", b->reasons[i]);
}

int ask_square_run(const scenario *sc, const ruleset *rs, char **words, int count, output_format format)
{
	sq_query *queries = NULL;
	size_t nq = 0;
	int code = parse_square_queries(words, count, &queries, &nq);
	if (code != EXIT_VALID) {
		free(queries);
		return code;
	}
	for (size_t i = 0; i < nq; i++) {
		const sq_query *q = &queries[i];
		if (q->kind == SQ_ATTACK) {
			ask_sq_attack *a = xmalloc(sizeof *a);
			ask_square_attack(sc, rs, q->from, q->to, a);
			print_attack(sc, a, format);
			if (a->error)
				code = EXIT_INVALID;
			free(a);
		} else {
			char **names = NULL;
			size_t n = 0;
			/* "infantry,cavalry" and "infantry, cavalry" alike. */
			char *list = xstrdup(q->list);
			for (char *p = list; *p; p++)
				if (*p == ',')
					*p = ' ';
			n = str_split_words(list, &names, 0);
			free(list);
			ask_sq_buy *b = xmalloc(sizeof *b);
			ask_square_buy(rs, (const char *const *)names, n, q->saved, b);
			print_buy(q, b, names, n, format);
			if (b->error)
				code = EXIT_INVALID;
			free(b);
			str_free_words(names, n);
		}
	}
	free(queries);
	return code;
}
