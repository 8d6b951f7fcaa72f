/* The engine's one error type: the rule id is a field of its own, so a
 * message made long by a user's ids is cut (and marked) without losing
 * the rule it cites.  Before, the rule was appended to the text and
 * parsed back out; a message too long for its buffer lost it and was
 * reported under [log]. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/hex/moves.h"
#include "rules/rules_error.h"
#include "rules_fixture.h"

#define BC99 "battlecry-1999"
#define HAND_U "recon/left skirmish/centre assault/centre frontal"
#define HAND_C "recon/left skirmish/centre assault/right bombard"
/* u1 at F6 next to c1 at F5; c2 far off at L1. */
#define DUEL "u inf F6; c inf F5; u inf B9; c inf L1"
#define LONG_ID 5000

/* An id of `len` characters, like a user may write in a scenario that
 * skips validation (the engine must not rely on the schema's limit). */
static char *long_id(size_t len)
{
	char *s = malloc(len + 1);
	assert_non_null(s);
	for (size_t i = 0; i < len; i++)
		s[i] = "iron-brigade-"[i % 13];
	s[len] = '\0';
	return s;
}

static void rename_unit(hex_game *g, const char *id, size_t len)
{
	hex_ref r = fx_ref(g, id);
	assert_int_equal(r.kind, REF_UNIT);
	free(g->units[r.index].id);
	g->units[r.index].id = long_id(len);
}

static bool ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);
	return a >= b && strcmp(s + a - b, tail) == 0;
}

static void test_cut_keeps_rule(void **state)
{
	(void)state;
	rules_error e;
	rules_error_clear(&e);
	assert_false(rules_error_set(&e));
	char *id = long_id(LONG_ID);
	assert_false(rules_fail(&e, "bc-7.1", "unit '%s' cannot retreat", id));
	assert_string_equal(e.rule, "bc-7.1");
	assert_int_equal(strlen(e.message), sizeof e.message - 1);
	assert_true(ends_with(e.message, "..."));
	assert_int_equal(strncmp(e.message, "unit 'iron-brigade-", 19), 0);
	rules_error_prefix(&e, "'%s' may not enter F4: ", "u1");
	assert_string_equal(e.rule, "bc-7.1");
	assert_int_equal(strncmp(e.message, "'u1' may not enter F4: unit 'iron", 33), 0);
	assert_true(ends_with(e.message, "..."));
	/* A message that fits is left as written. */
	assert_false(rules_fail(&e, RULES_ERROR_LOG_RULE, "no brigade '%s'", "b1"));
	assert_string_equal(e.message, "no brigade 'b1'");
	assert_string_equal(e.rule, "log");
	rules_error_prefix(&e, "%s", id);
	assert_string_equal(e.rule, "log");
	assert_true(ends_with(e.message, "..."));
	free(id);
}

/* A move the engine refuses, quoting a 5,000-character id. */
static void test_move_long_id(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, BC99, "", DUEL);
	rename_unit(g, "u1", LONG_ID);
	hex_coord path[] = { fx_hex("F4") };
	move_options o = { false, -1 };
	rules_error e;
	rules_error_clear(&e);
	assert_false(moves_check_path(g, (hex_ref){ REF_UNIT, 0 }, &o, path, 1, &e));
	assert_string_equal(e.rule, "bc-3");
	assert_true(ends_with(e.message, "..."));
}

typedef struct log_case {
	const char *why;
	const char *lines;
	int refused;
	const char *rule;
	bool quotes;        /* the message quotes the long id */
} log_case;

/* Log lines name the unit by its hex (a log word is at most 200
 * characters); the refusal quotes its id in full. */
static const log_case LOGS[] = {
	{ "a move too far", "play union assault/centre\norder F6\nmove F6 F4", 3, "bc-3", true },
	{ "a move into an enemy", "play union assault/centre\norder F6\nmove F6 F5", 3, "bc-3.1", true },
	{ "a unit that moved already", "play union assault/centre\norder F6\nmove F6 G6\nmove G6 H6", 4, "bc-3", true },
	{ "a battle out of range", "play union assault/centre\norder F6\nbattle F6 L1 : flag", 3, "bc-4", false },
};

static void test_log_long_id(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof LOGS / sizeof LOGS[0]; i++) {
		const log_case *c = &LOGS[i];
		hex_game *g = fx_game(f, BC99, "", DUEL);
		rename_unit(g, "u1", LONG_ID);
		rules_error err;
		rules_error_clear(&err);
		int refused = fx_play_hands(f, HAND_U, HAND_C, c->lines, &err);
		if (refused != c->refused)
			fail_msg("%s: line %d refused ([%s]), expected line %d", c->why, refused, err.rule, c->refused);
		if (strcmp(err.rule, c->rule) != 0)
			fail_msg("%s: refused under [%s], expected [%s]: %.200s", c->why, err.rule, c->rule, err.message);
		if (c->quotes && !strstr(err.message, "iron-brigade-iron-brigade-"))
			fail_msg("%s: the message does not quote the id: %.200s", c->why, err.message);
	}
}

/* The reasons of an answer: each under its rule, the ones that say why
 * there is no answer marked, and a full list still marked as having no
 * answer when the reason itself no longer fits. */
static void test_reasons_marks_errors(void **state)
{
	(void)state;
	rules_reasons l = { 0 };
	assert_non_null(rules_reasons_add(&l, "mb-11.combat", "attack factor %d", 3));
	rules_reasons_fail(&l, "mb-11.ids", "no unit '%s'", "zz");
	rules_error found;
	rules_fail(&found, "mb-11.naval", "from the referee");
	found.line = 7;
	const rules_error *taken = rules_reasons_take(&l, &found);
	assert_int_equal(l.count, 3);
	assert_true(l.error);
	assert_false(l.errors[0]);
	assert_true(l.errors[1]);
	assert_false(l.errors[2]);
	assert_string_equal(l.items[0].message, "attack factor 3");
	assert_string_equal(l.items[0].rule, "mb-11.combat");
	assert_int_equal(l.items[0].line, 0);
	assert_ptr_equal(rules_reasons_first_error(&l), &l.items[1]);
	assert_string_equal(taken->rule, "mb-11.naval");
	assert_string_equal(taken->message, "from the referee");
	assert_int_equal(taken->line, 7);

	rules_reasons full = { 0 };
	for (int i = 0; i < RULES_REASONS_MAX; i++)
		assert_non_null(rules_reasons_add(&full, "r", "step %d", i));
	assert_null(rules_reasons_add(&full, "r", "one too many"));
	assert_false(full.error);
	assert_null(rules_reasons_first_error(&full));
	rules_reasons_fail(&full, "r", "about nothing");
	assert_int_equal(full.count, RULES_REASONS_MAX);
	assert_true(full.error);
	assert_null(rules_reasons_first_error(&full));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cut_keeps_rule),
		cmocka_unit_test(test_move_long_id),
		cmocka_unit_test(test_log_long_id),
		cmocka_unit_test(test_reasons_marks_errors),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
