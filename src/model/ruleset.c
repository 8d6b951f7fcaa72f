/* The ruleset model once loaded: look-ups by id, the card texts and the
 * rule ids.  Reading the XML files, inheritance and their checks are in
 * ruleset_load.c. */
#include "ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../text/context.h"

const char *const ruleset_pattern_names[RS_PATTERN_COUNT] = {
	"none", "trees", "orchard", "hill", "buildings", "field", "rough", "fence",
	"stream", "river", "bridge", "mountains", "waves",
};

const char *const ruleset_symbol_names[RS_SYMBOL_COUNT] = {
	"none", "cross", "slash", "dot", "hull", "armoured-hull",
};

const char *const ruleset_card_order_names[RS_ORDER_COUNT] = {
	NULL, "section", "each-section", "type", "section-type", "generals", "all", "special",
};
const char *const ruleset_card_effect_names[RS_EFFECT_COUNT] = {
	NULL, "copy-last", "dig", "sharpshooter", "rally", "reinforce", "fall-back",
};
const char *const ruleset_card_target_names[RS_TARGET_COUNT] = { NULL, "enemy", "friendly" };
const char *const ruleset_card_until_names[RS_UNTIL_COUNT] = { NULL, "home-row" };

/* A light warm grey: visibly not paper, and dark ink stays legible on it. */
const rs_look ruleset_default_look = {
	.fill = { 0xD9, 0xD4, 0xCA }, .pattern = RS_PATTERN_NONE, .named = true, .label = { 0x1A, 0x1A, 0x1A },
};

/* ---- look-ups ---- */

const rs_square_unit *ruleset_find_square_unit(const ruleset *rs, const char *id)
{
	return array_find_id(rs->square.units, rs->square.unit_count, sizeof *rs->square.units, id);
}

const rs_square_step *ruleset_find_square_step(const ruleset *rs, const char *id)
{
	return array_find_id(rs->square.steps, rs->square.step_count, sizeof *rs->square.steps, id);
}

const rs_square_place *ruleset_find_square_general(const ruleset *rs, const char *id)
{
	return array_find_id(rs->square.generals, rs->square.general_count, sizeof *rs->square.generals, id);
}

const rs_seat_order *ruleset_square_seats(const ruleset *rs, long players)
{
	if (players < 1 || players > RS_SQUARE_MAX_PLAYERS || rs->square_seats[players].count == 0)
		return NULL;
	return &rs->square_seats[players];
}

const rs_unit_type *ruleset_find_unit_type(const ruleset *rs, const char *id)
{
	return array_find_id(rs->unit_types, rs->unit_type_count, sizeof *rs->unit_types, id);
}

rs_symbol ruleset_unit_symbol(const ruleset *rs, const char *id)
{
	const rs_unit_type *t = ruleset_find_unit_type(rs, id);
	if (t)
		return t->symbol;
	const rs_square_unit *u = ruleset_find_square_unit(rs, id);
	return u ? u->symbol : RS_SYMBOL_NONE;
}

const rs_terrain *ruleset_unlisted_terrain(const ruleset *rs)
{
	for (size_t i = 0; i < rs->terrain_count; i++)
		if (rs->terrains[i].unlisted)
			return &rs->terrains[i];
	return NULL;
}

const rs_terrain *ruleset_find_terrain(const ruleset *rs, const char *id)
{
	return array_find_id(rs->terrains, rs->terrain_count, sizeof *rs->terrains, id);
}

const rs_attribute *ruleset_find_attribute(const ruleset *rs, const char *id)
{
	return array_find_id(rs->attributes, rs->attribute_count, sizeof *rs->attributes, id);
}

const rs_named *ruleset_find_side(const ruleset *rs, const char *id)
{
	return array_find_id(rs->sides, rs->side_count, sizeof *rs->sides, id);
}

const rs_allow *ruleset_unit_allows(const rs_unit_type *type, const char *attribute)
{
	return array_find_id(type->allows, type->allow_count, sizeof *type->allows, attribute);
}

bool ruleset_allow_has(const rs_allow *allow, const char *value)
{
	/* A word list is an array of ids too. */
	return array_find_id(allow->values, allow->value_count, sizeof *allow->values, value) != NULL;
}

const rs_card *ruleset_find_card(const ruleset *rs, const char *id)
{
	return array_find_id(rs->deck.cards, rs->deck.card_count, sizeof *rs->deck.cards, id);
}

const rs_card *ruleset_find_card_effect(const ruleset *rs, rs_card_effect effect)
{
	for (size_t i = 0; i < rs->deck.card_count; i++)
		if (rs->deck.cards[i].effect == effect)
			return &rs->deck.cards[i];
	return NULL;
}

const char *ruleset_card_units_text(const rs_card *card, char *buf)
{
	if (card->units == RS_CARD_UNITS_ALL)
		return "all";
	buf[0] = '\0';
	if (card->units != RS_CARD_UNITS_NONE)
		snprintf(buf, RS_CARD_UNITS_TEXT, "%d", card->units);
	return buf;
}

const char *ruleset_retreat_face(const ruleset *rs)
{
	for (size_t i = 0; i < rs->face_count; i++)
		if (rs->faces[i].retreat)
			return rs->faces[i].id;
	return NULL;
}

const rs_dig *ruleset_card_dig(const rs_card *card, const char *unit_type)
{
	return array_find_id(card->digs, card->dig_count, sizeof *card->digs, unit_type);
}

/* The value of a {placeholder} of the card text; NULL when unknown.
 * {dig-TYPE}: the units of that type the dig card orders. */
static const char *card_value(const rs_card *card, const char *name, size_t len, const char *const (*pairs)[2],
	size_t pair_count, char *buf, size_t size)
{
	for (size_t i = 0; i < pair_count; i++)
		if (strlen(pairs[i][0]) == len && strncmp(name, pairs[i][0], len) == 0)
			return pairs[i][1];
	if (len > 4 && strncmp(name, "dig-", 4) == 0) {
		for (size_t i = 0; i < card->dig_count; i++) {
			const char *type = card->digs[i].unit_type;
			if (strlen(type) == len - 4 && strncmp(name + 4, type, len - 4) == 0) {
				snprintf(buf, size, "%d", card->digs[i].units);
				return buf;
			}
		}
	}
	return NULL;
}

char *ruleset_card_fill(const rs_card *card, const char *text)
{
	if (!text)
		return xstrdup("");
	char units[RS_CARD_UNITS_TEXT], dice[16], per_face[16], victory[16], losses[16], dig[16];
	const char *units_text = ruleset_card_units_text(card, units);
	snprintf(dice, sizeof dice, "%d", card->dice);
	snprintf(per_face, sizeof per_face, "%d", card->per_face);
	snprintf(victory, sizeof victory, "%d", card->victory);
	snprintf(losses, sizeof losses, "%d", card->blocked_losses);
	const char *const pairs[][2] = {
		{ "units", units_text }, { "dice", dice }, { "per-face", per_face }, { "victory", victory },
		{ "blocked-losses", losses },
	};
	size_t cap = strlen(text) + 1, len = 0;
	char *out = xmalloc(cap);
	for (const char *p = text; *p;) {
		const char *close = *p == '{' ? strchr(p, '}') : NULL;
		const char *value = close ? card_value(card, p + 1, (size_t)(close - p - 1), pairs, ARRAY_LEN(pairs),
			dig, sizeof dig) : NULL;
		size_t add = value ? strlen(value) : 1;
		grow_array((void **)&out, &cap, len + add + 1, 1);
		if (value) {
			memcpy(out + len, value, add);
			p = close + 1;
		} else {
			out[len] = *p++;
		}
		len += add;
	}
	out[len] = '\0';
	return out;
}

char *ruleset_card_text(const rs_card *card, lang_id lang)
{
	return ruleset_card_fill(card, l10n_get(&card->text, lang));
}

int ruleset_deck_size(const ruleset *rs)
{
	int total = 0;
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		const rs_card *c = &rs->deck.cards[i];
		total += c->any;
		for (size_t k = 0; k < rs->section_count; k++)
			total += c->section_copies[k];
	}
	return total;
}

const char *ruleset_rule(const ruleset *rs, const char *section)
{
	static char buffers[8][40];
	static unsigned next;
	char *buf = buffers[next++ % 8];
	/* "PREFIX-SECTION", cut as snprintf would cut it, by hand: the
	 * referee names a rule for every step it checks, and printf cost more
	 * than the check. */
	const char *parts[3] = { rs->rule_prefix ? rs->rule_prefix : "rule", "-", section ? section : "(null)" };
	size_t n = 0, room = sizeof buffers[0] - 1;
	for (int k = 0; k < 3; k++)
		for (const char *p = parts[k]; *p && n < room; p++)
			buf[n++] = *p;
	buf[n] = '\0';
	return buf;
}

ruleset_registry *ruleset_registry_of(context *c)
{
	if (!c->rulesets) {
		c->rulesets = ruleset_registry_create(context_data_dir(c));
		c->rulesets_destroy = ruleset_registry_destroy;
	}
	return c->rulesets;
}
