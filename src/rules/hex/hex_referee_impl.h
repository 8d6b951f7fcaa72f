/* Private to the referee: what its files by phase share (the turn and the
 * cards, the orders and moves, the battle) beside hex_referee.c, which keeps
 * the life cycle, the dispatch and the shared helpers.  Included only by
 * src/rules/referee*.c. */
#ifndef ORBAT_RULES_HEX_REFEREE_IMPL_H
#define ORBAT_RULES_HEX_REFEREE_IMPL_H

#include "hex_referee.h"
#include "../../base/util.h"
#include "cards.h"
#include "dice.h"
#include "hex_special.h"
#include "moves.h"
#include "retreat.h"

#define MAX_FACES 64

/* The referee's refusals are hex_game_fail's (rule `section` of the ruleset,
 * NULL for a fault in the form of the log line); the short name keeps the
 * many checks readable. */
#define fail hex_game_fail

/* A battle checked before it is rolled: who fires at what, how many dice,
 * and the faces the log gives (referee_dice_needed asks for the count). */
typedef struct battle_prep {
	int attacker;
	hex_ref target;
	dice_answer dice;
	int faces[MAX_FACES];
	int face_count;
} battle_prep;

/* An action cut in two: ref_check_NAME judges the line and changes
 * nothing; ref_apply_NAME, called only after it passed, carries the line
 * out and cannot fail.  A roll's check also answers referee_dice_needed:
 * given `need`, it only says how many dice the line rolls. */
#define REF_ACTION(name) \
	bool ref_check_##name(const referee *r, const gl_action *a, rules_error *err); \
	void ref_apply_##name(referee *r, const gl_action *a)
#define REF_ROLL_ACTION(name) \
	bool ref_check_##name(const referee *r, const gl_action *a, int *need, rules_error *err); \
	void ref_apply_##name(referee *r, const gl_action *a)

/* hex_referee.c: shared helpers */
const char *ref_side_id(const referee *r, int side);
bool ref_resolve(const referee *r, const char *token, hex_ref *out, rules_error *err);
bool ref_own(const referee *r, hex_ref ref, rules_error *err);
bool ref_free_to_act(const referee *r, const char *kind, const char *id, bool ordered, bool busy, const char *after,
	rules_error *err);
bool ref_parse_faces(const referee *r, const gl_action *a, int *faces, int *count, rules_error *err);
bool ref_need_faces(const referee *r, const gl_action *a, int want, const char *what, rules_error *err);
bool ref_card_of(const referee *r, const char *word, deck_card *c, rules_error *err);
int ref_flank_of(const hex_game *g, const char *section);
void ref_reset_turn(referee *r);
bool ref_check_zones(const referee *r, rules_error *err);
void ref_note(referee *r, const char *fmt, ...) DIAG_PRINTF(2, 3);

/* hex_referee_turn.c: the turn and the cards */
bool ref_setup(referee *r, const gl_action *a, rules_error *err);
REF_ACTION(fall_back_order);
const rs_card *ref_current_card(const referee *r);
const char *ref_rally_owed_text(const referee *r, char *buf, size_t size);
REF_ROLL_ACTION(rally);
REF_ACTION(play);
REF_ACTION(discard);
bool ref_reinforce_owed(const referee *r);
const char *ref_reinforce_owed_text(const referee *r, char *buf, size_t size);
REF_ACTION(arrive);
bool ref_reinforce_guard(referee *r, const gl_action *a, rules_error *err);
bool ref_reinforce_dice_needed(referee *r, const gl_action *a, int *count, rules_error *err);
REF_ACTION(draw);

/* hex_referee_moves.c: orders and moves */
bool ref_move_zone_check(const referee *r, hex_ref who, int carried, rules_error *err);
hex_ref ref_follow_ref(const referee *r, int slot);
bool ref_follow_open(const referee *r, int *slot);
void ref_follow_note(referee *r, hex_ref who);
void ref_follow_offer(referee *r, int carried, int hexes);
bool ref_in_turn(const referee *r, const char *what, rules_error *err);
REF_ACTION(order);
/* ref_check_order then ref_apply_order, on one trial of the line's
 * figures. */
bool ref_order(referee *r, const gl_action *a, rules_error *err);
/* ref_check_move then ref_apply_move, on one plan of the move. */
bool ref_move(referee *r, const gl_action *a, rules_error *err);
REF_ACTION(form);
bool ref_general_follows(const referee *r, int unit, bool alone, int *carried, rules_error *err);
REF_ACTION(move);
REF_ACTION(mount);
REF_ACTION(dig);
REF_ACTION(follow);

/* hex_referee_battle.c: the battle and what it owes */
battle_step ref_owed_step(const referee *r);
const char *ref_owed_rule(const referee *r, battle_step s);
const char *ref_owed_text(const referee *r, battle_step s, char *buf, size_t size);
const char *ref_battle_name(const referee *r, char *buf, size_t size);
bool ref_battle_step(const referee *r, battle_step step, const char *what, rules_error *err);
bool ref_can_reach(const referee *r, int want, const char *action, rules_error *err);
battle_step ref_peek(const referee *r, battle_step from);
void ref_advance(referee *r, battle_step from);
bool ref_battle_prepare(const referee *r, const gl_action *a, battle_prep *p, bool with_faces, rules_error *err);
/* Keep the preparation (without faces) of a's battle for its apply, when
 * referee_keep_battle is on. */
void ref_battle_keep(referee *r, const gl_action *a, const battle_prep *p);
/* ref_check_battle then ref_apply_battle, on one preparation: the dice,
 * the line of sight and the faces of a battle are worked out once. */
bool ref_battle(referee *r, const gl_action *a, rules_error *err);
REF_ACTION(battle);
REF_ROLL_ACTION(save);
REF_ROLL_ACTION(defend);
REF_ROLL_ACTION(flagsave);
REF_ACTION(retreat);
REF_ACTION(gain);

#endif
