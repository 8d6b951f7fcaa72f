/* Unit tests of the scenario compiler's semantic checks (validate/).  Each
 * test fills a small scenario template, runs validator_check_memory and
 * compares every diagnostic it gives (rule id, line, column, message) with
 * the expected list, in order: the sink sorts them by position. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "validate/validate.h"

/* ---- the template ----
 *
 * Every slot is one line, so that line numbers stay fixed whatever a test
 * puts in a slot (an empty slot is a blank line):
 *
 *   1  <?xml ...?>
 *   2  <scenario ... ruleset="...">        head
 *   3  <title>s in en, nl, fr               titles
 *   4  <board .../>                         board
 *   5  <terrain>...</terrain>               terrain
 *   6  <side id="union" ...>                union_side
 *   7  units and generals of the union      union_body
 *   8  </side>                              union_close
 *   9  <side id="confederate" ...>          conf_side
 *  10  units and generals of the south      conf_body
 *  11  </side>                              conf_close
 *  12  objectives, briefings, ...           extra
 *  13  </scenario>
 */
enum {
	L_HEAD = 2, L_TITLES, L_BOARD, L_TERRAIN, L_USIDE, L_UBODY, L_UCLOSE,
	L_CSIDE, L_CBODY, L_CCLOSE, L_EXTRA,
};

typedef struct scn {
	const char *ruleset;      /* battlecry-1999 when NULL */
	const char *head;
	const char *titles;
	const char *board;
	const char *terrain;
	const char *union_side;
	const char *union_body;
	const char *union_close;
	const char *conf_side;
	const char *conf_body;
	const char *conf_close;
	const char *extra;
} scn;

#define D_TITLES "  <title xml:lang=\"en\">Test</title><title xml:lang=\"nl\">Proef</title>" \
	"<title xml:lang=\"fr\">Essai</title>"
#define D_BOARD "  <board columns=\"13\" rows=\"9\"/>"
#define D_TERRAIN "  <terrain><hex at=\"F5\" type=\"woods\"/><hex at=\"G5\" type=\"hill\"/></terrain>"
#define D_USIDE "  <side id=\"union\" home=\"south\" cards=\"4\" victory=\"4\" first=\"true\">"
#define D_UBODY "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/><unit id=\"u2\" type=\"cavalry\" at=\"F8\"/>" \
	"<unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>"
#define D_CSIDE "  <side id=\"confederate\" home=\"north\" cards=\"4\" victory=\"4\">"
#define D_CBODY "    <unit id=\"c1\" type=\"infantry\" at=\"C2\"/><unit id=\"c2\" type=\"cavalry\" at=\"F2\"/>" \
	"<unit id=\"c3\" type=\"artillery\" at=\"J2\"/><general id=\"cg\" at=\"F2\"/>"
#define D_CLOSE "  </side>"

/* A union force for noord-zuid brigades: three units in the general's
 * hex and next to it. */
#define NZ_BRIGADE_UNITS "    <unit id=\"u1\" type=\"infantry\" at=\"E8\"/><unit id=\"u2\" type=\"cavalry\" at=\"F8\"/>" \
	"<unit id=\"u3\" type=\"artillery\" at=\"G8\"/><general id=\"ug\" at=\"F8\"/>"

/* Names in three languages for objectives. */
#define NAMES3 "<name xml:lang=\"en\">Town</name><name xml:lang=\"nl\">Stad</name><name xml:lang=\"fr\">Ville</name>"

static char *build(const scn *s)
{
	char head[256];
	snprintf(head, sizeof head, "<scenario xmlns=\"urn:orbat:scenario:1\" id=\"test\" ruleset=\"%s\">",
		s->ruleset ? s->ruleset : "battlecry-1999");
	const char *lines[] = {
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
		s->head ? s->head : head,
		s->titles ? s->titles : D_TITLES,
		s->board ? s->board : D_BOARD,
		s->terrain ? s->terrain : D_TERRAIN,
		s->union_side ? s->union_side : D_USIDE,
		s->union_body ? s->union_body : D_UBODY,
		s->union_close ? s->union_close : D_CLOSE,
		s->conf_side ? s->conf_side : D_CSIDE,
		s->conf_body ? s->conf_body : D_CBODY,
		s->conf_close ? s->conf_close : D_CLOSE,
		s->extra ? s->extra : "",
		"</scenario>",
	};
	size_t total = 1;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		total += strlen(lines[i]) + 1;
	char *out = malloc(total);
	assert_non_null(out);
	out[0] = '\0';
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		strcat(out, lines[i]);
		strcat(out, "\n");
	}
	return out;
}

/* ---- expectations ---- */

typedef struct expect {
	diag_severity severity;
	const char *rule;
	int line;
	const char *col_at;   /* the column is where this text starts on the line; NULL: not checked */
	const char *message;  /* a substring of the message */
} expect;

#define ERR(rule, line, col_at, message) { DIAG_ERROR, rule, line, col_at, message }
#define WARN(rule, line, col_at, message) { DIAG_WARNING, rule, line, col_at, message }

enum { NO_FLAGS = 0, ALSO_SCHEMA = 1 };

typedef struct fixture {
	const char *data_dir;
	validator *v;
	diag_sink sink;
	char *doc;            /* the scenario under test, freed by the fixture */
} fixture;

static int group_setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	const char *env = getenv("ORBAT_DATADIR");
	f->data_dir = env && *env ? env : datadir_get();
	diag_sink_init(&f->sink);
	f->v = validator_create(f->data_dir, &f->sink);
	if (!f->v) {
		diag_print_text(&f->sink, 0, f->sink.count, stderr);
		diag_sink_finish(&f->sink);
		free(f);
		return -1;
	}
	*state = f;
	return 0;
}

static int group_teardown(void **state)
{
	fixture *f = *state;
	validator_destroy(f->v);
	diag_sink_finish(&f->sink);
	free(f);
	return 0;
}

static int test_setup(void **state)
{
	fixture *f = *state;
	diag_sink_clear(&f->sink);
	return 0;
}

static int test_teardown(void **state)
{
	fixture *f = *state;
	diag_sink_clear(&f->sink);
	free(f->doc);
	f->doc = NULL;
	return 0;
}

/* The 1-based character column where `marker` starts on line `line`; a '|'
 * in the marker stands for the spot when the text before it is needed to
 * tell two places apart ("id=\"c2\" |at="). */
static int column_of(const char *doc, int line, const char *marker)
{
	char part[256];
	size_t skip = 0;
	const char *bar = strchr(marker, '|');
	if (bar) {
		skip = (size_t)(bar - marker);
		snprintf(part, sizeof part, "%.*s%s", (int)skip, marker, bar + 1);
	} else {
		snprintf(part, sizeof part, "%s", marker);
	}
	const char *p = doc;
	for (int l = 1; l < line; l++) {
		p = strchr(p, '\n');
		assert_non_null(p);
		p++;
	}
	const char *end = strchr(p, '\n');
	const char *at = strstr(p, part);
	if (!at || (end && at > end))
		fail_msg("test error: '%s' is not on line %d", part, line);
	at += skip;
	int col = 1;
	for (const char *q = p; q < at; q++)
		if (((unsigned char)*q & 0xC0) != 0x80)
			col++;
	return col;
}

static void print_all(const diag_sink *sink, const char *doc)
{
	print_error("---- scenario ----\n%s---- diagnostics ----\n", doc);
	for (size_t i = 0; i < sink->count; i++) {
		char buf[1024];
		diag_format_one(&sink->items[i], buf, sizeof buf);
		print_error("%s\n", buf);
	}
}

/* Validate the scenario and compare the diagnostics with `e`.  With
 * ALSO_SCHEMA, the schema's own diagnostics are expected too (at least one)
 * and left out of the comparison. */
static void check_scn(void **state, const scn *s, const expect *e, size_t n, int flags)
{
	fixture *f = *state;
	free(f->doc);
	char *doc = f->doc = build(s);
	diag_sink *sink = &f->sink;
	diag_sink_clear(sink);
	validate_status st = validator_check_memory(f->v, "test.xml", doc, strlen(doc), sink, NULL, NULL);

	/* sorted by position whatever the order of the checks */
	for (size_t i = 1; i < sink->count; i++) {
		const diag *a = &sink->items[i - 1], *b = &sink->items[i];
		if (a->line > b->line || (a->line == b->line && a->column > b->column)) {
			print_all(sink, doc);
			fail_msg("diagnostics %zu and %zu are not in position order", i - 1, i);
		}
	}

	const diag *got[64];
	size_t count = 0, schema = 0, errors = 0;
	for (size_t i = 0; i < sink->count; i++) {
		if ((flags & ALSO_SCHEMA) && strcmp(sink->items[i].rule, "schema") == 0) {
			schema++;
			errors++;
			continue;
		}
		if (sink->items[i].severity == DIAG_ERROR)
			errors++;
		if (count < 64)
			got[count++] = &sink->items[i];
	}
	if ((flags & ALSO_SCHEMA) && schema == 0) {
		print_all(sink, doc);
		fail_msg("expected a schema diagnostic");
	}
	if (count != n) {
		print_all(sink, doc);
		fail_msg("%zu diagnostics, expected %zu", count, n);
	}
	for (size_t i = 0; i < n; i++) {
		const diag *d = got[i];
		bool ok = d->severity == e[i].severity && strcmp(d->rule, e[i].rule) == 0 &&
			d->line == e[i].line && strstr(d->message, e[i].message) != NULL &&
			strcmp(d->file, "test.xml") == 0;
		int col = e[i].col_at ? column_of(doc, e[i].line, e[i].col_at) : -1;
		if (e[i].col_at && d->column != col)
			ok = false;
		if (!ok) {
			print_all(sink, doc);
			fail_msg("diagnostic %zu: expected %s line %d column %d [%s] '%s'", i,
				e[i].severity == DIAG_ERROR ? "error" : "warning", e[i].line, col, e[i].rule,
				e[i].message);
		}
	}
	/* the status follows the errors */
	assert_int_equal(st, errors ? VALIDATE_INVALID : VALIDATE_OK);
	assert_int_equal(sink->errors, errors);
}

#define CHECK(state, s, ...) do { \
	static const expect expected_[] = { __VA_ARGS__ }; \
	check_scn(state, s, expected_, sizeof expected_ / sizeof expected_[0], NO_FLAGS); \
} while (0)
#define CHECK_WITH_SCHEMA(state, s, ...) do { \
	static const expect expected_[] = { __VA_ARGS__ }; \
	check_scn(state, s, expected_, sizeof expected_ / sizeof expected_[0], ALSO_SCHEMA); \
} while (0)
#define CHECK_CLEAN(state, s) check_scn(state, s, NULL, 0, NO_FLAGS)

/* ---- the valid baseline ---- */

static void test_valid_baseline(void **state)
{
	static const char *const rulesets[] = { "battlecry-1999", "battlecry-150", "noord-zuid" };
	for (size_t i = 0; i < 3; i++)
		CHECK_CLEAN(state, &((scn){ .ruleset = rulesets[i] }));
}

static void test_valid_model_handed_over(void **state)
{
	fixture *f = *state;
	char *doc = build(&(scn){ .ruleset = "noord-zuid" });
	scenario *sc = NULL;
	const ruleset *rs = NULL;
	assert_int_equal(validator_check_memory(f->v, "test.xml", doc, strlen(doc), &f->sink, &sc, &rs),
		VALIDATE_OK);
	assert_non_null(sc);
	assert_non_null(rs);
	assert_string_equal(rs->id, "noord-zuid");
	assert_int_equal(sc->unit_count, 6);
	assert_int_equal(sc->general_count, 2);
	assert_int_equal(sc->side_count, 2);
	assert_string_equal(sc->units[2].id.text, "u3");
	assert_int_equal(sc->units[2].at.pos.line, L_UBODY);
	scenario_destroy(sc);
	free(doc);

	/* an invalid file hands nothing over */
	doc = build(&(scn){ .board = "  <board columns=\"4\" rows=\"9\"/>" });
	sc = (scenario *)1;
	assert_int_equal(validator_check_memory(f->v, "test.xml", doc, strlen(doc), &f->sink, &sc, &rs),
		VALIDATE_INVALID);
	assert_null(sc);
	free(doc);
}

/* ---- §1 the board ---- */

static void test_board_too_few_columns(void **state)
{
	CHECK(state, &((scn){ .board = "  <board columns=\"4\" rows=\"9\"/>" }),
		ERR("bc-1", L_BOARD, "columns=", "the board has 4 columns; battlecry-1999 allows 5 to 60"));
}

static void test_board_too_many_rows(void **state)
{
	CHECK(state, &((scn){ .board = "  <board columns=\"13\" rows=\"41\"/>" }),
		ERR("bc-1", L_BOARD, "rows=", "the board has 41 rows; battlecry-1999 allows 3 to 40"));
	/* a miniatures table may be larger */
	CHECK_CLEAN(state, &((scn){ .ruleset = "noord-zuid", .board = "  <board columns=\"13\" rows=\"41\"/>" }));
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .board = "  <board columns=\"121\" rows=\"9\"/>" }),
		ERR("ntz-1", L_BOARD, "columns=", "the board has 121 columns; noord-zuid allows 5 to 120"));
}

static void test_board_sections_do_not_fit(void **state)
{
	CHECK(state, &((scn){ .board = "  <board columns=\"13\" rows=\"9\"><sections west=\"7\" east=\"6\"/></board>" }),
		ERR("bc-1", L_BOARD, "<sections", "sections west=7 and east=6 do not fit a board 13 hexes wide"));
	CHECK(state, &((scn){ .board = "  <board columns=\"13\" rows=\"9\"><sections west=\"0\" east=\"4\"/></board>" }),
		ERR("bc-1", L_BOARD, "<sections", "sections west=0 and east=4 do not fit"));
	/* a split that fits */
	CHECK_CLEAN(state, &((scn){ .board = "  <board columns=\"13\" rows=\"9\"><sections west=\"6\" east=\"6\"/></board>" }));
}

static void test_address_malformed(void **state)
{
	CHECK(state, &((scn){ .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"3C\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("bc-1", L_UBODY, "at=\"3C\"",
			"unit 'u1': '3C' is not a hex address; write column letters then the row number, such as C4"));
}

static void test_address_beyond_last_row(void **state)
{
	CHECK(state, &((scn){ .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C10\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("bc-1", L_UBODY, "at=\"C10\"", "unit 'u1': hex C10 is off the board, which has 9 rows"));
}

static void test_address_off_short_row(void **state)
{
	const char *body = "    <unit id=\"u1\" type=\"infantry\" at=\"m8\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"N7\"/>";
	CHECK(state, &((scn){ .union_body = body }),
		ERR("bc-1", L_UBODY, "at=\"m8\"", "unit 'u1': hex M8 is off the board; row 8 has 12 hexes and ends at L8"),
		ERR("bc-1", L_UBODY, "at=\"N7\"", "general 'ug': hex N7 is off the board; row 7 has 13 hexes and ends at M7"));
	/* on a rectangular board the even rows have a 13th hex */
	CHECK(state, &((scn){ .union_body = body, .board = "  <board columns=\"13\" rows=\"9\" short-rows=\"none\"/>" }),
		ERR("bc-1", L_UBODY, "at=\"N7\"", "general 'ug': hex N7 is off the board; row 7 has 13 hexes and ends at M7"));
}

/* ---- §6 terrain ---- */

static void test_terrain_unknown_type(void **state)
{
	CHECK(state, &((scn){ .terrain = "  <terrain><hex at=\"F5\" type=\"swamp\"/></terrain>" }),
		ERR("bc-6", L_TERRAIN, "type=", "terrain type 'swamp' does not exist in battlecry-1999; it knows "
			"clear, woods, orchard, hill, buildings, stream, river, bridge, field, rough, fence"));
}

static void test_terrain_river_absent_in_noord_zuid(void **state)
{
	const char *terrain = "  <terrain><hex at=\"A5\" type=\"river\"/><hex at=\"B5\" type=\"river\"/></terrain>";
	CHECK_CLEAN(state, &((scn){ .terrain = terrain }));
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .terrain = terrain }),
		ERR("ntz-6", L_TERRAIN, "|type=\"river\"/><hex at=\"B5\"",
			"terrain type 'river' does not exist in noord-zuid; it knows clear, woods, orchard, hill, "
			"buildings, stream, bridge, field, rough, fence"),
		ERR("ntz-6", L_TERRAIN, "|type=\"river\"/></terrain>", "terrain type 'river' does not exist in noord-zuid"));
}

static void test_terrain_off_board(void **state)
{
	CHECK(state, &((scn){ .terrain = "  <terrain><hex at=\"N5\" type=\"woods\"/><hex type=\"hill\" at=\"M2\"/></terrain>" }),
		ERR("bc-1", L_TERRAIN, "at=\"N5\"", "terrain: hex N5 is off the board; row 5 has 13 hexes and ends at M5"),
		ERR("bc-1", L_TERRAIN, "at=\"M2\"", "terrain: hex M2 is off the board; row 2 has 12 hexes and ends at L2"));
}

static void test_terrain_twice_on_a_hex(void **state)
{
	CHECK(state, &((scn){ .terrain = "  <terrain><hex at=\"F5\" type=\"woods\"/><hex at=\"f5\" type=\"hill\"/></terrain>" }),
		ERR("bc-6", L_TERRAIN, "<hex at=\"f5\"", "hex F5 already has terrain 'woods' (line 5); a hex has one terrain entry"));
}

static void test_fieldworks_on_impassable(void **state)
{
	CHECK(state, &((scn){ .terrain = "  <terrain><hex at=\"F5\" type=\"rough\" fieldworks=\"true\"/>"
		"<hex at=\"G5\" type=\"woods\" fieldworks=\"true\"/></terrain>" }),
		ERR("bc-6", L_TERRAIN, "fieldworks=", "fieldworks at F5 stand on rough, where no unit may stand"));
}

static void test_bridge_without_water(void **state)
{
	/* a warning: the file stays valid */
	CHECK(state, &((scn){ .terrain = "  <terrain><hex at=\"D5\" type=\"bridge\"/></terrain>" }),
		WARN("bc-6", L_TERRAIN, "<hex", "the bridge at D5 touches no river or stream"));
	/* next to a stream or a river (listed after the bridge): fine */
	CHECK_CLEAN(state, &((scn){ .terrain = "  <terrain><hex at=\"D5\" type=\"bridge\"/><hex at=\"D4\" type=\"stream\"/></terrain>" }));
	CHECK_CLEAN(state, &((scn){ .terrain = "  <terrain><hex at=\"D5\" type=\"bridge\"/><hex at=\"C6\" type=\"river\"/></terrain>" }));
	CHECK_CLEAN(state, &((scn){ .ruleset = "noord-zuid",
		.terrain = "  <terrain><hex at=\"D5\" type=\"bridge\"/><hex at=\"D6\" type=\"stream\"/></terrain>" }));
	/* water two hexes away does not count */
	CHECK(state, &((scn){ .terrain = "  <terrain><hex at=\"D5\" type=\"bridge\"/><hex at=\"F5\" type=\"stream\"/></terrain>" }),
		WARN("bc-6", L_TERRAIN, "<hex", "the bridge at D5 touches no river or stream"));
}

/* ---- §6 and §3 deployment ---- */

static void test_unit_on_impassable_terrain(void **state)
{
	CHECK(state, &((scn){ .terrain = "  <terrain><hex at=\"C8\" type=\"rough\"/></terrain>" }),
		ERR("bc-6", L_UBODY, "at=\"C8\"", "unit 'u1' stands at C8 on rough, which no unit or general may enter"));
}

static void test_unit_and_general_on_river(void **state)
{
	CHECK(state, &((scn){ .terrain = "  <terrain><hex at=\"F2\" type=\"river\"/></terrain>" }),
		ERR("bc-6", L_CBODY, "type=\"cavalry\" |at=", "unit 'c2' stands at F2 on river, which no unit or general may enter"),
		ERR("bc-6", L_CBODY, "id=\"cg\" |at=", "general 'cg' stands at F2 on river, which no unit or general may enter"));
}

static void test_unit_with_enemy_unit(void **state)
{
	CHECK(state, &((scn){ .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C2\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("bc-3.1", L_CBODY, "at=\"C2\"", "unit 'c1' shares hex C2 with enemy unit 'u1'; units never stand with the enemy"));
	/* §3.2: never a hex with any enemy unit, even where two friends may stand */
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C2\"/>"
		"<unit id=\"u2\" type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/>"
		"<general id=\"ug\" at=\"F8\"/>" }),
		ERR("ntz-3.2", L_CBODY, "at=\"C2\"", "unit 'c1' shares hex C2 with enemy unit 'u1'"));
}

/* BUG: the schema reads these attributes as xsd:token (RELAX NG <value>
 * and the address, id and type definitions), so surrounding blanks are
 * collapsed and xmllint accepts the file, but the model keeps them: the
 * semantic pass then reports "side ' union ' does not exist", "type
 * ' infantry ', which battlecry-1999 does not know; it knows infantry, ..."
 * and "' C8 ' is not a hex address", and misses first=" true ".  Numbers
 * are already read with their blanks stripped.  Expected: no diagnostics. */
static void test_token_attributes_read_as_the_schema_reads_them(void **state)
{
	CHECK_CLEAN(state, &((scn){
		.union_side = "  <side id=\" union \" home=\"south\" cards=\" 4 \" victory=\"4\" first=\" true \">",
		.union_body = "    <unit id=\"u1\" type=\" infantry \" at=\" C8 \"/><unit id=\"u2\" type=\"cavalry\" "
			"at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>" }));
}

static void test_two_units_on_a_hex(void **state)
{
	const char *body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"C8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>";
	CHECK(state, &((scn){ .union_body = body }),
		ERR("bc-3.1", L_UBODY, "type=\"cavalry\" |at=",
			"unit 'u2' cannot stand at C8: unit 'u1' is already there and battlecry-1999 allows one unit per hex"));
	CHECK(state, &((scn){ .ruleset = "battlecry-150", .union_body = body }),
		ERR("bc-3.1", L_UBODY, "type=\"cavalry\" |at=", "battlecry-150 allows one unit per hex"));
	/* §3.2: two friendly units per hex in noord-zuid */
	CHECK_CLEAN(state, &((scn){ .ruleset = "noord-zuid", .union_body = body }));
}

static void test_three_units_on_a_hex_noord_zuid(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/>"
		"<unit id=\"u2\" type=\"cavalry\" at=\"C8\"/><unit id=\"u3\" type=\"artillery\" at=\"C8\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("ntz-3.2", L_UBODY, "type=\"artillery\" |at=",
			"unit 'u3' cannot stand at C8: 2 friendly units are already there and noord-zuid allows 2 per hex"));
}

static void test_general_with_enemy_unit(void **state)
{
	CHECK(state, &((scn){ .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F2\"/>" }),
		ERR("bc-3.1", L_UBODY, "at=\"F2\"",
			"general 'ug' shares hex F2 with enemy unit 'c2'; a general never stands with the enemy"),
		/* and the confederate general finds him there */
		ERR("bc-3.1", L_CBODY, "id=\"cg\" |at=", "general 'cg' cannot stand at F2: general 'ug' is already there"));
}

static void test_two_generals_on_a_hex(void **state)
{
	CHECK(state, &((scn){ .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>"
		"<general id=\"ug2\" at=\"F8\"/>" }),
		ERR("bc-3.1", L_UBODY, "id=\"ug2\" |at=",
			"general 'ug2' cannot stand at F8: general 'ug' is already there and battlecry-1999 allows 1 general per hex"));
}

static void test_generals_of_both_sides_on_a_hex(void **state)
{
	CHECK(state, &((scn){
		.union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/><unit id=\"u2\" type=\"cavalry\" at=\"F8\"/>"
			"<unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"G6\"/>",
		.conf_body = "    <unit id=\"c1\" type=\"infantry\" at=\"C2\"/><unit id=\"c2\" type=\"cavalry\" at=\"F2\"/>"
			"<unit id=\"c3\" type=\"artillery\" at=\"J2\"/><general id=\"cg\" at=\"g6\"/>" }),
		ERR("bc-3.1", L_CBODY, "at=\"g6\"",
			"general 'cg' cannot stand at G6: general 'ug' is already there and battlecry-1999 allows 1 general per hex"));
	CHECK(state, &((scn){ .ruleset = "noord-zuid",
		.union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/><unit id=\"u2\" type=\"cavalry\" at=\"F8\"/>"
			"<unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"G6\"/>",
		.conf_body = "    <unit id=\"c1\" type=\"infantry\" at=\"C2\"/><unit id=\"c2\" type=\"cavalry\" at=\"F2\"/>"
			"<unit id=\"c3\" type=\"artillery\" at=\"J2\"/><general id=\"cg\" at=\"g6\"/>" }),
		ERR("ntz-3.2", L_CBODY, "at=\"g6\"",
			"general 'cg' cannot stand at G6: general 'ug' is already there and noord-zuid allows 1 general per hex"));
}

static void test_general_with_too_many_units(void **state)
{
	/* 1999: the second unit is one too many, and the general cannot join two */
	CHECK(state, &((scn){ .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"F8\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("bc-3.1", L_UBODY, "type=\"cavalry\" |at=", "unit 'u2' cannot stand at F8: unit 'u1' is already there"),
		ERR("bc-3.1", L_UBODY, "<general id=\"ug\" |at=",
			"general 'ug' stands at F8 with 2 units; in battlecry-1999 a general joins at most 1"));
	/* noord-zuid: a general commands the two units of his hex */
	CHECK_CLEAN(state, &((scn){ .ruleset = "noord-zuid", .union_body = "    <unit id=\"u1\" type=\"infantry\" "
		"at=\"F8\"/><unit id=\"u2\" type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/>"
		"<general id=\"ug\" at=\"F8\"/>" }));
}

/* ---- §2 forces ---- */

static void test_brigade_id_shares_the_id_space(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = NZ_BRIGADE_UNITS
		"<brigade id=\"u2\" general=\"ug\" units=\"u1 u3\"/>" }),
		ERR("unique-id", L_UBODY, "<brigade |id=", "id 'u2' is already used on line 7"));
}

static void test_duplicate_ids(void **state)
{
	CHECK(state, &((scn){ .conf_body = "    <unit id=\"c1\" type=\"infantry\" at=\"C2\"/><unit id=\"u1\" "
		"type=\"cavalry\" at=\"F2\"/><unit id=\"c3\" type=\"artillery\" at=\"J2\"/><general id=\"c1\" at=\"F2\"/>" }),
		ERR("unique-id", L_CBODY, "id=\"u1\"",
			"id 'u1' is already used on line 7; every unit, general and brigade needs its own id"),
		ERR("unique-id", L_CBODY, "<general |id=\"c1\"", "id 'c1' is already used on line 10"));
}

static void test_unknown_unit_type(void **state)
{
	CHECK(state, &((scn){ .union_body = "    <unit id=\"u1\" type=\"dragoon\" at=\"C8\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("bc-2", L_UBODY, "type=\"dragoon\"",
			"unit 'u1' has type 'dragoon', which battlecry-1999 does not know; it knows infantry, cavalry, artillery"));
}

static void test_attribute_unknown_to_ruleset(void **state)
{
	CHECK(state, &((scn){ .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\" weapon=\"rifle\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("bc-2", L_UBODY, "weapon=", "unit 'u1': battlecry-1999 has no attribute 'weapon'"));
}

static void test_attribute_not_for_the_type(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/>"
		"<unit id=\"u2\" type=\"cavalry\" at=\"F8\" weapon=\"rifle\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\" "
		"state=\"mounted\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("ntz-2", L_UBODY, "weapon=", "unit 'u2': cavalry has no 'weapon' in noord-zuid"),
		ERR("ntz-2", L_UBODY, "state=", "unit 'u3': artillery has no 'state' in noord-zuid"));
}

static void test_attribute_value_not_allowed(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\" "
		"weapon=\"laser\" quality=\"recruit\"/><unit id=\"u2\" type=\"cavalry\" at=\"F8\" quality=\"recruit\"/>"
		"<unit id=\"u3\" type=\"artillery\" at=\"J8\" kind=\"horse\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("ntz-2", L_UBODY, "weapon=", "unit 'u1': infantry cannot have weapon 'laser' in noord-zuid; it may be musket, rifle"),
		ERR("ntz-2", L_UBODY, "at=\"F8\" |quality=",
			"unit 'u2': cavalry cannot have quality 'recruit' in noord-zuid; it may be veteran, experienced"));
}

static void test_figures_out_of_range(void **state)
{
	const char *body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\" figures=\"0\"/><unit id=\"u2\" "
		"type=\"cavalry\" at=\"F8\" figures=\"3\"/><unit id=\"u3\" type=\"artillery\" at=\"J8\" figures=\"3\"/>"
		"<general id=\"ug\" at=\"F8\"/>";
	CHECK(state, &((scn){ .union_body = body }),
		ERR("bc-2", L_UBODY, "figures=\"0\"", "unit 'u1' starts with 0 figures; battlecry-1999 allows 1 to 4 for infantry"),
		ERR("bc-2", L_UBODY, "at=\"J8\" |figures=",
			"unit 'u3' starts with 3 figures; battlecry-1999 allows 1 to 2 for artillery"));
	/* §2: the 150th edition's guns have three figures */
	CHECK(state, &((scn){ .ruleset = "battlecry-150", .union_body = body }),
		ERR("bc-2", L_UBODY, "figures=\"0\"", "unit 'u1' starts with 0 figures; battlecry-150 allows 1 to 4 for infantry"));
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\" "
		"figures=\"8\"/><unit id=\"u2\" type=\"cavalry\" at=\"F8\" figures=\"6\"/><unit id=\"u3\" type=\"artillery\" "
		"at=\"J8\" figures=\"4\"/><general id=\"ug\" at=\"F8\"/>" }),
		ERR("ntz-2", L_UBODY, "figures=\"6\"", "unit 'u2' starts with 6 figures; noord-zuid allows 1 to 5 for cavalry"));
}

/* ---- §0, §1, §8, §9 sides ---- */

static void test_one_side_only(void **state)
{
	CHECK(state, &((scn){ .conf_side = "", .conf_body = "", .conf_close = "" }),
		ERR("bc-0", L_HEAD, "<scenario", "a scenario has exactly two sides, union and confederate; this one has 1"));
}

static void test_three_sides(void **state)
{
	CHECK(state, &((scn){ .extra = "  <side id=\"union\" home=\"north\" cards=\"1\" victory=\"1\"/>" }),
		ERR("bc-0", L_EXTRA, "<side", "a scenario has exactly two sides, union and confederate; this one has 3"),
		ERR("bc-0", L_EXTRA, "id=", "side 'union' is given twice (first on line 6)"),
		ERR("bc-1", L_EXTRA, "home=", "sides 'confederate' and 'union' both have their home edge in the north"));
}

static void test_side_unknown_to_ruleset(void **state)
{
	/* the schema refuses the id as well; the semantic pass still names it */
	CHECK_WITH_SCHEMA(state, &((scn){ .conf_side = "  <side id=\"prussia\" home=\"north\" cards=\"4\" victory=\"4\">" }),
		ERR("bc-0", L_CSIDE, "id=", "side 'prussia' does not exist in battlecry-1999"));
}

static void test_sides_share_a_home_edge(void **state)
{
	CHECK(state, &((scn){ .conf_side = "  <side id=\"confederate\" home=\"south\" cards=\"4\" victory=\"4\">" }),
		ERR("bc-1", L_CSIDE, "home=", "sides 'union' and 'confederate' both have their home edge in the south; "
			"the two sides start from opposite edges"));
}

static void test_hand_without_cards(void **state)
{
	CHECK(state, &((scn){ .union_side = "  <side id=\"union\" home=\"south\" cards=\"0\" victory=\"4\" first=\"true\">" }),
		ERR("bc-8", L_USIDE, "cards=", "side 'union' holds 0 order cards; a hand needs at least 1"));
}

static void test_hands_larger_than_deck(void **state)
{
	CHECK(state, &((scn){
		.union_side = "  <side id=\"union\" home=\"south\" cards=\"30\" victory=\"4\" first=\"true\">",
		.conf_side = "  <side id=\"confederate\" home=\"north\" cards=\"29\" victory=\"4\">" }),
		ERR("bc-8", L_CSIDE, "cards=", "the two hands hold 59 cards together, more than the 58 cards of the battlecry-1999 deck"));
	/* exactly the deck: allowed */
	CHECK_CLEAN(state, &((scn){
		.union_side = "  <side id=\"union\" home=\"south\" cards=\"29\" victory=\"4\" first=\"true\">",
		.conf_side = "  <side id=\"confederate\" home=\"north\" cards=\"29\" victory=\"4\">" }));
}

static void test_both_sides_first(void **state)
{
	CHECK(state, &((scn){ .conf_side = "  <side id=\"confederate\" home=\"north\" cards=\"4\" victory=\"4\" first=\"true\">" }),
		ERR("bc-9", L_CSIDE, "first=", "both sides are marked first=\"true\"; only one side opens the battle"));
}

static void test_no_first_player(void **state)
{
	const char *side = "  <side id=\"union\" home=\"south\" cards=\"4\" victory=\"4\" first=\"false\">";
	CHECK(state, &((scn){ .union_side = side }),
		ERR("bc-9", L_USIDE, "<side", "no side is marked first=\"true\"; battlecry-1999 needs the scenario to name "
			"the side that opens the battle"));
	CHECK(state, &((scn){ .ruleset = "battlecry-150", .union_side = side }),
		ERR("bc-9", L_USIDE, "<side", "battlecry-150 needs the scenario to name the side that opens the battle"));
	/* §9 noord-zuid: both roll when the scenario names nobody */
	CHECK_CLEAN(state, &((scn){ .ruleset = "noord-zuid", .union_side = side }));
}

/* ---- §3.3 brigades ---- */


static void test_brigade_valid(void **state)
{
	CHECK_CLEAN(state, &((scn){ .ruleset = "noord-zuid",
		.union_body = NZ_BRIGADE_UNITS "<brigade id=\"b1\" general=\"ug\" units=\"u1 u2 u3\"/>" }));
}

static void test_brigade_in_battlecry(void **state)
{
	CHECK(state, &((scn){ .union_body = NZ_BRIGADE_UNITS "<brigade id=\"b1\" general=\"ug\" units=\"u1 u2\"/>" }),
		ERR("bc-3.1", L_UBODY, "<brigade", "brigade 'b1': battlecry-1999 has no brigades; they belong to the noord-zuid rules"));
}

static void test_brigade_unit_outside_zone(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/>"
		"<unit id=\"u2\" type=\"cavalry\" at=\"F8\"/><unit id=\"u3\" type=\"artillery\" at=\"G7\"/>"
		"<general id=\"ug\" at=\"F8\"/><brigade id=\"b1\" general=\"ug\" units=\"u1 u2 u3\"/>" }),
		ERR("ntz-3.3", L_UBODY, "units=", "unit 'u1' at C8 is 3 hexes from general 'ug' at F8, outside his zone of "
			"control; a brigade's units stand in his hex or next to it"));
}

static void test_more_brigades_than_generals(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = NZ_BRIGADE_UNITS
		"<brigade id=\"b1\" general=\"ug\" units=\"u1 u2\"/><brigade id=\"b2\" general=\"ug\" units=\"u3\"/>" }),
		ERR("ntz-3.3", L_UBODY, "<brigade id=\"b2\"", "brigade 'b2' is one more brigade than side 'union' has generals (1)"),
		ERR("ntz-3.3", L_UBODY, "<brigade id=\"b2\" |general=", "general 'ug' already leads brigade 'b1'; a general leads one brigade"));
}

static void test_brigade_general_unknown(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = NZ_BRIGADE_UNITS
		"<brigade id=\"b1\" general=\"nobody\" units=\"u1 u2\"/>" }),
		ERR("ntz-3.3", L_UBODY, "general=\"nobody\"", "brigade 'b1' is led by general 'nobody', who is not in the scenario"));
}

static void test_brigade_general_of_other_side(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = NZ_BRIGADE_UNITS
		"<brigade id=\"b1\" general=\"cg\" units=\"u1 u2\"/>" }),
		ERR("ntz-3.3", L_UBODY, "general=\"cg\"", "brigade 'b1' is led by general 'cg' of the other side"));
}

static void test_brigade_too_large(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body =
		"    <unit id=\"a\" type=\"infantry\" at=\"F8\"/><unit id=\"b\" type=\"infantry\" at=\"F8\"/>"
		"<unit id=\"c\" type=\"infantry\" at=\"E8\"/><unit id=\"d\" type=\"infantry\" at=\"E8\"/>"
		"<unit id=\"e\" type=\"cavalry\" at=\"G8\"/><unit id=\"f\" type=\"cavalry\" at=\"G8\"/>"
		"<unit id=\"g\" type=\"artillery\" at=\"F7\"/><general id=\"ug\" at=\"F8\"/>"
		"<brigade id=\"b1\" general=\"ug\" units=\"a b c d e f g\"/>" }),
		ERR("ntz-3.3", L_UBODY, "units=", "brigade 'b1' has 7 units; a brigade has at most 6"));
}

static void test_brigade_unit_unknown(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = NZ_BRIGADE_UNITS
		"<brigade id=\"b1\" general=\"ug\" units=\"u1 zz\"/>" }),
		ERR("ntz-3.3", L_UBODY, "units=", "brigade 'b1' lists unit 'zz', which is not in the scenario"));
}

static void test_brigade_unit_of_other_side(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = NZ_BRIGADE_UNITS
		"<brigade id=\"b1\" general=\"ug\" units=\"u1 c1\"/>" }),
		ERR("ntz-3.3", L_UBODY, "units=", "brigade 'b1' lists unit 'c1' of the other side"));
}

static void test_brigade_unit_twice(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = NZ_BRIGADE_UNITS
		"<brigade id=\"b1\" general=\"ug\" units=\"u1 u2 u1\"/>" }),
		ERR("ntz-3.3", L_UBODY, "units=", "brigade 'b1' lists unit 'u1' twice"));
}

static void test_unit_in_two_brigades(void **state)
{
	CHECK(state, &((scn){ .ruleset = "noord-zuid", .union_body = NZ_BRIGADE_UNITS
		"<general id=\"ug2\" at=\"G8\"/><brigade id=\"b1\" general=\"ug\" units=\"u1 u2\"/>"
		"<brigade id=\"b2\" general=\"ug2\" units=\"u1 u3\"/>" }),
		ERR("ntz-3.3", L_UBODY, "units=\"u1 u3\"", "unit 'u1' is already in brigade 'b1'; a unit belongs to one brigade"));
}

/* ---- §10 victory ---- */

static void test_objective_off_board(void **state)
{
	CHECK(state, &((scn){ .extra = "  <objective at=\"N9\" vp=\"1\" for=\"union\">" NAMES3 "</objective>" }),
		ERR("bc-1", L_EXTRA, "at=", "objective: hex N9 is off the board; row 9 has 13 hexes and ends at M9"));
}

static void test_objective_worth_nothing(void **state)
{
	CHECK(state, &((scn){ .extra = "  <objective at=\"G5\" vp=\"0\" for=\"both\">" NAMES3 "</objective>" }),
		ERR("bc-10", L_EXTRA, "vp=", "an objective is worth 0 victory points; it must be worth at least 1"));
}

static void test_victory_target_below_one(void **state)
{
	CHECK(state, &((scn){ .union_side = "  <side id=\"union\" home=\"south\" cards=\"4\" victory=\"0\" first=\"true\">" }),
		ERR("bc-10", L_USIDE, "victory=", "side 'union' needs 0 to win; a victory target is at least 1"));
}

static void test_victory_target_unreachable(void **state)
{
	const char *side = "  <side id=\"union\" home=\"south\" cards=\"4\" victory=\"6\" first=\"true\">";
	CHECK(state, &((scn){ .union_side = side }),
		ERR("bc-10", L_USIDE, "victory=", "side 'union' needs 6 to win but can earn at most 4 "
			"(3 enemy units, 1 enemy generals, 0 from objectives)"));
	/* objectives for the other side do not help */
	CHECK(state, &((scn){ .union_side = side,
		.extra = "  <objective at=\"G5\" vp=\"2\" for=\"confederate\">" NAMES3 "</objective>" }),
		ERR("bc-10", L_USIDE, "victory=", "can earn at most 4 (3 enemy units, 1 enemy generals, 0 from objectives)"));
	/* objectives for the side, or for both, do */
	CHECK_CLEAN(state, &((scn){ .union_side = side,
		.extra = "  <objective at=\"G5\" vp=\"2\" for=\"union\">" NAMES3 "</objective>" }));
	CHECK_CLEAN(state, &((scn){ .union_side = side,
		.extra = "  <objective at=\"G5\" vp=\"1\" for=\"both\">" NAMES3 "</objective>"
			"<objective at=\"H5\" vp=\"1\" for=\"union\">" NAMES3 "</objective>" }));
}

/* ---- texts in three languages (warnings) ---- */

static void test_title_missing_language(void **state)
{
	CHECK(state, &((scn){ .titles = "  <title xml:lang=\"en\">Test</title><title xml:lang=\"nl\">Proef</title>" }),
		WARN("lang", L_TITLES, "<title", "the title has no fr version; the fr print set will show another language"));
}

static void test_objective_name_missing_language(void **state)
{
	CHECK(state, &((scn){ .extra = "  <objective at=\"G5\" vp=\"1\" for=\"both\"><name xml:lang=\"fr\">Ville</name></objective>" }),
		WARN("lang", L_EXTRA, "<objective", "the objective's name has no en version"),
		WARN("lang", L_EXTRA, "<objective", "the objective's name has no nl version"));
}

/* BUG: the warning about a briefing's missing languages points at the
 * first <title> (check_texts passes sc->title_pos for the briefing; the
 * model keeps no position of the briefing).  Expected line 12 (the
 * <briefing>), actual line 3. */
static void test_briefing_missing_language(void **state)
{
	CHECK(state, &((scn){ .extra = "  <briefing xml:lang=\"en\">Hold the ridge.</briefing>" }),
		WARN("lang", L_EXTRA, "<briefing", "the briefing has no nl version"),
		WARN("lang", L_EXTRA, "<briefing", "the briefing has no fr version"));
}

/* ---- the scenario itself ---- */

static void test_scenario_id_not_a_file_name(void **state)
{
	CHECK(state, &((scn){ .head = "<scenario xmlns=\"urn:orbat:scenario:1\" id=\"../Test run\" ruleset=\"battlecry-1999\">" }),
		ERR("scenario-id", L_HEAD, "id=", "scenario id '../Test run' must be usable as a file name"));
}

static void test_unknown_ruleset(void **state)
{
	CHECK(state, &((scn){ .ruleset = "chess" }),
		ERR("ruleset", L_HEAD, "ruleset=", "unknown ruleset 'chess'; the known rulesets are "
			"battlecry-150, battlecry-1999, mb-remastered, noord-zuid"));
	/* not a path either */
	CHECK(state, &((scn){ .ruleset = "../rulesets/noord-zuid" }),
		ERR("ruleset", L_HEAD, "ruleset=", "unknown ruleset '../rulesets/noord-zuid'"));
}

static void test_schema_and_semantics_together(void **state)
{
	/* a missing attribute is the schema's; the figures are the rules' */
	CHECK_WITH_SCHEMA(state, &((scn){
		.union_side = "  <side id=\"union\" home=\"south\" victory=\"4\" first=\"true\">",
		.conf_body = "    <unit id=\"c1\" type=\"infantry\" at=\"C2\" figures=\"9\"/><unit id=\"c2\" type=\"cavalry\" "
			"at=\"F2\"/><unit id=\"c3\" type=\"artillery\" at=\"J2\"/><general id=\"cg\" at=\"F2\"/>" }),
		ERR("bc-2", L_CBODY, "figures=", "unit 'c1' starts with 9 figures; battlecry-1999 allows 1 to 4 for infantry"));
}

static void test_not_well_formed(void **state)
{
	/* only XML errors, from the spot where the file goes wrong: no model,
	 * no checks */
	fixture *f = *state;
	char *doc = build(&(scn){ .union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\">",
		.union_side = "  <side id=\"union\" home=\"south\" cards=\"0\" victory=\"4\" first=\"true\">" });
	assert_int_equal(validator_check_memory(f->v, "test.xml", doc, strlen(doc), &f->sink, NULL, NULL),
		VALIDATE_INVALID);
	assert_true(f->sink.count >= 1);
	for (size_t i = 0; i < f->sink.count; i++) {
		assert_string_equal(f->sink.items[i].rule, "xml");
		assert_non_null(strstr(f->sink.items[i].message, "the file is not well-formed XML"));
	}
	assert_int_equal(f->sink.items[0].line, L_UCLOSE);
	assert_non_null(strstr(f->sink.items[0].message, "mismatch: unit line 7 and side"));
	free(doc);
}

static void test_wrong_root(void **state)
{
	fixture *f = *state;
	const char *doc = "<?xml version=\"1.0\"?>\n<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"x\"/>\n";
	assert_int_equal(validator_check_memory(f->v, "test.xml", doc, strlen(doc), &f->sink, NULL, NULL),
		VALIDATE_INVALID);
	assert_true(f->sink.count >= 1);
	bool root = false;
	for (size_t i = 0; i < f->sink.count; i++) {
		assert_string_equal(f->sink.items[i].rule, "schema");
		root = root || strstr(f->sink.items[i].message, "the root element must be <scenario");
	}
	assert_true(root);
}

/* ---- every error, in position order ---- */

static void test_all_errors_reported_in_position_order(void **state)
{
	/* Errors from eight different checks, planted so that the order in which
	 * the checks run (board, terrain, sides, forces, deployment, brigades,
	 * victory, texts) differs from their order in the file. */
	CHECK(state, &((scn){
		.titles = "  <title xml:lang=\"en\">Test</title><title xml:lang=\"nl\">Proef</title>",
		.terrain = "  <terrain><hex at=\"F5\" type=\"swamp\"/><hex at=\"Q5\" type=\"woods\"/></terrain>",
		.union_side = "  <side id=\"union\" home=\"south\" cards=\"0\" victory=\"9\">",
		.union_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C8\" figures=\"5\"/><unit id=\"u2\" type=\"cavalry\" "
			"at=\"C8\"/><unit id=\"u3\" type=\"artillery\" at=\"M8\"/><general id=\"ug\" at=\"F8\"/>"
			"<brigade id=\"b1\" general=\"ug\" units=\"u1\"/>",
		.conf_body = "    <unit id=\"u1\" type=\"infantry\" at=\"C2\"/><unit id=\"c2\" type=\"cavalry\" at=\"F2\"/>"
			"<unit id=\"c3\" type=\"artillery\" at=\"J2\"/><general id=\"cg\" at=\"F2\"/>",
		.extra = "  <objective at=\"G5\" vp=\"0\" for=\"both\">" NAMES3 "</objective>" }),
		WARN("lang", L_TITLES, "<title", "the title has no fr version"),
		ERR("bc-6", L_TERRAIN, "type=\"swamp\"", "terrain type 'swamp' does not exist in battlecry-1999"),
		ERR("bc-1", L_TERRAIN, "at=\"Q5\"", "terrain: hex Q5 is off the board"),
		ERR("bc-9", L_USIDE, "<side", "no side is marked first=\"true\""),
		ERR("bc-8", L_USIDE, "cards=", "side 'union' holds 0 order cards"),
		ERR("bc-10", L_USIDE, "victory=", "side 'union' needs 9 to win but can earn at most 4"),
		ERR("bc-2", L_UBODY, "figures=", "unit 'u1' starts with 5 figures"),
		ERR("bc-3.1", L_UBODY, "type=\"cavalry\" |at=", "unit 'u2' cannot stand at C8"),
		ERR("bc-1", L_UBODY, "at=\"M8\"", "unit 'u3': hex M8 is off the board"),
		ERR("bc-3.1", L_UBODY, "<brigade", "brigade 'b1': battlecry-1999 has no brigades"),
		ERR("unique-id", L_CBODY, "id=\"u1\"", "id 'u1' is already used on line 7"),
		ERR("bc-10", L_EXTRA, "vp=", "an objective is worth 0 victory points"));
}

static void test_diagnostics_appended_to_a_used_sink(void **state)
{
	/* a second file's records follow the first's; each file sorted alone */
	fixture *f = *state;
	char *a = build(&(scn){ .board = "  <board columns=\"4\" rows=\"9\"/>" });
	char *b = build(&(scn){ .union_side = "  <side id=\"union\" home=\"south\" cards=\"0\" victory=\"4\" first=\"true\">",
		.terrain = "  <terrain><hex at=\"F5\" type=\"swamp\"/></terrain>" });
	assert_int_equal(validator_check_memory(f->v, "a.xml", a, strlen(a), &f->sink, NULL, NULL), VALIDATE_INVALID);
	assert_int_equal(f->sink.count, 1);
	assert_int_equal(validator_check_memory(f->v, "b.xml", b, strlen(b), &f->sink, NULL, NULL), VALIDATE_INVALID);
	assert_int_equal(f->sink.count, 3);
	assert_string_equal(f->sink.items[0].file, "a.xml");
	assert_string_equal(f->sink.items[1].file, "b.xml");
	assert_int_equal(f->sink.items[1].line, L_TERRAIN);
	assert_string_equal(f->sink.items[2].file, "b.xml");
	assert_int_equal(f->sink.items[2].line, L_USIDE);
	free(a);
	free(b);
}

#define T(name) cmocka_unit_test_setup_teardown(name, test_setup, test_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_valid_baseline),
		T(test_valid_model_handed_over),
		T(test_board_too_few_columns),
		T(test_board_too_many_rows),
		T(test_board_sections_do_not_fit),
		T(test_address_malformed),
		T(test_address_beyond_last_row),
		T(test_address_off_short_row),
		T(test_terrain_unknown_type),
		T(test_terrain_river_absent_in_noord_zuid),
		T(test_terrain_off_board),
		T(test_terrain_twice_on_a_hex),
		T(test_fieldworks_on_impassable),
		T(test_bridge_without_water),
		T(test_unit_on_impassable_terrain),
		T(test_unit_and_general_on_river),
		T(test_unit_with_enemy_unit),
		T(test_token_attributes_read_as_the_schema_reads_them),
		T(test_two_units_on_a_hex),
		T(test_three_units_on_a_hex_noord_zuid),
		T(test_general_with_enemy_unit),
		T(test_two_generals_on_a_hex),
		T(test_generals_of_both_sides_on_a_hex),
		T(test_general_with_too_many_units),
		T(test_duplicate_ids),
		T(test_brigade_id_shares_the_id_space),
		T(test_unknown_unit_type),
		T(test_attribute_unknown_to_ruleset),
		T(test_attribute_not_for_the_type),
		T(test_attribute_value_not_allowed),
		T(test_figures_out_of_range),
		T(test_one_side_only),
		T(test_three_sides),
		T(test_side_unknown_to_ruleset),
		T(test_sides_share_a_home_edge),
		T(test_hand_without_cards),
		T(test_hands_larger_than_deck),
		T(test_both_sides_first),
		T(test_no_first_player),
		T(test_brigade_valid),
		T(test_brigade_in_battlecry),
		T(test_brigade_unit_outside_zone),
		T(test_more_brigades_than_generals),
		T(test_brigade_general_unknown),
		T(test_brigade_general_of_other_side),
		T(test_brigade_too_large),
		T(test_brigade_unit_unknown),
		T(test_brigade_unit_of_other_side),
		T(test_brigade_unit_twice),
		T(test_unit_in_two_brigades),
		T(test_objective_off_board),
		T(test_objective_worth_nothing),
		T(test_victory_target_below_one),
		T(test_victory_target_unreachable),
		T(test_title_missing_language),
		T(test_objective_name_missing_language),
		T(test_briefing_missing_language),
		T(test_scenario_id_not_a_file_name),
		T(test_unknown_ruleset),
		T(test_schema_and_semantics_together),
		T(test_not_well_formed),
		T(test_wrong_root),
		T(test_all_errors_reported_in_position_order),
		T(test_diagnostics_appended_to_a_used_sink),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
