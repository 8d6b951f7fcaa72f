/* strong_bench: how often one named player beats another, measured over
 * seeded headless games (rules/match.h) on each scenario given -- the
 * measure behind the claim that `strong` beats `simple` (not a test).
 *
 *   strong_bench [-g GAMES] [-p PLAYER,OPPONENT] [-s FIRST_SEED]
 *                [-t MAX_TURNS] [-m 1] [-G 1] [-P 1] SCENARIO...
 *
 * Game i of a scenario is played with seed FIRST_SEED + i; PLAYER takes
 * the scenario's first side in the even games and the second in the odd
 * ones, so each side's advantage counts equally.  With -P 1 the games
 * are paired: games 2k and 2k+1 play the same seed FIRST_SEED + k, once
 * from each seat, so the dice and cards of a seed favour neither player.  A draw, a turn-limit
 * game and a game a player broke (a refused proposal, a player stuck)
 * count as not won; broken games are also counted apart, as they are
 * bugs.  One row per scenario: games, PLAYER's wins, draws (with the turn
 * limit), losses, broken games, the win rate with its 95 % Wilson
 * interval, and the CPU milliseconds per turn of the whole game (both
 * players and the referee: a bound on either player's share).  With -m 1
 * also the longest turn, in CPU milliseconds from one draw to the next
 * (each action's line is then formatted to see where turns end, which
 * the time includes).
 * Exit 1 when a game broke, 2 on bad usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/diag.h"
#include "rules/balance.h"
#include "rules/hex/hex_game.h"
#include "rules/hex/hex_log.h"
#include "rules/match.h"
#include "rules/hex/hex_referee.h"
#include "validate/validate.h"

static int usage(void)
{
	fputs("usage: strong_bench [-g GAMES] [-p PLAYER,OPPONENT] [-s FIRST_SEED] [-t MAX_TURNS] [-m 1] [-G 1] [-P 1] SCENARIO...\n",
		stderr);
	return 2;
}

typedef struct tally {
	long games, won, drawn, lost, broken, turns;
	double cpu;
	double longest;   /* CPU seconds of the longest turn (-m) */
	/* -G, per player (0: PLAYER, 1: OPPONENT): lone generals lost,
	 * generals ordered. */
	long lone_lost[2], general_orders[2];
} tally;

/* The generals of a game watched line by line (-G): a referee of its own
 * judges each line again, so that who stood alone before an action and
 * who is gone after it are the engine's answers. */
typedef struct general_watch {
	hex_game *g;
	referee *r;
	int seat;         /* the side PLAYER holds */
	bool lost;        /* a line the shadow referee refused: stop counting */
	tally *t;
} general_watch;

static void watch_line(general_watch *w, const char *line)
{
	if (w->lost)
		return;
	gl_action a;
	bool empty;
	rules_error why;
	if (!hexlog_parse_line(line, 0, &a, &empty, &why)) {
		w->lost = true;
		return;
	}
	if (empty)
		return;
	hex_game *g = w->g;
	bool lone[64] = { false };
	size_t n = g->general_count < 64 ? g->general_count : 64;
	for (size_t i = 0; i < n; i++)
		lone[i] = g->generals[i].alive && hex_game_units_at(g, g->generals[i].at, g->generals[i].side, NULL, 0) == 0;
	if (a.kind == ACT_ORDER && w->r->side >= 0) {
		int player = w->r->side == w->seat ? 0 : 1;
		for (size_t k = 0; k < a.word_count; k++)
			w->t->general_orders[player] += hex_game_find_general(g, a.words[k]) >= 0;
	}
	if (!referee_apply(w->r, &a, &why))
		w->lost = true;
	hexlog_action_finish(&a);
	for (size_t i = 0; i < n; i++)
		if (lone[i] && !g->generals[i].alive)
			w->t->lone_lost[g->generals[i].side == w->seat ? 0 : 1]++;
}

/* The clock at the start of the turn under way, and the longest turn. */
typedef struct turn_clock {
	clock_t start;
	double *longest;
} turn_clock;

/* What each line of a game is read for: the turn's clock (-m), the
 * generals (-G). */
typedef struct line_readers {
	turn_clock *clock;
	general_watch *watch;
} line_readers;

/* A hex turn ends with its draw. */
static void turn_line(void *ctx, const char *line)
{
	line_readers *lr = ctx;
	if (lr->watch)
		watch_line(lr->watch, line);
	turn_clock *tc = lr->clock;
	if (!tc || strncmp(line, "draw ", 5) != 0)
		return;
	clock_t now = clock();
	double span = (double)(now - tc->start) / CLOCKS_PER_SEC;
	if (span > *tc->longest)
		*tc->longest = span;
	tc->start = now;
}

static bool bench_scenario(validator *v, diag_sink *sink, const char *path, const char *players[2], long games,
	unsigned long long first, long max_turns, bool longest, bool generals, bool paired, tally *t)
{
	scenario *sc = NULL;
	const ruleset *rs = NULL;
	memset(t, 0, sizeof *t);
	if (validator_check_file(v, path, sink, &sc, &rs) != VALIDATE_OK) {
		fprintf(stderr, "strong_bench: %s is not a valid scenario\n", path);
		return false;
	}
	rules_error why;
	rules_error_clear(&why);
	match *m = match_open(sc, rs, &why);
	match_opts o = { .max_turns = max_turns };
	o.players[0] = players[0];
	o.players[1] = players[1];
	if (!m || !match_players_ok(m, &o, &why)) {
		fprintf(stderr, "strong_bench: %s: %s\n", path, why.message);
		match_close(m);
		scenario_destroy(sc);
		return false;
	}
	for (long i = 0; i < games; i++) {
		int seat = (int)(i & 1);   /* the side PLAYER takes */
		o.seed = first + (unsigned long long)(paired ? i / 2 : i);
		o.players[seat] = players[0];
		o.players[1 - seat] = players[1];
		match_result r;
		clock_t start = clock();
		turn_clock tc = { start, &t->longest };
		general_watch gw = { NULL, NULL, seat, false, t };
		line_readers lr = { longest ? &tc : NULL, NULL };
		if (generals && (gw.g = hex_game_create(sc, rs)) != NULL) {
			gw.r = referee_create(gw.g);
			lr.watch = &gw;
		}
		if (lr.clock || lr.watch) {
			o.line = turn_line;
			o.line_ctx = &lr;
		}
		bool ok = match_play(m, &o, &r);
		if (gw.lost)
			fprintf(stderr, "strong_bench: %s seed %llu: the generals' count stopped at a line it could not judge\n",
				path, o.seed);
		referee_destroy(gw.r);
		hex_game_destroy(gw.g);
		t->cpu += (double)(clock() - start) / CLOCKS_PER_SEC;
		t->games++;
		t->turns += r.turns;
		if (!ok) {
			bool refused = r.end == MATCH_REFUSED;
			t->broken++;
			fprintf(stderr, "strong_bench: %s seed %llu: %s%s%s\n", path, o.seed,
				refused ? r.refused_action : "", refused ? ": " : "", r.error.message);
		} else if (r.winner == seat) {
			t->won++;
		} else if (r.winner == MATCH_NO_WINNER) {
			t->drawn++;
		} else {
			t->lost++;
		}
	}
	match_close(m);
	scenario_destroy(sc);
	return true;
}

int main(int argc, char **argv)
{
	long games = 400, max_turns = 500;
	bool longest = false, generals = false, paired = false;
	unsigned long long first = 1;
	char *pair = NULL;
	int i = 1;
	for (; i < argc && argv[i][0] == '-'; i += 2) {
		if (i + 1 >= argc)
			return usage();
		if (strcmp(argv[i], "-g") == 0)
			games = strtol(argv[i + 1], NULL, 10);
		else if (strcmp(argv[i], "-p") == 0)
			pair = argv[i + 1];
		else if (strcmp(argv[i], "-s") == 0)
			first = strtoull(argv[i + 1], NULL, 10);
		else if (strcmp(argv[i], "-t") == 0)
			max_turns = strtol(argv[i + 1], NULL, 10);
		else if (strcmp(argv[i], "-m") == 0)
			longest = strcmp(argv[i + 1], "0") != 0;
		else if (strcmp(argv[i], "-P") == 0)
			paired = strcmp(argv[i + 1], "0") != 0;
		else if (strcmp(argv[i], "-G") == 0)
			generals = strcmp(argv[i + 1], "0") != 0;
		else
			return usage();
	}
	if (i >= argc || games <= 0)
		return usage();
	const char *players[2] = { "strong", "simple" };
	if (pair) {
		char *comma = strchr(pair, ',');
		if (!comma)
			return usage();
		*comma = '\0';
		players[0] = pair;
		players[1] = comma + 1;
	}
	const char *data = getenv("ORBAT_DATADIR");
	if (!data) {
		fputs("strong_bench: set ORBAT_DATADIR\n", stderr);
		return 2;
	}
	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(data, &sink);
	if (!v) {
		diag_print_text(&sink, 0, sink.count, stderr);
		return 2;
	}
	printf("%s against %s, %ld games a scenario from seed %llu, sides swapped every game%s, turn limit %ld\n",
		players[0], players[1], games, first, paired ? " (each seed from both seats)" : "", max_turns);
	printf("%-22s %6s %6s %6s %6s %6s %7s  %-15s %9s%s\n", "scenario", "games", "won", "drawn", "lost", "broken",
		"win %", "95 % interval", "ms/turn", longest ? "  longest ms" : "");
	if (generals)
		printf("%-22s %s\n", "", "(-G: lone generals lost a game, generals ordered a game: PLAYER / OPPONENT)");
	int code = 0;
	for (; i < argc; i++) {
		tally t;
		if (!bench_scenario(v, &sink, argv[i], players, games, first, max_turns, longest, generals, paired, &t)) {
			code = 2;
			continue;
		}
		if (t.broken)
			code = code ? code : 1;
		const char *base = strrchr(argv[i], '/');
		balance_rate won = balance_wilson(t.won, t.games);
		printf("%-22.22s %6ld %6ld %6ld %6ld %6ld %6.1f%%  %5.1f%% - %5.1f%% %9.3f", base ? base + 1 : argv[i],
			t.games, t.won, t.drawn, t.lost, t.broken, 100.0 * won.rate, 100 * won.low, 100 * won.high,
			t.turns ? 1000.0 * t.cpu / (double)t.turns : 0.0);
		if (longest)
			printf(" %11.1f", 1000.0 * t.longest);
		if (generals)
			printf("  lone lost %.2f / %.2f  ordered %.2f / %.2f", (double)t.lone_lost[0] / (double)t.games,
				(double)t.lone_lost[1] / (double)t.games, (double)t.general_orders[0] / (double)t.games,
				(double)t.general_orders[1] / (double)t.games);
		printf("\n");
		fflush(stdout);
	}
	validator_destroy(v);
	diag_sink_finish(&sink);
	return code;
}
