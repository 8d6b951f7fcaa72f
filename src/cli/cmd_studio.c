/* orbat studio [FILE.xml]: the scenario on its board in the browser.  This
 * file only reads the options; the server is studio/studio.h's. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "../studio/studio.h"
#include "command.h"
#include "options.h"

static void studio_help(FILE *out)
{
	fputs("Usage: orbat studio [OPTIONS] [FILE.xml]\n"
	      "\n"
	      "Show a scenario on its board in your web browser: the map as the print\n"
	      "products draw it, with zoom and pan, what stands on each cell, and the\n"
	      "diagnostics of 'orbat validate' with the text of each rule. Without FILE,\n"
	      "a start page lists the scenarios of the current folder.\n"
	      "\n"
	      "The studio serves on 127.0.0.1 only and prints one line, the address to\n"
	      "open: http://127.0.0.1:PORT/?token=TOKEN. The token is new every run and\n"
	      "every request needs it; only files of the scenario's folder are read.\n"
	      "Ctrl-C stops it.\n"
	      "\n"
	      "Options:\n"
	      "  --port N            listen on port N (default: a free port)\n"
	      "  --open              open the address in the browser (xdg-open)\n"
	      "  --listen ADDR       listen on the IP address ADDR instead of 127.0.0.1:\n"
	      "                      other computers may then reach the studio\n"
	      "  --lang en|nl|fr     the page's language (default: the browser's)\n"
	      "  --play              play FILE against the computer at once: the game's\n"
	      "                      log is written beside it (NAME-game.log)\n"
	      "  --side SIDE         with --play, the side you play (default: the first)\n"
	      "  --player NAME       with --play, the computer's player: simple or strong\n"
	      "                      (default: the strongest that plays the grid)\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Example:\n"
	      "  orbat studio --open scenarios/shiloh.xml\n"
	      "  orbat studio --play --side union scenarios/shiloh.xml\n"
	      "\n"
	      "Exit status: 0 stopped by Ctrl-C, 2 usage error, a file that cannot be\n"
	      "read or a port that cannot be had, 3 broken installation.\n", out);
}

typedef struct studio_args {
	long port;
	bool open;
	const char *listen;
	bool play;
	const char *side;
	const char *player;
} studio_args;

static int studio_run_cmd(const options *o, studio_args *a)
{
	studio_opts so = {
		.ctx = o->ctx,
		.file = o->operand_count ? o->operands[0] : NULL,
		.port = a->port,
		.open = a->open,
		.listen = a->listen,
		.lang = LANG_EN,
		.lang_given = o->langs_named,
		.play = a->play,
		.side = a->side,
		.player = a->player,
	};
	if (a->play && !so.file)
		return options_usage("studio", "--play names the scenario to play: orbat studio --play FILE.xml");
	if (!a->play && (a->side || a->player))
		return options_usage("studio", "--side and --player go with --play");
	if (!options_one_lang(o, &so.lang))
		return options_usage("studio", "--lang takes one language here: en, nl or fr");
	if (!cli_data_check("studio"))
		return EXIT_INTERNAL;
	return studio_run(&so);
}

/* COMMAND names the run function studio_run, which is the server's own
 * entry: this one goes by another name. */
#define studio_run studio_run_cmd
static const options_operands STUDIO_OPERANDS = { 0, 1, "name at most one scenario file" };

COMMAND(studio, "show a scenario on its board in the browser", studio_args,
	.common = OPTIONS_LANG,
	.operands = &STUDIO_OPERANDS,
	.own = {
		{ "port", OPTIONS_INT, offsetof(studio_args, port), 1, 65535, .what = "a port number" },
		{ "open", OPTIONS_FLAG, offsetof(studio_args, open) },
		{ "listen", OPTIONS_STRING, offsetof(studio_args, listen), .what = "an IP address" },
		{ "play", OPTIONS_FLAG, offsetof(studio_args, play) },
		{ "side", OPTIONS_STRING, offsetof(studio_args, side), .what = "a side of the scenario" },
		{ "player", OPTIONS_STRING, offsetof(studio_args, player), .what = "a computer player" },
	});
