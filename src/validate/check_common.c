#include "check.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

static void report(check_ctx *ctx, diag_severity sev, src_pos pos, const char *rule,
	const char *fmt, va_list ap)
{
	char *msg = xvasprintf(fmt, ap);
	diag_add(ctx->sink, ctx->sc->file, pos.line, pos.column, sev, rule, "%s", msg);
	free(msg);
}

void check_error(check_ctx *ctx, src_pos pos, const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(ctx, DIAG_ERROR, pos, rule, fmt, ap);
	va_end(ap);
}

void check_warning(check_ctx *ctx, src_pos pos, const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(ctx, DIAG_WARNING, pos, rule, fmt, ap);
	va_end(ap);
}

const char *check_rule(const check_ctx *ctx, const char *section)
{
	return ruleset_rule(ctx->rs, section);
}

/* A hex board's address check: the square checks (check_square.c) word
 * their own, since a square board has no short rows. */
bool check_address(check_ctx *ctx, const sc_address *addr, const char *what)
{
	if (!addr->text)
		return false; /* missing: the schema reports it */
	if (!addr->valid) {
		check_error(ctx, addr->pos, CHECK_RULE(ctx, board.rule),
			"%s: '%s' is not a hex address; write column letters then the row number, such as C4",
			what, addr->text);
		return false;
	}
	if (!ctx->pos->board_ok)
		return false;
	const hex_board *board = &ctx->pos->board.hex;
	if (hex_on_board(board, addr->cell))
		return true;
	char name[HEX_ADDRESS_MAX];
	hex_format(addr->cell, name);
	if (addr->cell.row >= board->rows) {
		check_error(ctx, addr->pos, CHECK_RULE(ctx, board.rule),
			"%s: hex %s is off the board, which has %d rows", what, name, board->rows);
	} else {
		int len = hex_row_length(board, addr->cell.row);
		char last[HEX_ADDRESS_MAX];
		hex_format((hex_coord){ len - 1, addr->cell.row }, last);
		check_error(ctx, addr->pos, CHECK_RULE(ctx, board.rule),
			"%s: hex %s is off the board; row %d has %d hexes and ends at %s",
			what, name, addr->cell.row + 1, len, last);
	}
	return false;
}

typedef struct id_list {
	check_id *items;
	size_t count;
} id_list;

static void add_id(id_list *ids, const sc_string *s)
{
	if (s->text)
		ids->items[ids->count++] = (check_id){ s->text, s->pos };
}

static void gather_ids(const scenario *sc, unsigned kinds, id_list *ids)
{
	/* The widest case: every kind asked for. */
	ids->items = xcalloc(sc->unit_count + sc->reserve_count + sc->general_count + sc->brigade_count +
			sc->city_count + sc->sea_zone_count + sc->ship_count + 1,
		sizeof *ids->items);
	ids->count = 0;
	/* Every element kind has its id in a field of the same name. */
#define GATHER(kind, array, count) \
	for (size_t i = 0; (kinds & (kind)) && i < (count); i++) \
		add_id(ids, &(array)[i].id)
	GATHER(CHECK_IDS_UNITS, sc->units, sc->unit_count);
	GATHER(CHECK_IDS_RESERVES, sc->reserves, sc->reserve_count);
	GATHER(CHECK_IDS_GENERALS, sc->generals, sc->general_count);
	GATHER(CHECK_IDS_BRIGADES, sc->brigades, sc->brigade_count);
	GATHER(CHECK_IDS_CITIES, sc->cities, sc->city_count);
	GATHER(CHECK_IDS_SEA_ZONES, sc->sea_zones, sc->sea_zone_count);
	GATHER(CHECK_IDS_SHIPS, sc->ships, sc->ship_count);
#undef GATHER
}

/* By id, then in document order: a duplicate sits right after its first use. */
static int compare_ids(const void *pa, const void *pb)
{
	const check_id *a = pa, *b = pb;
	int c = strcmp(a->id, b->id);
	if (c)
		return c;
	if (a->pos.line != b->pos.line)
		return a->pos.line < b->pos.line ? -1 : 1;
	return (a->pos.column > b->pos.column) - (a->pos.column < b->pos.column);
}

void check_unique_ids(check_ctx *ctx, unsigned kinds, check_id_report say)
{
	id_list ids;
	gather_ids(ctx->sc, kinds, &ids);
	qsort(ids.items, ids.count, sizeof *ids.items, compare_ids);
	size_t first = 0;
	for (size_t i = 1; i < ids.count; i++) {
		if (strcmp(ids.items[i].id, ids.items[first].id) != 0)
			first = i;
		else
			say(ctx, &ids.items[i], &ids.items[first]);
	}
	free(ids.items);
}
