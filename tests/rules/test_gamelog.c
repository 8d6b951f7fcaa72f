/* The game-log parser (docs/game-log.md): every action's words, comments
 * and blank lines, every malformed line reported with its number (all of
 * them, not only the first), and writing an action back gives the same
 * line. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "rules/hex/hex_log.h"

static const char GOOD[] =
	"# a whole game head and one turn of each kind\n"
	"orbat-game-log 1\n"
	"scenario bull-run   # the scenario's id\n"
	"seed 7\n"
	"\n"
	"first union\n"
	"hand union recon/left attack/centre skirmish/right frontal\n"
	"play union recon/left\n"
	"play fire centre\n"
	"order u-inf-1 u-cav-1 mcdowell\n"
	"move u-cav-1 B3 b4 C5\n"
	"move u-inf-1 D4 alone\n"
	"battle u-inf-1 c-inf-2 : infantry flag sabres infantry\n"
	"battle u-inf-1 c-inf-2 withdraw: cavalry\n"
	"save c-inf-2: sabres infantry\n"
	"defend c-inf-2 : cavalry\n"
	"flagsave c-inf-2 : flag\n"
	"retreat c-inf-2 E2 E1\n"
	"retreat c-inf-2 off\n"
	"retreat c-inf-2 F1 off alone\n"
	"retreat c-inf-2\n"
	"gain u-inf-1 alone\n"
	"draw union attack/left\n"
	"discard confederate sharpshooter\n"
	"form b1 lee c1 c2\n"
	"dissolve b1\n"
	"mount c-cav-1\n"
	"dismount c-cav-1\n"
	"dig u-inf-1\n"
	"battle a b\n"
	"draw\n";

static void test_good(void **state)
{
	(void)state;
	gl_log log;
	hexlog_init(&log);
	diag_sink sink;
	diag_sink_init(&sink);
	size_t bad = hexlog_parse(GOOD, strlen(GOOD), "game.log", &log, &sink);
	if (bad)
		diag_print_text(&sink, 0, sink.count, stderr);
	assert_int_equal(bad, 0);
	assert_int_equal(log.count, 29);
	const gl_action *a = log.actions;
	assert_int_equal(a[0].kind, ACT_FORMAT);
	assert_int_equal(a[0].line, 2);
	assert_int_equal(a[1].kind, ACT_SCENARIO);
	assert_string_equal(a[1].subject, "bull-run");
	assert_int_equal(a[2].number, 7);
	assert_int_equal(a[3].line, 6);
	assert_string_equal(a[4].side, "union");
	assert_int_equal(a[4].word_count, 4);
	assert_string_equal(a[4].words[3], "frontal");
	assert_string_equal(a[5].card, "recon/left");
	assert_null(a[6].side);
	assert_string_equal(a[6].card, "fire");
	assert_string_equal(a[6].section, "centre");
	assert_int_equal(a[7].word_count, 3);
	assert_int_equal(a[8].hex_count, 3);
	assert_int_equal(a[8].hexes[1].col, 1);
	assert_int_equal(a[8].hexes[1].row, 3);
	assert_true(a[9].alone);
	assert_true(a[10].faces_given);
	assert_int_equal(a[10].face_count, 4);
	assert_string_equal(a[10].object, "c-inf-2");
	assert_true(a[11].withdraw);
	assert_int_equal(a[11].face_count, 1);
	assert_int_equal(a[12].face_count, 2);
	assert_int_equal(a[13].kind, ACT_DEFEND);
	assert_int_equal(a[15].hex_count, 2);
	assert_true(a[16].off);
	assert_int_equal(a[16].hex_count, 0);
	assert_true(a[17].off && a[17].alone);
	assert_int_equal(a[18].hex_count, 0);
	assert_true(a[19].alone);
	assert_int_equal(a[22].kind, ACT_FORM);
	assert_string_equal(a[22].object, "lee");
	assert_int_equal(a[22].word_count, 2);
	assert_false(a[27].faces_given);      /* play lets orbat roll */
	assert_null(a[28].card);
	hexlog_finish(&log);
	diag_sink_finish(&sink);
}

typedef struct bad_line {
	const char *line;
	const char *message;   /* part of the error */
} bad_line;

static const bad_line BAD[] = {
	{ "attack u1 c1", "unknown action" },
	{ "move u1", "hexes it enters" },
	{ "move u1 Q", "not a hex address" },
	{ "move u1 A0", "not a hex address" },
	{ "battle u1", "attacking unit and its target" },
	{ "battle u1 c1 :", "no die faces" },
	{ "battle u1 c1 : a : b", "second ':'" },
	{ "defend c1 : flag flag", "one die" },
	{ "order", "at least one" },
	{ "play", "takes a card" },
	{ "play union recon/left sideways", "not a section" },
	{ "discard union a b", "unexpected" },
	{ "draw union a b", "unexpected" },
	{ "seed many", "whole number" },
	{ "seed 1 2", "whole number" },
	{ "orbat-game-log 2", "not known" },
	{ "first north", "union or confederate" },
	{ "hand north x", "side" },
	{ "scenario", "scenario id" },
	{ "form b1 g1", "at least one unit" },
	{ "dissolve", "one brigade" },
	{ "mount a b", "one unit" },
	{ "gain u1 u2", "takes the ground" },
	{ "order u1 : x", "takes no die faces" },
	{ "save c1 c2", "one unit" },
	{ "arrive", "one reserve unit" },
	{ "arrive ur1 E9 F9", "one reserve unit" },
	{ "arrive ur1 nowhere", "not a hex address" },
	{ "arrive ur1 : infantry", "takes no die faces" },
	{ "play union reinforcements :", "no die faces" },
};

static void test_every_bad_line_reported(void **state)
{
	(void)state;
	char text[4096] = "# every other line is bad\n";
	size_t n = sizeof BAD / sizeof BAD[0];
	for (size_t i = 0; i < n; i++) {
		strcat(text, BAD[i].line);
		strcat(text, "\norder u1   # fine\n");
	}
	gl_log log;
	hexlog_init(&log);
	diag_sink sink;
	diag_sink_init(&sink);
	size_t bad = hexlog_parse(text, strlen(text), "game.log", &log, &sink);
	assert_int_equal(bad, n);
	assert_int_equal(sink.count, n);
	assert_int_equal(log.count, n);     /* the good lines are kept */
	for (size_t i = 0; i < n; i++) {
		const diag *d = &sink.items[i];
		assert_int_equal(d->line, (int)(2 + 2 * i));
		assert_string_equal(d->rule, "log");
		assert_string_equal(d->file, "game.log");
		if (!strstr(d->message, BAD[i].message))
			fail_msg("'%s': message '%s' lacks '%s'", BAD[i].line, d->message, BAD[i].message);
	}
	hexlog_finish(&log);
	diag_sink_finish(&sink);
}

static void test_odd_bytes(void **state)
{
	(void)state;
	const char text[] = "order u1\r\nmove u1 A1\x01\nx\0y\n\n# end without newline\nseed 3";
	gl_log log;
	hexlog_init(&log);
	diag_sink sink;
	diag_sink_init(&sink);
	size_t bad = hexlog_parse(text, sizeof text - 1, "g", &log, &sink);
	assert_int_equal(bad, 2);
	assert_int_equal(sink.items[0].line, 2);
	assert_int_equal(sink.items[1].line, 3);
	assert_int_equal(log.count, 2);
	assert_int_equal(log.actions[1].line, 6);
	hexlog_finish(&log);
	diag_sink_finish(&sink);
}

static void test_round_trip(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"play union recon/left",
		"play confederate fire centre",
		"order u1 u2 g1",
		"move u1 B3 B4 C5 alone",
		"battle u1 c1 withdraw : infantry flag",
		"battle u1 c1 alone : infantry",
		"battle u1 c1 alone withdraw : infantry",
		"save c1 : sabres",
		"retreat c1 E2 off alone",
		"gain u1",
		"draw union attack/left",
		"hand union a b c",
		"seed 18446744073709551615",
		"form b1 g1 u1 u2",
		"play union reinforcements : cavalry sabres",
		"play counter-attack : infantry flag",
		"arrive ur1",
		"arrive ur1 G9",
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		gl_action a;
		bool empty;
		rules_error why;
		assert_true(hexlog_parse_line(lines[i], 1, &a, &empty, &why));
		char *back = hexlog_format(&a);
		assert_string_equal(back, lines[i]);
		free(back);
		hexlog_action_finish(&a);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_every_bad_line_reported),
		cmocka_unit_test(test_odd_bytes),
		cmocka_unit_test(test_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
