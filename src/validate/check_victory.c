/* §10 objectives and the victory targets each side must be able to reach. */
#include "check.h"

#include <string.h>

#include "../base/util.h"
#include "../model/special_rules.h"

/* The units the special rules' <schedule>s bring to side `side`. */
static long scheduled_units(const scenario *sc, size_t side)
{
	long n = 0;
	for (size_t i = 0; sc->special && i < sc->special->count; i++) {
		const special_rule *r = &sc->special->rules[i];
		if (r->kind == SPECIAL_SCHEDULE && str_eq(r->side.text, sc->sides[side].id.text))
			n += (long)r->unit_count;
	}
	return n;
}

void check_victory(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	const ruleset *rs = ctx->rs;
	const char *rule = check_rule(ctx, rs->victory.rule);
	char rule_id[40];
	snprintf(rule_id, sizeof rule_id, "%s", rule);

	long open_vp[2] = { 0, 0 };
	for (size_t i = 0; i < sc->objective_count; i++) {
		const sc_objective *o = &sc->objectives[i];
		check_address(ctx, &o->at, "objective");
		if (o->vp.given && o->vp.valid && o->vp.value < 1) {
			check_error(ctx, o->vp.pos, rule_id,
				"an objective is worth %ld victory points; it must be worth at least 1", o->vp.value);
			continue;
		}
		if (!o->vp.valid || !o->for_side.text)
			continue;
		for (size_t s = 0; s < sc->side_count && s < 2; s++)
			if (strcmp(o->for_side.text, "both") == 0 || str_eq(o->for_side.text, sc->sides[s].id.text))
				open_vp[s] += o->vp.value;
	}

	if (sc->side_count != 2)
		return;
	for (size_t s = 0; s < 2; s++) {
		const sc_side *side = &sc->sides[s];
		if (!side->victory.given || !side->victory.valid)
			continue;
		const char *sid = side->id.text ? side->id.text : "?";
		if (side->victory.value < 1) {
			check_error(ctx, side->victory.pos, rule_id,
				"side '%s' needs %ld to win; a victory target is at least 1", sid, side->victory.value);
			continue;
		}
		size_t enemy = 1 - s;
		long units = 0, generals = 0;
		for (size_t i = 0; i < sc->unit_count; i++)
			units += sc->units[i].side == enemy;
		/* reserve units, and the units a <schedule> brings, can be
		 * destroyed once they arrive */
		for (size_t i = 0; i < sc->reserve_count; i++)
			units += sc->reserves[i].side == enemy;
		units += scheduled_units(sc, enemy);
		for (size_t i = 0; i < sc->general_count; i++)
			generals += sc->generals[i].side == enemy;
		long reachable = units + generals + open_vp[s];
		if (side->victory.value > reachable)
			check_error(ctx, side->victory.pos, rule_id,
				"side '%s' needs %ld to win but can earn at most %ld "
				"(%ld enemy units, %ld enemy generals, %ld from objectives)",
				sid, side->victory.value, reachable, units, generals, open_vp[s]);
	}
}
