/* The special rules for the studio's panel (studio_special.h): read from
 * the model the edit module reads again after every edit, so the panel
 * shows what a save writes, in the words the sheet prints. */
#include "studio_special.h"

#include <stdio.h>
#include <stdlib.h>

#include "../model/special_rules.h"
#include "../render/specialtext.h"

static void put_text(json_t *attrs, const char *name, const sc_string *s)
{
	if (s->text)
		json_object_set_new(attrs, name, json_string(s->text));
}

static void put_number(json_t *attrs, const char *name, const sc_number *n)
{
	char text[24];
	if (!n->given || !n->valid)
		return;
	snprintf(text, sizeof text, "%ld", n->value);
	json_object_set_new(attrs, name, json_string(text));
}

/* The attributes as written, by the names the edits give them. */
static json_t *rule_attrs(const special_rule *r)
{
	json_t *a = json_object();
	bool sided = r->kind != SPECIAL_TURN_LIMIT && r->kind != SPECIAL_SUDDEN_DEATH;
	if (sided)
		put_text(a, "side", &r->side);
	switch (r->kind) {
	case SPECIAL_CROSSING:
		put_text(a, "terrain", &r->option);
		break;
	case SPECIAL_NO_ENTRY:
		put_text(a, "mode", &r->option);
		break;
	case SPECIAL_FROZEN:
	case SPECIAL_SCHEDULE:
		put_number(a, "turn", &r->when.turn);
		put_number(a, "flags", &r->when.flags);
		put_text(a, "flags-side", &r->when.flags_side);
		put_number(a, "enemy-within", &r->when.enemy_within);
		break;
	case SPECIAL_SUDDEN_DEATH:
		if (r->hex_count && r->hexes[0].text)
			json_object_set_new(a, "at", json_string(r->hexes[0].text));
		put_text(a, "for", &r->side);
		break;
	case SPECIAL_EXIT:
		put_number(a, "vp", &r->vp);
		break;
	case SPECIAL_TURN_LIMIT:
		put_number(a, "turns", &r->turns);
		put_text(a, "outcome", &r->option);
		break;
	case SPECIAL_ADJUST:
		put_number(a, "hand", &r->hand);
		put_text(a, "ground-gain", &r->ground_gain);
		put_text(a, "unit-type", &r->unit_type);
		put_number(a, "dice", &r->dice);
		break;
	default:
		break;
	}
	return a;
}

static json_t *rule_json(const special_rule *r, size_t index, const char *text)
{
	json_t *o = json_object();
	json_object_set_new(o, "index", json_integer((json_int_t)index));
	json_object_set_new(o, "kind", json_string(special_kind_name(r->kind)));
	json_object_set_new(o, "line", json_integer(r->pos.line));
	json_object_set_new(o, "text", text ? json_string(text) : json_null());
	json_object_set_new(o, "attrs", rule_attrs(r));
	json_t *hexes = json_array(), *units = json_array(), *scheduled = json_array();
	for (size_t i = 0; r->kind != SPECIAL_SUDDEN_DEATH && i < r->hex_count; i++)
		if (r->hexes[i].text)
			json_array_append_new(hexes, json_string(r->hexes[i].text));
	for (size_t i = 0; i < r->unit_ref_count; i++)
		if (r->unit_refs[i].text)
			json_array_append_new(units, json_string(r->unit_refs[i].text));
	for (size_t i = 0; i < r->unit_count; i++) {
		const sc_unit *u = &r->units[i];
		json_t *s = json_object();
		put_text(s, "id", &u->id);
		put_text(s, "type", &u->type);
		if (u->at.text)
			json_object_set_new(s, "at", json_string(u->at.text));
		put_number(s, "figures", &u->figures);
		json_array_append_new(scheduled, s);
	}
	json_object_set_new(o, "hexes", hexes);
	json_object_set_new(o, "units", units);
	json_object_set_new(o, "scheduled", scheduled);
	return o;
}

void studio_special_add(json_t *state, studio_doc *d, context *ctx, lang_id lang)
{
	const special_rules *sr = d->sc ? d->sc->special : NULL;
	char **lines = NULL;
	size_t line_count = 0;
	render_ctx rc;
	char *error = NULL;
	if (sr && sr->count && studio_doc_render_ctx(d, ctx, lang, &rc, &error))
		line_count = specialtext_lines(&rc, &lines);
	free(error);
	json_t *rules = json_array();
	for (size_t i = 0; sr && i < sr->count; i++)
		json_array_append_new(rules, rule_json(&sr->rules[i], i, line_count == sr->count ? lines[i] : NULL));
	specialtext_free(lines, line_count);
	json_t *special = json_object();
	json_object_set_new(special, "rules", rules);
	json_object_set_new(state, "special", special);
}
