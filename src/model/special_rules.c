#include "special_rules.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

static const char *const KIND_NAMES[SPECIAL_KIND_COUNT] = {
	"crossing", "no-entry", "frozen", "schedule", "sudden-death", "exit", "turn-limit", "adjust",
};

const char *special_kind_name(special_kind kind)
{
	return (unsigned)kind < SPECIAL_KIND_COUNT ? KIND_NAMES[kind] : "?";
}

bool special_condition_given(const special_condition *c)
{
	return c->turn.given || c->flags.given || c->enemy_within.given;
}

special_rules *special_rules_create(void)
{
	return xcalloc(1, sizeof(special_rules));
}

static bool kind_of(const xmlNode *n, special_kind *out)
{
	for (int k = 0; k < SPECIAL_KIND_COUNT; k++)
		if (xmldoc_is(n, SCENARIO_NS, KIND_NAMES[k])) {
			*out = (special_kind)k;
			return true;
		}
	return false;
}

/* The attribute that holds a kind's one option (see special_rule.option). */
static const char *option_attribute(special_kind kind)
{
	switch (kind) {
	case SPECIAL_CROSSING: return "terrain";
	case SPECIAL_NO_ENTRY: return "mode";
	case SPECIAL_TURN_LIMIT: return "outcome";
	default: return NULL;
	}
}

static void read_children(special_rule *r, const xml_document *doc, const xmlNode *n)
{
	size_t hex_cap = 0, ref_cap = 0, unit_cap = 0;
	/* a crossing lists <ford>, no-entry and exit list <hex> */
	const char *hex_element = r->kind == SPECIAL_CROSSING ? "ford" : "hex";
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (xmldoc_is(c, SCENARIO_NS, hex_element)) {
			grow_array((void **)&r->hexes, &hex_cap, r->hex_count + 1, sizeof *r->hexes);
			r->hexes[r->hex_count++] = scenario_read_address(doc, c, "at");
		} else if (r->kind == SPECIAL_FROZEN && xmldoc_is(c, SCENARIO_NS, "unit")) {
			grow_array((void **)&r->unit_refs, &ref_cap, r->unit_ref_count + 1, sizeof *r->unit_refs);
			r->unit_refs[r->unit_ref_count++] = scenario_read_string(doc, c, "ref");
		} else if (r->kind == SPECIAL_SCHEDULE && xmldoc_is(c, SCENARIO_NS, "unit")) {
			grow_array((void **)&r->units, &unit_cap, r->unit_count + 1, sizeof *r->units);
			scenario_read_unit(doc, c, (size_t)-1, &r->units[r->unit_count++]);
		}
	}
}

static void read_rule(special_rule *r, const xml_document *doc, const xmlNode *n)
{
	r->pos = scenario_read_pos(doc, n, NULL);
	r->side = scenario_read_string(doc, n, r->kind == SPECIAL_SUDDEN_DEATH ? "for" : "side");
	const char *option = option_attribute(r->kind);
	if (option)
		r->option = scenario_read_string(doc, n, option);
	if (r->kind == SPECIAL_SUDDEN_DEATH) {
		r->hexes = xmalloc(sizeof *r->hexes);
		r->hexes[0] = scenario_read_address(doc, n, "at");
		r->hex_count = 1;
	}
	if (r->kind == SPECIAL_FROZEN || r->kind == SPECIAL_SCHEDULE) {
		r->when.turn = scenario_read_number(doc, n, "turn");
		r->when.flags = scenario_read_number(doc, n, "flags");
		r->when.flags_side = scenario_read_string(doc, n, "flags-side");
		r->when.enemy_within = scenario_read_number(doc, n, "enemy-within");
	}
	r->vp = scenario_read_number(doc, n, "vp");
	r->turns = scenario_read_number(doc, n, "turns");
	r->hand = scenario_read_number(doc, n, "hand");
	r->ground_gain = scenario_read_string(doc, n, "ground-gain");
	r->unit_type = scenario_read_string(doc, n, "unit-type");
	r->dice = scenario_read_number(doc, n, "dice");
	read_children(r, doc, n);
}

void special_rules_read(special_rules *sr, const xml_document *doc, const xmlNode *block)
{
	if (sr->blocks++ == 0)
		sr->pos = scenario_read_pos(doc, block, NULL);
	else if (sr->blocks == 2)
		sr->second = scenario_read_pos(doc, block, NULL);
	for (const xmlNode *n = block->children; n; n = n->next) {
		special_kind kind;
		if (!kind_of(n, &kind))
			continue;
		grow_array((void **)&sr->rules, &sr->cap, sr->count + 1, sizeof *sr->rules);
		special_rule *r = &sr->rules[sr->count++];
		memset(r, 0, sizeof *r);
		r->kind = kind;
		read_rule(r, doc, n);
	}
}

static void rule_finish(special_rule *r)
{
	free(r->side.text);
	free(r->option.text);
	for (size_t i = 0; i < r->hex_count; i++)
		free(r->hexes[i].text);
	free(r->hexes);
	for (size_t i = 0; i < r->unit_ref_count; i++)
		free(r->unit_refs[i].text);
	free(r->unit_refs);
	for (size_t i = 0; i < r->unit_count; i++)
		scenario_unit_finish(&r->units[i]);
	free(r->units);
	free(r->when.flags_side.text);
	free(r->ground_gain.text);
	free(r->unit_type.text);
}

void special_rules_destroy(special_rules *sr)
{
	if (!sr)
		return;
	for (size_t i = 0; i < sr->count; i++)
		rule_finish(&sr->rules[i]);
	free(sr->rules);
	free(sr);
}
