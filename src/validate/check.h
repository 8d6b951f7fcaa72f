/* Shared ground of the semantic checks: the scenario, its ruleset, the board
 * and what stands on each hex, and the reporting helpers.  Each check_*.c
 * file judges one part of the rules model. */
#ifndef ORBAT_CHECK_H
#define ORBAT_CHECK_H

#include "../base/diag.h"
#include "../geo/hex.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"

typedef struct check_ctx {
	const scenario *sc;
	const ruleset *rs;
	diag_sink *sink;

	bool board_ok;       /* the board has a usable size: hexes can be placed */
	hex_board board;
	size_t hex_total;
	long *terrain_at;    /* per hex: index into sc->terrain, or -1 */
	/* Per hex and per side (0, 1): the first unit standing there (or -1)
	 * and how many.  Units of a third side (an error of its own) are not
	 * placed.  Constant work per unit, whatever a hostile file stacks. */
	long *unit_first[2];
	int *unit_count[2];
	long *general_first; /* per hex: the first general there, or -1 */
	int *general_count;  /* per hex */
	bool *unit_placed;   /* per unit: its address is on the board */
	bool *general_placed;
} check_ctx;

void check_error(check_ctx *ctx, src_pos pos, const char *rule, const char *fmt, ...) DIAG_PRINTF(4, 5);
void check_warning(check_ctx *ctx, src_pos pos, const char *rule, const char *fmt, ...) DIAG_PRINTF(4, 5);
/* rule id with the ruleset's prefix, e.g. "3.1" -> "bc-3.1" */
const char *check_rule(const check_ctx *ctx, const char *section);

/* Check an address is well formed and on the board; report it otherwise
 * under rule §1 and return false.  `what` names the thing for the message. */
bool check_address(check_ctx *ctx, const sc_address *addr, const char *what);
/* The terrain on a hex (clear when none is listed), or NULL when the
 * listed type is unknown to the ruleset. */
const rs_terrain *check_terrain_at(const check_ctx *ctx, hex_coord hex);

void check_structure(check_ctx *ctx);    /* element counts the schema leaves open */
void check_hex_elements(check_ctx *ctx); /* no square-grid elements on a hex board */
void check_board(check_ctx *ctx);        /* §1: board size, sections */
void check_terrain(check_ctx *ctx);      /* §1, §6: terrain entries */
void check_sides(check_ctx *ctx);        /* §0, §1, §8, §9: sides, hands, first player */
void check_forces(check_ctx *ctx);       /* §2: ids, unit types, attributes, figures */
void check_deployment(check_ctx *ctx);   /* §3.1/§3.2, §6: where units stand, stacking */
void check_brigades(check_ctx *ctx);     /* §3.3 */
void check_victory(check_ctx *ctx);      /* §10: objectives and victory targets */
void check_texts(check_ctx *ctx);        /* titles and briefings in every language */
/* §11, square-grid rulesets (check_square.c): the whole scenario. */
void check_square(check_ctx *ctx);

#endif
