/* Shared ground of the semantic checks: the scenario, its ruleset, its
 * position (the board and what stands on each cell), and the reporting
 * helpers.  Each check_*.c file judges one part of the rules model; each
 * grid has its list of checks (check_grid). */
#ifndef ORBAT_CHECK_H
#define ORBAT_CHECK_H

#include "../base/diag.h"
#include "../geo/hex.h"
#include "../model/position.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"

typedef struct check_ctx {
	const scenario *sc;
	const ruleset *rs;
	diag_sink *sink;
	/* What stands where, built once before the checks: they judge it, and
	 * report what it had to leave off (the second claimant of a cell, an
	 * address off the board). */
	const position *pos;
} check_ctx;

void check_error(check_ctx *ctx, src_pos pos, const char *rule, const char *fmt, ...) DIAG_PRINTF(4, 5);
void check_warning(check_ctx *ctx, src_pos pos, const char *rule, const char *fmt, ...) DIAG_PRINTF(4, 5);
/* rule id with the ruleset's prefix, e.g. "3.1" -> "bc-3.1" */
const char *check_rule(const check_ctx *ctx, const char *section);
/* The rule id of a section the ruleset states (rules are data: a child
 * ruleset may renumber it), e.g. CHECK_RULE(ctx, board.rule) -> "bc-1". */
#define CHECK_RULE(ctx, field) check_rule((ctx), (ctx)->rs->field)

/* Check an address is well formed and on the hex board; report it
 * otherwise under the board's rule (§1) and return false.  `what` names the thing for the message. */
bool check_address(check_ctx *ctx, const sc_address *addr, const char *what);

/* An id as written, where it stands. */
typedef struct check_id {
	const char *id;
	src_pos pos;
} check_id;

/* The kinds of element whose ids share one name space. */
enum {
	CHECK_IDS_UNITS = 1u << 0,
	CHECK_IDS_RESERVES = 1u << 1,
	CHECK_IDS_GENERALS = 1u << 2,
	CHECK_IDS_BRIGADES = 1u << 3,
	CHECK_IDS_CITIES = 1u << 4,
	CHECK_IDS_SEA_ZONES = 1u << 5,
	CHECK_IDS_SHIPS = 1u << 6,
};
typedef void (*check_id_report)(check_ctx *ctx, const check_id *again, const check_id *first);
/* Every id of those kinds met again after its first use in the document
 * goes to say; n log n whatever a file holds. */
void check_unique_ids(check_ctx *ctx, unsigned kinds, check_id_report say);

typedef void (*check_fn)(check_ctx *ctx);

/* The semantic checks of one grid, run in order between the checks every
 * scenario gets (check_structure before, check_texts after).  The list
 * ends with NULL. */
typedef struct check_grid {
	grid_kind grid;
	const check_fn *checks;
} check_grid;

extern const check_grid check_hex_grid;     /* check_board.c */
extern const check_grid check_square_grid;  /* check_square.c */

/* Both grids. */
void check_structure(check_ctx *ctx);    /* element counts the schema leaves open */
void check_texts(check_ctx *ctx);        /* titles, briefings, place names in every language */
void check_special(check_ctx *ctx);      /* <special-rules> against the scenario (hex boards only) */
/* Hex grid. */
void check_hex_elements(check_ctx *ctx); /* no square-grid elements on a hex board */
void check_board(check_ctx *ctx);        /* §1: board size, sections */
void check_terrain(check_ctx *ctx);      /* §1, §6: terrain entries */
void check_sides(check_ctx *ctx);        /* §0, §1, §8, §9: sides, hands, first player */
void check_forces(check_ctx *ctx);       /* §2: ids, unit types, attributes, figures */
void check_deployment(check_ctx *ctx);   /* §3.1/§3.2, §6: where units stand, stacking */
void check_brigades(check_ctx *ctx);     /* §3.3 */
void check_victory(check_ctx *ctx);      /* §10: objectives and victory targets */

#endif
