/* The answers of the hex rules questions (hex_ask.h) as every program
 * shows them: text for a reader, or one JSON object a line
 * (interfaces.md section 4). */
#include <string.h>

#include "../../base/jsonout.h"
#include "../../model/special_rules.h"
#include "hex_ask.h"
#include "hex_engine.h"

static json_t *json_hex(hex_coord h)
{
	char b[HEX_ADDRESS_MAX];
	return jsonout_string(hex_format(h, b));
}

static json_t *json_hex_list(const hex_coord *hexes, size_t n)
{
	json_t *list = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(list, json_hex(hexes[i]));
	return list;
}

/* The faces of a card and what each brings, as a JSON object. */
static json_t *json_faces(const rs_card *card)
{
	json_t *o = json_object();
	for (size_t k = 0; k < card->face_count; k++)
		json_object_set_new(o, card->faces[k].face, jsonout_string(card->faces[k].unit_type));
	return o;
}

static void json_rule(json_t *o, const char *rule)
{
	json_object_set_new(o, "rule", jsonout_string(rule));
}

/* A unit's id, or null when none. */
static json_t *json_unit_or_null(const hex_game *g, int unit)
{
	return unit >= 0 ? jsonout_string(g->units[unit].id) : json_null();
}

static void text_list(FILE *out, const hex_coord *hexes, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char b[HEX_ADDRESS_MAX];
		fprintf(out, "%s%s", i ? " " : "", hex_format(hexes[i], b));
	}
}

/* A list of hexes, or `none` when empty. */
static void text_list_or(FILE *out, const hex_coord *hexes, size_t n, const char *none)
{
	if (n)
		text_list(out, hexes, n);
	else
		fputs(none, out);
}

/* The modifiers and refusals of a dice answer, one a line. */
static void text_reasons(FILE *out, const char *indent, const dice_answer *d)
{
	for (int i = 0; i < d->reasons.count; i++)
		fprintf(out, "%s%s%s [%s]\n", indent, !d->allowed && d->refusal >= 0 && i >= d->refusal ? "refused: " : "",
			d->reasons.items[i].message, d->reasons.items[i].rule);
}

static void text_dice_count(FILE *out, const dice_answer *d)
{
	if (d->allowed)
		fprintf(out, "%d %s\n", d->dice, d->dice == 1 ? "die" : "dice");
	else
		fprintf(out, "not allowed\n");
}

static void print_los(const hex_game *g, const ask_result *r, const ask_item *it, FILE *out)
{
	(void)g;
	const los_result *s = &it->u.los.sight;
	fprintf(out, "los %s %s: distance %d, ", r->from.shown, r->to.shown, s->distance);
	if (s->visible) {
		fprintf(out, "visible [%s]\n", r->rule);
	} else {
		fprintf(out, "blocked by ");
		text_list(out, s->blocked, s->blocked_count);
		fprintf(out, "%s [%s]\n", s->edge_blocked ? " (the line runs along hex edges with obstructions on both sides)" :
			"", r->rule);
	}
}

static void print_dice(const hex_game *g, const ask_result *r, const ask_item *it, FILE *out)
{
	const ask_dice_answer *a = &it->u.dice;
	const dice_answer *d = &a->dice;
	const hex_unit *u = &g->units[a->unit];
	fprintf(out, "dice %s %s: %s '%s' against ", r->from.shown, r->to.shown, u->type->id, u->id);
	if (d->target.kind == REF_NONE)
		fprintf(out, "nothing");
	else
		fprintf(out, "%s '%s'", d->target.kind == REF_UNIT ? g->units[d->target.index].type->id : "general",
			hex_game_ref_id(g, d->target));
	fprintf(out, ", distance %d: ", d->distance);
	text_dice_count(out, d);
	text_reasons(out, "  ", d);
}

/* "inf" for a unit, "general" for a general: what a figure is called. */
static const char *figure_kind(const hex_game *g, hex_ref who)
{
	return who.kind == REF_UNIT ? g->units[who.index].type->id : "general";
}

static void print_moves(const hex_game *g, const ask_result *r, const ask_item *it, FILE *out)
{
	const ask_moves_answer *a = &it->u.moves;
	hex_ref who = a->who;
	const char *general = a->general >= 0 ? g->generals[a->general].id : NULL;
	fprintf(out, "moves %s: %s '%s' (up to %d %s%s%s) may end its move on: ", r->from.shown, figure_kind(g, who),
		hex_game_ref_id(g, who), a->max_hexes, a->max_hexes == 1 ? "hex" : "hexes", general ? ", taking general " : "",
		general ? general : "");
	text_list_or(out, a->reachable, a->reachable_count, "nowhere");
	fprintf(out, " [%s]\n", r->rule);
	if (who.kind == REF_UNIT) {
		fprintf(out, "  and still battle from: ");
		text_list_or(out, a->battle_after, a->battle_after_count, "none of them");
		fprintf(out, "\n");
	}
	if (general) {
		fprintf(out, "  general '%s' on his own may end on: ", general);
		text_list_or(out, a->general_reachable, a->general_reachable_count, "nowhere");
		fprintf(out, "\n");
	}
	for (size_t i = 0; i < a->ford_count; i++) {
		char at[HEX_ADDRESS_MAX];
		fprintf(out, "  %s is a ford: the scenario's special rule on line %d lets it cross there, and entering "
			"it ends the move [%s]\n", hex_format(a->fords[i], at), a->ford_lines[i],
			special_kind_name(SPECIAL_CROSSING));
	}
}

static void print_retreat(const hex_game *g, const ask_result *r, const ask_item *it, FILE *out)
{
	const ask_retreat_answer *a = &it->u.retreat;
	hex_ref who = a->who;
	int flags = r->q->flags;
	char at[HEX_ADDRESS_MAX];
	fprintf(out, "retreat %s %d: %s '%s'", r->from.shown, flags, figure_kind(g, who), hex_game_ref_id(g, who));
	if (rules_error_set(&a->ignored))
		fprintf(out, "; %s [%s]", a->ignored.message, a->ignored.rule);
	if (a->applied == 0) {
		fprintf(out, ": stays at %s, loses nothing\n", hex_format(a->at, at));
		return;
	}
	fprintf(out, ", %d %s to take [%s]\n", a->applied, a->applied == 1 ? "flag" : "flags", r->rule);
	for (int i = 0; i < a->outcome_count; i++) {
		const retreat_outcome *o = &a->outcomes[i];
		fprintf(out, "  ");
		text_list_or(out, o->path, (size_t)o->len, "(cannot move)");
		if (o->off_board)
			fprintf(out, " then off the board: destroyed");
		else if (o->lost)
			fprintf(out, ": blocked, loses %d %s%s", o->lost, o->lost == 1 ? "figure" : "figures",
				o->lost >= a->figures ? " (destroyed)" : "");
		else if (o->joined)
			fprintf(out, ": joins the friendly figure there, the other flags lapse");
		fprintf(out, "\n");
	}
}

static void print_reinforcements(const hex_game *g, const ask_result *r, const ask_item *it, FILE *out)
{
	const ask_reinforcements_answer *a = &it->u.reinforcements;
	const rs_card *card = a->card;
	const hex_side *side = &g->sides[a->side];
	int per_face = card->per_face > 0 ? card->per_face : 1;
	fprintf(out, "reinforcements %s: %d of %d reserve %s left; card '%s' rolls %d dice, each bringing %d unit: ",
		side->id, a->left, side->reserves, side->reserves == 1 ? "unit" : "units", card->id, card->dice, per_face);
	for (size_t k = 0; k < card->face_count; k++)
		fprintf(out, "%s%s on %s", k ? ", " : "",
			strcmp(card->faces[k].unit_type, "any") == 0 ? "any type" : card->faces[k].unit_type,
			card->faces[k].face);
	fprintf(out, "; arrivals %s this turn [%s]\n", card->arrivals_act ? "may move and battle" :
		"neither move nor battle", r->rule);
	for (int i = 0; i < a->arrival_count; i++) {
		const ask_arrival *v = &a->arrivals[i];
		const hex_unit *u = &g->units[v->unit];
		char b[HEX_ADDRESS_MAX];
		fprintf(out, "  %-14s %-9s enters at %s: ", u->id, u->type->id, hex_format(u->entry, b));
		if (v->on_entry)
			fprintf(out, "arrives there\n");
		else if (v->land_count == 0)
			fprintf(out, "cannot arrive now (its entry hex is taken%s)\n",
				card->entry_home_row ? ", and so is the whole home row" : "");
		else {
			fprintf(out, "taken, arrives on ");
			text_list(out, v->lands, (size_t)v->land_count);
			fprintf(out, "%s\n", v->land_count > 1 ? " (equally near: the player chooses)" : "");
		}
	}
	if (a->arrival_count == 0)
		fprintf(out, "  (every reserve unit has arrived: card '%s' can only be discarded)\n", card->id);
}

static void print_sharpshooter(const hex_game *g, const ask_result *r, const ask_item *it, FILE *out)
{
	const ask_sharpshooter_answer *a = &it->u.sharpshooter;
	const rs_card *card = a->card;
	const hex_unit *u = &g->units[a->unit];
	if (a->allowed) {
		const char *worth = g->rs->battle.saving_rolls ? "point" : "flag";
		fprintf(out, "sharpshooter %s: %s '%s' may shoot at an enemy general; a hit (", r->from.shown, u->type->id,
			u->id);
		for (size_t i = 0; i < card->hit_face_count; i++)
			fprintf(out, "%s%s", i ? " or " : "", card->hit_faces[i]);
		fprintf(out, ") removes him (%d victory %s%s), other faces do nothing [%s]\n", a->victory, worth,
			a->victory == 1 ? "" : "s", r->rule);
	} else {
		char units[RS_CARD_UNITS_TEXT];
		const char *count = card->units != RS_CARD_UNITS_NONE ? ruleset_card_units_text(card, units) : "one";
		fprintf(out, "sharpshooter %s: %s '%s' cannot be ordered: '%s' orders %s %s unit [%s]\n", r->from.shown,
			u->type->id, u->id, card->id, count, card->types ? card->types : "", r->rule);
	}
	for (int i = 0; i < a->target_count; i++) {
		const ask_shot *t = &a->targets[i];
		const hex_general *gg = &g->generals[t->general];
		const dice_answer *d = &t->dice;
		char b[HEX_ADDRESS_MAX];
		fprintf(out, "  general '%s' at %s (%s), distance %d: ", gg->id, hex_format(gg->at, b),
			t->with_unit >= 0 ? g->units[t->with_unit].id : "alone", d->distance);
		text_dice_count(out, d);
		text_reasons(out, "    ", d);
	}
	if (a->allowed && a->target_count == 0)
		fprintf(out, "  no enemy general is in play\n");
}

static void print_rally(const hex_game *g, const ask_result *r, const ask_item *it, FILE *out)
{
	const ask_rally_answer *a = &it->u.rally;
	const rs_card *card = a->card;
	const hex_side *side = &g->sides[a->side];
	fprintf(out, "rally %s: %d %s", side->id, a->dice, a->dice == 1 ? "die" : "dice");
	if (card->dice_from_hand)
		fprintf(out, " (one per card left in a hand of %d after playing it)", side->hand_size - 1);
	fputs("; ", out);
	for (size_t i = 0; i < card->face_count; i++)
		fprintf(out, "%s%s -> %s", i ? ", " : "", card->faces[i].face, card->faces[i].unit_type);
	fprintf(out, "; other faces nothing [%s]\n", r->rule);
	for (int i = 0; i < a->unit_count; i++) {
		const hex_unit *u = &g->units[a->units[i].unit];
		char b[HEX_ADDRESS_MAX];
		fprintf(out, "  %s '%s' at %s: %d of %d figures, may take back %d\n", u->type->id, u->id,
			hex_format(u->at, b), u->figures, u->full, a->units[i].room);
	}
	if (a->unit_count == 0)
		fprintf(out, "  no unit has lost figures: the roll would return nothing\n");
	else
		fprintf(out, "  %d %s in all; never above full strength, never a destroyed unit\n", a->room,
			a->room == 1 ? "figure" : "figures");
}

/* ---- the answers in JSON, one object a line ---- */

/* The head of a JSON answer: query, from, to, and the unit it is about
 * (null when none). */
static json_t *json_head(const hex_game *g, const ask_result *r, int unit)
{
	const ask_query *q = r->q;
	json_t *o = json_object();
	json_object_set_new(o, "query", jsonout_string(q->name));
	json_object_set_new(o, "from", r->from.known ? json_hex(r->from.at) : jsonout_string(q->from_word));
	if (q->kind == ASK_LOS || q->kind == ASK_DICE)
		json_object_set_new(o, "to", r->to.known ? json_hex(r->to.at) : jsonout_string(q->to_word));
	json_object_set_new(o, "answers", json_integer(r->answers));
	json_object_set_new(o, "unit", json_unit_or_null(g, unit));
	return o;
}

/* A question about nothing in JSON: the fields of an answer of its kind,
 * empty, and an "error" field. */
static json_t *json_failure(const hex_game *g, const ask_result *r)
{
	json_t *o = json_head(g, r, r->from.unit);
	switch (r->q->kind) {
	case ASK_LOS:
		json_object_set_new(o, "distance", json_integer(r->distance));
		json_object_set_new(o, "visible", json_false());
		json_object_set_new(o, "blocked_by", json_array());
		break;
	case ASK_DICE:
		/* The refusal is the one reason. */
		json_object_set_new(o, "distance", json_integer(r->distance));
		json_object_set_new(o, "dice", json_integer(0));
		json_object_set_new(o, "allowed", json_false());
		json_object_set_new(o, "reasons", json_pack("[o]", game_ask_json_reason(&r->error)));
		break;
	case ASK_MOVES:
		json_object_set_new(o, "reachable", json_array());
		break;
	case ASK_RETREAT:
		json_object_set_new(o, "flags", json_integer(r->q->flags));
		json_object_set_new(o, "destinations", json_array());
		json_object_set_new(o, "losses", json_integer(0));
		break;
	case ASK_REINFORCEMENTS:
		json_object_set_new(o, "reserves", json_array());
		break;
	case ASK_SHARPSHOOTER:
		json_object_set_new(o, "allowed", json_false());
		json_object_set_new(o, "targets", json_array());
		break;
	case ASK_RALLY:
		json_object_set_new(o, "dice", json_integer(0));
		json_object_set_new(o, "units", json_array());
		json_object_set_new(o, "room", json_integer(0));
		break;
	}
	json_object_set_new(o, "error", game_ask_json_reason(&r->error));
	return o;
}

static json_t *json_los(const hex_game *g, const ask_result *r, const ask_item *it)
{
	const ask_los_answer *a = &it->u.los;
	const los_result *s = &a->sight;
	json_t *o = json_head(g, r, a->unit);
	json_object_set_new(o, "distance", json_integer(s->distance));
	json_object_set_new(o, "visible", json_boolean(s->visible));
	json_object_set_new(o, "blocked_by", json_hex_list(s->blocked, s->blocked_count));
	json_object_set_new(o, "edge_blocked", json_boolean(s->edge_blocked));
	json_rule(o, r->rule);
	return o;
}

/* The fields of a dice answer every battle shares: distance, dice,
 * allowed and the reasons. */
static void json_dice_fields(json_t *o, const dice_answer *d)
{
	json_object_set_new(o, "distance", json_integer(d->distance));
	json_object_set_new(o, "dice", json_integer(d->dice));
	json_object_set_new(o, "allowed", json_boolean(d->allowed));
	json_object_set_new(o, "reasons", game_ask_json_reasons(&d->reasons));
}

static json_t *json_dice(const hex_game *g, const ask_result *r, const ask_item *it)
{
	const ask_dice_answer *a = &it->u.dice;
	const dice_answer *d = &a->dice;
	json_t *o = json_head(g, r, a->unit);
	json_dice_fields(o, d);
	json_object_set_new(o, "attacker", jsonout_string(g->units[a->unit].id));
	json_object_set_new(o, "target", d->target.kind == REF_NONE ? json_null() :
		jsonout_string(hex_game_ref_id(g, d->target)));
	return o;
}

static json_t *json_moves(const hex_game *g, const ask_result *r, const ask_item *it)
{
	const ask_moves_answer *a = &it->u.moves;
	hex_ref who = a->who;
	json_t *o = json_head(g, r, who.kind == REF_UNIT ? who.index : -1);
	json_object_set_new(o, "reachable", json_hex_list(a->reachable, a->reachable_count));
	json_object_set_new(o, "figure", jsonout_string(hex_game_ref_id(g, who)));
	json_object_set_new(o, "kind", json_string(who.kind == REF_UNIT ? "unit" : "general"));
	json_object_set_new(o, "max_hexes", json_integer(a->max_hexes));
	if (who.kind == REF_UNIT)
		json_object_set_new(o, "battle_after", json_hex_list(a->battle_after, a->battle_after_count));
	if (a->general >= 0)
		json_object_set_new(o, "general", json_pack("{s:o, s:o}", "id", jsonout_string(g->generals[a->general].id),
			"reachable", json_hex_list(a->general_reachable, a->general_reachable_count)));
	if (a->ford_count > 0) {
		json_t *fords = json_array();
		for (size_t i = 0; i < a->ford_count; i++) {
			char at[HEX_ADDRESS_MAX];
			json_array_append_new(fords, json_pack("{s:s, s:i, s:s}", "at", hex_format(a->fords[i], at), "line",
				a->ford_lines[i], "rule", special_kind_name(SPECIAL_CROSSING)));
		}
		json_object_set_new(o, "fords", fords);
	}
	json_rule(o, r->rule);
	return o;
}

static json_t *json_retreat(const hex_game *g, const ask_result *r, const ask_item *it)
{
	const ask_retreat_answer *a = &it->u.retreat;
	hex_ref who = a->who;
	json_t *o = json_head(g, r, who.kind == REF_UNIT ? who.index : -1);
	json_object_set_new(o, "flags", json_integer(r->q->flags));
	json_object_set_new(o, "destinations", json_hex_list(a->destinations, a->destination_count));
	json_object_set_new(o, "losses", json_integer(a->losses));
	json_object_set_new(o, "figure", jsonout_string(hex_game_ref_id(g, who)));
	json_object_set_new(o, "flags_applied", json_integer(a->applied));
	json_object_set_new(o, "ignored", rules_error_set(&a->ignored) ? game_ask_json_reason(&a->ignored) : json_null());
	json_object_set_new(o, "eliminated", json_boolean(a->eliminated));
	json_t *outcomes = json_array();
	for (int i = 0; i < a->outcome_count; i++) {
		const retreat_outcome *w = &a->outcomes[i];
		json_array_append_new(outcomes, json_pack("{s:o, s:i, s:b, s:b}", "path", json_hex_list(w->path, (size_t)w->len),
			"losses", w->off_board ? a->figures : (w->lost > a->figures ? a->figures : w->lost), "off_board",
			w->off_board, "joined", w->joined));
	}
	json_object_set_new(o, "outcomes", outcomes);
	json_rule(o, r->rule);
	return o;
}

/* The reserve units still to come, where each enters and where it lands
 * when its entry hex is taken. */
static json_t *json_reserves(const hex_game *g, const ask_reinforcements_answer *a)
{
	json_t *reserves = json_array();
	for (int i = 0; i < a->arrival_count; i++) {
		const ask_arrival *v = &a->arrivals[i];
		const hex_unit *u = &g->units[v->unit];
		json_array_append_new(reserves, json_pack("{s:o, s:o, s:i, s:o, s:b, s:o}", "unit", jsonout_string(u->id),
			"type", jsonout_string(u->type->id), "figures", u->figures, "entry", json_hex(u->entry), "entry_free",
			v->on_entry, "lands", json_hex_list(v->lands, (size_t)v->land_count)));
	}
	return reserves;
}

static json_t *json_reinforcements(const hex_game *g, const ask_result *r, const ask_item *it)
{
	const ask_reinforcements_answer *a = &it->u.reinforcements;
	const rs_card *card = a->card;
	json_t *o = json_pack("{s:s, s:o, s:o, s:i, s:i, s:o, s:b}", "query", "reinforcements", "side",
		jsonout_string(g->sides[a->side].id), "card", jsonout_string(card->id), "dice", card->dice, "per_face",
		card->per_face > 0 ? card->per_face : 1, "faces", json_faces(card), "arrivals_act", card->arrivals_act);
	json_rule(o, r->rule);
	json_object_set_new(o, "reserves", json_reserves(g, a));
	return o;
}

static json_t *json_sharpshooter(const hex_game *g, const ask_result *r, const ask_item *it)
{
	const ask_sharpshooter_answer *a = &it->u.sharpshooter;
	const rs_card *card = a->card;
	json_t *o = json_head(g, r, a->unit);
	json_object_set_new(o, "allowed", json_boolean(a->allowed));
	json_t *faces = json_array();
	for (size_t i = 0; i < card->hit_face_count; i++)
		json_array_append_new(faces, jsonout_string(card->hit_faces[i]));
	json_object_set_new(o, "hit_faces", faces);
	json_object_set_new(o, "victory", json_integer(a->victory));
	json_rule(o, r->rule);
	json_t *targets = json_array();
	for (int i = 0; i < a->target_count; i++) {
		const ask_shot *t = &a->targets[i];
		const hex_general *gg = &g->generals[t->general];
		json_t *shot = json_pack("{s:o, s:o, s:o}", "general", jsonout_string(gg->id), "at", json_hex(gg->at),
			"with_unit", json_unit_or_null(g, t->with_unit));
		json_dice_fields(shot, &t->dice);
		json_array_append_new(targets, shot);
	}
	json_object_set_new(o, "targets", targets);
	return o;
}

static json_t *json_rally(const hex_game *g, const ask_result *r, const ask_item *it)
{
	const ask_rally_answer *a = &it->u.rally;
	const rs_card *card = a->card;
	json_t *o = json_head(g, r, -1);
	json_object_set_new(o, "side", jsonout_string(g->sides[a->side].id));
	json_object_set_new(o, "dice", json_integer(a->dice));
	json_object_set_new(o, "dice_from_hand", json_boolean(card->dice_from_hand));
	json_object_set_new(o, "per_face", json_integer(card->per_face > 0 ? card->per_face : 1));
	json_object_set_new(o, "faces", json_faces(card));
	json_object_set_new(o, "room", json_integer(a->room));
	json_rule(o, r->rule);
	json_t *units = json_array();
	for (int i = 0; i < a->unit_count; i++) {
		const hex_unit *u = &g->units[a->units[i].unit];
		json_array_append_new(units, json_pack("{s:o, s:o, s:o, s:i, s:i, s:i}", "unit", jsonout_string(u->id),
			"type", jsonout_string(u->type->id), "at", json_hex(u->at), "figures", u->figures, "full", u->full,
			"room", a->units[i].room));
	}
	json_object_set_new(o, "units", units);
	return o;
}

/* The text and the JSON of each kind of question, in the order of
 * ask_kind. */
typedef void (*ask_printer)(const hex_game *g, const ask_result *r, const ask_item *it, FILE *out);
typedef json_t *(*ask_builder)(const hex_game *g, const ask_result *r, const ask_item *it);

static const ask_printer PRINTERS[] = { print_los, print_dice, print_moves, print_retreat, print_reinforcements,
	print_sharpshooter, print_rally };
static const ask_builder BUILDERS[] = { json_los, json_dice, json_moves, json_retreat, json_reinforcements,
	json_sharpshooter, json_rally };
_Static_assert(sizeof PRINTERS / sizeof PRINTERS[0] == ASK_RALLY + 1, "a printer for each question");
_Static_assert(sizeof BUILDERS / sizeof BUILDERS[0] == ASK_RALLY + 1, "a JSON answer for each question");

bool ask_write(const hex_game *g, const ask_query *q, bool json, FILE *out, game_ask_said_fn *said, void *ctx)
{
	ask_result r;
	bool answered = ask_answer(g, q, &r);
	if (answered)
		for (int i = 0; i < r.count; i++)
			if (json)
				jsonout_line(out, BUILDERS[q->kind](g, &r, &r.items[i]));
			else
				PRINTERS[q->kind](g, &r, &r.items[i], out);
	else if (json)
		jsonout_line(out, json_failure(g, &r));
	else
		said(ctx, r.label, &r.error);
	ask_result_free(&r);
	return answered;
}

/* ---- the hex engine's questions (engine.h) ---- */

static int hex_ask_parse(char **words, int count, bool after, game_question *q, rules_error *why)
{
	(void)after;   /* the hex questions do not depend on where the game comes from */
	return ask_parse(words, count, (ask_query *)q, why);
}

static bool hex_ask_answer(game *gm, const game_question *q, bool json, FILE *out, game_ask_said_fn *said, void *ctx)
{
	return ask_write(hex_engine_position(gm), (const ask_query *)q, json, out, said, ctx);
}

const game_ask_ops hex_ask_ops = {
	.names = "los, dice, moves, retreat, reinforcements, sharpshooter, rally",
	.is_query = ask_is_query, .query_size = sizeof(ask_query), .parse = hex_ask_parse, .answer = hex_ask_answer,
	.refusal_before = "attack and buy are questions of the square-grid rulesets; ",
	.refusal_after = " (ask los, dice, moves, retreat)",
};
