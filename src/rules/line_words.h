/* A game's pieces and its log lines in the reader's words: what the
 * studio's play page shows of every line -- the offers it makes, the
 * computer's actions, what the rules owe -- instead of the log's ids.
 * The pieces are named as the maps of the game name them (render/names.h:
 * "Infantry 3 (B7)"), the sentences are data/i18n's strings in en, nl
 * and fr, filled from the line's words; the line itself stays what the
 * log writes and the referee reads. */
#ifndef ORBAT_RULES_LINE_WORDS_H
#define ORBAT_RULES_LINE_WORDS_H

#include <stdarg.h>
#include <stdbool.h>

#include "../render/render.h"

/* The string `id` of rc's strings in rc's language, its {key}s filled
 * from the key, value pairs of `ap` (NULL-terminated; a NULL value leaves
 * its key as written); NULL when rc is NULL.  Free it. */
char *line_words_sayv(const render_ctx *rc, const char *id, va_list ap);
char *line_words_say(const render_ctx *rc, const char *id, ...);

/* The piece `id` of rc's scenario (a unit, general or ship; the scenario
 * the game as it stands: rules/standing.h) as the maps name it, with its
 * cell when `cell` and it stands on the board ("Infantry 1 (C4)": both
 * sides number their pieces alike, the cell tells them apart); the id
 * when the scenario has no such piece.  Free it. */
char *line_words_piece(const render_ctx *rc, const char *id, bool cell);

/* One line of a game log of either grid (docs/game-log.md) in rc's words
 * (data/i18n/gamelines.xml): "Infantry 1 battles Artillery 2 (E6)" for
 * "battle u-inf-1 c-art-2 : flag flag"; the dice are left to the caller,
 * who shows them as dice.  NULL for a line it has no words for (the head,
 * a comment, a form it does not know) or without rc: then the line
 * itself is what to show.  Free it. */
char *line_words_line(const render_ctx *rc, const char *line);

/* What the referee says is owed (game_due's text, in English with the
 * log's words quoted) in rc's words: the steps it names, by their log
 * words ("Owed: the movement roll"); NULL when it names none. */
char *line_words_owed(const render_ctx *rc, const char *text);

#endif
