#include "rules_fixture.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/datadir.h"

static const char *data_dir(void)
{
	const char *env = getenv("ORBAT_DATADIR");
	return env && *env ? env : datadir_get();
}

void fx_init(fixture *f)
{
	memset(f, 0, sizeof *f);
	diag_sink_init(&f->sink);
	f->v = validator_create(data_dir(), &f->sink);
	assert_non_null(f->v);
}

static void release(fixture *f)
{
	referee_destroy(f->ref);
	f->ref = NULL;
	hex_game_destroy(f->g);
	f->g = NULL;
	scenario_destroy(f->sc);
	f->sc = NULL;
}

void fx_finish(fixture *f)
{
	release(f);
	validator_destroy(f->v);
	diag_sink_finish(&f->sink);
}

typedef struct buf {
	char s[32768];
	size_t len;
} buf;

static void add(buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b->s + b->len, sizeof b->s - b->len, fmt, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t)n < sizeof b->s - b->len);
	b->len += (size_t)n;
}

static const char *type_name(const char *t)
{
	if (strcmp(t, "inf") == 0)
		return "infantry";
	if (strcmp(t, "cav") == 0)
		return "cavalry";
	if (strcmp(t, "art") == 0)
		return "artillery";
	return t;
}

/* One side's units and generals, then its reserve units ("ur", "cr"). */
static void side_body(buf *b, const char *units, char side)
{
	char copy[4096];
	snprintf(copy, sizeof copy, "%s", units ? units : "");
	int unit_no = 0, gen_no = 0, reserve_no = 0;
	buf *reserve = calloc(1, sizeof *reserve);
	assert_non_null(reserve);
	char *save = NULL;
	for (char *entry = strtok_r(copy, ";", &save); entry; entry = strtok_r(NULL, ";", &save)) {
		char *words[16];
		int n = 0;
		char *s2 = NULL;
		for (char *w = strtok_r(entry, " \t", &s2); w && n < 16; w = strtok_r(NULL, " \t", &s2))
			words[n++] = w;
		if (n < 3 || words[0][0] != side)
			continue;
		const char *type = words[1];
		bool general = strcmp(type, "gen") == 0;
		bool in_reserve = words[0][1] == 'r';
		char id[64];
		if (in_reserve)
			snprintf(id, sizeof id, "%cr%d", side, ++reserve_no);
		else if (general)
			snprintf(id, sizeof id, "%cg%d", side, ++gen_no);
		else
			snprintf(id, sizeof id, "%c%d", side, ++unit_no);
		char extra[512] = "";
		size_t el = 0;
		for (int i = 3; i < n; i++) {
			if (strncmp(words[i], "id=", 3) == 0)
				snprintf(id, sizeof id, "%s", words[i] + 3);
			else if (strchr(words[i], '=')) {
				char *eq = strchr(words[i], '=');
				el += (size_t)snprintf(extra + el, sizeof extra - el, " %.*s=\"%s\"", (int)(eq - words[i]),
					words[i], eq + 1);
			} else
				el += (size_t)snprintf(extra + el, sizeof extra - el, " figures=\"%s\"", words[i]);
		}
		if (in_reserve)
			add(reserve, "      <unit id=\"%s\" type=\"%s\" entry=\"%s\"%s/>\n", id, type_name(type), words[2], extra);
		else if (general)
			add(b, "    <general id=\"%s\" at=\"%s\"%s/>\n", id, words[2], extra);
		else
			add(b, "    <unit id=\"%s\" type=\"%s\" at=\"%s\"%s/>\n", id, type_name(type), words[2], extra);
	}
	if (reserve->len)
		add(b, "    <reserve>\n%s    </reserve>\n", reserve->s);
	free(reserve);
}

static const char *opt(const char *opts, const char *key, char *out, size_t size)
{
	if (!opts)
		return NULL;
	const char *p = strstr(opts, key);
	if (!p)
		return NULL;
	p += strlen(key);
	size_t n = strcspn(p, " ");
	snprintf(out, size, "%.*s", (int)n, p);
	return out;
}

hex_game *fx_game_opts(fixture *f, const char *ruleset_id, const char *terrain, const char *units, const char *opts)
{
	release(f);
	buf *b = calloc(1, sizeof *b);
	assert_non_null(b);
	char cols[300] = "13", rows[300] = "9", tmp[256];
	if (opt(opts, "cols=", tmp, sizeof tmp))
		snprintf(cols, sizeof cols, "%s", tmp);
	if (opt(opts, "rows=", tmp, sizeof tmp))
		snprintf(rows, sizeof rows, "%s", tmp);
	bool rect = opts && strstr(opts, "rect");
	char victory[300] = "9";
	if (opt(opts, "victory=", tmp, sizeof tmp))
		snprintf(victory, sizeof victory, "%s", tmp);
	char last_col[HEX_ADDRESS_MAX];
	hex_format((hex_coord){ atoi(cols) - 1, 0 }, last_col);
	last_col[strlen(last_col) - 1] = '\0';
	bool swapped = opts && strstr(opts, "homes=swapped");
	add(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	add(b, "<scenario xmlns=\"urn:orbat:scenario:1\" id=\"test\" ruleset=\"%s\">\n", ruleset_id);
	add(b, "  <title xml:lang=\"en\">Test</title><title xml:lang=\"nl\">Proef</title>"
		"<title xml:lang=\"fr\">Essai</title>\n");
	add(b, "  <board columns=\"%s\" rows=\"%s\"%s/>\n", cols, rows, rect ? " short-rows=\"none\"" : "");
	add(b, "  <terrain>\n");
	char tcopy[2048];
	snprintf(tcopy, sizeof tcopy, "%s", terrain ? terrain : "");
	char *save = NULL;
	for (char *w = strtok_r(tcopy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		char *colon = strchr(w, ':');
		assert_non_null(colon);
		*colon = '\0';
		bool fw = false;
		char *plus = strchr(w, '+');
		if (plus) {
			*plus = '\0';
			fw = true;
		}
		add(b, "    <hex at=\"%s\" type=\"%s\"%s/>\n", colon + 1, w, fw ? " fieldworks=\"true\"" : "");
	}
	add(b, "  </terrain>\n");
	add(b, "  <side id=\"union\" home=\"%s\" cards=\"4\" victory=\"%s\" first=\"true\">\n", swapped ? "north" : "south", victory);
	side_body(b, units, 'u');
	add(b, "  </side>\n");
	add(b, "  <side id=\"confederate\" home=\"%s\" cards=\"4\" victory=\"%s\">\n", swapped ? "south" : "north", victory);
	side_body(b, units, 'c');
	add(b, "  </side>\n");
	/* Brigades: brigade=ID:GENERAL:U,U (repeatable). */
	const char *p = opts;
	while (p && (p = strstr(p, "brigade=")) != NULL) {
		p += 8;
		char spec[256];
		size_t n = strcspn(p, " ");
		snprintf(spec, sizeof spec, "%.*s", (int)n, p);
		char *c1 = strchr(spec, ':');
		assert_non_null(c1);
		*c1 = '\0';
		char *c2 = strchr(c1 + 1, ':');
		assert_non_null(c2);
		*c2 = '\0';
		for (char *c = c2 + 1; *c; c++)
			if (*c == ',')
				*c = ' ';
		/* The brigade goes inside its general's side: patch it in. */
		char line[512];
		snprintf(line, sizeof line, "    <brigade id=\"%s\" general=\"%s\" units=\"%s\"/>\n  </side>\n", spec, c1 + 1, c2 + 1);
		const char *close = c1[1] == 'u' ? strstr(b->s, "  </side>\n") : strstr(strstr(b->s, "confederate"), "  </side>\n");
		size_t at = (size_t)(close - b->s);
		char rest[32768];
		snprintf(rest, sizeof rest, "%s", b->s + at + strlen("  </side>\n"));
		b->len = at;
		b->s[at] = '\0';
		add(b, "%s%s", line, rest);
		p += n;
	}
	/* The compiler wants a reachable victory target: an objective far away
	 * for each side (row 1 is never used by the tests' moves). */
	add(b, "  <objective at=\"%s1\" vp=\"9\" for=\"union\"><name xml:lang=\"en\">Far</name>"
		"<name xml:lang=\"nl\">Ver</name><name xml:lang=\"fr\">Loin</name></objective>\n", last_col);
	add(b, "  <objective at=\"%s1\" vp=\"9\" for=\"confederate\"><name xml:lang=\"en\">Far</name>"
		"<name xml:lang=\"nl\">Ver</name><name xml:lang=\"fr\">Loin</name></objective>\n", last_col);
	add(b, "</scenario>\n");
	diag_sink_clear(&f->sink);
	validate_status st = validator_check_memory(f->v, "fixture.xml", b->s, b->len, &f->sink, &f->sc, &f->rs);
	if (st != VALIDATE_OK) {
		diag_print_text(&f->sink, 0, f->sink.count, stderr);
		fprintf(stderr, "%s", b->s);
	}
	assert_int_equal(st, VALIDATE_OK);
	free(b);
	f->g = hex_game_create(f->sc, f->rs);
	assert_non_null(f->g);
	return f->g;
}

hex_game *fx_game(fixture *f, const char *ruleset_id, const char *terrain, const char *units)
{
	return fx_game_opts(f, ruleset_id, terrain, units, NULL);
}

hex_coord fx_hex(const char *address)
{
	hex_coord h;
	assert_true(hex_parse(address, &h));
	return h;
}

hex_ref fx_ref(const hex_game *g, const char *id)
{
	hex_ref r;
	assert_true(hex_game_resolve_ref(g, id, &r));
	return r;
}

int fx_play_hands(fixture *f, const char *union_hand, const char *confederate_hand, const char *lines,
	rules_error *err)
{
	if (!f->ref) {
		f->ref = referee_create(f->g);
		char hands[2][512];
		snprintf(hands[0], sizeof hands[0], "hand union %s", union_hand);
		snprintf(hands[1], sizeof hands[1], "hand confederate %s", confederate_hand);
		for (int i = 0; i < 2; i++) {
			gl_action a;
			bool empty;
			rules_error why;
			assert_true(hexlog_parse_line(hands[i], 0, &a, &empty, &why));
			bool ok = referee_apply(f->ref, &a, err);
			if (!ok)
				fprintf(stderr, "fixture hand: %s [%s]\n", err->message, err->rule);
			assert_true(ok);
			hexlog_action_finish(&a);
		}
	}
	char copy[8192];
	snprintf(copy, sizeof copy, "%s", lines);
	int n = 0;
	char *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		n++;
		gl_action a;
		bool empty;
		rules_error why;
		if (!hexlog_parse_line(line, n, &a, &empty, &why)) {
			fprintf(stderr, "fixture line '%s': %s\n", line, why.message);
			fail();
		}
		if (empty)
			continue;
		bool ok = referee_apply(f->ref, &a, err);
		hexlog_action_finish(&a);
		if (!ok)
			return n;
	}
	return 0;
}

int fx_play(fixture *f, const char *lines, rules_error *err)
{
	/* Whole hands of the cards the tests play. */
	return fx_play_hands(f, "assault/left assault/centre assault/right general-offensive",
		"assault/left assault/centre assault/right frontal", lines, err);
}

int fx_setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	fx_init(f);
	*state = f;
	return 0;
}

int fx_teardown(void **state)
{
	fixture *f = *state;
	fx_finish(f);
	free(f);
	return 0;
}
