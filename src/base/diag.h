/* The diagnostics sink: collects file:line:col: severity: message [rule]
 * records from every stage (XML parser, schema, semantic checks) so that all
 * problems of a file are reported together, sorted by position.  The sink is
 * always passed in, never global, so tests can read the records back. */
#ifndef ORBAT_DIAG_H
#define ORBAT_DIAG_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { DIAG_ERROR, DIAG_WARNING } diag_severity;

typedef struct diag {
	char *file;
	int line;            /* 0 when unknown */
	int column;          /* 0 when unknown */
	diag_severity severity;
	char *rule;
	char *message;
	size_t seq;          /* insertion order, keeps the sort stable */
} diag;

typedef struct diag_sink {
	diag *items;
	size_t count;
	size_t capacity;
	size_t errors;
	size_t warnings;
	/* While one file's records are capped (diag_sink_cap_begin): they
	 * start at cap_from, at most cap_max of them are kept, the earliest
	 * by position; `dropped` counts the others. */
	size_t cap_from;
	size_t cap_max;        /* 0: no cap */
	size_t dropped;
	bool dropped_error;
} diag_sink;

/* The most diagnostics one file reports: the first ones by position say
 * what to repair, a million more say nothing and cost memory. */
#define DIAG_MAX_PER_FILE 100

void diag_sink_init(diag_sink *sink);
void diag_sink_finish(diag_sink *sink);
/* Forget all records but keep the storage. */
void diag_sink_clear(diag_sink *sink);

#if defined(__GNUC__)
#define DIAG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define DIAG_PRINTF(a, b)
#endif

void diag_add(diag_sink *sink, const char *file, int line, int column,
	diag_severity severity, const char *rule, const char *fmt, ...) DIAG_PRINTF(7, 8);

/* The records added from now on are one file's: keep the first `max` by
 * position (file, line, column, insertion) and count the rest, so that
 * memory stays bounded however many problems the file has.  The counts
 * `errors` and `warnings` still count every record. */
void diag_sink_cap_begin(diag_sink *sink, size_t max);
/* Sort the file's records and end the cap; if any were left out, a last
 * record on `file` says how many (rule id "more-problems"). */
void diag_sink_cap_end(diag_sink *sink, const char *file);

/* Sort the records from index `from` on by file, line, column, insertion. */
void diag_sort(diag_sink *sink, size_t from);

/* "FILE:LINE:COL: error: MESSAGE [RULE]", one per line. */
void diag_print_text(const diag_sink *sink, size_t from, size_t to, FILE *out);
void diag_format_one(const diag *d, char *buf, size_t size);

/* A record as JSON (interfaces.md section 3): {"file","line","column",
 * "severity","rule","message"}. */
json_t *diag_json(const diag *d);
/* A file's entry of the JSON diagnostics: {"file","valid","diagnostics":
 * [the records from..to]}. */
json_t *diag_json_file(const char *file, bool valid, const diag_sink *sink, size_t from, size_t to);
/* The JSON diagnostics document, {"files":FILES}, FILES (an array of
 * diag_json_file entries) taken. */
json_t *diag_json_document(json_t *files);

/* A data file of the installation (ruleset, schema, strings, layouts) is
 * broken: its first error from index `from` on as one line without rule id,
 * "broken data file FILE:LINE: MESSAGE", for the caller to print after
 * "orbat CMD: " before it exits with status 3.  A fresh string. */
char *diag_data_error(const diag_sink *sink, size_t from);

#endif
