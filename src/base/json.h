/* Writing JSON text: just enough for diagnostics and rules answers. */
#ifndef ORBAT_JSON_H
#define ORBAT_JSON_H

#include <stdio.h>

/* Write s as a JSON string literal, quotes included. */
void json_write_string(FILE *out, const char *s);

#endif
