/* The answers of the square questions (sq_ask.h) as every program shows
 * them: text for a reader, or one JSON object a line (interfaces.md
 * section 4); a question about nothing (it names an unknown unit, side
 * or square) said through the caller's function in text. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/jsonout.h"
#include "../../base/util.h"
#include "sq_ask.h"
#include "sq_engine.h"

/* Where the answers go. */
typedef struct sq_writer {
	FILE *out;
	bool json;
	game_ask_said_fn *said;
	void *ctx;
} sq_writer;

/* JSON "error" and the text line say "error" alone when no reason does. */
static void json_error(json_t *o, const rules_reasons *why)
{
	const rules_error *e = rules_reasons_first_error(why);
	json_object_set_new(o, "error", e ? game_ask_json_reason(e) : json_string("error"));
}

/* A question without an answer: each reason marked as an error said;
 * "error" alone (no rule) when none says why. */
static void say_errors(const sq_writer *w, const rules_reasons *why, const char *fmt, ...) DIAG_PRINTF(3, 4);

static void say_errors(const sq_writer *w, const rules_reasons *why, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *query = xvasprintf(fmt, ap);
	va_end(ap);
	bool any = false;
	for (int i = 0; i < why->count; i++) {
		if (!why->errors[i])
			continue;
		w->said(w->ctx, query, &why->items[i]);
		any = true;
	}
	if (!any) {
		rules_error none;
		rules_error_clear(&none);
		rules_fail(&none, "", "error");
		w->said(w->ctx, query, &none);
	}
	free(query);
}

/* String fields NAME:VALUE (null for a NULL value), from a list of names
 * and values ended by a NULL name. */
static void json_strings(json_t *o, const char *const *pairs)
{
	for (size_t i = 0; pairs[i]; i += 2)
		json_object_set_new(o, pairs[i], jsonout_string_or_null(pairs[i + 1]));
}

/* An answer's object: {"query":QUERY, WHERE:VALUE}. */
static json_t *json_answer(const char *query, const char *where, const char *value)
{
	json_t *o = json_object();
	json_object_set_new(o, "query", json_string(query));
	json_object_set_new(o, where, jsonout_string(value));
	return o;
}

static const char *fighter_kind(const ask_sq_fighter *f)
{
	return f->general ? "general" : f->type ? f->type->id : NULL;
}

static void json_list(json_t *o, const char *name, const ask_sq_list *l)
{
	json_t *list = json_array();
	for (size_t i = 0; i < l->count; i++)
		json_array_append_new(list, jsonout_string(l->items[i]));
	json_object_set_new(o, name, list);
}

/* A list on one text line, "none" when empty. */
static void text_list(const sq_writer *w, const char *label, const ask_sq_list *l)
{
	fprintf(w->out, "  %s:", label);
	for (size_t i = 0; i < l->count; i++)
		fprintf(w->out, " %s", l->items[i]);
	fprintf(w->out, "%s\n", l->count ? "" : " none");
}

/* How FROM and TO read in an answer: the square's address as orbat
 * writes it, or the id or zone as written. */
static const char *shown(const char *word, char buf[GRID_ADDRESS_MAX])
{
	grid_cell c;
	return square_parse(word, &c) ? grid_format(c, buf) : word;
}

static void print_reasons(const sq_writer *w, const rules_reasons *why)
{
	for (int i = 0; i < why->count; i++)
		fprintf(w->out, "  %s [%s]\n", why->items[i].message, why->items[i].rule);
}

static void print_attack(const sq_game *g, const ask_sq_query *q, const ask_sq_attack *a, const sq_writer *w)
{
	char b1[GRID_ADDRESS_MAX], b2[GRID_ADDRESS_MAX];
	const ask_sq_fighter *at = &a->attacker, *df = &a->defender;
	const char *from = shown(q->from, b1);
	const char *to = shown(q->to, b2);
	if (w->json) {
		json_t *o = json_answer("attack", "from", from);
		json_object_set_new(o, "to", jsonout_string(to));
		json_object_set_new(o, "distance", json_integer(a->distance));
		json_object_set_new(o, "allowed", json_boolean(a->allowed));
		json_object_set_new(o, "reasons", game_ask_json_reasons(&a->why));
		json_strings(o, (const char *const[]){ "attacker", at->id, "attacker_type", fighter_kind(at), "defender",
			df->id, "defender_type", fighter_kind(df), NULL });
		/* Chances to four places, as a reader weighs them. */
		json_object_set_new(o, "attacker_factor", json_integer(a->allowed ? at->factor : 0));
		json_object_set_new(o, "attacker_hit", jsonout_real(a->allowed ? at->hit : 0.0, 4));
		json_object_set_new(o, "defender_factor", json_integer(a->allowed ? df->factor : 0));
		json_object_set_new(o, "defender_hit", jsonout_real(a->allowed ? df->hit : 0.0, 4));
		json_object_set_new(o, "fires_first", json_boolean(a->fires_first));
		json_object_set_new(o, "defender_hit_after_first_fire",
			jsonout_real(a->allowed ? a->defender_hit_effective : 0.0, 4));
		json_object_set_new(o, "coastal_fire", json_boolean(a->coastal));
		if (a->coastal)
			json_object_set_new(o, "zone", jsonout_string_or_null(a->zone));
		if (a->why.error)
			json_error(o, &a->why);
		jsonout_line(w->out, o);
		return;
	}
	if (a->why.error) {
		say_errors(w, &a->why, "attack %s %s", from, to);
		return;
	}
	fprintf(w->out, "attack %s %s: %s '%s' (%s) ", from, to, at->type->id, at->id, ask_square_side(g, at->side));
	if (a->coastal)
		fprintf(w->out, "fires at %s '%s' (%s) in %s, coastal fire: %s\n", fighter_kind(df), df->id,
			ask_square_side(g, df->side), a->zone ? a->zone : "?", a->allowed ? "allowed" : "not allowed");
	else if (df->id)
		fprintf(w->out, "against %s '%s' (%s), distance %d: %s\n", fighter_kind(df), df->id, ask_square_side(g, df->side),
			a->distance, a->allowed ? "allowed" : "not allowed");
	else
		fprintf(w->out, "against nothing, distance %d: %s\n", a->distance, a->allowed ? "allowed" : "not allowed");
	/* A refusal is the last reason: those before explain the question. */
	for (int i = 0; i < a->why.count; i++)
		fprintf(w->out, "  %s%s [%s]\n", a->allowed || i + 1 < a->why.count ? "" : "refused: ", a->why.items[i].message,
			a->why.items[i].rule);
	if (a->allowed) {
		fprintf(w->out, "  attacker hits on %d or less: %.1f%% a round\n", at->factor, 100.0 * at->hit);
		if (df->rolls)
			fprintf(w->out, "  defender hits on %d or less: %.1f%% a round%s", df->factor, 100.0 * df->hit,
				a->fires_first ? "" : "\n");
		else
			fprintf(w->out, "  defender does not roll\n");
		if (a->fires_first)
			fprintf(w->out, " (%.1f%% after the first shot)\n", 100.0 * a->defender_hit_effective);
	}
}

static void print_buy(const ask_sq_query *q, const ask_sq_buy *b, char *const *names, size_t n, const sq_writer *w)
{
	if (w->json) {
		json_t *o = json_answer("buy", "side", b->side);
		json_t *units = json_array();
		for (size_t i = 0; i < n; i++)
			json_array_append_new(units, jsonout_string(names[i]));
		json_object_set_new(o, "units", units);
		json_object_set_new(o, "cost", json_integer(b->cost));
		json_object_set_new(o, "allowed", json_boolean(b->allowed));
		json_object_set_new(o, "reasons", game_ask_json_reasons(&b->why));
		json_object_update_new(o, json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "points", b->points,
			"saved_points", b->saved_points, "available", b->available, "points_left", b->points_left, "saved",
			q->saved, "infantry", b->infantry, "infantry_allowance", b->infantry_allowance, "infantry_saved",
			b->infantry_saved));
		if (b->why.error)
			json_error(o, &b->why);
		jsonout_line(w->out, o);
		return;
	}
	if (b->why.error) {
		say_errors(w, &b->why, "buy %s", q->list);
		return;
	}
	fprintf(w->out, "buy %s", q->list);
	if (q->saved_points)
		fprintf(w->out, " --saved-points %d", q->saved_points);
	if (q->saved)
		fprintf(w->out, " --saved %d", q->saved);
	fprintf(w->out, ": cost %d, %s, %d %s left\n", b->cost, b->allowed ? "allowed" : "not allowed", b->points_left,
		b->points_left == 1 || b->points_left == -1 ? "point" : "points");
	print_reasons(w, &b->why);
}

/* The end of a JSON answer: its reasons and its error; then it is
 * written. */
static void json_why_end(const sq_writer *w, json_t *o, const rules_reasons *why)
{
	json_object_set_new(o, "reasons", game_ask_json_reasons(why));
	if (why->error)
		json_error(o, why);
	jsonout_line(w->out, o);
}

/* A text answer about nothing: its errors said. */
static bool said_error(const sq_writer *w, const rules_reasons *why, const char *query, const char *word)
{
	if (why->error)
		say_errors(w, why, "%s %s", query, word);
	return why->error;
}

static void print_moves(const sq_game *g, const ask_sq_query *q, const ask_sq_moves *m, const sq_writer *w)
{
	if (w->json) {
		json_t *o = json_answer("moves", "from", q->from);
		json_strings(o, (const char *const[]){ "unit", m->piece, "type", m->type, "side",
			m->piece ? ask_square_side(g, (size_t)m->side) : NULL, "step", m->step, NULL });
		json_object_update_new(o, json_pack("{s:b, s:b, s:i, s:i, s:i, s:b}", "ship", m->ship, "now", m->now, "move",
			m->move, "roll", m->roll, "moved", m->moved, "free", m->free));
		json_list(o, "reachable", &m->places);
		json_why_end(w, o, &m->why);
		return;
	}
	if (said_error(w, &m->why, "moves", q->from))
		return;
	const char *side = ask_square_side(g, (size_t)m->side);
	fprintf(w->out, "moves %s: %s '%s' (%s), %s step%s: %zu %s\n", q->from, m->type, m->piece, side,
		m->step ? m->step : "no", m->step && !m->now ? " to come" : "", m->places.count,
		m->ship ? (m->places.count == 1 ? "zone or port" : "zones and ports")
			: (m->places.count == 1 ? "square" : "squares"));
	text_list(w, "reachable", &m->places);
	print_reasons(w, &m->why);
}

static void print_transport(const sq_game *g, const ask_sq_query *q, const ask_sq_transport *t, const sq_writer *w)
{
	if (w->json) {
		json_t *o = json_answer("transport", "from", q->from);
		json_strings(o, (const char *const[]){ "ship", t->ship, "type", t->type, "side",
			t->ship ? ask_square_side(g, (size_t)t->side) : NULL, "port", t->port, "zone", t->zone, NULL });
		json_object_update_new(o, json_pack("{s:i, s:i, s:b}", "carries", t->carries, "room", t->room, "invasion",
			t->invasion));
		json_list(o, "cargo", &t->cargo);
		json_list(o, "landings", &t->landings);
		json_list(o, "embark", &t->embark);
		json_why_end(w, o, &t->why);
		return;
	}
	if (said_error(w, &t->why, "transport", q->from))
		return;
	fprintf(w->out, "transport %s: %s '%s' (%s) %s %s, %zu aboard, room for %d\n", q->from, t->type, t->ship,
		ask_square_side(g, (size_t)t->side), t->port ? "in port at" : "at sea in",
		t->port ? t->port : t->zone ? t->zone : "?", t->cargo.count, t->room);
	text_list(w, "aboard", &t->cargo);
	text_list(w, t->invasion ? "lands (invasion)" : "lands", &t->landings);
	text_list(w, "may embark", &t->embark);
	print_reasons(w, &t->why);
}

static void print_income(const ask_sq_query *q, const ask_sq_income *in, const sq_writer *w)
{
	if (w->json) {
		json_t *o = json_answer("income", "side", in->side ? in->side : q->from);
		json_object_set_new(o, "per_turn", json_integer(in->per_turn));
		json_object_set_new(o, "penalty", json_integer(in->penalty));
		json_object_set_new(o, "capital_lost", jsonout_string_or_null(in->capital_lost));
		json_object_update_new(o, json_pack("{s:i, s:i, s:i, s:i, s:i, s:b}", "cities_lost", in->cities_lost, "income",
			in->income, "points", in->points, "allowance", in->allowance, "allowance_per_turn",
			in->allowance_per_turn, "to_play", in->to_play));
		if (in->player)
			json_object_set_new(o, "player", json_integer(in->player));
		json_why_end(w, o, &in->why);
		return;
	}
	if (said_error(w, &in->why, "income", q->from))
		return;
	fprintf(w->out, "income %s: %d points a turn, %d lost, %d a turn now; %d %s in hand", in->side, in->per_turn,
		in->penalty, in->income, in->points, in->points == 1 ? "point" : "points");
	if (in->player)
		fprintf(w->out, " (player %d's purse)", in->player);
	if (in->limited && in->allowance_per_turn > 0)
		fprintf(w->out, ", %d %s allowed", in->allowance, in->limited);
	fprintf(w->out, "\n");
	print_reasons(w, &in->why);
}

/* One answer in text or JSON. */
static void print_answer(const sq_game *g, const ask_sq_result *r, const sq_writer *w)
{
	const ask_sq_query *q = r->q;
	switch (q->kind) {
	case ASK_SQ_ATTACK: print_attack(g, q, &r->u.attack, w); break;
	case ASK_SQ_BUY: print_buy(q, &r->u.buy, r->units, r->unit_count, w); break;
	case ASK_SQ_MOVES: print_moves(g, q, &r->u.moves, w); break;
	case ASK_SQ_TRANSPORT: print_transport(g, q, &r->u.transport, w); break;
	case ASK_SQ_INCOME: print_income(q, &r->u.income, w); break;
	}
}

bool ask_square_write(const sq_game *g, const ask_sq_query *q, bool json, FILE *out, game_ask_said_fn *said,
	void *ctx)
{
	const sq_writer w = { out, json, said, ctx };
	ask_sq_result *r = xmalloc(sizeof *r);   /* large: the reasons of every kind of answer */
	bool answered = ask_square_answer(g, q, r);
	print_answer(g, r, &w);
	ask_square_result_free(r);
	free(r);
	return answered;
}

/* ---- the square engine's questions (engine.h) ---- */

/* After a log or in play the purse is the game's. */
static int sq_ask_parse(char **words, int count, bool after, game_question *q, rules_error *why)
{
	return ask_square_parse(words, count, after, (ask_sq_query *)q, why);
}

static bool sq_ask_answer(game *gm, const game_question *q, bool json, FILE *out, game_ask_said_fn *said, void *ctx)
{
	return ask_square_write(sq_engine_game(gm), (const ask_sq_query *)q, json, out, said, ctx);
}

const game_ask_ops sq_ask_ops = {
	.names = "attack, buy, moves, transport, income",
	.is_query = ask_square_is_query, .query_size = sizeof(ask_sq_query), .parse = sq_ask_parse,
	.answer = sq_ask_answer, .refusal_before = "",
	.refusal_after = ", played on squares; ask it 'attack FROM TO', 'buy UNITS', 'moves UNIT', 'transport SHIP' or "
		"'income SIDE' (los, dice, retreat, reinforcements, sharpshooter and rally are hex questions)",
};
