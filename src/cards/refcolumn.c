/* Columns of reference-card blocks, built from a grid's table of items
 * (refcolumn.h).  One builder for every grid: a grid states its blocks as
 * data, and only the content functions it names know its rules. */
#include "refcolumn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../geo/grid.h"
#include "cards.h"

void refcolumn_add(ref_column *c, block_kind kind, char *text, ref_table *table)
{
	grow_array((void **)&c->blocks, &c->cap, c->count + 1, sizeof *c->blocks);
	ref_block *b = &c->blocks[c->count++];
	memset(b, 0, sizeof *b);
	b->kind = kind;
	b->text = text;
	b->table = table;
}

void refcolumn_add_step(ref_column *c, char *text, size_t number)
{
	refcolumn_add(c, BLOCK_STEP, text, NULL);
	snprintf(c->blocks[c->count - 1].label, sizeof c->blocks[c->count - 1].label, "%zu.", number);
}

void refcolumn_finish(ref_column *c)
{
	for (size_t i = 0; i < c->count; i++) {
		free(c->blocks[i].text);
		reftable_destroy(c->blocks[i].table);
	}
	free(c->blocks);
	memset(c, 0, sizeof *c);
}

/* What one item says before it is placed: one text, one table, or lines. */
typedef struct item_content {
	char *text;
	ref_table *table;
	char **lines;
	size_t line_count;
} item_content;

static item_content content_of(textbox_ctx *tc, const ruleset *rs, const refcard_item *it)
{
	item_content ct = { 0 };
	if (it->table)
		ct.table = it->table(tc, rs);
	else if (it->lines)
		ct.line_count = it->lines(tc, rs, it->id, &ct.lines);
	else if (it->sentence)
		ct.text = it->sentence(tc, rs);
	else if (it->text)
		ct.text = it->text(tc, rs, it->id);
	else
		ct.text = xstrdup(textbox_string(tc, it->id));
	return ct;
}

static bool has_content(const item_content *ct)
{
	return ct->text || ct->table || ct->line_count;
}

static void place(ref_column *c, const refcard_item *it, item_content *ct)
{
	if (ct->table)
		refcolumn_add(c, BLOCK_TABLE, NULL, ct->table);
	else if (ct->text)
		refcolumn_add(c, it->kind, ct->text, NULL);
	/* Each line a block of its own, so a long list breaks between its
	 * items. */
	for (size_t i = 0; i < ct->line_count; i++) {
		if (it->kind == BLOCK_STEP)
			refcolumn_add_step(c, ct->lines[i], i + 1);
		else
			refcolumn_add(c, it->kind, ct->lines[i], NULL);
	}
	free(ct->lines);
	memset(ct, 0, sizeof *ct);
}

static void drop(item_content *ct)
{
	free(ct->text);
	reftable_destroy(ct->table);
	for (size_t i = 0; i < ct->line_count; i++)
		free(ct->lines[i]);
	free(ct->lines);
	memset(ct, 0, sizeof *ct);
}

void refcolumn_fill(ref_column *c, textbox_ctx *tc, const ruleset *rs, const refcard_item *items)
{
	size_t n = 0;
	while (items[n].id || items[n].text || items[n].sentence || items[n].table || items[n].lines)
		n++;
	/* Everything first, so an item that needs the next one can look. */
	item_content *ct = xcalloc(n ? n : 1, sizeof *ct);
	for (size_t i = 0; i < n; i++)
		ct[i] = content_of(tc, rs, &items[i]);
	for (size_t i = 0; i < n; i++) {
		bool shown = !items[i].needs_next || (i + 1 < n && has_content(&ct[i + 1]));
		if (shown)
			place(c, &items[i], &ct[i]);
		else
			drop(&ct[i]);
	}
	free(ct);
}

static const refcard_grid *const REFCARD_GRIDS[] = { &refcard_hex_grid, &refcard_square_grid };

const refcard_grid *refcard_grid_of(const ruleset *rs)
{
	const char *name = grid_ops_of(rs->grid)->name;
	for (size_t i = 0; i < ARRAY_LEN(REFCARD_GRIDS); i++)
		if (str_eq(REFCARD_GRIDS[i]->grid, name))
			return REFCARD_GRIDS[i];
	return NULL;
}

const char *cards_no_deck_reason(const ruleset *rs)
{
	const refcard_grid *g = refcard_grid_of(rs);
	return g && g->no_deck ? g->no_deck : "";
}
