#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "jsonout.h"
#include "util.h"

void diag_sink_init(diag_sink *sink)
{
	memset(sink, 0, sizeof *sink);
}

static void diag_free_one(diag *d)
{
	free(d->file);
	free(d->rule);
	free(d->message);
}

void diag_sink_clear(diag_sink *sink)
{
	for (size_t i = 0; i < sink->count; i++)
		diag_free_one(&sink->items[i]);
	sink->count = 0;
	sink->cap_max = 0;
	sink->errors = 0;
	sink->warnings = 0;
}

void diag_sink_finish(diag_sink *sink)
{
	if (!sink)
		return;
	diag_sink_clear(sink);
	free(sink->items);
	memset(sink, 0, sizeof *sink);
}

/* Keep the first cap_max records of the capped region by position. */
static void cap_trim(diag_sink *sink)
{
	diag_sort(sink, sink->cap_from);
	size_t keep = sink->cap_from + sink->cap_max;
	for (size_t i = keep; i < sink->count; i++) {
		sink->dropped_error |= sink->items[i].severity == DIAG_ERROR;
		diag_free_one(&sink->items[i]);
		sink->dropped++;
	}
	if (sink->count > keep)
		sink->count = keep;
}

void diag_sink_cap_begin(diag_sink *sink, size_t max)
{
	sink->cap_from = sink->count;
	sink->cap_max = max;
	sink->dropped = 0;
	sink->dropped_error = false;
}

void diag_sink_cap_end(diag_sink *sink, const char *file)
{
	if (!sink->cap_max) {
		diag_sort(sink, sink->cap_from);
		return;
	}
	cap_trim(sink);
	size_t dropped = sink->dropped, shown = sink->count - sink->cap_from;
	bool error = sink->dropped_error;
	sink->cap_max = 0;
	if (!dropped)
		return;
	/* Added after the sort: the last line says what is missing. */
	diag_add(sink, file, 0, 0, error ? DIAG_ERROR : DIAG_WARNING, "more-problems",
		"%zu more problem%s of this file %s not shown: only the first %zu are, by position",
		dropped, dropped == 1 ? "" : "s", dropped == 1 ? "is" : "are", shown);
	/* The note is no problem of its own. */
	if (error)
		sink->errors--;
	else
		sink->warnings--;
}

void diag_add(diag_sink *sink, const char *file, int line, int column,
	diag_severity severity, const char *rule, const char *fmt, ...)
{
	/* Trimmed in batches: a sort per cap_max records added. */
	if (sink->cap_max && sink->count - sink->cap_from >= 2 * sink->cap_max)
		cap_trim(sink);
	if (sink->count == sink->capacity) {
		sink->capacity = sink->capacity ? sink->capacity * 2 : 16;
		sink->items = xrealloc(sink->items, sink->capacity * sizeof *sink->items);
	}
	va_list ap;
	va_start(ap, fmt);
	char *message = xvasprintf(fmt, ap);
	va_end(ap);

	diag *d = &sink->items[sink->count];
	d->file = xstrdup(file ? file : "<input>");
	d->line = line > 0 ? line : 0;
	d->column = column > 0 ? column : 0;
	d->severity = severity;
	d->rule = xstrdup(rule ? rule : "");
	d->message = message;
	d->seq = sink->count;
	sink->count++;
	if (severity == DIAG_ERROR)
		sink->errors++;
	else
		sink->warnings++;
}

static int diag_compare(const void *pa, const void *pb)
{
	const diag *a = pa, *b = pb;
	int c = strcmp(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	return a->seq < b->seq ? -1 : (a->seq > b->seq);
}

void diag_sort(diag_sink *sink, size_t from)
{
	if (from < sink->count)
		qsort(sink->items + from, sink->count - from, sizeof *sink->items, diag_compare);
}

void diag_format_one(const diag *d, char *buf, size_t size)
{
	const char *sev = d->severity == DIAG_ERROR ? "error" : "warning";
	if (d->line && d->column)
		snprintf(buf, size, "%s:%d:%d: %s: %s [%s]", d->file, d->line, d->column, sev, d->message, d->rule);
	else if (d->line)
		snprintf(buf, size, "%s:%d: %s: %s [%s]", d->file, d->line, sev, d->message, d->rule);
	else
		snprintf(buf, size, "%s: %s: %s [%s]", d->file, sev, d->message, d->rule);
}

void diag_print_text(const diag_sink *sink, size_t from, size_t to, FILE *out)
{
	char buf[2048];
	for (size_t i = from; i < to && i < sink->count; i++) {
		diag_format_one(&sink->items[i], buf, sizeof buf);
		fprintf(out, "%s\n", buf);
	}
}

char *diag_data_error(const diag_sink *sink, size_t from)
{
	const diag *d = NULL;
	size_t errors = 0;
	for (size_t i = from; i < sink->count; i++) {
		if (sink->items[i].severity != DIAG_ERROR)
			continue;
		if (!d)
			d = &sink->items[i];
		errors++;
	}
	if (!d)
		return xstrdup("broken data file: the print or rules data could not be loaded");
	char where[64] = "";
	if (d->line)
		snprintf(where, sizeof where, ":%d", d->line);
	/* One line: the first error says what to repair; the count says
	 * there is more. */
	char more[64] = "";
	if (errors > 1)
		snprintf(more, sizeof more, " (and %zu more problem%s)", errors - 1, errors == 2 ? "" : "s");
	return xasprintf("broken data file %s%s: %s%s", d->file, where, d->message, more);
}

json_t *diag_json(const diag *d)
{
	json_t *o = json_object();
	json_object_set_new(o, "file", jsonout_string(d->file));
	json_object_set_new(o, "line", json_integer(d->line));
	json_object_set_new(o, "column", json_integer(d->column));
	json_object_set_new(o, "severity", json_string(d->severity == DIAG_ERROR ? "error" : "warning"));
	json_object_set_new(o, "rule", jsonout_string(d->rule));
	json_object_set_new(o, "message", jsonout_string(d->message));
	return o;
}

json_t *diag_json_file(const char *file, bool valid, const diag_sink *sink, size_t from, size_t to)
{
	json_t *list = json_array();
	for (size_t i = from; i < to; i++)
		json_array_append_new(list, diag_json(&sink->items[i]));
	json_t *o = json_object();
	json_object_set_new(o, "file", jsonout_string(file));
	json_object_set_new(o, "valid", json_boolean(valid));
	json_object_set_new(o, "diagnostics", list);
	return o;
}

json_t *diag_json_document(json_t *files)
{
	json_t *o = json_object();
	json_object_set_new(o, "files", files);
	return o;
}
