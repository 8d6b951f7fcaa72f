/* The game driver of the hex rulesets (game_driver.h): what a player
 * sees of a hex game -- the turn, the hand and the cards with their flanks
 * seen from the seat, the battle's notes, what is owed in the hex words,
 * the result, the help -- and the questions of orbat ask inside a game.
 * The game itself (the referee, the dice and cards, the automatic player,
 * the seats) is the library session's. */
#include "play_hex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/util.h"
#include "../rules/hex/hex_ask.h"
#include "../rules/session.h"
#include "../rules/hex/hex_referee.h"
#include "../rules/hex/hex_board.h"
#include "../rules/hex/hex_engine.h"
#include "../text/strings.h"
#include "command.h"
#include "game_flow.h"
#include "rules_cli.h"

struct game_run {
	game_session s;    /* the game (hex_engine.h); in play its start, the
	                    * dice and cards, the automatic player, the seats */
	hex_game *g;       /* the position of the game as it stands, */
	referee *r;        /* and its referee: read again by each hook (undo
	                    * replaces the session's game) */
	/* play only (the rest stays zero for check and ask): */
	bool quiet;
	lang_id lang;
	const string_table *strings;  /* the words of flanks and compass points (the run's context's) */
};

/* The position and referee of the session's game as it stands. */
static game_run *run_sync(game_run *run)
{
	run->g = hex_engine_position(run->s.game);
	run->r = hex_engine_referee(run->s.game);
	return run;
}

/* ---- names from the player's seat ---- */

/* "left flank (west)" for a section of the ruleset (index from the
 * seat's left) seen by `side`, in `lang`, in the words of data/i18n
 * ("flank-" + the section's id): for a side whose home edge is south the
 * left flank is the west of the map, for a side at the north it is the
 * east.  A section both seats name alike (the centre) needs no compass;
 * the others say which end of the board is meant, in the grid's own
 * names for its sections ("compass-" + "west"). */
static const char *seat_flank(game_run *run, lang_id lang, int side, int flank, char *buf, size_t size)
{
	const hex_game *g = run->r->g;
	int count = hex_game_section_count(g);
	char id[80];
	snprintf(id, sizeof id, "flank-%s", g->rs->sections[flank].id);
	const char *name = strings_get(run->strings, id, lang);
	if (flank == count - 1 - flank || side < 0) {
		snprintf(buf, size, "%s", name);
		return buf;
	}
	unsigned section = hex_game_flank_section(g, side, flank);
	const grid_ops *ops = grid_ops_of(g->rs->grid);
	int where = 0;
	while (where < ops->section_count && !(section & (1u << where)))
		where++;
	snprintf(id, sizeof id, "compass-%s", where < ops->section_count ? ops->section_names[where] : "?");
	snprintf(buf, size, "%s (%s)", name, strings_get(run->strings, id, lang));
	return buf;
}

/* One card: its log name, its printed name with the flank from the
 * seat of `side`, and its text in the player's language. */
static void print_card(game_run *run, int side, deck_card c)
{
	const ruleset *rs = run->r->g->rs;
	const rs_card *card = &rs->deck.cards[c.card];
	char name[80], flank[80];
	printf("  %-22s %s", deck_format(rs, c, name, sizeof name), l10n_get(&card->name, run->lang));
	if (c.flank != DECK_NO_FLANK)
		printf(", %s", seat_flank(run, run->lang, side, c.flank, flank, sizeof flank));
	/* The text with the card's numbers filled in from the ruleset. */
	char *text = ruleset_card_text(card, run->lang);
	if (text && *text)
		printf(": %s", text);
	free(text);
	printf("\n");
}

static void print_hand(game_run *run, int side, bool texts)
{
	const hex_game *g = run->r->g;
	const referee_hand *h = &run->r->hands[side];
	printf("Hand of %s:", g->sides[side].id);
	if (texts) {
		printf("\n");
		for (int i = 0; i < h->count; i++)
			print_card(run, side, h->cards[i]);
		return;
	}
	for (int i = 0; i < h->count; i++) {
		char name[80];
		printf(" %s", deck_format(g->rs, h->cards[i], name, sizeof name));
	}
	printf("\n");
}

/* card NAME: a copy of the deck (recon/left), or every copy of a card
 * (recon), seen from the seat of the side to play. */
static void print_card_named(game_run *run, const char *word)
{
	const ruleset *rs = run->r->g->rs;
	int side = run->r->side >= 0 ? run->r->side : 0;
	deck_card c;
	if (deck_parse(rs, word, &c)) {
		print_card(run, side, c);
		return;
	}
	bool found = false;
	for (int k = 0; k < deck_kinds(rs); k++) {
		deck_card kc = deck_kind_card(rs, k);
		if (strcasecmp(rs->deck.cards[kc.card].id, word) == 0) {
			print_card(run, side, kc);
			found = true;
		}
	}
	if (!found)
		printf("error: the deck of %s has no card '%s' (hand lists yours) [log]\n", rs->id, word);
}

static void print_turn(game_run *run)
{
	const referee *r = run_sync(run)->r;
	const hex_game *g = r->g;
	if (!run->quiet)
		game_put_text(hex_board_text(g));
	/* r->turn counts the turns begun: the one under way, or the next. */
	printf("Turn %d: %s to play (%s %d, %s %d of %d).\n", r->phase <= PHASE_START ? r->turn + 1 : r->turn, g->sides[r->side].id, g->sides[0].id,
		hex_game_score(g, 0), g->sides[1].id, hex_game_score(g, 1), g->sides[r->side].target);
	print_hand(run, r->side, false);
}

/* One thing the rules owe or allow now, in the words of a player's
 * seat: with seats the side asked answers in the other's turn (pass),
 * with --dice manual it types the faces. */
static void print_due(game_run *run, const game_due *d)
{
	const char *faces = run->s.manual ? " : FACE..." : "";
	const char *decline = run->s.seats ? "pass" : "go on";
	if (!d->step)
		printf("  %s%s\n", d->kind == GAME_DUE_OWED ? "owed: " : "", d->text);
	else if (strcmp(d->step, "stand") == 0)
		printf("  next: '%s' battles '%s': stand (or pass), or withdraw one hex toward its home edge before the "
			"roll (no defensive roll; the attacker gains no ground)\n", d->other, d->unit);
	else if (strcmp(d->step, "save") == 0)
		printf("  next: save %s%s (%d saving %s)\n", d->unit, faces, d->count, d->count == 1 ? "die" : "dice");
	else if (strcmp(d->step, "defend") == 0)
		printf("  may: defend %s%s (defensive roll), or %s\n", d->unit, run->s.manual ? " : FACE" : "", decline);
	else if (strcmp(d->step, "flagsave") == 0)
		printf("  may: flagsave %s%s (a saving die per flag), or %s\n", d->unit, faces, decline);
	else if (strcmp(d->step, "retreat") == 0)
		printf("  next: retreat %s HEX... (%d %s toward its home edge)\n", d->unit, d->count,
			d->count == 1 ? "hex" : "hexes");
	else if (strcmp(d->step, "gain") == 0)
		printf("  may: gain %s (take the ground), or go on\n", d->unit);
}

static void print_pending(game_run *run)
{
	game_due dues[GAME_DUES_MAX];
	size_t n = game_session_dues(&run->s, dues, GAME_DUES_MAX);
	for (size_t i = 0; i < n; i++)
		print_due(run, &dues[i]);
}

/* The score of each side, then the winner: as check ends (`check`, with
 * the line of the victory) or as play ends (with its turn). */
static void hex_print_result(game_run *run, bool check)
{
	const referee *r = run_sync(run)->r;
	const hex_game *g = r->g;
	const char *points = g->rs->battle.saving_rolls ? "victory points" : "victory flags";
	for (int s = 0; s < GAME_SIDES; s++)
		printf("%s: %d of %d %s\n", g->sides[s].id, hex_game_score(g, s), g->sides[s].target, points);
	/* A scenario's special rule that ended the game says why. */
	if (check && g->result[0])
		printf("%s%s (line %d): %s [%s]\n", g->drawn ? "Draw" : "Winner: ", g->drawn ? "" : g->sides[g->winner].id,
			r->winner_line, g->result, g->result_rule);
	else if (g->result[0] && g->drawn)
		printf("Draw on turn %d: %s [%s].\n", run->r->turn, g->result, g->result_rule);
	else if (g->result[0])
		printf("Victory: %s wins on turn %d: %s [%s].\n", g->sides[g->winner].id, run->r->turn, g->result,
			g->result_rule);
	else if (check && g->winner >= 0)
		printf("Winner: %s (line %d)\n", g->sides[g->winner].id, r->winner_line);
	else if (check)
		printf("No winner yet: the log ends with %s to play.\n", r->side >= 0 ? g->sides[r->side].id : "nobody");
	else if (g->winner >= 0)
		printf("Victory: %s wins on turn %d.\n", g->sides[g->winner].id, run->r->turn);
	else if (run->r->turn == 0)
		printf("The game stops before its first turn.\n");
	else   /* between turns (the next not begun) the last one is over */
		printf("The game stops %s turn %d without a winner.\n", run->r->phase <= PHASE_START ? "after" : "on",
			run->r->turn);
}

/* After an accepted action: the flank it orders, the battle's note, what
 * is owed, and the next turn after a draw. */
static void hex_acted(game_run *run, const game_action *action)
{
	const gl_action *a = (const gl_action *)action;
	referee *r = run_sync(run)->r;
	/* The flank a card orders, as the player sees it from his seat. */
	deck_card c;
	char words[80];
	if (a->kind == ACT_PLAY && a->card && deck_parse(r->g->rs, a->card, &c) && c.flank != DECK_NO_FLANK)
		printf("  %s: %s\n", a->card, seat_flank(run, LANG_EN, r->side, c.flank, words, sizeof words));
	else if (a->kind == ACT_PLAY && a->section) {
		hex_flank f = hex_game_flank_parse(r->g, a->section);
		if (f >= 0)
			printf("  %s: %s\n", a->section, seat_flank(run, LANG_EN, r->side, f, words, sizeof words));
	}
	if (r->battle.note[0] && (a->kind == ACT_BATTLE || a->kind == ACT_SAVE || a->kind == ACT_DEFEND ||
		a->kind == ACT_FLAGSAVE || a->kind == ACT_RETREAT || a->kind == ACT_GAIN || a->kind == ACT_PLAY ||
		a->kind == ACT_ARRIVE || a->kind == ACT_RALLY)) {
		printf("  %s\n", r->battle.note);
		r->battle.note[0] = '\0';
	}
	print_pending(run);
	if (r->phase == PHASE_START && a->kind == ACT_DRAW)
		print_turn(run);
}

static void hex_print_help(game_run *run)
{
	fputs("Actions, as lines of the game log (game-log.md) without the card drawn:\n"
	      "  play CARD [SECTION]     order REF...          move REF HEX... [alone]\n"
	      "  battle REF TARGET       save REF              defend REF\n"
	      "  flagsave REF            retreat REF HEX...    gain REF\n"
	      "  discard CARD            form, dissolve, mount, dismount, dig\n"
	      "  rally                   (after 'play rally': the roll; then\n"
	      "  rally REF...             one unit id for each figure returned)\n"
	      "  draw                    (ends the turn)\n"
	      "  stand, withdraw         with --computer, in noord-zuid: your unit the\n"
	      "                          computer battles stands, or withdraws one hex\n"
	      "                          before the roll\n", stdout);
	game_help_dice(run->s.manual, "  battle u1 c1 : inf flag sabres\n");
	fputs("Questions on the position (as orbat ask; FROM and TO are hexes or ids):\n"
	      "  los FROM TO             dice FROM TO\n"
	      "  moves FROM              retreat FROM FLAGS\n"
	      "  reinforcements SIDE     the reserve units left and where they arrive\n"
	      "  sharpshooter FROM       rally SIDE\n"
	      "Other commands:\n"
	      GAME_HELP_BOARD
	      "  hand                    the cards in hand, with their texts\n"
	      "  card NAME               the text of a card (recon/left, or recon)\n"
	      GAME_HELP_SHELL, stdout);
}

/* A question about nothing, as play says its errors. */
static void game_ask_said(void *ctx, const char *query, const rules_error *why)
{
	(void)ctx;
	printf("error: %s: %s [%s]\n", query, why->message, why->rule);
}

/* los, dice, moves, retreat on the position as it stands. */
static void game_ask(game_run *run, char *line)
{
	char *words[16];
	int n = 0;
	for (char *w = strtok(line, " \t"); w && n < 16; w = strtok(NULL, " \t"))
		words[n++] = w;
	int bad;
	rules_error why;
	game_questions *q = game_questions_read(&hex_engine, words, n, true, true, &bad, &why);
	if (q)
		game_questions_answer(run->s.game, q, false, stdout, game_ask_said, NULL);
	else
		printf("error: %s [%s]\n", why.message, why.rule);
	game_questions_free(q);
}

/* ---- the driver ---- */

static void hex_destroy(game_run *run)
{
	if (!run)
		return;
	game_session_close(&run->s);
	free(run);
}

static game_run *hex_open(rules_session *s, const char *cmd, const char *path, const game_play_opts *play,
	int *code)
{
	game_run *run = xcalloc(1, sizeof *run);
	if (!game_session_ready(&run->s, s->sc, s->rs, cmd, path, play, code)) {
		free(run);
		return NULL;
	}
	run_sync(run);
	if (play) {
		run->strings = strings_of(s->ctx, &s->sink);
		if (!run->strings) {
			*code = cli_data_broken(cmd, &s->sink);
			hex_destroy(run);
			return NULL;
		}
		run->quiet = play->quiet;
		run->lang = play->lang;
	}
	return run;
}

/* hand, card NAME, and the questions of orbat ask. */
static bool hex_command(game_run *run, char *line, const char *word)
{
	run_sync(run);
	if (strcmp(word, "hand") == 0) {
		print_hand(run, run->r->side, true);
		return true;
	}
	if (strcmp(word, "card") == 0) {
		char name[80] = "";
		if (sscanf(line, "%*s %79s", name) != 1)
			printf("error: card takes the name of a card, like recon/left [log]\n");
		else
			print_card_named(run, name);
		return true;
	}
	if (ask_is_query(word) && strcmp(word, "retreat") != 0 && strcmp(word, "rally") != 0) {
		game_ask(run, line);
		return true;
	}
	/* rally SIDE is the question; rally, rally : FACES and rally
	 * REF... the card's actions. */
	if (strcmp(word, "rally") == 0) {
		char w2[64] = "", w3[8] = "";
		if (sscanf(line, "%*s %63s %7s", w2, w3) == 1 && hex_game_side_index(run->g, w2) >= 0) {
			game_ask(run, line);
			return true;
		}
	}
	/* retreat REF FLAGS (a number last) is the question; retreat REF
	 * HEX... the action. */
	if (strcmp(word, "retreat") == 0) {
		char w2[64] = "", w3[64] = "", w4[8] = "";
		int n = sscanf(line, "%*s %63s %63s %7s", w2, w3, w4);
		if (n == 2 && w3[0] >= '0' && w3[0] <= '9') {
			game_ask(run, line);
			return true;
		}
	}
	return false;
}

static const char *hex_fixed_reason(const char *line)
{
	return strncmp(line, "draw", 4) == 0 ? "drew a card" : "rolled the dice";
}

static game_session *hex_session_of(game_run *run)
{
	return &run->s;
}

const game_driver play_hex_driver = {
	.session_of = hex_session_of,
	.open = hex_open,
	.destroy = hex_destroy,
	.print_result = hex_print_result,
	.acted = hex_acted,
	.print_turn = print_turn,
	.print_pending = print_pending,
	.print_help = hex_print_help,
	.command = hex_command,
	.fixed_reason = hex_fixed_reason,
	.undo_none = "nothing to undo since the cards were dealt",
};
