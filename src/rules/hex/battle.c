#include "battle.h"

#include <stdio.h>
#include <string.h>

int battle_figures(const hex_game *g, hex_ref target)
{
	if (target.kind == REF_UNIT)
		return g->units[target.index].figures;
	return target.kind == REF_GENERAL && g->generals[target.index].alive ? g->rs->general.figures : 0;
}

const char *battle_hit_by(const hex_game *g, hex_ref target)
{
	if (target.kind == REF_UNIT)
		return g->units[target.index].type->hit_by;
	return g->rs->general.hit_by;
}

const char *battle_kill_words(const hex_game *g)
{
	static const char *const words[] = {
		"No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
	};
	static char digits[16];
	int n = g->rs->battle.kill_symbols;
	if (n >= 0 && (size_t)n < sizeof words / sizeof words[0])
		return words[n];
	snprintf(digits, sizeof digits, "%d", n);
	return digits;
}

void battle_count(const hex_game *g, hex_ref target, const int *faces, int n, battle_count_result *r)
{
	memset(r, 0, sizeof *r);
	const char *hit_by = battle_hit_by(g, target);
	for (int i = 0; i < n; i++) {
		int f = faces[i];
		if (f < 0 || (size_t)f >= g->rs->face_count)
			continue;
		const rs_face *face = &g->rs->faces[f];
		if (face->hits_any)
			r->any_hits++;
		else if (hit_by && strcmp(face->id, hit_by) == 0)
			r->symbol_hits++;
		if (f == g->flag_face)
			r->flags++;
	}
	if (g->rs->battle.saving_rolls) {
		int kill_at = g->rs->battle.kill_symbols;
		r->auto_kills = kill_at > 0 && r->symbol_hits >= kill_at ? 1 : 0;
		r->savable = r->symbol_hits + r->any_hits - r->auto_kills;
	}
}

bool battle_save_works(const hex_game *g, hex_ref target, int face, int distance)
{
	if (face < 0 || (size_t)face >= g->rs->face_count)
		return false;
	const rs_face *f = &g->rs->faces[face];
	if (f->hits_any)
		return true;
	const char *own = battle_hit_by(g, target);
	return distance >= 2 && own && strcmp(f->id, own) == 0;
}

int battle_losses(const hex_game *g, int attacker, hex_ref target, const battle_count_result *r,
	int saved, bool *capped)
{
	int figures = battle_figures(g, target);
	int losses;
	*capped = false;
	if (g->rs->battle.saving_rolls) {
		int unsaved = r->savable - saved;
		if (unsaved < 0)
			unsaved = 0;
		losses = r->auto_kills + unsaved;
		int cap = g->units[attacker].figures;
		if (losses > cap) {
			losses = cap;
			*capped = true;
		}
	} else {
		losses = r->symbol_hits + r->any_hits;
	}
	return losses > figures ? figures : losses;
}

static bool reduced_type(const hex_game *g, const char *type)
{
	for (size_t i = 0; i < g->rs->retreat.general_reduction_type_count; i++)
		if (strcmp(g->rs->retreat.general_reduction_types[i], type) == 0)
			return true;
	return false;
}

int battle_flags_apply(const hex_game *g, hex_ref target, int flags, int figures, rules_error *note)
{
	rules_error_clear(note);
	const char *section = g->rs->retreat.flags_rule;
	if (flags <= 0)
		return 0;
	if (target.kind == REF_UNIT) {
		const hex_unit *u = &g->units[target.index];
		int gen = hex_game_unit_general(g, target.index);
		const rs_threshold *t = u->threshold;
		if (t) {
			int need = t->figures;
			if (gen >= 0 && reduced_type(g, u->type->id))
				need -= g->rs->retreat.general_reduction;
			if (figures >= need) {
				hex_game_fail(note, g, section, "%s %s '%s' has %d figures (at least %d%s): its flags are ignored",
					t->quality, u->type->id, u->id, figures, need, gen >= 0 && reduced_type(g, u->type->id) ?
					", one fewer under a general" : "");
				return 0;
			}
		}
		int ignored = gen >= 0 ? g->rs->general.flags_ignored : 0;
		if (ignored > 0) {
			if (ignored > flags)
				ignored = flags;
			hex_game_fail(note, g, section, "general '%s' with unit '%s': %d %s ignored", g->generals[gen].id,
				u->id, ignored, ignored == 1 ? "flag" : "flags");
		}
		return flags - ignored;
	}
	int ignored = g->rs->general.flags_ignored;
	if (ignored > flags)
		ignored = flags;
	if (ignored > 0) {
		hex_game_fail(note, g, section, "lone general '%s' attacked: %d %s ignored", g->generals[target.index].id,
			ignored, ignored == 1 ? "flag" : "flags");
	}
	return flags - ignored;
}

void battle_target_key_of(const hex_game *g, hex_ref target, battle_target_key *k)
{
	memset(k, 0, sizeof *k);
	k->kind = (int)target.kind;
	k->hit_by = battle_hit_by(g, target);
	k->figures = battle_figures(g, target);
	if (target.kind == REF_UNIT) {
		const hex_unit *u = &g->units[target.index];
		k->type = u->type;
		k->threshold = u->threshold;
		k->with_general = hex_game_unit_general(g, target.index) >= 0;
	}
}
