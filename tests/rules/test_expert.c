/* The expert player (rules/expert/): on every bundled scenario its short
 * seeded games against the grid's strongest other player (strong on the
 * hex grid, simple on the square one), on either side, end
 * without a refused or stuck proposal and replay line by line through the
 * referee as `orbat check` does; the same seed and simulation count play
 * the same game; its choices do not change when the hand it cannot see
 * (the other side's) is dealt otherwise; and --think's words are read.
 * Small simulation counts, no clock: EXPERT_SEEDS=N plays N seeds per
 * scenario and seat (default 2). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine_fixture.h"
#include "rules/expert/expert_player.h"
#include "rules/expert/expert_think.h"
#include "rules/hex/hex_engine.h"
#include "rules/hex/hex_referee.h"
#include "rules/match.h"
#include "rules/players.h"

#define DEFAULT_SEEDS 2
#define MAX_TURNS 8
#define SIMS 6

/* The lines of a game, kept to be replayed. */
typedef struct game_lines {
	char **lines;
	size_t count, capacity;
	uint64_t hash;
} game_lines;

static void keep_line(void *ctx, const char *line)
{
	game_lines *gl = ctx;
	grow_array((void **)&gl->lines, &gl->capacity, gl->count + 1, sizeof *gl->lines);
	gl->lines[gl->count++] = xstrdup(line);
	for (const char *p = line; *p; p++) {
		gl->hash ^= (unsigned char)*p;
		gl->hash *= 0x100000001b3ull;
	}
	gl->hash ^= '\n';
	gl->hash *= 0x100000001b3ull;
}

/* A match game with its lines kept in *gl: match_play's answer. */
static bool play_kept(match *m, match_opts *o, game_lines *gl, match_result *r)
{
	memset(gl, 0, sizeof *gl);
	gl->hash = 0xcbf29ce484222325ull;
	o->line = keep_line;
	o->line_ctx = gl;
	return match_play(m, o, r);
}

/* The bundled shiloh, loaded and, unless m is NULL, opened for matches
 * into *m. */
static void open_shiloh(loaded *l, match **m)
{
	char *path = xasprintf("%s/../scenarios/shiloh.xml", getenv("ORBAT_DATADIR"));
	load(l, path);
	free(path);
	if (!m)
		return;
	rules_error why;
	rules_error_clear(&why);
	*m = match_open(l->sc, l->rs, &why);
	assert_non_null(*m);
}

static void lines_free(game_lines *gl)
{
	for (size_t i = 0; i < gl->count; i++)
		free(gl->lines[i]);
	free(gl->lines);
	memset(gl, 0, sizeof *gl);
	gl->hash = 0xcbf29ce484222325ull;
}

static int seeds(void)
{
	const char *e = getenv("EXPERT_SEEDS");
	int n = e ? atoi(e) : DEFAULT_SEEDS;
	return n > 0 ? n : DEFAULT_SEEDS;
}

static void think_sims(long sims)
{
	expert_think t = { 0, sims };
	expert_think_set(&t);
}

/* Every line of the game applied as written to a fresh game: the log
 * `orbat check` would read. */
static void replay(const loaded *l, const game_lines *gl, const char *name, unsigned long long seed)
{
	const char *refusal = NULL;
	const game_engine *e = game_engine_of(l->rs, &refusal);
	assert_non_null(e);
	rules_error why;
	rules_error_clear(&why);
	game *g = game_open(e, l->sc, l->rs, &why);
	assert_non_null(g);
	for (size_t i = 0; i < gl->count; i++) {
		if (!game_apply_text(g, gl->lines[i], (int)i + 1, &why)) {
			fprintf(stderr, "%s seed %llu line %zu '%s': %s [%s]\n", name, seed, i + 1, gl->lines[i],
				why.message, why.rule);
			fail();
		}
	}
	assert_true(g->impl->finish(g, &why) || !game_over(g));
	game_destroy(g);
}

static void test_legal_everywhere(void **state)
{
	(void)state;
	think_sims(SIMS);
	size_t count = 0;
	char **paths = bundled_scenarios(&count);
	int hex = 0, square = 0;
	for (size_t k = 0; k < count; k++) {
		loaded l;
		load(&l, paths[k]);
		const char *name = strrchr(paths[k], '/') + 1;
		/* Against the grid's strongest other player: the square grid
		 * has no `strong`. */
		const char *other = l.rs->grid == GRID_HEX ? "strong" : "simple";
		hex += l.rs->grid == GRID_HEX;
		square += l.rs->grid == GRID_SQUARE;
		rules_error why;
		rules_error_clear(&why);
		match *m = match_open(l.sc, l.rs, &why);
		assert_non_null(m);
		for (int s = 1; s <= seeds(); s++)
			for (int seat = 0; seat < 2; seat++) {
				match_opts o = { .seed = (unsigned long long)(s * 7919), .max_turns = MAX_TURNS };
				o.players[seat] = "expert";
				o.players[1 - seat] = other;
				game_lines gl;
				match_result r;
				bool ok = play_kept(m, &o, &gl, &r);
				if (!ok)
					fprintf(stderr, "%s seed %llu: end %d: %s %s\n", name, o.seed, (int)r.end,
						r.error.message, r.refused_action);
				assert_true(ok);
				assert_true(r.actions > 0);
				replay(&l, &gl, name, o.seed);
				lines_free(&gl);
			}
		match_close(m);
		unload(&l);
	}
	str_free_words(paths, count);
	assert_true(hex >= 3);
	assert_true(square >= 2);
}

/* One game on shiloh between two players, hashed. */
static uint64_t shiloh_match(unsigned long long seed, const char *a, const char *b)
{
	loaded l;
	match *m;
	open_shiloh(&l, &m);
	match_opts o = { .seed = seed, .max_turns = 6, .players = { a, b } };
	game_lines gl;
	match_result r;
	bool ok = play_kept(m, &o, &gl, &r);
	if (!ok)
		fprintf(stderr, "shiloh seed %llu: end %d: %s %s\n", seed, (int)r.end, r.error.message, r.refused_action);
	assert_true(ok);
	uint64_t h = gl.hash;
	lines_free(&gl);
	match_close(m);
	unload(&l);
	return h;
}

/* One game of expert against itself on shiloh, hashed. */
static uint64_t shiloh_game(unsigned long long seed, long sims)
{
	think_sims(sims);
	return shiloh_match(seed, "expert", "expert");
}

/* A budget in the player's name is that player's own: two experts of
 * different budgets meet, and the program's budget does not move them. */
static void test_budget_in_name(void **state)
{
	(void)state;
	player p;
	rules_error why;
	assert_true(player_open(&p, "expert@3sims", GRID_HEX, 0, 0, &why));
	assert_string_equal(p.kind->name, "expert");
	player_close(&p);
	assert_false(player_open(&p, "strong@5", GRID_HEX, 0, 0, &why));
	assert_non_null(strstr(why.message, "takes no thinking budget"));
	assert_false(player_open(&p, "expert@soon", GRID_HEX, 0, 0, &why));
	assert_non_null(strstr(why.message, "is not a thinking budget"));
	assert_false(player_open(&p, "expert@", GRID_HEX, 0, 0, &why));
	think_sims(2);
	uint64_t mixed = shiloh_match(13, "expert@12sims", "expert@2sims");
	think_sims(30);
	assert_int_equal(shiloh_match(13, "expert@12sims", "expert@2sims"), mixed);
	/* The named budget is the one played: the same game as with the
	 * program's budget set to it on both sides. */
	uint64_t named = shiloh_match(13, "expert@40sims", "expert@40sims");
	assert_int_equal(shiloh_game(13, 40), named);
	/* and the one the search spends, whatever the program's. */
	think_sims(30);
	loaded l;
	open_shiloh(&l, NULL);
	const char *refusal = NULL;
	const game_engine *e = game_engine_of(l.rs, &refusal);
	rules_error_clear(&why);
	game *g = game_open(e, l.sc, l.rs, &why);
	assert_non_null(g);
	rng deal, choices;
	rng_seed(&deal, 13);
	rng_seed(&choices, 13);
	assert_true(game_deal_head(g, "shiloh", 13, &deal, NULL, NULL, &why));
	assert_true(player_open(&p, "expert@7sims", GRID_HEX, game_to_play(g), 0, &why));
	game_action *a = game_action_new(e);
	assert_true(player_next(&p, g, &choices, a));
	assert_int_equal(((const expert_player *)p.state)->last.sims, 7);
	player_reset(&p, 0);
	game_action_finish(e, a);
	memset(a, 0, e->action_size);
	assert_true(player_next(&p, g, &choices, a));
	assert_int_equal(((const expert_player *)p.state)->last.sims, 7);
	game_action_free(e, a);
	player_close(&p);
	game_destroy(g);
	unload(&l);
}

static void test_deterministic(void **state)
{
	(void)state;
	assert_int_equal(shiloh_game(11, 8), shiloh_game(11, 8));
	assert_int_equal(shiloh_game(12, 20), shiloh_game(12, 20));
	/* The seed matters. */
	assert_int_not_equal(shiloh_game(11, 8), shiloh_game(12, 8));
}

/* Deal the hand of `side` otherwise: each copy back to the draw pile and
 * another one, of another kind where the pile has one, taken out. */
static bool deal_otherwise(game *g, int side)
{
	referee *r = hex_engine_referee(g);
	referee_hand *h = &r->hands[side];
	bool changed = false;
	for (int i = 0; i < h->count; i++) {
		deck_card old = h->cards[i];
		int old_kind = deck_kind(r->pool.rs, old);
		for (int k = 0; k < r->pool.kinds; k++) {
			if (k == old_kind || r->pool.draw[k] == 0)
				continue;
			r->pool.draw[k]--;
			r->pool.draw[old_kind]++;
			h->cards[i] = deck_kind_card(r->pool.rs, k);
			changed = true;
			break;
		}
	}
	return changed;
}

static void test_hidden_hand(void **state)
{
	(void)state;
	think_sims(24);
	loaded l;
	open_shiloh(&l, NULL);
	for (unsigned long long seed = 1; seed <= 3; seed++) {
		const char *refusal = NULL;
		const game_engine *e = game_engine_of(l.rs, &refusal);
		rules_error why;
		rules_error_clear(&why);
		game *a = game_open(e, l.sc, l.rs, &why);
		assert_non_null(a);
		rng deal;
		rng_seed(&deal, seed);
		assert_true(game_deal_head(a, "shiloh", seed, &deal, NULL, NULL, &why));
		int me = game_to_play(a);
		game *b = game_clone(a);
		assert_true(deal_otherwise(b, 1 - me));
		/* The whole turn, step by step, with the same dice on both. */
		player pa, pb;
		assert_true(player_open(&pa, "expert", GRID_HEX, me, 0, &why));
		assert_true(player_open(&pb, "expert", GRID_HEX, me, 0, &why));
		rng ca, cb, da, db;
		rng_seed(&ca, seed ^ PLAYER_CHOICE_SALT);
		rng_seed(&cb, seed ^ PLAYER_CHOICE_SALT);
		rng_seed(&da, seed * 31);
		rng_seed(&db, seed * 31);
		game_action *xa = game_action_new(e), *xb = game_action_new(e);
		for (int n = 0; n < 60 && !game_over(a) && game_to_play(a) == me; n++) {
			assert_true(player_next(&pa, a, &ca, xa));
			assert_true(player_next(&pb, b, &cb, xb));
			char *la = e->format(xa), *lb = e->format(xb);
			assert_string_equal(la, lb);
			bool drew = strncmp(la, "draw", 4) == 0;
			free(la);
			free(lb);
			assert_true(game_act(a, &da, xa, &why));
			assert_true(game_act(b, &db, xb, &why));
			game_action_finish(e, xa);
			game_action_finish(e, xb);
			memset(xa, 0, e->action_size);
			memset(xb, 0, e->action_size);
			/* The card drawn comes from piles that differ. */
			if (drew)
				break;
		}
		game_action_free(e, xa);
		game_action_free(e, xb);
		player_close(&pa);
		player_close(&pb);
		game_destroy(a);
		game_destroy(b);
	}
	unload(&l);
}

static void test_think_words(void **state)
{
	(void)state;
	expert_think t;
	assert_true(expert_think_parse("1000", &t));
	assert_int_equal(t.ms, 1000);
	assert_int_equal(t.sims, 0);
	assert_true(expert_think_parse("250ms", &t));
	assert_int_equal(t.ms, 250);
	assert_true(expert_think_parse("200sims", &t));
	assert_int_equal(t.sims, 200);
	assert_int_equal(t.ms, 0);
	assert_false(expert_think_parse("0", &t));
	assert_false(expert_think_parse("-5", &t));
	assert_false(expert_think_parse("fast", &t));
	assert_false(expert_think_parse("10s", &t));
	assert_false(expert_think_parse("", &t));
	/* Not the default player: chosen only when named. */
	assert_string_equal(player_strongest(GRID_HEX), "strong");
	assert_non_null(player_kind_on(player_kind_find("expert"), GRID_HEX));
}

/* A long budget looks two turns further; short ones as before, so the
 * seeded games at small simulation counts stay what they were. */
static void test_think_turns(void **state)
{
	(void)state;
	assert_int_equal(expert_think_turns(&(expert_think){ 0, 200 }), 2);
	assert_int_equal(expert_think_turns(&(expert_think){ 0, 999 }), 2);
	assert_int_equal(expert_think_turns(&(expert_think){ 0, 1000 }), 4);
	assert_int_equal(expert_think_turns(&(expert_think){ 100, 0 }), 2);
	assert_int_equal(expert_think_turns(&(expert_think){ 499, 0 }), 2);
	assert_int_equal(expert_think_turns(&(expert_think){ 500, 0 }), 4);
	assert_int_equal(expert_think_turns(&(expert_think){ EXPERT_THINK_DEFAULT_MS, 0 }), 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_think_words),
		cmocka_unit_test(test_think_turns),
		cmocka_unit_test(test_hidden_hand),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_budget_in_name),
		cmocka_unit_test(test_legal_everywhere),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
