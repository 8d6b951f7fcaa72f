#include "context.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "fonts.h"
#include "strings.h"

void context_init(context *c, const char *data_dir)
{
	memset(c, 0, sizeof *c);
	c->data_dir = xstrdup(data_dir);
}

void context_finish(context *c)
{
	if (c->rulebook)
		c->rulebook_destroy(c->rulebook);
	if (c->rulesets)
		c->rulesets_destroy(c->rulesets);
	if (c->card_layouts)
		c->card_layouts_destroy(c->card_layouts);
	if (c->print_layouts)
		c->print_layouts_destroy(c->print_layouts);
	strings_destroy(c->strings);
	fonts_destroy(c->fonts);
	free(c->data_dir);
	memset(c, 0, sizeof *c);
}

const char *context_data_dir(const context *c)
{
	return c->data_dir;
}

char *context_path(const context *c, datadir_part part)
{
	return datadir_path(c->data_dir, part);
}

font_library *context_fonts(context *c, char **error)
{
	*error = NULL;
	if (!c->fonts) {
		char *dir = context_path(c, DATADIR_FONTS);
		c->fonts = fonts_create(dir, error);
		free(dir);
	}
	return c->fonts;
}

const string_table *context_strings(context *c, diag_sink *sink)
{
	if (!c->strings) {
		char *dir = context_path(c, DATADIR_STRINGS);
		c->strings = strings_load(dir, sink);
		free(dir);
	}
	return c->strings;
}
