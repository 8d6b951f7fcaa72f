/* The balance lab's suggestions (orbat balance --suggest): the nearest
 * changes that would make a scenario even, each measured with the same
 * seeded games as the run it follows.
 *
 * The changes tried are those a designer makes first: a side's victory
 * target (the flags or points it needs to win) one or two either way, a
 * side's hand size one either way, and the other side to play first.
 * Each is made on the scenario in memory through the edit API
 * (model/scenario_edit.h: the file is never written), checked by the
 * scenario compiler's semantic pass, and played with the run's players,
 * seed, number of games and turn limit: game i of every change has game
 * i's seed, so the changes are compared on the same dice and cards (a
 * paired comparison, as far as the change leaves the games alike).  A
 * change the grid's rules have no room for is not offered, and says so:
 * the square game has no cards and wins by the enemy's capital, not by a
 * target (rules-digest §11), so only its first side is offered there.
 *
 * The suggestions come ordered nearest-and-most-even first
 * (balance_suggest_order).  No I/O but the failures of balance_play;
 * rules/balance_suggest_words.h gives them words. */
#ifndef ORBAT_RULES_BALANCE_SUGGEST_H
#define ORBAT_RULES_BALANCE_SUGGEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../geo/grid.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "balance.h"
#include "balance_play.h"

typedef enum balance_change_kind {
	BALANCE_CHANGE_VICTORY,  /* a side's victory target */
	BALANCE_CHANGE_CARDS,    /* a side's hand size */
	BALANCE_CHANGE_FIRST,    /* the other side plays first */
	BALANCE_CHANGE_KINDS
} balance_change_kind;

/* How far a victory target and a hand size are moved, at most. */
#define BALANCE_VICTORY_STEPS 2
#define BALANCE_CARDS_STEPS 1
/* The changes a two-sided scenario can offer, at most. */
#define BALANCE_MAX_CHANGES (2 * 2 * BALANCE_VICTORY_STEPS + 2 * 2 * BALANCE_CARDS_STEPS + 1)

/* The kind's name as JSON and the docs give it: "victory", "cards",
 * "first". */
const char *balance_change_name(balance_change_kind kind);

/* Whether the rules of a grid have room for a kind of change: all three
 * on the hex grids, only the first side on the square grid. */
bool balance_change_applies(balance_change_kind kind, grid_kind grid);

/* One change of the scenario. */
typedef struct balance_change {
	balance_change_kind kind;
	int side;        /* the side (match side index) whose value changes;
	                    FIRST: the side that would play first */
	int from, to;    /* the value as written and the value tried (victory,
	                    cards); FIRST: 0 and 1 */
} balance_change;

/* How far a change lies from the scenario as written: the steps a target
 * or a hand moves; 1 for the first side. */
int balance_change_distance(const balance_change *c);

/* The changes to try on a scenario of `grid` played by match m (whose
 * side indices they use), in a fixed order: each side's victory target
 * -1, +1, -2, +2, its hand -1, +1, then the first side; values below 1
 * left out.  Returns how many (at most BALANCE_MAX_CHANGES). */
size_t balance_suggest_changes(const scenario *sc, const match *m, balance_change out[BALANCE_MAX_CHANGES]);

/* A change played: its games (the run's seeds) and what they say. */
typedef struct balance_suggestion {
	balance_change change;
	balance_plan plan;        /* the games, in game order; plan.stats */
	balance_rate share;       /* side 0's share of the decided games,
	                             with its interval */
	size_t order;             /* its place in balance_suggest_changes */
} balance_suggestion;

/* A change the scenario compiler refuses (a target above what the board
 * can give, say): not played; why, in the compiler's words. */
typedef struct balance_untried {
	balance_change change;
	char *reason;
} balance_untried;

typedef struct balance_suggestions {
	balance_suggestion *items;   /* played, ordered by balance_suggest_order */
	size_t count;
	balance_untried *untried;
	size_t untried_count;
	grid_kind grid;              /* which kinds applied (balance_change_applies) */
	size_t games;                /* the games each change played */
} balance_suggestions;

/* What a lab needs: the played run it follows (its match, players, seed,
 * games and turn limit are the changes'), the scenario's file and the
 * data folder (the edits are made on a document read from it), the
 * ruleset of the run, and how balance_play plays (workers, the name and
 * stream of failures, progress).  The variants are played after one
 * another; progress counts each one's games from 0. */
typedef struct balance_lab {
	const balance_plan *base;
	const ruleset *rs;
	const char *scenario_file, *data_dir;
	unsigned workers;
	const char *who;
	FILE *errors;
	void (*progress)(void *ctx, size_t played, size_t games);
	void *progress_ctx;
} balance_lab;

/* Make the changes on the document and check each with the compiler:
 * out->items get their changes (not played yet), out->untried those
 * refused.  False with a message in *error (free it) when the scenario's
 * file cannot be read as a document. */
bool balance_suggest_prepare(const balance_lab *lab, balance_suggestions *out, char **error);

/* Play each prepared change with the base run's games and order them.
 * False when a game failed (said on lab->errors, as balance_play says
 * it) or a change could not be set up (*error, free it). */
bool balance_suggest_play(const balance_lab *lab, balance_suggestions *s, char **error);

/* Order played suggestions: first those whose verdict is balanced, then
 * the inconclusive ones (the games cannot tell them from even), each
 * nearest first (balance_change_distance), then the most even (the
 * smallest distance of the share from 50 %); last the changes that leave
 * a side favoured, the most even first, then the nearest.  Ties keep the
 * order of balance_suggest_changes. */
void balance_suggest_order(balance_suggestion *items, size_t n);

/* Free what the suggestions hold. */
void balance_suggestions_finish(balance_suggestions *s);

#endif
