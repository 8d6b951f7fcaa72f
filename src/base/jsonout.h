/* JSON out of orbat, built with jansson: the values every JSON-writing
 * command and the studio share, and the one place that writes a document
 * (diagnostics, rules answers, the game's position, explain, balance). */
#ifndef ORBAT_JSONOUT_H
#define ORBAT_JSONOUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

/* The string s: "" for NULL.  Bytes that are not UTF-8 (a file name on
 * the command line may hold any) each become U+FFFD, so that a document
 * is always whole: jansson refuses such a string. */
json_t *jsonout_string(const char *s);
/* The string s, or null for NULL. */
json_t *jsonout_string_or_null(const char *s);
/* x as printf's "%.*f" rounds it to `decimals` places: a share or a mean
 * written with the digits it means, never 0.45000000000000001. */
json_t *jsonout_real(double x, int decimals);

/* Write v on out on one line, compact, its members in the order they were
 * set, and free it.  False when out failed (a full disk): ferror(out)
 * stays set for whoever reports on the stream (outdir_finish_stdout). */
bool jsonout_line(FILE *out, json_t *v);
/* v as one compact line's text, without its newline, as jsonout_line
 * writes it (a new string), and v freed. */
char *jsonout_text(json_t *v);

#endif
