/* The square game's part of the expert player (sq_expert.h). */
#include "sq_expert.h"

/* What a piece that cannot be bought is worth: the dearest land unit. */
static int dearest_land_unit(const sq_game *g)
{
	int most = 1;
	for (size_t i = 0; i < g->piece_count; i++) {
		const rs_square_unit *t = g->pieces[i].type;
		if (t && !t->naval && t->cost > most)
			most = t->cost;
	}
	return most;
}

double sq_expert_material(const sq_game *g, int side)
{
	int general = dearest_land_unit(g);
	double mine = 0, all = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!p->alive || !p->type)
			continue;
		double worth = p->type->cost > 0 ? p->type->cost : general;
		if (p->type->hits > 1)
			worth *= (double)(p->type->hits - p->hits) / p->type->hits;
		all += worth;
		if (p->side == side)
			mine += worth;
	}
	return all > 0 ? mine / all : 0.5;
}
