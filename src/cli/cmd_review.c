/* orbat review FILE GAMELOG: the expert's review of a played game.  The
 * log is refereed as `check` does; at the start of each turn of the side
 * (or sides) reviewed the expert advises, the turn played and the
 * expert's are valued by the same simulations, and the turns where the
 * player's value falls much below the expert's are marked with the
 * expert's choice (rules/expert/expert_review.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/jsonout.h"
#include "../rules/expert/expert_review.h"
#include "../rules/session.h"
#include "command.h"
#include "game_flow.h"
#include "options.h"
#include "play_hint.h"
#include "rules_cli.h"

static void review_help(FILE *out)
{
	fputs("Usage: orbat review [OPTIONS] FILE GAMELOG\n"
	      "\n"
	      "Review a played game with the expert player: replay the game log GAMELOG\n"
	      "on the scenario FILE through the referee (as orbat check does), and at\n"
	      "the start of each turn of the side(s) reviewed ask the expert for its\n"
	      "turn, then value the turn the player played and the expert's by the\n"
	      "same simulations (the same deals, the same dice to start from).  The\n"
	      "player's turn is played in each simulation as its lines, in order,\n"
	      "where the referee takes them: the dice differ from the log's, so each\n"
	      "step is the first line not yet taken that the referee takes (a unit may\n"
	      "be gone), and the strong player's when it takes none (a retreat the log\n"
	      "did not owe).  A value is the expert's mean over the simulations: 100 %\n"
	      "won, 0 % lost, between them the flags or cities held and the strength\n"
	      "left.\n"
	      "\n"
	      "A turn is marked when the expert's value is 10 points or more above the\n"
	      "player's (about two flags of a six-flag game) and above it by more than\n"
	      "twice the standard error of the difference (the noise of a few\n"
	      "simulations marks no sound turn); a marked turn shows the expert's\n"
	      "choice, its dice assumed.  GAMELOG - reads standard input.\n"
	      "\n"
	      "Options:\n"
	      "  --side SIDE         review SIDE's turns (its id, as the board names it);\n"
	      "                      default both sides\n"
	      "  --think BUDGET      the expert's budget a turn: Nsims simulations (the\n"
	      "                      same review on any machine) or milliseconds\n"
	      "                      (default 60sims)\n"
	      "  --format text|json  text (default), or one JSON document on stdout\n"
	      "                      (game-log.md, \"orbat review --format json\")\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat review scenarios/shiloh.xml game.log\n"
	      "  orbat review --side union --think 200sims scenarios/shiloh.xml game.log\n"
	      "\n"
	      "Exit status: 0 the log was reviewed, 1 the scenario or the log is\n"
	      "invalid or an action is illegal, 2 usage error, unreadable file or a\n"
	      "ruleset whose games cannot be refereed, 3 internal error or broken\n"
	      "installation.\n", out);
}

typedef struct review_args {
	const char *side;
	const char *think;
} review_args;

/* The review as it goes: the turns printed (text) or gathered (JSON). */
typedef struct review_out {
	output_format format;
	json_t *turns;
	int reviewed, marked;
} review_out;

static json_t *lines_json(char *const *lines, size_t count)
{
	json_t *arr = json_array();
	for (size_t i = 0; i < count; i++)
		json_array_append_new(arr, jsonout_string(lines[i]));
	return arr;
}

static void print_lines(const char *label, char *const *lines, size_t count)
{
	printf("  %s:", label);
	for (size_t i = 0; i < count; i++)
		printf("%s %s", i ? ";" : "", lines[i]);
	printf("\n");
}

static void review_turn_out(void *ctx, game *start, const expert_review_turn *t)
{
	review_out *ro = ctx;
	const char *side = game_side_id(start, t->side);
	const expert_advice *adv = &t->advice;
	char **expert = malloc((adv->count ? adv->count : 1) * sizeof *expert);
	for (size_t i = 0; i < adv->count; i++)
		expert[i] = adv->lines[i].text;
	ro->reviewed++;
	ro->marked += t->marked;
	if (ro->format == FORMAT_JSON) {
		json_t *e = json_object();
		json_object_set_new(e, "value", jsonout_real(t->expert_value, 3));
		json_object_set_new(e, "wins", json_integer(t->expert_wins));
		json_object_set_new(e, "search_value", jsonout_real(adv->verdict.value, 3));
		json_object_set_new(e, "next", adv->count ? jsonout_string(expert[0]) : json_null());
		json_object_set_new(e, "lines", lines_json(expert, adv->count));
		json_object_set_new(e, "whole", json_boolean(adv->whole));
		json_t *o = json_object();
		json_object_set_new(o, "turn", json_integer(t->turn));
		json_object_set_new(o, "side", jsonout_string(side));
		json_object_set_new(o, "line", json_integer(t->line));
		json_object_set_new(o, "played", lines_json(t->played, t->played_count));
		json_object_set_new(o, "value", jsonout_real(t->played_value, 3));
		json_object_set_new(o, "wins", json_integer(t->played_wins));
		json_object_set_new(o, "expert", e);
		json_object_set_new(o, "error", jsonout_real(t->error, 3));
		json_object_set_new(o, "sims", json_integer(t->sims));
		json_object_set_new(o, "endgame", json_boolean(adv->endgame));
		json_object_set_new(o, "marked", json_boolean(t->marked));
		json_array_append_new(ro->turns, o);
	} else {
		printf("turn %d, %s (line %d): played %d %%, the expert %d %%%s\n", t->turn, side, t->line,
			expert_advice_percent(t->played_value), expert_advice_percent(t->expert_value),
			t->marked ? ": marked" : "");
		if (adv->endgame)
			printf("  one flag from the end: won in %ld of %ld as played, %ld of %ld as the expert plays\n",
				t->played_wins, t->sims, t->expert_wins, t->sims);
		if (t->marked) {
			print_lines("played", t->played, t->played_count);
			print_lines("the expert, its dice assumed", expert, adv->count);
		}
	}
	free(expert);
}

/* The side index of an id, GAME_NO_SIDE when none. */
static int side_named(game *g, const char *id)
{
	for (int s = 0; s < GAME_SIDE_COUNT; s++)
		if (strcmp(game_side_id(g, s), id) == 0)
			return s;
	return GAME_NO_SIDE;
}

static int review_log(const char *log_path, output_format format, const rules_session *s, game *g, int side,
	const expert_think *think)
{
	diag_sink sink;
	diag_sink_init(&sink);
	game_log log;
	const char *name;
	int code = rules_log_read("review", log_path, g->impl, &log, &sink, &name);
	review_out ro = { .format = format, .turns = json_array() };
	if (code == EXIT_VALID && format == FORMAT_TEXT)
		printf("%s: the expert's review of %s, %ld %s a turn; a turn is marked when the expert's value is "
			"%d points or more above the player's and by more than %g standard errors\n", name,
			side == GAME_NO_SIDE ? "both sides" : game_side_id(g, side), think->sims ? think->sims : think->ms,
			think->sims ? "simulations" : "ms", expert_advice_percent(EXPERT_REVIEW_GAP), EXPERT_REVIEW_ERRORS);
	rules_error err;
	int line = 0;
	if (code == EXIT_VALID && !expert_review_log(g, &log, side, think, review_turn_out, &ro, &err, &line)) {
		diag_add(&sink, name, line, 0, DIAG_ERROR, err.rule, "%s", err.message);
		code = EXIT_INVALID;
	} else if (code == EXIT_VALID && !game_log_finish(g, &log, &err, &line)) {
		diag_add(&sink, name, line, 0, DIAG_WARNING, err.rule, "%s", err.message);
		if (format == FORMAT_TEXT)
			diag_print_text(&sink, 0, sink.count, stderr);
	}
	game_log_free(&log);
	if (code == EXIT_INVALID)
		rules_print_diags(&sink, name, false, format);
	if (code == EXIT_VALID && format == FORMAT_JSON) {
		json_t *doc = json_object();
		json_object_set_new(doc, "file", jsonout_string(name));
		json_object_set_new(doc, "ruleset", jsonout_string(s->rs->id));
		json_object_set_new(doc, "side", side == GAME_NO_SIDE ? json_null() : jsonout_string(game_side_id(g, side)));
		json_object_set_new(doc, think->sims ? "sims" : "ms", json_integer(think->sims ? think->sims : think->ms));
		json_object_set_new(doc, "gap", jsonout_real(EXPERT_REVIEW_GAP, 2));
		json_object_set_new(doc, "errors", jsonout_real(EXPERT_REVIEW_ERRORS, 1));
		json_object_set_new(doc, "turns", ro.turns);
		ro.turns = NULL;
		json_object_set_new(doc, "reviewed", json_integer(ro.reviewed));
		json_object_set_new(doc, "marked", json_integer(ro.marked));
		jsonout_line(stdout, doc);
	} else if (code == EXIT_VALID) {
		printf("%s: %d %s reviewed, %d marked\n", name, ro.reviewed, ro.reviewed == 1 ? "turn" : "turns",
			ro.marked);
	}
	json_decref(ro.turns);
	diag_sink_finish(&sink);
	return code;
}

static int review_run(const options *o, review_args *a)
{
	output_format format = (output_format)o->format;
	expert_think think = { 0, PLAY_HINT_SIMS };
	if (a->think && !expert_think_parse(a->think, &think))
		return options_usage("review", "--think takes milliseconds (1000) or simulations (200sims) a turn, not "
			"'%s'", a->think);
	rules_session s;
	int code = rules_session_load(&s, "review", o->ctx, o->operands[0], format);
	const game_driver *d = NULL;
	game_run *run = NULL;
	if (code == EXIT_VALID)
		code = rules_session_run(&s, "review", o->operands[0], NULL, &d, &run);
	if (code != EXIT_VALID)
		return code;
	game *g = d->session_of(run)->game;
	int side = GAME_NO_SIDE;
	if (a->side && (side = side_named(g, a->side)) == GAME_NO_SIDE)
		code = options_usage("review", "--side takes a side of the scenario (%s, %s), not '%s'", game_side_id(g, 0),
			game_side_id(g, 1), a->side);
	else
		code = review_log(o->operands[1], format, &s, g, side, &think);
	d->destroy(run);
	rules_session_close(&s);
	return code;
}

COMMAND(review, "mark the turns of a played game much worse than the expert's own", review_args,
	.common = OPTIONS_FORMAT,
	.operands = &(const options_operands){ 2, 2, "name a scenario file and a game log (or - for standard input)" },
	.own = {
		{ "side", OPTIONS_STRING, offsetof(review_args, side), .what = "a side's id" },
		{ "think", OPTIONS_STRING, offsetof(review_args, think), .what = "milliseconds or Nsims" },
	});
