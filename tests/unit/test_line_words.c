/* Unit tests of a game's log lines in words (rules/line_words): every
 * action of either grid's log is said in en, nl and fr with every {key}
 * of its sentence filled, never as the line itself; the head and
 * comments have no words; the referee's sentence of what is owed is said
 * by the steps it names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "model/ruleset.h"
#include "rules/line_words.h"
#include "text/context.h"
#include "text/strings.h"

typedef struct fixture {
	context c;
	diag_sink sink;
	ruleset *rs;
	render_ctx rc;
} fixture;

static void open_words(fixture *f, const char *ruleset_id, lang_id lang)
{
	memset(f, 0, sizeof *f);
	context_init(&f->c, datadir_get());
	diag_sink_init(&f->sink);
	f->rc.strings = strings_of(&f->c, &f->sink);
	assert_non_null(f->rc.strings);
	f->rs = ruleset_load(datadir_get(), ruleset_id, &f->sink);
	assert_non_null(f->rs);
	f->rc.rs = f->rs;
	f->rc.lang = lang;
}

static void close_words(fixture *f)
{
	ruleset_destroy(f->rs);
	diag_sink_finish(&f->sink);
	context_finish(&f->c);
}

/* Each line said in every language: words, all keys filled. */
static void said_everywhere(const char *ruleset_id, const char *const *lines, size_t n)
{
	for (int l = 0; l < LANG_COUNT; l++) {
		fixture f;
		open_words(&f, ruleset_id, (lang_id)l);
		for (size_t i = 0; i < n; i++) {
			char *said = line_words_line(&f.rc, lines[i]);
			if (!said)
				fail_msg("%s: no words for '%s'", lang_code((lang_id)l), lines[i]);
			if (strchr(said, '{') || strstr(said, lines[i]) || strstr(said, "line-"))
				fail_msg("%s: '%s' said as '%s'", lang_code((lang_id)l), lines[i], said);
			free(said);
		}
		close_words(&f);
	}
}

static void test_every_hex_action_is_said(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"play union recon/left", "play confederate fire centre", "discard union recon/left",
		"draw confederate assault/centre", "order u-inf-1 u-inf-3", "move u-inf-1 D4", "move u-inf-1 D4 E4 off",
		"dig u-inf-1", "mount c-cav-1", "dismount c-cav-1", "battle u-inf-1 c-art-2 : flag flag",
		"battle u-inf-1 c-art-2 alone : infantry", "save c-art-2 : sabres", "defend c-art-2 : flag",
		"flagsave c-art-2 : flag", "retreat c-art-2 E7 E8", "retreat c-art-2", "retreat c-art-2 off", "gain u-inf-1",
		"follow c-inf-2 E7", "arrive c-res-1", "rally : infantry sabres", "rally c-inf-1 c-inf-1", "pass",
	};
	said_everywhere("battlecry-1999", lines, sizeof lines / sizeof *lines);
}

static void test_every_square_action_is_said(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"buy infantry cavalry", "roll : 3 5", "move u-inf-1 L7 L8", "embark u-inf-1 u-gunboat-1",
		"land u-inf-1 M9", "attack u-art-1 c-inf-1 : 6", "retreat c-inf-1 M9 c-cav-1", "withdraw lee M9",
		"advance u-inf-1", "stop", "naval u-gunboat-1 c-gunboat-1 : 4 2", "fire u-art-1 c-gunboat-1 : 5",
		"redeploy : 4", "place infantry M6 u-infantry-1", "end",
	};
	said_everywhere("mb-remastered", lines, sizeof lines / sizeof *lines);
}

static void test_the_sentences_name_the_pieces_and_cards(void **state)
{
	(void)state;
	fixture f;
	open_words(&f, "battlecry-1999", LANG_FR);
	/* Without the scenario the pieces keep their ids; the cards, the
	 * sides and the cells are named. */
	char *said = line_words_line(&f.rc, "battle u-inf-1 c-art-2 : flag flag");
	assert_string_equal(said, "u-inf-1 combat c-art-2");
	free(said);
	said = line_words_line(&f.rc, "move u-inf-1 D5");
	assert_string_equal(said, "u-inf-1 se déplace en D5");
	free(said);
	said = line_words_line(&f.rc, "play union recon/centre");
	assert_string_equal(said, "Union joue Reconnaissance");
	free(said);
	said = line_words_line(&f.rc, "order u-inf-1 u-inf-3");
	assert_string_equal(said, "Ordres\u00a0: u-inf-1, u-inf-3");
	free(said);
	close_words(&f);
}

static void test_the_head_and_comments_have_no_words(void **state)
{
	(void)state;
	fixture f;
	open_words(&f, "battlecry-1999", LANG_EN);
	static const char *const lines[] = { "orbat-game-log 1", "scenario first-bull-run", "seed 5",
		"hand union recon/left", "# orbat play first-bull-run, seed 5", "", "form b1 g1 u1" };
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
		assert_null(line_words_line(&f.rc, lines[i]));
	assert_null(line_words_line(NULL, "move u1 D4"));
	close_words(&f);
}

static void test_what_is_owed_is_said_by_its_steps(void **state)
{
	(void)state;
	fixture f;
	open_words(&f, "mb-remastered", LANG_EN);
	char *said = line_words_owed(&f.rc, "union: buy units (5 points, 2 infantry allowed) or roll for movement ('roll')");
	assert_string_equal(said, "Owed: buy units, the movement roll");
	free(said);
	said = line_words_owed(&f.rc, "union: move (0 of 7 units moved), embark and land; then attack, or make the "
		"non-combat roll ('redeploy')");
	assert_string_equal(said, "Owed: moves, an attack, the non-combat roll");
	free(said);
	said = line_words_owed(&f.rc, "card 'reinforcements' is not settled: the dice still bring reserve units (faces "
		"left for: cavalry): 'arrive REF [HEX]' with c-res-1");
	assert_string_equal(said, "Owed: reserve units arrive");
	free(said);
	assert_null(line_words_owed(&f.rc, "the game is over: union wins"));
	assert_null(line_words_owed(NULL, "'roll'"));
	close_words(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_hex_action_is_said),
		cmocka_unit_test(test_every_square_action_is_said),
		cmocka_unit_test(test_the_sentences_name_the_pieces_and_cards),
		cmocka_unit_test(test_the_head_and_comments_have_no_words),
		cmocka_unit_test(test_what_is_owed_is_said_by_its_steps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
