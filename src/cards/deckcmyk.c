#include "deckcmyk.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../base/outdir.h"
#include "../base/util.h"

/* Ghostscript's default CMYK profile (SWOP-like coated stock) as Debian's
 * ghostscript installs it. */
#define CMYK_PROFILE "/usr/share/color/icc/ghostscript/default_cmyk.icc"
#define CMYK_PROFILE_DIR "/usr/share/color/icc/ghostscript/"

/* The PDF/X output intent, as the pdfmarks of Ghostscript's PDFX_def.ps:
 * the profile embedded as a stream, named by the catalogue's
 * OutputIntents. */
static const char OUTPUT_INTENT[] =
	"/ICCProfile (" CMYK_PROFILE ") def "
	"[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark "
	"[{icc_PDFX} << /N 4 >> /PUT pdfmark "
	"[{icc_PDFX} ICCProfile (r) file /PUT pdfmark "
	"[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark "
	"[{OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX "
	"/OutputCondition (Commercial printing, coated paper) /OutputConditionIdentifier (Custom) "
	"/Info (Ghostscript default_cmyk.icc) /DestOutputProfile {icc_PDFX} >> /PUT pdfmark "
	"[{Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark";

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

bool deckcmyk_available(char **why)
{
	*why = NULL;
	char *gs = find_program("gs");
	if (!gs) {
		*why = xstrdup("--cmyk needs Ghostscript: 'gs' is not on the PATH (install the ghostscript package)");
		return false;
	}
	free(gs);
	if (access(CMYK_PROFILE, R_OK) != 0) {
		*why = xasprintf("--cmyk needs Ghostscript's CMYK profile %s, which cannot be read: %s "
			"(install the ghostscript package)", CMYK_PROFILE, strerror(errno));
		return false;
	}
	return true;
}

/* Run gs writing the converted PDF to its standard output, which goes
 * into `out` as it comes. */
static bool run_gs(const char *in, outfile *out, char **error)
{
	int pipe_fd[2];
	if (pipe(pipe_fd) != 0) {
		*error = xasprintf("cannot start Ghostscript: %s", strerror(errno));
		return false;
	}
	/* Everything the child needs is made before the fork: the child only
	 * redirects and execs. */
	char *input = xasprintf("-f%s", in);
	pid_t pid = fork();
	if (pid < 0) {
		*error = xasprintf("cannot start Ghostscript: %s", strerror(errno));
		free(input);
		close(pipe_fd[0]);
		close(pipe_fd[1]);
		return false;
	}
	if (pid == 0) {
		dup2(pipe_fd[1], STDOUT_FILENO);
		close(pipe_fd[0]);
		close(pipe_fd[1]);
		/* -dSAFER with the one folder the output intent reads. */
		char *const argv[] = { "gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER",
			"--permit-file-read=" CMYK_PROFILE_DIR, "-dPDFX=true", "-sDEVICE=pdfwrite",
			"-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
			"-sOutputICCProfile=" CMYK_PROFILE, "-sOutputFile=-", "-sstdout=%stderr",
			"-c", (char *)OUTPUT_INTENT, input, NULL };
		execvp("gs", argv);
		_exit(127);
	}
	free(input);
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

bool deckcmyk_convert(const char *in, const char *out, char **error)
{
	*error = NULL;
	outfile *f = outfile_create(out, error);
	if (!f)
		return false;
	bool ok = run_gs(in, f, error);
	char *finish_error = NULL;
	bool kept = outfile_finish(f, ok, &finish_error);
	if (ok && !kept) {
		*error = finish_error;
		return false;
	}
	free(finish_error);
	return ok;
}
