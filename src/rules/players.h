/* Players by name: the automatic players a caller names ("simple",
 * later "strong") and seats on one side of a game without knowing the
 * grid.  A player kind has a name, a one-line description in each
 * language, and per grid an implementation (player_ops); a grid it has no
 * implementation for is refused by player_on_grid with the reason.
 *
 * A player only proposes: the caller completes the action with the table
 * (hex_table.h, sq_table.h: dice, cards) and the referee judges it; a
 * proposal the referee refuses is a bug of the player, to be reported.
 *
 * To add a player: write its init/next/free for a grid and add a row to
 * the table in players.c.  No I/O. */
#ifndef ORBAT_RULES_PLAYERS_H
#define ORBAT_RULES_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>

#include "../geo/grid.h"
#include "../text/lang.h"
#include "engine.h"
#include "rng.h"
#include "rules_error.h"

/* One player kind on one grid.  The game (gm) and the action are the grid's:
 *   hex:    gm is a `referee *` (hex_referee.h), action a `gl_action`
 *           (hex_log.h, freed with hexlog_action_finish);
 *   square: gm is a `const sq_game *` (sq_game.h), action an `sq_action`
 *           (sq_log.h, freed with sqlog_action_finish).
 * The game is not changed by next (the hex referee is passed non-const
 * because its queries cache what they compute). */
typedef struct player_ops {
	/* Bytes of the player's notes between proposals. */
	size_t state_size;
	/* Fresh notes for a player seated on `side` (0 or 1; -1: it plays
	 * whichever side is to play, as `orbat play --auto` has it) that stops
	 * proposing at the start of a turn once `max_turns` turns are played
	 * (0: only the game's own end). */
	void (*init)(void *state, int side, long max_turns);
	/* The next action for the side to play, into *action (zeroed first;
	 * faces and the card drawn left out for the table); `choices` draws
	 * the player's random choices, never the dice.  False when it has
	 * nothing to propose (the game is over, the turn limit is reached).
	 * The same game, notes and choice stream give the same proposal. */
	bool (*next)(void *state, game *g, rng *choices, game_action *action);
	/* Free what the notes hold (not the notes themselves). */
	void (*free)(void *state);
	/* Each side decides for itself (`orbat play --computer`): where
	 * `next` would make a choice the rules give the other side (the
	 * square game's defender retreating after a round), it leaves it to
	 * that side.  NULL: `next` never makes one. */
	void (*own_choices)(void *state);
	/* The answer of the side that decides now when it is not the side to
	 * play (the hex referee's referee_decider: saves, a retreat...; the
	 * square game's defender after a round), into *action as next's;
	 * false when it leaves the choice on offer (it passes). */
	bool (*answer)(void *state, game *g, rng *choices, game_action *action);
	/* A thinking budget of this player's own, written after its kind's
	 * name ("expert@100ms", "expert@400sims"): false when `text` is no
	 * budget.  NULL: the kind takes none. */
	bool (*budget)(void *state, const char *text);
	/* Play in another manner from now on, one of the few a searching
	 * player weighs as its plans (PLAYER_MANNER_*): false when the kind
	 * has not that one.  NULL: the kind plays in its own manner only. */
	bool (*manner)(void *state, int manner);
} player_ops;

/* The manners of player_ops.manner: the kind's own, bolder (less afraid
 * of the fire it draws, keener to close in), warier. */
enum { PLAYER_MANNER_OWN, PLAYER_MANNER_BOLD, PLAYER_MANNER_WARY, PLAYER_MANNER_COUNT };

typedef struct player_kind {
	const char *name;                    /* "simple": what a user types */
	const char *description[LANG_COUNT]; /* one line, in en, nl, fr */
	bool opt_in;                         /* too slow to be chosen unasked:
	                                      * player_strongest passes it over */
} player_kind;

/* The player kinds, in the order a listing shows them. */
size_t player_kind_count(void);
const player_kind *player_kind_at(size_t i);
/* The kind of that name (case-sensitive; a budget after '@' left out),
 * NULL when none. */
const player_kind *player_kind_find(const char *name);
/* Its implementation on a grid (the grid's engine lists it); NULL when it
 * plays no game there. */
const player_ops *player_kind_on(const player_kind *k, grid_kind grid);

/* The name a caller gets when it names none. */
#define PLAYER_DEFAULT "simple"

/* The strongest player that plays games on `grid` and is not opt_in (the
 * table lists the kinds from the weakest to the strongest): what `balance` measures with
 * and `play --computer` seats when no player is named.  PLAYER_DEFAULT
 * when no kind plays the grid. */
const char *player_strongest(grid_kind grid);

/* The players' choices come from a stream of their own, seeded with the
 * game's seed xor this salt: every caller (`orbat play`, a headless match)
 * seeds it so, and the same seed plays the same game everywhere. */
#define PLAYER_CHOICE_SALT 0x9e3779b97f4a7c15ull

/* A player seated in a game: its kind's ops for the game's grid and its
 * notes. */
typedef struct player {
	const player_kind *kind;
	const player_ops *ops;
	int side;
	bool own_choices;    /* player_own_choices: kept by player_reset */
	char budget[24];     /* a budget of its own (after its name's '@'), or
	                      * "": kept by player_reset too */
	void *state;
} player;

/* Seat the player `name` on `side` of a game on `grid`: false with the
 * reason when no player has that name (the names known are listed) or
 * when it plays no game on that grid.  The reason is a usage error of the
 * caller's command (its rule field "player" is not a rule of the game:
 * print the message alone). */
bool player_open(player *p, const char *name, grid_kind grid, int side, long max_turns, rules_error *why);
/* Its next proposal (player_ops.next). */
bool player_next(player *p, game *g, rng *choices, game_action *action);
/* Each side decides for itself from now on (player_ops.own_choices). */
void player_own_choices(player *p);
/* The answer of the side that decides now, not the side to play
 * (player_ops.answer); false: it passes. */
bool player_answer(player *p, game *g, rng *choices, game_action *action);
/* Play in that manner (player_ops.manner; PLAYER_MANNER_OWN always
 * works): false when the kind has not that one. */
bool player_manner(player *p, int manner);
/* Back to fresh notes, as after player_open (undo replays the game). */
void player_reset(player *p, long max_turns);
void player_close(player *p);

#endif
