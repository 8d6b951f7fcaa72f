/* `orbat ask FILE attack|buy|moves|transport|income ...` on a square-grid
 * scenario, and the same questions in `orbat play`: the queries read and
 * answered by the library (rules/square/sq_ask.h) on the square engine's
 * game (at the start, or after --after), printed here in text or JSON,
 * and the exit code (1 when a question is about nothing or names an
 * unknown unit, side or square; 2 when a query cannot be read). */
#include "ask_square_cli.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/json.h"
#include "../base/util.h"
#include "../rules/square/sq_ask.h"
#include "../rules/square/sq_engine.h"
#include "ask_print.h"
#include "ask_words.h"
#include "options.h"

/* ask_square_parse as ask_words reads the questions: after a log or in
 * play, the purse is the game's. */
static int parse_square(char **words, int count, bool after, void *query, rules_error *why)
{
	return ask_square_parse(words, count, after, query, why);
}

/* The square questions' words read into queries (an exit code, the usage
 * error said). */
static int read_queries(char **words, int count, bool after, ask_sq_query **out, size_t *n)
{
	void *q = NULL;
	int code = ask_words_read(words, count, after, parse_square, sizeof **out,
		"attack, buy, moves, transport, income", &q, n);
	*out = q;
	return code;
}

/* JSON "error" and the text line say "error" alone when no reason does. */
static void json_error(FILE *out, const rules_reasons *why)
{
	const rules_error *e = rules_reasons_first_error(why);
	fputs(",\"error\":", out);
	if (e)
		ask_print_json_reason(out, e);
	else
		json_write_string(out, "error");
}

/* A question without an answer: one line on stderr per reason marked as
 * an error, after whatever stdout holds; "error" alone when none says why. */
static void print_errors(const rules_reasons *why, const char *fmt, ...) DIAG_PRINTF(2, 3);

static void print_errors(const rules_reasons *why, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *query = xvasprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
	bool said = false;
	for (int i = 0; i < why->count; i++) {
		if (!why->errors[i])
			continue;
		const rules_error *e = &why->items[i];
		fprintf(stderr, "orbat ask: %s: error: %s [%s]\n", query, e->message, e->rule);
		said = true;
	}
	if (!said)
		fprintf(stderr, "orbat ask: %s: error: error\n", query);
	free(query);
}

static void json_opt_string(FILE *out, const char *s)
{
	if (s)
		json_write_string(out, s);
	else
		fputs("null", out);
}

/* String fields ",\"NAME\":VALUE" (null for a NULL value), from a list of
 * names and values ended by a NULL name. */
static void json_strings(FILE *out, const char *const *pairs)
{
	for (size_t i = 0; pairs[i]; i += 2) {
		fprintf(out, ",\"%s\":", pairs[i]);
		json_opt_string(out, pairs[i + 1]);
	}
}

static const char *fighter_kind(const ask_sq_fighter *f)
{
	return f->general ? "general" : f->type ? f->type->id : NULL;
}

static void json_list(FILE *out, const char *name, const ask_sq_list *l)
{
	fprintf(out, ",\"%s\":[", name);
	for (size_t i = 0; i < l->count; i++) {
		if (i)
			fputc(',', out);
		json_write_string(out, l->items[i]);
	}
	fputc(']', out);
}

/* A list on one text line, "none" when empty. */
static void text_list(const char *label, const ask_sq_list *l)
{
	printf("  %s:", label);
	for (size_t i = 0; i < l->count; i++)
		printf(" %s", l->items[i]);
	printf("%s\n", l->count ? "" : " none");
}

/* How FROM and TO read in an answer: the square's address as orbat
 * writes it, or the id or zone as written. */
static const char *shown(const char *word, char buf[GRID_ADDRESS_MAX])
{
	grid_cell c;
	return square_parse(word, &c) ? grid_format(c, buf) : word;
}

static void print_reasons(const rules_reasons *why)
{
	for (int i = 0; i < why->count; i++)
		printf("  %s [%s]\n", why->items[i].message, why->items[i].rule);
}

static void print_attack(const sq_game *g, const ask_sq_query *q, const ask_sq_attack *a, output_format format)
{
	char b1[GRID_ADDRESS_MAX], b2[GRID_ADDRESS_MAX];
	const ask_sq_fighter *at = &a->attacker, *df = &a->defender;
	const char *from = shown(q->from, b1);
	const char *to = shown(q->to, b2);
	if (format == FORMAT_JSON) {
		fputs("{\"query\":\"attack\",\"from\":", stdout);
		json_write_string(stdout, from);
		fputs(",\"to\":", stdout);
		json_write_string(stdout, to);
		fprintf(stdout, ",\"distance\":%d,\"allowed\":%s,\"reasons\":", a->distance, a->allowed ? "true" : "false");
		ask_print_json_reasons(stdout, a->why.items, a->why.count);
		json_strings(stdout, (const char *const[]){ "attacker", at->id, "attacker_type", fighter_kind(at), "defender",
			df->id, "defender_type", fighter_kind(df), NULL });
		fprintf(stdout,
			",\"attacker_factor\":%d,\"attacker_hit\":%.4f,\"defender_factor\":%d,\"defender_hit\":%.4f,"
			"\"fires_first\":%s,\"defender_hit_after_first_fire\":%.4f,\"coastal_fire\":%s",
			a->allowed ? at->factor : 0, a->allowed ? at->hit : 0.0, a->allowed ? df->factor : 0,
			a->allowed ? df->hit : 0.0, a->fires_first ? "true" : "false",
			a->allowed ? a->defender_hit_effective : 0.0, a->coastal ? "true" : "false");
		if (a->coastal) {
			fputs(",\"zone\":", stdout);
			json_opt_string(stdout, a->zone);
		}
		if (a->why.error)
			json_error(stdout, &a->why);
		fputs("}\n", stdout);
		return;
	}
	if (a->why.error) {
		print_errors(&a->why, "attack %s %s", from, to);
		return;
	}
	printf("attack %s %s: %s '%s' (%s) ", from, to, at->type->id, at->id, ask_square_side(g, at->side));
	if (a->coastal)
		printf("fires at %s '%s' (%s) in %s, coastal fire: %s\n", fighter_kind(df), df->id,
			ask_square_side(g, df->side), a->zone ? a->zone : "?", a->allowed ? "allowed" : "not allowed");
	else if (df->id)
		printf("against %s '%s' (%s), distance %d: %s\n", fighter_kind(df), df->id, ask_square_side(g, df->side),
			a->distance, a->allowed ? "allowed" : "not allowed");
	else
		printf("against nothing, distance %d: %s\n", a->distance, a->allowed ? "allowed" : "not allowed");
	/* A refusal is the last reason: those before explain the question. */
	for (int i = 0; i < a->why.count; i++)
		printf("  %s%s [%s]\n", a->allowed || i + 1 < a->why.count ? "" : "refused: ", a->why.items[i].message,
			a->why.items[i].rule);
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

static void print_buy(const ask_sq_query *q, const ask_sq_buy *b, char *const *names, size_t n, output_format format)
{
	if (format == FORMAT_JSON) {
		fputs("{\"query\":\"buy\",\"side\":", stdout);
		json_write_string(stdout, b->side);
		fputs(",\"units\":[", stdout);
		for (size_t i = 0; i < n; i++) {
			if (i)
				fputc(',', stdout);
			json_write_string(stdout, names[i]);
		}
		fprintf(stdout, "],\"cost\":%d,\"allowed\":%s,\"reasons\":", b->cost, b->allowed ? "true" : "false");
		ask_print_json_reasons(stdout, b->why.items, b->why.count);
		fprintf(stdout,
			",\"points\":%d,\"saved_points\":%d,\"available\":%d,\"points_left\":%d,\"saved\":%d,"
			"\"infantry\":%d,\"infantry_allowance\":%d,\"infantry_saved\":%d",
			b->points, b->saved_points, b->available, b->points_left, q->saved, b->infantry, b->infantry_allowance,
			b->infantry_saved);
		if (b->why.error)
			json_error(stdout, &b->why);
		fputs("}\n", stdout);
		return;
	}
	if (b->why.error) {
		print_errors(&b->why, "buy %s", q->list);
		return;
	}
	printf("buy %s", q->list);
	if (q->saved_points)
		printf(" --saved-points %d", q->saved_points);
	if (q->saved)
		printf(" --saved %d", q->saved);
	printf(": cost %d, %s, %d %s left\n", b->cost, b->allowed ? "allowed" : "not allowed", b->points_left,
		b->points_left == 1 || b->points_left == -1 ? "point" : "points");
	print_reasons(&b->why);
}

/* The end of a JSON answer: its reasons, its error, the brace. */
static void json_why_end(const rules_reasons *why)
{
	fputs(",\"reasons\":", stdout);
	ask_print_json_reasons(stdout, why->items, why->count);
	if (why->error)
		json_error(stdout, why);
	fputs("}\n", stdout);
}

/* A text answer about nothing: its errors said on stderr. */
static bool said_error(const rules_reasons *why, const char *query, const char *word)
{
	if (why->error)
		print_errors(why, "%s %s", query, word);
	return why->error;
}

static void print_moves(const sq_game *g, const ask_sq_query *q, const ask_sq_moves *m, output_format format)
{
	if (format == FORMAT_JSON) {
		fputs("{\"query\":\"moves\",\"from\":", stdout);
		json_write_string(stdout, q->from);
		json_strings(stdout, (const char *const[]){ "unit", m->piece, "type", m->type, "side",
			m->piece ? ask_square_side(g, (size_t)m->side) : NULL, "step", m->step, NULL });
		fprintf(stdout, ",\"ship\":%s,\"now\":%s,\"move\":%d,\"roll\":%d,\"moved\":%d,\"free\":%s",
			m->ship ? "true" : "false", m->now ? "true" : "false", m->move, m->roll, m->moved,
			m->free ? "true" : "false");
		json_list(stdout, "reachable", &m->places);
		json_why_end(&m->why);
		return;
	}
	if (said_error(&m->why, "moves", q->from))
		return;
	printf("moves %s: %s '%s' (%s), %s step%s: %zu %s\n", q->from, m->type, m->piece, ask_square_side(g, (size_t)m->side),
		m->step ? m->step : "no", m->step && !m->now ? " to come" : "", m->places.count,
		m->ship ? (m->places.count == 1 ? "zone or port" : "zones and ports")
			: (m->places.count == 1 ? "square" : "squares"));
	text_list("reachable", &m->places);
	print_reasons(&m->why);
}

static void print_transport(const sq_game *g, const ask_sq_query *q, const ask_sq_transport *t, output_format format)
{
	if (format == FORMAT_JSON) {
		fputs("{\"query\":\"transport\",\"from\":", stdout);
		json_write_string(stdout, q->from);
		json_strings(stdout, (const char *const[]){ "ship", t->ship, "type", t->type, "side",
			t->ship ? ask_square_side(g, (size_t)t->side) : NULL, "port", t->port, "zone", t->zone, NULL });
		fprintf(stdout, ",\"carries\":%d,\"room\":%d,\"invasion\":%s", t->carries, t->room,
			t->invasion ? "true" : "false");
		json_list(stdout, "cargo", &t->cargo);
		json_list(stdout, "landings", &t->landings);
		json_list(stdout, "embark", &t->embark);
		json_why_end(&t->why);
		return;
	}
	if (said_error(&t->why, "transport", q->from))
		return;
	printf("transport %s: %s '%s' (%s) %s %s, %zu aboard, room for %d\n", q->from, t->type, t->ship,
		ask_square_side(g, (size_t)t->side), t->port ? "in port at" : "at sea in",
		t->port ? t->port : t->zone ? t->zone : "?", t->cargo.count, t->room);
	text_list("aboard", &t->cargo);
	text_list(t->invasion ? "lands (invasion)" : "lands", &t->landings);
	text_list("may embark", &t->embark);
	print_reasons(&t->why);
}

static void print_income(const ask_sq_query *q, const ask_sq_income *in, output_format format)
{
	if (format == FORMAT_JSON) {
		fputs("{\"query\":\"income\",\"side\":", stdout);
		json_write_string(stdout, in->side ? in->side : q->from);
		fprintf(stdout, ",\"per_turn\":%d,\"penalty\":%d,\"capital_lost\":", in->per_turn, in->penalty);
		json_opt_string(stdout, in->capital_lost);
		fprintf(stdout,
			",\"cities_lost\":%d,\"income\":%d,\"points\":%d,\"allowance\":%d,\"allowance_per_turn\":%d,"
			"\"to_play\":%s",
			in->cities_lost, in->income, in->points, in->allowance, in->allowance_per_turn,
			in->to_play ? "true" : "false");
		if (in->player)
			fprintf(stdout, ",\"player\":%d", in->player);
		json_why_end(&in->why);
		return;
	}
	if (said_error(&in->why, "income", q->from))
		return;
	printf("income %s: %d points a turn, %d lost, %d a turn now; %d %s in hand", in->side, in->per_turn, in->penalty,
		in->income, in->points, in->points == 1 ? "point" : "points");
	if (in->player)
		printf(" (player %d's purse)", in->player);
	if (in->limited && in->allowance_per_turn > 0)
		printf(", %d %s allowed", in->allowance, in->limited);
	printf("\n");
	print_reasons(&in->why);
}

/* One answer in text or JSON. */
static void print_answer(const sq_game *g, const ask_sq_result *r, output_format format)
{
	const ask_sq_query *q = r->q;
	switch (q->kind) {
	case ASK_SQ_ATTACK: print_attack(g, q, &r->u.attack, format); break;
	case ASK_SQ_BUY: print_buy(q, &r->u.buy, r->units, r->unit_count, format); break;
	case ASK_SQ_MOVES: print_moves(g, q, &r->u.moves, format); break;
	case ASK_SQ_TRANSPORT: print_transport(g, q, &r->u.transport, format); break;
	case ASK_SQ_INCOME: print_income(q, &r->u.income, format); break;
	}
}

/* The queries asked and printed in order; false when one is about
 * nothing (which does not stop the others). */
static bool answer_all(const sq_game *g, const ask_sq_query *q, size_t n, output_format format)
{
	bool all = true;
	ask_sq_result *r = xmalloc(sizeof *r);   /* large: the reasons of every kind of answer */
	for (size_t i = 0; i < n; i++) {
		if (!ask_square_answer(g, &q[i], r))
			all = false;
		print_answer(g, r, format);
		ask_square_result_free(r);
	}
	free(r);
	return all;
}

/* The queries read, and how many. */
typedef struct sq_queries {
	ask_sq_query *q;
	size_t n;
} sq_queries;

int ask_square_read(char **words, int count, bool after, void **queries)
{
	sq_queries *qs = xcalloc(1, sizeof *qs);
	*queries = qs;
	return read_queries(words, count, after, &qs->q, &qs->n);
}

void ask_square_release(void *queries)
{
	sq_queries *qs = queries;
	if (qs)
		free(qs->q);
	free(qs);
}

int ask_square_print_answers(game *gm, const void *queries, output_format format)
{
	const sq_queries *qs = queries;
	return answer_all(sq_engine_game(gm), qs->q, qs->n, format) ? EXIT_VALID : EXIT_INVALID;
}

bool ask_square_in_play(const sq_game *g, const char *line, const char *word)
{
	/* attack and buy are also actions of the log: asked with "ask". */
	bool asked = strcmp(word, "ask") == 0;
	if (!asked && (!ask_square_is_query(word) || strcmp(word, "attack") == 0 || strcmp(word, "buy") == 0))
		return false;
	char **words = NULL;
	size_t n = str_split_words(line, &words, 0);
	ask_sq_query *q = NULL;
	size_t nq = 0;
	/* The purse is the game's: --saved-points and --saved are refused as
	 * after a log. */
	if (read_queries(words + (asked ? 1 : 0), (int)n - (asked ? 1 : 0), true, &q, &nq) == EXIT_VALID)
		answer_all(g, q, nq, FORMAT_TEXT);
	free(q);
	str_free_words(words, n);
	return true;
}
