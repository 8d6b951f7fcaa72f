#include "context.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

void context_init(context *c, const char *data_dir)
{
	memset(c, 0, sizeof *c);
	c->data_dir = xstrdup(data_dir);
}

/* A member that was loaded goes with the destructor its module left. */
#define CONTEXT_DROP(c, member) \
	do { \
		if ((c)->member) \
			(c)->member##_destroy((c)->member); \
	} while (0)

void context_finish(context *c)
{
	CONTEXT_DROP(c, rulebook);
	CONTEXT_DROP(c, rulesets);
	CONTEXT_DROP(c, card_layouts);
	CONTEXT_DROP(c, print_layouts);
	CONTEXT_DROP(c, strings);
	CONTEXT_DROP(c, fonts);
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
