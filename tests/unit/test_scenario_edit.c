/* The scenario editor (model/scenario_edit.h): every edit and its inverse
 * bring the file back byte for byte, refusals change nothing, new elements
 * land where the author's layout puts them, an edited scenario is checked
 * by the validator and passes it once fixed, and a failed save leaves the
 * old file. */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/datadir.h"
#include "base/util.h"
#include "model/scenario_edit.h"
#include "model/special_rules.h"
#include "model/starter.h"
#include "validate/validate.h"

static char *read_whole(const char *path, size_t *size)
{
	*size = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	byte_buf b = { 0 };
	char chunk[4096];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		bytes_put(&b, chunk, n);
	fclose(f);
	bytes_put(&b, "", 1);
	*size = b.len - 1;
	return (char *)b.p;
}

static char *source_path(const char *rel)
{
	return xasprintf("%s/../%s", datadir_get(), rel);
}

static scenario_doc *open_source(const char *rel)
{
	char *path = source_path(rel);
	diag_sink sink;
	diag_sink_init(&sink);
	scenario_doc *d = scenario_doc_open(path, datadir_get(), &sink);
	if (!d)
		diag_print_text(&sink, 0, sink.count, stderr);
	assert_non_null(d);
	diag_sink_finish(&sink);
	free(path);
	return d;
}

static scenario_doc *open_template(const char *ruleset_id)
{
	diag_sink sink;
	diag_sink_init(&sink);
	scenario_doc *d = scenario_doc_new(datadir_get(), ruleset_id, "/tmp/orbat-edit-test/my-test.xml", &sink);
	assert_non_null(d);
	diag_sink_finish(&sink);
	return d;
}

static bool same_bytes(const scenario_doc *d, const char *bytes, size_t size)
{
	size_t now_size;
	const char *now = scenario_doc_bytes(d, &now_size);
	return now_size == size && memcmp(now, bytes, size) == 0;
}

static bool is_original(const scenario_doc *d)
{
	size_t size;
	const char *orig = scenario_doc_original(d, &size);
	return same_bytes(d, orig, size);
}

static char *snapshot(const scenario_doc *d, size_t *size)
{
	const char *now = scenario_doc_bytes(d, size);
	return xstrndup(now, *size);
}

/* Apply, undo, redo, undo: the edit changes the bytes, each undo brings
 * back the bytes before it, the redo those after it. */
static void round_trip(scenario_doc *d, const scedit_op *op)
{
	size_t before_size, after_size;
	char *before = snapshot(d, &before_size);
	scedit_op undo = { 0 }, redo = { 0 }, undo2 = { 0 }, again = { 0 };
	scedit_refusal why;
	unsigned long gen = scenario_doc_generation(d);
	if (!scenario_doc_apply(d, op, &undo, &why))
		fail_msg("refused: %s: %s", why.reason, why.message);
	assert_int_equal(scenario_doc_generation(d), gen + 1);
	if (same_bytes(d, before, before_size))
		fail_msg("%s %s %s changed nothing", scedit_kind_name(op->kind), scedit_piece_name(op->piece),
			op->key ? op->key : op->attribute ? op->attribute : "");
	char *after = snapshot(d, &after_size);
	assert_true(scenario_doc_apply(d, &undo, &redo, &why));
	if (!same_bytes(d, before, before_size)) {
		size_t n;
		const char *now = scenario_doc_bytes(d, &n);
		size_t at = 0;
		while (at < n && at < before_size && now[at] == before[at])
			at++;
		fail_msg("undo of %s %s differs at byte %zu: \"%.60s\" for \"%.60s\"", scedit_kind_name(op->kind),
			scedit_piece_name(op->piece), at, now + (at > 20 ? at - 20 : 0), before + (at > 20 ? at - 20 : 0));
	}
	assert_true(scenario_doc_apply(d, &redo, &undo2, &why));
	if (!same_bytes(d, after, after_size)) {
		size_t n;
		const char *now = scenario_doc_bytes(d, &n);
		size_t at = 0;
		while (at < n && at < after_size && now[at] == after[at])
			at++;
		fail_msg("redo of %s %s differs at byte %zu: \"%.60s\" for \"%.60s\"", scedit_kind_name(op->kind),
			scedit_piece_name(op->piece), at, now + (at > 20 ? at - 20 : 0), after + (at > 20 ? at - 20 : 0));
	}
	assert_true(scenario_doc_apply(d, &undo2, &again, &why));
	assert_true(same_bytes(d, before, before_size));
	scedit_op_finish(&undo);
	scedit_op_finish(&redo);
	scedit_op_finish(&undo2);
	scedit_op_finish(&again);
	free(before);
	free(after);
}

static void refused(scenario_doc *d, const scedit_op *op, const char *reason)
{
	size_t before_size;
	char *before = snapshot(d, &before_size);
	unsigned long gen = scenario_doc_generation(d);
	scedit_op inv = { 0 };
	scedit_refusal why;
	if (scenario_doc_apply(d, op, &inv, &why))
		fail_msg("accepted an edit the format cannot hold (%s)", reason);
	assert_string_equal(why.reason, reason);
	assert_true(why.message[0] != '\0');
	assert_true(same_bytes(d, before, before_size));
	assert_int_equal(scenario_doc_generation(d), gen);
	free(before);
}

static bool model_has_unit(const scenario *sc, const char *id)
{
	for (size_t i = 0; i < sc->unit_count; i++)
		if (str_eq(sc->units[i].id.text, id))
			return true;
	for (size_t i = 0; i < sc->reserve_count; i++)
		if (str_eq(sc->reserves[i].id.text, id))
			return true;
	return false;
}

/* ---- every bundled file comes back byte for byte ---------------------- */

static void each_xml(const char *rel_dir, void (*fn)(const char *rel))
{
	char *dir = source_path(rel_dir);
	DIR *dh = opendir(dir);
	assert_non_null(dh);
	struct dirent *e;
	size_t seen = 0;
	while ((e = readdir(dh)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0)
			continue;
		char *rel = xasprintf("%s/%s", rel_dir, e->d_name);
		fn(rel);
		free(rel);
		seen++;
	}
	closedir(dh);
	free(dir);
	assert_true(seen >= 4);
}

static void unchanged_save(const char *rel)
{
	scenario_doc *d = open_source(rel);
	assert_true(is_original(d));
	assert_false(scenario_doc_modified(d));
	char tmpl[] = "/tmp/orbat-edit-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	char *out = xasprintf("%s/copy.xml", tmpl);
	char *error = NULL;
	assert_true(scenario_doc_save(d, out, &error));
	size_t size, orig_size;
	char *saved = read_whole(out, &size);
	const char *orig = scenario_doc_original(d, &orig_size);
	assert_int_equal(size, orig_size);
	assert_memory_equal(saved, orig, size);
	/* a first edit keeps every other line as it was: only the edited
	 * start tag differs */
	const scenario *sc = scenario_doc_model(d);
	if (sc->unit_count > 0) {
		scedit_op op = { .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = sc->units[0].id.text,
			.attribute = "name", .value = "Edited name" };
		round_trip(d, &op);
	}
	unlink(out);
	rmdir(tmpl);
	free(out);
	free(saved);
	scenario_doc_destroy(d);
}

static void test_bundled_scenarios_round_trip(void **state)
{
	(void)state;
	each_xml("scenarios", unchanged_save);
}

/* Special rules are kept as written: a save must not lose or reorder a
 * line of them (their edits are tested below). */
static void test_special_rules_round_trip(void **state)
{
	(void)state;
	unchanged_save("tests/golden/valid/sr-01-every-special-rule.xml");
}

static void test_templates_round_trip(void **state)
{
	(void)state;
	each_xml("data/templates", unchanged_save);
	starter_list list;
	assert_true(starter_list_load(datadir_get(), &list));
	for (size_t i = 0; i < list.count; i++) {
		scenario_doc *d = open_template(list.ids[i]);
		char *text = NULL, *template = NULL;
		size_t len;
		assert_int_equal(starter_fill(datadir_get(), list.ids[i], "my-test", &text, &len, &template), STARTER_OK);
		assert_true(same_bytes(d, text, len));
		assert_true(scenario_doc_modified(d));
		assert_string_equal(scenario_doc_model(d)->id.text, "my-test");
		free(text);
		free(template);
		scenario_doc_destroy(d);
	}
	starter_list_finish(&list);
}

/* ---- each edit and its inverse ---------------------------------------- */

static void test_terrain_edits(void **state)
{
	(void)state;
	scenario_doc *d = open_template("battlecry-1999");
	/* a new cell, a changed cell (keeping its place), fieldworks on and off, a cleared cell */
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "c3", .type = "woods" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "G5", .type = "river" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "F3", .type = "hill", .fieldworks = true });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "G3", .type = "hill" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "B8" });

	scedit_op inv = { 0 };
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "c3", .type = "woods" }, &inv, NULL));
	size_t n;
	const char *bytes = scenario_doc_bytes(d, &n);
	/* after the last hex, indented like it */
	assert_non_null(strstr(bytes, "    <hex at=\"B8\" type=\"woods\"/>\n    <hex at=\"c3\" type=\"woods\"/>\n  </terrain>"));
	const scenario *sc = scenario_doc_model(d);
	assert_string_equal(sc->terrain[sc->terrain_count - 1].type.text, "woods");
	scedit_op_finish(&inv);
	scenario_doc_destroy(d);
}

static void test_unit_edits(void **state)
{
	(void)state;
	scenario_doc *d = open_template("battlecry-1999");
	scedit_op add = { .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union",
		.attrs = { { "id", "u-new" }, { "type", "cavalry" }, { "at", "B7" }, { "figures", "2" },
			{ "name", "New Horse" } },
		.attr_count = 5 };
	round_trip(d, &add);
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_UNIT, .key = "u-inf-3" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_GENERAL, .key = "c-whitfield" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "c-inf-1", .attribute = "at",
		.value = "E2" });
	/* clearing an attribute and bringing it back to its place */
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-inf-3", .attribute = "name" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-inf-3", .attribute = "id",
		.value = "u-inf-33" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_GENERAL, .side = "confederate",
		.attrs = { { "id", "c-new" }, { "at", "K3" }, { "name", "New General" } }, .attr_count = 3 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_GENERAL, .key = "u-hartley",
		.attribute = "at", .value = "G7" });
	/* reserves: the side has none yet, the first makes its <reserve> */
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "confederate", .reserve = true,
		.attrs = { { "id", "c-res" }, { "type", "infantry" }, { "entry", "D1" } }, .attr_count = 3 });

	scedit_op inv = { 0 };
	assert_true(scenario_doc_apply(d, &add, &inv, NULL));
	assert_int_equal(inv.kind, SCEDIT_DELETE);
	assert_string_equal(inv.key, "u-new");
	assert_true(model_has_unit(scenario_doc_model(d), "u-new"));
	size_t n;
	assert_non_null(strstr(scenario_doc_bytes(d, &n),
		"name=\"Battery B\"/>\n    <unit id=\"u-new\" type=\"cavalry\" at=\"B7\" figures=\"2\" name=\"New Horse\"/>\n  </side>"));
	scedit_op_finish(&inv);
	scenario_doc_destroy(d);
}

static void test_reserve_and_brigade_edits(void **state)
{
	(void)state;
	scenario_doc *d = open_source("scenarios/gettysburg-first-day.xml");
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union", .reserve = true,
		.attrs = { { "id", "u-res-new" }, { "type", "infantry" }, { "entry", "C9" }, { "quality", "recruit" } },
		.attr_count = 4 });
	const scenario *sc = scenario_doc_model(d);
	assert_true(sc->reserve_count > 0);
	const char *reserve_id = sc->reserves[0].id.text;
	char *rid = xstrdup(reserve_id);
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_UNIT, .key = rid });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = rid, .attribute = "entry",
		.value = "A9" });
	free(rid);
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-inf-1", .attribute = "weapon",
		.value = "musket" });
	sc = scenario_doc_model(d); /* read again after every edit */
	char *brigade = xstrdup(sc->brigades[0].id.text);
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_BRIGADE, .key = brigade });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_BRIGADE, .key = brigade, .attribute = "units",
		.value = "u-inf-1" });
	free(brigade);
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_BRIGADE, .side = "union",
		.attrs = { { "id", "b-new" }, { "general", "doubleday" }, { "units", "u-inf-1" }, { "name", "Iron" } },
		.attr_count = 4 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "union", .attribute = "first",
		.value = "true" });
	scenario_doc_destroy(d);
}

static void test_objective_and_battle_info_edits(void **state)
{
	(void)state;
	scenario_doc *d = open_template("battlecry-1999");
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_OBJECTIVE,
		.attrs = { { "at", "K8" }, { "vp", "1" }, { "for", "confederate" } }, .attr_count = 3,
		.names = { "The farm", "De boerderij", "La ferme" } });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_OBJECTIVE, .index = 0 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_OBJECTIVE, .index = 1, .attribute = "at",
		.value = "H3" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_NAME, .piece = SCEDIT_OBJECTIVE,
		.index = 0, .lang = LANG_FR, .text = "Le pont" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_NAME, .piece = SCEDIT_OBJECTIVE,
		.index = 0, .lang = LANG_NL });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_BOARD, .attribute = "columns", .value = "15" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_BOARD, .attribute = "short-rows",
		.value = "none" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_SECTIONS,
		.attrs = { { "west", "3" }, { "east", "5" } }, .attr_count = 2 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "union", .attribute = "cards",
		.value = "6" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "confederate",
		.attribute = "victory", .value = "5" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "union", .attribute = "first" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "confederate",
		.attribute = "home", .value = "south" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_DATE, .text = "1862-09-17" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_DATE });
	/* the French briefing holds character references: set and undone,
	 * they come back as written */
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_BRIEFING, .lang = LANG_FR,
		.text = "Un autre texte\xc2\xa0: court." });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_BRIEFING, .lang = LANG_FR });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_TITLE, .lang = LANG_NL,
		.text = "Een & <ander>" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SCENARIO, .attribute = "id",
		.value = "other-id" });

	scedit_op inv = { 0 };
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_OBJECTIVE,
		.attrs = { { "at", "K8" }, { "vp", "1" }, { "for", "confederate" } }, .attr_count = 3,
		.names = { "The farm", "De boerderij", "La ferme" } }, &inv, NULL));
	assert_int_equal(inv.index, 2);
	scedit_op_finish(&inv);
	size_t n;
	/* after the last objective, its names one level deeper */
	assert_non_null(strstr(scenario_doc_bytes(d, &n), "  </objective>\n"
		"  <objective at=\"K8\" vp=\"1\" for=\"confederate\">\n"
		"    <name xml:lang=\"en\">The farm</name>\n"
		"    <name xml:lang=\"nl\">De boerderij</name>\n"
		"    <name xml:lang=\"fr\">La ferme</name>\n"
		"  </objective>\n"));
	assert_int_equal(scenario_doc_model(d)->objective_count, 3);
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_SECTIONS,
		.attrs = { { "west", "3" }, { "east", "5" } }, .attr_count = 2 }, &inv, NULL));
	scedit_op_finish(&inv);
	assert_non_null(strstr(scenario_doc_bytes(d, &n), "<board columns=\"13\" rows=\"9\">\n"
		"    <sections west=\"3\" east=\"5\"/>\n  </board>"));
	assert_int_equal(scenario_doc_model(d)->west.value, 3);
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_TITLE, .lang = LANG_NL,
		.text = "Een & <ander>" }, &inv, NULL));
	assert_string_equal(scenario_doc_model(d)->title.text[LANG_NL], "Een & <ander>");
	scedit_op_finish(&inv);
	scenario_doc_destroy(d);
}

static void test_square_grid_edits(void **state)
{
	(void)state;
	scenario_doc *d = open_template("mb-remastered");
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "A1", .type = "mountain" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_CITY,
		.attrs = { { "id", "raleigh" }, { "name", "Raleigh" }, { "at", "I7" }, { "side", "confederate" } },
		.attr_count = 4, .names = { [LANG_FR] = "Raleigh (NC)" } });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_CITY, .key = "new-orleans" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_CITY, .key = "atlanta", .attribute = "at",
		.value = "G9" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_NAME, .piece = SCEDIT_CITY,
		.key = "atlanta", .lang = LANG_NL, .text = "Atlanta (GA)" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_SEA_ZONE, .key = "mobile-bay" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_SQUARES, .piece = SCEDIT_SEA_ZONE,
		.key = "gulf-of-maine", .text = "L1 M1" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_SHIP, .side = "confederate",
		.attrs = { { "id", "c-ironclad-1" }, { "type", "ironclad" }, { "zone", "gulf-of-mexico" } },
		.attr_count = 3 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_SHIP, .key = "u-ironclad-1" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .ship = "u-gunboat-1",
		.attrs = { { "id", "u-aboard" }, { "type", "infantry" } }, .attr_count = 2 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_UNIT, .key = "c-inf-5" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union",
		.attrs = { { "id", "u-new" }, { "type", "infantry" }, { "at", "E3" }, { "player", "2" } },
		.attr_count = 4 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SCENARIO, .attribute = "players",
		.value = "4" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "confederate",
		.attribute = "first", .value = "true" });
	refused(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "A1", .type = "sea", .fieldworks = true },
		"edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_BRIGADE, .side = "union",
		.attrs = { { "id", "b" }, { "general", "grant" }, { "units", "u-inf-1" } }, .attr_count = 3 },
		"edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_SQUARES, .piece = SCEDIT_SEA_ZONE,
		.key = "gulf-of-maine", .text = "L1 Z99" }, "edit-address");
	scenario_doc_destroy(d);
}

/* A session: many edits, some on what earlier ones made, undone back to
 * the start, then all redone and undone again. */
static void test_a_session_undone_is_the_file_again(void **state)
{
	(void)state;
	scenario_doc *d = open_template("battlecry-1999");
	const scedit_op session[] = {
		{ .kind = SCEDIT_TERRAIN, .at = "A1", .type = "woods" },
		{ .kind = SCEDIT_TERRAIN, .at = "A1", .type = "hill", .fieldworks = true },
		{ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union",
			.attrs = { { "id", "u-x" }, { "type", "infantry" }, { "at", "A1" } }, .attr_count = 3 },
		{ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-x", .attribute = "at", .value = "B1" },
		{ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-x", .attribute = "id", .value = "u-y" },
		{ .kind = SCEDIT_DELETE, .piece = SCEDIT_UNIT, .key = "u-inf-1" },
		{ .kind = SCEDIT_DELETE, .piece = SCEDIT_UNIT, .key = "u-inf-2" },
		{ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union", .reserve = true,
			.attrs = { { "id", "u-r" }, { "type", "cavalry" }, { "entry", "C9" } }, .attr_count = 3 },
		{ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_NAME, .piece = SCEDIT_OBJECTIVE, .index = 1, .lang = LANG_EN },
		{ .kind = SCEDIT_DELETE, .piece = SCEDIT_OBJECTIVE, .index = 1 },
		{ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_DATE },
		{ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_DATE, .text = "1863" },
		{ .kind = SCEDIT_TERRAIN, .at = "G5" },
		{ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "union", .attribute = "victory", .value = "7" },
	};
	enum { N = sizeof session / sizeof session[0] };
	scedit_op undo[N], redo[N];
	memset(undo, 0, sizeof undo);
	memset(redo, 0, sizeof redo);
	scedit_refusal why;
	for (int round = 0; round < 2; round++) {
		for (size_t i = 0; i < N; i++) {
			const scedit_op *op = round == 0 ? &session[i] : &redo[i];
			scedit_op inv = { 0 };
			if (!scenario_doc_apply(d, op, &inv, &why))
				fail_msg("edit %zu refused: %s", i, why.message);
			scedit_op_finish(&undo[i]);
			undo[i] = inv;
		}
		assert_false(is_original(d));
		for (size_t i = N; i-- > 0;) {
			scedit_op inv = { 0 };
			assert_true(scenario_doc_apply(d, &undo[i], &inv, &why));
			scedit_op_finish(&redo[i]);
			redo[i] = inv;
		}
		assert_true(is_original(d));
	}
	for (size_t i = 0; i < N; i++) {
		scedit_op_finish(&undo[i]);
		scedit_op_finish(&redo[i]);
	}
	assert_int_equal(scenario_doc_generation(d), 4 * N);
	scenario_doc_destroy(d);
}

/* ---- refusals ------------------------------------------------------------ */

static void test_refusals_change_nothing(void **state)
{
	(void)state;
	scenario_doc *d = open_template("battlecry-1999");
	refused(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "Z99", .type = "woods" }, "edit-address");
	refused(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "4C", .type = "woods" }, "edit-address");
	refused(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "A1" }, "edit-missing");
	refused(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "A1", .type = "" }, "edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "prussia",
		.attrs = { { "id", "x" }, { "type", "infantry" }, { "at", "A1" } }, .attr_count = 3 }, "edit-side");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union",
		.attrs = { { "id", "c-inf-1" }, { "type", "infantry" }, { "at", "A1" } }, .attr_count = 3 },
		"edit-duplicate-id");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union",
		.attrs = { { "id", "x" }, { "type", "infantry" }, { "at", "N1" } }, .attr_count = 3 }, "edit-address");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union",
		.attrs = { { "id", "x" }, { "type", "infantry" } }, .attr_count = 2 }, "edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union",
		.attrs = { { "id", "x" }, { "type", "infantry" }, { "at", "A1" }, { "colour", "blue" } }, .attr_count = 4 },
		"edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = "union",
		.attrs = { { "id", "x" }, { "type", "infantry" }, { "at", "A1" }, { "figures", "many" } }, .attr_count = 4 },
		"edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .ship = "nope",
		.attrs = { { "id", "x" }, { "type", "infantry" } }, .attr_count = 2 }, "edit-missing");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_SHIP, .side = "union",
		.attrs = { { "id", "x" }, { "type", "gunboat" } }, .attr_count = 2 }, "edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_UNIT, .key = "nobody" }, "edit-missing");
	refused(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_OBJECTIVE, .index = 7 }, "edit-missing");
	refused(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_BOARD }, "edit-op");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-inf-1", .attribute = "at",
		.value = "B99" }, "edit-address");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-inf-1", .attribute = "at" },
		"edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-inf-1", .attribute = "entry",
		.value = "A9" }, "edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-inf-1", .attribute = "id",
		.value = "u-inf-2" }, "edit-duplicate-id");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-inf-1", .attribute = "figures" },
		"edit-missing");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "rebels", .attribute = "cards",
		.value = "3" }, "edit-side");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SIDE, .key = "union", .attribute = "first",
		.value = "maybe" }, "edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_BOARD, .attribute = "rows", .value = "9.5" },
		"edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_SECTIONS, .attribute = "west", .value = "3" },
		"edit-missing");
	refused(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_NAME, .piece = SCEDIT_CITY, .key = "york",
		.lang = LANG_EN, .text = "York" }, "edit-missing");
	refused(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_TITLE, .lang = LANG_EN,
		.text = "bad \x01 control" }, "edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_NAME, .piece = SCEDIT_UNIT, .key = "u-inf-1",
		.lang = LANG_EN, .text = "x" }, "edit-attribute");
	assert_true(is_original(d));
	scenario_doc_destroy(d);
}

/* ---- the validator judges the rules; save and validate --------------- */

static validate_status check(validator *v, const scenario_doc *d, diag_sink *sink)
{
	size_t n;
	const char *bytes = scenario_doc_bytes(d, &n);
	diag_sink_clear(sink);
	return validator_check_memory(v, scenario_doc_path(d), bytes, n, sink, NULL, NULL);
}

static bool says_rule(const diag_sink *sink, const char *rule)
{
	for (size_t i = 0; i < sink->count; i++)
		if (str_eq(sink->items[i].rule, rule))
			return true;
	return false;
}

static void test_rule_breaks_are_allowed_and_reported(void **state)
{
	(void)state;
	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(datadir_get(), &sink);
	assert_non_null(v);
	char tmpl[] = "/tmp/orbat-edit-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	char *path = xasprintf("%s/mill-creek.xml", tmpl);
	scenario_doc *d = scenario_doc_new(datadir_get(), "battlecry-1999", path, &sink);
	assert_non_null(d);
	assert_int_equal(check(v, d, &sink), VALIDATE_OK);

	/* a unit onto a river: allowed, and the validator says why not */
	scedit_op inv = { 0 };
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_TERRAIN, .at = "A7", .type = "river" }, &inv,
		NULL));
	scedit_op_finish(&inv);
	assert_int_equal(check(v, d, &sink), VALIDATE_INVALID);
	assert_true(says_rule(&sink, "bc-6"));
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = "u-cav-1",
		.attribute = "at", .value = "B7" }, &inv, NULL));
	scedit_op_finish(&inv);
	assert_int_equal(check(v, d, &sink), VALIDATE_OK);

	char *error = NULL;
	assert_true(scenario_doc_save(d, NULL, &error));
	assert_false(scenario_doc_modified(d));
	diag_sink_clear(&sink);
	assert_int_equal(validator_check_file(v, path, &sink, NULL, NULL), VALIDATE_OK);
	size_t size;
	char *saved = read_whole(path, &size);
	assert_true(same_bytes(d, saved, size));
	free(saved);

	unlink(path);
	rmdir(tmpl);
	free(path);
	scenario_doc_destroy(d);
	validator_destroy(v);
	diag_sink_finish(&sink);
}

/* ---- special rules ------------------------------------------------------ */

/* Every kind of rule added, changed and deleted, and the fords, hexes and
 * units inside one, each undone back to the file's bytes. */
static void test_special_rule_edits(void **state)
{
	(void)state;
	scenario_doc *d = open_source("tests/golden/valid/sr-01-every-special-rule.xml");
	const char *kinds[] = { "crossing", "no-entry", "frozen", "schedule", "sudden-death", "exit", "turn-limit",
		"adjust" };
	for (long i = 0; i < 11; i++)
		round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE, .index = i });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "crossing",
		.attrs = { { "terrain", "stream" }, { "side", "confederate" } }, .attr_count = 2, .items = "H5" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "no-entry",
		.attrs = { { "side", "confederate" } }, .attr_count = 1, .items = "A1 B1" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "frozen",
		.attrs = { { "side", "union" }, { "turn", "2" } }, .attr_count = 2, .items = "u-inf-1 u-art-1" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "schedule",
		.attrs = { { "side", "confederate" }, { "flags", "3" }, { "id", "c-inf-9" }, { "type", "infantry" },
			{ "at", "A1" } }, .attr_count = 5 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "sudden-death",
		.attrs = { { "at", "D5" }, { "for", "both" } }, .attr_count = 2 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "exit",
		.attrs = { { "side", "union" } }, .attr_count = 1, .items = "A1" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "turn-limit",
		.attrs = { { "turns", "8" }, { "outcome", "draw" } }, .attr_count = 2 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "adjust",
		.attrs = { { "side", "union" }, { "hand", "-1" } }, .attr_count = 2 });
	/* attributes: changed, cleared back to their place, added */
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE, .index = 0, .attribute = "side",
		.value = "confederate" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE, .index = 0, .attribute = "terrain" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE, .index = 3, .attribute = "flags",
		.value = "2" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE, .index = 5, .attribute = "at",
		.value = "H3" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE, .index = 7, .attribute = "turns",
		.value = "10" });
	/* fords, hexes and units inside a rule */
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE_HEX, .index = 0, .at = "g5" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE_HEX, .index = 2, .at = "K4" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE_UNIT, .index = 3, .key = "c-inf-1" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE_UNIT, .index = 3, .key = "c-inf-2" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE_UNIT, .index = 4,
		.attrs = { { "id", "u-art-9" }, { "type", "artillery" }, { "at", "C9" } }, .attr_count = 3 });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE_UNIT, .index = 4, .key = "u-cav-1" });
	round_trip(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE_UNIT, .index = 4, .key = "u-cav-1",
		.attribute = "at", .value = "C9" });

	/* a new rule goes after the last, as written; the model reads it */
	scedit_op inv = { 0 };
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "no-entry",
		.attrs = { { "side", "confederate" }, { "mode", "end" } }, .attr_count = 2, .items = "A1 c3" }, &inv, NULL));
	assert_int_equal(inv.kind, SCEDIT_DELETE);
	assert_int_equal(inv.index, 11);
	size_t n;
	assert_non_null(strstr(scenario_doc_bytes(d, &n),
		"    <adjust side=\"union\" unit-type=\"artillery\" dice=\"-1\"/>\n"
		"    <no-entry side=\"confederate\" mode=\"end\">\n"
		"      <hex at=\"A1\"/>\n"
		"      <hex at=\"c3\"/>\n"
		"    </no-entry>\n"
		"  </special-rules>\n"));
	const scenario *sc = scenario_doc_model(d);
	assert_int_equal(sc->special->count, 12);
	assert_int_equal(sc->special->rules[11].kind, SPECIAL_NO_ENTRY);
	assert_int_equal(sc->special->rules[11].hex_count, 2);
	scedit_op_finish(&inv);
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		assert_string_equal(special_kind_name(sc->special->rules[k < 1 ? 0 : k + 1].kind), kinds[k]);
	scenario_doc_destroy(d);
}

/* The first rule of a scenario makes its <special-rules>; undone, the
 * file is as it was, and the scenario made validates. */
static void test_special_rules_from_none(void **state)
{
	(void)state;
	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(datadir_get(), &sink);
	scenario_doc *d = open_template("battlecry-1999");
	scedit_op crossing = { .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "crossing",
		.attrs = { { "terrain", "stream" } }, .attr_count = 1, .items = "C5 J5" };
	round_trip(d, &crossing);
	scedit_op inv = { 0 }, frozen_inv = { 0 }, back = { 0 };
	assert_true(scenario_doc_apply(d, &crossing, &inv, NULL));
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "frozen",
		.attrs = { { "side", "confederate" }, { "turn", "3" } }, .attr_count = 2, .items = "c-inf-1 c-inf-2" },
		&frozen_inv, NULL));
	size_t n;
	assert_non_null(strstr(scenario_doc_bytes(d, &n),
		"  </objective>\n"
		"  <special-rules>\n"
		"    <crossing terrain=\"stream\">\n"
		"      <ford at=\"C5\"/>\n"
		"      <ford at=\"J5\"/>\n"
		"    </crossing>\n"
		"    <frozen side=\"confederate\" turn=\"3\">\n"
		"      <unit ref=\"c-inf-1\"/>\n"
		"      <unit ref=\"c-inf-2\"/>\n"
		"    </frozen>\n"
		"  </special-rules>\n"
		"\n"
		"  <!-- Special rules [special-rules]"));
	assert_int_equal(check(v, d, &sink), VALIDATE_OK);
	/* the group's last unit stays: the schema wants one */
	scedit_op unit_inv = { 0 };
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE_UNIT, .index = 1,
		.key = "c-inf-2" }, &unit_inv, NULL));
	refused(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE_UNIT, .index = 1, .key = "c-inf-1" },
		"edit-attribute");
	assert_true(scenario_doc_apply(d, &unit_inv, &back, NULL));
	scedit_op_finish(&back);
	scedit_op_finish(&unit_inv);
	/* deleting both rules, then undoing each, gives the same bytes */
	size_t both_size;
	char *both = snapshot(d, &both_size);
	scedit_op del0 = { 0 }, del1 = { 0 };
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE, .index = 1 }, &del1,
		NULL));
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE, .index = 0 }, &del0,
		NULL));
	assert_true(is_original(d));
	assert_true(scenario_doc_apply(d, &del0, &back, NULL));
	scedit_op_finish(&back);
	assert_true(scenario_doc_apply(d, &del1, &back, NULL));
	assert_true(same_bytes(d, both, both_size));
	free(both);
	scedit_op_finish(&back);
	scedit_op_finish(&del0);
	scedit_op_finish(&del1);
	scedit_op_finish(&inv);
	scedit_op_finish(&frozen_inv);
	scenario_doc_destroy(d);
	validator_destroy(v);
	diag_sink_finish(&sink);
}

static void test_special_rule_refusals(void **state)
{
	(void)state;
	scenario_doc *d = open_source("tests/golden/valid/sr-01-every-special-rule.xml");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "blockade",
		.attrs = { { "side", "union" } }, .attr_count = 1 }, "edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "crossing" }, "edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "crossing", .items = "F5 Z99" },
		"edit-address");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "crossing", .items = "F5 f5" },
		"edit-duplicate-id");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "no-entry",
		.attrs = { { "side", "both" } }, .attr_count = 1, .items = "A1" }, "edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "turn-limit",
		.attrs = { { "turns", "ten" } }, .attr_count = 1 }, "edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "turn-limit",
		.attrs = { { "outcome", "draw" } }, .attr_count = 1 }, "edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "sudden-death",
		.attrs = { { "at", "G3" }, { "for", "union" } }, .attr_count = 2, .items = "G3" }, "edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "schedule",
		.attrs = { { "side", "union" }, { "turn", "2" }, { "id", "u-inf-1" }, { "type", "infantry" }, { "at", "A9" } },
		.attr_count = 5 }, "edit-duplicate-id");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "adjust",
		.attrs = { { "side", "union" }, { "ground-gain", "maybe" } }, .attr_count = 2 }, "edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE, .index = 2, .attribute = "mode",
		.value = "leave" }, "edit-value");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE, .index = 2, .attribute = "side" },
		"edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_RULE, .index = 7, .attribute = "vp",
		.value = "2" }, "edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE, .index = 11 }, "edit-missing");
	refused(d, &(scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE_HEX, .index = 0, .at = "F5" },
		"edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE_HEX, .index = 2, .at = "L4" },
		"edit-duplicate-id");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE_HEX, .index = 3, .at = "A1" },
		"edit-attribute");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE_UNIT, .index = 3, .key = "c-inf-2" },
		"edit-duplicate-id");
	refused(d, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE_HEX, .index = 5, .at = "A1" },
		"edit-attribute");
	scenario_doc_destroy(d);
	scenario_doc *sq = open_template("mb-remastered");
	refused(sq, &(scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .type = "turn-limit",
		.attrs = { { "turns", "8" } }, .attr_count = 1 }, "edit-attribute");
	scenario_doc_destroy(sq);
}

/* ---- failed saves ------------------------------------------------------- */

static size_t count_entries(const char *dir)
{
	DIR *dh = opendir(dir);
	assert_non_null(dh);
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(dh)) != NULL)
		n += e->d_name[0] != '.';
	closedir(dh);
	return n;
}

static void test_failed_save_keeps_the_old_file(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/orbat-edit-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	char *path = xasprintf("%s/battle.xml", tmpl);
	char *src = source_path("scenarios/shiloh.xml");
	size_t size;
	char *orig = read_whole(src, &size);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(orig, 1, size, f), size);
	fclose(f);

	diag_sink sink;
	diag_sink_init(&sink);
	scenario_doc *d = scenario_doc_open(path, datadir_get(), &sink);
	assert_non_null(d);
	scedit_op inv = { 0 };
	assert_true(scenario_doc_apply(d, &(scedit_op){ .kind = SCEDIT_TEXT, .text_kind = SCEDIT_DATE, .text = "1862" },
		&inv, NULL));
	scedit_op_finish(&inv);

	/* a folder that cannot be there: a file stands in its place */
	char *error = NULL;
	char *bad = xasprintf("%s/battle.xml/inside.xml", tmpl);
	assert_false(scenario_doc_save(d, bad, &error));
	assert_non_null(error);
	assert_non_null(strstr(error, "inside.xml"));
	free(error);
	free(bad);

	/* the disk fills while writing (a file size limit stops the write) */
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		signal(SIGXFSZ, SIG_IGN);
		struct rlimit lim = { .rlim_cur = 512, .rlim_max = 512 };
		setrlimit(RLIMIT_FSIZE, &lim);
		char *why = NULL;
		bool ok = scenario_doc_save(d, NULL, &why);
		int code = ok ? 0 : why && strstr(why, "battle") ? 3 : 4;
		/* What the child holds is freed, so that valgrind, which follows
		 * it, finds no leak in it. */
		free(why);
		scenario_doc_destroy(d);
		diag_sink_finish(&sink);
		free(orig);
		free(src);
		free(path);
		_exit(code);
	}
	int status = 0;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 3);

	size_t now_size;
	char *now = read_whole(path, &now_size);
	assert_int_equal(now_size, size);
	assert_memory_equal(now, orig, size);
	assert_int_equal(count_entries(tmpl), 1); /* no temporary file left */
	assert_true(scenario_doc_modified(d));

	/* and a save that can be made replaces the file, keeping its mode */
	assert_int_equal(chmod(path, 0640), 0);
	assert_true(scenario_doc_save(d, NULL, &error));
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0640);
	free(now);
	now = read_whole(path, &now_size);
	assert_non_null(strstr(now, "<date>1862</date>"));
	assert_int_equal(count_entries(tmpl), 1);

	unlink(path);
	rmdir(tmpl);
	free(now);
	free(orig);
	free(src);
	free(path);
	scenario_doc_destroy(d);
	diag_sink_finish(&sink);
}

static void test_names_read_back(void **state)
{
	(void)state;
	for (int k = 0; k < SCEDIT_KINDS; k++) {
		scedit_kind back;
		assert_true(scedit_kind_parse(scedit_kind_name((scedit_kind)k), &back));
		assert_int_equal(back, k);
	}
	for (int p = 0; p < SCEDIT_PIECES; p++) {
		scedit_piece back;
		assert_true(scedit_piece_parse(scedit_piece_name((scedit_piece)p), &back));
		assert_int_equal(back, p);
	}
	for (int t = 0; t < SCEDIT_TEXT_KINDS; t++) {
		scedit_text_kind back;
		assert_true(scedit_text_kind_parse(scedit_text_kind_name((scedit_text_kind)t), &back));
		assert_int_equal(back, t);
	}
	scedit_piece p;
	assert_false(scedit_piece_parse("fortress", &p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bundled_scenarios_round_trip),
		cmocka_unit_test(test_templates_round_trip),
		cmocka_unit_test(test_special_rules_round_trip),
		cmocka_unit_test(test_terrain_edits),
		cmocka_unit_test(test_unit_edits),
		cmocka_unit_test(test_reserve_and_brigade_edits),
		cmocka_unit_test(test_objective_and_battle_info_edits),
		cmocka_unit_test(test_square_grid_edits),
		cmocka_unit_test(test_a_session_undone_is_the_file_again),
		cmocka_unit_test(test_refusals_change_nothing),
		cmocka_unit_test(test_rule_breaks_are_allowed_and_reported),
		cmocka_unit_test(test_special_rule_edits),
		cmocka_unit_test(test_special_rules_from_none),
		cmocka_unit_test(test_special_rule_refusals),
		cmocka_unit_test(test_failed_save_keeps_the_old_file),
		cmocka_unit_test(test_names_read_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
