/* The square questions read from their words and answered on a game
 * (sq_ask.h): the library's side of `orbat ask` and of the questions
 * typed in `orbat play`, as hex_ask.c's ask_parse and ask_answer are for
 * the hex questions.  Every message of a question that cannot be read is
 * a usage error (rule "log"); the command says it. */
#include "sq_ask.h"

#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"

static const char *const QUERY_WORDS[] = { "attack", "buy", "moves", "transport", "income" };
#define QUERY_COUNT (sizeof QUERY_WORDS / sizeof *QUERY_WORDS)

bool ask_square_is_query(const char *word)
{
	for (size_t i = 0; i < QUERY_COUNT; i++)
		if (strcmp(word, QUERY_WORDS[i]) == 0)
			return true;
	return false;
}

/* One option of buy: "--NAME N" or "--NAME=N".  Returns the words taken,
 * 0 when words[0] is not that option, -1 when its value is bad. */
static int buy_option(char **words, int count, const char *name, int *value)
{
	size_t n = strlen(name);
	if (strncmp(words[0], name, n) != 0 || (words[0][n] != '=' && words[0][n] != '\0'))
		return 0;
	const char *v = words[0][n] == '=' ? words[0] + n + 1 : count > 1 ? words[1] : NULL;
	long parsed;
	if (!v || !parse_int(v, 0, ASK_SQ_MAX_SAVED, &parsed))
		return -1;
	*value = (int)parsed;
	return words[0][n] == '=' ? 1 : 2;
}

/* A word that names what a query takes: not missing, not an option. */
static bool operand(char **words, int count, int i)
{
	return i < count && words[i][0] != '\0' && words[i][0] != '-';
}

/* buy UNITS [--saved-points P] [--saved N]: the words after "buy". */
static int parse_buy(char **words, int count, bool purse_in_game, ask_sq_query *q, rules_error *err)
{
	if (!operand(words, count, 1)) {
		rules_fail(err, RULES_ERROR_LOG_RULE, "'buy' takes a comma-separated list of units (like infantry,cavalry)");
		return 0;
	}
	q->list = words[1];
	int i = 2;
	for (;;) {
		int took = 0;
		if (i < count && (took = buy_option(words + i, count - i, "--saved-points", &q->saved_points)) < 0) {
			rules_fail(err, RULES_ERROR_LOG_RULE,
				"--saved-points takes the purchase points saved from earlier turns (0 to %d)", ASK_SQ_MAX_SAVED);
			return 0;
		}
		if (took == 0 && i < count && (took = buy_option(words + i, count - i, "--saved", &q->saved)) < 0) {
			rules_fail(err, RULES_ERROR_LOG_RULE, "--saved takes the unused infantry allowance saved (0 to %d)",
				ASK_SQ_MAX_SAVED);
			return 0;
		}
		if (took == 0)
			break;
		q->purse_given = true;
		i += took;
	}
	if (q->purse_given && purse_in_game) {
		rules_fail(err, RULES_ERROR_LOG_RULE, "after a log, and in orbat play, the game says what is saved: "
			"--saved-points and --saved are for the scenario's start");
		return 0;
	}
	return i;
}

int ask_square_parse(char **words, int count, bool purse_in_game, ask_sq_query *q, rules_error *err)
{
	memset(q, 0, sizeof *q);
	if (count <= 0) {
		rules_fail(err, RULES_ERROR_LOG_RULE, "name at least one query (attack, buy, moves, transport, income)");
		return 0;
	}
	const char *w = words[0];
	q->name = w;
	if (strcmp(w, "attack") == 0) {
		q->kind = ASK_SQ_ATTACK;
		if (count < 3) {
			rules_fail(err, RULES_ERROR_LOG_RULE, "'attack' takes two squares or ids (like attack M7 M8)");
			return 0;
		}
		q->from = words[1];
		q->to = words[2];
		return 3;
	}
	if (strcmp(w, "moves") == 0 || strcmp(w, "transport") == 0 || strcmp(w, "income") == 0) {
		q->kind = w[0] == 'm' ? ASK_SQ_MOVES : w[0] == 't' ? ASK_SQ_TRANSPORT : ASK_SQ_INCOME;
		if (!operand(words, count, 1)) {
			rules_fail(err, RULES_ERROR_LOG_RULE, "%s",
				q->kind == ASK_SQ_MOVES ? "'moves' takes a unit, general or ship, or a square"
				: q->kind == ASK_SQ_TRANSPORT ? "'transport' takes a ship" : "'income' takes a side");
			return 0;
		}
		q->from = words[1];
		return 2;
	}
	if (strcmp(w, "buy") == 0) {
		q->kind = ASK_SQ_BUY;
		return parse_buy(words, count, purse_in_game, q, err);
	}
	rules_fail(err, RULES_ERROR_LOG_RULE,
		"unknown query '%s' for a square-grid scenario (attack, buy, moves, transport, income)", w);
	return 0;
}

/* buy: the comma list split ("infantry,cavalry" and "infantry, cavalry"
 * alike) into r->units, and asked. */
static void answer_buy(const sq_game *g, const ask_sq_query *q, ask_sq_result *r)
{
	char *list = xstrdup(q->list);
	for (char *p = list; *p; p++)
		if (*p == ',')
			*p = ' ';
	r->unit_count = str_split_words(list, &r->units, 0);
	free(list);
	ask_square_buy(g, (const char *const *)r->units, r->unit_count, q->saved_points, q->saved, &r->u.buy);
}

bool ask_square_answer(const sq_game *g, const ask_sq_query *q, ask_sq_result *r)
{
	memset(r, 0, sizeof *r);
	r->q = q;
	switch (q->kind) {
	case ASK_SQ_ATTACK: ask_square_attack(g, q->from, q->to, &r->u.attack); break;
	case ASK_SQ_BUY: answer_buy(g, q, r); break;
	case ASK_SQ_MOVES: ask_square_moves(g, q->from, &r->u.moves); break;
	case ASK_SQ_TRANSPORT: ask_square_transport(g, q->from, &r->u.transport); break;
	case ASK_SQ_INCOME: ask_square_income(g, q->from, &r->u.income); break;
	}
	r->answered = !ask_square_why(r)->error;
	return r->answered;
}

const rules_reasons *ask_square_why(const ask_sq_result *r)
{
	switch (r->q->kind) {
	case ASK_SQ_ATTACK: return &r->u.attack.why;
	case ASK_SQ_BUY: return &r->u.buy.why;
	case ASK_SQ_MOVES: return &r->u.moves.why;
	case ASK_SQ_TRANSPORT: return &r->u.transport.why;
	case ASK_SQ_INCOME: break;
	}
	return &r->u.income.why;
}

void ask_square_result_free(ask_sq_result *r)
{
	if (r->q) {
		if (r->q->kind == ASK_SQ_MOVES) {
			ask_sq_list_free(&r->u.moves.places);
		} else if (r->q->kind == ASK_SQ_TRANSPORT) {
			ask_sq_list_free(&r->u.transport.cargo);
			ask_sq_list_free(&r->u.transport.landings);
			ask_sq_list_free(&r->u.transport.embark);
		}
	}
	str_free_words(r->units, r->unit_count);
	r->units = NULL;
	r->unit_count = 0;
}
