/* The exact odds of a battle roll for the strong player (strong.h), and
 * their memo.  The odds read every way the dice can fall through the
 * engine's own arithmetic (battle.h): a few hundred readings a battle,
 * asked for every enemy in reach of every hex a unit might stand on.  They
 * depend only on the ruleset and on what the key names (the target's
 * battle_target_key, the dice, near or far for saving dice, the attacker's
 * figures where they cap the losses), so each is worked out once a game
 * and kept in the game's player memo (hex_game.h), which a copy of the
 * game takes along. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "battle.h"
#include "strong_impl.h"

#define ODDS_MAX_DICE 12
#define ODDS_MAX_CLASSES 16

typedef strong_odds odds;

/* The faces that do the same to the target, as the engine counts one die
 * of each (battle_count), with their chance per die. */
typedef struct face_classes {
	int face[ODDS_MAX_CLASSES];
	double p[ODDS_MAX_CLASSES];
	int count;
	double save;      /* chance a saving die saves (saving rolls) */
} face_classes;

static void classify_faces(const hex_game *g, hex_ref target, int distance, face_classes *fc)
{
	const ruleset *rs = g->rs;
	battle_count_result seen[ODDS_MAX_CLASSES];
	double total = 0;
	for (size_t f = 0; f < rs->face_count; f++)
		total += rs->faces[f].count > 0 ? rs->faces[f].count : 0;
	memset(fc, 0, sizeof *fc);
	for (size_t f = 0; f < rs->face_count && total > 0; f++) {
		if (rs->faces[f].count <= 0)
			continue;
		double p = rs->faces[f].count / total;
		int face = (int)f;
		if (battle_save_works(g, target, face, distance))
			fc->save += p;
		battle_count_result one;
		battle_count(g, target, &face, 1, &one);
		int k = 0;
		while (k < fc->count && memcmp(&seen[k], &one, sizeof one) != 0)
			k++;
		if (k == fc->count) {
			if (fc->count == ODDS_MAX_CLASSES)
				continue;
			seen[k] = one;
			fc->face[k] = face;
			fc->count++;
		}
		fc->p[k] += p;
	}
}

/* One outcome of the roll: the faces thrown (one of each class as many
 * times as it came up), with its chance; the engine reads it. */
static void odds_outcome(const hex_game *g, int attacker, hex_ref target, const face_classes *fc, const int *faces,
	int n, double p, odds *o)
{
	battle_count_result res;
	battle_count(g, target, faces, n, &res);
	int figures = battle_figures(g, target);
	/* Saving dice (noord-zuid): each savable hit gets one, binomially. */
	int savable = g->rs->battle.saving_rolls ? res.savable : 0;
	double ps = 1.0;
	for (int k = 0; k < savable; k++)
		ps *= 1.0 - fc->save;
	double choose = 1.0;
	for (int saved = 0; saved <= savable; saved++) {
		double q = p * choose * ps;
		/* The next term of the binomial: C(n,k+1) s^(k+1) (1-s)^(n-k-1). */
		choose = choose * (savable - saved) / (saved + 1);
		if (fc->save < 1.0)
			ps = ps * fc->save / (1.0 - fc->save);
		if (q <= 0)
			continue;
		bool capped;
		int lost = battle_losses(g, attacker, target, &res, saved, &capped);
		o->figures += q * lost;
		if (lost >= figures) {
			o->destroy += q;
		} else if (res.flags > 0) {
			rules_error note;
			o->flags += q * battle_flags_apply(g, target, res.flags, figures - lost, &note);
		}
	}
}

/* Every way `dice` dice fall among the classes, with its multinomial
 * chance. */
static void odds_spread(const hex_game *g, int attacker, hex_ref target, const face_classes *fc, int cls, int left,
	int *faces, int n, double p, odds *o)
{
	if (cls == fc->count - 1) {
		for (int i = 0; i < left; i++) {
			faces[n + i] = fc->face[cls];
			p *= fc->p[cls] * (i + 1 + n) / (i + 1);
		}
		/* p carried n!/(k1!..) over the earlier classes: the last factor
		 * was folded in above, one die at a time. */
		odds_outcome(g, attacker, target, fc, faces, n + left, p, o);
		return;
	}
	double q = p;
	for (int k = 0; k <= left; k++) {
		odds_spread(g, attacker, target, fc, cls + 1, left - k, faces, n + k, q, o);
		faces[n + k] = fc->face[cls];
		/* One more die of this class: times p_cls, times the ways to
		 * choose it among the dice thrown so far. */
		q = q * fc->p[cls] * (n + k + 1) / (k + 1);
	}
}

void strong_battle_odds_exact(const hex_game *g, int attacker, hex_ref target, int dice, int distance, odds *o)
{
	memset(o, 0, sizeof *o);
	if (dice <= 0)
		return;
	if (dice > ODDS_MAX_DICE)
		dice = ODDS_MAX_DICE;
	face_classes fc;
	classify_faces(g, target, distance, &fc);
	if (fc.count == 0)
		return;
	int faces[ODDS_MAX_DICE];
	odds_spread(g, attacker, target, &fc, 0, dice, faces, 0, 1.0, o);
}

/* Open addressing over an index of slots that name the entries, which
 * lie packed after it: a copy of the game copies the entries kept, not
 * the room for them.  The room doubles as they come; when half the slots
 * are taken, the memo is emptied (a game needs a few hundred). */
#define MEMO_SLOTS 512u
#define MEMO_FIRST_ROOM 32u

typedef struct odds_key {
	battle_target_key target;
	int dice;
	int far;          /* saving dice: 2 hexes or more away (battle_save_works) */
	int cap;          /* saving dice: the attacker's figures cap the losses */
} odds_key;

typedef struct odds_entry {
	odds_key key;
	odds odds;
} odds_entry;

typedef struct odds_memo {
	size_t room;                      /* entries the block holds */
	size_t used;
	unsigned short slot[MEMO_SLOTS];  /* entry + 1; 0: free */
	odds_entry entry[];
} odds_memo;

static size_t memo_bytes(size_t room)
{
	return offsetof(odds_memo, entry) + room * sizeof(odds_entry);
}

static void key_of(const hex_game *g, int attacker, const battle_target_key *target, int dice, int distance,
	odds_key *k)
{
	memset(k, 0, sizeof *k);
	k->target = *target;
	k->dice = dice > ODDS_MAX_DICE ? ODDS_MAX_DICE : dice;
	if (g->rs->battle.saving_rolls) {
		k->far = distance >= 2;
		k->cap = g->units[attacker].figures;
	}
}

/* The key (zeroed padding and all, key_of) read eight bytes at a time:
 * asked for every enemy in reach of every hex weighed, a hash byte by
 * byte cost more than the rest of the look-up. */
static size_t slot_of(const odds_key *k)
{
	uint64_t h = 1469598103934665603ull;
	const unsigned char *b = (const unsigned char *)k;
	size_t i = 0;
	for (; i + sizeof(uint64_t) <= sizeof *k; i += sizeof(uint64_t)) {
		uint64_t w;
		memcpy(&w, b + i, sizeof w);
		h = (h ^ w) * 1099511628211ull;
		h ^= h >> 32;
	}
	for (; i < sizeof *k; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return (size_t)(h ^ (h >> 29)) & (MEMO_SLOTS - 1);
}

void strong_battle_odds(const hex_game *g, int attacker, hex_ref target, int dice, int distance, odds *o)
{
	if (dice <= 0) {
		memset(o, 0, sizeof *o);
		return;
	}
	battle_target_key key;
	battle_target_key_of(g, target, &key);
	strong_battle_odds_keyed(g, attacker, target, &key, dice, distance, o);
}

void strong_battle_odds_keyed(const hex_game *g, int attacker, hex_ref target, const battle_target_key *key,
	int dice, int distance, odds *o)
{
	if (dice <= 0) {
		memset(o, 0, sizeof *o);
		return;
	}
	/* The game is the caller's to change; its memo is a cache that no
	 * answer depends on, as a copy of the game shows. */
	hex_game *mg = (hex_game *)g;
	if (!mg->player_memo) {
		mg->player_memo = xcalloc(1, memo_bytes(MEMO_FIRST_ROOM));
		mg->player_memo_size = memo_bytes(MEMO_FIRST_ROOM);
		((odds_memo *)mg->player_memo)->room = MEMO_FIRST_ROOM;
	}
	odds_memo *m = mg->player_memo;
	odds_key k;
	key_of(g, attacker, key, dice, distance, &k);
	size_t i = slot_of(&k);
	while (m->slot[i] && memcmp(&m->entry[m->slot[i] - 1].key, &k, sizeof k) != 0)
		i = (i + 1) & (MEMO_SLOTS - 1);
	if (m->slot[i]) {
		*o = m->entry[m->slot[i] - 1].odds;
		return;
	}
	strong_battle_odds_exact(g, attacker, target, dice, distance, o);
	if (m->used >= MEMO_SLOTS / 2) {
		memset(m->slot, 0, sizeof m->slot);
		m->used = 0;
		i = slot_of(&k);
	}
	if (m->used == m->room) {
		size_t room = m->room * 2;
		m = xrealloc(m, memo_bytes(room));
		m->room = room;
		mg->player_memo = m;
		mg->player_memo_size = memo_bytes(room);
	}
	m->entry[m->used].key = k;
	m->entry[m->used].odds = *o;
	m->slot[i] = (unsigned short)++m->used;
}
