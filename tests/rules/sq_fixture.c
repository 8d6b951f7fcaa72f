#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "rules/square/sq_log.h"
#include "rules/square/sq_referee.h"
#include "sq_fixture.h"

static void renumber(char **section)
{
	assert_non_null(*section);
	assert_int_equal(strncmp(*section, "11.", 3), 0);
	char *moved = xasprintf("99.%s", *section + 3);
	free(*section);
	*section = moved;
}

void sq_fixture_renumber_rules(sq_fixture *f)
{
	/* Loaded for this fixture alone: changing it touches no other test. */
	ruleset *rs = (ruleset *)f->rs;
	renumber(&rs->board.rule);
	rs_square_rules *r = &rs->square.rules;
	char **all[] = { &r->ids, &r->turn, &r->retreat, &r->naval, &r->transport, &r->cargo, &r->capitals,
		&r->generals, &r->entrench, &r->victory };
	for (size_t k = 0; k < sizeof all / sizeof *all; k++)
		renumber(all[k]);
	for (size_t k = 0; k < rs->square.unit_count; k++)
		renumber(&rs->square.units[k].rule);
	for (size_t k = 0; k < rs->square.step_count; k++)
		renumber(&rs->square.steps[k].rule);
}

char *sq_fixture_read(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = xmalloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

void sq_fixture_load(sq_fixture *f, const char *file, const char *union_forces, const char *confederate_forces)
{
	const char *data = getenv("ORBAT_DATADIR");
	assert_non_null(data);
	char *path = xasprintf("%s/../scenarios/%s", data, file);
	char *xml = sq_fixture_read(path);
	free(path);
	if (union_forces) {
		char *start = strstr(xml, "<forces");
		assert_non_null(start);
		*start = '\0';
		char *whole = xasprintf("%s<forces side=\"union\" first=\"true\">%s</forces>\n"
					"<forces side=\"confederate\">%s</forces>\n</scenario>\n",
			xml, union_forces, confederate_forces ? confederate_forces : "");
		free(xml);
		xml = whole;
	}
	diag_sink_init(&f->sink);
	f->v = validator_create(data, &f->sink);
	assert_non_null(f->v);
	validate_status st = validator_check_memory(f->v, union_forces ? "test.xml" : file, xml, strlen(xml), &f->sink,
		&f->sc, &f->rs);
	if (st != VALIDATE_OK)
		diag_print_text(&f->sink, 0, f->sink.count, stderr);
	assert_int_equal(st, VALIDATE_OK);
	free(xml);
	f->pos = position_create(f->sc, f->rs);
	assert_non_null(f->pos);
	f->g = sq_game_create(f->pos);
	assert_non_null(f->g);
}

void sq_fixture_unload(sq_fixture *f)
{
	sq_game_destroy(f->g);
	position_destroy(f->pos);
	scenario_destroy(f->sc);
	validator_destroy(f->v);
	diag_sink_finish(&f->sink);
}

void sq_fixture_apply(sq_game *g, const char *const *lines)
{
	for (int i = 0; lines[i]; i++) {
		sq_action a;
		bool empty;
		rules_error err;
		assert_true(sqlog_parse_line(lines[i], i + 1, &a, &empty, &err));
		if (!sq_apply(g, &a, NULL, &err))
			fail_msg("'%s' refused: %s [%s]", lines[i], err.message, err.rule);
		sqlog_action_finish(&a);
	}
}
