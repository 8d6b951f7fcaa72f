#include "validate.h"

#include <stdlib.h>
#include <string.h>

#include "../base/datadir.h"
#include "../base/util.h"
#include "../base/xmldoc.h"
#include "../text/context.h"
#include "check.h"
#include "check_glyphs.h"
#include "schema.h"

struct validator {
	char *data_dir;
	schema *schema;
	ruleset_registry *rulesets;
	bool own_rulesets;       /* not the context's */
	font_coverage *glyphs;   /* read when first needed */
	bool glyphs_read;
	diag_sink data_errors;   /* of ruleset files: the installation's, not the scenario's */
};

/* A validator over data_dir whose rulesets are `rulesets` (NULL: a
 * registry of its own). */
static validator *validator_make(const char *data_dir, ruleset_registry *rulesets, diag_sink *sink)
{
	char *path = datadir_path(data_dir, DATADIR_SCHEMA);
	schema *s = schema_create(path, sink);
	free(path);
	if (!s)
		return NULL;
	validator *v = xcalloc(1, sizeof *v);
	v->data_dir = xstrdup(data_dir);
	v->schema = s;
	v->own_rulesets = !rulesets;
	v->rulesets = rulesets ? rulesets : ruleset_registry_create(data_dir);
	diag_sink_init(&v->data_errors);
	return v;
}

validator *validator_create(const char *data_dir, diag_sink *sink)
{
	return validator_make(data_dir, NULL, sink);
}

validator *validator_create_in(context *ctx, diag_sink *sink)
{
	return validator_make(context_data_dir(ctx), ruleset_registry_of(ctx), sink);
}

void validator_destroy(validator *v)
{
	if (v) {
		schema_destroy(v->schema);
		if (v->own_rulesets)
			ruleset_registry_destroy(v->rulesets);
		fontcover_destroy(v->glyphs);
		diag_sink_finish(&v->data_errors);
		free(v->data_dir);
		free(v);
	}
}

/* A scenario id names output folders: keep it to a portable file name. */
static bool id_is_file_name(const char *id)
{
	size_t n = strlen(id);
	if (n == 0 || n > 64 || id[0] == '.' || id[0] == '-')
		return false;
	for (const char *p = id; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || *p == '.'))
			return false;
	return true;
}

/* The grids whose checks this compiler knows; the ruleset names its grid. */
static const check_grid *const grids[] = { &check_hex_grid, &check_square_grid };

static const check_grid *grid_checks(const ruleset *rs)
{
	for (size_t i = 0; i < sizeof grids / sizeof *grids; i++)
		if (grids[i]->grid == rs->grid)
			return grids[i];
	return NULL;
}

void validate_scenario(const scenario *sc, const ruleset *rs, diag_sink *sink)
{
	position *pos = position_create(sc, rs);
	check_ctx ctx = { .sc = sc, .rs = rs, .sink = sink, .pos = pos };
	const check_grid *grid = grid_checks(rs);

	check_structure(&ctx);
	for (const check_fn *check = grid ? grid->checks : NULL; check && *check; check++)
		(*check)(&ctx);
	check_special(&ctx);
	check_texts(&ctx);
	position_destroy(pos);
}

/* The characters the bundled fonts draw; NULL when the installation has
 * no fonts (rendering says so). */
static const font_coverage *validator_glyphs(validator *v)
{
	if (!v->glyphs_read) {
		char *dir = datadir_path(v->data_dir, DATADIR_FONTS);
		v->glyphs = fontcover_create(dir);
		free(dir);
		v->glyphs_read = true;
	}
	return v->glyphs;
}

static validate_status check_document(validator *v, const xml_document *doc, diag_sink *sink,
	scenario **out_scenario, const ruleset **out_ruleset)
{
	size_t errors_before = sink->errors;
	schema_validate(v->schema, doc, sink);
	check_glyphs(validator_glyphs(v), doc, sink);
	scenario *sc = scenario_from_document(doc, sink);
	const ruleset *rs = NULL;
	if (sc && sc->id.text && !id_is_file_name(sc->id.text))
		diag_add(sink, doc->file, sc->id.pos.line, sc->id.pos.column, DIAG_ERROR, "scenario-id",
			"scenario id '%s' must be usable as a file name: lower-case letters, digits, '-', '_' "
			"and '.', at most 64 characters, not starting with '.' or '-'", sc->id.text);
	if (sc && sc->ruleset.text) {
		if (!ruleset_registry_has(v->rulesets, sc->ruleset.text)) {
			char *known = ruleset_registry_known(v->rulesets);
			diag_add(sink, doc->file, sc->ruleset.pos.line, sc->ruleset.pos.column, DIAG_ERROR,
				"ruleset", "unknown ruleset '%s'; the known rulesets are %s", sc->ruleset.text, known);
			free(known);
		} else {
			rs = ruleset_registry_get(v->rulesets, sc->ruleset.text, &v->data_errors);
			if (!rs) {
				scenario_destroy(sc);
				return VALIDATE_DATA_ERROR;
			}
		}
	}
	if (sc && rs) {
		validate_scenario(sc, rs, sink);
	}
	bool valid = sc && rs && sink->errors == errors_before;
	if (valid && out_scenario) {
		*out_scenario = sc;
		if (out_ruleset)
			*out_ruleset = rs;
	} else {
		scenario_destroy(sc);
	}
	return valid ? VALIDATE_OK : VALIDATE_INVALID;
}

/* The file's diagnostics sorted, at most DIAG_MAX_PER_FILE of them. */
static validate_status finish(diag_sink *sink, const char *file, validate_status st)
{
	diag_sink_cap_end(sink, file);
	return st;
}

validate_status validator_check_file(validator *v, const char *path, diag_sink *sink,
	scenario **out_scenario, const ruleset **out_ruleset)
{
	diag_sink_cap_begin(sink, DIAG_MAX_PER_FILE);
	if (out_scenario)
		*out_scenario = NULL;
	xml_document *doc = NULL;
	xmldoc_status st = xmldoc_load_file(path, NULL, sink, &doc);
	if (st == XMLDOC_IO_ERROR)
		return finish(sink, path, VALIDATE_IO_ERROR);
	if (st != XMLDOC_OK)
		return finish(sink, path, VALIDATE_INVALID);
	validate_status result = check_document(v, doc, sink, out_scenario, out_ruleset);
	xmldoc_destroy(doc);
	return finish(sink, path, result);
}

validate_status validator_check_memory(validator *v, const char *name, const char *bytes,
	size_t size, diag_sink *sink, scenario **out_scenario, const ruleset **out_ruleset)
{
	diag_sink_cap_begin(sink, DIAG_MAX_PER_FILE);
	if (out_scenario)
		*out_scenario = NULL;
	xml_document *doc = NULL;
	if (xmldoc_load_memory(name, bytes, size, sink, &doc) != XMLDOC_OK)
		return finish(sink, name, VALIDATE_INVALID);
	validate_status result = check_document(v, doc, sink, out_scenario, out_ruleset);
	xmldoc_destroy(doc);
	return finish(sink, name, result);
}

const diag_sink *validator_data_errors(const validator *v)
{
	return &v->data_errors;
}
