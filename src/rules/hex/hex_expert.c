/* The hex game's part of the expert player (hex_expert.h). */
#include "hex_expert.h"

double hex_expert_material(const hex_game *g, int side)
{
	double mine = 0, all = 0;
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].alive) {
			all += g->units[i].figures;
			mine += g->units[i].side == side ? g->units[i].figures : 0;
		}
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive) {
			all += 1;
			mine += g->generals[i].side == side;
		}
	return all > 0 ? mine / all : 0.5;
}
