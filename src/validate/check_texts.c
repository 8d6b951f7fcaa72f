/* Titles, briefings and place names are shown in English, Dutch and
 * French: a missing language is a warning, since the print set then falls
 * back to another. */
#include "check.h"

static void check_languages(check_ctx *ctx, const l10n_text *t, src_pos pos, const char *what)
{
	if (l10n_empty(t))
		return;
	for (int lang = 0; lang < LANG_COUNT; lang++)
		if (!t->text[lang] || !t->text[lang][0])
			check_warning(ctx, pos, "lang",
				"the %s has no %s version; the %s print set will show another language",
				what, lang_code((lang_id)lang), lang_code((lang_id)lang));
}

void check_texts(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	check_languages(ctx, &sc->title, sc->title_pos, "title");
	check_languages(ctx, &sc->briefing, sc->briefing_pos, "briefing");
	for (size_t i = 0; i < sc->objective_count; i++)
		check_languages(ctx, &sc->objectives[i].name, sc->objectives[i].pos, "objective's name");
	for (size_t i = 0; i < sc->sea_zone_count; i++)
		check_languages(ctx, &sc->sea_zones[i].name, sc->sea_zones[i].pos, "sea zone's name");
	/* A city's name attribute stands for every language without a name
	 * of its own, so only a city without one can miss a language. */
	for (size_t i = 0; i < sc->city_count; i++)
		if (!sc->cities[i].name.text)
			check_languages(ctx, &sc->cities[i].names, sc->cities[i].pos, "city's name");
}
