/* The scenario compiler cites the rule sections the ruleset data states,
 * never numbers of its own.  A data folder beside the real one adds two
 * house rulesets that renumber every section the compiler cites: a child
 * of mb-remastered (§11 -> §12) and a child of battlecry-1999 (§N ->
 * §N+20).  Every invalid scenario of the golden corpus for those rulesets
 * is checked under both: the same diagnostics must come out, each section
 * id renumbered and nothing else changed.
 *
 * Argument: the folder of the golden invalid scenarios. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "model/ruleset.h"
#include "validate/validate.h"
#include "sink_says.h"

static const char *golden_dir;

static const char *data_dir(void)
{
	const char *d = getenv("ORBAT_DATADIR");
	return d ? d : "data";
}

/* The ids have the length of their parents' so that no column moves. */
#define SQ_PARENT "mb-remastered"
#define SQ_CHILD "mb-renumbered"
#define HEX_PARENT "battlecry-1999"
#define HEX_CHILD "battlecry-2019"

static const char SQ_BODY[] =
	"<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"" SQ_CHILD "\" extends=\"" SQ_PARENT "\" grid=\"square\"\n"
	"         ids-rule=\"12.ids\" sides-rule=\"12.sides\" units-rule=\"12.types\" cities-rule=\"12.cities\">\n"
	"  <board rule=\"12.board\"/>\n"
	"  <square-unit id=\"infantry\" rule=\"12.units\"/>\n"
	"  <square-unit id=\"cavalry\" rule=\"12.units\"/>\n"
	"  <square-unit id=\"artillery\" rule=\"12.units\"/>\n"
	"  <square-unit id=\"general\" rule=\"12.units\"/>\n"
	"  <square-unit id=\"gunboat\" rule=\"12.units\"/>\n"
	"  <square-unit id=\"ironclad\" rule=\"12.units\"/>\n"
	"  <naval rule=\"12.naval\" cargo-rule=\"12.cargo\" ports-rule=\"12.ports\"/>\n"
	"  <capitals rule=\"12.capitals\"/>\n"
	"  <generals rule=\"12.generals\"/>\n"
	"  <square-players players-rule=\"12.players\"/>\n"
	"  <square-victory rule=\"12.victory\"/>\n"
	"</ruleset>\n";

static const char HEX_BODY[] =
	"<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"" HEX_CHILD "\" extends=\"" HEX_PARENT "\" grid=\"hex\"\n"
	"         sides-rule=\"20\" units-rule=\"22\">\n"
	"  <board rule=\"21\"/>\n"
	"  <terrain-effects rule=\"26\"/>\n"
	"  <stacking rule=\"23.1\"/>\n"
	"  <brigades rule=\"23.1\"/>\n"
	"  <deck rule=\"28\"><card id=\"reinforcements\" rule=\"28.1\"/></deck>\n"
	"  <turn rule=\"29\"/>\n"
	"  <victory rule=\"30\"/>\n"
	"</ruleset>\n";

typedef struct fixture {
	char root[64];
	char rulesets[96];
} fixture;

static void link_into(const char *from_dir, const char *name, const char *to_dir)
{
	char from[PATH_MAX + 300], to[400];
	snprintf(from, sizeof from, "%s/%s", from_dir, name);
	snprintf(to, sizeof to, "%s/%s", to_dir, name);
	assert_int_equal(symlink(from, to), 0);
}

static void write_text(const char *dir, const char *name, const char *text)
{
	char path[200];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* A data folder of links to the real one, its rulesets folder holding the
 * real rulesets and the two renumbering children. */
static void fixture_make(fixture *fx)
{
	char real[PATH_MAX];
	assert_non_null(realpath(data_dir(), real));
	snprintf(fx->root, sizeof fx->root, "/tmp/orbat-validrules-XXXXXX");
	assert_non_null(mkdtemp(fx->root));
	snprintf(fx->rulesets, sizeof fx->rulesets, "%s/rulesets", fx->root);
	DIR *d = opendir(real);
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));)
		if (e->d_name[0] != '.' && strcmp(e->d_name, "rulesets") != 0)
			link_into(real, e->d_name, fx->root);
	closedir(d);
	assert_int_equal(mkdir(fx->rulesets, 0700), 0);
	char real_rulesets[PATH_MAX + 16];
	snprintf(real_rulesets, sizeof real_rulesets, "%s/rulesets", real);
	d = opendir(real_rulesets);
	assert_non_null(d);
	for (struct dirent *e; (e = readdir(d));)
		if (e->d_name[0] != '.')
			link_into(real_rulesets, e->d_name, fx->rulesets);
	closedir(d);
	write_text(fx->rulesets, SQ_CHILD ".xml", SQ_BODY);
	write_text(fx->rulesets, HEX_CHILD ".xml", HEX_BODY);
}

static void remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d));) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char path[400];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct stat st;
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			remove_dir(path);
		else
			unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

static char *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	long n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*size = (size_t)n;
	return buf;
}

/* Replace every occurrence of from by to, of the same length, in place. */
static void swap_all(char *text, const char *from, const char *to)
{
	size_t n = strlen(from);
	assert_int_equal(strlen(to), n);
	for (char *p = strstr(text, from); p; p = strstr(p + n, from))
		memcpy(p, to, n);
}

/* The rule a parent's id becomes in the renumbering child: mb-11.X ->
 * mb-12.X except mb-11.units of a type the ruleset lacks -> mb-12.types
 * (the child gives units-rule its own number to tell the two apart);
 * bc-N... -> bc-(N+20)...; an id that is no section stays. */
static void renumbered(const char *rule, bool unknown_type, char *out, size_t size)
{
	if (strncmp(rule, "mb-11.", 6) == 0) {
		snprintf(out, size, "mb-12.%s", unknown_type && strcmp(rule + 6, "units") == 0 ? "types" : rule + 6);
		return;
	}
	char *end;
	if (strncmp(rule, "bc-", 3) == 0) {
		long n = strtol(rule + 3, &end, 10);
		if (end != rule + 3) {
			snprintf(out, size, "bc-%ld%s", n + 20, end);
			return;
		}
	}
	snprintf(out, size, "%s", rule);
}

/* Whether a message of the square checks is about a unit type the ruleset
 * lacks (cited by units-rule) rather than one it knows (cited by the
 * type's own row). */
static bool names_unknown_type(const char *message)
{
	if (strstr(message, "does not know"))
		return true;
	const char *p = strstr(message, "which is not a ship of");
	const char *t = strstr(message, "has type '");
	if (!p || !t)
		return false;
	t += strlen("has type '");
	static const char *const known[] = { "infantry", "cavalry", "artillery", "general", "gunboat", "ironclad" };
	for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
		if (strncmp(t, known[k], strlen(known[k])) == 0 && t[strlen(known[k])] == '\'')
			return false;
	return true;
}

/* The square §11 topics the corpus reaches; each must be seen once. */
static const char *const SQ_TOPICS[] = {
	"board", "sides", "cities", "capitals", "ports", "naval", "units", "types", "cargo", "generals",
	"players", "victory", "ids",
};
#define SQ_TOPIC_COUNT (sizeof SQ_TOPICS / sizeof SQ_TOPICS[0])

typedef struct tally {
	size_t files, diagnostics, renumbered;
	bool seen[SQ_TOPIC_COUNT];
	bool hex_seen[5];    /* bc-20 sides, 21 board, 22 units, 26 terrain, 28.1 reserves */
} tally;

static void note(tally *t, const char *rule)
{
	for (size_t k = 0; k < SQ_TOPIC_COUNT; k++)
		if (strncmp(rule, "mb-12.", 6) == 0 && strcmp(rule + 6, SQ_TOPICS[k]) == 0)
			t->seen[k] = true;
	static const char *const hex[] = { "bc-20", "bc-21", "bc-22", "bc-26", "bc-28.1" };
	for (size_t k = 0; k < 5; k++)
		t->hex_seen[k] |= strcmp(rule, hex[k]) == 0;
}

/* One scenario under its ruleset and under the renumbering child. */
static void compare_one(validator *v, const char *name, const char *parent, const char *child, tally *t)
{
	char path[PATH_MAX + 300];
	snprintf(path, sizeof path, "%s/%s", golden_dir, name);
	size_t size;
	char *bytes = read_all(path, &size);
	char attr[64];
	snprintf(attr, sizeof attr, "ruleset=\"%s\"", parent);
	if (!strstr(bytes, attr)) {
		free(bytes);
		return;
	}
	char attr_child[64];
	snprintf(attr_child, sizeof attr_child, "ruleset=\"%s\"", child);
	diag_sink before, after;
	diag_sink_init(&before);
	diag_sink_init(&after);
	validator_check_memory(v, name, bytes, size, &before, NULL, NULL);
	swap_all(bytes, attr, attr_child);
	validator_check_memory(v, name, bytes, size, &after, NULL, NULL);

	if (before.count != after.count)
		fail_msg("%s: %zu diagnostics under %s, %zu under %s", name, before.count, parent, after.count, child);
	for (size_t i = 0; i < before.count; i++) {
		const diag *a = &before.items[i], *b = &after.items[i];
		char *message = strdup(b->message);
		assert_non_null(message);
		swap_all(message, child, parent);
		bool unknown_type = names_unknown_type(a->message);
		char want[64];
		renumbered(a->rule, unknown_type, want, sizeof want);
		if (a->line != b->line || a->column != b->column || a->severity != b->severity ||
			strcmp(a->message, message) != 0 || strcmp(b->rule, want) != 0)
			fail_msg("%s:%d:%d: [%s] %s\nunder %s: %d:%d: [%s] %s (expected [%s])", name, a->line, a->column,
				a->rule, a->message, child, b->line, b->column, b->rule, b->message, want);
		free(message);
		t->renumbered += strcmp(a->rule, b->rule) != 0;
		note(t, b->rule);
	}
	t->diagnostics += before.count;
	t->files++;
	diag_sink_finish(&before);
	diag_sink_finish(&after);
	free(bytes);
}

static void test_renumbered_sections(void **state)
{
	(void)state;
	fixture fx;
	fixture_make(&fx);
	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(fx.root, &sink);
	assert_non_null(v);

	struct dirent **names;
	int n = scandir(golden_dir, &names, NULL, alphasort);
	assert_true(n > 0);
	tally sq = { 0 }, hex = { 0 };
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		size_t len = strlen(name);
		if (len > 4 && strcmp(name + len - 4, ".xml") == 0) {
			compare_one(v, name, SQ_PARENT, SQ_CHILD, &sq);
			compare_one(v, name, HEX_PARENT, HEX_CHILD, &hex);
		}
		free(names[i]);
	}
	free(names);

	/* The corpus reaches every section the compiler cites. */
	assert_true(sq.files >= 20);
	assert_true(hex.files >= 20);
	for (size_t k = 0; k < SQ_TOPIC_COUNT; k++)
		if (!sq.seen[k])
			fail_msg("no square scenario of the corpus is reported under mb-12.%s", SQ_TOPICS[k]);
	for (size_t k = 0; k < 5; k++)
		assert_true(hex.hex_seen[k]);
	assert_true(sq.renumbered > 50);
	assert_true(hex.renumbered > 50);

	validator_destroy(v);
	diag_sink_finish(&sink);
	remove_dir(fx.root);
}

/* The sections the compiler cites are read from the bundled data; a
 * ruleset that leaves one out is refused by name. */
static void test_sections_are_required(void **state)
{
	(void)state;
	diag_sink sink;
	diag_sink_init(&sink);
	ruleset *mb = ruleset_load(data_dir(), SQ_PARENT, &sink);
	ruleset *bc = ruleset_load(data_dir(), "battlecry-150", &sink);
	assert_non_null(mb);
	assert_non_null(bc);
	assert_string_equal(mb->sides_rule, "11.sides");
	assert_string_equal(mb->units_rule, "11.units");
	assert_string_equal(mb->square.rules.cities, "11.cities");
	assert_string_equal(mb->square.rules.ports, "11.ports");
	assert_string_equal(mb->square.rules.roster, "11.generals");
	assert_string_equal(mb->square.rules.players, "11.players");
	/* inherited from battlecry-1999 */
	assert_string_equal(bc->sides_rule, "0");
	assert_string_equal(bc->units_rule, "2");
	ruleset_destroy(mb);
	ruleset_destroy(bc);
	diag_sink_finish(&sink);

	fixture fx;
	fixture_make(&fx);
	write_text(fx.rulesets, "bare-square.xml",
		"<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"bare-square\" grid=\"square\" rule-prefix=\"t\"/>\n");
	write_text(fx.rulesets, "bare-hex.xml",
		"<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"bare-hex\" grid=\"hex\" rule-prefix=\"t\"/>\n");
	static const char *const square_needs[] = {
		"lacks <ruleset sides-rule>", "lacks <ruleset units-rule>", "lacks <ruleset cities-rule>",
		"lacks <naval ports-rule>", "lacks <generals rule>", "lacks <square-players players-rule>",
	};
	diag_sink_init(&sink);
	assert_null(ruleset_load(fx.root, "bare-square", &sink));
	for (size_t k = 0; k < sizeof square_needs / sizeof square_needs[0]; k++)
		if (!sink_says(&sink, square_needs[k]))
			fail_msg("a square ruleset without its sections is not told it %s", square_needs[k]);
	diag_sink_finish(&sink);
	diag_sink_init(&sink);
	assert_null(ruleset_load(fx.root, "bare-hex", &sink));
	assert_true(sink_says(&sink, "lacks <ruleset sides-rule>"));
	assert_true(sink_says(&sink, "lacks <ruleset units-rule>"));
	/* the square game's sections are not asked of a hex ruleset */
	assert_false(sink_says(&sink, "cities-rule"));
	assert_false(sink_says(&sink, "players-rule"));
	diag_sink_finish(&sink);
	remove_dir(fx.root);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s GOLDEN_INVALID_DIR\n", argv[0]);
		return 2;
	}
	golden_dir = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_renumbered_sections),
		cmocka_unit_test(test_sections_are_required),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
