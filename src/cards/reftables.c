#include "reftables.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "refcolumn.h"

#define NOTHING REF_NOTHING
/* The minus of a dice modifier ("–1").  The body face (Noto Sans as
 * bundled) has no U+2212, which would come from the fallback face; the en
 * dash is the typesetter's minus in such a face: as wide as the plus,
 * where a hyphen is short and reads as a dash before a digit. */
#define MINUS "\u2013"

/* ---- the table container ---- */

void reftable_destroy(ref_table *t)
{
	if (!t)
		return;
	str_free_words(t->head, t->columns);
	str_free_words(t->cells, t->rows * t->columns);
	free(t->weights);
	free(t->centred);
	free(t);
}

ref_table *reftable_create(size_t columns)
{
	ref_table *t = xcalloc(1, sizeof *t);
	t->columns = columns;
	t->head = xcalloc(columns, sizeof *t->head);
	t->weights = xcalloc(columns, sizeof *t->weights);
	t->centred = xcalloc(columns, sizeof *t->centred);
	return t;
}

void reftable_head(ref_table *t, size_t col, const char *text, double weight, bool centred)
{
	free(t->head[col]);
	t->head[col] = xstrdup(text);
	t->weights[col] = weight;
	t->centred[col] = centred;
}

size_t reftable_add_row(ref_table *t)
{
	size_t need = (t->rows + 1) * t->columns, cap = t->cap_rows * t->columns;
	grow_array((void **)&t->cells, &cap, need, sizeof *t->cells);
	t->cap_rows = cap / t->columns;
	memset(t->cells + t->rows * t->columns, 0, t->columns * sizeof *t->cells);
	return t->rows++;
}

void reftable_set(ref_table *t, size_t row, size_t col, const char *text)
{
	char **cell = &t->cells[row * t->columns + col];
	free(*cell);
	*cell = xstrdup(text ? text : "");
}

const char *reftable_cell(const ref_table *t, size_t row, size_t col)
{
	const char *s = t->cells[row * t->columns + col];
	return s ? s : "";
}

void reftable_number(ref_table *t, size_t row, size_t col, int n, bool shown)
{
	char cell[16] = NOTHING;
	if (shown)
		snprintf(cell, sizeof cell, "%d", n);
	reftable_set(t, row, col, cell);
}

/* ---- strings for this ruleset ---- */

/* The most specific id that exists: base@ruleset, base@parent, base. */
static const char *variant_id(textbox_ctx *tc, const ruleset *rs, const char *base, char *buf, size_t size)
{
	const char *chain[2] = { rs->id, rs->extends };
	for (size_t i = 0; i < 2; i++) {
		if (!chain[i])
			continue;
		snprintf(buf, size, "%s@%s", base, chain[i]);
		if (textbox_has_string(tc, buf))
			return buf;
	}
	snprintf(buf, size, "%s", base);
	return textbox_has_string(tc, buf) ? buf : NULL;
}

static const char *face_name(textbox_ctx *tc, const ruleset *rs, const char *id, bool hits_any)
{
	for (size_t i = 0; i < rs->face_count; i++)
		if ((id && str_eq(rs->faces[i].id, id)) || (!id && hits_any && rs->faces[i].hits_any))
			return l10n_get(&rs->faces[i].name, tc->rc->lang);
	return id ? id : "";
}

/* A name as it reads inside a sentence: "infanterie", not "Infanterie". */
static char *lower(const char *s)
{
	char *g = g_utf8_strdown(s, -1);
	char *out = xstrdup(g);
	g_free(g);
	return out;
}

char *reftext_join(textbox_ctx *tc, const char *const *names, size_t n, const char *conjunction)
{
	const char *and = textbox_string(tc, conjunction);
	char *out = xstrdup("");
	for (size_t i = 0; i < n; i++) {
		const char *sep = i == 0 ? "" : i + 1 == n ? and : ", ";
		char *next = xasprintf("%s%s%s", out, sep, names[i]);
		free(out);
		out = next;
	}
	return out;
}

void reftext_append(char **out, char *s, const char *sep)
{
	char *next = **out ? xasprintf("%s%s%s", *out, sep, s) : xstrdup(s);
	free(*out);
	free(s);
	*out = next;
}

/* reftext_join of names the caller owns. */
static char *join_names(textbox_ctx *tc, char **names, size_t n, const char *conjunction)
{
	return reftext_join(tc, (const char *const *)names, n, conjunction);
}

static void free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* Lower-case names of the unit types whose ids are listed. */
static char *type_list(textbox_ctx *tc, const ruleset *rs, char *const *ids, size_t n, const char *conjunction)
{
	char **names = xcalloc(n ? n : 1, sizeof *names);
	for (size_t i = 0; i < n; i++) {
		const rs_unit_type *t = ruleset_find_unit_type(rs, ids[i]);
		names[i] = lower(t ? l10n_get(&t->name, tc->rc->lang) : ids[i]);
	}
	char *out = join_names(tc, names, n, conjunction);
	free_names(names, n);
	return out;
}

/* "+1", "-2": a dice modifier as printed. */
static void signed_number(int n, char *buf, size_t size)
{
	snprintf(buf, size, "%s%d", n < 0 ? MINUS : "+", n < 0 ? -n : n);
}

const char *reftext_plural(textbox_ctx *tc, const char *base, int n)
{
	char id[64];
	snprintf(id, sizeof id, "%s-%s", base, n == 1 || n == -1 ? "one" : "other");
	return textbox_string(tc, id);
}

void refpairs_text(ref_pairs *p, const char *name, const char *value)
{
	/* Room is kept for the NULL that ends the list; the grids' lists are
	 * fixed and well below it. */
	if (p->count + 3 > ARRAY_LEN(p->pairs))
		return;
	p->pairs[p->count++] = name;
	p->pairs[p->count++] = value;
	p->pairs[p->count] = NULL;
}

void refpairs_number(ref_pairs *p, const char *name, int n)
{
	if (p->number_count >= ARRAY_LEN(p->numbers))
		return;
	char *cell = p->numbers[p->number_count++];
	snprintf(cell, sizeof p->numbers[0], "%d", n);
	refpairs_text(p, name, cell);
}

void reftext_hex_values(textbox_ctx *tc, const ruleset *rs, ref_pairs *out)
{
	refpairs_number(out, "hexes", rs->retreat.hexes_per_flag);
	refpairs_number(out, "reduction", rs->retreat.general_reduction);
	refpairs_number(out, "general-move", rs->general.move);
	refpairs_number(out, "general-flags", rs->general.flags_ignored);
	refpairs_number(out, "stack", rs->stacking.units_per_hex);
	refpairs_number(out, "brigade-units", rs->brigades.max_units);
	refpairs_number(out, "zone", rs->brigades.zone_radius);
	refpairs_text(out, "zone-hex", reftext_plural(tc, "ref-hex", rs->brigades.zone_radius));
	refpairs_text(out, "sabres", face_name(tc, rs, NULL, true));
	refpairs_text(out, "flag", face_name(tc, rs, ruleset_retreat_face(rs), false));
}

/* A template with the placeholders of the ruleset's grid filled. */
static char *fill(textbox_ctx *tc, const ruleset *rs, const char *tmpl)
{
	ref_pairs v = { .count = 0 };
	const refcard_grid *g = refcard_grid_of(rs);
	if (g && g->values)
		g->values(tc, rs, &v);
	v.pairs[v.count] = NULL;
	return textbox_expand(tmpl, v.pairs);
}

char *reftext_optional(textbox_ctx *tc, const ruleset *rs, const char *base)
{
	char buf[128];
	const char *id = variant_id(tc, rs, base, buf, sizeof buf);
	return id ? fill(tc, rs, textbox_string(tc, id)) : NULL;
}

char *reftext(textbox_ctx *tc, const ruleset *rs, const char *base)
{
	char *s = reftext_optional(tc, rs, base);
	return s ? s : xstrdup(textbox_string(tc, base));   /* counts the failure */
}

char *reftext_with(textbox_ctx *tc, const ruleset *rs, const char *base, const char *const *pairs)
{
	char buf[128];
	const char *id = variant_id(tc, rs, base, buf, sizeof buf);
	return textbox_expand(textbox_string(tc, id ? id : base), pairs);   /* a missing id counts */
}

size_t reftext_steps(textbox_ctx *tc, const ruleset *rs, const char *base, char ***out)
{
	return reftext_steps_with(tc, rs, base, reftext, out);
}

size_t reftext_steps_with(textbox_ctx *tc, const ruleset *rs, const char *base, reftext_fn text, char ***out)
{
	/* Step k exists when any text of the chain has it: a ruleset may
	 * reword steps of its parent's list, or add steps after them. */
	size_t count = 0;
	for (;;) {
		char step[128], buf[160];
		snprintf(step, sizeof step, "%s-%zu", base, count + 1);
		if (!variant_id(tc, rs, step, buf, sizeof buf))
			break;
		count++;
	}
	*out = xcalloc(count ? count : 1, sizeof **out);
	for (size_t i = 0; i < count; i++) {
		char step[128];
		snprintf(step, sizeof step, "%s-%zu", base, i + 1);
		(*out)[i] = text(tc, rs, step);
	}
	if (count == 0) {
		char *msg = xasprintf("%s: no steps '%s-1'… in data/i18n for ruleset '%s'", tc->product, base, rs->id);
		textbox_fail(tc, msg);
		free(msg);
	}
	return count;
}

/* ---- units ---- */

static bool when_empty(const rs_when *w)
{
	return !w->attribute || !w->value;
}

/* A move or dice entry applies to a variant row when it has no condition,
 * or the row's own, or a condition on another attribute. */
static bool applies(const rs_when *w, const char *attr, const char *value)
{
	if (when_empty(w) || !attr)
		return true;
	if (!str_eq(w->attribute, attr))
		return true;
	return str_eq(w->value, value);
}

static char *move_text(textbox_ctx *tc, const rs_move *m)
{
	char n[16];
	snprintf(n, sizeof n, "%d", m->hexes);
	const char *pairs[] = { "n", n, NULL };
	const char *id;
	char then_id[96];
	if (m->then) {
		snprintf(then_id, sizeof then_id, "ref-move-then-%s", m->then);
		id = then_id;
	} else if (!m->battle) {
		id = "ref-move-nobattle";
	} else if (m->hexes == 0) {
		id = "ref-move-still";
	} else {
		id = "ref-move-battle";
	}
	return textbox_expand(textbox_string(tc, id), pairs);
}

static int max_range(const ruleset *rs)
{
	int r = 1;
	for (size_t i = 0; i < rs->unit_type_count; i++)
		for (size_t d = 0; d < rs->unit_types[i].dice_count; d++)
			if (rs->unit_types[i].dice[d].count > r)
				r = rs->unit_types[i].dice[d].count;
	return r > RULESET_MAX_RANGE ? RULESET_MAX_RANGE : r;
}

/* The attribute that splits a type into rows (weapon, state, kind): the
 * one its dice depend on, else its moves. */
static const char *variant_attribute(const rs_unit_type *t)
{
	for (size_t d = 0; d < t->dice_count; d++)
		if (!when_empty(&t->dice[d].when))
			return t->dice[d].when.attribute;
	for (size_t m = 0; m < t->move_count; m++)
		if (!when_empty(&t->moves[m].when))
			return t->moves[m].when.attribute;
	return NULL;
}

static const char *value_name(textbox_ctx *tc, const ruleset *rs, const char *attr, const char *value)
{
	const rs_attribute *a = ruleset_find_attribute(rs, attr);
	for (size_t i = 0; a && i < a->value_count; i++)
		if (str_eq(a->values[i].id, value))
			return l10n_get(&a->values[i].name, tc->rc->lang);
	return value;
}

static void unit_row(textbox_ctx *tc, const ruleset *rs, ref_table *t, const rs_unit_type *type,
	const char *attr, const char *value, int range)
{
	size_t row = reftable_add_row(t);
	const char *name = l10n_get(&type->name, tc->rc->lang);
	char *label = value ? xasprintf("%s\n%s", name, value_name(tc, rs, attr, value)) : xstrdup(name);
	reftable_set(t, row, 0, label);
	free(label);
	char figures[16];
	snprintf(figures, sizeof figures, "%d", type->figures);
	reftable_set(t, row, 1, figures);

	char *moves = xstrdup("");
	for (size_t m = 0; m < type->move_count; m++) {
		if (!applies(&type->moves[m].when, attr, value))
			continue;
		/* The moves are a choice: each after the first says "or". */
		char *move = move_text(tc, &type->moves[m]);
		if (*moves) {
			const char *pairs[] = { "move", move, NULL };
			char *alternative = textbox_expand(textbox_string(tc, "ref-move-or"), pairs);
			free(move);
			move = alternative;
		}
		reftext_append(&moves, move, "\n");
	}
	reftable_set(t, row, 2, moves);
	free(moves);

	const rs_dice *dice = NULL;
	for (size_t d = 0; d < type->dice_count && !dice; d++)
		if (applies(&type->dice[d].when, attr, value))
			dice = &type->dice[d];
	for (int k = 0; k < range; k++) {
		bool shown = dice && k < dice->count && k < RULESET_MAX_RANGE && dice->by_distance[k] > 0;
		reftable_number(t, row, 3 + (size_t)k, shown ? dice->by_distance[k] : 0, shown);
	}
}

ref_table *reftable_units(textbox_ctx *tc, const ruleset *rs)
{
	return reftable_units_of(tc, rs, NULL);
}

ref_table *reftable_units_of(textbox_ctx *tc, const ruleset *rs, const bool *types)
{
	int range = max_range(rs);
	ref_table *t = reftable_create(3 + (size_t)range);
	reftable_head(t, 0, textbox_string(tc, "ref-col-unit"), 3.2, false);
	reftable_head(t, 1, textbox_string(tc, "ref-col-figures"), 1.4, true);
	reftable_head(t, 2, textbox_string(tc, "ref-col-move"), 3.6, false);
	for (int k = 0; k < range; k++) {
		char head[16];
		snprintf(head, sizeof head, "%d", k + 1);
		reftable_head(t, 3 + (size_t)k, head, 0.7, true);
	}
	for (size_t i = 0; i < rs->unit_type_count; i++) {
		if (types && !types[i])
			continue;
		const rs_unit_type *type = &rs->unit_types[i];
		const char *attr = variant_attribute(type);
		if (!attr) {
			unit_row(tc, rs, t, type, NULL, NULL, range);
			continue;
		}
		/* One row per value the type's dice (or moves) distinguish, in
		 * the order the ruleset gives them. */
		const char *seen[RULESET_MAX_RANGE * 4];
		size_t seen_count = 0;
		for (int pass = 0; pass < 2; pass++) {
			size_t n = pass == 0 ? type->dice_count : type->move_count;
			for (size_t k = 0; k < n; k++) {
				const rs_when *w = pass == 0 ? &type->dice[k].when : &type->moves[k].when;
				if (when_empty(w) || !str_eq(w->attribute, attr))
					continue;
				bool dup = false;
				for (size_t s = 0; s < seen_count; s++)
					dup |= str_eq(seen[s], w->value);
				if (dup || seen_count >= ARRAY_LEN(seen))
					continue;
				seen[seen_count++] = w->value;
				unit_row(tc, rs, t, type, attr, w->value, range);
			}
		}
	}
	return t;
}

/* ---- terrain ---- */

static char *dice_cell(textbox_ctx *tc, int target, int occupant, bool fence_exception)
{
	char *out = xstrdup("");
	char n[16];
	if (target) {
		signed_number(target, n, sizeof n);
		const char *pairs[] = { "n", n, NULL };
		char *s = textbox_expand(textbox_string(tc, "ref-dice-target"), pairs);
		char *next = fence_exception ? xasprintf("%s %s", s, textbox_string(tc, "ref-fence-note")) : xstrdup(s);
		free(s);
		free(out);
		out = next;
	}
	if (occupant) {
		signed_number(occupant, n, sizeof n);
		const char *pairs[] = { "n", n, NULL };
		char *s = textbox_expand(textbox_string(tc, "ref-dice-occupant"), pairs);
		reftext_append(&out, s, "\n");
	}
	if (!*out) {
		free(out);
		out = xstrdup(NOTHING);
	}
	return out;
}

ref_table *reftable_terrain(textbox_ctx *tc, const ruleset *rs)
{
	return reftable_terrain_of(tc, rs, NULL, true);
}

ref_table *reftable_terrain_of(textbox_ctx *tc, const ruleset *rs, const bool *terrains, bool fieldworks)
{
	ref_table *t = reftable_create(4);
	reftable_head(t, 0, textbox_string(tc, "ref-col-terrain"), 2.5, false);
	reftable_head(t, 1, textbox_string(tc, "ref-col-movement"), 3.0, false);
	reftable_head(t, 2, textbox_string(tc, "ref-col-dice"), 2.9, false);
	reftable_head(t, 3, textbox_string(tc, "ref-col-los"), 2.6, false);
	for (size_t i = 0; i < rs->terrain_count; i++) {
		if (terrains && !terrains[i])
			continue;
		const rs_terrain *tr = &rs->terrains[i];
		size_t row = reftable_add_row(t);
		reftable_set(t, row, 0, l10n_get(&tr->name, tc->rc->lang));
		const char *move = !tr->passable ? "ref-impassable" :
			tr->stop && tr->no_battle_on_entry ? "ref-stop-nobattle" : tr->stop ? "ref-stop" : NULL;
		reftable_set(t, row, 1, move ? textbox_string(tc, move) : NOTHING);
		char *dice = tr->passable ? dice_cell(tc, tr->target_dice, tr->occupant_dice, tr->fence_exception) :
			xstrdup(NOTHING);
		reftable_set(t, row, 2, dice);
		free(dice);
		char *los = tr->blocks_los && tr->sight_over_adjacent_friends ?
			xasprintf("%s %s", textbox_string(tc, "ref-blocks"), textbox_string(tc, "ref-los-hill-note")) :
			xstrdup(tr->blocks_los ? textbox_string(tc, "ref-blocks") : NOTHING);
		reftable_set(t, row, 3, los);
		free(los);
	}
	/* Fieldworks lie over a hex: movement and sight are the hex's own. */
	if (fieldworks && !l10n_empty(&rs->fieldworks.name)) {
		size_t row = reftable_add_row(t);
		reftable_set(t, row, 0, l10n_get(&rs->fieldworks.name, tc->rc->lang));
		reftable_set(t, row, 1, textbox_string(tc, "ref-as-hex"));
		char *dice = dice_cell(tc, rs->fieldworks.target_dice, 0, false);
		if (rs->fieldworks.replaces_terrain_dice && rs->fieldworks.target_dice) {
			char *next = xasprintf("%s %s", dice, textbox_string(tc, "ref-replaces"));
			free(dice);
			dice = next;
		}
		reftable_set(t, row, 2, dice);
		free(dice);
		reftable_set(t, row, 3, textbox_string(tc, "ref-as-hex"));
	}
	return t;
}

/* ---- deck ---- */

ref_table *reftable_deck(textbox_ctx *tc, const ruleset *rs)
{
	static const char *const heads[] = { "card-left", "card-centre", "card-right", "ref-col-any" };
	ref_table *t = reftable_create(6);
	reftable_head(t, 0, textbox_string(tc, "ref-col-card"), 4.0, false);
	reftable_head(t, 1, textbox_string(tc, "ref-col-copies"), 1.5, true);
	for (size_t k = 0; k < 4; k++)
		reftable_head(t, 2 + k, textbox_string(tc, heads[k]), 1.35, true);
	int sums[5] = { 0 };
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		const rs_card *c = &rs->deck.cards[i];
		int counts[4] = { c->section_copies[0], c->section_copies[1], c->section_copies[2], c->any };
		size_t row = reftable_add_row(t);
		reftable_set(t, row, 0, l10n_get(&c->name, tc->rc->lang));
		int total = 0;
		for (size_t k = 0; k < 4; k++) {
			reftable_number(t, row, 2 + k, counts[k], counts[k] > 0);
			total += counts[k];
			sums[1 + k] += counts[k];
		}
		reftable_number(t, row, 1, total, true);
		sums[0] += total;
	}
	size_t row = reftable_add_row(t);
	reftable_set(t, row, 0, textbox_string(tc, "ref-total"));
	for (size_t k = 0; k < 5; k++)
		reftable_number(t, row, 1 + k, sums[k], true);
	t->last_row_total = true;
	return t;
}

/* ---- retreat thresholds ---- */

ref_table *reftable_thresholds(textbox_ctx *tc, const ruleset *rs)
{
	if (rs->retreat.threshold_count == 0)
		return NULL;
	/* Columns: the unit types that have a threshold; rows: the qualities,
	 * in the order the ruleset lists the quality values. */
	const rs_unit_type *types[16];
	size_t type_count = 0;
	for (size_t i = 0; i < rs->unit_type_count && type_count < ARRAY_LEN(types); i++)
		for (size_t k = 0; k < rs->retreat.threshold_count; k++)
			if (str_eq(rs->retreat.thresholds[k].unit_type, rs->unit_types[i].id)) {
				types[type_count++] = &rs->unit_types[i];
				break;
			}
	const rs_attribute *quality = ruleset_find_attribute(rs, "quality");
	ref_table *t = reftable_create(1 + type_count);
	reftable_head(t, 0, quality ? l10n_get(&quality->name, tc->rc->lang) : "", 2.2, false);
	for (size_t c = 0; c < type_count; c++)
		reftable_head(t, 1 + c, l10n_get(&types[c]->name, tc->rc->lang), 1.6, true);

	const char *qualities[16];
	size_t qn = 0;
	for (size_t i = 0; quality && i < quality->value_count && qn < ARRAY_LEN(qualities); i++)
		qualities[qn++] = quality->values[i].id;
	for (size_t k = 0; k < rs->retreat.threshold_count && qn < ARRAY_LEN(qualities); k++) {
		bool known = false;
		for (size_t i = 0; i < qn; i++)
			known |= str_eq(qualities[i], rs->retreat.thresholds[k].quality);
		if (!known)
			qualities[qn++] = rs->retreat.thresholds[k].quality;
	}
	for (size_t q = 0; q < qn; q++) {
		size_t row = reftable_add_row(t);
		reftable_set(t, row, 0, value_name(tc, rs, "quality", qualities[q]));
		for (size_t c = 0; c < type_count; c++) {
			const rs_threshold *found = NULL;
			for (size_t k = 0; k < rs->retreat.threshold_count; k++) {
				const rs_threshold *th = &rs->retreat.thresholds[k];
				if (str_eq(th->quality, qualities[q]) && str_eq(th->unit_type, types[c]->id))
					found = th;
			}
			reftable_number(t, row, 1 + c, found ? found->figures : 0, found != NULL);
		}
	}
	return t;
}

/* ---- sentences ---- */

char *reftext_hill(textbox_ctx *tc, const ruleset *rs)
{
	char *out = xstrdup("");
	for (size_t i = 0; i < rs->unit_type_count; i++) {
		const rs_unit_type *t = &rs->unit_types[i];
		if (!t->hill_dice)
			continue;
		char n[16];
		signed_number(t->hill_dice, n, sizeof n);
		const char *pairs[] = { "type", l10n_get(&t->name, tc->rc->lang), "n", n, "dice",
			reftext_plural(tc, "ref-die", t->hill_dice), NULL };
		char *s = textbox_expand(textbox_string(tc, "ref-hill"), pairs);
		reftext_append(&out, s, "\n");
	}
	if (!*out) {
		free(out);
		out = xstrdup(textbox_string(tc, "ref-hill-none"));
	}
	return out;
}

char *reftext_general(textbox_ctx *tc, const ruleset *rs)
{
	const rs_general *g = &rs->general;
	char n[16];
	snprintf(n, sizeof n, "%d", g->move);
	const char *move_pairs[] = { "n", n, NULL };
	char *out = textbox_expand(textbox_string(tc, "ref-general-move"), move_pairs);

	/* Extra dice, grouped by how many each unit type gets. */
	char **with = xcalloc(rs->unit_type_count + 1, sizeof *with), **without = xcalloc(rs->unit_type_count + 1, sizeof *without);
	size_t wn = 0, won = 0;
	int dice = 0;
	for (size_t i = 0; i < rs->unit_type_count; i++) {
		const rs_unit_type *t = &rs->unit_types[i];
		if (t->general_dice > 0 && (dice == 0 || t->general_dice == dice)) {
			dice = t->general_dice;
			with[wn++] = t->id;
		} else if (t->general_dice == 0) {
			without[won++] = t->id;
		}
	}
	if (wn) {
		char *types = type_list(tc, rs, with, wn, "ref-and");
		char d[16];
		signed_number(dice, d, sizeof d);
		const char *pairs[] = { "types", types, "n", d, "dice", reftext_plural(tc, "ref-die", dice), NULL };
		char *s = textbox_expand(textbox_string(tc, "ref-general-dice"), pairs);
		reftext_append(&out, s, " ");
		free(types);
		if (won) {
			char *others = type_list(tc, rs, without, won, "ref-and");
			const char *p2[] = { "types", others, NULL };
			char *s2 = textbox_expand(textbox_string(tc, "ref-general-not"), p2);
			reftext_append(&out, s2, " ");
			free(others);
		}
	} else {
		reftext_append(&out, xstrdup(textbox_string(tc, "ref-general-nodice")), " ");
	}
	free(with);
	free(without);

	if (g->flags_ignored > 0) {
		char f[16];
		snprintf(f, sizeof f, "%d", g->flags_ignored);
		const char *pairs[] = { "n", f, "flags", reftext_plural(tc, "ref-flag", g->flags_ignored), NULL };
		char *s = textbox_expand(textbox_string(tc, "ref-general-flags"), pairs);
		reftext_append(&out, s, " ");
	}
	if (g->attackable_by_count > 0) {
		char *types = type_list(tc, rs, g->attackable_by, g->attackable_by_count, "ref-or");
		const char *pairs[] = { "types", types, NULL };
		char *s = textbox_expand(textbox_string(tc, "ref-general-attackable"), pairs);
		reftext_append(&out, s, " ");
		free(types);
	}
	if (g->hit_by) {
		const char *pairs[] = { "face", face_name(tc, rs, g->hit_by, false), NULL };
		char *s = textbox_expand(textbox_string(tc, "ref-general-hit"), pairs);
		reftext_append(&out, s, " ");
	}
	return out;
}

char *reftext_die(textbox_ctx *tc, const ruleset *rs)
{
	int faces = 0;
	char *list = xstrdup("");
	for (size_t i = 0; i < rs->face_count; i++) {
		const rs_face *f = &rs->faces[i];
		faces += f->count;
		char *next = xasprintf("%s%s%d\u00a0×\u00a0%s", list, i ? ", " : "", f->count, l10n_get(&f->name, tc->rc->lang));
		free(list);
		list = next;
	}
	char n[16];
	snprintf(n, sizeof n, "%d", faces);
	const char *pairs[] = { "n", n, "faces", list, NULL };
	char *out = textbox_expand(textbox_string(tc, "ref-die"), pairs);
	free(list);
	/* Hits: the target's own symbol and the faces that hit anything. */
	const char *hp[] = { "sabres", face_name(tc, rs, NULL, true),
		"flag", face_name(tc, rs, ruleset_retreat_face(rs), false), NULL };
	char *hits = textbox_expand(textbox_string(tc, "ref-die-hits"), hp);
	reftext_append(&out, hits, " ");
	return out;
}

char *reftext_ground_gain(textbox_ctx *tc, const ruleset *rs)
{
	char **ids = xcalloc(rs->unit_type_count + 1, sizeof *ids);
	size_t n = 0;
	for (size_t i = 0; i < rs->unit_type_count; i++)
		if (rs->unit_types[i].ground_gain)
			ids[n++] = rs->unit_types[i].id;
	char *types = type_list(tc, rs, ids, n, "ref-and");
	free(ids);
	const char *pairs[] = { "types", types, NULL };
	char *tmpl = reftext(tc, rs, "ref-ground-gain");
	char *out = textbox_expand(tmpl, pairs);
	free(tmpl);
	free(types);
	return out;
}

char *reftext_threshold_general(textbox_ctx *tc, const ruleset *rs)
{
	if (rs->retreat.threshold_count == 0 || rs->retreat.general_reduction <= 0)
		return NULL;
	char *types = type_list(tc, rs, rs->retreat.general_reduction_types, rs->retreat.general_reduction_type_count, "ref-and");
	char n[16];
	snprintf(n, sizeof n, "%d", rs->retreat.general_reduction);
	const char *pairs[] = { "n", n, "types", types, "figures", reftext_plural(tc, "ref-figure", rs->retreat.general_reduction), NULL };
	char *out = textbox_expand(textbox_string(tc, "ref-threshold-general"), pairs);
	free(types);
	return out;
}

/* ---- the special cards (rules digest §8.1) ---- */

/* The unit types a card names, as they read in a sentence. */
static char *card_types(textbox_ctx *tc, const ruleset *rs, const rs_card *c)
{
	char **words = NULL;
	size_t n = str_split_words(c->types ? c->types : "", &words, 0);
	char **names = xcalloc(n ? n : 1, sizeof *names);
	for (size_t i = 0; i < n; i++) {
		const rs_unit_type *t = ruleset_find_unit_type(rs, words[i]);
		names[i] = lower(t ? l10n_get(&t->name, tc->rc->lang) : words[i]);
	}
	char *out = join_names(tc, names, n, "ref-or");
	for (size_t i = 0; i < n; i++) {
		free(names[i]);
		free(words[i]);
	}
	free(names);
	free(words);
	return out;
}

static char *card_hit_faces(textbox_ctx *tc, const ruleset *rs, const rs_card *c)
{
	char **names = xcalloc(c->hit_face_count ? c->hit_face_count : 1, sizeof *names);
	for (size_t i = 0; i < c->hit_face_count; i++)
		names[i] = xstrdup(face_name(tc, rs, c->hit_faces[i], false));
	char *out = join_names(tc, names, c->hit_face_count, "ref-or");
	for (size_t i = 0; i < c->hit_face_count; i++)
		free(names[i]);
	free(names);
	return out;
}

char *reftext_special_cards(textbox_ctx *tc, const ruleset *rs)
{
	char *out = NULL;
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		const rs_card *c = &rs->deck.cards[i];
		if (c->effect == RS_EFFECT_NONE)
			continue;
		char id[64], units[RS_CARD_UNITS_TEXT], dice[16], per_face[16], victory[16];
		snprintf(id, sizeof id, "ref-special-%s", ruleset_card_effect_names[c->effect]);
		snprintf(dice, sizeof dice, "%d", c->dice);
		snprintf(per_face, sizeof per_face, "%d", c->per_face);
		snprintf(victory, sizeof victory, "%d", c->victory);
		char *types = card_types(tc, rs, c), *hits = card_hit_faces(tc, rs, c);
		const char *pairs[] = {
			"name", l10n_get(&c->name, tc->rc->lang), "units", ruleset_card_units_text(c, units),
			"dice", dice, "per-face", per_face, "victory", victory, "types", types, "hits", hits, NULL,
		};
		/* The card's own numbers ({dig-infantry}...) after the pairs. */
		char *text = reftext_with(tc, rs, id, pairs), *line = ruleset_card_fill(c, text);
		free(text);
		char *next = out ? xasprintf("%s\n%s", out, line) : xstrdup(line);
		free(out);
		free(line);
		free(types);
		free(hits);
		out = next;
	}
	return out;
}

/* ---- line of sight, generals, victory (the back of a hex card) ---- */

static const char *const NO_PAIRS[] = { NULL };

char *reftext_los(textbox_ctx *tc, const ruleset *rs)
{
	char **names = xcalloc(rs->terrain_count + 1, sizeof *names);
	size_t n = 0;
	const rs_terrain *over = NULL;
	for (size_t i = 0; i < rs->terrain_count; i++) {
		const rs_terrain *t = &rs->terrains[i];
		if (t->blocks_los)
			names[n++] = lower(l10n_get(&t->name, tc->rc->lang));
		if (t->sight_over_adjacent_friends && !over)
			over = t;
	}
	char *terrains = n ? join_names(tc, names, n, "ref-or") : NULL;
	free_names(names, n);
	const char *pairs[] = { "terrains", terrains ? terrains : "", NULL };
	char *out = reftext_with(tc, rs, terrains ? "ref-los" : "ref-los-units", pairs);
	free(terrains);
	if (over) {
		char *name = lower(l10n_get(&over->name, tc->rc->lang));
		const char *p2[] = { "terrain", name, NULL };
		reftext_append(&out, reftext_with(tc, rs, "ref-los-over", p2), " ");
		free(name);
	}
	return out;
}

char *reftext_general_attached(textbox_ctx *tc, const ruleset *rs)
{
	const rs_general *g = &rs->general;
	char *out = reftext_with(tc, rs, g->must_follow_unit ? "ref-general-attached-must" :
		"ref-general-attached-may", NO_PAIRS);
	reftext_append(&out, reftext_with(tc, rs, "ref-general-attached", NO_PAIRS), " ");
	return out;
}

char *reftext_general_alone(textbox_ctx *tc, const ruleset *rs)
{
	const rs_general *g = &rs->general;
	char hexes[16];
	snprintf(hexes, sizeof hexes, "%d", rs->retreat.hexes_per_flag);
	const char *pairs[] = { "face", face_name(tc, rs, g->hit_by, false), "hexes", hexes,
		"hex", reftext_plural(tc, "ref-hex", rs->retreat.hexes_per_flag), NULL };
	char *out = reftext_with(tc, rs, g->hit_by ? "ref-general-alone-hit" : "ref-general-alone", pairs);
	reftext_append(&out, reftext_with(tc, rs, g->passes_friendly_units ? "ref-general-alone-retreat-pass" :
		"ref-general-alone-retreat", pairs), " ");
	return out;
}

char *reftext_victory(textbox_ctx *tc, const ruleset *rs)
{
	char target[16];
	snprintf(target, sizeof target, "%d", rs->victory.default_target);
	const char *pairs[] = { "target", target, NULL };
	char *out = reftext_with(tc, rs, "ref-victory", pairs);
	reftext_append(&out, reftext_with(tc, rs, rs->victory.target_required || rs->victory.default_target <= 0 ?
		"ref-victory-scenario" : "ref-victory-target", pairs), " ");
	return out;
}

/* ---- sharing a hex (the front of a hex card) ---- */

char *reftext_stacking(textbox_ctx *tc, const ruleset *rs)
{
	char *out = reftext_optional(tc, rs, "ref-stacking");
	if (rs->stacking.brigades && rs->brigades.max_units > 0) {
		char *brigades = reftext(tc, rs, "ref-brigades");
		if (out)
			reftext_append(&out, brigades, " ");
		else
			out = brigades;
	}
	return out;
}
