/* The answers of the hex rules questions (hex_ask.h) as every program
 * shows them: text for a reader, or one JSON object a line
 * (interfaces.md section 4). */
#include <string.h>

#include "../../base/json.h"
#include "hex_ask.h"
#include "hex_engine.h"

static void json_hex(FILE *out, hex_coord h)
{
	char b[HEX_ADDRESS_MAX];
	json_write_string(out, hex_format(h, b));
}

static void json_hex_list(FILE *out, const hex_coord *hexes, size_t n)
{
	fputc('[', out);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc(',', out);
		json_hex(out, hexes[i]);
	}
	fputc(']', out);
}

/* The faces of a card and what each brings, as a JSON object. */
static void json_faces(FILE *out, const rs_card *card)
{
	fputc('{', out);
	for (size_t k = 0; k < card->face_count; k++) {
		if (k)
			fputc(',', out);
		json_write_string(out, card->faces[k].face);
		fputc(':', out);
		json_write_string(out, card->faces[k].unit_type);
	}
	fputc('}', out);
}

static void json_rule(FILE *out, const char *rule)
{
	fputs(",\"rule\":", out);
	json_write_string(out, rule);
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

/* The head of a JSON answer: query, from, to, and the unit it is about
 * (null when none). */
static void json_head(const hex_game *g, const ask_result *r, int unit, FILE *out)
{
	const ask_query *q = r->q;
	fputs("{\"query\":", out);
	json_write_string(out, q->name);
	fputs(",\"from\":", out);
	if (r->from.known)
		json_hex(out, r->from.at);
	else
		json_write_string(out, q->from_word);
	if (q->kind == ASK_LOS || q->kind == ASK_DICE) {
		fputs(",\"to\":", out);
		if (r->to.known)
			json_hex(out, r->to.at);
		else
			json_write_string(out, q->to_word);
	}
	fprintf(out, ",\"answers\":%d,\"unit\":", r->answers);
	if (unit >= 0)
		json_write_string(out, g->units[unit].id);
	else
		fputs("null", out);
}

/* The results of an answer about nothing, by kind of question (in the
 * order of ask_kind): the same fields as an answer, empty. */
static const char *const EMPTY_RESULTS[] = { ",\"visible\":false,\"blocked_by\":[]",
	",\"dice\":0,\"allowed\":false,\"reasons\":[", ",\"reachable\":[]", ",\"destinations\":[],\"losses\":0",
	",\"reserves\":[]", ",\"allowed\":false,\"targets\":[]", ",\"dice\":0,\"units\":[],\"room\":0" };
_Static_assert(sizeof EMPTY_RESULTS / sizeof EMPTY_RESULTS[0] == ASK_RALLY + 1, "empty results for each question");

/* A question about nothing in JSON: empty results and an "error" field. */
static void json_failure(const hex_game *g, const ask_result *r, FILE *out)
{
	json_head(g, r, r->from.unit, out);
	ask_kind k = r->q->kind;
	if (k == ASK_LOS || k == ASK_DICE)
		fprintf(out, ",\"distance\":%d", r->distance);
	else if (k == ASK_RETREAT)
		fprintf(out, ",\"flags\":%d", r->q->flags);
	fputs(EMPTY_RESULTS[k], out);
	if (k == ASK_DICE) {
		/* The refusal is the one reason. */
		game_ask_json_reason(out, &r->error);
		fputc(']', out);
	}
	fputs(",\"error\":", out);
	game_ask_json_reason(out, &r->error);
	fputs("}\n", out);
}

static void print_los(const hex_game *g, const ask_result *r, const ask_item *it, bool json, FILE *out)
{
	const ask_los_answer *a = &it->u.los;
	const los_result *s = &a->sight;
	if (json) {
		json_head(g, r, a->unit, out);
		fprintf(out, ",\"distance\":%d,\"visible\":%s,\"blocked_by\":", s->distance, s->visible ? "true" : "false");
		json_hex_list(out, s->blocked, s->blocked_count);
		fprintf(out, ",\"edge_blocked\":%s", s->edge_blocked ? "true" : "false");
		json_rule(out, r->rule);
		fputs("}\n", out);
		return;
	}
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

static void print_dice(const hex_game *g, const ask_result *r, const ask_item *it, bool json, FILE *out)
{
	const ask_dice_answer *a = &it->u.dice;
	const dice_answer *d = &a->dice;
	const hex_unit *u = &g->units[a->unit];
	if (json) {
		json_head(g, r, a->unit, out);
		fprintf(out, ",\"distance\":%d,\"dice\":%d,\"allowed\":%s,\"reasons\":", d->distance, d->dice,
			d->allowed ? "true" : "false");
		game_ask_json_reasons(out, &d->reasons);
		fputs(",\"attacker\":", out);
		json_write_string(out, u->id);
		fputs(",\"target\":", out);
		if (d->target.kind == REF_NONE)
			fputs("null", out);
		else
			json_write_string(out, hex_game_ref_id(g, d->target));
		fputs("}\n", out);
		return;
	}
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

static void print_moves(const hex_game *g, const ask_result *r, const ask_item *it, bool json, FILE *out)
{
	const ask_moves_answer *a = &it->u.moves;
	hex_ref who = a->who;
	const char *general = a->general >= 0 ? g->generals[a->general].id : NULL;
	if (json) {
		json_head(g, r, who.kind == REF_UNIT ? who.index : -1, out);
		fputs(",\"reachable\":", out);
		json_hex_list(out, a->reachable, a->reachable_count);
		fputs(",\"figure\":", out);
		json_write_string(out, hex_game_ref_id(g, who));
		fprintf(out, ",\"kind\":\"%s\"", who.kind == REF_UNIT ? "unit" : "general");
		fprintf(out, ",\"max_hexes\":%d", a->max_hexes);
		if (who.kind == REF_UNIT) {
			fputs(",\"battle_after\":", out);
			json_hex_list(out, a->battle_after, a->battle_after_count);
		}
		if (general) {
			fputs(",\"general\":{\"id\":", out);
			json_write_string(out, general);
			fputs(",\"reachable\":", out);
			json_hex_list(out, a->general_reachable, a->general_reachable_count);
			fputc('}', out);
		}
		json_rule(out, r->rule);
		fputs("}\n", out);
		return;
	}
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
}

static void print_retreat(const hex_game *g, const ask_result *r, const ask_item *it, bool json, FILE *out)
{
	const ask_retreat_answer *a = &it->u.retreat;
	hex_ref who = a->who;
	int flags = r->q->flags;
	bool ignored = rules_error_set(&a->ignored);
	if (json) {
		json_head(g, r, who.kind == REF_UNIT ? who.index : -1, out);
		fprintf(out, ",\"flags\":%d,\"destinations\":", flags);
		json_hex_list(out, a->destinations, a->destination_count);
		fprintf(out, ",\"losses\":%d,\"figure\":", a->losses);
		json_write_string(out, hex_game_ref_id(g, who));
		fprintf(out, ",\"flags_applied\":%d,\"ignored\":", a->applied);
		if (ignored)
			game_ask_json_reason(out, &a->ignored);
		else
			fputs("null", out);
		fprintf(out, ",\"eliminated\":%s,\"outcomes\":[", a->eliminated ? "true" : "false");
		for (int i = 0; i < a->outcome_count; i++) {
			const retreat_outcome *o = &a->outcomes[i];
			fprintf(out, "%s{\"path\":", i ? "," : "");
			json_hex_list(out, o->path, (size_t)o->len);
			fprintf(out, ",\"losses\":%d,\"off_board\":%s,\"joined\":%s}",
				o->off_board ? a->figures : (o->lost > a->figures ? a->figures : o->lost),
				o->off_board ? "true" : "false", o->joined ? "true" : "false");
		}
		fputc(']', out);
		json_rule(out, r->rule);
		fputs("}\n", out);
		return;
	}
	char at[HEX_ADDRESS_MAX];
	fprintf(out, "retreat %s %d: %s '%s'", r->from.shown, flags, figure_kind(g, who), hex_game_ref_id(g, who));
	if (ignored)
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

static void print_reinforcements(const hex_game *g, const ask_result *r, const ask_item *it, bool json,
	FILE *out)
{
	const ask_reinforcements_answer *a = &it->u.reinforcements;
	const rs_card *card = a->card;
	const hex_side *side = &g->sides[a->side];
	int per_face = card->per_face > 0 ? card->per_face : 1;
	if (json) {
		fputs("{\"query\":\"reinforcements\",\"side\":", out);
		json_write_string(out, side->id);
		fputs(",\"card\":", out);
		json_write_string(out, card->id);
		fprintf(out, ",\"dice\":%d,\"per_face\":%d,\"faces\":", card->dice, per_face);
		json_faces(out, card);
		fprintf(out, ",\"arrivals_act\":%s", card->arrivals_act ? "true" : "false");
		json_rule(out, r->rule);
		fputs(",\"reserves\":[", out);
	} else {
		fprintf(out, "reinforcements %s: %d of %d reserve %s left; card '%s' rolls %d dice, each bringing %d unit: ",
			side->id, a->left, side->reserves, side->reserves == 1 ? "unit" : "units", card->id, card->dice,
			per_face);
		for (size_t k = 0; k < card->face_count; k++)
			fprintf(out, "%s%s on %s", k ? ", " : "",
				strcmp(card->faces[k].unit_type, "any") == 0 ? "any type" : card->faces[k].unit_type,
				card->faces[k].face);
		fprintf(out, "; arrivals %s this turn [%s]\n", card->arrivals_act ? "may move and battle" :
			"neither move nor battle", r->rule);
	}
	for (int i = 0; i < a->arrival_count; i++) {
		const ask_arrival *v = &a->arrivals[i];
		const hex_unit *u = &g->units[v->unit];
		if (json) {
			fputs(i ? "," : "", out);
			fputs("{\"unit\":", out);
			json_write_string(out, u->id);
			fputs(",\"type\":", out);
			json_write_string(out, u->type->id);
			fprintf(out, ",\"figures\":%d,\"entry\":", u->figures);
			json_hex(out, u->entry);
			fputs(",\"entry_free\":", out);
			fputs(v->on_entry ? "true" : "false", out);
			fputs(",\"lands\":", out);
			json_hex_list(out, v->lands, (size_t)v->land_count);
			fputc('}', out);
			continue;
		}
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
	if (json)
		fputs("]}\n", out);
	else if (a->arrival_count == 0)
		fprintf(out, "  (every reserve unit has arrived: card '%s' can only be discarded)\n", card->id);
}

static void print_sharpshooter(const hex_game *g, const ask_result *r, const ask_item *it, bool json,
	FILE *out)
{
	const ask_sharpshooter_answer *a = &it->u.sharpshooter;
	const rs_card *card = a->card;
	const hex_unit *u = &g->units[a->unit];
	if (json) {
		json_head(g, r, a->unit, out);
		fprintf(out, ",\"allowed\":%s,\"hit_faces\":[", a->allowed ? "true" : "false");
		for (size_t i = 0; i < card->hit_face_count; i++) {
			if (i)
				fputc(',', out);
			json_write_string(out, card->hit_faces[i]);
		}
		fprintf(out, "],\"victory\":%d", a->victory);
		json_rule(out, r->rule);
		fputs(",\"targets\":[", out);
	} else if (a->allowed) {
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
		if (json) {
			fputs(i ? ",{\"general\":" : "{\"general\":", out);
			json_write_string(out, gg->id);
			fputs(",\"at\":", out);
			json_hex(out, gg->at);
			fputs(",\"with_unit\":", out);
			if (t->with_unit >= 0)
				json_write_string(out, g->units[t->with_unit].id);
			else
				fputs("null", out);
			fprintf(out, ",\"distance\":%d,\"dice\":%d,\"allowed\":%s,\"reasons\":", d->distance, d->dice,
				d->allowed ? "true" : "false");
			game_ask_json_reasons(out, &d->reasons);
			fputc('}', out);
		} else {
			char b[HEX_ADDRESS_MAX];
			fprintf(out, "  general '%s' at %s (%s), distance %d: ", gg->id, hex_format(gg->at, b),
				t->with_unit >= 0 ? g->units[t->with_unit].id : "alone", d->distance);
			text_dice_count(out, d);
			text_reasons(out, "    ", d);
		}
	}
	if (json)
		fputs("]}\n", out);
	else if (a->allowed && a->target_count == 0)
		fprintf(out, "  no enemy general is in play\n");
}

static void print_rally(const hex_game *g, const ask_result *r, const ask_item *it, bool json, FILE *out)
{
	const ask_rally_answer *a = &it->u.rally;
	const rs_card *card = a->card;
	const hex_side *side = &g->sides[a->side];
	if (json) {
		json_head(g, r, -1, out);
		fputs(",\"side\":", out);
		json_write_string(out, side->id);
		fprintf(out, ",\"dice\":%d,\"dice_from_hand\":%s,\"per_face\":%d,\"faces\":", a->dice,
			card->dice_from_hand ? "true" : "false", card->per_face > 0 ? card->per_face : 1);
		json_faces(out, card);
		fprintf(out, ",\"room\":%d", a->room);
		json_rule(out, r->rule);
		fputs(",\"units\":[", out);
	} else {
		fprintf(out, "rally %s: %d %s", side->id, a->dice, a->dice == 1 ? "die" : "dice");
		if (card->dice_from_hand)
			fprintf(out, " (one per card left in a hand of %d after playing it)", side->hand_size - 1);
		fputs("; ", out);
		for (size_t i = 0; i < card->face_count; i++)
			fprintf(out, "%s%s -> %s", i ? ", " : "", card->faces[i].face, card->faces[i].unit_type);
		fprintf(out, "; other faces nothing [%s]\n", r->rule);
	}
	for (int i = 0; i < a->unit_count; i++) {
		const hex_unit *u = &g->units[a->units[i].unit];
		int room = a->units[i].room;
		if (json) {
			fputs(i ? ",{\"unit\":" : "{\"unit\":", out);
			json_write_string(out, u->id);
			fputs(",\"type\":", out);
			json_write_string(out, u->type->id);
			fputs(",\"at\":", out);
			json_hex(out, u->at);
			fprintf(out, ",\"figures\":%d,\"full\":%d,\"room\":%d}", u->figures, u->full, room);
		} else {
			char b[HEX_ADDRESS_MAX];
			fprintf(out, "  %s '%s' at %s: %d of %d figures, may take back %d\n", u->type->id, u->id,
				hex_format(u->at, b), u->figures, u->full, room);
		}
	}
	if (json)
		fputs("]}\n", out);
	else if (a->unit_count == 0)
		fprintf(out, "  no unit has lost figures: the roll would return nothing\n");
	else
		fprintf(out, "  %d %s in all; never above full strength, never a destroyed unit\n", a->room,
			a->room == 1 ? "figure" : "figures");
}

/* The printer of each kind of question. */
typedef void (*ask_printer)(const hex_game *g, const ask_result *r, const ask_item *it, bool json, FILE *out);

/* In the order of ask_kind. */
static const ask_printer PRINTERS[] = { print_los, print_dice, print_moves, print_retreat, print_reinforcements,
	print_sharpshooter, print_rally };
_Static_assert(sizeof PRINTERS / sizeof PRINTERS[0] == ASK_RALLY + 1, "a printer for each question");

bool ask_write(const hex_game *g, const ask_query *q, bool json, FILE *out, game_ask_said_fn *said, void *ctx)
{
	ask_result r;
	bool answered = ask_answer(g, q, &r);
	if (answered)
		for (int i = 0; i < r.count; i++)
			PRINTERS[q->kind](g, &r, &r.items[i], json, out);
	else if (json)
		json_failure(g, &r, out);
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
