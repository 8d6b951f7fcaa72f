/* The scenario open in the studio: its file, the diagnostics of the same
 * validator `orbat validate` runs, its model (kept even when it has
 * errors, for the board shows a scenario being made) and its board drawn
 * by the print painters in each language asked for.  And what the start
 * page lists: the folder's scenarios and the rulesets.
 *
 * Everything is given to the page as JSON (jansson).  An edit of the
 * scenario (the edit module) changes the document and then calls
 * studio_doc_reload, after which studio_doc_state is the answer of the
 * edit: one state for opening, editing, undoing and saving alike. */
#ifndef ORBAT_STUDIO_DOC_H
#define ORBAT_STUDIO_DOC_H

#include <jansson.h>
#include <stdbool.h>

#include "../base/diag.h"
#include "../model/position.h"
#include "../model/scenario_edit.h"
#include "../render/boardsvg.h"
#include "../text/context.h"
#include "../text/lang.h"
#include "../validate/validate.h"

typedef struct studio_doc {
	char *path;              /* resolved, inside the studio's folder */
	char *name;              /* its file name */
	scenario_doc *edit;      /* the author's XML, edited in place */
	validate_status status;
	diag_sink diags;
	const scenario *sc;      /* the edit module's model of it, as it stands */
	const ruleset *rs;       /* NULL when its ruleset is unknown or broken */
	bool board_ok;           /* sc and rs give a board that can be drawn */
	grid_board board;
	position *pos;
	/* The board drawn in each language, once asked for; after an edit it
	 * is stale, and drawn again only where the edit changed it
	 * (boardsvg_update_tiles). */
	boardsvg svg[LANG_COUNT];
	bool svg_made[LANG_COUNT];
	bool svg_stale[LANG_COUNT];
} studio_doc;

/* Read and check the file at path (named `name` in the page).  False with
 * a message (free it) when it cannot be read at all or is no scenario; a
 * file with errors opens, its errors among the diagnostics. */
bool studio_doc_open(studio_doc *d, context *ctx, validator *v, const char *path, const char *name,
	char **error);
/* A new scenario of a ruleset from its starter template, to be written
 * at path (which must not exist yet: the caller checks) on its first save. */
bool studio_doc_new(studio_doc *d, context *ctx, validator *v, const char *ruleset_id, const char *path,
	const char *name, char **error);
void studio_doc_finish(studio_doc *d);
/* Check the document again, as a save would write it, and forget the
 * drawings: after every edit, undo and redo. */
void studio_doc_reload(studio_doc *d, validator *v);

/* FNV-1a over the scenario's bytes as a save would write them: what was
 * made from the scenario (a preview, a balance run) is current while they
 * are the same, whatever edits and undos passed. */
unsigned long long studio_doc_digest(const studio_doc *d);

/* About how many tiles the board is cut into: the page fetches again only
 * the tiles an edit changed, and the browser decodes only those. */
#define STUDIO_BOARD_TILES 16

/* The board in a language, in tiles (boardsvg_make_tiles), drawn on first
 * use; NULL with a message (free it) when the scenario has no board that
 * can be drawn. */
const boardsvg *studio_doc_board(studio_doc *d, context *ctx, lang_id lang, char **error);
/* The whole board in one document (boardsvg_make), made anew: free it
 * with boardsvg_finish.  False as studio_doc_board. */
bool studio_doc_board_whole(studio_doc *d, context *ctx, lang_id lang, boardsvg *out, char **error);

/* The render context of the document's board in a language (the print
 * products' fonts, strings and layouts), for a product drawn on the side:
 * false with a message (free it). */
bool studio_doc_render_ctx(const studio_doc *d, context *ctx, lang_id lang, render_ctx *rc, char **error);
/* The board of `sc`, the document's scenario as a game stands
 * (rules/standing.h), in one document as studio_doc_board_whole: a game's
 * page shows its pieces drawn by the same painters as the editor's. */
bool studio_doc_board_of(studio_doc *d, context *ctx, lang_id lang, const scenario *sc, boardsvg *out,
	char **error);

/* {file, ruleset, ruleset_name, grid, title, sides: [{id, name, first}],
 *  valid, errors, warnings, board: bool, dirty, generation,
 *  diagnostics: [{line, column, severity, rule, message, cell?}],
 *  and what the trays and panels show (studio_tray.h)} */
json_t *studio_doc_state(const studio_doc *d, lang_id lang);
/* {width, height, cells: [{address, points: [[x,y]...], cx, cy, terrain,
 *  standing, section}], tiles: [{x, y, w, h, hash}]}, or NULL as
 *  studio_doc_board.  Without `outlines` the cells leave out points, cx and
 *  cy: a page that has them already after an edit that kept the board. */
json_t *studio_doc_cells(studio_doc *d, context *ctx, lang_id lang, bool outlines, char **error);

/* The start page: {scenarios: [{file, title, ruleset}], rulesets: [{id,
 * name, grid}]} (the rulesets that have a starter scenario).  The folder's
 * own path is not told: the page has no use for it. */
json_t *studio_folder_list(context *ctx, const char *folder, lang_id lang);

#endif
