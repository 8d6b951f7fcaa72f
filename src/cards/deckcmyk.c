#include "deckcmyk.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../base/datadir.h"
#include "../base/outdir.h"
#include "../base/util.h"
#include "cardlayout.h"

/* The PDF/X output intent, as the pdfmarks of Ghostscript's PDFX_def.ps:
 * the profile (%s, a PostScript string's text) embedded as a stream,
 * named by the catalogue's OutputIntents. */
static const char OUTPUT_INTENT[] =
	"/ICCProfile (%s) def "
	"[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark "
	"[{icc_PDFX} << /N 4 >> /PUT pdfmark "
	"[{icc_PDFX} ICCProfile (r) file /PUT pdfmark "
	"[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark "
	"[{OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX "
	"/OutputCondition (Commercial printing, coated paper) /OutputConditionIdentifier (Custom) "
	"/Info (%s) /DestOutputProfile {icc_PDFX} >> /PUT pdfmark "
	"[{Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark";

/* The profile layouts/cards.xml names in <cmyk profile>, a path relative
 * to the layouts folder unless absolute; NULL with the reason (free
 * both). */
static char *profile_path(context *c, char **why)
{
	char *folder = context_path(c, DATADIR_LAYOUTS);
	char *layouts = context_path(c, DATADIR_CARD_LAYOUTS);
	diag_sink sink;
	diag_sink_init(&sink);
	const card_layouts *l = cardlayout_of(c, &sink);
	char *path = NULL;
	if (!l) {
		char line[2048] = "";
		if (sink.count)
			diag_format_one(&sink.items[0], line, sizeof line);
		*why = xasprintf("--cmyk cannot read the card layouts %s: %s", layouts, line);
	} else if (!l->cmyk_profile) {
		*why = xasprintf("--cmyk needs a CMYK profile, which %s does not name "
			"(<cmyk profile=\"/usr/share/color/icc/ghostscript/default_cmyk.icc\"/>)", layouts);
	} else {
		path = l->cmyk_profile[0] == '/' ? xstrdup(l->cmyk_profile) :
			xasprintf("%s/%s", folder, l->cmyk_profile);
	}
	diag_sink_finish(&sink);
	free(layouts);
	free(folder);
	return path;
}

/* `text` as it may stand between a PostScript string's parentheses. */
static char *ps_string_text(const char *text)
{
	size_t n = strlen(text);
	char *out = xmalloc(2 * n + 1), *o = out;
	for (const char *c = text; *c; c++) {
		if (*c == '(' || *c == ')' || *c == '\\')
			*o++ = '\\';
		*o++ = *c;
	}
	*o = '\0';
	return out;
}

/* The program on PATH, or NULL (free it). */
static char *find_program(const char *name)
{
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/bin:/bin";
	char *copy = xstrdup(path), *save = NULL, *found = NULL;
	for (char *dir = strtok_r(copy, ":", &save); dir && !found; dir = strtok_r(NULL, ":", &save)) {
		char *candidate = xasprintf("%s/%s", *dir ? dir : ".", name);
		if (access(candidate, X_OK) == 0)
			found = candidate;
		else
			free(candidate);
	}
	free(copy);
	return found;
}

bool deckcmyk_available(context *c, char **why)
{
	*why = NULL;
	char *gs = find_program("gs");
	if (!gs) {
		*why = xstrdup("--cmyk needs Ghostscript: 'gs' is not on the PATH (install the ghostscript package)");
		return false;
	}
	free(gs);
	char *profile = profile_path(c, why);
	if (!profile)
		return false;
	if (access(profile, R_OK) != 0) {
		*why = xasprintf("--cmyk needs the CMYK profile %s (layouts/cards.xml <cmyk profile>), which cannot "
			"be read: %s; Debian's ghostscript package installs Ghostscript's own, or name another",
			profile, strerror(errno));
		free(profile);
		return false;
	}
	free(profile);
	return true;
}

/* Run gs writing the converted PDF to its standard output, which goes
 * into `out` as it comes. */
static bool run_gs(const char *profile, const char *in, outfile *out, char **error)
{
	int pipe_fd[2];
	if (pipe(pipe_fd) != 0) {
		*error = xasprintf("cannot start Ghostscript: %s", strerror(errno));
		return false;
	}
	/* Everything the child needs is made before the fork: the child only
	 * redirects and execs. */
	char *input = xasprintf("-f%s", in);
	/* -dSAFER with the one folder the output intent reads. */
	char *folder = xstrdup(profile);
	*strrchr(folder, '/') = '\0';
	char *permit = xasprintf("--permit-file-read=%s/", folder);
	char *icc = xasprintf("-sOutputICCProfile=%s", profile);
	char *ps_path = ps_string_text(profile), *ps_name = ps_string_text(strrchr(profile, '/') + 1);
	char *intent = xasprintf(OUTPUT_INTENT, ps_path, ps_name);
	free(ps_path);
	free(ps_name);
	free(folder);
	char *const argv[] = { "gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", permit, "-dPDFX=true",
		"-sDEVICE=pdfwrite", "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK", icc,
		"-sOutputFile=-", "-sstdout=%stderr", "-c", intent, input, NULL };
	pid_t pid = fork();
	if (pid < 0) {
		*error = xasprintf("cannot start Ghostscript: %s", strerror(errno));
		free(input);
		free(permit);
		free(icc);
		free(intent);
		close(pipe_fd[0]);
		close(pipe_fd[1]);
		return false;
	}
	if (pid == 0) {
		dup2(pipe_fd[1], STDOUT_FILENO);
		close(pipe_fd[0]);
		close(pipe_fd[1]);
		execvp("gs", argv);
		_exit(127);
	}
	free(input);
	free(permit);
	free(icc);
	free(intent);
	close(pipe_fd[1]);
	bool ok = true;
	char buf[65536];
	for (;;) {
		ssize_t n = read(pipe_fd[0], buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		ok &= outfile_write(out, buf, (size_t)n);
	}
	close(pipe_fd[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		*error = xasprintf("Ghostscript could not convert %s to CMYK (exit status %d)", in,
			WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		return false;
	}
	return ok;
}

bool deckcmyk_convert(context *c, const char *in, const char *out, char **error)
{
	*error = NULL;
	char *profile = profile_path(c, error);
	if (!profile)
		return false;
	outfile *f = outfile_create(out, error);
	if (!f) {
		free(profile);
		return false;
	}
	bool ok = run_gs(profile, in, f, error);
	free(profile);
	char *finish_error = NULL;
	bool kept = outfile_finish(f, ok, &finish_error);
	if (ok && !kept) {
		*error = finish_error;
		return false;
	}
	free(finish_error);
	return ok;
}
