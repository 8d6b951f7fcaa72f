/* What the tests of the game engines and the session share
 * (engine_fixture.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine_fixture.h"
#include "rules/players.h"

void load(loaded *l, const char *path)
{
	const char *data = getenv("ORBAT_DATADIR");
	assert_non_null(data);
	diag_sink_init(&l->sink);
	l->v = validator_create(data, &l->sink);
	assert_non_null(l->v);
	validate_status st = validator_check_file(l->v, path, &l->sink, &l->sc, &l->rs);
	if (st != VALIDATE_OK)
		diag_print_text(&l->sink, 0, l->sink.count, stderr);
	assert_int_equal(st, VALIDATE_OK);
}

void unload(loaded *l)
{
	scenario_destroy(l->sc);
	validator_destroy(l->v);
	diag_sink_finish(&l->sink);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **bundled_scenarios(size_t *count)
{
	const char *data = getenv("ORBAT_DATADIR");
	assert_non_null(data);
	char *dir = xasprintf("%s/../scenarios", data);
	DIR *d = opendir(dir);
	assert_non_null(d);
	char **paths = NULL;
	size_t capacity = 0;
	*count = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".xml") != 0)
			continue;
		grow_array((void **)&paths, &capacity, *count + 1, sizeof *paths);
		paths[(*count)++] = xasprintf("%s/%s", dir, e->d_name);
	}
	closedir(d);
	free(dir);
	if (*count)
		qsort(paths, *count, sizeof *paths, by_name);
	return paths;
}

char *state_text(game *g)
{
	const game_engine *e = g->impl;
	char *board = e->board_text(g), *roster = e->roster_text(g);
	game_result r;
	memset(&r, 0, sizeof r);
	e->result(g, &r);
	/* The simple player's next proposal reads what the text does not
	 * show (the hands, the deck, the steps owed). */
	char *proposal = xstrdup("-");
	if (!e->over(g) && e->to_play(g) >= 0) {
		player p;
		rules_error why;
		assert_true(player_open(&p, "simple", e->grid, -1, 0, &why));
		rng choices;
		rng_seed(&choices, 7);
		game_action *a = game_action_new(e);
		if (player_next(&p, g, &choices, a)) {
			free(proposal);
			proposal = e->format(a);
		}
		game_action_free(e, a);
		player_close(&p);
	}
	char *text = xasprintf("%s\n%s\nturn %d, to play %d, decider %d, over %d, start %d, winner %d, "
		"score %d-%d\nproposal %s\n", board, roster, e->turn(g), e->to_play(g), e->decider(g), e->over(g),
		e->at_turn_start(g), r.winner, r.score[0], r.score[1], proposal);
	free(board);
	free(roster);
	free(proposal);
	return text;
}

void assert_same_text(const char *a, const char *b)
{
	if (strcmp(a, b) == 0)
		return;
	/* The first line that differs: cmocka cuts long strings short. */
	size_t i = 0, line = 1;
	while (a[i] && a[i] == b[i])
		line += a[i++] == '\n';
	while (i > 0 && a[i - 1] != '\n')
		i--;
	fail_msg("the states differ from line %zu:\n%.200s\n----\n%.200s", line, a + i, b + i);
}

void assert_same_state(game *a, game *b)
{
	char *ta = state_text(a), *tb = state_text(b);
	assert_same_text(ta, tb);
	free(ta);
	free(tb);
}
