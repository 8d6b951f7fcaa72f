/* The lines the play page offers as clicks (studio_offers.h). */
#include "studio_offers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../geo/grid.h"
#include "../model/scenario_sections.h"
#include "../render/names.h"
#include "../rules/line_words.h"
#include "../rules/standing.h"

/* Tries of one kind of offer at most: a choice the page lists as buttons
 * stays a handful, and a position never makes the page wait. */
#define OFFERS_TRIES_MAX 240

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

/* The referee's answer to a rules question on the game as it stands
 * (the first answer of `question`, in JSON; NULL when it has none):
 * where a piece may go, what a roll would return. */
static json_t *asked(const offers *o, const char *question)
{
	char **words = NULL;
	size_t count = str_split_words(question, &words, 0);
	int bad = 0;
	rules_error why;
	game_questions *q = game_questions_read(o->s->engine, words, (int)count, true, true, &bad, &why);
	char *text = NULL;
	size_t size = 0;
	FILE *out = q ? open_memstream(&text, &size) : NULL;
	if (out) {
		game_questions_answer(o->s->game, q, true, out, NULL, NULL);
		fclose(out);
	}
	/* One answer a line: the first is the one asked for. */
	json_t *answer = text ? json_loads(text, JSON_DISABLE_EOF_CHECK, NULL) : NULL;
	free(text);
	game_questions_free(q);
	str_free_words(words, count);
	return answer;
}

/* §8.1 rally: after the roll, the units that take the figures back, one
 * id a figure.  The referee's `rally` answer lists the units that may take
 * some back and how many; every way of naming them, from one figure to
 * all the room there is, is tried, and the referee keeps the ones that
 * name every figure the roll returns. */
static void rally_offers(offers *o)
{
	char *question = xasprintf("rally %s", o->me);
	json_t *answer = asked(o, question);
	free(question);
	const json_t *units = json_object_get(answer, "units");
	/* Each figure a slot: a unit repeated as often as it has room. */
	const char *slot[16];
	size_t slots = 0, i;
	const json_t *u;
	json_array_foreach(units, i, u)
		for (json_int_t k = 0; k < json_integer_value(json_object_get(u, "room")) && slots < ARRAY_LEN(slot); k++)
			slot[slots++] = text_of(u, "unit");
	json_int_t most = json_integer_value(json_object_get(answer, "dice")) *
		json_integer_value(json_object_get(answer, "per_face"));
	if (most > (json_int_t)slots)
		most = (json_int_t)slots;
	/* The sub-lists of the slots in order, the ones naming the same units
	 * the same number of times alike (a set of choices, not of slots). */
	size_t tries = 0;
	for (unsigned long mask = 1; slots && mask < (1ul << slots) && tries < OFFERS_TRIES_MAX; mask++) {
		bool canonical = true;
		int figures = 0;
		for (size_t k = 0; k < slots; k++) {
			bool in = mask & (1ul << k);
			figures += in;
			/* A unit's slots taken from its first on: 110, never 101. */
			if (in && k > 0 && strcmp(slot[k], slot[k - 1]) == 0 && !(mask & (1ul << (k - 1))))
				canonical = false;
		}
		if (!canonical || figures > most)
			continue;
		char *line = xstrdup("rally"), *names = NULL;
		for (size_t k = 0; k < slots; k++)
			if (mask & (1ul << k)) {
				char *longer = xasprintf("%s %s", line, slot[k]);
				free(line);
				line = longer;
				char *name = o->words ? piece(o, slot[k]) : NULL;
				char *list = name ? (names ? xasprintf("%s, %s", names, name) : xstrdup(name)) : NULL;
				free(names);
				free(name);
				names = list;
			}
		tries++;
		offer_said(o, line, false, say(o, "studio-offer-rally-units", "units", names, NULL));
		free(names);
	}
	json_decref(answer);
}

/* A piece's cells after a `follow` or a move, for the text. */
static char *path_text(const json_t *path)
{
	char *text = xstrdup("");
	size_t i;
	const json_t *cell;
	json_array_foreach(path, i, cell) {
		char *longer = xasprintf("%s%s%s", text, i ? " " : "", json_string_value(cell));
		free(text);
		text = longer;
	}
	return text;
}

/* A brigade of the side (§3.3): ordered as one, or dissolved; after a
 * member's retreat out of it, each member and the general falling back
 * with it (001), along the paths the referee's `retreat` answer gives for
 * as many hexes as a retreat takes.  who: the general, then the units. */
static void one_brigade(offers *o, const char *id, const char *name, char *const *who, size_t n, bool battle)
{
	offer_said(o, xasprintf("order %s", id), false, say(o, "studio-offer-order-brigade", "brigade", name, NULL));
	offer_said(o, xasprintf("dissolve %s", id), false, say(o, "studio-offer-dissolve", "brigade", name, NULL));
	for (size_t k = 0; battle && k < n; k++)
		for (int hexes = 1; hexes <= 3; hexes++) {
			char *question = xasprintf("retreat %s %d", who[k], hexes);
			json_t *answer = asked(o, question);
			free(question);
			size_t i;
			const json_t *way;
			json_array_foreach(json_object_get(answer, "outcomes"), i, way) {
				char *cells = path_text(json_object_get(way, "path"));
				char *unit = o->words ? piece(o, who[k]) : NULL;
				if (*cells)
					offer_said(o, xasprintf("follow %s %s", who[k], cells), false,
						say(o, "studio-offer-follow", "unit", unit, "to", cells, NULL));
				free(unit);
				free(cells);
			}
			json_decref(answer);
		}
}

/* Whether a general of the engine's state is the user's, on the board. */
static bool my_general(const offers *o, const char *id)
{
	size_t i;
	const json_t *e;
	json_array_foreach(o->generals, i, e)
		if (text_of(e, "id") && strcmp(text_of(e, "id"), id) == 0)
			return text_of(e, "side") && strcmp(text_of(e, "side"), o->me) == 0 && text_of(e, "at");
	return false;
}

/* A brigade formed under each of the user's generals (the log's `form
 * BRIGADE GENERAL UNIT...`): the units the referee takes one by one into
 * a brigade of his, then together, as one choice -- the largest brigade
 * the rules let him form now, under a new id. */
static void form_offers(offers *o)
{
	size_t g, i;
	const json_t *gen, *u;
	json_array_foreach(o->generals, g, gen) {
		const char *general = text_of(gen, "id");
		if (!general || !my_general(o, general))
			continue;
		char *id = NULL;
		for (int k = 1; !id; k++) {
			id = k == 1 ? xasprintf("b-%s", general) : xasprintf("b-%s-%d", general, k);
			for (size_t b = 0; b < o->sc->brigade_count && id; b++)
				if (o->sc->brigades[b].id.text && strcmp(o->sc->brigades[b].id.text, id) == 0) {
					free(id);
					id = NULL;
				}
		}
		char *line = xasprintf("form %s %s", id, general), *names = NULL;
		bool any = false;
		json_array_foreach(o->units, i, u) {
			if (!mine(o, u, NULL, false) || !text_of(u, "at"))
				continue;
			char *one = xasprintf("form %s %s %s", id, general, text_of(u, "id"));
			if (studio_offers_would_take(o->s, one)) {
				char *longer = xasprintf("%s %s", line, text_of(u, "id"));
				/* Together, as far as the rules let a brigade grow. */
				if (!any || studio_offers_would_take(o->s, longer)) {
					free(line);
					line = longer;
					any = true;
					char *name = o->words ? piece(o, text_of(u, "id")) : NULL;
					char *list = name ? (names ? xasprintf("%s, %s", names, name) : xstrdup(name)) : NULL;
					free(names);
					free(name);
					names = list;
				} else {
					free(longer);
				}
			}
			free(one);
		}
		char *leader = o->words ? piece_named(o, general, false) : NULL;
		if (any)
			offer_said(o, line, true, say(o, "studio-offer-form", "general", leader, "units", names, NULL));
		else
			free(line);
		free(leader);
		free(names);
		free(id);
	}
}

/* noord-zuid brigades (§3.3): the scenario's and those formed in the
 * game (its `form` lines), each of the user's as one_brigade offers it;
 * and new ones formed. */
static void brigade_offers(offers *o, bool battle)
{
	if (!o->rs->stacking.brigades)
		return;
	for (size_t b = 0; b < o->sc->brigade_count; b++) {
		const sc_brigade *br = &o->sc->brigades[b];
		if (!br->id.text || br->side >= o->sc->side_count || !o->sc->sides[br->side].id.text ||
			strcmp(o->sc->sides[br->side].id.text, o->me) != 0)
			continue;
		char *who[17];
		size_t n = 0;
		if (br->general.text)
			who[n++] = br->general.text;
		for (size_t k = 0; k < br->unit_count && n < ARRAY_LEN(who); k++)
			who[n++] = br->units[k];
		char *name = o->words ? names_brigade(o->words, br) : NULL;
		one_brigade(o, br->id.text, name, who, n, battle);
		free(name);
	}
	for (size_t l = 0; l < o->s->kept.count; l++) {
		char **words = NULL;
		size_t count = str_split_words(o->s->kept.line[l], &words, 0);
		/* form BRIGADE GENERAL UNIT... (a comment after '#' is no unit) */
		size_t n = 0;
		while (n < count && words[n][0] != '#')
			n++;
		if (n >= 4 && strcmp(words[0], "form") == 0 && my_general(o, words[2])) {
			char *name = o->words ? piece_named(o, words[2], false) : NULL;
			char *said = name ? say(o, "studio-offer-brigade-of", "general", name, NULL) : NULL;
			one_brigade(o, words[1], said ? said : words[1], words + 2, n - 2, battle);
			free(said);
			free(name);
		}
		str_free_words(words, count);
	}
	/* A brigade is formed with the orders, never while a battle owes. */
	if (!battle)
		form_offers(o);
}

static void hex_offers(offers *o)
{
	game_due dues[GAME_DUES_MAX];
	size_t n = game_session_dues(o->s, dues, GAME_DUES_MAX);
	int human = -1;
	for (int s = 0; s < 2; s++)
		if (strcmp(game_side_id(o->s->game, s), o->me) == 0)
			human = s;
	/* Something a card or a battle still owes the user, said by the
	 * referee (rally's units, a brigade falling back): the choices that
	 * settle it are searched only then. */
	bool owing = false;
	for (size_t i = 0; i < n; i++) {
		const game_due *d = &dues[i];
		owing = owing || (d->side == human && d->text[0]);
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
	if (owing)
		rally_offers(o);
	brigade_offers(o, owing);
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

/* A sea zone or a port by its id, in the page's words (the scenario's
 * name of it); the id without words or name. */
static const char *place_named(const offers *o, const char *id)
{
	for (size_t i = 0; o->words && i < o->sc->sea_zone_count; i++)
		if (o->sc->sea_zones[i].id.text && strcmp(o->sc->sea_zones[i].id.text, id) == 0) {
			const char *name = l10n_get(&o->sc->sea_zones[i].name, o->words->lang);
			return name ? name : id;
		}
	for (size_t i = 0; o->words && i < o->sc->city_count; i++)
		if (o->sc->cities[i].id.text && strcmp(o->sc->cities[i].id.text, id) == 0)
			return names_city(o->words, &o->sc->cities[i]);
	return id;
}

/* A ship's voyages: zone by zone, each way a line of the zones and ports
 * entered.  The places come from the referee's `moves` answer; the ways
 * there are found a step at a time, each step the referee's to take or
 * refuse, a way kept only when it is the first to reach its end. */
static void sail_offers(offers *o, const char *ship)
{
	char *question = xasprintf("moves %s", ship);
	json_t *answer = asked(o, question);
	free(question);
	const json_t *places = json_object_get(answer, "reachable");
	size_t count = json_array_size(places);
	char **way = xcalloc(count + 1, sizeof *way);  /* per place: the way there, NULL none yet */
	size_t *steps = xcalloc(count + 1, sizeof *steps);  /* and how many places it names */
	bool grew = true;
	size_t tries = 0;
	for (size_t depth = 0; grew && depth < count && tries < OFFERS_TRIES_MAX; depth++) {
		grew = false;
		/* The ways found at the last depth, from the ship's own place. */
		char **from = xcalloc(count + 1, sizeof *from);
		size_t starts = 0;
		if (depth == 0)
			from[starts++] = xstrdup("");
		for (size_t k = 0; depth > 0 && k < count; k++)
			if (way[k] && steps[k] == depth)
				from[starts++] = xstrdup(way[k]);
		for (size_t f = 0; f < starts; f++)
			for (size_t k = 0; k < count && tries < OFFERS_TRIES_MAX; k++) {
				if (way[k])
					continue;
				const char *to = json_string_value(json_array_get(places, k));
				char *path = *from[f] ? xasprintf("%s %s", from[f], to) : xstrdup(to);
				char *line = xasprintf("move %s %s", ship, path);
				tries++;
				if (studio_offers_would_take(o->s, line)) {
					way[k] = path;
					steps[k] = depth + 1;
					grew = true;
					char *name = o->words ? piece(o, ship) : NULL;
					offer_said(o, line, true, say(o, "studio-offer-sail", "unit", name, "to", place_named(o, to), NULL));
					free(name);
				} else {
					free(path);
					free(line);
				}
			}
		for (size_t f = 0; f < starts; f++)
			free(from[f]);
		free(from);
	}
	for (size_t k = 0; k < count; k++)
		free(way[k]);
	free(way);
	free(steps);
	json_decref(answer);
}

/* Ships and the sea (mb-11.naval, mb-11.transport): the user's ships
 * sailing; the units aboard landing on the squares the referee's `moves`
 * answer gives them; naval combat between ships; coastal fire of the
 * user's artillery at an enemy ship. */
static void sea_offers(offers *o)
{
	size_t i, j;
	const json_t *u, *e;
	json_array_foreach(o->units, i, u) {
		if (!mine(o, u, NULL, false))
			continue;
		const char *id = text_of(u, "id");
		if (json_object_get(u, "sea"))
			sail_offers(o, id);
		if (text_of(u, "aboard")) {
			char *question = xasprintf("moves %s", id);
			json_t *answer = asked(o, question);
			free(question);
			size_t k;
			const json_t *square;
			json_array_foreach(json_object_get(answer, "reachable"), k, square) {
				char *name = o->words ? piece_named(o, id, false) : NULL;
				offer_said(o, xasprintf("land %s %s", id, json_string_value(square)), false,
					say(o, "studio-offer-land", "unit", name, "to", json_string_value(square), NULL));
				free(name);
			}
			json_decref(answer);
		}
		json_array_foreach(o->units, j, e) {
			if (!json_object_get(e, "sea") || !text_of(e, "side") || strcmp(text_of(e, "side"), o->me) == 0 ||
				!json_is_true(json_object_get(e, "alive")))
				continue;
			if (json_object_get(u, "sea"))
				offer_pair(o, xasprintf("naval %s %s", id, text_of(e, "id")), "studio-offer-naval", id,
					text_of(e, "id"));
			else if (mine(o, u, "artillery", false) && text_of(u, "at"))
				offer_pair(o, xasprintf("fire %s %s", id, text_of(e, "id")), "studio-offer-coastal-fire", id,
					text_of(e, "id"));
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
	sea_offers(o);
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

json_t *studio_offers_section_cells(const scenario *sc, const ruleset *rs, const char *side, const char *section)
{
	json_t *cells = json_array();
	for (size_t k = 0; k < sc->side_count; k++) {
		if (!sc->sides[k].id.text || strcmp(sc->sides[k].id.text, side) != 0)
			continue;
		size_t n = scenario_section_cells(sc, rs, k, section, NULL, 0);
		grid_cell *found = xcalloc(n + 1, sizeof *found);
		scenario_section_cells(sc, rs, k, section, found, n);
		for (size_t i = 0; i < n; i++)
			json_array_append_new(cells, json_string(GRID_ADDRESS(found[i])));
		free(found);
	}
	return cells;
}
