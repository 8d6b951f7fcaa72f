/* match_games: headless games of rules/match.h for the tests and for
 * measuring the speed of a match (not installed).
 *
 *   match_games SCENARIO FIRST_SEED LAST_SEED [-p PLAYER,PLAYER]
 *               [-t MAX_TURNS] [-l DIR]
 *
 * Plays one game per seed between the players named for the scenario's
 * two sides (default simple,simple) and prints one line per game: the
 * seed, how it ended, the winner, the turns, the score and the actions.
 * With -l each game's log goes to DIR/SEED.log, a log `orbat check`
 * accepts.  Exit 0 when every game was played to an end, 1 when a player
 * failed (a proposal refused, a player stuck), 2 on bad usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"
#include "rules/match.h"
#include "validate/validate.h"

static const char *const ENDS[] = { "won", "drawn", "turn-limit", "stuck", "refused", "failed" };

static void write_line(void *ctx, const char *line)
{
	fputs(line, ctx);
	fputc('\n', ctx);
}

static int usage(void)
{
	fputs("usage: match_games SCENARIO FIRST_SEED LAST_SEED [-p PLAYER,PLAYER] [-t MAX_TURNS] [-l DIR]\n", stderr);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return usage();
	const char *path = argv[1];
	unsigned long long first = strtoull(argv[2], NULL, 10), last = strtoull(argv[3], NULL, 10);
	char *players = NULL;
	long max_turns = 500;
	const char *log_dir = NULL;
	for (int i = 4; i < argc; i++) {
		if (i + 1 >= argc)
			return usage();
		if (strcmp(argv[i], "-p") == 0)
			players = argv[++i];
		else if (strcmp(argv[i], "-t") == 0)
			max_turns = strtol(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "-l") == 0)
			log_dir = argv[++i];
		else
			return usage();
	}
	match_opts o = { .max_turns = max_turns };
	if (players) {
		char *comma = strchr(players, ',');
		if (!comma)
			return usage();
		*comma = '\0';
		o.players[0] = players;
		o.players[1] = comma + 1;
	}
	const char *data = getenv("ORBAT_DATADIR");
	if (!data) {
		fputs("match_games: set ORBAT_DATADIR\n", stderr);
		return 2;
	}
	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(data, &sink);
	scenario *sc = NULL;
	const ruleset *rs = NULL;
	if (!v || validator_check_file(v, path, &sink, &sc, &rs) != VALIDATE_OK) {
		diag_print_text(&sink, 0, sink.count, stderr);
		fprintf(stderr, "match_games: %s is not a valid scenario\n", path);
		return 2;
	}
	rules_error why;
	rules_error_clear(&why);
	match *m = match_open(sc, rs, &why);
	if (!m || !match_players_ok(m, &o, &why)) {
		fprintf(stderr, "match_games: %s\n", why.message);
		return 2;
	}
	int code = 0;
	for (unsigned long long seed = first; seed <= last; seed++) {
		o.seed = seed;
		FILE *log = NULL;
		if (log_dir) {
			char *name = xasprintf("%s/%llu.log", log_dir, seed);
			log = fopen(name, "w");
			if (!log) {
				fprintf(stderr, "match_games: cannot write %s\n", name);
				return 2;
			}
			free(name);
			o.line = write_line;
			o.line_ctx = log;
		}
		match_result r;
		if (!match_play(m, &o, &r))
			code = 1;
		if (log)
			fclose(log);
		printf("seed %llu: %s, winner %s, %d turns, %d-%d of %d-%d, %ld actions", seed, ENDS[r.end],
			r.winner >= 0 ? match_side_id(m, r.winner) : "none", r.turns, r.score[0], r.score[1], r.target[0],
			r.target[1], r.actions);
		bool refused = r.end == MATCH_REFUSED;
		if (r.end >= MATCH_STUCK)
			printf(": %s%s%s [%s]", refused ? r.refused_action : "", refused ? ": " : "", r.error.message,
				r.error.rule);
		printf("\n");
	}
	match_close(m);
	scenario_destroy(sc);
	validator_destroy(v);
	diag_sink_finish(&sink);
	return code;
}
