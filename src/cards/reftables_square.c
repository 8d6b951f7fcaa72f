#include "reftables_square.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
#include "../render/victory.h"

/* ---- names and numbers ---- */

static const char *unit_name(textbox_ctx *tc, const ruleset *rs, const char *id)
{
	const rs_square_unit *u = id ? ruleset_find_square_unit(rs, id) : NULL;
	return u ? l10n_get(&u->name, tc->rc->lang) : id ? id : "";
}

static const rs_square_unit *leader(const ruleset *rs)
{
	for (size_t i = 0; i < rs->square.unit_count; i++)
		if (rs->square.units[i].leader)
			return &rs->square.units[i];
	return NULL;
}

void reftext_square_values(textbox_ctx *tc, const ruleset *rs, ref_pairs *out)
{
	const rs_square_unit *g = leader(rs);
	refpairs_number(out, "points", rs->square.purchase_points);
	refpairs_number(out, "limit", rs->square.purchase_limit);
	refpairs_text(out, "unit", unit_name(tc, rs, rs->square.limited_unit));
	refpairs_number(out, "faces", rs->square.die_faces);
	refpairs_number(out, "bonus", rs->square.general_bonus);
	refpairs_number(out, "range", rs->square.general_range);
	refpairs_number(out, "move", g ? g->move : 0);
	refpairs_text(out, "entrench-unit", unit_name(tc, rs, rs->square.entrench_unit));
	refpairs_number(out, "entrench", rs->square.entrench_bonus);
	refpairs_number(out, "entrench-general", rs->square.entrench_general_bonus);
	refpairs_number(out, "zones", rs->square.sea_zones);
	refpairs_number(out, "rounds", rs->square.naval_rounds);
	refpairs_text(out, "round", reftext_plural(tc, "ref-sq-round", rs->square.naval_rounds));
	refpairs_number(out, "income", rs->square.capital_income_loss);
	refpairs_text(out, "point", reftext_plural(tc, "ref-sq-point", rs->square.capital_income_loss));
	refpairs_number(out, "stack", rs->square.play.stacking);
	refpairs_number(out, "zone-steps", rs->square.play.zone_steps);
	refpairs_text(out, "step", reftext_plural(tc, "ref-sq-step", rs->square.play.zone_steps));
	refpairs_number(out, "port-steps", rs->square.play.port_steps);
	refpairs_text(out, "port-step", reftext_plural(tc, "ref-sq-step", rs->square.play.port_steps));
}

static const char *side_name(textbox_ctx *tc, const ruleset *rs, const char *id)
{
	const rs_named *s = ruleset_find_side(rs, id);
	return s ? l10n_get(&s->name, tc->rc->lang) : id ? id : "";
}

/* ---- units ---- */

/* The rows of the unit table, one value of each unit per row. */
typedef enum {
	ROW_COST, ROW_MOVE, ROW_ATTACK, ROW_DEFEND, ROW_HITS, ROW_CARRIES, ROW_FIGHTS, ROW_RANGE, ROW_COUNT
} unit_row;

static const char *const ROW_HEADS[ROW_COUNT] = {
	"ref-sq-col-cost", "ref-sq-col-move", "ref-sq-col-attack", "ref-sq-col-defend", "ref-sq-col-hits",
	"ref-sq-col-carries", "ref-sq-col-fights", "ref-sq-col-range",
};

/* How a unit fights: ships in their sea zone; a unit without an attack
 * factor (the general) only defends; land units across a square's sides,
 * some across its corners too. */
static const char *fights_id(const rs_square_unit *u)
{
	return u->attack <= 0 ? "ref-sq-defends-only" : u->naval ? "ref-sq-at-sea" :
		u->diagonal ? "ref-sq-corners" : "ref-sq-sides-only";
}

static void unit_column(textbox_ctx *tc, ref_table *t, size_t col, const rs_square_unit *u)
{
	reftable_number(t, ROW_COST, col, u->cost, u->cost >= 0);
	reftable_number(t, ROW_MOVE, col, u->move, true);
	reftable_number(t, ROW_ATTACK, col, u->attack, u->attack > 0);
	reftable_number(t, ROW_DEFEND, col, u->defend, u->defend > 0);
	reftable_number(t, ROW_HITS, col, u->hits, true);
	reftable_number(t, ROW_CARRIES, col, u->carries, u->carries > 0);
	reftable_set(t, ROW_FIGHTS, col, textbox_string(tc, fights_id(u)));
	/* The general's range is his command range, told under Generals;
	 * ships fight within their sea zone. */
	reftable_number(t, ROW_RANGE, col, u->range, u->attack > 0 && !u->naval);
}

ref_table *reftable_square_units(textbox_ctx *tc, const ruleset *rs)
{
	/* Units across, values down: eight values of six units read better
	 * as a chart than as a row of narrow columns with long headings. */
	ref_table *t = reftable_create(1 + rs->square.unit_count);
	reftable_head(t, 0, textbox_string(tc, "ref-col-unit"), 2.1, false);
	for (size_t i = 0; i < rs->square.unit_count; i++)
		reftable_head(t, 1 + i, l10n_get(&rs->square.units[i].name, tc->rc->lang), 1.75, true);
	for (size_t r = 0; r < ROW_COUNT; r++)
		reftable_set(t, reftable_add_row(t), 0, textbox_string(tc, ROW_HEADS[r]));
	for (size_t i = 0; i < rs->square.unit_count; i++)
		unit_column(tc, t, 1 + i, &rs->square.units[i]);
	return t;
}

/* ---- ports and generals: rows by coast or players, columns by side ---- */

/* The sides of the ruleset, in its order; a table with one column each
 * after the first. */
static ref_table *by_side_table(textbox_ctx *tc, const ruleset *rs, const char *first_head)
{
	ref_table *t = reftable_create(1 + rs->side_count);
	reftable_head(t, 0, first_head, 2.0, false);
	for (size_t s = 0; s < rs->side_count; s++)
		reftable_head(t, 1 + s, l10n_get(&rs->sides[s].name, tc->rc->lang), 2.4, false);
	return t;
}

/* Names of the places that match, joined; REF_NOTHING when none. */
static char *places_of(textbox_ctx *tc, const rs_square_place *places, size_t n, const char *side,
	const char *coast, unsigned players)
{
	const char **names = xcalloc(n ? n : 1, sizeof *names);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!str_eq(places[i].side, side) || (coast && !str_eq(places[i].coast, coast)) ||
			(players && !(places[i].players & players)))
			continue;
		names[k++] = l10n_get(&places[i].name, tc->rc->lang);
	}
	char *out = k ? reftext_join(tc, names, k, "ref-and") : xstrdup(REF_NOTHING);
	free(names);
	return out;
}

ref_table *reftable_square_ports(textbox_ctx *tc, const ruleset *rs)
{
	ref_table *t = by_side_table(tc, rs, textbox_string(tc, "ref-sq-col-coast"));
	/* Coasts in the order their first port is listed. */
	for (size_t i = 0; i < rs->square.port_count; i++) {
		const char *coast = rs->square.ports[i].coast;
		bool seen = false;
		for (size_t j = 0; j < i; j++)
			seen |= str_eq(rs->square.ports[j].coast, coast);
		if (seen)
			continue;
		size_t row = reftable_add_row(t);
		char id[96];
		snprintf(id, sizeof id, "ref-sq-coast-%s", coast ? coast : "none");
		reftable_set(t, row, 0, textbox_string(tc, id));
		for (size_t s = 0; s < rs->side_count; s++) {
			char *names = places_of(tc, rs->square.ports, rs->square.port_count, rs->sides[s].id, coast ? coast : "", 0);
			reftable_set(t, row, 1 + s, names);
			free(names);
		}
	}
	return t;
}

ref_table *reftable_square_generals(textbox_ctx *tc, const ruleset *rs)
{
	ref_table *t = by_side_table(tc, rs, textbox_string(tc, "ref-sq-col-players"));
	for (unsigned n = 1; n < 8 * sizeof rs->square.player_counts; n++) {
		if (!(rs->square.player_counts & (1u << n)))
			continue;
		size_t row = reftable_add_row(t);
		char count[16];
		snprintf(count, sizeof count, "%u", n);
		reftable_set(t, row, 0, count);
		for (size_t s = 0; s < rs->side_count; s++) {
			char *names = places_of(tc, rs->square.generals, rs->square.general_count, rs->sides[s].id, NULL,
				1u << n);
			reftable_set(t, row, 1 + s, names);
			free(names);
		}
	}
	return t;
}

/* ---- sentences ---- */

char *reftext_square_purchase(textbox_ctx *tc, const ruleset *rs)
{
	char *out = reftext(tc, rs, "ref-sq-purchase");
	if (rs->square.limited_unit && rs->square.purchase_limit > 0) {
		reftext_append(&out, reftext(tc, rs, "ref-sq-limit"), " ");
		if (rs->square.save_limit)
			reftext_append(&out, reftext(tc, rs, "ref-sq-limit-saved"), " ");
	}
	return out;
}

char *reftext_square_general(textbox_ctx *tc, const ruleset *rs)
{
	char *out = rs->square.general_bonus ? reftext(tc, rs, "ref-sq-general-bonus") : xstrdup("");
	reftext_append(&out, reftext(tc, rs, "ref-sq-general-move"), " ");
	return out;
}

char *reftext_square_entrench(textbox_ctx *tc, const ruleset *rs)
{
	if (!rs->square.entrench_unit || !rs->square.entrench_bonus)
		return NULL;
	return reftext(tc, rs, rs->square.general_bonus ? "ref-sq-entrench-general" : "ref-sq-entrench");
}

char *reftext_square_sea(textbox_ctx *tc, const ruleset *rs)
{
	char *out = reftext(tc, rs, "ref-sq-sea");
	if (rs->square.naval_rounds > 0)
		reftext_append(&out, reftext(tc, rs, "ref-sq-naval-combat"), " ");
	return out;
}

char *reftext_square_capitals(textbox_ctx *tc, const ruleset *rs)
{
	/* "Washington (Union) and Richmond (Confederacy)". */
	size_t n = rs->square.capital_count;
	char **each = xcalloc(n ? n : 1, sizeof *each);
	for (size_t i = 0; i < n; i++)
		each[i] = xasprintf("%s (%s)", l10n_get(&rs->square.capitals[i].name, tc->rc->lang),
			side_name(tc, rs, rs->square.capitals[i].side));
	char *list = reftext_join(tc, (const char *const *)each, n, "ref-and");
	for (size_t i = 0; i < n; i++)
		free(each[i]);
	free(each);
	const char *pairs[] = { "list", list, NULL };
	char *out = reftext_with(tc, rs, "ref-sq-capitals", pairs);
	free(list);

	/* What holding the enemy's capital takes from him. */
	const char *effects[2];
	size_t k = 0;
	char *bonus = rs->square.capital_bonus_lost ? reftext(tc, rs, "ref-sq-capital-bonus") : NULL;
	char *income = rs->square.capital_income_loss > 0 ? reftext(tc, rs, "ref-sq-capital-income") : NULL;
	if (bonus)
		effects[k++] = bonus;
	if (income)
		effects[k++] = income;
	if (k) {
		char *joined = reftext_join(tc, effects, k, "ref-and");
		const char *p2[] = { "effects", joined, NULL };
		reftext_append(&out, reftext_with(tc, rs, "ref-sq-capital-lost", p2), " ");
		free(joined);
	}
	free(bonus);
	free(income);
	return out;
}

/* The fragments of one unit's abilities, joined with "; "; NULL when it
 * has none of that kind. */
static char *abilities_of(textbox_ctx *tc, const ruleset *rs, const rs_square_unit *u, bool naval)
{
	char *parts = xstrdup("");
	char n[16], r[16];
	if (!naval) {
		if (u->fires_first)
			reftext_append(&parts, xstrdup(textbox_string(tc, "ref-sq-fires-first")), "; ");
		if (u->range > 1) {
			snprintf(n, sizeof n, "%d", u->range);
			const char *pairs[] = { "n", n, NULL };
			reftext_append(&parts, textbox_expand(textbox_string(tc, "ref-sq-reach"), pairs), "; ");
		}
		if (u->coastal_fire)
			reftext_append(&parts, xstrdup(textbox_string(tc, "ref-sq-coastal")), "; ");
		if (u->covers_retreats > 0) {
			snprintf(n, sizeof n, "%d", u->covers_retreats);
			snprintf(r, sizeof r, "%d", u->cover_range);
			const char *pairs[] = { "n", n, "units", reftext_plural(tc, "ref-sq-unit", u->covers_retreats), "range", r, NULL };
			reftext_append(&parts, textbox_expand(textbox_string(tc, "ref-sq-covers"), pairs), "; ");
		}
	} else {
		if (u->carries > 0) {
			snprintf(n, sizeof n, "%d", u->carries);
			const char *pairs[] = { "n", n, "units", reftext_plural(tc, "ref-sq-land-unit", u->carries), NULL };
			reftext_append(&parts, textbox_expand(textbox_string(tc, "ref-sq-carries"), pairs), "; ");
		}
		if (u->hits > 1) {
			snprintf(n, sizeof n, "%d", u->hits);
			const char *pairs[] = { "n", n, NULL };
			reftext_append(&parts, textbox_expand(textbox_string(tc, "ref-sq-sinks"), pairs), "; ");
		}
	}
	if (!*parts) {
		free(parts);
		return NULL;
	}
	const char *pairs[] = { "unit", l10n_get(&u->name, tc->rc->lang), "what", parts, NULL };
	char *line = reftext_with(tc, rs, "ref-sq-ability", pairs);
	free(parts);
	return line;
}

size_t reftext_square_abilities(textbox_ctx *tc, const ruleset *rs, bool naval, char ***out)
{
	size_t n = 0;
	*out = xcalloc(rs->square.unit_count + 1, sizeof **out);
	for (size_t i = 0; i < rs->square.unit_count; i++) {
		const rs_square_unit *u = &rs->square.units[i];
		if (u->naval != naval || u->leader)
			continue;
		char *line = abilities_of(tc, rs, u, naval);
		if (line)
			(*out)[n++] = line;
	}
	return n;
}

char *reftext_square_victory(textbox_ctx *tc, const ruleset *rs)
{
	(void)rs; /* the context's ruleset, the same */
	return victory_square_text(tc->rc);
}

char *reftext_square_seats(textbox_ctx *tc, const ruleset *rs)
{
	(void)rs;
	char *out = victory_square_seats(tc->rc);
	char *order = victory_square_order(tc->rc);
	if (out && order) {
		char *both = xasprintf("%s %s", out, order);
		free(out);
		out = both;
	}
	free(order);
	return out;
}

/* ---- movement, transport, taking cities (the back of a square card) ---- */

/* Land a land unit may not enter besides the sea, lower case, joined with
 * "or"; NULL when there is none. */
static char *impassable_land(textbox_ctx *tc, const ruleset *rs)
{
	char **names = xcalloc(rs->terrain_count + 1, sizeof *names);
	size_t n = 0;
	for (size_t i = 0; i < rs->terrain_count; i++)
		if (!rs->terrains[i].passable && !rs->terrains[i].water) {
			char *g = g_utf8_strdown(l10n_get(&rs->terrains[i].name, tc->rc->lang), -1);
			names[n++] = xstrdup(g);
			g_free(g);
		}
	char *out = n ? reftext_join(tc, (const char *const *)names, n, "ref-or") : NULL;
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return out;
}

char *reftext_square_movement(textbox_ctx *tc, const ruleset *rs)
{
	char *out = reftext(tc, rs, "ref-sq-move");
	char *land = impassable_land(tc, rs);
	const char *pairs[] = { "terrains", land ? land : "", NULL };
	reftext_append(&out, reftext_with(tc, rs, land ? "ref-sq-move-land-terrain" : "ref-sq-move-land", pairs), " ");
	free(land);
	if (rs->square.play.stacking > 0)
		reftext_append(&out, reftext(tc, rs, "ref-sq-move-stack"), " ");
	if (rs->square.sea_zones > 0)
		reftext_append(&out, reftext(tc, rs, rs->square.play.port_steps > 0 ? "ref-sq-move-ships-port" :
			"ref-sq-move-ships"), " ");
	return out;
}

char *reftext_square_transport(textbox_ctx *tc, const ruleset *rs)
{
	if (rs->square.sea_zones <= 0)
		return NULL;
	return reftext(tc, rs, rs->square.play.embark_uses_move ? "ref-sq-embark" : "ref-sq-embark-free");
}

char *reftext_square_taking(textbox_ctx *tc, const ruleset *rs)
{
	char *out = reftext(tc, rs, "ref-sq-advance");
	if (rs->square.play.capture_on_entry)
		reftext_append(&out, reftext(tc, rs, "ref-sq-capture"), " ");
	if (rs->square.port_count > 0)
		reftext_append(&out, reftext(tc, rs, "ref-sq-port-taken"), " ");
	return out;
}
