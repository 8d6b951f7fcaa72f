/* One game at a time on the studio's open scenario, held through the
 * library's session (rules/session.h) as `orbat play --computer` holds
 * it: the user plays one side, an automatic player of the library's list
 * the other, each side deciding for itself; the dice and the cards come
 * from the seed.  The page sends what it does as game-log lines (exactly
 * what `orbat play` accepts typed, with its words pass, stand and
 * withdraw) and gets back the position as JSON: nothing of the rules is
 * decided here or in the page, the session and its engine say what is
 * owed, what is refused and why.
 *
 * The log is written as the game goes, whole, under a temporary name
 * renamed into place (base/outdir.h), to a file of the scenario's folder
 * beside the scenario: `orbat check` accepts it and `orbat play --resume`
 * or studio_game_create with `resume` goes on with it. */
#ifndef ORBAT_STUDIO_GAME_H
#define ORBAT_STUDIO_GAME_H

#include <jansson.h>
#include <stdbool.h>

#include "../cards/deckpng.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "../render/render.h"
#include "../rules/standing.h"
#include "../text/lang.h"

typedef struct studio_game studio_game;

typedef struct studio_game_options {
	const scenario *sc;      /* validated; both outlive the game */
	const ruleset *rs;
	const char *folder;      /* the studio's folder, resolved */
	const char *scenario_file; /* the scenario's file name in it */
	const char *side;        /* the side the user plays; NULL: the first side */
	const char *player;      /* the computer's player; NULL: the grid's strongest */
	bool seeded;             /* seed given; else one from the clock */
	unsigned long long seed;
	const char *resume;      /* a log of the folder to go on with, or NULL */
	bool manual;             /* the user rolls real dice, the computer's too, and
	                          * gives their faces (a resumed log says itself) */
	/* The page's words and the scenario's render context, for the offers'
	 * texts (studio_offers.h); NULL: the offers carry their lines only. */
	const render_ctx *words;
} studio_game_options;

/* A game started (or resumed), the computer's first actions taken when
 * its side begins.  NULL with a message (free it) and an HTTP status when
 * refused: 400 a side or player the scenario has not, 404 no such log,
 * 422 a log that does not follow from its seed. */
studio_game *studio_game_create(const studio_game_options *o, char **error, int *status);
void studio_game_destroy(studio_game *g);

/* {file, seed, side, computer, player, grid, over, winner, turn,
 *  to_play, decider, yours (the user decides now), undo, the engine's
 *  state fields (sides, units...), hand: [{id, card, name, text}],
 *  dues: [{kind, side, step, unit, other, count, rule, text}],
 *  log: [lines], lines: count} in the page's language. */
json_t *studio_game_state(studio_game *g, lang_id lang, const render_ctx *words);

/* The user's line: an action of the log, or pass, stand, withdraw.
 * Accepted: {ok: true, line, computer: [{line} or {pass: true}...]}, the
 * computer's actions in order, then `state`.  Refused: {error, rule}
 * (the referee's message and its rule id), *status 422. */
json_t *studio_game_act(studio_game *g, const char *line, lang_id lang, const render_ctx *words, int *status);
/* Undo as `orbat play` allows it: the user's last action and the
 * computer's after it taken back; refused (422, {error, rule "log"})
 * when it rolled dice or drew a card, or nothing is left to take back. */
json_t *studio_game_undo(studio_game *g, lang_id lang, const render_ctx *words, int *status);
/* The scenario as the game stands now (rules/standing.h), for the map
 * painter: free it with standing_finish. */
void studio_game_standing(studio_game *g, standing *out);
/* The same after the log's first `lines` lines, for the page that shows
 * the computer's actions one by one: false when the log is shorter (or
 * its start cannot be rebuilt). */
bool studio_game_standing_at(studio_game *g, size_t lines, standing *out);
/* The front of a card of the hand ("probe/left", as the log names it)
 * as the deck prints it, in rc's language, drawn once per language and
 * kept while the game lasts: NULL with a message (free it) when the deck
 * cannot be drawn or has no such card. */
const deckpng_face *studio_game_card(studio_game *g, const render_ctx *rc, const char *id, char **error);
/* A rules question of the engine's (moves FROM, dice FROM TO, los A B,
 * ...) on the position: {question, answers: [the JSON objects of `orbat
 * ask --format json`]}, or *status 400 with {error, rule}. */
json_t *studio_game_ask(studio_game *g, const char *question, int *status);
/* GET hint: the expert's advice for the user's turn, as `orbat play`'s
 * hint, in STUDIO_HINT_SIMS simulations (a fraction of a second): {turn:
 * [{line, said, guess}], whole, percent, sims, wins, endgame}; 409 when
 * it is not the user's turn. */
#define STUDIO_HINT_SIMS 60
json_t *studio_game_hint(studio_game *g, const render_ctx *words, int *status);

/* The calls of /api/game/ (studio_api.h lists them): `what` the path
 * after "/api/game/", `body` the POST's object (NULL for a GET), `ask`
 * the ?q= of a question.  `open` describes the open scenario (its sc
 * NULL when none can be played: not open, or not valid); *held the game,
 * replaced by start and resume; `logs` lists the scenario's saved games
 * for resume.  The answer's status in *status. */
json_t *studio_game_route(studio_game **held, const studio_game_options *open, const char *what, const json_t *body,
	const char *ask, lang_id lang, int *status);

#endif
