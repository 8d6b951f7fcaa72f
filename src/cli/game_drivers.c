/* The game drivers by grid: the one place the commands name a grid kind.
 * A grid whose referee is not written yet has no driver and a reason. */
#include "game_driver.h"

#include <stddef.h>

#include "play_hex.h"
#include "play_square.h"

typedef struct game_grid {
	const game_driver *driver;
	/* Why check and play refuse the grid's scenarios, after "FILE uses
	 * ruleset ID, "; NULL where a driver referees them. */
	const char *refusal;
} game_grid;

static const game_grid GAME_GRIDS[GRID_KINDS] = {
	[GRID_HEX] = { &play_hex_driver, NULL },
	[GRID_SQUARE] = { &play_square_driver, NULL },
};

const game_driver *game_driver_of(const ruleset *rs, const char **refusal)
{
	const game_grid *g = &GAME_GRIDS[rs->grid];
	*refusal = g->refusal;
	return g->driver;
}
