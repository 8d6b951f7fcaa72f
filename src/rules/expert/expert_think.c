/* The expert's thinking budget (expert_think.h). */
#include "expert_think.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A day of milliseconds, and as many simulations: beyond that a typing
 * slip is likelier than a wish. */
#define THINK_MAX 86400000L

static expert_think think_now = { EXPERT_THINK_DEFAULT_MS, 0 };

bool expert_think_parse(const char *text, expert_think *out)
{
	if (!text || *text < '0' || *text > '9')
		return false;
	errno = 0;
	char *end;
	long n = strtol(text, &end, 10);
	if (errno || n <= 0 || n > THINK_MAX)
		return false;
	if (*end == '\0' || strcmp(end, "ms") == 0)
		*out = (expert_think){ n, 0 };
	else if (strcmp(end, "sims") == 0)
		*out = (expert_think){ 0, n };
	else
		return false;
	return true;
}

void expert_think_set(const expert_think *t)
{
	think_now = *t;
}

expert_think expert_think_get(void)
{
	return think_now;
}

/* Where a budget starts to be long.  A look two turns further spreads a
 * plan's values wider: at 200 simulations a turn each plan gets too few
 * of them to tell it (the expert then lost ground against strong), at
 * 2,000 the longer look beats the short one (docs/players.md, "More
 * thinking").  A longer simulation costs about twice the time, so 500 ms
 * buys a little over 1,000 of them. */
#define LONG_SIMS 1000L
#define LONG_MS 500L

int expert_think_turns(const expert_think *t)
{
	bool long_budget = t->sims > 0 ? t->sims >= LONG_SIMS : t->ms >= LONG_MS;
	return long_budget ? 4 : 2;
}
