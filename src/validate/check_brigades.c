/* §3.3 noord-zuid brigades: one general of the same side, at most six units
 * in his zone of control, no unit in two brigades, no more brigades than
 * generals. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* Ids sorted for look-up: a brigade may list many units, and a hostile
 * file many brigades; a linear search per name would be quadratic. */
typedef struct id_index {
	const char *id;
	long index;
} id_index;

static int compare_index(const void *a, const void *b)
{
	return strcmp(((const id_index *)a)->id, ((const id_index *)b)->id);
}

static id_index *index_ids(const sc_string *(*id_of)(const scenario *, size_t), const scenario *sc, size_t count,
	size_t *indexed)
{
	id_index *idx = xcalloc(count + 1, sizeof *idx);
	size_t n = 0;
	for (size_t i = 0; i < count; i++)
		if (id_of(sc, i)->text)
			idx[n++] = (id_index){ id_of(sc, i)->text, (long)i };
	qsort(idx, n, sizeof *idx, compare_index);
	*indexed = n;
	return idx;
}

static const sc_string *unit_id(const scenario *sc, size_t i)
{
	return &sc->units[i].id;
}

static const sc_string *general_id(const scenario *sc, size_t i)
{
	return &sc->generals[i].id;
}

/* The first entry with that id (duplicates are reported elsewhere). */
static long find(const id_index *idx, size_t count, const char *id)
{
	size_t lo = 0, hi = count;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(idx[mid].id, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < count && strcmp(idx[lo].id, id) == 0 ? idx[lo].index : -1;
}

void check_brigades(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	const ruleset *rs = ctx->rs;
	if (sc->brigade_count == 0)
		return;
	if (!rs->stacking.brigades) {
		for (size_t i = 0; i < sc->brigade_count; i++)
			check_error(ctx, sc->brigades[i].pos, check_rule(ctx, rs->brigades.rule),
				"brigade '%s': %s has no brigades; they belong to the noord-zuid rules",
				sc->brigades[i].id.text ? sc->brigades[i].id.text : "?", rs->id);
		return;
	}
	char rule[40];
	snprintf(rule, sizeof rule, "%s", check_rule(ctx, rs->brigades.rule));
	size_t unit_ids_count, general_ids_count;
	id_index *unit_ids = index_ids(unit_id, sc, sc->unit_count, &unit_ids_count);
	id_index *general_ids = index_ids(general_id, sc, sc->general_count, &general_ids_count);

	/* brigade index of each unit, -1 when in none */
	long *member_of = xmalloc((sc->unit_count ? sc->unit_count : 1) * sizeof(long));
	for (size_t i = 0; i < sc->unit_count; i++)
		member_of[i] = -1;
	long *led_by = xmalloc((sc->general_count ? sc->general_count : 1) * sizeof(long));
	for (size_t i = 0; i < sc->general_count; i++)
		led_by[i] = -1;
	size_t per_side_brigades[2] = { 0, 0 }, per_side_generals[2] = { 0, 0 };
	for (size_t i = 0; i < sc->general_count; i++)
		if (sc->generals[i].side < 2)
			per_side_generals[sc->generals[i].side]++;

	for (size_t b = 0; b < sc->brigade_count; b++) {
		const sc_brigade *br = &sc->brigades[b];
		const char *bid = br->id.text ? br->id.text : "?";
		if (br->side < 2 && ++per_side_brigades[br->side] == per_side_generals[br->side] + 1)
			check_error(ctx, br->pos, rule,
				"brigade '%s' is one more brigade than side '%s' has generals (%zu)",
				bid, sc->sides[br->side].id.text ? sc->sides[br->side].id.text : "?",
				per_side_generals[br->side]);

		long g = br->general.text ? find(general_ids, general_ids_count, br->general.text) : -1;
		if (br->general.text && g < 0) {
			check_error(ctx, br->general.pos, rule,
				"brigade '%s' is led by general '%s', who is not in the scenario", bid, br->general.text);
		} else if (g >= 0 && sc->generals[g].side != br->side) {
			check_error(ctx, br->general.pos, rule,
				"brigade '%s' is led by general '%s' of the other side", bid, br->general.text);
			g = -1;
		} else if (g >= 0 && led_by[g] >= 0) {
			check_error(ctx, br->general.pos, rule,
				"general '%s' already leads brigade '%s'; a general leads one brigade",
				br->general.text, sc->brigades[led_by[g]].id.text ? sc->brigades[led_by[g]].id.text : "?");
		} else if (g >= 0) {
			led_by[g] = (long)b;
		}

		if ((int)br->unit_count > rs->brigades.max_units)
			check_error(ctx, br->units_attr.pos, rule,
				"brigade '%s' has %zu units; a brigade has at most %d",
				bid, br->unit_count, rs->brigades.max_units);

		for (size_t k = 0; k < br->unit_count; k++) {
			const char *uid = br->units[k];
			long u = find(unit_ids, unit_ids_count, uid);
			if (u < 0) {
				check_error(ctx, br->units_attr.pos, rule,
					"brigade '%s' lists unit '%s', which is not in the scenario", bid, uid);
				continue;
			}
			if (sc->units[u].side != br->side) {
				check_error(ctx, br->units_attr.pos, rule,
					"brigade '%s' lists unit '%s' of the other side", bid, uid);
				continue;
			}
			if (member_of[u] >= 0) {
				const char *other = sc->brigades[member_of[u]].id.text;
				if (member_of[u] == (long)b)
					check_error(ctx, br->units_attr.pos, rule,
						"brigade '%s' lists unit '%s' twice", bid, uid);
				else
					check_error(ctx, br->units_attr.pos, rule,
						"unit '%s' is already in brigade '%s'; a unit belongs to one brigade",
						uid, other ? other : "?");
				continue;
			}
			member_of[u] = (long)b;
			if (g >= 0 && ctx->pos->units[u].placed && ctx->pos->generals[g].placed) {
				int d = hex_distance(sc->units[u].at.cell, sc->generals[g].at.cell);
				if (d > rs->brigades.zone_radius) {
					char uh[HEX_ADDRESS_MAX], gh[HEX_ADDRESS_MAX];
					check_error(ctx, br->units_attr.pos, rule,
						"unit '%s' at %s is %d hexes from general '%s' at %s, outside his zone of control; "
						"a brigade's units stand in his hex or next to it",
						uid, hex_format(sc->units[u].at.cell, uh), d, br->general.text,
						hex_format(sc->generals[g].at.cell, gh));
				}
			}
		}
	}
	free(member_of);
	free(led_by);
	free(unit_ids);
	free(general_ids);
}
