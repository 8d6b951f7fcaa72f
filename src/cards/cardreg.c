#include "cardreg.h"

/* Touching edges are clear: floating-point noise is not an overlap. */
#define TOUCH 1e-6

void cards_reg_shapes(const cards_sheet *s, cards_rect out[CARDS_REG_SHAPES])
{
	const cutter_marks *r = &s->reg;
	double right = s->page_width - r->inset, bottom = s->page_height - r->inset;
	out[0] = (cards_rect){ r->inset, r->inset, r->square, r->square };
	out[1] = (cards_rect){ right - r->length, r->inset, r->length, r->thickness };
	out[2] = (cards_rect){ right - r->thickness, r->inset, r->thickness, r->length };
	out[3] = (cards_rect){ r->inset, bottom - r->thickness, r->length, r->thickness };
	out[4] = (cards_rect){ r->inset, bottom - r->length, r->thickness, r->length };
}

void cards_reg_zones(const cards_sheet *s, cards_rect out[CARDS_REG_ZONES])
{
	const cutter_marks *r = &s->reg;
	double side = r->length + r->clearance;
	/* Each square runs from the paper's edge: the band beyond the mark is
	 * the machine's too. */
	double reach = r->inset + side;
	out[0] = (cards_rect){ 0, 0, reach, reach };
	out[1] = (cards_rect){ s->page_width - reach, 0, reach, reach };
	out[2] = (cards_rect){ 0, s->page_height - reach, reach, reach };
}

static bool overlap(cards_rect a, cards_rect b)
{
	return a.x < b.x + b.w - TOUCH && b.x < a.x + a.w - TOUCH && a.y < b.y + b.h - TOUCH &&
		b.y < a.y + a.h - TOUCH;
}

/* One card's printed area against the band and the squares. */
static bool cell_clear(const cards_sheet *s, cards_rect cell, const cards_rect zones[CARDS_REG_ZONES])
{
	double band = s->reg.inset + s->reg.clearance;
	if (cell.x < band - TOUCH || cell.y < band - TOUCH || cell.x + cell.w > s->page_width - band + TOUCH ||
		cell.y + cell.h > s->page_height - band + TOUCH)
		return false;
	for (int z = 0; z < CARDS_REG_ZONES; z++)
		if (overlap(cell, zones[z]))
			return false;
	return true;
}

bool cards_reg_clear(const cards_sheet *s)
{
	cards_rect zones[CARDS_REG_ZONES];
	cards_reg_zones(s, zones);
	int slots = cards_sheet_slots(s);
	for (int k = 0; k < slots; k++)
		if (!cell_clear(s, cards_slot_cell(s, k, false), zones) || !cell_clear(s, cards_slot_cell(s, k, true), zones))
			return false;
	return true;
}
