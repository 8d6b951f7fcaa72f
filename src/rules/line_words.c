/* Game pieces and log lines in words (line_words.h). */
#include "line_words.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../render/names.h"

char *line_words_sayv(const render_ctx *rc, const char *id, va_list ap)
{
	if (!rc)
		return NULL;
	const char *pairs[16];
	size_t n = 0;
	for (const char *k; n + 2 < ARRAY_LEN(pairs) && (k = va_arg(ap, const char *));) {
		const char *v = va_arg(ap, const char *);
		/* A key without a value stays as written: strings_expand ends
		 * its pairs at the first NULL. */
		if (v) {
			pairs[n++] = k;
			pairs[n++] = v;
		}
	}
	pairs[n] = NULL;
	return strings_expand(strings_get(rc->strings, id, rc->lang), pairs);
}

char *line_words_say(const render_ctx *rc, const char *id, ...)
{
	va_list ap;
	va_start(ap, id);
	char *text = line_words_sayv(rc, id, ap);
	va_end(ap);
	return text;
}

/* A name and, when the piece stands on the board, its cell.  Takes
 * name. */
static char *placed(char *name, const sc_address *at)
{
	if (!at->text)
		return name;
	char *both = xasprintf("%s (%s)", name, at->text);
	free(name);
	return both;
}

char *line_words_piece(const render_ctx *rc, const char *id, bool cell)
{
	static const sc_address nowhere = { 0 };
	const scenario *sc = rc ? rc->sc : NULL;
	for (size_t i = 0; sc && id && i < sc->unit_count; i++)
		if (sc->units[i].id.text && strcmp(sc->units[i].id.text, id) == 0)
			return placed(names_unit(rc, &sc->units[i]), cell ? &sc->units[i].at : &nowhere);
	for (size_t i = 0; sc && id && i < sc->general_count; i++)
		if (sc->generals[i].id.text && strcmp(sc->generals[i].id.text, id) == 0)
			return placed(names_general(rc, &sc->generals[i]), cell ? &sc->generals[i].at : &nowhere);
	for (size_t i = 0; sc && id && i < sc->ship_count; i++)
		if (sc->ships[i].id.text && strcmp(sc->ships[i].id.text, id) == 0)
			return placed(names_ship(rc, &sc->ships[i]), cell ? &sc->ships[i].at : &nowhere);
	return xstrdup(id ? id : "?");
}

/* ---- a log line in words ---- */

/* The words of a line before its dice and its comment. */
typedef struct line_parts {
	const render_ctx *rc;
	char **w;
	size_t n;
} line_parts;

static const char *word_at(const line_parts *p, size_t i)
{
	return i < p->n ? p->w[i] : NULL;
}

/* A side's name by its id, in the language; NULL when no side has it. */
static const char *side_named(const render_ctx *rc, const char *id)
{
	const rs_named *named = id ? ruleset_find_side(rc->rs, id) : NULL;
	if (named)
		return l10n_get(&named->name, rc->lang);
	for (size_t i = 0; rc->sc && id && i < rc->sc->side_count; i++)
		if (rc->sc->sides[i].id.text && strcmp(rc->sc->sides[i].id.text, id) == 0)
			return id;
	return NULL;
}

/* A card of the deck by the log's name of its copy ("recon/centre"). */
static char *card_named(const render_ctx *rc, const char *copy)
{
	if (!copy)
		return xstrdup("?");
	const char *slash = strchr(copy, '/');
	char *id = slash ? xstrndup(copy, (size_t)(slash - copy)) : xstrdup(copy);
	const rs_card *card = ruleset_find_card(rc->rs, id);
	const char *name = card ? l10n_get(&card->name, rc->lang) : NULL;
	char *out = xstrdup(name ? name : copy);
	free(id);
	return out;
}

/* The pieces named from word `from` on, ", " between them, each with
 * its cell. */
static char *pieces_from(const line_parts *p, size_t from)
{
	str_buf b = { 0 };
	str_printf(&b, "%s", "");
	for (size_t i = from; i < p->n; i++) {
		char *name = line_words_piece(p->rc, p->w[i], true);
		str_printf(&b, "%s%s", i > from ? ", " : "", name);
		free(name);
	}
	return b.s;
}

/* The unit types named from word `from` on, in the language. */
static char *types_from(const line_parts *p, size_t from)
{
	str_buf b = { 0 };
	str_printf(&b, "%s", "");
	for (size_t i = from; i < p->n; i++) {
		const char *name = names_type(p->rc, p->w[i]);
		str_printf(&b, "%s%s", i > from ? ", " : "", name ? name : p->w[i]);
	}
	return b.s;
}

/* The last cell a move or retreat names: its last word that is not one
 * of the log's flags (off, alone). */
static const char *last_cell(const line_parts *p, size_t from)
{
	const char *cell = NULL;
	for (size_t i = from; i < p->n; i++)
		if (strcmp(p->w[i], "off") != 0 && strcmp(p->w[i], "alone") != 0 && strcmp(p->w[i], "withdraw") != 0)
			cell = p->w[i];
	return cell;
}

static bool has_word(const line_parts *p, const char *word)
{
	for (size_t i = 1; i < p->n; i++)
		if (strcmp(p->w[i], word) == 0)
			return true;
	return false;
}

/* A sentence about one piece (`unit`, with its cell unless `to` says
 * where it goes), another (`other`) and a cell (`to`), each NULL when
 * the sentence has none. */
static char *said_pieces(const line_parts *p, const char *id, const char *unit, const char *other, const char *to)
{
	char *a = unit ? line_words_piece(p->rc, unit, !to) : NULL;
	char *b = other ? line_words_piece(p->rc, other, true) : NULL;
	char *text = line_words_say(p->rc, id, "unit", a, "other", b, "to", to, NULL);
	free(a);
	free(b);
	return text;
}

/* play [SIDE] CARD [SECTION], discard [SIDE] CARD, draw [SIDE] [CARD]. */
static char *said_card(const line_parts *p, const char *kw)
{
	size_t at = 1;
	const char *side = side_named(p->rc, word_at(p, 1));
	if (side)
		at = 2;
	else
		side = "";
	if (strcmp(kw, "draw") == 0)
		return line_words_say(p->rc, "line-draw", "side", side, NULL);
	char *card = card_named(p->rc, word_at(p, at));
	const char *section = word_at(p, at + 1);
	char *section_id = section ? xasprintf("line-section-%s", section) : NULL;
	char *text;
	if (strcmp(kw, "discard") == 0)
		text = line_words_say(p->rc, "line-discard", "side", side, "card", card, NULL);
	else if (section && strings_has(p->rc->strings, section_id))
		text = line_words_say(p->rc, "line-play-section", "side", side, "card", card, "section",
			strings_get(p->rc->strings, section_id, p->rc->lang), NULL);
	else
		text = line_words_say(p->rc, "line-play", "side", side, "card", card, NULL);
	free(card);
	free(section_id);
	return text;
}

/* The line's sentence by its keyword, on the grid of rc's ruleset. */
static char *said_line(const line_parts *p)
{
	const char *kw = p->w[0], *a = word_at(p, 1), *b = word_at(p, 2);
	bool square = p->rc->rs->grid == GRID_SQUARE;
	char *id = xasprintf("line-%s", kw);
	char *text = NULL;
	if (!square && (!strcmp(kw, "play") || !strcmp(kw, "discard") || !strcmp(kw, "draw"))) {
		text = said_card(p, kw);
	} else if (!strcmp(kw, "order") || (!strcmp(kw, "rally") && a)) {
		char *units = pieces_from(p, 1);
		text = line_words_say(p->rc, id, "units", units, NULL);
		free(units);
	} else if (!strcmp(kw, "rally") || !strcmp(kw, "roll") || !strcmp(kw, "redeploy") || !strcmp(kw, "stop") ||
		!strcmp(kw, "end")) {
		text = line_words_say(p->rc, strcmp(kw, "rally") == 0 ? "line-rally-roll" : id, NULL);
	} else if (!strcmp(kw, "buy") && a) {
		char *types = types_from(p, 1);
		text = line_words_say(p->rc, id, "types", types, NULL);
		free(types);
	} else if (!strcmp(kw, "place") && b) {
		const char *type = names_type(p->rc, a);
		text = line_words_say(p->rc, id, "type", type ? type : a, "to", b, NULL);
	} else if (!strcmp(kw, "move") && a) {
		const char *to = last_cell(p, 2);
		text = has_word(p, "off") ? said_pieces(p, "line-move-off", a, NULL, NULL)
			: to ? said_pieces(p, id, a, NULL, to) : NULL;
	} else if (!strcmp(kw, "retreat") && a && square) {
		text = b && word_at(p, 3) ? said_pieces(p, "line-retreat-covered", a, word_at(p, 3), b) : NULL;
	} else if (!strcmp(kw, "retreat") && a) {
		const char *to = last_cell(p, 2);
		text = has_word(p, "off") ? said_pieces(p, "line-move-off", a, NULL, NULL)
			: said_pieces(p, to ? id : "line-retreat-none", a, NULL, to);
	} else if ((!strcmp(kw, "follow") || !strcmp(kw, "withdraw") || !strcmp(kw, "land")) && a && b) {
		text = said_pieces(p, id, a, NULL, last_cell(p, 2));
	} else if ((!strcmp(kw, "battle") || !strcmp(kw, "attack") || !strcmp(kw, "embark") || !strcmp(kw, "naval") ||
		!strcmp(kw, "fire")) && a && b) {
		text = said_pieces(p, id, a, b, NULL);
	} else if ((!strcmp(kw, "mount") || !strcmp(kw, "dismount") || !strcmp(kw, "dig") || !strcmp(kw, "save") ||
		!strcmp(kw, "defend") || !strcmp(kw, "flagsave") || !strcmp(kw, "gain") || !strcmp(kw, "arrive") ||
		!strcmp(kw, "advance")) && a) {
		text = said_pieces(p, id, a, NULL, NULL);
	} else if (!strcmp(kw, "pass")) {
		text = line_words_say(p->rc, id, NULL);
	}
	free(id);
	return text;
}

char *line_words_line(const render_ctx *rc, const char *line)
{
	if (!rc || !rc->rs || !line)
		return NULL;
	size_t len = strcspn(line, ":#");
	char *head = xstrndup(line, len);
	line_parts p = { rc, NULL, 0 };
	p.n = str_split_words(head, &p.w, 0);
	free(head);
	char *text = p.n ? said_line(&p) : NULL;
	str_free_words(p.w, p.n);
	return text;
}

/* ---- what is owed ---- */

/* Append the step `word` names, once, when the strings have words for
 * it. */
static void owed_step(const render_ctx *rc, const char *word, size_t len, str_buf *b, char *seen, size_t seen_size)
{
	char key[64];
	if (len == 0 || len >= 40)
		return;
	snprintf(key, sizeof key, "line-owed-%.*s", (int)len, word);
	if (!strings_has(rc->strings, key))
		return;
	/* The keys said so far, each between '|'. */
	char mark[80];
	snprintf(mark, sizeof mark, "|%s|", key);
	if (strstr(seen, mark))
		return;
	if (strlen(seen) + strlen(mark) < seen_size)
		strcat(seen, mark);
	str_printf(b, "%s%s", b->len ? ", " : "", strings_get(rc->strings, key, rc->lang));
}

char *line_words_owed(const render_ctx *rc, const char *text)
{
	if (!rc || !text)
		return NULL;
	/* The steps the sentence names: the first word of each line it
	 * quotes ('arrive REF [HEX]', 'roll'), and the first word of each of
	 * its clauses (after ": ", "; " or "then "), in order. */
	str_buf b = { 0 };
	char seen[1024] = "";
	for (const char *s = text; *s; s++) {
		const char *w = NULL;
		if (*s == '\'' && (s == text || s[-1] == ' ' || s[-1] == '('))
			w = s + 1;
		else if ((s[0] == ':' || s[0] == ';') && s[1] == ' ')
			w = s + 2;
		else if (strncmp(s, "then ", 5) == 0 && (s == text || s[-1] == ' '))
			w = s + 5;
		if (!w)
			continue;
		if (*w == '\'')
			w++;
		size_t len = strspn(w, "abcdefghijklmnopqrstuvwxyz");
		owed_step(rc, w, len, &b, seen, sizeof seen);
	}
	if (!b.len) {
		free(b.s);
		return NULL;
	}
	char *said = line_words_say(rc, "line-owed", "what", b.s, NULL);
	free(b.s);
	return said;
}
