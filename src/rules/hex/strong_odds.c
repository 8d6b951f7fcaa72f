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

/* Flags and figures left below this are read once a count
 * (flags_left). */
#define FLAGS_KEPT 16

/* One count of the odds: what every outcome reads. */
typedef struct odds_walk {
	const hex_game *g;
	int attacker;
	hex_ref target;
	const face_classes *fc;
	int figures;          /* the target's (battle_figures) */
	/* battle_flags_apply by flags taken and figures left, + 1 (0: not
	 * read yet): the same few pairs come up in most outcomes, and each
	 * reading writes the note of the flags ignored. */
	signed char flags_left[FLAGS_KEPT][FLAGS_KEPT];
	odds *o;
} odds_walk;

/* The flags the target takes of `flags` with `left` figures left. */
static int flags_left(odds_walk *w, int flags, int left)
{
	rules_error note;
	if (flags >= FLAGS_KEPT || left >= FLAGS_KEPT)
		return battle_flags_apply(w->g, w->target, flags, left, &note);
	if (!w->flags_left[flags][left])
		w->flags_left[flags][left] = (signed char)(battle_flags_apply(w->g, w->target, flags, left, &note) + 1);
	return w->flags_left[flags][left] - 1;
}

/* One outcome of the roll: the faces thrown (one of each class as many
 * times as it came up), with its chance; the engine reads it. */
static void odds_outcome(odds_walk *w, const int *faces, int n, double p)
{
	const face_classes *fc = w->fc;
	odds *o = w->o;
	battle_count_result res;
	battle_count(w->g, w->target, faces, n, &res);
	int figures = w->figures;
	/* Saving dice (noord-zuid): each savable hit gets one, binomially. */
	int savable = w->g->rs->battle.saving_rolls ? res.savable : 0;
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
		int lost = battle_losses(w->g, w->attacker, w->target, &res, saved, &capped);
		o->figures += q * lost;
		if (lost >= figures)
			o->destroy += q;
		else if (res.flags > 0)
			o->flags += q * flags_left(w, res.flags, figures - lost);
	}
}

/* Every way `dice` dice fall among the classes, with its multinomial
 * chance. */
static void odds_spread(odds_walk *w, int cls, int left, int *faces, int n, double p)
{
	const face_classes *fc = w->fc;
	if (cls == fc->count - 1) {
		for (int i = 0; i < left; i++) {
			faces[n + i] = fc->face[cls];
			p *= fc->p[cls] * (i + 1 + n) / (i + 1);
		}
		/* p carried n!/(k1!..) over the earlier classes: the last factor
		 * was folded in above, one die at a time. */
		odds_outcome(w, faces, n + left, p);
		return;
	}
	double q = p;
	for (int k = 0; k <= left; k++) {
		odds_spread(w, cls + 1, left - k, faces, n + k, q);
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
	odds_walk w = { g, attacker, target, &fc, battle_figures(g, target), { { 0 } }, o };
	odds_spread(&w, 0, dice, faces, 0, 1.0);
}

/* Open addressing over an index of slots that name the entries, which
 * lie packed after it: a copy of the game copies the entries kept and
 * the room for more.  The room doubles as they come; when half the slots
 * are taken, the slots double too, up to MEMO_MAX_SLOTS, and past that
 * the memo is emptied.  A game of battlecry needs a few hundred entries;
 * one with saving dice (where the attacker's figures and the distance
 * are in the key) more, up to a thousand: emptied at 256, such a game
 * worked many odds out two or three times. */
#define MEMO_FIRST_SLOTS 512u
#define MEMO_MAX_SLOTS 4096u
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
	size_t slots;                     /* a power of two */
	/* Then slot[slots] (entry + 1; 0: free), then entry[room]. */
} odds_memo;

/* The slots' bytes, rounded up for the entries that follow them. */
static size_t slot_bytes(size_t slots)
{
	size_t a = _Alignof(odds_entry);
	return (slots * sizeof(unsigned short) + a - 1) / a * a;
}

static size_t memo_bytes(size_t slots, size_t room)
{
	return sizeof(odds_memo) + slot_bytes(slots) + room * sizeof(odds_entry);
}

static unsigned short *memo_slot(odds_memo *m)
{
	return (unsigned short *)(m + 1);
}

static odds_entry *memo_entry(odds_memo *m)
{
	return (odds_entry *)((unsigned char *)(m + 1) + slot_bytes(m->slots));
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
static size_t slot_of(const odds_key *k, size_t slots)
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
	return (size_t)(h ^ (h >> 29)) & (slots - 1);
}

/* A memo of `slots` slots and room for `room` entries into g, holding
 * the entries of `old` (NULL: none), which is freed. */
static void memo_make(hex_game *g, size_t slots, size_t room)
{
	odds_memo *old = g->player_memo;
	odds_memo *m = xcalloc(1, memo_bytes(slots, room));
	m->slots = slots;
	m->room = room;
	unsigned short *slot = memo_slot(m);
	odds_entry *entry = memo_entry(m);
	for (size_t n = 0; old && n < old->used; n++) {
		size_t i = slot_of(&memo_entry(old)[n].key, slots);
		while (slot[i])
			i = (i + 1) & (slots - 1);
		entry[n] = memo_entry(old)[n];
		slot[i] = (unsigned short)++m->used;
	}
	free(old);
	g->player_memo = m;
	g->player_memo_size = memo_bytes(slots, room);
}

/* Keeps the odds of key k: room and slots made first when short. */
static void memo_add(hex_game *g, const odds_key *k, const odds *o)
{
	odds_memo *m = g->player_memo;
	if (m->used >= m->slots / 2 && m->slots >= MEMO_MAX_SLOTS) {
		memset(memo_slot(m), 0, m->slots * sizeof(unsigned short));
		m->used = 0;
	}
	bool crowded = m->used >= m->slots / 2, full = m->used == m->room;
	if (crowded || full)
		memo_make(g, crowded ? m->slots * 2 : m->slots, full ? m->room * 2 : m->room);
	m = g->player_memo;
	unsigned short *slot = memo_slot(m);
	size_t i = slot_of(k, m->slots);
	while (slot[i])
		i = (i + 1) & (m->slots - 1);
	memo_entry(m)[m->used].key = *k;
	memo_entry(m)[m->used].odds = *o;
	slot[i] = (unsigned short)++m->used;
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
	if (!mg->player_memo)
		memo_make(mg, MEMO_FIRST_SLOTS, MEMO_FIRST_ROOM);
	odds_memo *m = mg->player_memo;
	odds_key k;
	key_of(g, attacker, key, dice, distance, &k);
	const unsigned short *slot = memo_slot(m);
	const odds_entry *entry = memo_entry(m);
	size_t i = slot_of(&k, m->slots);
	while (slot[i] && memcmp(&entry[slot[i] - 1].key, &k, sizeof k) != 0)
		i = (i + 1) & (m->slots - 1);
	if (slot[i]) {
		*o = entry[slot[i] - 1].odds;
		return;
	}
	strong_battle_odds_exact(g, attacker, target, dice, distance, o);
	memo_add(mg, &k, o);
}

void strong_memo_keep(hex_game *g, hex_game *copy)
{
	/* The copy's memo began as g's and only grew, unless it was emptied
	 * when full: the one with more odds is kept, the other goes with the
	 * copy. */
	const odds_memo *mine = g->player_memo, *theirs = copy->player_memo;
	if (!theirs || (mine && mine->used >= theirs->used))
		return;
	void *memo = g->player_memo;
	size_t size = g->player_memo_size;
	g->player_memo = copy->player_memo;
	g->player_memo_size = copy->player_memo_size;
	copy->player_memo = memo;
	copy->player_memo_size = size;
}

hex_game *strong_game_copy(const hex_game *g)
{
	/* The memo stays the game's, as its answers do: only the copy goes
	 * without, for a moment the game is not asked. */
	hex_game *mg = (hex_game *)g;
	void *memo = mg->player_memo;
	size_t size = mg->player_memo_size;
	mg->player_memo = NULL;
	mg->player_memo_size = 0;
	hex_game *c = hex_game_clone(mg);
	mg->player_memo = memo;
	mg->player_memo_size = size;
	return c;
}
