/* orbat play's hint (play_hint.h). */
#include "play_hint.h"

#include <stdio.h>

#include "../rules/expert/expert_advice.h"

void play_hint_outcome(const char *side, double value, long sims, long wins, bool endgame, char *out, size_t size)
{
	int n = snprintf(out, size, "%d %% for %s (the mean value of %ld simulations: 100 %% won, 0 %% lost, "
		"between them the flags or cities held and the strength left)", expert_advice_percent(value), side, sims);
	/* One flag from the end, what a player asks is the chance to win it
	 * now: the simulations of the turn that ended in a win. */
	if (endgame && n > 0 && (size_t)n < size)
		snprintf(out + n, size - (size_t)n, "; one flag from the end: won in %ld of %ld (%d %%)", wins, sims,
			sims ? (int)(100 * wins / sims) : 0);
}

void play_hint(game *g, int own_side, const expert_think *think, unsigned long long seed, size_t position)
{
	expert_think budget = { 0, PLAY_HINT_SIMS };
	if (think)
		budget = *think;
	int side = game_to_play(g);
	if (own_side != GAME_NO_SIDE && side != own_side) {
		printf("hint: the expert advises in your own turn; %s is to play\n", game_side_id(g, side));
		return;
	}
	expert_advice adv;
	if (!expert_advise(g, &budget, seed ^ ((unsigned long long)position * 0x9e3779b97f4a7c15ull), &adv)) {
		printf("hint: the expert has no advice here (the game is over, or it plays no game on this grid)\n");
		expert_advice_finish(&adv);
		return;
	}
	const char *me = game_side_id(g, side);
	if (budget.sims)
		printf("hint for %s (the expert, %ld simulations):\n", me, budget.sims);
	else
		printf("hint for %s (the expert, %ld ms: %ld simulations):\n", me, budget.ms, adv.verdict.sims);
	if (adv.count)
		printf("  next: %s\n", adv.lines[0].text);
	printf("  its turn, the dice assumed (the real ones will differ):\n");
	for (size_t i = 0; i < adv.count; i++)
		printf("    %s%s\n", adv.lines[i].text, adv.lines[i].side != side ? "  (the other side's, guessed)" : "");
	if (!adv.whole)
		printf("    ...\n");
	char words[400];
	play_hint_outcome(me, adv.verdict.value, adv.verdict.plan_sims, adv.verdict.wins, adv.endgame, words,
		sizeof words);
	printf("  expected: %s\n", words);
	expert_advice_finish(&adv);
}
