/* orbat play FILE [--seed N] [--log FILE]: solo play in the terminal.  It
 * deals the hands from the ruleset's deck, draws the board as text, reads
 * the actions of the game-log format on standard input (without dice
 * faces or the card drawn: it rolls and deals them with its own seeded
 * generator, unless --dice manual), refuses illegal actions with the
 * reason, answers the questions of orbat ask (ask.c), shows the cards,
 * takes back actions that rolled nothing, announces victory and writes
 * the game log as it goes, which `orbat check` accepts and --resume goes
 * on with. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "../base/datadir.h"
#include "../base/outdir.h"
#include "../base/util.h"
#include "../rules/ask.h"
#include "../rules/autoplay.h"
#include "../rules/rng.h"
#include "../rules/textboard.h"
#include "../text/strings.h"
#include "ask_print.h"
#include "command.h"
#include "options.h"
#include "rules_cli.h"

static void play_help(FILE *out)
{
	fputs("Usage: orbat play [OPTIONS] FILE\n"
	      "\n"
	      "Play a scenario solo: both sides at the keyboard (or piped in).  orbat\n"
	      "deals the cards, rolls the dice and referees every action.  Type the\n"
	      "actions of the game-log format (game-log.md, under share/doc/orbat)\n"
	      "without dice faces and without the card drawn, for example:\n"
	      "  play recon/left        order u-inf-1 u-cav-1     move u-cav-1 C5\n"
	      "  battle u-inf-1 c-inf-2 retreat c-inf-2 E2 E1     gain u-inf-1\n"
	      "  save c-inf-2           defend c-inf-2            draw\n"
	      "In the game, 'help' lists the other commands: the questions of orbat\n"
	      "ask (los, dice, moves, retreat, reinforcements, sharpshooter, rally),\n"
	      "hand, card, board, undo, auto, quit.\n"
	      "Every accepted action is written to the log at once.  Hex rulesets\n"
	      "only: the games of mb-remastered cannot be refereed yet.\n"
	      "\n"
	      "Options:\n"
	      "  --seed N        seed of the dice and the deck (default: from the clock,\n"
	      "                  printed and written into the log)\n"
	      "  --log FILE      write the game log to FILE as the game goes\n"
	      "  --resume LOG    go on with the game saved in LOG, with its seed; the\n"
	      "                  log goes on in LOG (or in --log FILE)\n"
	      "  --dice MODE     auto (orbat rolls, the default) or manual (you roll\n"
	      "                  your own dice and type the faces: battle u1 c1 : i f)\n"
	      "  --lang LANG     language of the card texts: en (default), nl or fr\n"
	      "  --auto          the computer plays both sides (a simple player)\n"
	      "  --max-turns N   with --auto, stop after N turns (default 500)\n"
	      "  -q, --quiet     print only the actions and the result, no board\n"
	      "  -h, --help      show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat play --seed 7 --log game.log scenarios/shiloh.xml\n"
	      "  orbat play --resume game.log scenarios/shiloh.xml\n"
	      "  orbat play --auto --seed 7 --log auto.log scenarios/shiloh.xml\n"
	      "\n"
	      "Exit status: 0 the game ended or the input did; 1 the scenario is\n"
	      "invalid, or the log to resume does not follow from its seed; 2 usage\n"
	      "error, the log cannot be read or written, or a ruleset whose games\n"
	      "cannot be refereed; 3 internal error or broken installation.\n", out);
}

typedef struct play_state {
	rules_session s;
	game *start;       /* the scenario's position before the head of the log: undo replays from it */
	referee *r;
	rng rnd;           /* the dice and the cards */
	rng arnd;          /* the automatic player's choices, a stream of their own: the
	                    * actions of an --auto game typed back in with the same seed
	                    * give the same dice and cards */
	autoplay ap;
	char **lines;
	size_t line_count, line_cap;
	size_t fixed;      /* lines before this index cannot be undone: the head, a roll, a draw */
	bool quiet;
	bool manual;       /* --dice manual: the player types the faces */
	bool replaying;    /* --resume: the saved actions are replayed without a word */
	lang_id lang;
	string_table *strings;  /* the words of flanks and compass points */
	const char *log_path;
	FILE *log;         /* appended and flushed at every accepted action */
	bool log_failed;
} play_state;

static void log_error(play_state *p, const char *what)
{
	if (!p->log_failed)
		fprintf(stderr, "orbat play: cannot write the game log %s: %s\n", p->log_path, what);
	p->log_failed = true;
}

/* A line of the log: kept for undo, and appended to the log file at once
 * (a crash or a quit loses nothing).  `undoable` false: a roll, a draw or
 * the head, which nothing may take back. */
static void emit(play_state *p, const char *line, bool undoable)
{
	grow_array((void **)&p->lines, &p->line_cap, p->line_count + 1, sizeof *p->lines);
	p->lines[p->line_count++] = xstrdup(line);
	if (!undoable)
		p->fixed = p->line_count;
	if (p->log && !p->log_failed && (fputs(line, p->log) == EOF || fputc('\n', p->log) == EOF ||
		fflush(p->log) != 0))
		log_error(p, strerror(errno));
}

static int roll_face(const game *g, rng *rnd)
{
	int total = 0;
	for (size_t i = 0; i < g->rs->face_count; i++)
		total += g->rs->faces[i].count;
	if (total <= 0)
		return 0;
	int n = (int)rng_below(rnd, (uint32_t)total);
	for (size_t i = 0; i < g->rs->face_count; i++) {
		if (n < g->rs->faces[i].count)
			return (int)i;
		n -= g->rs->faces[i].count;
	}
	return 0;
}

/* ---- names from the player's seat ---- */

/* "left flank (west)" for flank 0..2 seen by `side`, in `lang`, in the
 * words of data/i18n: for a side whose home edge is south the left flank
 * is the west of the map, for a side at the north it is the east.  The
 * centre is the centre from either seat. */
static const char *seat_flank(const play_state *p, lang_id lang, int side, int flank, char *buf, size_t size)
{
	static const char *const flank_ids[3] = { "flank-left", "flank-centre", "flank-right" };
	const char *name = strings_get(p->strings, flank_ids[flank], lang);
	if (flank == FLANK_CENTRE || side < 0) {
		snprintf(buf, size, "%s", name);
		return buf;
	}
	unsigned section = game_flank_section(p->r->g, side, (game_flank)flank);
	const char *compass = strings_get(p->strings, section == HEX_SECTION_WEST ? "compass-west" : "compass-east", lang);
	snprintf(buf, size, "%s (%s)", name, compass);
	return buf;
}

/* One card: its log name, its printed name with the flank from the
 * seat of `side`, and its text in the player's language. */
static void print_card(const play_state *p, int side, deck_card c)
{
	const ruleset *rs = p->r->g->rs;
	const rs_card *card = &rs->deck.cards[c.card];
	char name[80], flank[80];
	printf("  %-22s %s", deck_format(rs, c, name, sizeof name), l10n_get(&card->name, p->lang));
	if (c.flank != DECK_NO_FLANK)
		printf(", %s", seat_flank(p, p->lang, side, c.flank, flank, sizeof flank));
	/* The text with the card's numbers filled in from the ruleset. */
	char *text = ruleset_card_text(card, p->lang);
	if (text && *text)
		printf(": %s", text);
	free(text);
	printf("\n");
}

static void print_hand(const play_state *p, int side, bool texts)
{
	const game *g = p->r->g;
	const referee_hand *h = &p->r->hands[side];
	printf("Hand of %s:", g->sides[side].id);
	if (texts) {
		printf("\n");
		for (int i = 0; i < h->count; i++)
			print_card(p, side, h->cards[i]);
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
static void print_card_named(const play_state *p, const char *word)
{
	const ruleset *rs = p->r->g->rs;
	int side = p->r->side >= 0 ? p->r->side : 0;
	deck_card c;
	if (deck_parse(rs, word, &c)) {
		print_card(p, side, c);
		return;
	}
	bool found = false;
	for (int k = 0; k < deck_kinds(rs); k++) {
		deck_card kc = deck_kind_card(rs, k);
		if (strcasecmp(rs->deck.cards[kc.card].id, word) == 0) {
			print_card(p, side, kc);
			found = true;
		}
	}
	if (!found)
		printf("error: the deck of %s has no card '%s' (hand lists yours) [log]\n", rs->id, word);
}

static void print_turn(const play_state *p)
{
	const referee *r = p->r;
	const game *g = r->g;
	if (!p->quiet) {
		char *board = textboard_board(g);
		fputs(board, stdout);
		free(board);
	}
	/* r->turn counts the turns begun: the one under way, or the next. */
	printf("Turn %d: %s to play (%s %d, %s %d of %d).\n", r->phase <= PHASE_START ? r->turn + 1 : r->turn, g->sides[r->side].id, g->sides[0].id,
		game_score(g, 0), g->sides[1].id, game_score(g, 1), g->sides[r->side].target);
	print_hand(p, r->side, false);
}

static void print_pending(const play_state *p)
{
	const referee *r = p->r;
	const game *g = r->g;
	const referee_battle *b = &r->battle;
	char owed[600];
	bool required;
	/* What a special card still owes outside a battle (the unit short
	 * supply names, the arrivals of reinforcements, rally's roll and the
	 * units it serves: §8.1) is not a battle. */
	if (!b->active) {
		if (referee_owed(p->r, owed, sizeof owed, &required) && required)
			printf("  owed: %s\n", owed);
		return;
	}
	/* What a battle owes behind optional steps: said once, with them. */
	if (b->step != STEP_SAVE && b->step != STEP_RETREAT && referee_owed(p->r, owed, sizeof owed, &required) &&
		(required || b->step == STEP_FOLLOW)) {
		printf("  %s%s\n", required ? "owed: " : "", owed);
		return;
	}
	const char *t = game_ref_id(g, b->target), *w = game_ref_id(g, b->retreater);
	const char *faces = p->manual ? " : FACE..." : "";
	switch (b->step) {
	case STEP_SAVE:
		printf("  next: save %s%s (%d saving %s)\n", t, faces, b->count.savable, b->count.savable == 1 ? "die" : "dice");
		break;
	case STEP_DEFEND:
		printf("  may: defend %s%s (defensive roll), or go on\n", t, p->manual ? " : FACE" : "");
		break;
	case STEP_FLAGSAVE:
		printf("  may: flagsave %s%s (a saving die per flag), or go on\n", w, faces);
		break;
	case STEP_RETREAT:
		printf("  next: retreat %s HEX... (%d %s toward its home edge)\n", w, b->retreat_hexes,
			b->retreat_hexes == 1 ? "hex" : "hexes");
		break;
	case STEP_GAIN:
		printf("  may: gain %s (take the ground), or go on\n", g->units[b->attacker].id);
		break;
	default:
		break;
	}
}

static bool rolls_dice(const referee *r, const gl_action *a)
{
	gl_kind k = a->kind;
	/* §8.1: playing reinforcements rolls the card's dice (once the play
	 * is accepted, its faces say so); 'rally' is a roll without unit ids,
	 * the units after it are not. */
	if (k == ACT_PLAY)
		return a->faces_given || referee_play_rolls(r, a->card);
	return k == ACT_BATTLE || k == ACT_SAVE || k == ACT_DEFEND || k == ACT_FLAGSAVE ||
		(k == ACT_RALLY && a->word_count == 0);
}

/* Fill in what orbat play decides: the side, the dice, the card drawn.
 * False with the reason when the action cannot be completed. */
static bool complete(play_state *p, gl_action *a, bool automatic, rules_error *err)
{
	referee *r = p->r;
	const game *g = r->g;
	if (gamelog_is_head(a->kind))
		return rules_fail(err, RULES_ERROR_LOG_RULE, "orbat play writes the head of the log itself");
	if ((a->kind == ACT_PLAY || a->kind == ACT_DISCARD || a->kind == ACT_DRAW) && !a->side && r->side >= 0)
		a->side = xstrdup(g->sides[r->side].id);
	if (rolls_dice(r, a) && p->manual) {
		/* The player rolled his own dice: the referee checks the count
		 * and the faces when it applies the action. */
		if (!a->faces_given) {
			int n;
			if (!referee_dice_needed(r, a, &n, err))
				return false;
			char *text = gamelog_format(a);
			rules_fail(err, RULES_ERROR_LOG_RULE, "roll %d %s and type the faces: %s : FACE...", n,
				n == 1 ? "die" : "dice", text);
			free(text);
			return false;
		}
		/* "inf" and "s" are enough to type; the log gets the face ids. */
		for (size_t i = 0; i < a->face_count; i++) {
			int f = referee_face(g, a->faces[i]);
			if (f >= 0) {
				free(a->faces[i]);
				a->faces[i] = xstrdup(g->rs->faces[f].id);
			}
		}
	} else if (rolls_dice(r, a)) {
		if (a->faces_given && !automatic) {
			return rules_fail(err, RULES_ERROR_LOG_RULE,
				"orbat play rolls the dice itself: leave out ': FACES' (or play with --dice manual)");
		}
		int n;
		if (!referee_dice_needed(r, a, &n, err))
			return false;
		a->faces_given = true;
		a->face_count = (size_t)n;
		a->faces = xcalloc((size_t)n + 1, sizeof *a->faces);
		for (int i = 0; i < n; i++)
			a->faces[i] = xstrdup(g->rs->faces[roll_face(g, &p->rnd)].id);
	}
	if (a->kind == ACT_DRAW) {
		if (a->card && !automatic) {
			return rules_fail(err, RULES_ERROR_LOG_RULE, "orbat play deals the card itself: write 'draw'");
		}
		/* The card played goes to the discard pile first (§9 step 5). */
		deck_pool trial = r->pool;
		trial.draw = xmalloc(((size_t)r->pool.kinds + 1) * sizeof *trial.draw);
		trial.discard = xmalloc(((size_t)r->pool.kinds + 1) * sizeof *trial.discard);
		memcpy(trial.draw, r->pool.draw, (size_t)r->pool.kinds * sizeof *trial.draw);
		memcpy(trial.discard, r->pool.discard, (size_t)r->pool.kinds * sizeof *trial.discard);
		if (r->has_current)
			deck_pool_discard(&trial, r->current.played);
		deck_card c;
		bool ok = deck_pool_pick(&trial, &p->rnd, &c);
		free(trial.draw);
		free(trial.discard);
		if (!ok) {
			return rules_fail(err, RULES_ERROR_LOG_RULE, "the deck is empty");
		}
		char name[80];
		free(a->card);
		a->card = xstrdup(deck_format(g->rs, c, name, sizeof name));
	}
	return true;
}

static bool apply_header(play_state *p, const char *line)
{
	gl_action a;
	bool empty;
	rules_error why;
	rules_error err;
	if (!gamelog_parse_line(line, 0, &a, &empty, &why))
		return false;
	bool ok = referee_apply(p->r, &a, &err);
	if (!ok)
		fprintf(stderr, "orbat play: %s: %s [%s]\n", line, err.message, err.rule);
	gamelog_action_finish(&a);
	if (ok)
		emit(p, line, false);
	return ok;
}

static bool deal(play_state *p)
{
	game *g = p->r->g;
	char line[4096];
	if (g->first_side < 0) {
		/* §9 noord-zuid: both roll, the higher chooses; here the dice
		 * choose. */
		snprintf(line, sizeof line, "first %s", g->sides[rng_below(&p->rnd, 2)].id);
		if (!apply_header(p, line))
			return false;
	}
	deck_pool trial = p->r->pool;
	trial.draw = xmalloc(((size_t)trial.kinds + 1) * sizeof *trial.draw);
	trial.discard = xmalloc(((size_t)trial.kinds + 1) * sizeof *trial.discard);
	memcpy(trial.draw, p->r->pool.draw, (size_t)trial.kinds * sizeof *trial.draw);
	memcpy(trial.discard, p->r->pool.discard, (size_t)trial.kinds * sizeof *trial.discard);
	bool ok = true;
	for (int s = 0; s < GAME_SIDES && ok; s++) {
		size_t len = (size_t)snprintf(line, sizeof line, "hand %s", g->sides[s].id);
		for (int i = 0; i < g->sides[s].hand_size && ok; i++) {
			deck_card c;
			ok = deck_pool_pick(&trial, &p->rnd, &c) && deck_pool_take(&trial, c);
			char name[80];
			if (ok && len < sizeof line - 100)
				len += (size_t)snprintf(line + len, sizeof line - len, " %s", deck_format(g->rs, c, name, sizeof name));
		}
		ok = ok && apply_header(p, line);
	}
	free(trial.draw);
	free(trial.discard);
	return ok;
}

/* The whole log, under a temporary name renamed into place when whole
 * (a full disk or a killed run never leaves half a log), then reopened
 * for appending: at the start, at a resume, after an undo. */
static bool log_rewrite(play_state *p)
{
	if (!p->log_path || p->log_failed)
		return !p->log_failed;
	if (p->log) {
		fclose(p->log);
		p->log = NULL;
	}
	char *error = NULL;
	outfile *f = outfile_create(p->log_path, &error);
	for (size_t i = 0; f && i < p->line_count; i++)
		if (!outfile_puts(f, p->lines[i]) || !outfile_puts(f, "\n"))
			break;
	if (!f || !outfile_finish(f, true, &error)) {
		fprintf(stderr, "orbat play: %s\n", error);
		free(error);
		p->log_failed = true;
		return false;
	}
	p->log = fopen(p->log_path, "a");
	if (!p->log) {
		log_error(p, strerror(errno));
		return false;
	}
	return true;
}

static void print_result(const play_state *p)
{
	const game *g = p->r->g;
	const char *points = g->gaps->saving_rolls ? "victory points" : "victory flags";
	for (int s = 0; s < GAME_SIDES; s++)
		printf("%s: %d of %d %s\n", g->sides[s].id, game_score(g, s), g->sides[s].target, points);
	if (g->winner >= 0)
		printf("Victory: %s wins on turn %d.\n", g->sides[g->winner].id, p->r->turn);
	else if (p->r->turn == 0)
		printf("The game stops before its first turn.\n");
	else   /* between turns (the next not begun) the last one is over */
		printf("The game stops %s turn %d without a winner.\n", p->r->phase <= PHASE_START ? "after" : "on",
			p->r->turn);
}

/* One action: complete, apply, record.  Returns false when refused. */
static bool take(play_state *p, gl_action *a, bool automatic)
{
	referee *r = p->r;
	rules_error err;
	/* A refused action rolls and deals nothing: a draw refused (a card
	 * still owes something) must not move the dice and deck on, or the
	 * log would not replay from its seed. */
	rng before = p->rnd;
	if (!complete(p, a, automatic, &err) || !referee_apply(r, a, &err)) {
		p->rnd = before;
		if (!p->replaying)
			printf("refused: %s [%s]\n", err.message, err.rule);
		return false;
	}
	char *line = gamelog_format(a);
	emit(p, line, !rolls_dice(r, a) && a->kind != ACT_DRAW);
	if (!p->replaying) {
		printf("%s %s\n", automatic ? "auto:" : "ok:", line);
		/* The flank a card orders, as the player sees it from his seat. */
		deck_card c;
		char words[80];
		if (a->kind == ACT_PLAY && a->card && deck_parse(r->g->rs, a->card, &c) && c.flank != DECK_NO_FLANK)
			printf("  %s: %s\n", a->card, seat_flank(p, LANG_EN, r->side, c.flank, words, sizeof words));
		else if (a->kind == ACT_PLAY && a->section) {
			int f = strcmp(a->section, "left") == 0 ? FLANK_LEFT : strcmp(a->section, "right") == 0 ? FLANK_RIGHT :
				FLANK_CENTRE;
			printf("  %s: %s\n", a->section, seat_flank(p, LANG_EN, r->side, f, words, sizeof words));
		}
	}
	free(line);
	if (r->battle.note[0] && (a->kind == ACT_BATTLE || a->kind == ACT_SAVE || a->kind == ACT_DEFEND ||
		a->kind == ACT_FLAGSAVE || a->kind == ACT_RETREAT || a->kind == ACT_GAIN || a->kind == ACT_PLAY ||
		a->kind == ACT_ARRIVE || a->kind == ACT_RALLY)) {
		if (!p->replaying)
			printf("  %s\n", r->battle.note);
		r->battle.note[0] = '\0';
	}
	if (p->replaying)
		return true;
	print_pending(p);
	if (r->phase == PHASE_START && a->kind == ACT_DRAW)
		print_turn(p);
	return true;
}

/* The position the lines lead to, replayed from the scenario's start. */
static bool rebuild(play_state *p, size_t count)
{
	game *g = game_clone(p->start);
	referee *r = referee_create(g);
	bool ok = true;
	for (size_t i = 0; i < count && ok; i++) {
		gl_action a;
		bool empty;
		rules_error why;
		rules_error err;
		if (!gamelog_parse_line(p->lines[i], (int)i + 1, &a, &empty, &why)) {
			ok = false;
			continue;
		}
		if (!empty && a.kind != ACT_FORMAT)
			ok = referee_apply(r, &a, &err);
		gamelog_action_finish(&a);
	}
	if (!ok) {
		referee_destroy(r);
		game_destroy(g);
		return false;
	}
	referee_destroy(p->r);
	game_destroy(p->s.g);
	p->s.g = g;
	p->r = r;
	return true;
}

/* undo: take back the last action, unless it rolled dice or drew a card
 * (the dice and the deck do not forget). */
static void undo(play_state *p)
{
	if (p->line_count <= p->fixed) {
		const char *last = p->line_count ? p->lines[p->line_count - 1] : "";
		gl_action a;
		bool empty;
		rules_error why;
		bool head = !gamelog_parse_line(last, 0, &a, &empty, &why) || empty || a.kind < ACT_PLAY;
		if (!head)
			gamelog_action_finish(&a);
		if (head)
			printf("refused: nothing to undo since the cards were dealt [log]\n");
		else
			printf("refused: '%s' %s: it stands, and what came before it too [log]\n", last,
				strncmp(last, "draw", 4) == 0 ? "drew a card" : "rolled the dice");
		return;
	}
	char *last = p->lines[p->line_count - 1];
	if (!rebuild(p, p->line_count - 1)) {
		printf("refused: the position before '%s' cannot be rebuilt [log]\n", last);
		return;
	}
	p->line_count--;
	autoplay_init(&p->ap);
	printf("undone: %s\n", last);
	free(last);
	log_rewrite(p);
	print_pending(p);
}

static void game_help(const play_state *p)
{
	fputs("Actions, as lines of the game log (game-log.md) without the card drawn:\n"
	      "  play CARD [SECTION]     order REF...          move REF HEX... [alone]\n"
	      "  battle REF TARGET       save REF              defend REF\n"
	      "  flagsave REF            retreat REF HEX...    gain REF\n"
	      "  discard CARD            form, dissolve, mount, dismount, dig\n"
	      "  rally                   (after 'play rally': the roll; then\n"
	      "  rally REF...             one unit id for each figure returned)\n"
	      "  draw                    (ends the turn)\n", stdout);
	if (p->manual)
		fputs("With --dice manual, roll your own dice and type their faces after ':'\n"
		      "  battle u1 c1 : inf flag sabres\n", stdout);
	else
		fputs("orbat play rolls the dice: leave out ': FACES'.\n", stdout);
	fputs("Questions on the position (as orbat ask; FROM and TO are hexes or ids):\n"
	      "  los FROM TO             dice FROM TO\n"
	      "  moves FROM              retreat FROM FLAGS\n"
	      "  reinforcements SIDE     the reserve units left and where they arrive\n"
	      "  sharpshooter FROM       rally SIDE\n"
	      "Other commands:\n"
	      "  board                   the board and the units left\n"
	      "  hand                    the cards in hand, with their texts\n"
	      "  card NAME               the text of a card (recon/left, or recon)\n"
	      "  undo                    take back the last action that rolled no dice\n"
	      "                          and drew no card\n"
	      "  auto                    the computer plays the rest of the turn\n"
	      "  help                    this list\n"
	      "  quit                    stop; the log keeps every action, and\n"
	      "                          orbat play FILE --resume LOG goes on\n", stdout);
}

/* los, dice, moves, retreat on the position as it stands. */
static void game_ask(const play_state *p, char *line)
{
	char *words[16];
	int n = 0;
	for (char *w = strtok(line, " \t"); w && n < 16; w = strtok(NULL, " \t"))
		words[n++] = w;
	ask_query q;
	rules_error why;
	int took = ask_parse(words, n, &q, &why);
	if (took == 0) {
		printf("error: %s [%s]\n", why.message, why.rule);
		return;
	}
	if (took < n) {
		printf("error: one question a line; '%s' is one word too many [log]\n", words[took]);
		return;
	}
	ask_result answer;
	if (ask_answer(p->r->g, &q, &answer))
		ask_print(p->r->g, &answer, false, stdout);
	else
		printf("error: %s: %s [%s]\n", answer.label, answer.error.message, answer.error.rule);
	ask_result_free(&answer);
}

/* ---- reading the player's lines ---- */

#ifdef ORBAT_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

/* One line without its end; NULL at the end of the input.  At a terminal
 * with libedit: line editing and a history of the session. */
static char *read_line(const char *prompt, bool tty, char **buf, size_t *cap)
{
#ifdef ORBAT_HAVE_LIBEDIT
	if (tty) {
		char *got = readline(prompt);
		if (!got)
			return NULL;
		if (*got)
			add_history(got);
		free(*buf);
		*buf = got;
		*cap = strlen(got) + 1;
		return got;
	}
#endif
	fputs(prompt, stdout);
	fflush(stdout);
	ssize_t got = getline(buf, cap, stdin);
	if (got < 0)
		return NULL;
	while (got > 0 && ((*buf)[got - 1] == '\n' || (*buf)[got - 1] == '\r'))
		(*buf)[--got] = '\0';
	/* Piped input: echo it, so the transcript reads like a session. */
	if (!tty)
		printf("%s\n", *buf);
	return *buf;
}

/* ---- resume ---- */

typedef struct saved_log {
	char **lines;
	size_t count, cap;
	unsigned long long seed;
	bool has_seed;
	bool manual;
} saved_log;

static void saved_free(saved_log *sl)
{
	for (size_t i = 0; i < sl->count; i++)
		free(sl->lines[i]);
	free(sl->lines);
}

/* Read a log written by orbat play: its lines, the seed, the dice mode
 * (its first comment). */
static int saved_read(saved_log *sl, const char *path)
{
	memset(sl, 0, sizeof *sl);
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "orbat play: cannot read %s: %s\n", path, strerror(errno));
		return EXIT_USAGE;
	}
	char *buf = NULL;
	size_t cap = 0;
	ssize_t got;
	while ((got = getline(&buf, &cap, f)) >= 0) {
		while (got > 0 && (buf[got - 1] == '\n' || buf[got - 1] == '\r'))
			buf[--got] = '\0';
		grow_array((void **)&sl->lines, &sl->cap, sl->count + 1, sizeof *sl->lines);
		sl->lines[sl->count++] = xstrdup(buf);
		gl_action a;
		bool empty;
		rules_error why;
		if (sl->count == 1 && strncmp(buf, "# orbat play ", 13) == 0 && strstr(buf, ", dice manual"))
			sl->manual = true;
		if (gamelog_parse_line(buf, (int)sl->count, &a, &empty, &why)) {
			if (!empty && a.kind == ACT_SEED && !sl->has_seed) {
				sl->seed = a.number;
				sl->has_seed = true;
			}
			gamelog_action_finish(&a);
		}
	}
	free(buf);
	fclose(f);
	if (!sl->has_seed) {
		fprintf(stderr, "orbat play: %s has no 'seed' line: only a log written by orbat play can be resumed\n", path);
		return EXIT_INVALID;
	}
	return EXIT_VALID;
}

/* Replay the actions of a saved log: each is completed with the same seed
 * and must come out as it was saved (same dice, same card drawn). */
static int resume_replay(play_state *p, const saved_log *sl, const char *path)
{
	size_t head = 0;
	p->replaying = true;
	int code = EXIT_VALID;
	for (size_t i = 0; i < sl->count && code == EXIT_VALID; i++) {
		gl_action a, want;
		bool empty;
		rules_error why;
		if (!gamelog_parse_line(sl->lines[i], (int)i + 1, &want, &empty, &why)) {
			fprintf(stderr, "orbat play: %s:%zu: error: %s [%s]\n", path, i + 1, why.message, why.rule);
			code = EXIT_INVALID;
			break;
		}
		if (empty) {
			continue;
		}
		char *saved = gamelog_format(&want);
		if (want.kind < ACT_PLAY) {
			/* The head: the one this seed deals. */
			while (head < p->line_count && (p->lines[head][0] == '#' || p->lines[head][0] == '\0'))
				head++;
			bool same = false;
			if (head < p->line_count) {
				gl_action h;
				bool e;
				if (gamelog_parse_line(p->lines[head], 0, &h, &e, &why)) {
					char *mine = gamelog_format(&h);
					same = strcmp(mine, saved) == 0;
					free(mine);
					gamelog_action_finish(&h);
				}
				head++;
			}
			if (!same && want.kind == ACT_SCENARIO) {
				fprintf(stderr, "orbat play: %s:%zu: error: the log is for scenario '%s', not '%s' [log]\n", path,
					i + 1, want.subject ? want.subject : "?", p->r->g->scenario_id ? p->r->g->scenario_id : "?");
				code = EXIT_INVALID;
			} else if (!same) {
				fprintf(stderr, "orbat play: %s:%zu: error: '%s' is not what seed %llu deals for this scenario [log]\n",
					path, i + 1, saved, sl->seed);
				code = EXIT_INVALID;
			}
			free(saved);
			gamelog_action_finish(&want);
			continue;
		}
		gamelog_parse_line(sl->lines[i], (int)i + 1, &a, &empty, &why);
		if (!p->manual && rolls_dice(p->r, &a)) {
			for (size_t k = 0; k < a.face_count; k++)
				free(a.faces[k]);
			free(a.faces);
			a.faces = NULL;
			a.face_count = 0;
			a.faces_given = false;
		}
		if (a.kind == ACT_DRAW) {
			free(a.card);
			a.card = NULL;
		}
		rules_error err;
		if (!complete(p, &a, false, &err) || !referee_apply(p->r, &a, &err)) {
			fprintf(stderr, "orbat play: %s:%zu: error: %s [%s]\n", path, i + 1, err.message, err.rule);
			code = EXIT_INVALID;
		} else {
			char *mine = gamelog_format(&a);
			if (strcmp(mine, saved) != 0) {
				fprintf(stderr, "orbat play: %s:%zu: error: '%s' does not follow from seed %llu, which gives '%s' [log]\n",
					path, i + 1, saved, sl->seed, mine);
				code = EXIT_INVALID;
			} else {
				emit(p, mine, !rolls_dice(p->r, &a) && a.kind != ACT_DRAW);
				p->r->battle.note[0] = '\0';
			}
			free(mine);
		}
		free(saved);
		gamelog_action_finish(&a);
		gamelog_action_finish(&want);
	}
	p->replaying = false;
	return code;
}

typedef struct play_args {
	const char *seed;
	const char *log;
	const char *resume;
	const char *dice;
	bool all_auto;
	long max_turns;     /* 0: not given */
} play_args;

static int play_run(const options *o, play_args *pa)
{
	const char *seed_text = pa->seed;
	const char *log_path = pa->log;
	const char *resume_path = pa->resume;
	const char *dice_mode = pa->dice;
	bool all_auto = pa->all_auto;
	long max_turns = pa->max_turns ? pa->max_turns : 500;
	int code;
	unsigned long long seed = (unsigned long long)time(NULL);
	if (seed_text) {
		char *end = NULL;
		errno = 0;
		seed = strtoull(seed_text, &end, 10);
		if (errno || !end || *end || seed_text[0] < '0' || seed_text[0] > '9')
			return options_usage("play", "--seed takes a whole number, not '%s'", seed_text);
	}
	if (log_path && strcmp(log_path, "-") == 0)
		return options_usage("play", "--log takes a file, not '-': standard output carries the game");
	if (o->operand_count != 1)
		return options_usage("play", "name one scenario file");
	bool manual = false;
	if (dice_mode) {
		if (strcmp(dice_mode, "manual") == 0)
			manual = true;
		else if (strcmp(dice_mode, "auto") != 0)
			return options_usage("play", "--dice takes auto (orbat rolls) or manual (you roll), not '%s'", dice_mode);
	}
	lang_id lang = LANG_EN;
	if (!options_one_lang(o, &lang))
		return options_usage("play", "--lang takes one language for the card texts (en, nl or fr)");
	saved_log sl;
	memset(&sl, 0, sizeof sl);
	if (resume_path) {
		if (seed_text)
			return options_usage("play", "--resume plays on with the seed of the log; leave out --seed");
		code = saved_read(&sl, resume_path);
		if (code != EXIT_VALID) {
			saved_free(&sl);
			return code;
		}
		if (dice_mode && manual != sl.manual) {
			saved_free(&sl);
			return options_usage("play", "%s was played with the dice %s; leave out --dice", resume_path,
				sl.manual ? "typed in (--dice manual)" : "rolled by orbat");
		}
		seed = sl.seed;
		manual = sl.manual;
		if (!log_path)
			log_path = resume_path;
	}
	if (manual && all_auto) {
		saved_free(&sl);
		return options_usage("play", "--auto and --dice manual do not go together: the computer cannot roll "
			"your dice");
	}
	play_state p;
	memset(&p, 0, sizeof p);
	p.quiet = o->quiet;
	p.manual = manual;
	p.lang = lang;
	p.log_path = log_path;
	code = rules_session_open(&p.s, "play", o->operands[0], FORMAT_TEXT);
	if (code != EXIT_VALID) {
		saved_free(&sl);
		return code;
	}
	char *strings_dir = xasprintf("%s/i18n", datadir_get());
	p.strings = strings_load(strings_dir, &p.s.sink);
	free(strings_dir);
	if (!p.strings) {
		code = cli_data_broken("play", &p.s.sink);
		rules_session_close(&p.s);
		saved_free(&sl);
		return code;
	}
	p.start = game_clone(p.s.g);
	p.r = referee_create(p.s.g);
	rng_seed(&p.rnd, seed);
	/* Another stream for the automatic player, from the same seed. */
	rng_seed(&p.arnd, seed ^ 0x9e3779b97f4a7c15ull);
	autoplay_init(&p.ap);
	char line[256];
	snprintf(line, sizeof line, "# orbat play %s, seed %llu%s", p.s.g->scenario_id ? p.s.g->scenario_id : "?", seed,
		manual ? ", dice manual" : "");
	emit(&p, line, false);
	emit(&p, "orbat-game-log 1", false);
	snprintf(line, sizeof line, "scenario %s", p.s.g->scenario_id ? p.s.g->scenario_id : "?");
	apply_header(&p, line);
	snprintf(line, sizeof line, "seed %llu", seed);
	apply_header(&p, line);
	if (!deal(&p)) {
		fputs("orbat play: the deck cannot deal the hands the scenario asks for\n", stderr);
		code = EXIT_INVALID;
		goto out;
	}
	if (resume_path) {
		code = resume_replay(&p, &sl, resume_path);
		if (code != EXIT_VALID)
			goto out;
	}
	if (!log_rewrite(&p)) {
		code = EXIT_USAGE;
		goto out;
	}
	printf("%s (%s), seed %llu%s.\n", p.s.g->scenario_id, p.s.g->rs->id, seed, manual ? ", your own dice" : "");
	if (resume_path)
		printf("Resumed %s: the game goes on after its last line (%zu lines).\n", resume_path, p.line_count);
	if (p.r->phase != PHASE_OVER) {
		print_turn(&p);
		print_pending(&p);
	}

	bool tty = isatty(STDIN_FILENO);
	char *input = NULL;
	size_t cap = 0;
	bool auto_turn = false;
	int auto_turn_of = -1;
	while (p.r->phase != PHASE_OVER) {
		/* A game whose log cannot be written stops: what the player
		 * would do next could not be kept. */
		if (p.log_failed) {
			printf("The game stops: its log cannot be written.\n");
			break;
		}
		if (auto_turn && p.r->phase == PHASE_START && p.r->turn >= auto_turn_of)
			auto_turn = false;
		bool automatic = all_auto || auto_turn;
		gl_action a;
		if (automatic) {
			if (p.r->turn >= max_turns && p.r->phase == PHASE_START) {
				printf("Stopped after %ld turns.\n", max_turns);
				break;
			}
			if (!autoplay_next(p.r, &p.ap, &p.arnd, &a))
				break;
			if (!take(&p, &a, true)) {
				char *text = gamelog_format(&a);
				fprintf(stderr, "orbat play: the automatic player proposed an illegal action: %s\n", text);
				free(text);
				gamelog_action_finish(&a);
				code = EXIT_INTERNAL;
				break;
			}
			gamelog_action_finish(&a);
			continue;
		}
		char prompt[80];
		snprintf(prompt, sizeof prompt, "%s> ", p.s.g->sides[p.r->side].id);
		char *got = read_line(prompt, tty, &input, &cap);
		if (!got) {
			printf("\n");
			break;
		}
		char word[32] = "";
		sscanf(got, "%31s", word);
		if (!word[0] || word[0] == '#')
			continue;
		if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0)
			break;
		if (strcmp(word, "help") == 0) {
			game_help(&p);
			continue;
		}
		if (strcmp(word, "board") == 0) {
			char *board = textboard_board(p.s.g);
			char *roster = textboard_roster(p.s.g);
			fputs(board, stdout);
			fputs(roster, stdout);
			free(board);
			free(roster);
			continue;
		}
		if (strcmp(word, "hand") == 0) {
			print_hand(&p, p.r->side, true);
			continue;
		}
		if (strcmp(word, "card") == 0) {
			char name[80] = "";
			if (sscanf(got, "%*s %79s", name) != 1)
				printf("error: card takes the name of a card, like recon/left [log]\n");
			else
				print_card_named(&p, name);
			continue;
		}
		if (strcmp(word, "undo") == 0) {
			undo(&p);
			continue;
		}
		if (ask_is_query(word) && strcmp(word, "retreat") != 0 && strcmp(word, "rally") != 0) {
			game_ask(&p, got);
			continue;
		}
		/* rally SIDE is the question; rally, rally : FACES and rally
		 * REF... the card's actions. */
		if (strcmp(word, "rally") == 0) {
			char w2[64] = "", w3[8] = "";
			if (sscanf(got, "%*s %63s %7s", w2, w3) == 1 && game_side_index(p.r->g, w2) >= 0) {
				game_ask(&p, got);
				continue;
			}
		}
		/* retreat REF FLAGS (a number last) is the question; retreat REF
		 * HEX... the action. */
		if (strcmp(word, "retreat") == 0) {
			char w2[64] = "", w3[64] = "", w4[8] = "";
			int n = sscanf(got, "%*s %63s %63s %7s", w2, w3, w4);
			if (n == 2 && w3[0] >= '0' && w3[0] <= '9') {
				game_ask(&p, got);
				continue;
			}
		}
		if (strcmp(word, "auto") == 0) {
			if (p.manual) {
				printf("refused: with --dice manual the computer cannot roll your dice; play the turn yourself [log]\n");
				continue;
			}
			/* The computer plays the rest of this turn (all of it at its
			 * start). */
			auto_turn = true;
			auto_turn_of = p.r->phase == PHASE_START ? p.r->turn + 1 : p.r->turn;
			continue;
		}
		bool empty;
		rules_error why;
		if (!gamelog_parse_line(got, 0, &a, &empty, &why)) {
			printf("error: %s [%s]\n", why.message, why.rule);
			continue;
		}
		if (empty)
			continue;
		take(&p, &a, false);
		gamelog_action_finish(&a);
	}
	free(input);
	if (p.r->phase == PHASE_OVER)
		printf("The game is over.\n");
	print_result(&p);
	if (p.log_failed)
		code = code == EXIT_VALID ? EXIT_USAGE : code;
out:
	if (p.log && fclose(p.log) != 0 && !p.log_failed) {
		log_error(&p, strerror(errno));
		code = code == EXIT_VALID ? EXIT_USAGE : code;
	}
	for (size_t i = 0; i < p.line_count; i++)
		free(p.lines[i]);
	free(p.lines);
	referee_destroy(p.r);
	game_destroy(p.start);
	strings_destroy(p.strings);
	rules_session_close(&p.s);
	saved_free(&sl);
	return code;
}

COMMAND(play, "solo play in the terminal: deals, rolls and referees", play_args,
	.common = OPTIONS_QUIET | OPTIONS_LANG,
	.own = {
		{ "seed", OPTIONS_STRING, offsetof(play_args, seed), .what = "a whole number" },
		{ "log", OPTIONS_STRING, offsetof(play_args, log), .what = "a file" },
		{ "resume", OPTIONS_STRING, offsetof(play_args, resume), .what = "a game log" },
		{ "dice", OPTIONS_STRING, offsetof(play_args, dice), .what = "auto or manual" },
		{ "auto", OPTIONS_FLAG, offsetof(play_args, all_auto) },
		{ "max-turns", OPTIONS_INT, offsetof(play_args, max_turns), 1, 1000000, .what = "a number" },
	});
