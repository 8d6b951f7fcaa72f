/* Rules facts that live in the ruleset data, not in C: a house ruleset
 * that changes one of them must change what the program does.
 *   - <battle kill-symbols>: how many matching symbols make a kill (§5.2);
 *   - <card effect="dig"> <dig unit units>: who digs fieldworks (§8);
 *   - <square-combat die-faces>: the sides of the square grid's die (§11);
 *   - <card order effect units target entry-fallback>: values read at load;
 *   - <terrain letter default>: the text board's letters, unlisted cells.
 * Each house ruleset is written beside the shipped files in a temporary
 * data folder and extends one of them; the positions are built through
 * the real scenario compiler with the shipped ruleset, then played or
 * asked under the house one. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/util.h"
#include "geo/square.h"
#include "model/position.h"
#include "rules/square/sq_ask.h"
#include "rules/hex/battle.h"
#include "../rules/rules_fixture.h"
#include "sink_says.h"

static const char *real_data(void)
{
	const char *env = getenv("ORBAT_DATADIR");
	assert_non_null(env);
	return env;
}

/* A data folder holding links to the shipped rulesets and one house file. */
typedef struct house {
	char dir[64];
	char rulesets[96];
	char file[160];
	const char *links[4];
	size_t link_count;
	ruleset *rs;
} house;

static void house_link(house *h, const char *id)
{
	char cwd[512] = "", from[1100], to[256];
	const char *data = real_data();
	if (data[0] != '/')
		assert_non_null(getcwd(cwd, sizeof cwd));
	snprintf(from, sizeof from, "%s%s%s/rulesets/%s.xml", cwd, *cwd ? "/" : "", data, id);
	snprintf(to, sizeof to, "%s/%s.xml", h->rulesets, id);
	assert_int_equal(symlink(from, to), 0);
	h->links[h->link_count++] = id;
}

/* Load the ruleset "house" that extends `parent` (itself extending the
 * ids in `ancestors`, NULL-ended) with `body` inside <ruleset>; NULL with
 * the messages in *sink when it does not load. */
static ruleset *house_load(house *h, const char *parent, const char *const *ancestors, const char *body,
	diag_sink *sink)
{
	memset(h, 0, sizeof *h);
	snprintf(h->dir, sizeof h->dir, "/tmp/orbat-facts-XXXXXX");
	assert_non_null(mkdtemp(h->dir));
	snprintf(h->rulesets, sizeof h->rulesets, "%s/rulesets", h->dir);
	assert_int_equal(mkdir(h->rulesets, 0700), 0);
	house_link(h, parent);
	for (size_t i = 0; ancestors && ancestors[i]; i++)
		house_link(h, ancestors[i]);
	snprintf(h->file, sizeof h->file, "%s/house.xml", h->rulesets);
	FILE *f = fopen(h->file, "w");
	assert_non_null(f);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"house\" extends=\"%s\">\n%s\n</ruleset>\n", parent, body);
	fclose(f);
	h->rs = ruleset_load(h->dir, "house", sink);
	return h->rs;
}

static void house_finish(house *h)
{
	ruleset_destroy(h->rs);
	unlink(h->file);
	for (size_t i = 0; i < h->link_count; i++) {
		char path[256];
		snprintf(path, sizeof path, "%s/%s.xml", h->rulesets, h->links[i]);
		unlink(path);
	}
	rmdir(h->rulesets);
	rmdir(h->dir);
}

/* ---- §5.2: the kill threshold ---- */

/* The kills of a roll of `n` infantry symbols against a confederate
 * infantry unit, in game g. */
static int kills(const hex_game *g, int n)
{
	int faces[8];
	int infantry = hex_game_face(g, "infantry");
	assert_true(infantry >= 0);
	for (int i = 0; i < n; i++)
		faces[i] = infantry;
	battle_count_result r;
	battle_count(g, fx_ref(g, "c1"), faces, n, &r);
	return r.auto_kills;
}

static void test_kill_symbols_follow_the_data(void **state)
{
	(void)state;
	fixture f;
	fx_init(&f);
	hex_game *nz = fx_game(&f, "noord-zuid", "", "u inf F5; c inf F4");
	assert_non_null(nz);
	/* noord-zuid as shipped: two matching symbols kill. */
	assert_int_equal(f.rs->battle.kill_symbols, 2);
	assert_int_equal(kills(nz, 1), 0);
	assert_int_equal(kills(nz, 2), 1);
	assert_string_equal(battle_kill_words(nz), "Two");

	static const char *const nz_parents[] = { "battlecry-1999", NULL };
	house h;
	diag_sink sink;
	diag_sink_init(&sink);
	assert_non_null(house_load(&h, "noord-zuid", nz_parents, "<battle kill-symbols=\"3\"/>", &sink));
	hex_game *g = hex_game_create(f.sc, h.rs);
	assert_non_null(g);
	assert_int_equal(kills(g, 2), 0);
	assert_int_equal(kills(g, 3), 1);
	/* The referee's note on a kill says so too. */
	assert_string_equal(battle_kill_words(g), "Three");
	hex_game_destroy(g);
	house_finish(&h);
	diag_sink_finish(&sink);
	fx_finish(&f);
}

static void test_saves_need_kill_symbols(void **state)
{
	(void)state;
	house h;
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(house_load(&h, "battlecry-1999", NULL, "<battle procedure=\"saves\"/>", &sink));
	assert_true(sink_says(&sink, "kill-symbols"));
	house_finish(&h);
	diag_sink_finish(&sink);
}

/* ---- §8: the dig card's unit types ---- */

#define DIG_HAND "fieldworks recon/left skirmish/centre frontal"
#define OTHER_HAND "recon/left skirmish/centre assault/right bombard"

/* 0 when the lines play under the ruleset (NULL: the shipped 1999), else
 * the line refused. */
static int dig_play(const ruleset *rs, const char *units, const char *lines)
{
	fixture f;
	fx_init(&f);
	assert_non_null(fx_game(&f, "battlecry-1999", "", units));
	if (rs) {
		hex_game_destroy(f.g);
		f.g = hex_game_create(f.sc, rs);
		assert_non_null(f.g);
	}
	rules_error err;
	memset(&err, 0, sizeof err);
	int refused = fx_play_hands(&f, DIG_HAND, OTHER_HAND, lines, &err);
	fx_finish(&f);
	return refused;
}

static void test_dig_types_follow_the_data(void **state)
{
	(void)state;
	const char *three_inf = "u inf F5; u inf G5; u inf H5; c inf F1";
	const char *cav = "u cav F5; c inf F1";
	const char *art = "u art F5; c inf F1";
	const char *order3 = "play union fieldworks\norder u1 u2 u3";
	const char *order1 = "play union fieldworks\norder u1\ndig u1";
	/* As shipped: two infantry or one artillery. */
	assert_int_equal(dig_play(NULL, three_inf, order3), 2);
	assert_int_equal(dig_play(NULL, cav, order1), 2);
	assert_int_equal(dig_play(NULL, art, order1), 0);

	house h;
	diag_sink sink;
	diag_sink_init(&sink);
	assert_non_null(house_load(&h, "battlecry-1999", NULL,
		"<deck><card id=\"fieldworks\"><dig unit=\"infantry\" units=\"3\"/><dig unit=\"cavalry\" units=\"1\"/>"
		"</card></deck>", &sink));
	assert_int_equal(dig_play(h.rs, three_inf, order3), 0);
	assert_int_equal(dig_play(h.rs, cav, order1), 0);
	assert_int_equal(dig_play(h.rs, art, order1), 2);
	/* The card's text counts from the same list. */
	const rs_card *card = ruleset_find_card(h.rs, "fieldworks");
	assert_non_null(card);
	char *text = ruleset_card_fill(card, "{dig-infantry} or {dig-cavalry}, {dig-artillery}");
	assert_string_equal(text, "3 or 1, {dig-artillery}");
	free(text);
	house_finish(&h);
	diag_sink_finish(&sink);
}

static void test_dig_needs_known_types(void **state)
{
	(void)state;
	house h;
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(house_load(&h, "battlecry-1999", NULL,
		"<deck><card id=\"fieldworks\"><dig unit=\"sappers\" units=\"1\"/></card></deck>", &sink));
	assert_true(sink_says(&sink, "sappers"));
	house_finish(&h);
	diag_sink_finish(&sink);
}

/* ---- §11: the square grid's die ---- */

/* The attacker's chance to hit in mb-1861 with one infantry unit on each
 * side of B2-B3, under the ruleset rs (NULL: mb-remastered as shipped). */
static double square_hit(const ruleset *rs)
{
	char *path = xasprintf("%s/../scenarios/mb-1861.xml", real_data());
	FILE *fp = fopen(path, "rb");
	free(path);
	assert_non_null(fp);
	static char text[512 * 1024];
	size_t n = fread(text, 1, sizeof text - 1, fp);
	fclose(fp);
	text[n] = '\0';
	char *start = strstr(text, "<forces");
	assert_non_null(start);
	*start = '\0';
	char *xml = xasprintf("%s<forces side=\"union\" first=\"true\"><general id=\"grant\" at=\"A13\"/>"
		"<unit id=\"u1\" type=\"infantry\" at=\"B2\"/></forces>\n<forces side=\"confederate\">"
		"<general id=\"lee\" at=\"C12\"/><unit id=\"c1\" type=\"infantry\" at=\"B3\"/></forces>\n</scenario>\n",
		text);
	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(real_data(), &sink);
	scenario *sc = NULL;
	const ruleset *shipped = NULL;
	validate_status st = validator_check_memory(v, "test.xml", xml, strlen(xml), &sink, &sc, &shipped);
	free(xml);
	if (st != VALIDATE_OK)
		diag_print_text(&sink, 0, sink.count, stderr);
	assert_int_equal(st, VALIDATE_OK);
	position *pos = position_create(sc, rs ? rs : shipped);
	sq_game *g = sq_game_create(pos);
	assert_non_null(g);
	ask_sq_attack a;
	ask_square_attack(g, "B2", "B3", &a);
	assert_true(a.allowed);
	double hit = a.attacker.hit;
	sq_game_destroy(g);
	position_destroy(pos);
	scenario_destroy(sc);
	validator_destroy(v);
	diag_sink_finish(&sink);
	return hit;
}

static void test_square_die_faces_follow_the_data(void **state)
{
	(void)state;
	/* Infantry attacks at 1: one side of the die in six as shipped. */
	assert_float_equal(square_hit(NULL), 1.0 / 6.0, 1e-9);
	house h;
	diag_sink sink;
	diag_sink_init(&sink);
	assert_non_null(house_load(&h, "mb-remastered", NULL, "<square-combat die-faces=\"8\"/>", &sink));
	assert_float_equal(square_hit(h.rs), 1.0 / 8.0, 1e-9);
	house_finish(&h);
	diag_sink_finish(&sink);
}

static void test_square_needs_die_faces(void **state)
{
	(void)state;
	house h;
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(house_load(&h, "mb-remastered", NULL, "<square-combat die-faces=\"0\"/>", &sink));
	assert_true(sink_says(&sink, "die-faces"));
	house_finish(&h);
	diag_sink_finish(&sink);
}

/* ---- §8: a card's words are read once, at load ---- */

/* Each word the loader does not know is an error at its line (the body
 * starts on line 3 of the house file), with the words it knows. */
static void test_unknown_card_words_are_load_errors(void **state)
{
	(void)state;
	static const struct {
		const char *body, *says;
	} cases[] = {
		{ "<deck><card id=\"recon\" order=\"flank\"/></deck>",
			"order must be section, each-section, type, section-type, generals, all or special, not 'flank'" },
		{ "<deck><card id=\"rally\" effect=\"ambush\"/></deck>",
			"effect must be copy-last, dig, sharpshooter, rally, reinforce or fall-back, not 'ambush'" },
		{ "<deck><card id=\"recon\" units=\"two\"/></deck>", "units must be a number of units from 1 to 999 or all, not 'two'" },
		{ "<deck><card id=\"short-supply\" target=\"neutral\"/></deck>", "target must be enemy or friendly, not 'neutral'" },
		{ "<deck><card id=\"reinforcements\" entry-fallback=\"sea\"/></deck>",
			"entry-fallback must be home-row or none, not 'sea'" },
		{ "<terrain id=\"woods\" letter=\"ww\"/>", "letter must be one visible ASCII character, not 'ww'" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		house h;
		diag_sink sink;
		diag_sink_init(&sink);
		assert_null(house_load(&h, "battlecry-1999", NULL, cases[i].body, &sink));
		if (!sink_says(&sink, cases[i].says))
			fail_msg("%s: not told '%s'", cases[i].body, cases[i].says);
		assert_int_equal(sink.items[0].line, 3);
		assert_string_equal(sink.items[0].rule, "ruleset");
		house_finish(&h);
		diag_sink_finish(&sink);
	}
}

/* What a house ruleset states replaces the inherited value in the model,
 * and the printed words come back from it. */
static void test_card_words_become_values(void **state)
{
	(void)state;
	house h;
	diag_sink sink;
	diag_sink_init(&sink);
	assert_non_null(house_load(&h, "battlecry-1999", NULL,
		"<deck><card id=\"recon\" units=\"all\" order=\"each-section\"/>"
		"<card id=\"short-supply\" target=\"friendly\"/>"
		"<card id=\"reinforcements\" entry-fallback=\"none\"/></deck>", &sink));
	const rs_card *recon = ruleset_find_card(h.rs, "recon");
	assert_int_equal(recon->units, RS_CARD_UNITS_ALL);
	assert_int_equal(recon->order, RS_ORDER_EACH_SECTION);
	char units[RS_CARD_UNITS_TEXT];
	assert_string_equal(ruleset_card_units_text(recon, units), "all");
	assert_string_equal(ruleset_card_order_names[recon->order], "each-section");
	assert_int_equal(ruleset_find_card(h.rs, "short-supply")->target, RS_TARGET_FRIENDLY);
	assert_false(ruleset_find_card(h.rs, "reinforcements")->entry_home_row);
	const rs_card *attack = ruleset_find_card(h.rs, "attack");
	assert_int_equal(attack->units, 3);
	assert_string_equal(ruleset_card_units_text(attack, units), "3");
	assert_ptr_equal(ruleset_find_card_effect(h.rs, RS_EFFECT_DIG), ruleset_find_card(h.rs, "fieldworks"));
	house_finish(&h);
	diag_sink_finish(&sink);
}

/* ---- the text board's letters and the unlisted cells' terrain ---- */

static void test_terrain_letters_and_default_are_data(void **state)
{
	(void)state;
	house h;
	diag_sink sink;
	diag_sink_init(&sink);
	/* As shipped, plus a new type that states no letter: its id's first. */
	assert_non_null(house_load(&h, "battlecry-1999", NULL, "<terrain id=\"marsh\"/>", &sink));
	assert_int_equal(ruleset_find_terrain(h.rs, "woods")->letter, 'w');
	assert_int_equal(ruleset_find_terrain(h.rs, "bridge")->letter, '=');
	assert_int_equal(ruleset_find_terrain(h.rs, "clear")->letter, '.');
	assert_int_equal(ruleset_find_terrain(h.rs, "marsh")->letter, 'm');
	assert_string_equal(ruleset_unlisted_terrain(h.rs)->id, "clear");
	house_finish(&h);
	/* A house default takes the inherited one's place. */
	assert_non_null(house_load(&h, "battlecry-1999", NULL,
		"<terrain id=\"meadow\" default=\"true\" letter=\",\"/><terrain id=\"woods\" letter=\"t\"/>", &sink));
	assert_string_equal(ruleset_unlisted_terrain(h.rs)->id, "meadow");
	assert_false(ruleset_find_terrain(h.rs, "clear")->unlisted);
	assert_int_equal(ruleset_unlisted_terrain(h.rs)->letter, ',');
	assert_int_equal(ruleset_find_terrain(h.rs, "woods")->letter, 't');
	house_finish(&h);
	/* Without a default a ruleset is incomplete. */
	assert_null(house_load(&h, "battlecry-1999", NULL, "<terrain id=\"clear\" absent=\"true\"/>", &sink));
	assert_true(sink_says(&sink, "lacks a <terrain default=\"true\">"));
	house_finish(&h);
	diag_sink_finish(&sink);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kill_symbols_follow_the_data),
		cmocka_unit_test(test_saves_need_kill_symbols),
		cmocka_unit_test(test_dig_types_follow_the_data),
		cmocka_unit_test(test_dig_needs_known_types),
		cmocka_unit_test(test_square_die_faces_follow_the_data),
		cmocka_unit_test(test_square_needs_die_faces),
		cmocka_unit_test(test_unknown_card_words_are_load_errors),
		cmocka_unit_test(test_card_words_become_values),
		cmocka_unit_test(test_terrain_letters_and_default_are_data),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
