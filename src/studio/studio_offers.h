/* What the play page offers the user as clicks: every line the referee
 * would take from the user now, each tried on a copy of the game (with a
 * copy of the dice) before it is offered.  The lines to try come from the
 * log's grammar (docs/game-log.md), the dues the session lists and the
 * pieces as they stand; which of them are legal is the referee's answer
 * alone, so the page holds no rule. */
#ifndef ORBAT_STUDIO_OFFERS_H
#define ORBAT_STUDIO_OFFERS_H

#include <jansson.h>
#include <stdbool.h>

#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "../render/render.h"
#include "../rules/session.h"

/* Whether the referee would take `line` from the user now (the session
 * seated, the user deciding): tried on a copy, nothing kept. */
bool studio_offers_would_take(game_session *s, const char *line);

/* The offers for side `human` of the game on sc, rs, whose state is the
 * engine's JSON `state` (units, sides): [{line, kind, text}], kind the
 * line's first word (stand and withdraw: the session's choices about a
 * proposal held, which it takes as words), text the line in the words of
 * `words` (data/i18n/studio.xml's studio-offer-*, the pieces as the maps
 * name them); without words (NULL), no text. */
json_t *studio_offers(game_session *s, const scenario *sc, const ruleset *rs, int human, const json_t *state,
	const render_ctx *words);

/* Each unit and general of the engine's `state` (units, generals) gets
 * its "name" as the maps of the game name it, in the words of `words`. */
void studio_offers_name_pieces(game_session *s, const scenario *sc, const render_ctx *words, json_t *state);

/* The cells ("B7") of section `section` ("left") as side `side` of sc
 * names it from its seat (model/scenario_sections.h): the board shows
 * them when a card asks for a section.  An empty array without one. */
json_t *studio_offers_section_cells(const scenario *sc, const ruleset *rs, const char *side, const char *section);

#endif
