#include "retreat.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hex_special.h"


int retreat_candidates(const hex_game *g, int side, hex_coord from, hex_coord out[2])
{
	hex_coord nb[6];
	hex_neighbours(from, nb);
	int step = hex_game_home_step(g, side);
	int n = 0;
	for (int k = 0; k < 6; k++)
		if (nb[k].row == from.row + step && hex_game_on_board(g, nb[k]))
			out[n++] = nb[k];
	/* West first, so that answers read in board order. */
	if (n == 2 && out[0].col > out[1].col) {
		hex_coord t = out[0];
		out[0] = out[1];
		out[1] = t;
	}
	return n;
}


static void retreat_step_figure(const hex_game *g, hex_ref who, int self_general, int gen, int friends,
	const char *there, step_verdict *v);

void retreat_step(const hex_game *g, hex_ref who, bool with_general, hex_coord to, step_verdict *v)
{
	const ruleset *rs = g->rs;
	char there[HEX_ADDRESS_MAX];
	const char *rule = rs->retreat.path_rule;
	hex_format(to, there);
	v->enter = v->stop = v->end = false;
	rules_error_clear(&v->why);
	int side = hex_game_ref_side(g, who);
	int self_unit = who.kind == REF_UNIT ? who.index : -1;
	int self_general = who.kind == REF_GENERAL ? who.index :
		(with_general ? hex_game_unit_general(g, who.index) : -1);
	if (!hex_game_on_board(g, to)) {
		hex_game_fail(&v->why, g, rule, "%s is off the board", there);
		return;
	}
	/* The scenario's special rules bind a retreat as they bind a move: a
	 * hex they close blocks it (the ruleset's blocked retreat follows),
	 * a ford of the side lets it through, a hex it may not end a move on
	 * it may not end a retreat on. */
	hex_special_step sv;
	if (!hex_special_ground(g, side, to, &sv, rule, "a retreat cannot enter", &v->why))
		return;
	if (hex_game_enemy_holds(g, to, side, self_general, rule, there, &v->why))
		return;
	int gen = hex_game_general_at_except(g, to, self_general);
	int friends = hex_game_units_at_except(g, to, side, self_unit);
	retreat_step_figure(g, who, self_general, gen, friends, there, v);
	if (v->end && sv.no_end) {
		/* Where joining a friend would end it, it may not go at all. */
		v->end = false;
		v->enter = !v->stop;
		rules_error_take(&v->why, &sv.why);
	}
}

/* retreat_step for what stands on the hex, once the terrain and the
 * rules have let the figure in. */
static void retreat_step_figure(const hex_game *g, hex_ref who, int self_general, int gen, int friends,
	const char *there, step_verdict *v)
{
	const ruleset *rs = g->rs;
	const char *rule = rs->retreat.path_rule;
	if (who.kind == REF_UNIT) {
		if (friends + 1 > rs->stacking.units_per_hex) {
			hex_game_fail(&v->why, g, rule, "%s already holds %s", there,
				friends == 1 ? "a friendly unit" : "the most friendly units a hex may hold");
			return;
		}
		if (gen >= 0) {
			if (self_general >= 0) {
				hex_game_fail(&v->why, g, g->rs->retreat.generals_rule, "%s holds general '%s' and a unit with a general "
					"may not retreat into a hex with another general", there, g->generals[gen].id);
				return;
			}
			/* §7.2: onto a lone friendly general: the retreat ends there. */
			v->enter = v->end = v->stop = true;
			return;
		}
		v->enter = v->end = true;
		return;
	}
	/* A lone general. */
	if (gen >= 0) {
		if (!g->rs->general.passes_friendly_generals) {
			hex_game_fail(&v->why, g, rule, "%s holds general '%s'; a general never enters a hex "
				"with another general", there, g->generals[gen].id);
			return;
		}
		v->enter = true;
		hex_game_fail(&v->why, g, g->rs->retreat.generals_rule, "%s holds general '%s'; a retreating general may pass but not "
			"stop there", there, g->generals[gen].id);
		return;
	}
	v->enter = v->end = true;
	/* noord-zuid: a general entering friends stays with them (§3.2). */
	v->stop = friends > 0 && !g->rs->general.passes_friendly_generals;
}

typedef struct walk {
	const hex_game *g;
	hex_ref who;
	bool with_general;
	int flags;
	retreat_outcome *out;
	int max;
	int count;
	retreat_outcome cur;
} walk;

static void emit(walk *w)
{
	if (w->count < w->max)
		w->out[w->count] = w->cur;
	w->count++;
}

static void explore(walk *w, hex_coord at, int done)
{
	int side = hex_game_ref_side(w->g, w->who);
	if (done == w->flags) {
		emit(w);
		return;
	}
	if (hex_game_on_home_row(w->g, side, at)) {
		w->cur.off_board = true;
		emit(w);
		w->cur.off_board = false;
		return;
	}
	hex_coord cand[2];
	int n = retreat_candidates(w->g, side, at, cand);
	bool any = false;
	for (int i = 0; i < n; i++) {
		step_verdict v;
		retreat_step(w->g, w->who, w->with_general, cand[i], &v);
		bool last = done + 1 == w->flags;
		if (!v.enter || (last && !v.end))
			continue;
		any = true;
		w->cur.path[w->cur.len++] = cand[i];
		if (v.stop) {
			w->cur.joined = true;
			emit(w);
			w->cur.joined = false;
		} else {
			explore(w, cand[i], done + 1);
		}
		w->cur.len--;
	}
	if (!any) {
		w->cur.lost = w->flags - done;
		emit(w);
		w->cur.lost = 0;
	}
}

int retreat_outcomes(const hex_game *g, hex_ref who, int flags, bool with_general,
	retreat_outcome *out, int max)
{
	walk w;
	memset(&w, 0, sizeof w);
	w.g = g;
	w.who = who;
	w.with_general = with_general;
	w.flags = flags > RETREAT_MAX_FLAGS ? RETREAT_MAX_FLAGS : flags;
	w.out = out;
	w.max = max;
	if (flags <= 0) {
		emit(&w);
		return w.count;
	}
	explore(&w, hex_game_ref_at(g, who), 0);
	return w.count;
}

bool retreat_check_path(const hex_game *g, hex_ref who, int flags, bool with_general,
	const hex_coord *path, int len, retreat_outcome *res, rules_error *err)
{
	memset(res, 0, sizeof *res);
	int side = hex_game_ref_side(g, who);
	const char *id = hex_game_ref_id(g, who);
	char a[HEX_ADDRESS_MAX], b[HEX_ADDRESS_MAX];
	if (flags > RETREAT_MAX_FLAGS)
		flags = RETREAT_MAX_FLAGS;
	if (len > flags) {
		hex_game_fail(err, g, g->rs->retreat.path_rule, "'%s' retreats %d %s for %d %s, not %d", id, flags,
			flags == 1 ? "hex" : "hexes", flags, flags == 1 ? "flag" : "flags", len);
		return false;
	}
	hex_coord at = hex_game_ref_at(g, who);
	for (int i = 0; i < len; i++) {
		hex_coord cand[2];
		int n = retreat_candidates(g, side, at, cand);
		bool toward = false;
		for (int k = 0; k < n; k++)
			toward = toward || grid_cell_equal(cand[k], path[i]);
		if (!toward) {
			if (hex_game_on_home_row(g, side, at))
				hex_game_fail(err, g, g->rs->retreat.path_rule, "'%s' stands on its home row at %s: the next flag takes it off "
					"the board", id, hex_format(at, a));
			else
				hex_game_fail(err, g, g->rs->retreat.path_rule,
					"%s is not one of the hexes toward %s's home edge from %s", hex_format(path[i], b),
					g->sides[side].id, hex_format(at, a));
			return false;
		}
		step_verdict v;
		retreat_step(g, who, with_general, path[i], &v);
		bool last = i + 1 == flags;
		if (!v.enter || (last && !v.end)) {
			rules_error_take(err, &v.why);
			rules_error_prefix(err, "'%s' cannot retreat into %s: ", id, hex_format(path[i], b));
			return false;
		}
		res->path[res->len++] = path[i];
		at = path[i];
		if (v.stop) {
			if (i + 1 < len) {
				hex_game_fail(err, g, g->rs->retreat.generals_rule,
					"the retreat of '%s' ends at %s, where it joins a friendly figure; "
					"the remaining flags lapse", id, hex_format(path[i], b));
				return false;
			}
			res->joined = true;
			return true;
		}
	}
	if (len == flags)
		return true;
	/* Fewer hexes than flags: off the board, or blocked. */
	if (hex_game_on_home_row(g, side, at)) {
		res->off_board = true;
		return true;
	}
	hex_coord cand[2];
	int n = retreat_candidates(g, side, at, cand);
	for (int k = 0; k < n; k++) {
		step_verdict v;
		retreat_step(g, who, with_general, cand[k], &v);
		if (v.enter && (len + 1 < flags || v.end)) {
			hex_game_fail(err, g, g->rs->retreat.path_rule, "'%s' must go on retreating: %d %s left and %s is open", id,
				flags - len, flags - len == 1 ? "flag" : "flags", hex_format(cand[k], b));
			return false;
		}
	}
	res->lost = flags - len;
	return true;
}
