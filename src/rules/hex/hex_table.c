/* The table of a hex game (hex_table.h): dice, the card drawn, the first
 * side and the hands, from the seeded stream. */
#include "hex_table.h"

#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"

int table_hex_face(const ruleset *rs, rng *dice)
{
	int total = 0;
	for (size_t i = 0; i < rs->face_count; i++)
		total += rs->faces[i].count;
	if (total <= 0)
		return 0;
	int n = (int)rng_below(dice, (uint32_t)total);
	for (size_t i = 0; i < rs->face_count; i++) {
		if (n < rs->faces[i].count)
			return (int)i;
		n -= rs->faces[i].count;
	}
	return 0;
}

bool table_hex_rolls(const referee *r, const gl_action *a)
{
	gl_kind k = a->kind;
	/* §8.1: playing reinforcements rolls the card's dice (once the play
	 * is accepted, its faces say so); 'rally' is a roll without unit ids,
	 * the units after it are not. */
	if (k == ACT_PLAY)
		return a->faces_given || referee_play_rolls(r, a->card);
	return k == ACT_BATTLE || k == ACT_SAVE || k == ACT_DEFEND || k == ACT_FLAGSAVE ||
		(k == ACT_RALLY && a->word_count == 0);
}

void table_hex_unroll(gl_action *a)
{
	while (a->face_count)
		free(a->faces[--a->face_count]);
	free(a->faces);
	a->faces = NULL;
	a->faces_given = false;
}

bool table_hex_roll(referee *r, rng *dice, gl_action *a, rules_error *err)
{
	int n;
	table_hex_unroll(a);
	if (!referee_dice_needed(r, a, &n, err))
		return false;
	const ruleset *rs = r->g->rs;
	a->faces_given = true;
	a->face_count = (size_t)n;
	a->faces = xcalloc((size_t)n + 1, sizeof *a->faces);
	for (int i = 0; i < n; i++)
		a->faces[i] = xstrdup(rs->faces[table_hex_face(rs, dice)].id);
	return true;
}

/* A copy of the pool to pick from without changing the referee's. */
static void pool_copy(deck_pool *to, const deck_pool *from)
{
	*to = *from;
	to->draw = xmalloc(((size_t)from->kinds + 1) * sizeof *to->draw);
	to->discard = xmalloc(((size_t)from->kinds + 1) * sizeof *to->discard);
	memcpy(to->draw, from->draw, (size_t)from->kinds * sizeof *to->draw);
	memcpy(to->discard, from->discard, (size_t)from->kinds * sizeof *to->discard);
}

static void pool_free(deck_pool *p)
{
	free(p->draw);
	free(p->discard);
}

bool table_hex_draw(referee *r, rng *dice, gl_action *a, rules_error *err)
{
	/* The card played goes to the discard pile first (§9 step 5). */
	deck_pool trial;
	pool_copy(&trial, &r->pool);
	if (r->has_current)
		deck_pool_discard(&trial, r->current.played);
	deck_card c;
	bool ok = deck_pool_pick(&trial, dice, &c);
	pool_free(&trial);
	if (!ok)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "the deck is empty");
	char name[80];
	free(a->card);
	a->card = xstrdup(deck_format(r->g->rs, c, name, sizeof name));
	return true;
}

bool table_hex_complete(referee *r, rng *dice, gl_action *a, rules_error *err)
{
	const hex_game *g = r->g;
	if (hexlog_is_head(a->kind))
		return rules_fail(err, RULES_ERROR_LOG_RULE, "the head of the log is dealt, not played");
	if ((a->kind == ACT_PLAY || a->kind == ACT_DISCARD || a->kind == ACT_DRAW) && !a->side && r->side >= 0)
		a->side = xstrdup(g->sides[r->side].id);
	rng before = *dice;
	bool ok = true;
	if (table_hex_rolls(r, a))
		ok = table_hex_roll(r, dice, a, err);
	if (ok && a->kind == ACT_DRAW)
		ok = table_hex_draw(r, dice, a, err);
	if (!ok)
		*dice = before;
	return ok;
}

bool table_hex_deal(referee *r, rng *dice, table_hex_put_fn *put, void *ctx, bool *deck_short)
{
	hex_game *g = r->g;
	*deck_short = false;
	gl_action head;
	if (g->first_side < 0) {
		/* §9 noord-zuid: both roll, the higher chooses; here the dice
		 * choose. */
		memset(&head, 0, sizeof head);
		head.kind = ACT_FIRST;
		head.side = xstrdup(g->sides[rng_below(dice, 2)].id);
		bool ok = put(ctx, &head);
		hexlog_action_finish(&head);
		if (!ok)
			return false;
	}
	deck_pool trial;
	pool_copy(&trial, &r->pool);
	bool ok = true;
	for (int s = 0; s < GAME_SIDES && ok; s++) {
		memset(&head, 0, sizeof head);
		head.kind = ACT_HAND;
		head.side = xstrdup(g->sides[s].id);
		int size = g->sides[s].hand_size;
		head.words = xcalloc((size_t)(size > 0 ? size : 0) + 1, sizeof *head.words);
		for (int i = 0; i < size && ok; i++) {
			deck_card c;
			ok = deck_pool_pick(&trial, dice, &c) && deck_pool_take(&trial, c);
			char name[80];
			if (ok)
				head.words[head.word_count++] = xstrdup(deck_format(g->rs, c, name, sizeof name));
		}
		if (!ok)
			*deck_short = true;
		else
			ok = put(ctx, &head);
		hexlog_action_finish(&head);
	}
	pool_free(&trial);
	return ok;
}
