/* The table of a square game (sq_table.h). */
#include "sq_table.h"

#include <string.h>

#include "../../base/util.h"
#include "sq_referee.h"

void table_square_first(const sq_game *g, sq_action *out)
{
	memset(out, 0, sizeof *out);
	out->kind = SQ_ACT_FIRST;
	out->subject = xstrdup(sq_side_id(g, g->seats[0].side));
}

bool table_square_act(sq_game *g, rng *dice, sq_action *a, rules_error *err)
{
	rng before = *dice;
	if (sqlog_is_head(a->kind))
		return rules_fail(err, RULES_ERROR_LOG_RULE, "the head of the log is dealt, not played");
	if (!sq_apply(g, a, dice, err)) {
		*dice = before;
		return false;
	}
	return true;
}
