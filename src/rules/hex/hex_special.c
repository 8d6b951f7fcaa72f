#include "hex_special.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../../model/special_rules.h"

/* One rule of the scenario as the referee needs it: what it is, where it
 * is written, whom it binds, and the words a refusal quotes.  Copied out
 * of the scenario so that the game does not outlive what it points to. */
typedef struct special_entry {
	special_kind kind;
	int line;
	bool binds[GAME_SIDES];
	char closes[16];        /* crossing: the terrain it closes, or "water" */
	char hexes[160];        /* crossing: its fords, as a list for messages */
} special_entry;

/* What the rules say of one hex for one side: the rule (index into
 * entries) that closes it, makes it a ford, or forbids ending there; -1
 * for none. */
typedef struct special_cell {
	short closed;
	short ford;
	short no_end;
} special_cell;

struct hex_special {
	special_entry *entries;
	size_t entry_count;
	size_t hexes;            /* cells per side */
	special_cell *cells;     /* [side * hexes + hex index] */
};

static int side_index(const hex_game *g, const char *id)
{
	for (int s = 0; s < GAME_SIDES; s++)
		if (id && g->sides[s].id && strcmp(g->sides[s].id, id) == 0)
			return s;
	return -1;
}

/* The sides a rule's side="…" binds: both when absent or "both". */
static void binds_of(const hex_game *g, const special_rule *r, bool binds[GAME_SIDES])
{
	bool both = !r->side.text || strcmp(r->side.text, "both") == 0;
	int s = both ? -1 : side_index(g, r->side.text);
	for (int k = 0; k < GAME_SIDES; k++)
		binds[k] = both || k == s;
}

static bool enforced(special_kind kind)
{
	return kind == SPECIAL_CROSSING || kind == SPECIAL_NO_ENTRY;
}

/* The hex of an address of the rule that is on the board, in *idx. */
static bool hex_on(const hex_game *g, const sc_address *a, long *idx)
{
	*idx = a->valid ? hex_index(&g->board, a->cell) : -1;
	return *idx >= 0;
}

/* Whether a crossing closing `closes` ("river", "stream", "both") closes
 * terrain t: the terrain the ruleset calls water, that one alone when the
 * crossing names it (the same reading as validate's check of its fords). */
static bool crossing_closes(const char *closes, const rs_terrain *t)
{
	return t && t->water && (strcmp(closes, "both") == 0 || strcmp(closes, t->id) == 0);
}

static void read_crossing(hex_special *sp, const hex_game *g, const special_rule *r, short e)
{
	special_entry *en = &sp->entries[e];
	const char *closes = r->option.text ? r->option.text : "both";
	snprintf(en->closes, sizeof en->closes, "%s", strcmp(closes, "both") == 0 ? "water" : closes);
	size_t used = 0;
	for (size_t i = 0; i < r->hex_count && used < sizeof en->hexes; i++)
		used += (size_t)snprintf(en->hexes + used, sizeof en->hexes - used, "%s%s", i ? ", " : "",
			r->hexes[i].text ? r->hexes[i].text : "?");
	for (int s = 0; s < GAME_SIDES; s++) {
		if (!en->binds[s])
			continue;
		special_cell *cells = &sp->cells[(size_t)s * sp->hexes];
		for (size_t h = 0; h < sp->hexes; h++)
			if (crossing_closes(closes, g->terrain[h]) && cells[h].closed < 0)
				cells[h].closed = e;
		for (size_t i = 0; i < r->hex_count; i++) {
			long h;
			if (hex_on(g, &r->hexes[i], &h) && crossing_closes(closes, g->terrain[h]))
				cells[h].ford = e;
		}
	}
}

static void read_no_entry(hex_special *sp, const hex_game *g, const special_rule *r, short e)
{
	bool end_only = r->option.text && strcmp(r->option.text, "end") == 0;
	for (int s = 0; s < GAME_SIDES; s++) {
		if (!sp->entries[e].binds[s])
			continue;
		special_cell *cells = &sp->cells[(size_t)s * sp->hexes];
		for (size_t i = 0; i < r->hex_count; i++) {
			long h;
			if (!hex_on(g, &r->hexes[i], &h))
				continue;
			if (end_only && cells[h].no_end < 0)
				cells[h].no_end = e;
			else if (!end_only)
				cells[h].closed = e;
		}
	}
}

hex_special *hex_special_create(const scenario *sc, const hex_game *g)
{
	const special_rules *sr = sc->special;
	size_t count = 0;
	for (size_t i = 0; sr && i < sr->count; i++)
		count += enforced(sr->rules[i].kind);
	if (count == 0)
		return NULL;
	hex_special *sp = xcalloc(1, sizeof *sp);
	sp->entries = xcalloc(count, sizeof *sp->entries);
	sp->hexes = hex_count(&g->board);
	sp->cells = xmalloc((sp->hexes ? sp->hexes : 1) * GAME_SIDES * sizeof *sp->cells);
	for (size_t i = 0; i < sp->hexes * GAME_SIDES; i++)
		sp->cells[i] = (special_cell){ -1, -1, -1 };
	/* No-entry closes a hex whatever a crossing says of it, so the
	 * crossings are read first and no-entry written over them. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < sr->count; i++) {
			const special_rule *r = &sr->rules[i];
			if (r->kind != (pass == 0 ? SPECIAL_CROSSING : SPECIAL_NO_ENTRY))
				continue;
			short e = (short)sp->entry_count++;
			special_entry *en = &sp->entries[e];
			en->kind = r->kind;
			en->line = r->pos.line;
			binds_of(g, r, en->binds);
			if (r->kind == SPECIAL_CROSSING)
				read_crossing(sp, g, r, e);
			else
				read_no_entry(sp, g, r, e);
		}
	/* A ford of any crossing of the side opens the hex: a side crosses
	 * where one of its crossings says it may. */
	for (size_t i = 0; i < sp->hexes * GAME_SIDES; i++)
		if (sp->cells[i].ford >= 0 && sp->cells[i].closed >= 0 &&
			sp->entries[sp->cells[i].closed].kind == SPECIAL_CROSSING)
			sp->cells[i].closed = -1;
	return sp;
}

hex_special *hex_special_clone(const hex_special *sp)
{
	if (!sp)
		return NULL;
	hex_special *c = xmalloc(sizeof *c);
	*c = *sp;
	c->entries = xmalloc(sp->entry_count * sizeof *c->entries);
	memcpy(c->entries, sp->entries, sp->entry_count * sizeof *c->entries);
	size_t n = (sp->hexes ? sp->hexes : 1) * GAME_SIDES;
	c->cells = xmalloc(n * sizeof *c->cells);
	memcpy(c->cells, sp->cells, n * sizeof *c->cells);
	return c;
}

void hex_special_destroy(hex_special *sp)
{
	if (!sp)
		return;
	free(sp->entries);
	free(sp->cells);
	free(sp);
}

/* The refusal of rule `e` for `side` at h; the rule id is the element's
 * name, the scenario line says where the player reads it. */
static void refuse(const hex_game *g, const special_entry *en, int side, hex_coord h, bool closed, rules_error *why)
{
	char there[HEX_ADDRESS_MAX];
	hex_format(h, there);
	const char *rule = special_kind_name(en->kind);
	const char *who = g->sides[side].id;
	if (en->kind == SPECIAL_CROSSING)
		rules_fail(why, rule, "%s is %s, which %s may cross only at its fords (%s), by the scenario's special rule "
			"on line %d", there, hex_game_terrain_id(g, h), who, en->hexes, en->line);
	else if (closed)
		rules_fail(why, rule, "%s is closed to %s by the scenario's special rule on line %d", there, who, en->line);
	else
		rules_fail(why, rule, "%s may be passed but not ended on by %s, by the scenario's special rule on line %d",
			there, who, en->line);
}

void hex_special_step_at(const hex_game *g, int side, hex_coord h, hex_special_step *v)
{
	v->closed = v->ford = v->no_end = false;
	rules_error_clear(&v->why);
	const hex_special *sp = g->special;
	long idx = sp && side >= 0 && side < GAME_SIDES ? hex_index(&g->board, h) : -1;
	if (idx < 0)
		return;
	const special_cell *c = &sp->cells[(size_t)side * sp->hexes + (size_t)idx];
	v->ford = c->ford >= 0;
	if (c->closed >= 0) {
		v->closed = true;
		refuse(g, &sp->entries[c->closed], side, h, true, &v->why);
	} else if (c->no_end >= 0) {
		v->no_end = true;
		refuse(g, &sp->entries[c->no_end], side, h, false, &v->why);
	}
}
