/* The lines the play page offers as clicks (studio_offers.h). */
#include "studio_offers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../geo/grid.h"
#include "../render/names.h"
#include "../rules/line_words.h"
#include "../rules/standing.h"

bool studio_offers_would_take(game_session *s, const char *line)
{
	const game_engine *e = s->engine;
	bool empty = false;
	rules_error why;
	game_action *a = game_action_parse(e, line, 0, &empty, &why);
	if (!a)
		return false;
	game *copy = game_clone(s->game);
	rng dice = s->dice;
	/* Tried with the seed's dice even when the players roll their own:
	 * the line is offered without its faces, which the page then asks. */
	bool ok = (!s->seats || e->own_choice(copy, a, game_session_decider(s), s->holding, &why)) &&
		e->prepare(copy, a, false, false, &why) && game_act(copy, &dice, a, &why);
	game_destroy(copy);
	game_action_free(e, a);
	return ok;
}

typedef struct offers {
	game_session *s;
	const scenario *sc;
	const ruleset *rs;
	const char *me;          /* the user's side id */
	const json_t *units;     /* the engine's pieces */
	const json_t *generals;  /* and generals (hex) */
	json_t *list;
	/* The page's words, its scenario the game as it stands (the pieces'
	 * names); NULL: the offers carry their lines only. */
	const render_ctx *words;
} offers;

/* Offer `line` (taken: the caller's) when the referee would take it, or
 * untried when `sure` (a word of the session's), with `text` (taken; NULL:
 * none), the line in the page's words. */
static void offer_said(offers *o, char *line, bool sure, char *text)
{
	bool known = false;
	for (size_t i = 0; i < json_array_size(o->list) && !known; i++)
		known = strcmp(json_string_value(json_object_get(json_array_get(o->list, i), "line")), line) == 0;
	if (!known && (sure || studio_offers_would_take(o->s, line))) {
		char kind[32] = "";
		sscanf(line, "%31s", kind);
		json_array_append_new(o->list, json_pack("{s:s, s:s, s:s?}", "line", line, "kind", kind, "text", text));
	}
	free(line);
	free(text);
}

/* The words of studio string `id` with its {key}s filled from the
 * key, value pairs that follow (NULL-terminated); NULL without words. */
static char *say(const offers *o, const char *id, ...)
{
	va_list ap;
	va_start(ap, id);
	char *text = line_words_sayv(o->words, id, ap);
	va_end(ap);
	return text;
}

/* A piece of the game by its id, as the maps name it, with its cell when
 * `cell` (free it); the id when the game has no such piece. */
static char *piece_named(const offers *o, const char *id, bool cell)
{
	return line_words_piece(o->words, id, cell);
}

static char *piece(const offers *o, const char *id)
{
	return piece_named(o, id, true);
}

/* A unit type's name in the page's language, else its id. */
static const char *type_name(const offers *o, const char *id)
{
	const char *name = o->words ? names_type(o->words, id) : NULL;
	return name ? name : id;
}

/* Offer a line about one piece: its text the string `id` with {unit}. */
static void offer_piece(offers *o, char *line, bool sure, const char *id, const char *unit)
{
	char *name = o->words ? piece(o, unit) : NULL;
	offer_said(o, line, sure, say(o, id, "unit", name, NULL));
	free(name);
}

/* Offer a line about two pieces: {unit} and {other}. */
static void offer_pair(offers *o, char *line, const char *id, const char *unit, const char *other)
{
	char *a = o->words ? piece(o, unit) : NULL, *b = o->words ? piece(o, other) : NULL;
	offer_said(o, line, false, say(o, id, "unit", a, "other", b, NULL));
	free(a);
	free(b);
}

/* Offer a word of the game, said by the string `id`. */
static void offer(offers *o, char *line, bool sure, const char *id)
{
	offer_said(o, line, sure, say(o, id, NULL));
}

static const char *text_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* The user's pieces on the board, alive, whose type is (or is not, with
 * `not`) `type`; NULL type: any. */
static bool mine(const offers *o, const json_t *u, const char *type, bool not)
{
	const char *side = text_of(u, "side"), *t = text_of(u, "type");
	if (!side || strcmp(side, o->me) != 0 || !json_is_true(json_object_get(u, "alive")))
		return false;
	return !type || (t && (strcmp(t, type) == 0) != not);
}

/* ---- hex ---- */

/* What a card or a unit type lets a piece do beside moving and battling:
 * fieldworks (dig), noord-zuid cavalry's dismount and mount; after Short
 * Supply an order to one enemy unit; after Sharpshooter a battle on an
 * enemy general.  Each tried; the referee keeps the ones the turn allows. */
static void piece_offers(offers *o)
{
	size_t i, j;
	const json_t *u, *e;
	json_array_foreach(o->units, i, u) {
		const char *id = text_of(u, "id");
		if (!id || !text_of(u, "at") || !json_is_true(json_object_get(u, "alive")))
			continue;
		if (!mine(o, u, NULL, false)) {
			offer_piece(o, xasprintf("order %s", id), false, "studio-offer-order-enemy", id);
			continue;
		}
		offer_piece(o, xasprintf("dig %s", id), false, "studio-offer-dig", id);
		if (mine(o, u, "cavalry", false)) {
			offer_piece(o, xasprintf("dismount %s", id), false, "studio-offer-dismount", id);
			offer_piece(o, xasprintf("mount %s", id), false, "studio-offer-mount", id);
		}
		json_array_foreach(o->generals, j, e)
			if (text_of(e, "id") && text_of(e, "at") && text_of(e, "side") && strcmp(text_of(e, "side"), o->me) != 0)
				offer_pair(o, xasprintf("battle %s %s", id, text_of(e, "id")), "studio-offer-sharpshoot", id,
					text_of(e, "id"));
	}
}

static void hex_offers(offers *o)
{
	game_due dues[GAME_DUES_MAX];
	size_t n = game_session_dues(o->s, dues, GAME_DUES_MAX);
	int human = -1;
	for (int s = 0; s < 2; s++)
		if (strcmp(game_side_id(o->s->game, s), o->me) == 0)
			human = s;
	for (size_t i = 0; i < n; i++) {
		const game_due *d = &dues[i];
		if (d->side != human || !d->step)
			continue;
		if (strcmp(d->step, "stand") == 0) {
			/* A proposal held for the user's choice (§5.2). */
			offer(o, xstrdup("stand"), true, "studio-offer-stand");
			offer(o, xstrdup("withdraw"), true, "studio-offer-withdraw");
		} else if (d->unit[0] && strcmp(d->step, "retreat") != 0) {
			/* save, defend, flagsave, gain: a string each. */
			char *id = xasprintf("studio-offer-%s", d->step);
			offer_piece(o, xasprintf("%s %s", d->step, d->unit), false, id, d->unit);
			free(id);
			if (strcmp(d->step, "gain") == 0)
				offer_piece(o, xasprintf("gain %s alone", d->unit), false, "studio-offer-gain-alone", d->unit);
		}
	}
	/* The special cards' own steps: reinforcements' arrivals, rally's
	 * roll (§8.1). */
	size_t i;
	const json_t *u;
	json_array_foreach(o->units, i, u)
		if (json_is_true(json_object_get(u, "reserve")) && !text_of(u, "at") && text_of(u, "side") &&
			strcmp(text_of(u, "side"), o->me) == 0)
			offer_piece(o, xasprintf("arrive %s", text_of(u, "id")), false, "studio-offer-arrive",
				text_of(u, "id"));
	offer(o, xstrdup("rally"), false, "studio-offer-rally");
	piece_offers(o);
	/* A card discarded, where the rules let the side (§8: by choice, or
	 * while it can use none). */
	game_card hand[16];
	size_t cards = human >= 0 ? o->s->engine->hand(o->s->game, human, hand, 16) : 0;
	for (size_t c = 0; c < cards; c++)
		offer_said(o, xasprintf("discard %s %s", o->me, hand[c].id), false, say(o, "studio-offer-discard", "card",
			o->words && hand[c].card ? l10n_get(&hand[c].card->name, o->words->lang) : hand[c].id, NULL));
}

/* ---- square ---- */

/* An id for a unit to be placed that no piece has: SIDE-TYPE-N. */
static char *new_id(const offers *o, const char *type)
{
	for (int k = 1;; k++) {
		char *id = xasprintf("%c-%s-%d", o->me[0], type, k);
		bool taken = false;
		size_t i;
		const json_t *u;
		json_array_foreach(o->units, i, u)
			taken = taken || (text_of(u, "id") && strcmp(text_of(u, "id"), id) == 0);
		for (size_t j = 0; j < o->sc->unit_count && !taken; j++)
			taken = o->sc->units[j].id.text && strcmp(o->sc->units[j].id.text, id) == 0;
		if (!taken)
			return id;
		free(id);
	}
}

/* The last attack of the log, without its faces: a new round of it. */
static char *last_attack(const game_session *s)
{
	for (size_t i = s->kept.count; i-- > 0;)
		if (strncmp(s->kept.line[i], "attack ", 7) == 0) {
			const char *colon = strchr(s->kept.line[i], ':');
			size_t len = colon ? (size_t)(colon - s->kept.line[i]) : strlen(s->kept.line[i]);
			while (len > 0 && s->kept.line[i][len - 1] == ' ')
				len--;
			return xstrndup(s->kept.line[i], len);
		}
	return NULL;
}

/* After a round, the defender's falls back: each of its units or generals
 * to a neighbouring square, a unit under the cover of one of its
 * cavalry (the log's `retreat UNIT SQUARE CAVALRY`, `withdraw GENERAL
 * SQUARE`). */
static void cover_offers(offers *o)
{
	grid_board board;
	if (!scenario_grid(o->sc, o->rs, &board))
		return;
	size_t i, j;
	const json_t *u, *c;
	json_array_foreach(o->units, i, u) {
		grid_cell at, next[GRID_NEIGHBOURS_MAX];
		if (!mine(o, u, NULL, false) || !text_of(u, "at") || !grid_parse(&board, text_of(u, "at"), &at))
			continue;
		int count = grid_neighbours(&board, at, next);
		bool general = strcmp(text_of(u, "type"), "general") == 0;
		for (int k = 0; k < count; k++) {
			if (general) {
				char *name = o->words ? piece(o, text_of(u, "id")) : NULL;
				offer_said(o, xasprintf("withdraw %s %s", text_of(u, "id"), GRID_ADDRESS(next[k])), false,
					say(o, "studio-offer-withdraw-to", "unit", name, "to", GRID_ADDRESS(next[k]), NULL));
				free(name);
				continue;
			}
			json_array_foreach(o->units, j, c)
				if (mine(o, c, "cavalry", false) && c != u) {
					char *name = o->words ? piece(o, text_of(u, "id")) : NULL;
					char *cover = o->words ? piece(o, text_of(c, "id")) : NULL;
					offer_said(o, xasprintf("retreat %s %s %s", text_of(u, "id"), GRID_ADDRESS(next[k]),
						text_of(c, "id")), false, say(o, "studio-offer-retreat-covered", "unit", name,
						"to", GRID_ADDRESS(next[k]), "cavalry", cover, NULL));
					free(name);
					free(cover);
				}
		}
	}
}

static void square_offers(offers *o, const json_t *state)
{
	offer(o, xstrdup("roll"), false, "studio-offer-roll");
	for (size_t t = 0; t < o->rs->square.unit_count; t++) {
		const rs_square_unit *su = &o->rs->square.units[t];
		if (su->cost >= 0 && !su->leader)
			offer_said(o, xasprintf("buy %s", su->id), false, say(o, "studio-offer-buy", "type",
				type_name(o, su->id), NULL));
	}
	/* A round of combat: the last attack again, or any of the user's
	 * units on any enemy piece. */
	char *again = last_attack(o->s);
	char attacker[64], target[64];
	if (again && sscanf(again, "attack %63s %63s", attacker, target) == 2)
		offer_pair(o, again, "studio-offer-attack-again", attacker, target);
	else
		free(again);
	size_t ai, ti;
	const json_t *att, *tgt;
	json_array_foreach(o->units, ai, att)
		if (mine(o, att, NULL, false) && text_of(att, "at") && strcmp(text_of(att, "type"), "general") != 0)
			json_array_foreach(o->units, ti, tgt)
				if (text_of(tgt, "side") && strcmp(text_of(tgt, "side"), o->me) != 0 &&
					json_is_true(json_object_get(tgt, "alive")) && text_of(tgt, "at") && !json_object_get(tgt, "sea"))
					offer_pair(o, xasprintf("attack %s %s", text_of(att, "id"), text_of(tgt, "id")),
						"studio-offer-attack", text_of(att, "id"), text_of(tgt, "id"));
	offer(o, xstrdup("stop"), false, "studio-offer-stop");
	size_t i, j;
	const json_t *u, *ship;
	json_array_foreach(o->units, i, u)
		if (mine(o, u, NULL, false) && text_of(u, "at"))
			offer_piece(o, xasprintf("advance %s", text_of(u, "id")), false, "studio-offer-advance",
				text_of(u, "id"));
	/* Transport: a unit in a port boards a ship lying there. */
	json_array_foreach(o->units, i, ship)
		if (mine(o, ship, NULL, false) && text_of(ship, "port"))
			json_array_foreach(o->units, j, u)
				if (mine(o, u, NULL, false) && text_of(u, "at") && !json_object_get(u, "sea") &&
					strcmp(text_of(u, "type"), "general") != 0)
					offer_pair(o, xasprintf("embark %s %s", text_of(u, "id"), text_of(ship, "id")),
						"studio-offer-embark", text_of(u, "id"), text_of(ship, "id"));
	offer(o, xstrdup("redeploy"), false, "studio-offer-redeploy");
	/* Placement: a unit bought into a city the side holds. */
	const json_t *side;
	json_array_foreach(json_object_get(state, "sides"), i, side) {
		if (!text_of(side, "id") || strcmp(text_of(side, "id"), o->me) != 0)
			continue;
		const json_t *held;
		json_array_foreach(json_object_get(side, "held"), j, held)
			for (size_t c = 0; c < o->sc->city_count; c++) {
				const sc_city *city = &o->sc->cities[c];
				if (!city->id.text || !json_string_value(held) || strcmp(city->id.text, json_string_value(held)) != 0 ||
					!city->at.text)
					continue;
				for (size_t t = 0; t < o->rs->square.unit_count; t++) {
					const rs_square_unit *su = &o->rs->square.units[t];
					if (su->cost < 0 || su->leader)
						continue;
					char *id = new_id(o, su->id);
					offer_said(o, xasprintf("place %s %s %s", su->id, city->at.text, id), false,
						say(o, "studio-offer-place", "type", type_name(o, su->id), "city",
						o->words ? names_city(o->words, city) : city->at.text, NULL));
					free(id);
				}
			}
	}
	offer(o, xstrdup("end"), false, "studio-offer-end");
	game_due due;
	if (game_session_dues(o->s, &due, 1) == 1 && due.step && strcmp(due.step, "retreat") == 0)
		cover_offers(o);
}

/* Each piece of a list of the engine's state gets its "name". */
static void name_list(const offers *o, json_t *list)
{
	size_t i;
	json_t *u;
	json_array_foreach(list, i, u) {
		const char *id = text_of(u, "id");
		/* Without its cell: the page shows where it stands. */
		char *name = id ? piece_named(o, id, false) : NULL;
		if (name)
			json_object_set_new(u, "name", json_string(name));
		free(name);
	}
}

void studio_offers_name_pieces(game_session *s, const scenario *sc, const render_ctx *words, json_t *state)
{
	standing st = { 0 };
	standing_make(&st, s->engine, s->game, sc);
	render_ctx rc = *words;
	rc.sc = &st.sc;
	offers o = { .s = s, .sc = sc, .words = &rc };
	name_list(&o, json_object_get(state, "units"));
	name_list(&o, json_object_get(state, "generals"));
	standing_finish(&st);
}

json_t *studio_offers(game_session *s, const scenario *sc, const ruleset *rs, int human, const json_t *state,
	const render_ctx *words)
{
	offers o = { s, sc, rs, game_side_id(s->game, human), json_object_get(state, "units"),
		json_object_get(state, "generals"), json_array(), NULL };
	/* The pieces named as the maps of the game name them: its scenario as
	 * it stands, with the units bought and arrived. */
	standing st = { 0 };
	render_ctx rc;
	if (words) {
		standing_make(&st, s->engine, s->game, sc);
		rc = *words;
		rc.sc = &st.sc;
		o.words = &rc;
	}
	if (strcmp(s->engine->name, "square") == 0)
		square_offers(&o, state);
	else
		hex_offers(&o);
	if (words)
		standing_finish(&st);
	return o.list;
}
