/* The scenario's special rules (<special-rules>) judged against the
 * scenario they belong to: each rule must name hexes, units and types the
 * scenario has, in places where the rule can be played.  Every rule kind
 * has its own rule id, the name of its element (crossing, no-entry, …),
 * explained by orbat explain; the block itself is special-rules. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../model/special_rules.h"

#define RULE_BLOCK "special-rules"

/* An id of the scenario: where it is written, and the placed unit it
 * names (-1 for a reserve unit, general or brigade). */
typedef struct id_entry {
	const char *id;
	src_pos pos;
	long unit;
} id_entry;

/* The scenario's ids, sorted, for lookups in log time however many units
 * a file holds. */
typedef struct id_index {
	id_entry *items;
	size_t count;
} id_index;

static int compare_by_id(const void *pa, const void *pb)
{
	return strcmp(((const id_entry *)pa)->id, ((const id_entry *)pb)->id);
}

static const id_entry *id_find(const id_index *ix, const char *id)
{
	id_entry key = { .id = id };
	return ix->count ? bsearch(&key, ix->items, ix->count, sizeof *ix->items, compare_by_id) : NULL;
}

static void id_add(id_index *ix, const sc_string *id, src_pos pos, long unit)
{
	if (id->text)
		ix->items[ix->count++] = (id_entry){ id->text, pos, unit };
}

/* Every id a scheduled unit could clash with; with `placed_only` just the
 * units on the board, which a frozen group may name. */
static void index_ids(const scenario *sc, bool placed_only, id_index *ix)
{
	ix->items = xcalloc(sc->unit_count + sc->reserve_count + sc->general_count + sc->brigade_count + 1,
		sizeof *ix->items);
	ix->count = 0;
	for (size_t i = 0; i < sc->unit_count; i++)
		id_add(ix, &sc->units[i].id, sc->units[i].pos, (long)i);
	for (size_t i = 0; !placed_only && i < sc->reserve_count; i++)
		id_add(ix, &sc->reserves[i].id, sc->reserves[i].pos, -1);
	for (size_t i = 0; !placed_only && i < sc->general_count; i++)
		id_add(ix, &sc->generals[i].id, sc->generals[i].pos, -1);
	for (size_t i = 0; !placed_only && i < sc->brigade_count; i++)
		id_add(ix, &sc->brigades[i].id, sc->brigades[i].pos, -1);
	qsort(ix->items, ix->count, sizeof *ix->items, compare_by_id);
}

/* The side index of a side id, or -1 (a side the scenario does not have). */
static long side_index(const scenario *sc, const char *id)
{
	for (size_t s = 0; id && s < sc->side_count && s < 2; s++)
		if (str_eq(sc->sides[s].id.text, id))
			return (long)s;
	return -1;
}

static void check_at_least_one(check_ctx *ctx, const sc_number *n, const char *rule, const char *what)
{
	if (n->given && n->valid && n->value < 1)
		check_error(ctx, n->pos, rule, "%s is %ld; it must be at least 1", what, n->value);
}

static void check_crossing(check_ctx *ctx, const special_rule *r)
{
	const char *closes = r->option.text ? r->option.text : "both";
	bool both = strcmp(closes, "both") == 0;
	for (size_t i = 0; i < r->hex_count; i++) {
		const sc_address *a = &r->hexes[i];
		if (!check_address(ctx, a, "ford"))
			continue;
		const rs_terrain *t = position_terrain(ctx->pos, a->cell);
		const char *id = t ? t->id : "?";
		/* The terrain the ruleset calls water; a crossing that names a
		 * terrain ("river", "stream") closes that one alone. */
		bool fits = t && t->water && (both || strcmp(id, closes) == 0);
		if (!fits)
			check_error(ctx, a->pos, "crossing",
				"ford: hex %s is %s, not %s; a ford stands on the water it crosses", a->text, id,
				both ? "water" : closes);
	}
}

static void check_no_entry(check_ctx *ctx, const special_rule *r)
{
	long side = side_index(ctx->sc, r->side.text);
	for (size_t i = 0; i < r->hex_count; i++) {
		const sc_address *a = &r->hexes[i];
		if (!check_address(ctx, a, "no-entry hex") || side < 0)
			continue;
		const position_cell *cell = position_at_address(ctx->pos, a);
		if (cell && cell->units[side].count > 0)
			check_error(ctx, a->pos, "no-entry",
				"hex %s is closed to %s, but unit '%s' of that side starts on it", a->text, r->side.text,
				ctx->sc->units[cell->units[side].first].id.text);
	}
}

static void check_condition(check_ctx *ctx, const special_rule *r, const char *rule)
{
	if (!special_condition_given(&r->when))
		check_error(ctx, r->pos, rule,
			"<%s> needs a condition: turn, flags%s", special_kind_name(r->kind),
			r->kind == SPECIAL_FROZEN ? " or enemy-within" : "");
	check_at_least_one(ctx, &r->when.turn, rule, "turn");
	check_at_least_one(ctx, &r->when.flags, rule, "flags");
	check_at_least_one(ctx, &r->when.enemy_within, rule, "enemy-within");
}

static void check_frozen(check_ctx *ctx, const special_rule *r, const id_index *placed)
{
	check_condition(ctx, r, "frozen");
	long side = side_index(ctx->sc, r->side.text);
	for (size_t i = 0; i < r->unit_ref_count; i++) {
		const sc_string *ref = &r->unit_refs[i];
		if (!ref->text)
			continue;
		const id_entry *found = id_find(placed, ref->text);
		if (!found) {
			check_error(ctx, ref->pos, "frozen", "no unit '%s' stands on the board at the start",
				ref->text);
			continue;
		}
		const sc_unit *u = &ctx->sc->units[found->unit];
		if (side >= 0 && u->side != (size_t)side)
			check_error(ctx, ref->pos, "frozen", "unit '%s' is not a unit of %s", ref->text,
				r->side.text);
	}
}

static void check_schedule(check_ctx *ctx, const special_rule *r, const id_index *ids)
{
	check_condition(ctx, r, "schedule");
	if (r->when.enemy_within.given)
		check_error(ctx, r->when.enemy_within.pos, "schedule",
			"a schedule waits for a turn or a flag count; enemy-within belongs to <frozen>");
	for (size_t i = 0; i < r->unit_count; i++) {
		const sc_unit *u = &r->units[i];
		const id_entry *clash = u->id.text ? id_find(ids, u->id.text) : NULL;
		if (clash)
			check_error(ctx, u->id.pos, "unique-id", "id '%s' is already used on line %d; every unit, general and brigade needs its own id", u->id.text,
				clash->pos.line);
		if (u->type.text && !ruleset_find_unit_type(ctx->rs, u->type.text))
			check_error(ctx, u->type.pos, "schedule", "unit '%s': '%s' is not a unit type of %s",
				u->id.text ? u->id.text : "?", u->type.text, ctx->rs->id);
		if (!check_address(ctx, &u->at, "scheduled unit"))
			continue;
		const position_cell *cell = position_at_address(ctx->pos, &u->at);
		if (cell && cell->units[0].count + cell->units[1].count > 0) {
			position_walk w;
			position_units_begin(cell, &w);
			long first = position_units_next(ctx->pos, &w);
			check_error(ctx, u->at.pos, "schedule",
				"unit '%s' arrives on %s, where unit '%s' starts; an arrival hex is free at the start",
				u->id.text ? u->id.text : "?", u->at.text, ctx->sc->units[first].id.text);
		} else if (cell && cell->terrain && !cell->terrain->passable) {
			check_error(ctx, u->at.pos, "schedule", "unit '%s' arrives on %s, which is %s and impassable",
				u->id.text ? u->id.text : "?", u->at.text, cell->terrain->id);
		}
	}
}

/* Whether a crossing of the scenario lists the hex as a ford: a river
 * hex, impassable by itself, is entered there. */
static bool is_ford(const special_rules *sr, grid_cell cell)
{
	for (size_t i = 0; i < sr->count; i++)
		for (size_t k = 0; sr->rules[i].kind == SPECIAL_CROSSING && k < sr->rules[i].hex_count; k++)
			if (sr->rules[i].hexes[k].valid && sr->rules[i].hexes[k].cell.col == cell.col &&
				sr->rules[i].hexes[k].cell.row == cell.row)
				return true;
	return false;
}

static void check_sudden_death(check_ctx *ctx, const special_rule *r)
{
	const sc_address *a = &r->hexes[0];
	if (!check_address(ctx, a, "sudden-death hex"))
		return;
	const position_cell *cell = position_at_address(ctx->pos, a);
	if (cell && cell->terrain && !cell->terrain->passable && !is_ford(ctx->sc->special, a->cell))
		check_error(ctx, a->pos, "sudden-death",
			"hex %s is %s, which no unit may enter: nobody could hold it", a->text, cell->terrain->id);
}

static void check_exit(check_ctx *ctx, const special_rule *r)
{
	check_at_least_one(ctx, &r->vp, "exit", "vp");
	for (size_t i = 0; i < r->hex_count; i++) {
		const sc_address *a = &r->hexes[i];
		if (!check_address(ctx, a, "exit hex"))
			continue;
		const hex_board *board = &ctx->pos->board.hex;
		int row = a->cell.row, col = a->cell.col;
		bool edge = row == 0 || row == board->rows - 1 || col == 0 || col == hex_row_length(board, row) - 1;
		if (!edge)
			check_error(ctx, a->pos, "exit",
				"exit hex %s is not on the board's edge; a unit leaves the board from an edge hex", a->text);
	}
}

static void check_adjust(check_ctx *ctx, const special_rule *r)
{
	if (!r->hand.given && !r->ground_gain.text && !r->dice.given && !r->unit_type.text)
		check_error(ctx, r->pos, "adjust", "<adjust> changes nothing: give hand, ground-gain or dice");
	if (r->unit_type.text && !ruleset_find_unit_type(ctx->rs, r->unit_type.text))
		check_error(ctx, r->unit_type.pos, "adjust", "'%s' is not a unit type of %s", r->unit_type.text,
			ctx->rs->id);
	if (r->dice.given && !r->unit_type.text)
		check_error(ctx, r->dice.pos, "adjust", "dice needs the unit-type whose battles it changes");
	if (r->unit_type.text && !r->dice.given)
		check_error(ctx, r->unit_type.pos, "adjust", "unit-type needs dice: how many dice it gains or loses");
	long side = side_index(ctx->sc, r->side.text);
	if (r->hand.given && r->hand.valid && side >= 0) {
		const sc_number *cards = &ctx->sc->sides[side].cards;
		if (cards->valid && cards->value + r->hand.value < 1)
			check_error(ctx, r->hand.pos, "adjust",
				"%s holds %ld cards; hand %ld would leave it none", r->side.text, cards->value, r->hand.value);
	}
}

static void check_block(check_ctx *ctx, const special_rules *sr)
{
	if (sr->blocks > 1)
		check_error(ctx, sr->second, RULE_BLOCK, "a scenario has at most one <special-rules> (the first is on line %d)",
			sr->pos.line);
	const special_rule *limit = NULL;
	for (size_t i = 0; i < sr->count; i++) {
		const special_rule *r = &sr->rules[i];
		if (r->kind != SPECIAL_TURN_LIMIT)
			continue;
		check_at_least_one(ctx, &r->turns, "turn-limit", "turns");
		if (limit)
			check_error(ctx, r->pos, "turn-limit", "a scenario has at most one <turn-limit> (the first is on line %d)",
				limit->pos.line);
		else
			limit = r;
	}
}

void check_special(check_ctx *ctx)
{
	const special_rules *sr = ctx->sc->special;
	if (!sr)
		return;
	if (ctx->rs->grid == GRID_SQUARE) {
		check_error(ctx, sr->pos, RULE_BLOCK, "<special-rules> belong to the hex rulesets; %s has its own victory rules",
			ctx->rs->id);
		return;
	}
	check_block(ctx, sr);
	id_index placed, ids;
	index_ids(ctx->sc, true, &placed);
	index_ids(ctx->sc, false, &ids);
	for (size_t i = 0; i < sr->count; i++) {
		const special_rule *r = &sr->rules[i];
		switch (r->kind) {
		case SPECIAL_CROSSING: check_crossing(ctx, r); break;
		case SPECIAL_NO_ENTRY: check_no_entry(ctx, r); break;
		case SPECIAL_FROZEN: check_frozen(ctx, r, &placed); break;
		case SPECIAL_SCHEDULE: check_schedule(ctx, r, &ids); break;
		case SPECIAL_SUDDEN_DEATH: check_sudden_death(ctx, r); break;
		case SPECIAL_EXIT: check_exit(ctx, r); break;
		case SPECIAL_ADJUST: check_adjust(ctx, r); break;
		case SPECIAL_TURN_LIMIT: /* check_block: it counts them */
		case SPECIAL_KIND_COUNT: break;
		}
	}
	free(placed.items);
	free(ids.items);
}
