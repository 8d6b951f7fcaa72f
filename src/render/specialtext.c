/* The special rules in plain words (specialtext.h): each kind of rule has
 * its templates in data/i18n/strings.xml, and this file fills them from
 * the model, so that the sheet says what validate checked and the
 * referee enforces, never what an author typed about it. */
#include "specialtext.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../model/special_rules.h"
#include "names.h"

/* A list of strings being built (each owned). */
typedef struct words {
	char **items;
	size_t count, cap;
} words;

static void words_add(words *w, char *s)
{
	grow_array((void **)&w->items, &w->cap, w->count + 1, sizeof *w->items);
	w->items[w->count++] = s;
}

static void words_free(words *w)
{
	for (size_t i = 0; i < w->count; i++)
		free(w->items[i]);
	free(w->items);
	*w = (words){ 0 };
}

/* "a", "a and b", "a, b and c" with the language's conjunction
 * ("sr-and" or "sr-or"); the list is freed. */
static char *words_join(const render_ctx *rc, words *w, const char *conjunction)
{
	char *out = xstrdup("");
	for (size_t i = 0; i < w->count; i++) {
		const char *sep = i == 0 ? "" : i + 1 == w->count ? NULL : ", ";
		char *next = sep ? xasprintf("%s%s%s", out, sep, w->items[i])
			: xasprintf("%s %s %s", out, render_string(rc, conjunction), w->items[i]);
		free(out);
		out = next;
	}
	words_free(w);
	return out;
}

static char *expand(const render_ctx *rc, const char *id, const char *const *pairs)
{
	return strings_expand(render_string(rc, id), pairs);
}

/* The index of the scenario's side with this id, or side_count. */
static size_t side_index(const scenario *sc, const char *id)
{
	size_t s = 0;
	while (s < sc->side_count && !str_eq(sc->sides[s].id.text, id))
		s++;
	return s;
}

/* A side as the ruleset names it; "both" (or none written) as both
 * sides. */
static const char *side_name(const render_ctx *rc, const char *id)
{
	if (!id || str_eq(id, "both"))
		return render_string(rc, "sr-both");
	const rs_named *named = ruleset_find_side(rc->rs, id);
	return named ? l10n_get(&named->name, rc->lang) : id;
}

/* The other side of a two-sided scenario, as the ruleset names it. */
static const char *enemy_name(const render_ctx *rc, const char *id)
{
	const scenario *sc = rc->sc;
	size_t s = side_index(sc, id);
	for (size_t i = 0; i < sc->side_count; i++)
		if (i != s)
			return side_name(rc, sc->sides[i].id.text);
	return side_name(rc, NULL);
}

/* Flags or points, as the ruleset counts them (vp@RULESET), as the
 * sheet's objectives say them. */
static const char *vp_word(const render_ctx *rc, long n)
{
	char id[64];
	snprintf(id, sizeof id, "%s@%s", n == 1 ? "vp-one" : "vp", rc->rs->id);
	if (!strings_has(rc->strings, id))
		return render_string(rc, n == 1 ? "vp-one" : "vp");
	return render_string(rc, id);
}

/* A hex by its address, as the sheet names hexes, with the name of an
 * objective standing there. */
static char *hex_text(const render_ctx *rc, const sc_address *a)
{
	if (!a->valid)
		return xstrdup(a->text ? a->text : "?");
	char address[GRID_ADDRESS_MAX];
	grid_format(a->cell, address);
	const scenario *sc = rc->sc;
	for (size_t i = 0; i < sc->objective_count; i++) {
		const sc_objective *o = &sc->objectives[i];
		if (o->at.valid && grid_cell_equal(o->at.cell, a->cell) && !l10n_empty(&o->name)) {
			bool fr = rc->lang == LANG_FR;
			return xasprintf("%s %s%s%s", address, fr ? "«\u00a0" : "“", l10n_get(&o->name, rc->lang),
				fr ? "\u00a0»" : "”");
		}
	}
	return xstrdup(address);
}

static char *hexes_text(const render_ctx *rc, const special_rule *r, const char *conjunction)
{
	words w = { 0 };
	for (size_t i = 0; i < r->hex_count; i++)
		words_add(&w, hex_text(rc, &r->hexes[i]));
	return words_join(rc, &w, conjunction);
}

static char *number_text(long n)
{
	return xasprintf("%ld", n);
}

/* A unit as the maps show it: its name and the short label the reduced
 * maps print ("Infantry 2 (I·2)"). */
static char *unit_text(char *name, char *label)
{
	char *out = xasprintf("%s (%s)", name, label);
	free(name);
	free(label);
	return out;
}

/* The terrain a crossing closes, in lower case within the sentence
 * ("river or stream"). */
static char *crossing_terrain(const render_ctx *rc, const special_rule *r)
{
	static const char *const ids[] = { "river", "stream" };
	words w = { 0 };
	for (size_t i = 0; i < 2; i++) {
		if (r->option.text && !str_eq(r->option.text, "both") && !str_eq(r->option.text, ids[i]))
			continue;
		const rs_terrain *t = ruleset_find_terrain(rc->rs, ids[i]);
		words_add(&w, g_utf8_strdown(t ? l10n_get(&t->name, rc->lang) : ids[i], -1));
	}
	return words_join(rc, &w, "sr-or");
}

static char *crossing_text(const render_ctx *rc, const special_rule *r)
{
	char *hexes = hexes_text(rc, r, "sr-and");
	const char *hp[] = { "hexes", hexes, NULL };
	char *fords = expand(rc, r->hex_count == 1 ? "sr-ford-one" : "sr-ford-many", hp);
	char *terrain = crossing_terrain(rc, r);
	const char *pairs[] = { "terrain", terrain, "fords", fords, NULL };
	char *out = expand(rc, "sr-crossing", pairs);
	free(hexes);
	free(fords);
	free(terrain);
	return out;
}

static char *no_entry_text(const render_ctx *rc, const special_rule *r)
{
	bool end = str_eq(r->option.text, "end");
	char *hexes = hexes_text(rc, r, end ? "sr-and" : "sr-or");
	const char *pairs[] = { "hexes", hexes, NULL };
	char *out = expand(rc, end ? "sr-no-entry-end" : "sr-no-entry-enter", pairs);
	free(hexes);
	return out;
}

/* The parts of a condition, each with its connector ("until turn 3 of
 * their side", "once the Union side has won 2 victory flags"), joined by
 * "or" and, when more than one, "whichever comes first".  prefix picks
 * the templates: "sr-until" (frozen) or "sr-once" (schedule). */
static char *condition_text(const render_ctx *rc, const special_rule *r, const char *prefix)
{
	const special_condition *c = &r->when;
	words w = { 0 };
	char id[48];
	if (c->turn.given && c->turn.valid) {
		char *n = number_text(c->turn.value);
		const char *pairs[] = { "n", n, NULL };
		snprintf(id, sizeof id, "%s-turn", prefix);
		words_add(&w, expand(rc, id, pairs));
		free(n);
	}
	if (c->flags.given && c->flags.valid) {
		char *n = number_text(c->flags.value);
		const char *side = c->flags_side.text ? side_name(rc, c->flags_side.text) : enemy_name(rc, r->side.text);
		const char *pairs[] = { "n", n, "side", side, "vp", vp_word(rc, c->flags.value), NULL };
		snprintf(id, sizeof id, "%s-flags", prefix);
		words_add(&w, expand(rc, id, pairs));
		free(n);
	}
	if (c->enemy_within.given && c->enemy_within.valid) {
		char *n = number_text(c->enemy_within.value);
		const char *pairs[] = { "n", n, NULL };
		snprintf(id, sizeof id, "%s-near%s", prefix, c->enemy_within.value == 1 ? "-one" : "");
		words_add(&w, expand(rc, id, pairs));
		free(n);
	}
	size_t parts = w.count;
	char *out = words_join(rc, &w, "sr-or");
	if (parts > 1) {
		char *more = xasprintf("%s%s", out, render_string(rc, "sr-whichever"));
		free(out);
		out = more;
	}
	return out;
}

/* The sentence of a group of units and its condition: template `id`
 * ("id-one" for one unit) with {units} and the condition as {key},
 * written by the templates "sr-until-…" (key "until") or "sr-once-…"
 * (key "when").  The list is freed. */
static char *group_sentence(const render_ctx *rc, const special_rule *r, words *w, const char *id, const char *key)
{
	size_t n = w->count;
	char *units = words_join(rc, w, "sr-and");
	char *condition = condition_text(rc, r, str_eq(key, "until") ? "sr-until" : "sr-once");
	char one[48];
	snprintf(one, sizeof one, "%s-one", id);
	const char *pairs[] = { "units", units, key, condition, NULL };
	char *out = expand(rc, n == 1 ? one : id, pairs);
	free(units);
	free(condition);
	return out;
}

static char *frozen_text(const render_ctx *rc, const special_rule *r)
{
	const scenario *sc = rc->sc;
	words w = { 0 };
	for (size_t i = 0; i < r->unit_ref_count; i++) {
		const char *ref = r->unit_refs[i].text;
		const sc_unit *u = NULL;
		for (size_t k = 0; !u && k < sc->unit_count; k++)
			if (str_eq(sc->units[k].id.text, ref))
				u = &sc->units[k];
		words_add(&w, u ? unit_text(names_unit(rc, u), names_unit_label(rc, u)) : xstrdup(ref ? ref : "?"));
	}
	return group_sentence(rc, r, &w, "sr-frozen", "until");
}

/* 1 + the units of the side and type the map numbers before this one of
 * a schedule: every unit on the board and in reserve, then those of the
 * schedules before it, in file order. */
static size_t schedule_number(const scenario *sc, size_t side, const sc_unit *u)
{
	size_t n = 1;
	for (size_t i = 0; i < sc->unit_count; i++)
		n += sc->units[i].side == side && str_eq(sc->units[i].type.text, u->type.text);
	for (size_t i = 0; i < sc->reserve_count; i++)
		n += sc->reserves[i].side == side && str_eq(sc->reserves[i].type.text, u->type.text);
	const special_rules *sr = sc->special;
	for (size_t k = 0; k < sr->count; k++) {
		const special_rule *r = &sr->rules[k];
		if (r->kind != SPECIAL_SCHEDULE || side_index(sc, r->side.text) != side)
			continue;
		for (size_t i = 0; i < r->unit_count; i++) {
			if (&r->units[i] == u)
				return n;
			n += str_eq(r->units[i].type.text, u->type.text);
		}
	}
	return n;
}

static char *schedule_text(const render_ctx *rc, const special_rule *r)
{
	size_t side = side_index(rc->sc, r->side.text);
	words w = { 0 };
	for (size_t i = 0; i < r->unit_count; i++) {
		/* The unit as the maps will number it, on its rule's side. */
		sc_unit u = r->units[i];
		u.side = side;
		size_t number = schedule_number(rc->sc, side, &r->units[i]);
		char *unit = unit_text(names_unit_numbered(rc, &u, number), names_unit_label_numbered(rc, &u, number));
		char *hex = hex_text(rc, &u.at);
		const char *pairs[] = { "unit", unit, "hex", hex, NULL };
		words_add(&w, expand(rc, "sr-arrive-at", pairs));
		free(unit);
		free(hex);
	}
	return group_sentence(rc, r, &w, "sr-schedule", "when");
}

static char *sudden_death_text(const render_ctx *rc, const special_rule *r)
{
	char *hex = r->hex_count ? hex_text(rc, &r->hexes[0]) : xstrdup("?");
	const char *pairs[] = { "hex", hex, NULL };
	char *out = expand(rc, "sr-sudden-death", pairs);
	free(hex);
	return out;
}

static char *exit_text(const render_ctx *rc, const special_rule *r)
{
	long vp = r->vp.given && r->vp.valid ? r->vp.value : 1;
	char *hexes = hexes_text(rc, r, "sr-or");
	char *n = number_text(vp);
	const char *pairs[] = { "hexes", hexes, "n", n, "vp", vp_word(rc, vp), NULL };
	char *out = expand(rc, "sr-exit", pairs);
	free(hexes);
	free(n);
	return out;
}

static char *turn_limit_text(const render_ctx *rc, const special_rule *r)
{
	const char *outcome = r->option.text ? r->option.text : "objectives";
	char id[48];
	snprintf(id, sizeof id, "sr-turn-limit-%s", outcome);
	if (!strings_has(rc->strings, id))
		snprintf(id, sizeof id, "sr-turn-limit-objectives");
	char *n = number_text(r->turns.valid ? r->turns.value : 0);
	const char *pairs[] = { "n", n, "vp", vp_word(rc, 2), NULL };
	char *out = expand(rc, id, pairs);
	free(n);
	return out;
}

/* A change of a number, signed as the reference card prints it: "+1",
 * "–1" (an en dash, as its tables write a minus). */
static char *delta_text(long n)
{
	return n < 0 ? xasprintf("\u2013%ld", -n) : xasprintf("+%ld", n);
}

/* Each change an <adjust> makes, joined: the hand with its new size,
 * ground gain, a unit type's dice. */
static char *adjust_text(const render_ctx *rc, const special_rule *r)
{
	words w = { 0 };
	if (r->hand.given && r->hand.valid) {
		size_t s = side_index(rc->sc, r->side.text);
		long cards = s < rc->sc->side_count ? rc->sc->sides[s].cards.value : 0;
		long total = cards + r->hand.value < 1 ? 1 : cards + r->hand.value;
		char *delta = delta_text(r->hand.value), *all = number_text(total);
		const char *pairs[] = { "delta", delta, "total", all, NULL };
		words_add(&w, expand(rc, "sr-hand", pairs));
		free(delta);
		free(all);
	}
	if (str_eq(r->ground_gain.text, "false"))
		words_add(&w, xstrdup(render_string(rc, "sr-no-ground-gain")));
	if (r->unit_type.text && r->dice.given && r->dice.valid) {
		const char *type = names_type(rc, r->unit_type.text);
		char *delta = delta_text(r->dice.value);
		const char *pairs[] = { "type", type ? type : r->unit_type.text, "delta", delta, NULL };
		words_add(&w, expand(rc, "sr-dice", pairs));
		free(delta);
	}
	char *out = xstrdup("");
	for (size_t i = 0; i < w.count; i++) {
		char *next = xasprintf("%s%s%s", out, i ? render_string(rc, "sr-then") : "", w.items[i]);
		free(out);
		out = next;
	}
	words_free(&w);
	char *sentence = xasprintf("%s.", out);
	free(out);
	return sentence;
}

/* Each kind's sentence, and whether it speaks for a side ("Union: …"). */
typedef struct special_say {
	char *(*text)(const render_ctx *rc, const special_rule *r);
	bool sided;
} special_say;

static const special_say SAY[SPECIAL_KIND_COUNT] = {
	[SPECIAL_CROSSING] = { crossing_text, true },
	[SPECIAL_NO_ENTRY] = { no_entry_text, true },
	[SPECIAL_FROZEN] = { frozen_text, true },
	[SPECIAL_SCHEDULE] = { schedule_text, true },
	[SPECIAL_SUDDEN_DEATH] = { sudden_death_text, true },
	[SPECIAL_EXIT] = { exit_text, true },
	[SPECIAL_TURN_LIMIT] = { turn_limit_text, false },
	[SPECIAL_ADJUST] = { adjust_text, true },
};

size_t specialtext_lines(const render_ctx *rc, char ***out)
{
	*out = NULL;
	const special_rules *sr = rc->sc->special;
	if (!sr || !sr->count)
		return 0;
	words w = { 0 };
	for (size_t i = 0; i < sr->count; i++) {
		const special_rule *r = &sr->rules[i];
		if (r->kind >= SPECIAL_KIND_COUNT)
			continue;
		char *text = SAY[r->kind].text(rc, r);
		if (SAY[r->kind].sided) {
			char *line = xasprintf("%s%s %s", side_name(rc, r->side.text), render_colon(rc), text);
			free(text);
			text = line;
		}
		words_add(&w, text);
	}
	*out = w.items;
	return w.count;
}

void specialtext_free(char **lines, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(lines[i]);
	free(lines);
}
