/* Reading the order cards of a ruleset's deck (ruleset_load_cards.h). */
#include "ruleset_load_cards.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

static void free_faces(rs_card *c)
{
	for (size_t i = 0; i < c->face_count; i++) {
		free(c->faces[i].face);
		free(c->faces[i].unit_type);
	}
	free(c->faces);
	c->faces = NULL;
	c->face_count = 0;
}

static void free_digs(rs_card *c)
{
	for (size_t i = 0; i < c->dig_count; i++)
		free(c->digs[i].unit_type);
	free(c->digs);
	c->digs = NULL;
	c->dig_count = 0;
}

void ruleset_cards_free(rs_card *c)
{
	free(c->id);
	l10n_finish(&c->name);
	l10n_finish(&c->text);
	free(c->types);
	free_digs(c);
	free_faces(c);
	str_free_words(c->hit_faces, c->hit_face_count);
	free(c->hit_face_indices);
	free(c->emblem);
	free(c->rule);
}

static void release_card(void *entry)
{
	ruleset_cards_free(entry);
}

/* A word of the data into one of the card's enums, as the referee reads
 * it from then on. */
#define READ_ENUM(ld, n, name, names, field) do { \
		int value_; \
		if (ruleset_read_enum(ld, n, name, names, ARRAY_LEN(names), &value_) > 0) \
			field = value_; \
	} while (0)

/* entry-fallback: the home row's nearest free hex, or none (the unit waits). */
static const char *const ENTRY_FALLBACKS[] = { "home-row", "none" };

/* §8.1: the numbers of the special cards' reading. */
static void apply_card_special(ruleset_reader *ld, rs_card *c, const xmlNode *n)
{
	const char *dice = xmldoc_attr(n, "dice");
	if (dice) {
		long v;
		if (strcmp(dice, "hand") == 0) {
			c->dice_from_hand = true;
			c->dice = 0;
		} else if (parse_int(dice, 0, 20, &v)) {
			c->dice_from_hand = false;
			c->dice = (int)v;
		} else {
			ruleset_read_fail(ld, n, "dice", "dice must be a number of dice from 0 to 20 or hand, not '%s'", dice);
		}
	}
	ruleset_read_int(ld, n, "per-face", &c->per_face);
	ruleset_read_bool(ld, n, "move-first", &c->move_first);
	ruleset_read_bool(ld, n, "hits-attached", &c->hits_attached);
	if (xmldoc_attr(n, "hit-faces")) {
		str_free_words(c->hit_faces, c->hit_face_count);
		c->hit_faces = NULL;
		c->hit_face_count = 0;
		ruleset_read_words(n, "hit-faces", &c->hit_faces, &c->hit_face_count);
	}
	ruleset_read_int(ld, n, "victory", &c->victory);
	ruleset_read_bool(ld, n, "above-full", &c->above_full);
	ruleset_read_bool(ld, n, "revive", &c->revive);
	ruleset_read_bool(ld, n, "arrivals-act", &c->arrivals_act);
	int fallback;
	if (ruleset_read_enum(ld, n, "entry-fallback", ENTRY_FALLBACKS, ARRAY_LEN(ENTRY_FALLBACKS), &fallback) > 0)
		c->entry_home_row = fallback == 0;
	READ_ENUM(ld, n, "target", ruleset_card_target_names, c->target);
	READ_ENUM(ld, n, "until", ruleset_card_until_names, c->until);
	ruleset_read_int(ld, n, "blocked-losses", &c->blocked_losses);
	ruleset_read_bool(ld, n, "leaves-board", &c->leaves_board);
	ruleset_read_bool(ld, n, "general-follows", &c->general_follows);
	if (c->per_face < 0 || c->victory < 0 || c->blocked_losses < 0)
		ruleset_read_fail(ld, n, NULL, "card '%s': per-face, victory and blocked-losses cannot be negative", c->id);
}

/* §8.1 <face id="sabres" unit="any"/>: a die face of a special card's
 * roll and the unit type it serves. */
static void read_face(ruleset_reader *ld, rs_card *c, const xmlNode *f, size_t *cap)
{
	const char *face = xmldoc_attr(f, "id"), *unit = xmldoc_attr(f, "unit");
	if (!face || !unit) {
		ruleset_read_fail(ld, f, NULL, "a card's <face> needs id (a die face) and unit (a unit type or any)");
		return;
	}
	grow_array((void **)&c->faces, cap, c->face_count + 1, sizeof *c->faces);
	c->faces[c->face_count++] = (rs_card_face){ .face = xstrdup(face), .unit_type = xstrdup(unit) };
}

/* §8 <dig unit="infantry" units="2"/>: a unit type a dig card orders. */
static void read_dig(ruleset_reader *ld, rs_card *c, const xmlNode *d, size_t *cap)
{
	const char *unit = xmldoc_attr(d, "unit");
	int units = 0;
	ruleset_read_int(ld, d, "units", &units);
	if (!unit || units < 1) {
		ruleset_read_fail(ld, d, NULL, "a card's <dig> needs unit (a unit type) and units (1 or more)");
		return;
	}
	grow_array((void **)&c->digs, cap, c->dig_count + 1, sizeof *c->digs);
	c->digs[c->dig_count++] = (rs_dig){ xstrdup(unit), units };
}

/* A card's <face> and <dig> lists: a list in an override replaces the
 * inherited one whole. */
static void apply_card_lists(ruleset_reader *ld, rs_card *c, const xmlNode *n)
{
	if (ruleset_read_has_child(n, "face"))
		free_faces(c);
	if (ruleset_read_has_child(n, "dig"))
		free_digs(c);
	size_t face_cap = 0, dig_cap = 0;
	for (const xmlNode *e = n->children; e; e = e->next) {
		if (xmldoc_is(e, RULESET_NS, "face"))
			read_face(ld, c, e, &face_cap);
		else if (xmldoc_is(e, RULESET_NS, "dig"))
			read_dig(ld, c, e, &dig_cap);
	}
}

/* units="2" or units="all": read once here, so that play never parses it. */
static void read_units(ruleset_reader *ld, const xmlNode *n, rs_card *c)
{
	const char *v = xmldoc_attr(n, "units");
	long count;
	if (!v)
		return;
	if (strcmp(v, "all") == 0)
		c->units = RS_CARD_UNITS_ALL;
	else if (parse_int(v, 1, RS_CARD_UNITS_MAX, &count))
		c->units = (int)count;
	else
		ruleset_read_fail(ld, n, "units", "card '%s': units must be a number of units from 1 to %d or all, not '%s'",
			c->id, RS_CARD_UNITS_MAX, v);
}

void ruleset_cards_apply(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	bool added;
	rs_card *c = ruleset_read_entry(ld, n, (void **)&rs->deck.cards, &rs->deck.card_count, sizeof *c, release_card, &added);
	if (!c)
		return;
	if (added)
		c->ground_gain = true;
	READ_ENUM(ld, n, "effect", ruleset_card_effect_names, c->effect);
	ruleset_read_str(n, "emblem", &c->emblem);
	ruleset_read_str(n, "rule", &c->rule);
	ruleset_read_bool(ld, n, "ground-gain", &c->ground_gain);
	ruleset_read_texts(ld, n, "name", &c->name);
	ruleset_read_texts(ld, n, "text", &c->text);
	READ_ENUM(ld, n, "order", ruleset_card_order_names, c->order);
	read_units(ld, n, c);
	ruleset_read_str(n, "types", &c->types);
	/* The sections are known by now: a file lists them before its deck,
	 * and a parent's are applied before its child's cards. */
	for (size_t i = 0; i < rs->section_count && i < RULESET_MAX_SECTIONS; i++)
		ruleset_read_int(ld, n, rs->sections[i].id, &c->section_copies[i]);
	ruleset_read_int(ld, n, "any", &c->any);
	apply_card_special(ld, c, n);
	apply_card_lists(ld, c, n);
}

/* Check what the rest of the program relies on, so that a broken data file
 * is reported here and not as a crash later: the index of die face id,
 * -1 when the <die> lacks it. */
static int face_index(const ruleset *rs, const char *id)
{
	for (size_t i = 0; i < rs->face_count; i++)
		if (str_eq(rs->faces[i].id, id))
			return (int)i;
	return -1;
}

/* A card's <face> list and hit-faces, from names to the die's faces and
 * the unit types, which is what the referee compares during play. */
static void resolve_faces(const ruleset *rs, rs_card *c, const char *f, diag_sink *sink)
{
	for (size_t k = 0; k < c->face_count; k++) {
		rs_card_face *face = &c->faces[k];
		face->face_index = face_index(rs, face->face);
		face->type = str_eq(face->unit_type, "any") ? NULL : ruleset_find_unit_type(rs, face->unit_type);
		if (face->face_index < 0)
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' names die face '%s', which the <die> lacks", c->id, rs->id, face->face);
		if (!str_eq(face->unit_type, "any") && !face->type)
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' names unit type '%s', which is not a <unit-type> (or any)", c->id, rs->id,
				face->unit_type);
	}
	free(c->hit_face_indices);
	c->hit_face_indices = xcalloc(c->hit_face_count ? c->hit_face_count : 1, sizeof *c->hit_face_indices);
	for (size_t k = 0; k < c->hit_face_count; k++) {
		c->hit_face_indices[k] = face_index(rs, c->hit_faces[k]);
		if (c->hit_face_indices[k] < 0)
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' names hit face '%s', which the <die> lacks", c->id, rs->id,
				c->hit_faces[k]);
	}
}

/* The special cards name die faces and unit types: once the whole chain is
 * applied, each must exist, so that a club's change cannot leave a card
 * that no referee can play. */
void ruleset_cards_resolve(ruleset *rs, const char *f, diag_sink *sink)
{
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		rs_card *c = &rs->deck.cards[i];
		resolve_faces(rs, c, f, sink);
		if ((c->effect == RS_EFFECT_RALLY || c->effect == RS_EFFECT_REINFORCE) &&
			(!c->face_count || c->per_face < 1 || (!c->dice_from_hand && c->dice < 1)))
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect %s) needs dice, per-face and at least one <face>",
				c->id, rs->id, ruleset_card_effect_names[c->effect]);
		if (c->effect == RS_EFFECT_SHARPSHOOTER && (!c->types || !c->hit_face_count))
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect sharpshooter) needs types and hit-faces", c->id, rs->id);
		for (size_t k = 0; k < c->dig_count; k++)
			if (!ruleset_find_unit_type(rs, c->digs[k].unit_type))
				diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
					"card '%s' of ruleset '%s' digs with unit type '%s', which is not a <unit-type>",
					c->id, rs->id, c->digs[k].unit_type);
		if (c->effect == RS_EFFECT_DIG && !c->dig_count)
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect dig) needs at least one <dig unit units>", c->id, rs->id);
		if (c->effect != RS_EFFECT_NONE && !c->rule)
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect %s) needs a rule: the section its refusals cite", c->id,
				rs->id, ruleset_card_effect_names[c->effect]);
		if (c->effect == RS_EFFECT_FALL_BACK && (c->target == RS_TARGET_NONE || c->until == RS_UNTIL_NONE))
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect fall-back) needs target and until", c->id, rs->id);
	}
}
