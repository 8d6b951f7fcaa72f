/* orbat check FILE GAMELOG: replay a played game (docs/game-log.md) and
 * verify every action; stop at the first illegal one with
 * GAMELOG:LINE: error: MESSAGE [RULE].  GAMELOG - is standard input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/json.h"
#include "../rules/textboard.h"
#include "command.h"
#include "input.h"
#include "options.h"
#include "rules_cli.h"

static void check_help(FILE *out)
{
	fputs("Usage: orbat check [OPTIONS] FILE GAMELOG\n"
	      "\n"
	      "Replay the game log GAMELOG on the scenario FILE and check every action\n"
	      "against the rules; GAMELOG - reads the log from standard input (named\n"
	      "<stdin> in messages).  The format is described in game-log.md, installed\n"
	      "under share/doc/orbat.  Malformed lines are all reported; otherwise the\n"
	      "replay stops at the first illegal action:\n"
	      "  GAMELOG:LINE: error: MESSAGE [RULE]\n"
	      "('orbat explain RULE' tells what a rule says.)  A legal log ends with\n"
	      "the final position, the victory points and the winner (or 'no winner\n"
	      "yet' when the log stops before the end).  Hex rulesets only: the games\n"
	      "of mb-remastered cannot be checked yet.\n"
	      "\n"
	      "Options:\n"
	      "  --format text|json  text (default), or one JSON document on stdout: the\n"
	      "                      diagnostics as orbat validate gives them, or the\n"
	      "                      result\n"
	      "  -q, --quiet         no board and roster, only the result lines\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat check scenarios/shiloh.xml shiloh.log\n"
	      "  orbat check scenarios/shiloh.xml - < shiloh.log\n"
	      "\n"
	      "Exit status: 0 every action legal, 1 the scenario or the log is invalid\n"
	      "or an action is illegal, 2 usage error, unreadable file or a ruleset\n"
	      "whose games cannot be checked, 3 internal error or broken installation.\n", out);
}

/* The start of a unit's or a general's object, the i-th of its list: id,
 * side, type (units only) and where it stands (null once gone). */
static void json_piece(const game *g, size_t i, const char *id, int side, const char *type, bool alive, hex_coord at)
{
	char buf[HEX_ADDRESS_MAX];
	fprintf(stdout, "%s{\"id\":", i ? "," : "");
	json_write_string(stdout, id);
	fputs(",\"side\":", stdout);
	json_write_string(stdout, g->sides[side].id);
	if (type) {
		fputs(",\"type\":", stdout);
		json_write_string(stdout, type);
	}
	fputs(",\"at\":", stdout);
	if (alive)
		json_write_string(stdout, hex_format(at, buf));
	else
		fputs("null", stdout);
}

static void print_json_result(const referee *r, const char *log_path)
{
	const game *g = r->g;
	fputs("{\"file\":", stdout);
	json_write_string(stdout, log_path);
	fprintf(stdout, ",\"valid\":true,\"ruleset\":");
	json_write_string(stdout, g->rs->id);
	fprintf(stdout, ",\"turns\":%d,\"winner\":", r->turn);
	if (g->winner >= 0)
		json_write_string(stdout, g->sides[g->winner].id);
	else
		fputs("null", stdout);
	fprintf(stdout, ",\"winner_line\":%d,\"to_play\":", g->winner >= 0 ? r->winner_line : 0);
	if (g->winner < 0 && r->side >= 0)
		json_write_string(stdout, g->sides[r->side].id);
	else
		fputs("null", stdout);
	fputs(",\"sides\":[", stdout);
	for (int s = 0; s < GAME_SIDES; s++) {
		fprintf(stdout, "%s{\"id\":", s ? "," : "");
		json_write_string(stdout, g->sides[s].id);
		fprintf(stdout, ",\"score\":%d,\"flags\":%d,\"target\":%d}", game_score(g, s), g->sides[s].flags,
			g->sides[s].target);
	}
	fputs("],\"units\":[", stdout);
	for (size_t i = 0; i < g->unit_count; i++) {
		const game_unit *u = &g->units[i];
		json_piece(g, i, u->id, u->side, u->type->id, u->alive, u->at);
		fprintf(stdout, ",\"figures\":%d,\"alive\":%s", u->alive ? u->figures : 0, u->alive ? "true" : "false");
		/* §8.1: a reserve unit not arrived yet is absent, not destroyed. */
		char at[HEX_ADDRESS_MAX];
		if (u->reserve)
			fprintf(stdout, ",\"reserve\":true,\"entry\":\"%s\"", hex_format(u->entry, at));
		fputs("}", stdout);
	}
	fputs("],\"generals\":[", stdout);
	for (size_t i = 0; i < g->general_count; i++) {
		const game_general *gg = &g->generals[i];
		json_piece(g, i, gg->id, gg->side, NULL, gg->alive, gg->at);
		fprintf(stdout, ",\"alive\":%s}", gg->alive ? "true" : "false");
	}
	fputs("]}\n", stdout);
}

static void print_text_result(const referee *r, const char *log_path, bool quiet)
{
	const game *g = r->g;
	const char *points = g->gaps->saving_rolls ? "victory points" : "victory flags";
	if (!quiet) {
		char *board = textboard_board(g);
		char *roster = textboard_roster(g);
		fputs(board, stdout);
		fputc('\n', stdout);
		fputs(roster, stdout);
		fputc('\n', stdout);
		free(board);
		free(roster);
	}
	printf("%s: legal, %d %s (%s)\n", log_path, r->turn, r->turn == 1 ? "turn" : "turns", g->rs->id);
	for (int s = 0; s < GAME_SIDES; s++)
		printf("%s: %d of %d %s\n", g->sides[s].id, game_score(g, s), g->sides[s].target, points);
	if (g->winner >= 0)
		printf("Winner: %s (line %d)\n", g->sides[g->winner].id, r->winner_line);
	else
		printf("No winner yet: the log ends with %s to play.\n", r->side >= 0 ? g->sides[r->side].id : "nobody");
}

static int check_run(const options *o, command_no_args *a)
{
	(void)a;
	output_format format = (output_format)o->format;
	const char *log_path = o->operands[1];
	const char *log_name = input_is_stdin(log_path) ? "<stdin>" : log_path;
	rules_session s;
	int code = rules_session_open(&s, "check", o->operands[0], format);
	if (code != EXIT_VALID)
		return code;
	referee *r = NULL;
	code = rules_replay(&s, "check", log_path, format, &r);
	if (code == EXIT_VALID) {
		if (format == FORMAT_JSON)
			print_json_result(r, log_name);
		else
			print_text_result(r, log_name, o->quiet);
	}
	referee_destroy(r);
	rules_session_close(&s);
	return code;
}

COMMAND(check, "replay a game log and check every action against the rules", command_no_args,
	.common = OPTIONS_FORMAT | OPTIONS_QUIET,
	.operands = &(const options_operands){ 2, 2, "name a scenario file and a game log (or - for standard input)" });
