/* `orbat ask FILE attack|buy ...` on a square-grid scenario: reading the
 * queries, printing the answers of rules/ask_square.c in text or JSON, and
 * the exit code (1 when a question is about nothing or names an unknown
 * unit, 2 when it cannot be read). */
#include "ask_square_cli.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/json.h"
#include "../base/util.h"
#include "../rules/ask_square.h"
#include "options.h"

/* The most unused infantry allowance `buy --saved` takes. */
#define ASK_SQ_MAX_SAVED 99

typedef enum { SQ_ATTACK, SQ_BUY } sq_kind;

typedef struct sq_query {
	sq_kind kind;
	square_coord from, to;
	const char *list;    /* buy: "infantry,cavalry" as written */
	int saved;
} sq_query;

bool ask_square_is_query(const char *word)
{
	return strcmp(word, "attack") == 0 || strcmp(word, "buy") == 0;
}

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
				return options_usage("ask", "'attack' takes two squares");
			}
			for (int k = 1; k <= 2; k++) {
				square_coord c;
				if (!square_parse(words[i + k], &c)) {
					return options_usage("ask", "'%s' is not a square address (like M7)", words[i + k]);
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
				return options_usage("ask", "'buy' takes a comma-separated list of units (like infantry,cavalry)");
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
					return options_usage("ask", "--saved takes the unused infantry allowance saved (0 to %d)",
						ASK_SQ_MAX_SAVED);
				}
				q->saved = (int)saved;
			}
		} else {
			if (w[0] == '-')
				return options_usage("ask", "options go before FILE, not among the queries ('%s')", w);
			return options_usage("ask", "unknown query '%s' for a square-grid scenario (attack, buy)", w);
		}
	}
	if (*n == 0) {
		return options_usage("ask", "name at least one query (attack, buy)");
	}
	return EXIT_VALID;
}

/* A reason as every orbat answer shows one: its text, then its rule id. */
static char *reason_text(const ask_sq_reason *r)
{
	return xasprintf("%s [%s]", r->text, r->rule);
}

static void json_reason(FILE *out, const ask_sq_reason *r)
{
	char *text = reason_text(r);
	json_write_string(out, text);
	free(text);
}

static void json_reasons(FILE *out, const ask_sq_reason *reasons, int count)
{
	fputc('[', out);
	for (int i = 0; i < count; i++) {
		if (i)
			fputc(',', out);
		json_reason(out, &reasons[i]);
	}
	fputc(']', out);
}

/* The first reason marked as an error, or NULL. */
static const ask_sq_reason *first_error(const ask_sq_reason *reasons, int count)
{
	for (int i = 0; i < count; i++)
		if (reasons[i].error)
			return &reasons[i];
	return NULL;
}

/* JSON "error" and the text line say "error" alone when no reason does. */
static void json_error(FILE *out, const ask_sq_reason *reasons, int count)
{
	const ask_sq_reason *e = first_error(reasons, count);
	fputs(",\"error\":", out);
	if (e)
		json_reason(out, e);
	else
		json_write_string(out, "error");
}

/* A question without an answer: one line on stderr per reason marked as
 * an error, after whatever stdout holds; "error" alone when none says why. */
static void print_errors(const ask_sq_reason *reasons, int count, const char *fmt, ...) DIAG_PRINTF(3, 4);

static void print_errors(const ask_sq_reason *reasons, int count, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *query = xvasprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
	bool said = false;
	for (int i = 0; i < count; i++) {
		if (!reasons[i].error)
			continue;
		char *text = reason_text(&reasons[i]);
		fprintf(stderr, "orbat ask: %s: error: %s\n", query, text);
		free(text);
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
		json_write_string(stdout, square_format(a->from, b1));
		fputs(",\"to\":", stdout);
		json_write_string(stdout, square_format(a->to, b2));
		fprintf(stdout, ",\"distance\":%d,\"allowed\":%s,\"reasons\":", a->distance, a->allowed ? "true" : "false");
		json_reasons(stdout, a->reasons, a->reason_count);
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
		if (a->error)
			json_error(stdout, a->reasons, a->reason_count);
		fputs("}\n", stdout);
		return;
	}
	if (a->error) {
		print_errors(a->reasons, a->reason_count, "attack %s %s", square_format(a->from, b1), square_format(a->to, b2));
		return;
	}
	printf("attack %s %s: %s '%s' (%s) against ", square_format(a->from, b1), square_format(a->to, b2), at->type->id, at->id,
		ask_square_side(sc, at->side));
	if (df->id)
		printf("%s '%s' (%s)", fighter_kind(df), df->id, ask_square_side(sc, df->side));
	else
		printf("nothing");
	printf(", distance %d: %s\n", a->distance, a->allowed ? "allowed" : "not allowed");
	for (int i = 0; i < a->reason_count; i++)
		printf("  %s%s [%s]\n", a->allowed ? "" : "refused: ", a->reasons[i].text, a->reasons[i].rule);
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
		json_reasons(stdout, b->reasons, b->reason_count);
		fprintf(stdout,
			",\"points\":%d,\"points_left\":%d,\"saved\":%d,\"infantry\":%d,\"infantry_allowance\":%d,"
			"\"infantry_saved\":%d",
			b->points, b->points_left, q->saved, b->infantry, b->infantry_allowance, b->infantry_saved);
		if (b->error)
			json_error(stdout, b->reasons, b->reason_count);
		fputs("}\n", stdout);
		return;
	}
	if (b->error) {
		print_errors(b->reasons, b->reason_count, "buy %s", q->list);
		return;
	}
	printf("buy %s", q->list);
	if (q->saved)
		printf(" --saved %d", q->saved);
	printf(": cost %d, %s, %d %s left\n", b->cost, b->allowed ? "allowed" : "not allowed", b->points_left,
		b->points_left == 1 || b->points_left == -1 ? "point" : "points");
	for (int i = 0; i < b->reason_count; i++)
		printf("  %s [%s]\n", b->reasons[i].text, b->reasons[i].rule);
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
	position *pos = position_create(sc, rs);
	for (size_t i = 0; i < nq; i++) {
		const sq_query *q = &queries[i];
		if (q->kind == SQ_ATTACK) {
			ask_sq_attack *a = xmalloc(sizeof *a);
			ask_square_attack(pos, q->from, q->to, a);
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
	position_destroy(pos);
	free(queries);
	return code;
}
