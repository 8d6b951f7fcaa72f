#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/jobpool.h"
#include "../base/papersize.h"
#include "../base/util.h"
#include "../rules/expert/expert_think.h"
#include "exitcode.h"

/* getopt_long returns 256 + the index of the option in this table, so
 * that a long option is known by its index even in optopt. */
#define OPT_BASE 256
#define OPT_MAX 32

typedef enum { C_FORMAT, C_LANG, C_PAPER, C_OUTPUT, C_QUIET, C_JOBS, C_HELP, C_OWN } opt_class;

typedef struct opt_entry {
	const char *name;
	opt_class cls;
	const options_own *own;
	char letter;            /* short form, or 0 */
} opt_entry;

typedef struct parser {
	const char *name;         /* the command's */
	void (*help)(FILE *out);
	const options_spec *spec;
	opt_entry entries[OPT_MAX];
	struct option longopts[OPT_MAX + 1];
	size_t count;
	char optstring[16];
} parser;

static int vusage(const char *cmd, const char *fmt, va_list ap)
{
	/* Whatever came before on stdout first, then the message. */
	fflush(stdout);
	fprintf(stderr, "orbat %s: ", cmd);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\nTry 'orbat %s --help' for more information.\n", cmd);
	return EXIT_USAGE;
}

int options_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vusage(cmd, fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

static void add(parser *p, const char *name, opt_class cls, const options_own *own, char letter, int has_arg)
{
	if (p->count >= OPT_MAX) {
		/* A programming error: the table is fixed at build time. */
		fprintf(stderr, "orbat %s: too many options declared\n", p->name);
		abort();
	}
	p->entries[p->count] = (opt_entry){ name, cls, own, letter };
	p->longopts[p->count] = (struct option){ name, has_arg, NULL, OPT_BASE + (int)p->count };
	p->count++;
}

static void build(parser *p)
{
	unsigned common = p->spec->common;
	if (common & OPTIONS_FORMAT)
		add(p, "format", C_FORMAT, NULL, 0, required_argument);
	if (common & OPTIONS_LANG)
		add(p, "lang", C_LANG, NULL, 0, required_argument);
	if (common & OPTIONS_PAPER)
		add(p, "paper", C_PAPER, NULL, 0, required_argument);
	if (common & OPTIONS_OUTPUT)
		add(p, "output", C_OUTPUT, NULL, 'o', required_argument);
	if (common & OPTIONS_QUIET)
		add(p, "quiet", C_QUIET, NULL, 'q', no_argument);
	if (common & OPTIONS_JOBS)
		add(p, "jobs", C_JOBS, NULL, 'j', required_argument);
	add(p, "help", C_HELP, NULL, 'h', no_argument);
	for (const options_own *o = p->spec->own; o < p->spec->own + OPTIONS_OWN_MAX && o->name; o++)
		add(p, o->name, C_OWN, o, 0, o->kind == OPTIONS_FLAG ? no_argument : required_argument);
	p->longopts[p->count] = (struct option){ NULL, 0, NULL, 0 };

	/* '+': stop at the first operand; ':': report a missing value as ':'
	 * (and print nothing: opterr is 0 as well). */
	char *s = p->optstring;
	if (p->spec->stop_at_operand)
		*s++ = '+';
	*s++ = ':';
	for (size_t i = 0; i < p->count; i++) {
		if (!p->entries[i].letter)
			continue;
		*s++ = p->entries[i].letter;
		if (p->longopts[i].has_arg == required_argument)
			*s++ = ':';
	}
	*s = '\0';
}

static int find_letter(const parser *p, int letter)
{
	for (size_t i = 0; i < p->count; i++)
		if (p->entries[i].letter == letter)
			return (int)i;
	return -1;
}

/* "-o" or "--output", as the user may have typed it. */
static const char *spelled(const parser *p, int index, char buf[64])
{
	snprintf(buf, 64, "--%s", p->entries[index].name);
	return buf;
}

/* The words a choice takes, for messages: "a, b or c". */
static char *word_list(const char *const *words)
{
	size_t n = 0;
	while (words[n])
		n++;
	char *out = xstrdup("");
	for (size_t i = 0; i < n; i++) {
		char *next = xasprintf("%s%s%s", out, i == 0 ? "" : i + 1 == n ? " or " : ", ", words[i]);
		free(out);
		out = next;
	}
	return out;
}

/* What an option's value is, for "needs a value" messages. */
static char *value_hint(const parser *p, const opt_entry *e)
{
	switch (e->cls) {
	case C_FORMAT:
		return word_list(p->spec->formats);
	case C_LANG:
		return xstrdup("en, nl or fr");
	case C_PAPER:
		return xstrdup("a4 or letter");
	case C_OUTPUT:
		return xstrdup("a folder");
	case C_JOBS:
		return xasprintf("a number of processes from 1 to %d", JOBPOOL_MAX_WORKERS);
	case C_OWN:
		if (e->own->kind == OPTIONS_CHOICE)
			return word_list(e->own->choices);
		return xstrdup(e->own->what ? e->own->what : "a value");
	default:
		return xstrdup("a value");
	}
}

static int unknown_option(const parser *p, const char *arg)
{
	/* A long option: was it an abbreviation of several? */
	if (strncmp(arg, "--", 2) == 0) {
		size_t len = strcspn(arg + 2, "=");
		char *matches = NULL;
		int n = 0;
		for (size_t i = 0; i < p->count; i++) {
			if (strncmp(p->entries[i].name, arg + 2, len) != 0)
				continue;
			char *next = xasprintf("%s%s--%s", matches ? matches : "", matches ? ", " : "", p->entries[i].name);
			free(matches);
			matches = next;
			n++;
		}
		int code;
		if (n > 1)
			code = options_usage(p->name, "option '%.*s' is ambiguous: %s", (int)len + 2, arg, matches);
		else
			code = options_usage(p->name, "unknown option '%.*s'", (int)len + 2, arg);
		free(matches);
		return code;
	}
	return options_usage(p->name, "unknown option '%s'", arg);
}

static bool parse_format(options *o, const options_spec *spec, const char *value)
{
	char *copy = xstrdup(value);
	bool ok = true;
	int words = 0;
	for (char *save = NULL, *t = strtok_r(copy, ", ", &save); t && ok; t = strtok_r(NULL, ", ", &save)) {
		int found = -1;
		for (int i = 0; spec->formats[i]; i++)
			if (strcasecmp(spec->formats[i], t) == 0)
				found = i;
		if (found < 0) {
			ok = false;
			break;
		}
		o->format = found;
		o->formats_named |= 1u << found;
		words++;
	}
	free(copy);
	return ok && words > 0 && (words == 1 || spec->format_list);
}

static int bad_value(const parser *p, int index, const char *value)
{
	const opt_entry *e = &p->entries[index];
	char name[64];
	spelled(p, index, name);
	const char *cmd = p->name;
	switch (e->cls) {
	case C_FORMAT: {
		char *list = word_list(p->spec->formats);
		options_usage(cmd, "%s takes %s%s, not '%s'", name, list,
			p->spec->format_list ? " (or a comma list)" : "", value);
		free(list);
		return EXIT_USAGE;
	}
	case C_LANG:
		return options_usage(cmd, "%s takes en, nl or fr (or a comma list), not '%s'", name, value);
	case C_PAPER:
		return options_usage(cmd, "%s takes a4 or letter, not '%s'", name, value);
	case C_JOBS:
		return options_usage(cmd, "%s takes a number of processes from 1 to %d, not '%s'", name,
			JOBPOOL_MAX_WORKERS, value);
	default:
		break;
	}
	const options_own *own = e->own;
	switch (own->kind) {
	case OPTIONS_INT:
		return options_usage(cmd, "%s takes %s from %.0f to %.0f, not '%s'", name,
			own->what ? own->what : "a whole number", own->min, own->max, value);
	case OPTIONS_REAL:
		return options_usage(cmd, "%s takes %s from %g to %g, not '%s'", name,
			own->what ? own->what : "a number", own->min, own->max, value);
	case OPTIONS_CHOICE: {
		char *list = word_list(own->choices);
		options_usage(cmd, "%s takes %s, not '%s'", name, list, value);
		free(list);
		return EXIT_USAGE;
	}
	default:
		return options_usage(cmd, "%s needs %s", name, own->what ? own->what : "a value");
	}
}

/* Store one option's value; -1 to go on, else an exit status. */
static int take(parser *p, options *o, int index, const char *value, char *args)
{
	const opt_entry *e = &p->entries[index];
	const char *cmd = p->name;
	switch (e->cls) {
	case C_FORMAT:
		return parse_format(o, p->spec, value) ? -1 : bad_value(p, index, value);
	case C_LANG:
		if (!options_parse_langs(value, o->langs))
			return bad_value(p, index, value);
		o->langs_named = true;
		return -1;
	case C_PAPER:
		if (strcasecmp(value, "a4") == 0)
			o->paper = "a4";
		else if (strcasecmp(value, "letter") == 0)
			o->paper = "letter";
		else
			return bad_value(p, index, value);
		o->paper_named = true;
		return -1;
	case C_OUTPUT:
		if (strcmp(value, "-") == 0)
			return options_usage(cmd, "-o takes a folder, not '-': %s writes its files into a folder, "
				"so it cannot write to standard output", cmd);
		if (!*value)
			return options_usage(cmd, "-o takes a folder, not an empty name");
		o->output = value;
		return -1;
	case C_QUIET:
		o->quiet = true;
		return -1;
	case C_JOBS: {
		long n;
		if (!parse_int(value, 1, JOBPOOL_MAX_WORKERS, &n))
			return bad_value(p, index, value);
		o->jobs = (unsigned)n;
		return -1;
	}
	case C_HELP:
		p->help(stdout);
		return EXIT_VALID;
	case C_OWN:
		break;
	}
	const options_own *own = e->own;
	void *to = args + own->at;
	switch (own->kind) {
	case OPTIONS_FLAG:
		*(bool *)to = true;
		return -1;
	case OPTIONS_STRING:
		if (!*value)
			return bad_value(p, index, value);
		*(const char **)to = value;
		return -1;
	case OPTIONS_INT: {
		long v;
		if (!parse_int(value, (long)own->min, (long)own->max, &v))
			return bad_value(p, index, value);
		*(long *)to = v;
		return -1;
	}
	case OPTIONS_REAL: {
		char *end = NULL;
		double v = strtod(value, &end);
		if (end == value || *end || !isfinite(v) || v < own->min || v > own->max)
			return bad_value(p, index, value);
		*(double *)to = v;
		return -1;
	}
	case OPTIONS_CHOICE:
		for (int i = 0; own->choices[i]; i++)
			if (strcmp(own->choices[i], value) == 0) {
				*(int *)to = i;
				return -1;
			}
		return bad_value(p, index, value);
	}
	return -1;
}

static void paper_default(options *o, const char *cmd)
{
	char *other = NULL;
	o->paper = papersize_system(&other);
	if (other) {
		fprintf(stderr, "orbat %s: warning: the system's paper size is %s, which orbat does not print on; "
			"using a4 (--paper a4 or --paper letter chooses)\n", cmd, other);
		free(other);
	}
}

int options_parse(options *o, const char *name, void (*help)(FILE *out), const options_spec *spec, int argc,
	char **argv, void *args)
{
	static const char *const text_json[] = { "text", "json", NULL };
	options_spec local = *spec;
	if ((local.common & OPTIONS_FORMAT) && !local.formats)
		local.formats = text_json;
	memset(o, 0, sizeof *o);
	o->output = "output";

	parser p = { .name = name, .help = help, .spec = &local };
	build(&p);
	opterr = 0;
	optind = 0;  /* glibc: start afresh, also reading the '+' again */
	int c;
	while ((c = getopt_long(argc, argv, p.optstring, p.longopts, NULL)) != -1) {
		int index;
		if (c == '?') {
			if (optopt >= OPT_BASE) {
				char spelling[64];
				return options_usage(name, "option '%s' takes no value",
					spelled(&p, optopt - OPT_BASE, spelling));
			}
			if (optopt)
				return options_usage(name, "unknown option '-%c'", optopt);
			return unknown_option(&p, argv[optind - 1]);
		}
		if (c == ':') {
			index = optopt >= OPT_BASE ? optopt - OPT_BASE : find_letter(&p, optopt);
			char *hint = index >= 0 ? value_hint(&p, &p.entries[index]) : xstrdup("a value");
			int code;
			if (optopt >= OPT_BASE) {
				char spelling[64];
				code = options_usage(name, "option '%s' needs a value (%s)", spelled(&p, index, spelling), hint);
			} else {
				code = options_usage(name, "option '-%c' needs a value (%s)", optopt, hint);
			}
			free(hint);
			return code;
		}
		index = c >= OPT_BASE ? c - OPT_BASE : find_letter(&p, c);
		if (index < 0)
			return options_usage(name, "unknown option '-%c'", c);
		int code = take(&p, o, index, optarg, args);
		if (code >= 0)
			return code;
	}
	o->operands = argv + optind;
	o->operand_count = argc - optind;
	if (local.common & OPTIONS_LANG)
		options_default_langs(o->langs);
	if ((local.common & OPTIONS_PAPER) && !o->paper_named)
		paper_default(o, name);
	/* A command without -j works in its own process. */
	if (!o->jobs)
		o->jobs = (local.common & OPTIONS_JOBS) ? jobpool_default_workers() : 1;
	const options_operands *n = local.operands;
	if (n && n->max == 0 && o->operand_count > 0)
		return options_usage(name, "unexpected argument '%s'", o->operands[0]);
	if (n && (o->operand_count < n->min || (n->max >= 0 && o->operand_count > n->max)))
		return options_usage(name, "%s", n->wrong);
	return -1;
}

bool options_parse_langs(const char *text, bool langs[LANG_COUNT])
{
	char *copy = xstrdup(text);
	bool ok = true;
	int n = 0;
	for (char *save = NULL, *tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		lang_id lang;
		if (!lang_parse(tok, &lang)) {
			ok = false;
			break;
		}
		langs[lang] = true;
		n++;
	}
	free(copy);
	return ok && n > 0;
}

void options_default_langs(bool langs[LANG_COUNT])
{
	for (int i = 0; i < LANG_COUNT; i++)
		if (langs[i])
			return;
	for (int i = 0; i < LANG_COUNT; i++)
		langs[i] = true;
}

bool options_one_lang(const options *o, lang_id *lang)
{
	if (!o->langs_named)
		return true;
	int named = 0;
	for (int l = 0; l < LANG_COUNT; l++)
		if (o->langs[l]) {
			*lang = (lang_id)l;
			named++;
		}
	return named == 1;
}

int options_seed(const char *cmd, const char *text, unsigned long long *seed)
{
	if (!text)
		return EXIT_VALID;
	char *end = NULL;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	/* strtoull would take blanks and a sign before the digits. */
	if (errno || !end || *end || text[0] < '0' || text[0] > '9')
		return options_usage(cmd, "--seed takes a whole number, not '%s'", text);
	*seed = v;
	return EXIT_VALID;
}

int options_think(const char *cmd, const char *text)
{
	if (!text)
		return EXIT_VALID;
	expert_think t;
	if (!expert_think_parse(text, &t))
		return options_usage(cmd, "--think takes milliseconds (1000) or simulations (200sims) a turn, not '%s'",
			text);
	expert_think_set(&t);
	return EXIT_VALID;
}
