/* Benchmark figures of the rules engine (not a test; built on demand:
 * `ninja -C build tests/rules/bench_rules`):
 *
 *   bench_rules [SCENARIO GAMELOG]
 *
 * - all-pairs line of sight on the standard 13 x 9 board and on a 60 x 40
 *   table, about 20 % of the hexes blocking (fixed seed), with the first
 *   blocker only (as a battle asks) and with the full list of blockers
 *   (as `orbat ask los` answers);
 * - with a scenario and a game log: parsing and replaying the log (a new
 *   position and referee each round), in actions per second.
 * The repository has a long one: tests/rules/bench/ntz-big.xml and
 * ntz-big.log (a noord-zuid game of some 1500 actions on a 40 x 30 table).
 * Set ORBAT_DATADIR to the source data/ folder. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "rules/hex/hex_game.h"
#include "rules/hex/hex_log.h"
#include "rules/hex/los.h"
#include "rules/hex/hex_referee.h"
#include "validate/validate.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct field {
	hex_board board;
	bool *blocked;
} field;

static bool blocks(void *ctx, hex_coord h)
{
	const field *f = ctx;
	long idx = hex_index(&f->board, h);
	return idx >= 0 && f->blocked[idx];
}

static void field_init(field *f, int columns, int rows, bool short_rows, uint64_t seed)
{
	hex_board_init(&f->board, columns, rows, short_rows);
	size_t n = hex_count(&f->board);
	f->blocked = calloc(n, sizeof *f->blocked);
	uint64_t x = seed;
	for (size_t i = 0; i < n; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		f->blocked[i] = (x >> 33) % 100 < 20;
	}
}

/* All ordered pairs; returns seconds for one sweep (best of `rounds`). */
static double all_pairs(field *f, int rounds, bool lists, long *visible_out)
{
	size_t n = hex_count(&f->board);
	double best = 1e30;
	los_result r;
	los_result_init(&r);
	for (int k = 0; k < rounds; k++) {
		long visible = 0;
		double t0 = now();
		for (size_t i = 0; i < n; i++) {
			hex_coord a = hex_from_index(&f->board, i);
			for (size_t j = 0; j < n; j++)
				visible += los_check(&f->board, a, hex_from_index(&f->board, j), blocks, f, lists ? &r : NULL);
		}
		double t = now() - t0;
		if (t < best)
			best = t;
		*visible_out = visible;
	}
	los_result_finish(&r);
	return best;
}

static void bench_los(const char *name, int columns, int rows, bool short_rows, int rounds)
{
	field f;
	field_init(&f, columns, rows, short_rows, 20240601);
	size_t n = hex_count(&f.board);
	double pairs = (double)n * (double)n;
	long visible = 0;
	double fast = all_pairs(&f, rounds, false, &visible);
	double full = all_pairs(&f, rounds > 3 ? rounds / 3 : 1, true, &visible);
	printf("line of sight, %s (%zu hexes, %.0f ordered pairs, %.0f%% visible):\n", name, n, pairs,
		100.0 * (double)visible / pairs);
	printf("  first blocker only: %10.3f ms all pairs  (%.1f M lines/s)\n", fast * 1e3, pairs / fast / 1e6);
	printf("  full blocker list:  %10.3f ms all pairs  (%.1f M lines/s)\n", full * 1e3, pairs / full / 1e6);
	free(f.blocked);
}

static char *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	size_t n;
	while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 2)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	if (buf)
		buf[len] = '\0';
	*size = len;
	return buf;
}

static int bench_replay(const char *scenario_path, const char *log_path)
{
	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(datadir_get(), &sink);
	scenario *sc = NULL;
	const ruleset *rs = NULL;
	if (!v || validator_check_file(v, scenario_path, &sink, &sc, &rs) != VALIDATE_OK) {
		diag_print_text(&sink, 0, sink.count, stderr);
		fprintf(stderr, "bench_rules: cannot load %s (set ORBAT_DATADIR)\n", scenario_path);
		return 2;
	}
	size_t size = 0;
	char *text = read_all(log_path, &size);
	if (!text) {
		fprintf(stderr, "bench_rules: cannot read %s\n", log_path);
		return 2;
	}
	/* Parsing. */
	int rounds = 200;
	gl_log log;
	double t0 = now();
	size_t actions = 0;
	for (int k = 0; k < rounds; k++) {
		hexlog_init(&log);
		hexlog_parse(text, size, log_path, &log, &sink);
		actions = log.count;
		if (k + 1 < rounds)
			hexlog_finish(&log);
	}
	double parse = (now() - t0) / rounds;
	/* Replaying (a fresh position each round, as orbat check does). */
	t0 = now();
	int winner = -1;
	for (int k = 0; k < rounds; k++) {
		hex_game *g = hex_game_create(sc, rs);
		referee *r = referee_create(g);
		rules_error err;
		for (size_t i = 0; i < log.count; i++) {
			if (!referee_apply(r, &log.actions[i], &err)) {
				fprintf(stderr, "bench_rules: %s:%d: %s [%s]\n", log_path, log.actions[i].line, err.message, err.rule);
				return 1;
			}
		}
		winner = g->winner;
		referee_destroy(r);
		hex_game_destroy(g);
	}
	double replay = (now() - t0) / rounds;
	printf("game log %s: %zu actions, %zu bytes (winner: %s)\n", log_path, actions, size,
		winner >= 0 ? (winner == 0 ? "first side" : "second side") : "none");
	printf("  parse:  %8.3f ms per log  (%.0f actions/s)\n", parse * 1e3, (double)actions / parse);
	printf("  replay: %8.3f ms per log  (%.0f actions/s)\n", replay * 1e3, (double)actions / replay);
	printf("  both:   %8.0f actions/s\n", (double)actions / (parse + replay));
	hexlog_finish(&log);
	free(text);
	scenario_destroy(sc);
	validator_destroy(v);
	diag_sink_finish(&sink);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 1 && argc != 3) {
		fprintf(stderr, "usage: bench_rules [SCENARIO GAMELOG]\n");
		return 2;
	}
	bench_los("standard board 13 x 9", 13, 9, true, 30);
	bench_los("table 60 x 40", 60, 40, false, 1);
	if (argc == 3)
		return bench_replay(argv[1], argv[2]);
	return 0;
}
