#include "fuzz_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>

#include "model/special_rules.h"

#ifndef ORBAT_FUZZ_DATADIR
#define ORBAT_FUZZ_DATADIR "data"
#endif
#ifndef ORBAT_FUZZ_SOURCEDIR
#define ORBAT_FUZZ_SOURCEDIR "."
#endif

static const char *the_harness = "fuzz";

static void quiet_xml_errors(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

static const char *folder(const char *variable, const char *built_in)
{
	const char *dir = getenv(variable);
	return dir && *dir ? dir : built_in;
}

static void print_sink(const diag_sink *sink)
{
	for (size_t i = 0; i < sink->count; i++)
		fprintf(stderr, "  %s:%d: %s\n", sink->items[i].file, sink->items[i].line, sink->items[i].message);
}

void fuzz_start(const char *harness)
{
	the_harness = harness;
	xmlInitParser();
	xmlSetGenericErrorFunc(NULL, quiet_xml_errors);
}

validator *fuzz_validator(diag_sink *sink)
{
	const char *data_dir = folder("ORBAT_DATADIR", ORBAT_FUZZ_DATADIR);
	validator *v = validator_create(data_dir, sink);
	if (!v) {
		fprintf(stderr, "%s: cannot load the schema from %s "
			"(set ORBAT_DATADIR to the folder holding schema/ and rulesets/)\n", the_harness, data_dir);
		print_sink(sink);
		exit(2);
	}
	diag_sink_clear(sink);
	return v;
}

const char *fuzz_source_dir(void)
{
	return folder("ORBAT_FUZZ_SOURCEDIR", ORBAT_FUZZ_SOURCEDIR);
}

void fuzz_load_scenario(validator *v, const char *rel, diag_sink *sink, scenario **sc, const ruleset **rs)
{
	char path[600];
	snprintf(path, sizeof path, "%s/%s", fuzz_source_dir(), rel);
	if (validator_check_file(v, path, sink, sc, rs) != VALIDATE_OK || !*sc || !*rs) {
		fprintf(stderr, "%s: %s is not a valid scenario (set ORBAT_FUZZ_SOURCEDIR to the source tree)\n",
			the_harness, path);
		print_sink(sink);
		exit(2);
	}
	diag_sink_clear(sink);
}

void fuzz_stop(validator *v)
{
	validator_destroy(v);
	xmlCleanupParser();
}

void fuzz_check_refusal(const ruleset *rs, const rules_error *err)
{
	if (!err->message[0] || !err->rule[0])
		abort();
	if (strlen(err->rule) + 1 >= sizeof err->rule || strchr(err->rule, ' ') || strchr(err->rule, '[') ||
		strchr(err->rule, ']')) {
		fprintf(stderr, "%s: rule id '%s' is cut or malformed: %s\n", the_harness, err->rule, err->message);
		abort();
	}
	char cited[sizeof err->rule + 4];
	snprintf(cited, sizeof cited, " [%s]", err->rule);
	size_t ml = strlen(err->message), cl = strlen(cited);
	if (ml >= cl && strcmp(err->message + ml - cl, cited) == 0) {
		fprintf(stderr, "%s: the message repeats its rule: %s\n", the_harness, err->message);
		abort();
	}
	if (strcmp(err->rule, RULES_ERROR_LOG_RULE) == 0)
		return;
	/* A scenario's special rule: its id is its element's name, which
	 * `orbat explain` serves from the scenario format's rules. */
	for (int k = 0; k < SPECIAL_KIND_COUNT; k++)
		if (strcmp(err->rule, special_kind_name((special_kind)k)) == 0)
			return;
	const char *prefix = rs->rule_prefix;
	size_t n = prefix ? strlen(prefix) : 0;
	if (!n || strncmp(err->rule, prefix, n) != 0 || err->rule[n] != '-') {
		fprintf(stderr, "%s: rule id '%s' is not of ruleset %s (%s): %s\n", the_harness, err->rule, rs->id,
			prefix ? prefix : "no prefix", err->message);
		abort();
	}
}
