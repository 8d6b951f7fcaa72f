#include "context.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

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
	if (c->strings)
		c->strings_destroy(c->strings);
	if (c->fonts)
		c->fonts_destroy(c->fonts);
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
