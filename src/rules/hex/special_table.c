#include "special_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"

static int side_index(const special_source *in, const char *id)
{
	for (int s = 0; s < SPECIAL_SIDES; s++)
		if (id && in->sides[s] && strcmp(in->sides[s], id) == 0)
			return s;
	return -1;
}

/* The sides a rule's side="…" binds: both when absent or "both". */
static void binds_of(const special_source *in, const special_rule *r, bool binds[SPECIAL_SIDES])
{
	bool both = !r->side.text || strcmp(r->side.text, "both") == 0;
	int s = both ? -1 : side_index(in, r->side.text);
	for (int k = 0; k < SPECIAL_SIDES; k++)
		binds[k] = both || k == s;
}

static int number_or_none(const sc_number *n)
{
	return n->given && n->valid ? (int)n->value : -1;
}

/* A group's units and condition; a frozen group names placed units
 * (unit_refs), a schedule brings its own (units, added to the game by
 * hex_game_create_at). */
static void read_group(special_group *f, const special_source *in, const special_rule *r)
{
	f->line = r->pos.line;
	f->side = side_index(in, r->side.text);
	size_t n = r->kind == SPECIAL_FROZEN ? r->unit_ref_count : r->unit_count;
	f->units = xcalloc(n + 1, sizeof *f->units);
	for (size_t i = 0; i < n; i++) {
		const char *id = r->kind == SPECIAL_FROZEN ? r->unit_refs[i].text : r->units[i].id.text;
		int u = id ? in->find_unit(in->game, id) : -1;
		if (u >= 0)
			f->units[f->unit_count++] = u;
	}
	f->turn = number_or_none(&r->when.turn);
	f->flags = number_or_none(&r->when.flags);
	f->flags_side = r->when.flags_side.text ? side_index(in, r->when.flags_side.text) :
		(f->side >= 0 ? 1 - f->side : -1);
	f->enemy_within = r->kind == SPECIAL_FROZEN ? number_or_none(&r->when.enemy_within) : -1;
}

/* The hex of an address of the rule that is on the board, in *idx. */
static bool hex_on(const special_source *in, const sc_address *a, long *idx)
{
	*idx = a->valid ? hex_index(in->board, a->cell) : -1;
	return *idx >= 0;
}

/* Whether a crossing closing `closes` ("river", "stream", "both") closes
 * terrain t: the terrain the ruleset calls water, that one alone when the
 * crossing names it (the same reading as validate's check of its fords). */
static bool crossing_closes(const char *closes, const rs_terrain *t)
{
	return t && t->water && (strcmp(closes, "both") == 0 || strcmp(closes, t->id) == 0);
}

/* The rule's hexes as written, for its refusals: "F5, J5". */
static void hex_list(special_entry *en, const special_rule *r)
{
	size_t used = 0;
	for (size_t i = 0; i < r->hex_count && used < sizeof en->hexes; i++)
		used += (size_t)snprintf(en->hexes + used, sizeof en->hexes - used, "%s%s", i ? ", " : "",
			r->hexes[i].text ? r->hexes[i].text : "?");
}

/* <exit>: its hexes for its side, each scoring the rule's vp. */
static void read_exit(hex_special *sp, const special_source *in, const special_rule *r, short e)
{
	special_entry *en = &sp->entries[e];
	hex_list(en, r);
	en->vp = number_or_none(&r->vp) >= 0 ? (int)r->vp.value : 1;
	for (int s = 0; s < SPECIAL_SIDES; s++)
		for (size_t i = 0; en->binds[s] && i < r->hex_count; i++) {
			long h;
			if (hex_on(in, &r->hexes[i], &h))
				sp->cells[(size_t)s * sp->hexes + (size_t)h].exit = e;
		}
}

static void read_crossing(hex_special *sp, const special_source *in, const special_rule *r, short e)
{
	special_entry *en = &sp->entries[e];
	const char *closes = r->option.text ? r->option.text : "both";
	hex_list(en, r);
	for (int s = 0; s < SPECIAL_SIDES; s++) {
		if (!en->binds[s])
			continue;
		special_cell *cells = &sp->cells[(size_t)s * sp->hexes];
		for (size_t h = 0; h < sp->hexes; h++)
			if (crossing_closes(closes, in->terrain[h]) && cells[h].closed < 0)
				cells[h].closed = e;
		for (size_t i = 0; i < r->hex_count; i++) {
			long h;
			if (hex_on(in, &r->hexes[i], &h) && crossing_closes(closes, in->terrain[h]))
				cells[h].ford = e;
		}
	}
}

static void read_no_entry(hex_special *sp, const special_source *in, const special_rule *r, short e)
{
	bool end_only = r->option.text && strcmp(r->option.text, "end") == 0;
	for (int s = 0; s < SPECIAL_SIDES; s++) {
		if (!sp->entries[e].binds[s])
			continue;
		special_cell *cells = &sp->cells[(size_t)s * sp->hexes];
		for (size_t i = 0; i < r->hex_count; i++) {
			long h;
			if (!hex_on(in, &r->hexes[i], &h))
				continue;
			if (end_only && cells[h].no_end < 0)
				cells[h].no_end = e;
			else if (!end_only)
				cells[h].closed = e;
		}
	}
}

static void read_adjust(hex_special *sp, const special_source *in, const special_rule *r)
{
	if (r->kind != SPECIAL_ADJUST || side_index(in, r->side.text) < 0)
		return;
	special_adjust *a = &sp->adjusts[sp->adjust_count++];
	a->line = r->pos.line;
	a->side = side_index(in, r->side.text);
	a->hand = r->hand.given && r->hand.valid ? (int)r->hand.value : 0;
	a->ground_gain = !(r->ground_gain.text && strcmp(r->ground_gain.text, "false") == 0);
	snprintf(a->unit_type, sizeof a->unit_type, "%s", r->unit_type.text ? r->unit_type.text : "");
	a->dice = r->dice.given && r->dice.valid ? (int)r->dice.value : 0;
}

/* The rules that end a game: sudden-death hexes and the turn limit. */
static void read_ending(hex_special *sp, const special_source *in, const special_rule *r)
{
	long h;
	if (r->kind == SPECIAL_SUDDEN_DEATH && r->hex_count == 1 && hex_on(in, &r->hexes[0], &h)) {
		special_sudden *d = &sp->sudden[sp->sudden_count++];
		d->line = r->pos.line;
		binds_of(in, r, d->binds);
		d->at = r->hexes[0].cell;
		hex_format(d->at, d->address);
	} else if (r->kind == SPECIAL_TURN_LIMIT && number_or_none(&r->turns) >= 1) {
		sp->limit.line = r->pos.line;
		sp->limit.turns = (int)r->turns.value;
		snprintf(sp->limit.outcome, sizeof sp->limit.outcome, "%s", r->option.text ? r->option.text : "objectives");
	}
}

/* frozen_of: the group of each unit a frozen group names. */
static void index_frozen(hex_special *sp)
{
	size_t units = 0;
	for (size_t i = 0; i < sp->frozen_count; i++)
		for (int k = 0; k < sp->frozen[i].unit_count; k++)
			if ((size_t)sp->frozen[i].units[k] + 1 > units)
				units = (size_t)sp->frozen[i].units[k] + 1;
	sp->frozen_units = units;
	sp->frozen_of = xmalloc((units ? units : 1) * sizeof *sp->frozen_of);
	for (size_t u = 0; u < units; u++)
		sp->frozen_of[u] = -1;
	for (size_t i = 0; i < sp->frozen_count; i++)
		for (int k = 0; k < sp->frozen[i].unit_count; k++) {
			int *of = &sp->frozen_of[sp->frozen[i].units[k]];
			*of = *of == -1 || *of == (int)i ? (int)i : SPECIAL_GROUPS_SEVERAL;
		}
}

hex_special *special_table_create(const special_source *in)
{
	const special_rules *sr = in->sc->special;
	size_t count = sr ? sr->count : 0;
	if (count == 0)
		return NULL;
	hex_special *sp = xcalloc(1, sizeof *sp);
	sp->entries = xcalloc(count, sizeof *sp->entries);
	sp->frozen = xcalloc(count, sizeof *sp->frozen);
	sp->hexes = hex_count(in->board);
	sp->cells = xmalloc((sp->hexes ? sp->hexes : 1) * SPECIAL_SIDES * sizeof *sp->cells);
	for (size_t i = 0; i < sp->hexes * SPECIAL_SIDES; i++)
		sp->cells[i] = (special_cell){ -1, -1, -1, -1 };
	sp->sudden = xcalloc(count, sizeof *sp->sudden);
	sp->adjusts = xcalloc(count, sizeof *sp->adjusts);
	for (size_t i = 0; i < sr->count; i++) {
		read_ending(sp, in, &sr->rules[i]);
		read_adjust(sp, in, &sr->rules[i]);
	}
	sp->schedules = xcalloc(count, sizeof *sp->schedules);
	for (size_t i = 0; i < sr->count; i++) {
		if (sr->rules[i].kind == SPECIAL_FROZEN)
			read_group(&sp->frozen[sp->frozen_count++], in, &sr->rules[i]);
		else if (sr->rules[i].kind == SPECIAL_SCHEDULE)
			read_group(&sp->schedules[sp->schedule_count++], in, &sr->rules[i]);
	}
	index_frozen(sp);
	/* No-entry closes a hex whatever a crossing says of it, so the
	 * crossings are read first and no-entry written over them. */
	static const special_kind passes[] = { SPECIAL_CROSSING, SPECIAL_NO_ENTRY, SPECIAL_EXIT };
	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < sr->count; i++) {
			const special_rule *r = &sr->rules[i];
			if (r->kind != passes[pass])
				continue;
			short e = (short)sp->entry_count++;
			special_entry *en = &sp->entries[e];
			en->kind = r->kind;
			en->line = r->pos.line;
			binds_of(in, r, en->binds);
			if (r->kind == SPECIAL_CROSSING)
				read_crossing(sp, in, r, e);
			else if (r->kind == SPECIAL_NO_ENTRY)
				read_no_entry(sp, in, r, e);
			else
				read_exit(sp, in, r, e);
		}
	/* A ford of any crossing of the side opens the hex: a side crosses
	 * where one of its crossings says it may. */
	for (size_t i = 0; i < sp->hexes * SPECIAL_SIDES; i++)
		if (sp->cells[i].ford >= 0 && sp->cells[i].closed >= 0 &&
			sp->entries[sp->cells[i].closed].kind == SPECIAL_CROSSING)
			sp->cells[i].closed = -1;
	return sp;
}

static special_group *groups_copy(const special_group *from, size_t n)
{
	special_group *to = xcalloc(n + 1, sizeof *to);
	for (size_t i = 0; i < n; i++) {
		to[i] = from[i];
		to[i].units = xcalloc((size_t)from[i].unit_count + 1, sizeof *to[i].units);
		memcpy(to[i].units, from[i].units, (size_t)from[i].unit_count * sizeof *to[i].units);
	}
	return to;
}

static void groups_free(special_group *groups, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(groups[i].units);
	free(groups);
}

hex_special *special_table_clone(const hex_special *sp)
{
	if (!sp)
		return NULL;
	hex_special *c = xmalloc(sizeof *c);
	*c = *sp;
	c->entries = xmalloc(sp->entry_count * sizeof *c->entries);
	memcpy(c->entries, sp->entries, sp->entry_count * sizeof *c->entries);
	size_t n = (sp->hexes ? sp->hexes : 1) * SPECIAL_SIDES;
	c->cells = xmalloc(n * sizeof *c->cells);
	memcpy(c->cells, sp->cells, n * sizeof *c->cells);
	c->adjusts = xmalloc((sp->adjust_count + 1) * sizeof *c->adjusts);
	memcpy(c->adjusts, sp->adjusts, sp->adjust_count * sizeof *c->adjusts);
	c->sudden = xmalloc((sp->sudden_count + 1) * sizeof *c->sudden);
	memcpy(c->sudden, sp->sudden, sp->sudden_count * sizeof *c->sudden);
	c->frozen = groups_copy(sp->frozen, sp->frozen_count);
	c->frozen_of = xmalloc((sp->frozen_units ? sp->frozen_units : 1) * sizeof *c->frozen_of);
	memcpy(c->frozen_of, sp->frozen_of, sp->frozen_units * sizeof *c->frozen_of);
	c->schedules = groups_copy(sp->schedules, sp->schedule_count);
	return c;
}

static bool groups_woken_alike(const special_group *a, const special_group *b, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (a[i].woken != b[i].woken)
			return false;
	return true;
}

bool special_table_same_state(const hex_special *a, const hex_special *b)
{
	if (!a || !b)
		return a == b;
	return a->frozen_count == b->frozen_count && a->schedule_count == b->schedule_count &&
		groups_woken_alike(a->frozen, b->frozen, a->frozen_count) &&
		groups_woken_alike(a->schedules, b->schedules, a->schedule_count);
}

void special_table_destroy(hex_special *sp)
{
	if (!sp)
		return;
	free(sp->entries);
	free(sp->cells);
	groups_free(sp->frozen, sp->frozen_count);
	free(sp->frozen_of);
	groups_free(sp->schedules, sp->schedule_count);
	free(sp->sudden);
	free(sp->adjusts);
	free(sp);
}


int special_table_hand(const hex_special *sp, int side)
{
	int hand = 0;
	for (size_t i = 0; sp && i < sp->adjust_count; i++)
		if (sp->adjusts[i].side == side)
			hand += sp->adjusts[i].hand;
	return hand;
}
