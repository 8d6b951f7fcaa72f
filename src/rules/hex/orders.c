#include "orders.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "cards.h"
#include "hex_special.h"

#define GENERAL_KEY 1000000


/* The referee's kind of order for each of the data's (a card that states
 * none is special). */
static order_kind kind_of(const rs_card *c)
{
	static const order_kind KINDS[RS_ORDER_COUNT] = {
		[RS_ORDER_SECTION] = ORDER_SECTION, [RS_ORDER_EACH_SECTION] = ORDER_EACH_SECTION,
		[RS_ORDER_TYPE] = ORDER_TYPE, [RS_ORDER_SECTION_TYPE] = ORDER_SECTION_TYPE,
		[RS_ORDER_GENERALS] = ORDER_GENERALS, [RS_ORDER_ALL] = ORDER_ALL,
	};
	if (c->order != RS_ORDER_NONE && c->order != RS_ORDER_SPECIAL)
		return KINDS[c->order];
	if (c->effect == RS_EFFECT_DIG)
		return ORDER_DIG;
	if (c->effect == RS_EFFECT_SHARPSHOOTER)
		return ORDER_SHARPSHOOTER;
	return ORDER_UNREFEREED;
}

/* The unit types the card's types list names (order_card.types). */
static unsigned types_named(const ruleset *rs, const rs_card *card)
{
	if (rs->unit_type_count > sizeof(unsigned) * 8)
		return ORDER_TYPES_UNREAD;
	unsigned named = 0;
	for (size_t i = 0; card->types && i < rs->unit_type_count; i++)
		if (str_has_word(card->types, rs->unit_types[i].id))
			named |= 1u << i;
	return named;
}

/* Whether the card orders units of u's type (its types list names it). */
static bool type_ordered(const hex_game *g, const order_card *oc, const rs_card *card, const hex_unit *u)
{
	if (oc->types != ORDER_TYPES_UNREAD)
		return oc->types >> (u->type - g->rs->unit_types) & 1u;
	return card->types && str_has_word(card->types, u->type->id);
}

bool orders_from_card(const hex_game *g, int side, deck_card c, int chosen_flank,
	const order_card *opponent_last, order_card *out, rules_error *err)
{
	const ruleset *rs = g->rs;
	memset(out, 0, sizeof *out);
	out->played = c;
	out->card = c.card;
	const rs_card *card = &rs->deck.cards[c.card];
	if (card->effect == RS_EFFECT_COPY_LAST) {
		if (!opponent_last) {
			hex_game_fail(err, g, g->rs->deck.rule, "'%s' repeats the opponent's last orders, and the opponent has "
				"played no card yet", card->id);
			return false;
		}
		if (chosen_flank >= 0) {
			hex_game_fail(err, g, g->rs->deck.rule, "'%s' takes the section of the card it repeats; name none", card->id);
			return false;
		}
		/* Reading: the same orders on the same part of the board. */
		*out = *opponent_last;
		out->played = c;
		out->copied = true;
		return true;
	}
	out->kind = kind_of(card);
	if (out->kind == ORDER_TYPE || out->kind == ORDER_SECTION_TYPE || out->kind == ORDER_SHARPSHOOTER)
		out->types = types_named(rs, card);
	/* A card that states no number orders all it may. */
	out->limit = card->units == RS_CARD_UNITS_NONE ? -1 : card->units;
	/* "1 unit in each section": the count is per section. */
	if (out->kind == ORDER_EACH_SECTION && out->limit > 0)
		out->limit *= hex_game_section_count(g);
	if (out->kind == ORDER_SECTION) {
		if (c.flank == DECK_NO_FLANK) {
			char names[120];
			hex_game_fail(err, g, g->rs->deck.rule, "card '%s' must be a %s copy", card->id,
				hex_game_section_list(g, names, sizeof names));
			return false;
		}
		if (chosen_flank >= 0) {
			hex_game_fail(err, g, g->rs->deck.rule, "card '%s' names its own flank; name no section when playing it", card->id);
			return false;
		}
		out->section = hex_game_flank_section(g, side, (hex_flank)c.flank);
	} else if (out->kind == ORDER_SECTION_TYPE) {
		if (chosen_flank < 0) {
			char names[120];
			hex_game_fail(err, g, g->rs->deck.rule, "card '%s' orders one section of your choice: name %s",
				card->id, hex_game_section_list(g, names, sizeof names));
			return false;
		}
		out->section = hex_game_flank_section(g, side, (hex_flank)chosen_flank);
	} else if (chosen_flank >= 0) {
		hex_game_fail(err, g, g->rs->deck.rule, "card '%s' does not order by section; name none", card->id);
		return false;
	}
	return true;
}

/* keys and sections for `capacity` groups: the set's own room when they
 * fit, else allocated; cleared. */
static void order_set_room(order_set *s, int capacity)
{
	s->capacity = capacity;
	if (capacity <= ORDER_SET_ROOM) {
		s->keys = s->key_room;
		s->sections = s->section_room;
		memset(s->keys, 0, (size_t)capacity * sizeof *s->keys);
		memset(s->sections, 0, (size_t)capacity * sizeof *s->sections);
	} else {
		s->keys = xcalloc((size_t)capacity, sizeof *s->keys);
		s->sections = xcalloc((size_t)capacity, sizeof *s->sections);
	}
}

void order_set_init(order_set *s, const hex_game *g)
{
	s->count = 0;
	s->dig.entry = -1;
	s->dig.units = 0;
	order_set_room(s, (int)(g->unit_count + g->general_count + 1));
}

void order_set_copy(const order_set *from, order_set *to)
{
	to->count = from->count;
	to->dig = from->dig;
	int capacity = from->capacity > 0 ? from->capacity : 1;
	order_set_room(to, capacity);
	memcpy(to->keys, from->keys, (size_t)from->capacity * sizeof *to->keys);
	memcpy(to->sections, from->sections, (size_t)from->capacity * sizeof *to->sections);
}

void order_set_assign(order_set *to, const order_set *from)
{
	int n = from->count < to->capacity ? from->count : to->capacity;
	memcpy(to->keys, from->keys, (size_t)n * sizeof *to->keys);
	memcpy(to->sections, from->sections, (size_t)n * sizeof *to->sections);
	to->count = n;
	to->dig = from->dig;
}

void order_set_finish(order_set *s)
{
	if (s->keys != s->key_room)
		free(s->keys);
	if (s->sections != s->section_room)
		free(s->sections);
	s->keys = NULL;
	s->sections = NULL;
	s->count = s->capacity = 0;
	s->dig = (order_dig){ 0, 0 };
}

void order_set_clear(order_set *s)
{
	s->count = 0;
	s->dig = (order_dig){ -1, 0 };
}

static bool grouped(const hex_game *g)
{
	return g->rs->stacking.units_with_general > 1 || g->rs->stacking.brigades;
}

static bool per_unit(const order_card *oc)
{
	return oc->kind == ORDER_TYPE || oc->kind == ORDER_SECTION_TYPE || oc->kind == ORDER_DIG ||
		oc->kind == ORDER_SHARPSHOOTER;
}

static bool in_zone(const hex_game *g, int unit, int general)
{
	int radius = g->rs->brigades.zone_radius;
	return hex_distance(g->units[unit].at, g->generals[general].at) <= radius;
}

int orders_key(const hex_game *g, const order_card *oc, hex_ref r)
{
	if (r.kind == REF_GENERAL)
		return GENERAL_KEY + r.index;
	if (per_unit(oc))
		return r.index;
	/* The unit's general only where he can matter: asked of every unit
	 * for every card a player weighs. */
	if (grouped(g)) {
		int gen = hex_game_unit_general(g, r.index);
		if (gen >= 0)
			return GENERAL_KEY + gen;
		int b = g->units[r.index].brigade;
		if (b >= 0 && g->brigades[b].alive && g->generals[g->brigades[b].general].alive &&
			in_zone(g, r.index, g->brigades[b].general))
			return GENERAL_KEY + g->brigades[b].general;
		return r.index;
	}
	if (oc->kind == ORDER_GENERALS) {
		int gen = hex_game_unit_general(g, r.index);
		if (gen >= 0)
			return GENERAL_KEY + gen;
	}
	return r.index;
}

static hex_coord key_hex(const hex_game *g, int key)
{
	return key >= GENERAL_KEY ? g->generals[key - GENERAL_KEY].at : g->units[key].at;
}

int orders_members(const hex_game *g, const order_card *oc, hex_ref r, hex_ref *out, int max)
{
	int n = 0;
	int key = orders_key(g, oc, r);
	if (key < GENERAL_KEY || (!grouped(g) && oc->kind != ORDER_GENERALS)) {
		if (n < max)
			out[n] = r;
		return 1;
	}
	int gen = key - GENERAL_KEY;
	if (n < max)
		out[n] = (hex_ref){ REF_GENERAL, gen };
	n++;
	const hex_general *gg = &g->generals[gen];
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (!u->alive || u->side != gg->side)
			continue;
		bool here = grid_cell_equal(u->at, gg->at);
		bool brigade = grouped(g) && gg->brigade >= 0 && u->brigade == gg->brigade && in_zone(g, (int)i, gen);
		if (here || brigade) {
			if (n < max)
				out[n] = (hex_ref){ REF_UNIT, (int)i };
			n++;
		}
	}
	return n;
}

/* Can groups first .. n-1 each have a section of their own, the sections
 * in `used` being taken? */
static bool assign_sections(const unsigned *sections, int first, int n, int count, unsigned used)
{
	if (first == n)
		return true;
	for (int k = 0; k < count; k++) {
		unsigned bit = 1u << k;
		if (!(used & bit) && (sections[first] & bit) &&
			assign_sections(sections, first + 1, n, count, used | bit))
			return true;
	}
	return false;
}

/* Is there a way to give each group its own section?  (One per section; a
 * card ordering more per section is not in the deck.) */
static bool sections_assignable(const hex_game *g, const unsigned *sections, int n)
{
	int count = hex_game_section_count(g);
	return n <= count && assign_sections(sections, 0, n, count, 0);
}


/* A dig card's unit types for a message, "infantry or artillery", or with
 * their counts, "2 infantry or 1 artillery". */
static void dig_list(const rs_card *card, bool counts, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	if (rules_quiet())   /* words for a refusal nobody reads */
		return;
	for (size_t i = 0; i < card->dig_count && len < size; i++) {
		int n = counts ? snprintf(buf + len, size - len, "%s%d %s", i ? " or " : "", card->digs[i].units,
				card->digs[i].unit_type)
			: snprintf(buf + len, size - len, "%s%s", i ? " or " : "", card->digs[i].unit_type);
		len += n > 0 ? (size_t)n : 0;
	}
}

/* The hex and the section words of a refusal, into at and words; nothing
 * when the rules are quiet (a player weighing every unit of every card
 * reads no refusal, and the words cost more than the check). */
static const char *place_text(const hex_game *g, int side, const order_card *oc, hex_coord anchor, char *at,
	char *words, size_t size)
{
	at[0] = words[0] = '\0';
	if (rules_quiet())
		return at;
	hex_game_section_words(g, side, oc->section, words, size);
	return hex_format(anchor, at);
}

/* The refusal of r, whose group stands outside the section the card
 * orders (see OUTSIDE_SECTION). */
static bool outside_section(const hex_game *g, int side, const order_card *oc, hex_ref r, rules_error *err)
{
	char at[HEX_ADDRESS_MAX], words[40];
	const char *id = hex_game_ref_id(g, r);
	const char *card = g->rs->deck.cards[oc->card].id;
	const char *where = place_text(g, side, oc, key_hex(g, orders_key(g, oc, r)), at, words, sizeof words);
	if (oc->kind == ORDER_SECTION)
		return hex_game_fail(err, g, g->rs->deck.rule, "'%s' at %s is not in the %s that '%s' orders", id, where,
			words, card);
	return hex_game_fail(err, g, g->rs->deck.rule, "'%s' at %s is not in the %s named for '%s'", id, where, words,
		card);
}

/* No words when the rules are quiet, without a call: asked of every unit
 * for every card a player weighs. */
#define OUTSIDE_SECTION(g, side, oc, r, err) \
	(rules_quiet() ? rules_fail_quiet(err) : outside_section(g, side, oc, r, err))

/* r's group (orders_key) and the sections of the hex it stands on, when
 * eligible has read them (key >= 0): orders_add, which needs them too,
 * reads them once. */
typedef struct order_place {
	int key;
	unsigned sections;
} order_place;

/* Whether the card may order r.  With `found` not NULL the section a
 * section card orders is set aside: *found gets the sections of the hex
 * r's group stands on (orders_sections_usable).  One function for both,
 * so that the answer for each section is the rules' own.  *place (may
 * be NULL) gets the group and its sections when they were read. */
static bool eligible(const hex_game *g, int side, const order_card *oc, hex_ref r, rules_error *err,
	unsigned *found, order_place *place)
{
	const rs_card *card = &g->rs->deck.cards[oc->card];
	const char *id = rules_quiet() ? "" : hex_game_ref_id(g, r);   /* for the words of a refusal */
	/* Only a unit a scenario's schedule brings can be on its way. */
	if (r.kind == REF_UNIT && g->units[r.index].scheduled && hex_special_unarrived(g, r.index, err))
		return false;
	if (!hex_game_ref_alive(g, r)) {
		hex_game_fail(err, g, g->rs->turn.rule, "'%s' %s", id, hex_game_ref_absence(g, r));
		return false;
	}
	if (hex_game_ref_side(g, r) != side) {
		hex_game_fail(err, g, g->rs->turn.rule, "'%s' belongs to %s, not to %s", id, g->sides[hex_game_ref_side(g, r)].id,
			g->sides[side].id);
		return false;
	}
	/* A unit the scenario's special rules freeze takes no order. */
	if (r.kind == REF_UNIT && hex_special_frozen(g, r.index, err))
		return false;
	/* Where the unit's group stands, only for the cards that order by
	 * section. */
	unsigned sections = 0;
	if (oc->kind == ORDER_SECTION || oc->kind == ORDER_SECTION_TYPE) {
		int key = orders_key(g, oc, r);
		sections = hex_sections(&g->board, key_hex(g, key));
		if (place)
			*place = (order_place){ key, sections };
	}
	if (found)
		*found = sections;
	bool outside = !found && !(sections & oc->section);
	switch (oc->kind) {
	case ORDER_SECTION:
		return outside ? OUTSIDE_SECTION(g, side, oc, r, err) : true;
	case ORDER_EACH_SECTION:
	case ORDER_ALL:
		return true;
	case ORDER_TYPE:
	case ORDER_SECTION_TYPE:
	case ORDER_DIG:
		if (r.kind != REF_UNIT) {
			hex_game_fail(err, g, g->rs->deck.rule, "'%s' orders units, not generals", card->id);
			return false;
		}
		if (oc->kind == ORDER_DIG) {
			const char *t = g->units[r.index].type->id;
			if (!ruleset_card_dig(card, t)) {
				char types[200];
				dig_list(card, false, types, sizeof types);
				hex_game_fail(err, g, g->rs->deck.rule, "'%s' orders %s, not %s '%s'", card->id, types, t, id);
				return false;
			}
			return true;
		}
		if (!type_ordered(g, oc, card, &g->units[r.index])) {
			hex_game_fail(err, g, g->rs->deck.rule, "'%s' orders %s units only, not %s '%s'", card->id,
				card->types ? card->types : "?", g->units[r.index].type->id, id);
			return false;
		}
		if (oc->kind == ORDER_SECTION_TYPE && outside)
			return OUTSIDE_SECTION(g, side, oc, r, err);
		return true;
	case ORDER_GENERALS:
		if (r.kind == REF_GENERAL) {
			if (hex_game_general_units(g, r.index, NULL, 0) == 0) {
				hex_game_fail(err, g, g->rs->deck.rule, "general '%s' stands with no unit; '%s' orders generals with units", id,
					card->id);
				return false;
			}
		} else if (hex_game_unit_general(g, r.index) < 0) {
			hex_game_fail(err, g, g->rs->deck.rule, "unit '%s' has no general with it; '%s' orders generals with their units",
				id, card->id);
			return false;
		}
		return true;
	case ORDER_SHARPSHOOTER:
		/* §8.1: the card's types (infantry), in any section. */
		if (r.kind != REF_UNIT) {
			hex_game_fail(err, g, cards_rule(g, card), "'%s' orders a unit, not general '%s'", card->id, id);
			return false;
		}
		if (!type_ordered(g, oc, card, &g->units[r.index])) {
			char units[RS_CARD_UNITS_TEXT];
			hex_game_fail(err, g, cards_rule(g, card), "'%s' orders %s %s unit, not %s '%s'", card->id,
				card->units != RS_CARD_UNITS_NONE ? ruleset_card_units_text(card, units) : "one", card->types ? card->types : "?", g->units[r.index].type->id, id);
			return false;
		}
		return true;
	case ORDER_UNREFEREED:
	default:
		hex_game_fail(err, g, g->rs->deck.rule, "the effect of card '%s' is not given by the rules this program knows; "
			"it can only be discarded", card->id);
		return false;
	}
}

bool orders_add(const hex_game *g, int side, const order_card *oc, order_set *s, hex_ref r,
	rules_error *err)
{
	const rs_card *card = &g->rs->deck.cards[oc->card];
	order_place place = { -1, 0 };
	if (!eligible(g, side, oc, r, err, NULL, &place))
		return false;
	int key = place.key >= 0 ? place.key : orders_key(g, oc, r);
	for (int i = 0; i < s->count; i++)
		if (s->keys[i] == key)
			return true;   /* already ordered with its group */
	if (oc->kind == ORDER_DIG) {
		/* eligible() has found the type in the card's list. */
		const rs_dig *d = ruleset_card_dig(card, g->units[r.index].type->id);
		int entry = (int)(d - card->digs);
		if ((s->dig.entry >= 0 && s->dig.entry != entry) || s->dig.units + 1 > d->units) {
			char counts[200];
			dig_list(card, true, counts, sizeof counts);
			hex_game_fail(err, g, g->rs->deck.rule, "'%s' orders %s units, not more and not both", card->id, counts);
			return false;
		}
		s->dig = (order_dig){ entry, s->dig.units + 1 };
	}
	if (oc->limit >= 0 && s->count + 1 > oc->limit) {
		hex_game_fail(err, g, oc->kind == ORDER_SHARPSHOOTER ? cards_rule(g, card) : g->rs->deck.rule,
			"'%s' gives %d %s; '%s' would be order %d", card->id, oc->limit,
			oc->limit == 1 ? "order" : "orders", hex_game_ref_id(g, r), s->count + 1);
		return false;
	}
	unsigned sections = place.key >= 0 ? place.sections : hex_sections(&g->board, key_hex(g, key));
	if (oc->kind == ORDER_EACH_SECTION) {
		s->sections[s->count] = sections;
		if (!sections_assignable(g, s->sections, s->count + 1)) {
			char at[HEX_ADDRESS_MAX];
			hex_game_fail(err, g, g->rs->deck.rule, "'%s' orders one unit in each section; '%s' at %s leaves no section "
				"unused for it", card->id, hex_game_ref_id(g, r), hex_format(key_hex(g, key), at));
			return false;
		}
	}
	if (s->count < s->capacity) {
		s->keys[s->count] = key;
		s->sections[s->count] = sections;
		s->count++;
	}
	return true;
}

bool orders_card_usable(const hex_game *g, int side, const order_card *oc)
{
	rules_error why;
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].alive && g->units[i].side == side &&
			eligible(g, side, oc, (hex_ref){ REF_UNIT, (int)i }, &why, NULL, NULL))
			return true;
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive && g->generals[i].side == side &&
			eligible(g, side, oc, (hex_ref){ REF_GENERAL, (int)i }, &why, NULL, NULL))
			return true;
	return false;
}

unsigned orders_sections_usable(const hex_game *g, int side, const order_card *oc)
{
	const unsigned every = HEX_SECTION_WEST | HEX_SECTION_CENTRE | HEX_SECTION_EAST;
	bool by_section = oc->kind == ORDER_SECTION || oc->kind == ORDER_SECTION_TYPE;
	unsigned found = 0, sections;
	rules_error why;
	for (size_t i = 0; i < g->unit_count && found != every; i++)
		if (g->units[i].alive && g->units[i].side == side &&
			eligible(g, side, oc, (hex_ref){ REF_UNIT, (int)i }, &why, &sections, NULL))
			found |= by_section ? sections : every;
	for (size_t i = 0; i < g->general_count && found != every; i++)
		if (g->generals[i].alive && g->generals[i].side == side &&
			eligible(g, side, oc, (hex_ref){ REF_GENERAL, (int)i }, &why, &sections, NULL))
			found |= by_section ? sections : every;
	return found;
}
