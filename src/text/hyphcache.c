#include "hyphcache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/util.h"

/* The file's first bytes; a new layout takes a new number. */
static const char MAGIC[12] = "orbat-hyph1\n";
/* Far beyond any pattern file (the largest has some 30,000 states). */
#define MAX_STATES 10000000
#define MAX_LEVELS 4
#define MAX_TEXT 4096

static bool last_cached;

bool hyphcache_last_was_cached(void)
{
	return last_cached;
}

/* --- the pattern file's identity ------------------------------------------ */

typedef struct source_id {
	uint64_t dev, ino, size, mtime_s, mtime_ns;
} source_id;

static bool identify(const char *path, source_id *id)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return false;
	*id = (source_id){ (uint64_t)st.st_dev, (uint64_t)st.st_ino, (uint64_t)st.st_size,
		(uint64_t)st.st_mtim.tv_sec, (uint64_t)st.st_mtim.tv_nsec };
	return true;
}

static uint64_t fnv1a(const void *data, size_t n, uint64_t h)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

#define FNV_START 14695981039346656037ULL

/* $XDG_CACHE_HOME/orbat/hyphen, else ~/.cache/orbat/hyphen; NULL when
 * neither is an absolute path. */
static char *cache_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	if (xdg && xdg[0] == '/')
		return xasprintf("%s/orbat/hyphen", xdg);
	const char *home = getenv("HOME");
	if (home && home[0] == '/')
		return xasprintf("%s/.cache/orbat/hyphen", home);
	return NULL;
}

/* The cache file of a pattern file: its name and a hash of its path. */
static char *cache_path(const char *dir, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	return xasprintf("%s/%s-%016llx.bin", dir, base, (unsigned long long)fnv1a(path, strlen(path), FNV_START));
}

/* --- writing ------------------------------------------------------------ */

static void put_i32(byte_buf *b, int32_t v)
{
	bytes_put(b, &v, sizeof v);
}

static void put_text(byte_buf *b, const char *s, size_t n)
{
	put_i32(b, s ? (int32_t)n : -1);
	if (s)
		bytes_put(b, s, n);
}

/* The bytes of a level's NOHYPHEN list: nohyphenl + 1 strings, each with
 * its NUL, as libhyphen splits it. */
static size_t nohyphen_size(const HyphenDict *d)
{
	size_t n = 0;
	for (int i = 0; i <= d->nohyphenl; i++)
		n += strlen(d->nohyphen + n) + 1;
	return n;
}

static void put_level(byte_buf *b, const HyphenDict *d)
{
	signed char mins[4] = { d->lhmin, d->rhmin, d->clhmin, d->crhmin };
	bytes_put(b, mins, sizeof mins);
	put_text(b, d->nohyphen, d->nohyphen ? nohyphen_size(d) : 0);
	put_i32(b, d->nohyphenl);
	put_i32(b, d->num_states);
	char cset[sizeof d->cset] = { 0 };
	memcpy(cset, d->cset, strnlen(d->cset, sizeof cset - 1));
	bytes_put(b, cset, sizeof cset);
	put_i32(b, d->utf8);
	for (int s = 0; s < d->num_states; s++) {
		const HyphenState *st = &d->states[s];
		put_text(b, st->match, st->match ? strlen(st->match) : 0);
		put_text(b, st->repl, st->repl ? strlen(st->repl) : 0);
		/* Unset by libhyphen where there is no repl. */
		signed char ri[2] = { st->repl ? st->replindex : 0, st->repl ? st->replcut : 0 };
		bytes_put(b, ri, sizeof ri);
		put_i32(b, st->fallback_state);
		put_i32(b, st->num_trans);
		for (int t = 0; t < st->num_trans; t++) {
			bytes_put(b, &st->trans[t].ch, 1);
			put_i32(b, st->trans[t].new_state);
		}
	}
}

static void write_cache(const char *file, const char *path, const source_id *id, const HyphenDict *dict)
{
	byte_buf b = { 0 };
	bytes_put(&b, MAGIC, sizeof MAGIC);
	bytes_put(&b, id, sizeof *id);
	put_text(&b, path, strlen(path));
	int32_t levels = 0;
	for (const HyphenDict *d = dict; d && levels <= MAX_LEVELS; d = d->nextlevel)
		levels++;
	if (levels > MAX_LEVELS) {
		free(b.p);
		return;
	}
	put_i32(&b, levels);
	for (const HyphenDict *d = dict; d; d = d->nextlevel)
		put_level(&b, d);
	uint64_t sum = fnv1a(b.p, b.len, FNV_START);
	bytes_put(&b, &sum, sizeof sum);

	/* Beside its place under a name of its own, then renamed: a reader
	 * sees the old file or the new one, never a part. */
	char *tmp = xasprintf("%s.%ld.tmp", file, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	bool ok = fd >= 0;
	for (size_t done = 0; ok && done < b.len;) {
		ssize_t n = write(fd, b.p + done, b.len - done);
		if (n < 0 && errno == EINTR)
			continue;
		ok = n > 0;
		done += ok ? (size_t)n : 0;
	}
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	if (!ok || rename(tmp, file) != 0)
		unlink(tmp);
	free(tmp);
	free(b.p);
}

/* Make dir and its parents (best effort). */
static void make_dirs(const char *dir)
{
	char *p = xstrdup(dir);
	for (char *s = p + 1; *s; s++) {
		if (*s == '/') {
			*s = '\0';
			mkdir(p, 0755);
			*s = '/';
		}
	}
	mkdir(p, 0755);
	free(p);
}

/* --- reading ------------------------------------------------------------ */

typedef struct in_buf {
	const unsigned char *p, *end;
	bool ok;
} in_buf;

static void get(in_buf *b, void *out, size_t n)
{
	if (!b->ok || (size_t)(b->end - b->p) < n) {
		b->ok = false;
		memset(out, 0, n);
		return;
	}
	memcpy(out, b->p, n);
	b->p += n;
}

static int32_t get_i32(in_buf *b)
{
	int32_t v;
	get(b, &v, sizeof v);
	return v;
}

/* A string of the file (NULL for none), NUL-terminated, allocated as
 * libhyphen allocates it, with `extra` more zero bytes after it; its
 * length in the file in *size. */
static char *get_text(in_buf *b, size_t max, size_t extra, size_t *size)
{
	int32_t n = get_i32(b);
	*size = 0;
	if (!b->ok || n < 0)
		return NULL;
	if ((size_t)n > max || (size_t)(b->end - b->p) < (size_t)n) {
		b->ok = false;
		return NULL;
	}
	char *s = xcalloc((size_t)n + 1 + extra, 1);
	memcpy(s, b->p, (size_t)n);
	b->p += n;
	*size = (size_t)n;
	return s;
}

/* Each state's depth in the automaton (the length of the letters that
 * lead to it from state 0), -1 for none reached: a match longer than
 * its state's depth would make libhyphen write before its buffer. */
static bool depths_fit(const HyphenDict *d)
{
	int *depth = xmalloc((size_t)d->num_states * sizeof *depth);
	int *queue = xmalloc((size_t)d->num_states * sizeof *queue);
	for (int s = 0; s < d->num_states; s++)
		depth[s] = -1;
	size_t head = 0, tail = 0;
	bool ok = true;
	depth[0] = 0;
	queue[tail++] = 0;
	while (ok && head < tail) {
		int s = queue[head++];
		const HyphenState *st = &d->states[s];
		for (int t = 0; t < st->num_trans && ok; t++) {
			int n = st->trans[t].new_state;
			if (depth[n] < 0) {
				depth[n] = depth[s] + 1;
				queue[tail++] = n;
			} else {
				ok = depth[n] == depth[s] + 1;
			}
		}
	}
	for (int s = 0; s < d->num_states && ok; s++) {
		const HyphenState *st = &d->states[s];
		int room = depth[s] < 0 ? 0 : depth[s] + 1;
		/* replindex and replcut mean something only beside a repl
		 * (libhyphen leaves them unset otherwise). */
		ok = (!st->match || strlen(st->match) <= (size_t)room)
			&& (!st->repl || (st->replindex >= -room && st->replindex <= room && st->replcut >= 0
				&& st->replcut <= room));
	}
	free(depth);
	free(queue);
	return ok;
}

static HyphenDict *get_level(in_buf *b)
{
	HyphenDict *d = xcalloc(1, sizeof *d);
	signed char mins[4];
	get(b, mins, sizeof mins);
	d->lhmin = mins[0];
	d->rhmin = mins[1];
	d->clhmin = mins[2];
	d->crhmin = mins[3];
	size_t size;
	d->nohyphen = get_text(b, MAX_TEXT, 1, &size);
	d->nohyphenl = get_i32(b);
	int32_t states = get_i32(b);
	get(b, d->cset, sizeof d->cset);
	d->cset[sizeof d->cset - 1] = '\0';
	d->utf8 = get_i32(b);
	/* Each state takes at least 18 bytes of the file. */
	if (!b->ok || states < 1 || states > MAX_STATES || (size_t)states > (size_t)(b->end - b->p) / 18
		|| d->nohyphenl < 0 || (d->nohyphen && d->nohyphenl > MAX_TEXT)) {
		b->ok = false;
		free(d->nohyphen);
		free(d);
		return NULL;
	}
	if (d->nohyphen) {
		/* The list must hold the nohyphenl + 1 strings libhyphen walks. */
		size_t len = 0;
		for (int i = 0; i <= d->nohyphenl && b->ok; i++) {
			if (len > size)
				b->ok = false;
			else
				len += strlen(d->nohyphen + len) + 1;
		}
	}
	d->states = xcalloc((size_t)states, sizeof *d->states);
	d->num_states = states;
	for (int s = 0; s < states && b->ok; s++) {
		HyphenState *st = &d->states[s];
		st->match = get_text(b, MAX_TEXT, 0, &size);
		st->repl = get_text(b, MAX_TEXT, 0, &size);
		signed char ri[2];
		get(b, ri, sizeof ri);
		st->replindex = ri[0];
		st->replcut = ri[1];
		st->fallback_state = get_i32(b);
		int32_t n = get_i32(b);
		if (!b->ok || n < 0 || (size_t)n > (size_t)(b->end - b->p) / 5 || st->fallback_state < -1
			|| st->fallback_state >= states) {
			b->ok = false;
			break;
		}
		st->num_trans = n;
		st->trans = n ? xcalloc((size_t)n, sizeof *st->trans) : NULL;
		for (int t = 0; t < n && b->ok; t++) {
			get(b, &st->trans[t].ch, 1);
			st->trans[t].new_state = get_i32(b);
			if (st->trans[t].new_state < 0 || st->trans[t].new_state >= states)
				b->ok = false;
		}
	}
	if (b->ok && !depths_fit(d))
		b->ok = false;
	if (!b->ok) {
		hnj_hyphen_free(d);   /* the states read so far, and the level */
		return NULL;
	}
	return d;
}

static HyphenDict *read_cache(const char *file, const char *path, const source_id *id)
{
	FILE *f = fopen(file, "rb");
	if (!f)
		return NULL;
	unsigned char *data = NULL;
	size_t len = 0, cap = 0;
	for (;;) {
		grow_array((void **)&data, &cap, len + 65536, 1);
		size_t n = fread(data + len, 1, cap - len, f);
		len += n;
		if (n == 0)
			break;
		if (len > 64u << 20) {   /* no automaton is this large */
			len = 0;
			break;
		}
	}
	fclose(f);
	HyphenDict *dict = NULL;
	if (len > sizeof MAGIC + sizeof(uint64_t)) {
		uint64_t sum;
		memcpy(&sum, data + len - sizeof sum, sizeof sum);
		in_buf b = { data, data + len - sizeof sum, true };
		char magic[sizeof MAGIC];
		source_id was;
		get(&b, magic, sizeof magic);
		get(&b, &was, sizeof was);
		size_t from_size;
		char *from = get_text(&b, 4096, 0, &from_size);
		int32_t levels = get_i32(&b);
		bool same = b.ok && sum == fnv1a(data, len - sizeof sum, FNV_START)
			&& memcmp(magic, MAGIC, sizeof MAGIC) == 0 && memcmp(&was, id, sizeof was) == 0 && from
			&& strcmp(from, path) == 0 && levels >= 1 && levels <= MAX_LEVELS;
		free(from);
		HyphenDict *last = NULL;
		for (int32_t l = 0; same && l < levels && b.ok; l++) {
			HyphenDict *d = get_level(&b);
			if (!d)
				break;
			if (last)
				last->nextlevel = d;
			else
				dict = d;
			last = d;
		}
		if (!b.ok || b.p != b.end || !same) {
			if (dict)
				hnj_hyphen_free(dict);
			dict = NULL;
		}
	}
	free(data);
	return dict;
}

HyphenDict *hyphcache_load(const char *path)
{
	last_cached = false;
	source_id id;
	char *dir = cache_dir();
	if (!dir || !identify(path, &id)) {
		free(dir);
		return hnj_hyphen_load(path);
	}
	char *file = cache_path(dir, path);
	HyphenDict *dict = read_cache(file, path, &id);
	if (dict) {
		last_cached = true;
	} else {
		dict = hnj_hyphen_load(path);
		source_id after;
		/* Cached only when the file stood still while it was read. */
		if (dict && identify(path, &after) && memcmp(&after, &id, sizeof id) == 0) {
			make_dirs(dir);
			write_cache(file, path, &id, dict);
		}
	}
	free(file);
	free(dir);
	return dict;
}
