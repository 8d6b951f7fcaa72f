/* The ruleset model once loaded: look-ups by id, the card texts and the
 * rule ids.  Reading the XML files, inheritance and their checks are in
 * ruleset_load.c. */
#include "ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

const char *const ruleset_pattern_names[RS_PATTERN_COUNT] = {
	"none", "trees", "orchard", "hill", "buildings", "field", "rough", "fence",
	"stream", "river", "bridge", "mountains", "waves",
};

/* A light warm grey: visibly not paper, and dark ink stays legible on it. */
const rs_look ruleset_default_look = {
	.fill = { 0xD9, 0xD4, 0xCA }, .pattern = RS_PATTERN_NONE, .named = true, .label = { 0x1A, 0x1A, 0x1A },
};

/* ---- look-ups ---- */

/* The entry with that id in an array of structs whose first member is its
 * `char *id` (every id-keyed list of the model is laid out so); NULL when
 * absent.  One loop for all the finders below. */
static const void *find_by_id(const void *items, size_t count, size_t size, const char *id)
{
	const char *base = items;
	for (size_t i = 0; i < count; i++) {
		const char *const *entry_id = (const char *const *)(const void *)(base + i * size);
		if (str_eq(*entry_id, id))
			return entry_id;
	}
	return NULL;
}

const rs_square_unit *ruleset_find_square_unit(const ruleset *rs, const char *id)
{
	return find_by_id(rs->square.units, rs->square.unit_count, sizeof *rs->square.units, id);
}

const rs_square_place *ruleset_find_square_general(const ruleset *rs, const char *id)
{
	return find_by_id(rs->square.generals, rs->square.general_count, sizeof *rs->square.generals, id);
}

const rs_unit_type *ruleset_find_unit_type(const ruleset *rs, const char *id)
{
	return find_by_id(rs->unit_types, rs->unit_type_count, sizeof *rs->unit_types, id);
}

const rs_terrain *ruleset_unlisted_terrain(const ruleset *rs)
{
	return ruleset_find_terrain(rs, "clear");
}

const rs_terrain *ruleset_find_terrain(const ruleset *rs, const char *id)
{
	return find_by_id(rs->terrains, rs->terrain_count, sizeof *rs->terrains, id);
}

const rs_attribute *ruleset_find_attribute(const ruleset *rs, const char *id)
{
	return find_by_id(rs->attributes, rs->attribute_count, sizeof *rs->attributes, id);
}

const rs_named *ruleset_find_side(const ruleset *rs, const char *id)
{
	return find_by_id(rs->sides, rs->side_count, sizeof *rs->sides, id);
}

const rs_allow *ruleset_unit_allows(const rs_unit_type *type, const char *attribute)
{
	return find_by_id(type->allows, type->allow_count, sizeof *type->allows, attribute);
}

bool ruleset_allow_has(const rs_allow *allow, const char *value)
{
	/* A word list is an array of ids too. */
	return find_by_id(allow->values, allow->value_count, sizeof *allow->values, value) != NULL;
}

const rs_card *ruleset_find_card(const ruleset *rs, const char *id)
{
	return find_by_id(rs->deck.cards, rs->deck.card_count, sizeof *rs->deck.cards, id);
}

const rs_card *ruleset_find_card_effect(const ruleset *rs, const char *effect)
{
	for (size_t i = 0; i < rs->deck.card_count; i++)
		if (str_eq(rs->deck.cards[i].effect, effect))
			return &rs->deck.cards[i];
	return NULL;
}

char *ruleset_card_fill(const rs_card *card, const char *text)
{
	if (!text)
		return xstrdup("");
	char units[16], dice[16], per_face[16], victory[16], losses[16], dig_inf[16], dig_art[16];
	snprintf(units, sizeof units, "%s", card->units ? card->units : "");
	snprintf(dice, sizeof dice, "%d", card->dice);
	snprintf(per_face, sizeof per_face, "%d", card->per_face);
	snprintf(victory, sizeof victory, "%d", card->victory);
	snprintf(losses, sizeof losses, "%d", card->blocked_losses);
	snprintf(dig_inf, sizeof dig_inf, "%d", card->dig_infantry);
	snprintf(dig_art, sizeof dig_art, "%d", card->dig_artillery);
	const char *const pairs[][2] = {
		{ "units", units }, { "dice", dice }, { "per-face", per_face }, { "victory", victory },
		{ "blocked-losses", losses }, { "dig-infantry", dig_inf }, { "dig-artillery", dig_art },
	};
	size_t cap = strlen(text) + 1, len = 0;
	char *out = xmalloc(cap);
	for (const char *p = text; *p;) {
		const char *close = *p == '{' ? strchr(p, '}') : NULL;
		const char *value = NULL;
		for (size_t i = 0; close && i < ARRAY_LEN(pairs); i++) {
			size_t n = strlen(pairs[i][0]);
			if ((size_t)(close - p - 1) == n && strncmp(p + 1, pairs[i][0], n) == 0)
				value = pairs[i][1];
		}
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
		total += c->left + c->centre + c->right + c->any;
	}
	return total;
}

const char *ruleset_rule(const ruleset *rs, const char *section)
{
	static char buffers[8][40];
	static unsigned next;
	char *buf = buffers[next++ % 8];
	snprintf(buf, sizeof buffers[0], "%s-%s", rs->rule_prefix ? rs->rule_prefix : "rule", section);
	return buf;
}
