#include "hex_game.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../base/util.h"
#include "../../model/special_rules.h"
#include "sight_lines.h"
#include "special_table.h"

/* The shared names' count of games (hex_game.names); games of one
 * match may be copied and let go on several threads. */
struct hex_names {
	atomic_int refs;
	/* Attribute values a scenario gives that its ruleset does not list,
	 * copied once when the game is made (attr_value). */
	char **kept;
	size_t kept_count;
};

static const char *names_keep(struct hex_names *n, const char *text)
{
	n->kept = xrealloc(n->kept, (n->kept_count + 1) * sizeof *n->kept);
	return n->kept[n->kept_count++] = xstrdup(text);
}

/* The value of an attribute a unit starts with: the ruleset's own
 * spelling when it lists it (the ruleset outlives every game on it),
 * else a copy the game's names keep. */
static const char *attr_value(hex_game *g, const rs_allow *allow, const char *text)
{
	if (!text)
		return NULL;
	for (size_t i = 0; i < allow->value_count; i++)
		if (strcmp(allow->values[i], text) == 0)
			return allow->values[i];
	if (allow->default_value && strcmp(allow->default_value, text) == 0)
		return allow->default_value;
	return names_keep(g->names, text);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static int side_of(const scenario *sc, const char *id)
{
	for (size_t i = 0; i < sc->side_count && i < GAME_SIDES; i++)
		if (sc->sides[i].id.text && id && strcmp(sc->sides[i].id.text, id) == 0)
			return (int)i;
	return -1;
}

/* A unit of the scenario, placed (the position says it stands on the
 * board) or (reserve) waiting off the board with its entry hex. */
static void add_unit(hex_game *g, const sc_unit *su, bool placed, bool reserve)
{
	const ruleset *rs = g->rs;
	hex_unit *u = &g->units[g->unit_count];
	u->type = su->type.text ? ruleset_find_unit_type(rs, su->type.text) : NULL;
	const sc_address *where = reserve ? &su->entry : &su->at;
	if (!u->type || su->side >= GAME_SIDES || !placed) {
		u->type = NULL;
		return;
	}
	u->id = dup_or_null(su->id.text ? su->id.text : "?");
	u->name = dup_or_null(su->name.text);
	u->side = (int)su->side;
	u->at = where->cell;
	u->full = u->type->figures;
	u->figures = su->figures.valid ? (int)su->figures.value : u->full;
	u->reserve = reserve && u->figures > 0;
	u->entry = reserve ? where->cell : (hex_coord){ -1, -1 };
	u->alive = !reserve && u->figures > 0;
	u->brigade = -1;
	for (int a = 0; a < SC_UNIT_ATTRIBUTES; a++) {
		const rs_allow *allow = ruleset_unit_allows(u->type, sc_unit_attribute_names[a]);
		if (!allow)
			continue;
		u->attr[a] = attr_value(g, allow, su->attributes[a].text ? su->attributes[a].text : allow->default_value);
	}
	hex_game_unit_attrs_changed(g->rs, u);
	g->unit_count++;
}

/* The units a scenario's <schedule> rules bring. */
static size_t scheduled_count(const scenario *sc)
{
	size_t n = 0;
	for (size_t i = 0; sc->special && i < sc->special->count; i++)
		if (sc->special->rules[i].kind == SPECIAL_SCHEDULE)
			n += sc->special->rules[i].unit_count;
	return n;
}

/* A <schedule>'s units come last, after the reserves, so that every other
 * unit keeps its index: off the board (alive false, `scheduled`) until
 * hex_special_arrivals brings them onto their hexes. */
static void add_scheduled(hex_game *g, const scenario *sc)
{
	for (size_t i = 0; sc->special && i < sc->special->count; i++) {
		const special_rule *r = &sc->special->rules[i];
		int side = side_of(sc, r->side.text);
		for (size_t k = 0; r->kind == SPECIAL_SCHEDULE && side >= 0 && k < r->unit_count; k++) {
			sc_unit su = r->units[k];
			su.side = (size_t)side;
			size_t before = g->unit_count;
			add_unit(g, &su, su.at.valid && hex_on_board(&g->board, su.at.cell), false);
			if (g->unit_count > before && g->units[before].alive) {
				g->units[before].alive = false;
				g->units[before].scheduled = true;
			}
		}
	}
}

static int find_unit(const void *game, const char *id)
{
	return hex_game_find_unit(game, id);
}

/* The table of the scenario's special rules for this game, once its
 * terrain, sides and units are in place. */
static struct hex_special *special_table_of(const hex_game *g, const scenario *sc)
{
	special_source in = { sc, &g->board, g->terrain, { g->sides[0].id, g->sides[1].id }, find_unit, g };
	return special_table_create(&in);
}

hex_game *hex_game_create(const scenario *sc, const ruleset *rs)
{
	position *pos = position_create(sc, rs);
	hex_game *g = hex_game_create_at(pos);
	position_destroy(pos);
	return g;
}

/* Unit `unit` comes to h (+1) or leaves it (-1): the count of living units
 * there follows, and the one unit standing alone there when it is one
 * (found among the others when a second one leaves).  Nothing off the board. */
static void occupy(hex_game *g, hex_coord h, int delta, int unit)
{
	long i = hex_index(&g->board, h);
	if (i < 0)
		return;
	g->occupants[i] = (unsigned short)(g->occupants[i] + delta);
	if (g->occupants[i] != 1)
		return;
	if (delta > 0) {
		g->lone[i] = unit;
		return;
	}
	for (size_t k = 0; k < g->unit_count; k++)
		if ((int)k != unit && g->units[k].alive && grid_cell_equal(g->units[k].at, h))
			g->lone[i] = (int)k;
}

/* A living general comes to h (+1) or leaves it (-1). */
static void general_occupy(hex_game *g, hex_coord h, int delta)
{
	long i = hex_index(&g->board, h);
	if (i >= 0)
		g->generals_on[i] = (unsigned char)(g->generals_on[i] + delta);
}

/* Whether a living general may stand on h: false only where the index
 * says none does (on the board). */
static bool general_maybe_at(const hex_game *g, hex_coord h)
{
	long i = hex_index(&g->board, h);
	return i < 0 || g->generals_on[i] > 0;
}

/* How many living units stand on h (-1 off the board: unknown, look at
 * each), and in *lone the one when it is one. */
static int occupants_at(const hex_game *g, hex_coord h, int *lone)
{
	long i = hex_index(&g->board, h);
	if (i < 0)
		return -1;
	*lone = g->lone[i];
	return g->occupants[i];
}

static size_t id_hash(const char *id)
{
	uint32_t h = 2166136261u;
	for (const unsigned char *c = (const unsigned char *)id; *c; c++)
		h = (h ^ *c) * 16777619u;
	return h;
}

/* unit_by_id, once a game: each unit with an id at the first free slot
 * from its hash, in the order of the units, so that of equal ids the
 * first is found as a scan finds it. */
static void index_ids(hex_game *g)
{
	size_t slots = 8;
	while (slots < 2 * g->unit_count)
		slots *= 2;
	g->unit_id_slots = slots;
	g->unit_by_id = xcalloc(slots, sizeof *g->unit_by_id);
	for (size_t i = 0; i < g->unit_count; i++) {
		if (!g->units[i].id)
			continue;
		size_t k = id_hash(g->units[i].id) & (slots - 1);
		while (g->unit_by_id[k])
			k = (k + 1) & (slots - 1);
		g->unit_by_id[k] = (int)i + 1;
	}
}

hex_game *hex_game_create_at(const position *pos)
{
	const scenario *sc = pos->sc;
	const ruleset *rs = pos->rs;
	hex_board board;
	if (!pos->board_ok || !scenario_board(sc, rs, &board) || sc->side_count != GAME_SIDES)
		return NULL;
	hex_game *g = xcalloc(1, sizeof *g);
	g->rs = rs;
	g->board = board;
	g->names = xcalloc(1, sizeof *g->names);
	atomic_init(&g->names->refs, 1);
	g->scenario_id = dup_or_null(sc->id.text);
	g->winner = -1;
	/* The position is the start and is never changed; the game keeps its
	 * own index of what stands where, which every move, loss and retreat
	 * changes.  Terrain and fieldworks are copied cell by cell (a dig card
	 * adds fieldworks later). */
	size_t n = hex_count(&board);
	g->terrain = xcalloc(n ? n : 1, sizeof *g->terrain);
	g->fieldworks = xcalloc(n ? n : 1, sizeof *g->fieldworks);
	const rs_terrain *clear = ruleset_unlisted_terrain(rs);
	for (size_t i = 0; i < n; i++) {
		const position_cell *c = position_at(pos, hex_from_index(&board, i));
		g->terrain[i] = c && c->terrain ? c->terrain : clear;
		g->fieldworks[i] = c && c->terrain_entry >= 0 && sc->terrain[c->terrain_entry].fieldworks;
	}
	g->sight_lines = sight_lines_of_map(&board, g->terrain);

	g->first_side = -1;
	for (int s = 0; s < GAME_SIDES; s++) {
		const sc_side *ss = &sc->sides[s];
		hex_side *gs = &g->sides[s];
		gs->id = dup_or_null(ss->id.text ? ss->id.text : "?");
		gs->home_north = ss->home.text && strcmp(ss->home.text, "north") == 0;
		gs->hand_size = ss->cards.valid ? (int)ss->cards.value : 0;
		gs->target = ss->victory.valid ? (int)ss->victory.value : rs->victory.default_target;
		if (ss->first)
			g->first_side = s;
	}

	g->objectives = xcalloc(sc->objective_count ? sc->objective_count : 1, sizeof *g->objectives);
	for (size_t i = 0; i < sc->objective_count; i++) {
		const sc_objective *o = &sc->objectives[i];
		if (!pos->objectives[i].placed)
			continue;
		hex_objective *go = &g->objectives[g->objective_count++];
		go->at = o->at.cell;
		go->vp = o->vp.valid ? (int)o->vp.value : 1;
		go->side = o->for_side.text && strcmp(o->for_side.text, "both") != 0 ?
			side_of(sc, o->for_side.text) : -1;
	}

	g->units = xcalloc(sc->unit_count + sc->reserve_count + scheduled_count(sc) + 1, sizeof *g->units);
	for (size_t i = 0; i < sc->unit_count; i++)
		add_unit(g, &sc->units[i], pos->units[i].placed, false);

	g->generals = xcalloc(sc->general_count ? sc->general_count : 1, sizeof *g->generals);
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *sg = &sc->generals[i];
		if (sg->side >= GAME_SIDES || !pos->generals[i].placed)
			continue;
		hex_general *gg = &g->generals[g->general_count++];
		gg->id = dup_or_null(sg->id.text ? sg->id.text : "?");
		gg->name = dup_or_null(sg->name.text);
		gg->side = (int)sg->side;
		gg->at = sg->at.cell;
		gg->alive = true;
		gg->brigade = -1;
	}

	g->brigade_capacity = g->general_count + sc->brigade_count + 1;
	g->brigades = xcalloc(g->brigade_capacity, sizeof *g->brigades);
	for (size_t i = 0; i < sc->brigade_count; i++) {
		const sc_brigade *sb = &sc->brigades[i];
		int gen = hex_game_find_general(g, sb->general.text);
		if (gen < 0 || g->generals[gen].brigade >= 0)
			continue;
		hex_brigade *b = &g->brigades[g->brigade_count];
		b->id = dup_or_null(sb->id.text ? sb->id.text : "?");
		b->side = g->generals[gen].side;
		b->general = gen;
		b->alive = true;
		for (size_t k = 0; k < sb->unit_count && b->unit_count < GAME_MAX_BRIGADE_UNITS; k++) {
			int u = hex_game_find_unit(g, sb->units[k]);
			if (u >= 0 && g->units[u].brigade < 0) {
				b->units[b->unit_count++] = u;
				g->units[u].brigade = (int)g->brigade_count;
			}
		}
		g->generals[gen].brigade = (int)g->brigade_count;
		g->brigade_count++;
	}

	/* §8.1: the reserves come last, so that the placed units keep their
	 * indices and no brigade of the scenario takes in a unit off the board. */
	for (size_t i = 0; i < sc->reserve_count; i++) {
		size_t before = g->unit_count;
		/* Reserves wait off the board: the position does not hold them,
		 * only their entry hex must be on it. */
		const sc_address *entry = &sc->reserves[i].entry;
		add_unit(g, &sc->reserves[i], entry->valid && hex_on_board(&g->board, entry->cell), true);
		if (g->unit_count > before && g->units[before].reserve)
			g->sides[g->units[before].side].reserves++;
	}

	add_scheduled(g, sc);

	index_ids(g);
	g->occupants = xcalloc(n ? n : 1, sizeof *g->occupants);
	g->lone = xcalloc(n ? n : 1, sizeof *g->lone);
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].alive)
			occupy(g, g->units[i].at, 1, (int)i);
	g->generals_on = xcalloc(n ? n : 1, sizeof *g->generals_on);
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive)
			general_occupy(g, g->generals[i].at, 1);
	g->flag_face = hex_game_face(g, ruleset_retreat_face(rs));
	g->special = special_table_of(g, sc);
	for (int s = 0; s < GAME_SIDES; s++) {
		int more = special_table_hand(g->special, s);
		if (more != 0)   /* <adjust hand>: at least one card stays */
			g->sides[s].hand_size = g->sides[s].hand_size + more < 1 ? 1 : g->sides[s].hand_size + more;
	}
	return g;
}

/* A game lets go of its names: true when it was the last to hold them,
 * which then frees them. */
static bool names_release(struct hex_names *n)
{
	if (atomic_fetch_sub_explicit(&n->refs, 1, memory_order_acq_rel) != 1)
		return false;
	for (size_t i = 0; i < n->kept_count; i++)
		free(n->kept[i]);
	free(n->kept);
	free(n);
	return true;
}

static void unit_strings_free(void *item)
{
	hex_unit *u = item;
	free(u->id);
	free(u->name);
}

static void general_strings_free(void *item)
{
	hex_general *gen = item;
	free(gen->id);
	free(gen->name);
}

/* The names a game shares with its copies (hex_game.names). */
static void names_free(hex_game *g)
{
	for (size_t i = 0; i < g->unit_count; i++)
		unit_strings_free(&g->units[i]);
	array_free(g->generals, g->general_count, sizeof *g->generals, general_strings_free);
	for (int s = 0; s < GAME_SIDES; s++)
		free(g->sides[s].id);
	free(g->scenario_id);
}

void hex_game_destroy(hex_game *g)
{
	if (!g)
		return;
	if (names_release(g->names))
		names_free(g);
	else
		free(g->generals);
	free(g->units);
	for (size_t i = 0; i < g->brigade_count; i++)
		free(g->brigades[i].id);
	free(g->brigades);
	free(g->objectives);
	free(g->terrain);
	free(g->fieldworks);
	free(g->occupants);
	free(g->lone);
	free(g->generals_on);
	free(g->unit_by_id);
	free(g->player_memo);
	special_table_destroy(g->special);
	free(g);
}

/* A copy of count items of `size` bytes (room for one at least: an empty
 * list is still an allocation, as the game's lists are). */
static void *copy_items(const void *items, size_t count, size_t size)
{
	/* Not cleared first: every byte of it is copied (a game is copied
	 * for every playout). */
	void *c = xmalloc((count ? count : 1) * size);
	memcpy(c, items, count * size);
	return c;
}

static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static bool units_alike(const hex_unit *a, const hex_unit *b)
{
	if (a->side != b->side || a->type != b->type || !grid_cell_equal(a->at, b->at) || a->figures != b->figures ||
		a->full != b->full || a->alive != b->alive || a->brigade != b->brigade || a->reserve != b->reserve ||
		!grid_cell_equal(a->entry, b->entry) || a->scheduled != b->scheduled || a->exited != b->exited)
		return false;
	for (int k = 0; k < SC_UNIT_ATTRIBUTES; k++)
		if (!same_text(a->attr[k], b->attr[k]))
			return false;
	return true;
}

static bool brigades_alike(const hex_brigade *a, const hex_brigade *b)
{
	return a->side == b->side && a->general == b->general && a->alive == b->alive && a->unit_count == b->unit_count &&
		memcmp(a->units, b->units, (size_t)a->unit_count * sizeof *a->units) == 0;
}

bool hex_game_same(const hex_game *a, const hex_game *b)
{
	size_t n = hex_count(&a->board);
	if (a->rs != b->rs || n != hex_count(&b->board) || a->unit_count != b->unit_count ||
		a->general_count != b->general_count || a->brigade_count != b->brigade_count || a->winner != b->winner ||
		a->drawn != b->drawn || a->first_side != b->first_side || memcmp(a->turns, b->turns, sizeof a->turns) != 0 ||
		memcmp(a->terrain, b->terrain, n * sizeof *a->terrain) != 0 ||
		memcmp(a->fieldworks, b->fieldworks, n * sizeof *a->fieldworks) != 0 ||
		!special_table_same_state(a->special, b->special) || !same_text(a->scenario_id, b->scenario_id) ||
		a->objective_count != b->objective_count ||
		memcmp(a->objectives, b->objectives, a->objective_count * sizeof *a->objectives) != 0)
		return false;
	for (int s = 0; s < GAME_SIDES; s++) {
		const hex_side *x = &a->sides[s], *y = &b->sides[s];
		if (x->home_north != y->home_north || x->hand_size != y->hand_size || x->target != y->target ||
			x->flags != y->flags || x->reserves != y->reserves)
			return false;
	}
	for (size_t i = 0; i < a->unit_count; i++)
		if (!units_alike(&a->units[i], &b->units[i]))
			return false;
	for (size_t i = 0; i < a->general_count; i++) {
		const hex_general *x = &a->generals[i], *y = &b->generals[i];
		if (x->side != y->side || !grid_cell_equal(x->at, y->at) || x->alive != y->alive || x->brigade != y->brigade)
			return false;
	}
	for (size_t i = 0; i < a->brigade_count; i++)
		if (!brigades_alike(&a->brigades[i], &b->brigades[i]))
			return false;
	return true;
}

hex_game *hex_game_clone(const hex_game *g)
{
	hex_game *c = xmalloc(sizeof *c);
	*c = *g;
	size_t n = hex_count(&g->board);
	atomic_fetch_add_explicit(&g->names->refs, 1, memory_order_relaxed);
	c->special = special_table_clone(g->special);
	c->terrain = copy_items(g->terrain, n, sizeof *c->terrain);
	c->fieldworks = copy_items(g->fieldworks, n, sizeof *c->fieldworks);
	c->occupants = copy_items(g->occupants, n, sizeof *c->occupants);
	c->lone = copy_items(g->lone, n, sizeof *c->lone);
	c->generals_on = copy_items(g->generals_on, n, sizeof *c->generals_on);
	c->unit_by_id = copy_items(g->unit_by_id, g->unit_id_slots, sizeof *c->unit_by_id);
	c->player_memo = g->player_memo ? copy_items(g->player_memo, 1, g->player_memo_size) : NULL;
	c->objectives = copy_items(g->objectives, g->objective_count, sizeof *c->objectives);
	c->units = copy_items(g->units, g->unit_count, sizeof *c->units);
	c->generals = copy_items(g->generals, g->general_count, sizeof *c->generals);
	/* The brigades keep their capacity: forming one appends in place. */
	c->brigades = xcalloc(g->brigade_capacity, sizeof *c->brigades);
	memcpy(c->brigades, g->brigades, g->brigade_count * sizeof *c->brigades);
	for (size_t i = 0; i < g->brigade_count; i++)
		c->brigades[i].id = dup_or_null(g->brigades[i].id);
	return c;
}

void hex_game_rule(const hex_game *g, const char *section, char *buf, size_t size)
{
	snprintf(buf, size, "%s-%s", g->rs->rule_prefix ? g->rs->rule_prefix : "rule", section);
}

const char *hex_game_terrain_id(const hex_game *g, hex_coord h)
{
	const rs_terrain *t = hex_game_terrain(g, h);
	if (!t)
		t = ruleset_unlisted_terrain(g->rs);
	return t ? t->id : "";
}

bool hex_game_passable(const hex_game *g, hex_coord h)
{
	if (!hex_game_on_board(g, h))
		return false;
	const rs_terrain *t = hex_game_terrain(g, h);
	return !t || t->passable;
}

int hex_game_units_at(const hex_game *g, hex_coord h, int side, int *out, int max)
{
	int n = 0, lone = -1;
	int known = occupants_at(g, h, &lone);
	if (known == 0)
		return 0;
	if (known == 1) {
		if (side >= 0 && g->units[lone].side != side)
			return 0;
		if (out && max > 0)
			out[0] = lone;
		return 1;
	}
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (!u->alive || !grid_cell_equal(u->at, h) || (side >= 0 && u->side != side))
			continue;
		if (out && n < max)
			out[n] = (int)i;
		n++;
	}
	return n;
}

int hex_game_general_at(const hex_game *g, hex_coord h)
{
	if (!general_maybe_at(g, h))
		return -1;
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive && grid_cell_equal(g->generals[i].at, h))
			return (int)i;
	return -1;
}

bool hex_game_occupied_off_board(const hex_game *g, hex_coord h)
{
	return hex_game_units_at(g, h, -1, NULL, 0) > 0 || hex_game_general_at(g, h) >= 0;
}

int hex_game_find_unit(const hex_game *g, const char *id)
{
	if (!id)
		return -1;
	if (!g->unit_by_id) {   /* the game is still being made */
		const hex_unit *u = array_find_id(g->units, g->unit_count, sizeof *g->units, id);
		return u ? (int)(u - g->units) : -1;
	}
	size_t mask = g->unit_id_slots - 1;
	for (size_t k = id_hash(id) & mask; g->unit_by_id[k]; k = (k + 1) & mask)
		if (strcmp(g->units[g->unit_by_id[k] - 1].id, id) == 0)
			return g->unit_by_id[k] - 1;
	return -1;
}

int hex_game_find_general(const hex_game *g, const char *id)
{
	const hex_general *gen = array_find_id(g->generals, g->general_count, sizeof *g->generals, id);
	return gen ? (int)(gen - g->generals) : -1;
}

int hex_game_find_brigade(const hex_game *g, const char *id)
{
	if (!id)
		return -1;
	for (size_t i = 0; i < g->brigade_count; i++)
		if (g->brigades[i].alive && strcmp(g->brigades[i].id, id) == 0)
			return (int)i;
	return -1;
}

int hex_game_side_index(const hex_game *g, const char *id)
{
	for (int s = 0; s < GAME_SIDES; s++)
		if (id && strcmp(g->sides[s].id, id) == 0)
			return s;
	return -1;
}

bool hex_game_resolve_ref(const hex_game *g, const char *token, hex_ref *out)
{
	int u = hex_game_find_unit(g, token);
	if (u >= 0) {
		*out = (hex_ref){ REF_UNIT, u };
		return true;
	}
	int gen = hex_game_find_general(g, token);
	if (gen >= 0) {
		*out = (hex_ref){ REF_GENERAL, gen };
		return true;
	}
	hex_coord h;
	if (!hex_parse(token, &h) || !hex_game_on_board(g, h))
		return false;
	int units[2];
	int n = hex_game_units_at(g, h, -1, units, 2);
	if (n == 1) {
		*out = (hex_ref){ REF_UNIT, units[0] };
		return true;
	}
	if (n == 0) {
		int ge = hex_game_general_at(g, h);
		if (ge >= 0) {
			*out = (hex_ref){ REF_GENERAL, ge };
			return true;
		}
	}
	return false;
}

const char *hex_game_ref_id(const hex_game *g, hex_ref r)
{
	if (r.kind == REF_UNIT)
		return g->units[r.index].id;
	if (r.kind == REF_GENERAL)
		return g->generals[r.index].id;
	return "?";
}

const char *hex_game_ref_absence(const hex_game *g, hex_ref r)
{
	if (r.kind == REF_UNIT && g->units[r.index].reserve)
		return "is in reserve, off the board";
	if (r.kind == REF_UNIT && g->units[r.index].scheduled)
		return "has not arrived yet: the scenario's schedule brings it";
	if (r.kind == REF_UNIT && g->units[r.index].exited)
		return "has left the board by an exit hex";
	return "is no longer in play";
}

const char *hex_game_unit_attr(const hex_unit *u, const char *attribute)
{
	/* The first letter tells most names apart before a comparison. */
	for (int a = 0; a < SC_UNIT_ATTRIBUTES; a++)
		if (sc_unit_attribute_names[a][0] == attribute[0] && strcmp(sc_unit_attribute_names[a], attribute) == 0)
			return u->attr[a];
	return NULL;
}

bool hex_game_unit_has(const hex_unit *u, const rs_when *when)
{
	if (!when->attribute)
		return true;
	const char *v = hex_game_unit_attr(u, when->attribute);
	return v && when->value && strcmp(v, when->value) == 0;
}

const rs_threshold *hex_game_unit_threshold(const ruleset *rs, const hex_unit *u)
{
	const char *quality = hex_game_unit_attr(u, "quality");
	for (size_t i = 0; i < rs->retreat.threshold_count; i++) {
		const rs_threshold *t = &rs->retreat.thresholds[i];
		if (strcmp(t->unit_type, u->type->id) == 0 && quality && strcmp(t->quality, quality) == 0)
			return t;
	}
	return NULL;
}

/* hex_unit.move_hexes and battle_after_hexes from the type's movement
 * entries whose conditions the unit meets. */
static void unit_moves_found(hex_unit *u)
{
	u->move_hexes = 0;
	u->battle_after_hexes = -1;
	for (size_t i = 0; i < u->type->move_count; i++) {
		const rs_move *m = &u->type->moves[i];
		if (!hex_game_unit_matches(u, &m->when))
			continue;
		if (m->hexes > u->move_hexes)
			u->move_hexes = m->hexes;
		if (m->battle && m->hexes > u->battle_after_hexes)
			u->battle_after_hexes = m->hexes;
	}
}

void hex_game_unit_attrs_changed(const ruleset *rs, hex_unit *u)
{
	u->dice = NULL;
	for (size_t i = 0; i < u->type->dice_count && !u->dice; i++)
		if (hex_game_unit_matches(u, &u->type->dice[i].when))
			u->dice = &u->type->dice[i];
	u->threshold = hex_game_unit_threshold(rs, u);
	unit_moves_found(u);
}

/* hex_game_unit_general where a general may stand: look at each. */
int hex_game_unit_general_found(const hex_game *g, int unit)
{
	const hex_unit *u = &g->units[unit];
	for (size_t i = 0; i < g->general_count; i++) {
		const hex_general *gg = &g->generals[i];
		if (gg->alive && gg->side == u->side && grid_cell_equal(gg->at, u->at))
			return (int)i;
	}
	return -1;
}

bool hex_game_general_stays(const hex_game *g, int gen)
{
	return gen >= 0 && g->generals[gen].brigade >= 0 && g->brigades[g->generals[gen].brigade].alive;
}

int hex_game_general_units(const hex_game *g, int general, int *out, int max)
{
	const hex_general *gg = &g->generals[general];
	return hex_game_units_at(g, gg->at, gg->side, out, max);
}

int hex_game_section_count(const hex_game *g)
{
	return (int)g->rs->section_count;
}

/* §1: a side names the sections from its own seat, left to right: the
 * side whose home edge is south sees them west to east, the other side
 * the other way round. */
static int seat_section(const hex_game *g, int side, int index)
{
	return g->sides[side].home_north ? hex_game_section_count(g) - 1 - index : index;
}

unsigned hex_game_flank_section(const hex_game *g, int side, hex_flank flank)
{
	return flank >= 0 && flank < hex_game_section_count(g) ? 1u << seat_section(g, side, flank) : 0;
}

hex_flank hex_game_section_flank(const hex_game *g, int side, unsigned section)
{
	int index = 0;
	while (index < hex_game_section_count(g) && !(section & (1u << index)))
		index++;
	return index < hex_game_section_count(g) ? seat_section(g, side, index) : -1;
}

hex_flank hex_game_flank_parse(const hex_game *g, const char *word)
{
	for (int f = 0; word && f < hex_game_section_count(g); f++) {
		const rs_section *s = &g->rs->sections[f];
		if (strcasecmp(word, s->id) == 0 || (s->also && strcasecmp(word, s->also) == 0))
			return f;
	}
	return -1;
}

const char *hex_game_section_list(const hex_game *g, char *buf, size_t size)
{
	size_t len = 0;
	int n = hex_game_section_count(g);
	buf[0] = '\0';
	for (int f = 0; f < n && len < size; f++) {
		const char *glue = f == 0 ? "" : f == n - 1 ? " or " : ", ";
		int w = snprintf(buf + len, size - len, "%s%s", glue, g->rs->sections[f].id);
		len += w > 0 ? (size_t)w : 0;
	}
	return buf;
}

const char *hex_game_section_words(const hex_game *g, int side, unsigned section, char *buf, size_t size)
{
	hex_flank flank = hex_game_section_flank(g, side, section);
	if (flank < 0) {
		snprintf(buf, size, "no section");
		return buf;
	}
	const char *name = l10n_get(&g->rs->sections[flank].name, LANG_EN);
	/* A section the two sides name alike (the centre) needs no compass;
	 * the others say which end of the board is meant. */
	int where = seat_section(g, side, flank);
	const grid_ops *ops = grid_ops_of(g->rs->grid);
	if (flank == hex_game_section_count(g) - 1 - flank)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "%s (%s)", name, where < ops->section_count ? ops->section_names[where] : "?");
	return buf;
}

int hex_game_home_step(const hex_game *g, int side)
{
	return g->sides[side].home_north ? -1 : 1;
}

bool hex_game_on_home_row(const hex_game *g, int side, hex_coord h)
{
	return g->sides[side].home_north ? h.row == 0 : h.row == g->board.rows - 1;
}

int hex_game_face(const hex_game *g, const char *id)
{
	if (!id)
		return -1;
	for (size_t i = 0; i < g->rs->face_count; i++)
		if (strcmp(g->rs->faces[i].id, id) == 0)
			return (int)i;
	return -1;
}

void hex_game_eliminate(hex_game *g, hex_ref r)
{
	int side = hex_game_ref_side(g, r);
	if (side < 0 || !hex_game_ref_alive(g, r))
		return;
	if (r.kind == REF_UNIT) {
		g->units[r.index].alive = false;
		g->units[r.index].figures = 0;
		occupy(g, g->units[r.index].at, -1, r.index);
	} else {
		hex_general *gg = &g->generals[r.index];
		gg->alive = false;
		general_occupy(g, gg->at, -1);
		/* A brigade without its general is no brigade (§3.3). */
		if (gg->brigade >= 0) {
			hex_brigade *b = &g->brigades[gg->brigade];
			b->alive = false;
			for (int k = 0; k < b->unit_count; k++)
				g->units[b->units[k]].brigade = -1;
			gg->brigade = -1;
		}
	}
	g->sides[1 - side].flags++;
}

void hex_game_place(hex_game *g, hex_ref r, hex_coord to)
{
	if (r.kind == REF_UNIT) {
		hex_unit *u = &g->units[r.index];
		if (u->alive) {
			occupy(g, u->at, -1, r.index);
			occupy(g, to, 1, r.index);
		}
		u->at = to;
	} else if (r.kind == REF_GENERAL) {
		hex_general *gg = &g->generals[r.index];
		if (gg->alive) {
			general_occupy(g, gg->at, -1);
			general_occupy(g, to, 1);
		}
		gg->at = to;
	}
}

int hex_game_reserves_left(const hex_game *g, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->unit_count; i++)
		n += g->units[i].reserve && g->units[i].side == side;
	return n;
}

static bool free_hex(const hex_game *g, hex_coord h)
{
	return hex_game_passable(g, h) && !hex_game_occupied(g, h);
}

int hex_game_landing(const hex_game *g, int unit, bool home_row, hex_coord out[2])
{
	const hex_unit *u = &g->units[unit];
	if (!u->reserve)
		return 0;
	if (free_hex(g, u->entry)) {
		out[0] = u->entry;
		return 1;
	}
	if (!home_row)
		return 0;
	/* The home row, outward from the entry hex: west before east. */
	int len = hex_row_length(&g->board, u->entry.row);
	for (int d = 1; d < len + 1; d++) {
		int n = 0;
		for (int k = 0; k < 2; k++) {
			hex_coord h = { u->entry.col + (k ? d : -d), u->entry.row };
			if (h.col >= 0 && h.col < len && free_hex(g, h))
				out[n++] = h;
		}
		if (n)
			return n;
	}
	return 0;
}

void hex_game_arrive(hex_game *g, int unit, hex_coord at)
{
	hex_unit *u = &g->units[unit];
	u->reserve = false;
	u->scheduled = false;
	if (!u->alive)
		occupy(g, at, 1, unit);
	else if (!grid_cell_equal(u->at, at)) {
		occupy(g, u->at, -1, unit);
		occupy(g, at, 1, unit);
	}
	u->alive = true;
	u->at = at;
}

void hex_game_unit_lift(hex_game *g, int unit, bool lifted)
{
	hex_unit *u = &g->units[unit];
	if (u->alive == !lifted)
		return;
	u->alive = !lifted;
	occupy(g, u->at, lifted ? -1 : 1, unit);
}

void hex_game_general_lift(hex_game *g, int gen, bool lifted)
{
	hex_general *gg = &g->generals[gen];
	if (gg->alive == !lifted)
		return;
	gg->alive = !lifted;
	general_occupy(g, gg->at, lifted ? -1 : 1);
}

int hex_game_score(const hex_game *g, int side)
{
	int score = g->sides[side].flags;
	for (size_t i = 0; i < g->objective_count; i++) {
		const hex_objective *o = &g->objectives[i];
		if (o->side >= 0 && o->side != side)
			continue;
		if (hex_game_units_at(g, o->at, side, NULL, 0) > 0)
			score += o->vp;
	}
	return score;
}

int hex_game_check_victory(hex_game *g, int acting)
{
	if (g->winner >= 0)
		return g->winner;
	int order[2] = { acting >= 0 ? acting : 0, acting >= 0 ? 1 - acting : 1 };
	for (int k = 0; k < 2; k++) {
		int s = order[k];
		if (g->sides[s].target > 0 && hex_game_score(g, s) >= g->sides[s].target) {
			g->winner = s;
			break;
		}
	}
	return g->winner;
}

int hex_game_units_at_except(const hex_game *g, hex_coord h, int side, int skip)
{
	int n = 0, lone = -1;
	int known = occupants_at(g, h, &lone);
	if (known == 0)
		return 0;
	if (known == 1)
		return lone != skip && g->units[lone].side == side;
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (u->alive && (int)i != skip && u->side == side && grid_cell_equal(u->at, h))
			n++;
	}
	return n;
}

int hex_game_general_at_except(const hex_game *g, hex_coord h, int skip)
{
	if (!general_maybe_at(g, h))
		return -1;
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive && (int)i != skip && grid_cell_equal(g->generals[i].at, h))
			return (int)i;
	return -1;
}

bool hex_game_enemy_holds(const hex_game *g, hex_coord h, int side, int self_general, const char *section,
	const char *there, rules_error *err)
{
	if (hex_game_units_at_except(g, h, 1 - side, -1) > 0) {
		hex_game_fail(err, g, section, "%s holds an enemy unit", there);
		return true;
	}
	int gen = hex_game_general_at_except(g, h, self_general);
	if (gen >= 0 && g->generals[gen].side != side) {
		hex_game_fail(err, g, section, "%s holds enemy general '%s'", there, g->generals[gen].id);
		return true;
	}
	return false;
}

bool (hex_game_fail)(rules_error *e, const hex_game *g, const char *section, const char *fmt, ...)
{
	/* Refused in quiet mode (a player weighing its choices, thousands of
	 * times a game): no sentence to format.  The macro of the same name
	 * answers so before the call. */
	if (rules_quiet())
		return rules_fail_quiet(e);
	char rule[RULES_ERROR_RULE_LEN];
	if (section)
		hex_game_rule(g, section, rule, sizeof rule);
	else
		snprintf(rule, sizeof rule, "%s", RULES_ERROR_LOG_RULE);
	va_list ap;
	va_start(ap, fmt);
	rules_vfail(e, rule, fmt, ap);
	va_end(ap);
	return false;
}
