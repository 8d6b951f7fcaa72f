/* The printer calibration sheet (`orbat calibrate`): two pages to print
 * duplex, as the order cards are.
 *
 * Front: a 100 mm ruler with 1 mm ticks (longer every 5 and 10 mm) and a
 * 4-inch ruler with 1/8-inch ticks (longer every 1/4 and 1/2 inch), to
 * check the printer does not scale the page; and a cross with a ring to
 * pierce, at the target point T.
 * Back: where T falls once the sheet is turned (mirrored for the duplex
 * mode as cardsheet.h says), a scale across and a scale down, each in
 * half millimetres from -CALIB_SCALE_MM to +CALIB_SCALE_MM.  The front's
 * line (seen against the light) or the pin hole meets the scale at the
 * value to add to the back offset the page was printed with: the value
 * for `--back-offset X,Y`.  Printed again with that offset, both lines
 * fall on 0. */
#ifndef ORBAT_CALIBRATE_H
#define ORBAT_CALIBRATE_H

#include <stdbool.h>

#include "../render/render.h"
#include "cardsheet.h"

#define CALIB_SCALE_MM 6

typedef struct calibrate_options {
	cards_duplex duplex;        /* long or short */
	double back_offset[2];      /* mm, as deck_options.back_offset */
} calibrate_options;

/* Where the rulers and the target sit on the front page (mm from the
 * page's top-left corner), so that tests can measure them. */
typedef struct calibrate_geometry {
	double mm_ruler_x, mm_ruler_y;     /* the 0 tick's foot: ticks rise from y */
	double inch_ruler_x, inch_ruler_y;
	double target_x, target_y;         /* the cross, front page */
	double back_x, back_y;             /* where the cross falls on the back page */
} calibrate_geometry;

calibrate_geometry calibrate_layout(double page_width, double page_height, cards_duplex duplex);

/* Write the sheet at `path` on rc->paper, portrait, in rc->lang (rc->rs
 * may be NULL).  False with a message (free it). */
bool cards_render_calibration(const render_ctx *rc, const calibrate_options *opt, const char *path,
	char **error);

#endif
