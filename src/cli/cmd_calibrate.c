/* orbat calibrate: the printer calibration sheet, per language. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../cards/calibrate.h"
#include "cards_cli.h"
#include "command.h"
#include "options.h"

static void calibrate_help(FILE *out)
{
	fputs("Usage: orbat calibrate [OPTIONS]\n"
	      "\n"
	      "Write a printer calibration sheet for each language:\n"
	      "  DIR/calibrate/<lang>/calibration.pdf\n"
	      "Two pages to print on both sides of one sheet, at actual size.\n"
	      "The front holds a 100 mm ruler (1 mm ticks, numbered every 10 mm) and a\n"
	      "4-inch ruler (1/8-inch ticks, longer every 1/4 inch) to check that the\n"
	      "printer does not scale the page, and a cross to look through or pierce.\n"
	      "The back holds two scales in half millimetres where the cross should\n"
	      "fall: the front's lines show there by how many millimetres the printer\n"
	      "shifts the back side, as the X,Y to give 'orbat cards --back-offset'\n"
	      "(or to keep as back-offset = X,Y in $XDG_CONFIG_HOME/orbat/orbat.conf,\n"
	      "~/.config/orbat/orbat.conf when XDG_CONFIG_HOME is unset).  Printed\n"
	      "again with that offset, the lines fall on 0.\n"
	      "\n"
	      "Options:\n"
	      "  --lang en|nl|fr     languages, repeatable or comma list (default all)\n"
	      "  --paper a4|letter   paper (default: the system's, from PAPERSIZE or\n"
	      "                      /etc/papersize, else a4)\n"
	      "  --duplex MODE       long (default): the printer turns the sheet over its\n"
	      "                      long edge; short: over its short edge (as for cards)\n"
	      "  --back-offset X,Y   print the back moved X mm right and Y mm down, to\n"
	      "                      check an offset (default: orbat.conf's, else 0,0)\n"
	      "  -o, --output DIR    output folder (default output/)\n"
	      "  -q, --quiet         do not list the files written\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Example:\n"
	      "  orbat calibrate --lang nl --paper a4 -o prints\n"
	      "\n"
	      "Exit status: 0 done, 2 usage error, a malformed configuration file or a\n"
	      "file that cannot be written, 3 internal error or broken installation.\n", out);
}

typedef struct calibrate_args {
	int duplex_choice;
	const char *back_offset;
} calibrate_args;

static const char *const DUPLEX[] = { "long", "short", NULL };

static bool write_sheet(const render_ctx *rc, const void *arg, const char *path, char **error)
{
	return cards_render_calibration(rc, arg, path, error);
}

static int calibrate_run(const options *o, calibrate_args *a)
{
	static const cards_duplex duplex_modes[] = { CARDS_DUPLEX_LONG, CARDS_DUPLEX_SHORT };
	calibrate_options opt = { .duplex = duplex_modes[a->duplex_choice] };
	int code = cards_back_offset("calibrate", a->back_offset, opt.back_offset);
	if (code)
		return code;
	return cards_session_write("calibrate", NULL, o, "calibrate", "calibration.pdf", write_sheet, &opt);
}

COMMAND(calibrate, "write a printer calibration sheet (rulers, duplex offset)", calibrate_args,
	.common = OPTIONS_LANG | OPTIONS_PAPER | OPTIONS_OUTPUT | OPTIONS_QUIET,
	.operands = &(const options_operands){ 0, 0, NULL },
	.own = {
		{ "duplex", OPTIONS_CHOICE, offsetof(calibrate_args, duplex_choice), .choices = DUPLEX },
		{ "back-offset", OPTIONS_STRING, offsetof(calibrate_args, back_offset), .what = "X,Y in millimetres" },
	});
