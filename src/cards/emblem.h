/* The emblems of the order cards, drawn with vector shapes only.
 *
 * The back: a double ring with thirteen stars (the original states, as on
 * the flags of both sides) around two crossed cavalry sabres.
 * The fronts: one small emblem per card kind, named in the ruleset's deck
 * (<card emblem="spyglass">) or in a deck file; a card without one shows
 * the crossed sabres. */
#ifndef ORBAT_EMBLEM_H
#define ORBAT_EMBLEM_H

#include <cairo.h>
#include <stdbool.h>

typedef struct emblem_colours {
	double ink[3];      /* rings, stars, blades */
	double shade[3];    /* outlines and the guards' depth */
	double field[3];    /* inside the ring */
} emblem_colours;

/* A five-pointed star, point up, outer radius r. */
void emblem_star(cairo_t *cr, double cx, double cy, double r);

/* Two crossed sabres in a square of side `size` centred on cx, cy. */
void emblem_sabres(cairo_t *cr, double cx, double cy, double size, const emblem_colours *c);

/* The whole emblem inside a circle of radius r. */
void emblem_draw(cairo_t *cr, double cx, double cy, double r, const emblem_colours *c);

/* The card emblems; their names in the data are EMBLEM_NAMES. */
typedef enum {
	EMBLEM_SABRES,      /* crossed sabres: the default */
	EMBLEM_SABRE,       /* one sabre raised: a charge */
	EMBLEM_SPYGLASS,
	EMBLEM_MUSKET,
	EMBLEM_ARROWS,      /* three arrows forward: every section */
	EMBLEM_CANNON,
	EMBLEM_BURST,       /* a volley */
	EMBLEM_CHEVRONS,    /* a march */
	EMBLEM_STAR,        /* a general's star */
	EMBLEM_SIGHT,
	EMBLEM_PLUS,        /* reinforcements */
	EMBLEM_SPADE,
	EMBLEM_SWAP,        /* two arrows turned against each other */
	EMBLEM_FLAG,
	EMBLEM_WHEEL,       /* the supply train */
	EMBLEM_BUGLE,
	EMBLEM_COUNT
} emblem_kind;

#define EMBLEM_DEFAULT EMBLEM_SABRES

/* The emblem a name in the data stands for; false for an unknown name. */
bool emblem_find(const char *name, emblem_kind *out);
/* Every name, comma separated, for messages. */
const char *emblem_names(void);

/* Emblem `kind` in a square of side `size` centred on cx, cy. */
void emblem_card(cairo_t *cr, emblem_kind kind, double cx, double cy, double size, const emblem_colours *c);

#endif
