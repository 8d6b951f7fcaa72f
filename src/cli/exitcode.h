/* The exit status of every orbat command (docs/interfaces.md). */
#ifndef ORBAT_CLI_EXITCODE_H
#define ORBAT_CLI_EXITCODE_H

enum {
	EXIT_VALID = 0,      /* done; every scenario, log or query valid */
	EXIT_INVALID = 1,    /* an input broke the rules */
	EXIT_USAGE = 2,      /* a usage error, an unreadable file */
	EXIT_INTERNAL = 3,   /* orbat's own fault or a broken installation */
};

#endif
