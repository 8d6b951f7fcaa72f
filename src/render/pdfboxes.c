#include "pdfboxes.h"

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../base/util.h"

/* Hundredths of a point (3.5 µm) are far finer than any cut. */
#define BOX_DECIMALS 2
/* Objects per object stream: a reader unpacks a whole stream to reach one
 * of its objects, so a few dozen kilobytes each, as other writers do. */
#define OBJECTS_PER_STREAM 100
/* Arrays and dictionaries nest far less deep in any PDF cairo writes. */
#define MAX_DEPTH 32

static void puts_(byte_buf *b, const char *s)
{
	bytes_put(b, s, strlen(s));
}

static void putf(byte_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void putf(byte_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	puts_(b, s);
	free(s);
}

/* One object of the drawn file: where it lies, and what it is. */
typedef struct pdf_object {
	bool used;
	size_t off, end;           /* "N 0 obj" .. after "endobj" */
	size_t body, body_end;     /* what stands between them, trimmed */
	bool stream;
	size_t new_off;            /* where a stream object lands in the output */
	size_t in_stream, index;   /* an object stream's number, its place there */
} pdf_object;

typedef struct reader {
	const unsigned char *pdf;
	size_t len;
	pdf_object *objs;
	size_t count;              /* object numbers 0 .. count-1 */
	size_t xref_off, root, info;
	bool has_info;
	char *error;
} reader;

static bool fail(reader *r, const char *why)
{
	if (!r->error)
		r->error = xasprintf("cannot read back the drawn PDF: %s", why);
	return false;
}

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0';
}

static bool is_delim(unsigned char c)
{
	return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}'
		|| c == '/' || c == '%';
}

static bool is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* A decimal number of at most 15 digits at p (below end), into *v. */
static bool read_uint(const unsigned char *p, const unsigned char *end, const unsigned char **after, size_t *v)
{
	size_t n = 0, digits = 0;
	while (p < end && is_digit(*p) && digits < 15) {
		n = n * 10 + (size_t)(*p - '0');
		p++;
		digits++;
	}
	if (!digits || (p < end && is_digit(*p)))
		return false;
	*v = n;
	*after = p;
	return true;
}

static const unsigned char *skip_space(const unsigned char *p, const unsigned char *end)
{
	while (p < end && is_space(*p))
		p++;
	return p;
}

/* The last occurrence of word in pdf[from, to). */
static const unsigned char *find_last(const unsigned char *pdf, size_t from, size_t to, const char *word)
{
	size_t n = strlen(word);
	for (size_t i = to; i >= from + n; i--)
		if (memcmp(pdf + i - n, word, n) == 0)
			return pdf + i - n;
	return NULL;
}

/* --- tokens ------------------------------------------------------------- */

typedef enum tok_kind { T_END, T_DICT, T_DICT_END, T_ARRAY, T_ARRAY_END, T_NAME, T_STRING, T_WORD, T_BAD } tok_kind;

typedef struct token {
	tok_kind kind;
	const unsigned char *s, *e;
} token;

typedef struct lexer {
	const unsigned char *p, *end;
} lexer;

static token next_token(lexer *lx)
{
	for (;;) {
		lx->p = skip_space(lx->p, lx->end);
		if (lx->p < lx->end && *lx->p == '%') {
			while (lx->p < lx->end && *lx->p != '\n' && *lx->p != '\r')
				lx->p++;
			continue;
		}
		break;
	}
	const unsigned char *s = lx->p, *end = lx->end;
	token t = { T_END, s, s };
	if (s >= end)
		return t;
	const unsigned char *p = s;
	if (*p == '<' && p + 1 < end && p[1] == '<') {
		t.kind = T_DICT;
		p += 2;
	} else if (*p == '>' && p + 1 < end && p[1] == '>') {
		t.kind = T_DICT_END;
		p += 2;
	} else if (*p == '[' || *p == ']') {
		t.kind = *p == '[' ? T_ARRAY : T_ARRAY_END;
		p++;
	} else if (*p == '<') {
		/* A hex string. */
		while (p < end && *p != '>')
			p++;
		if (p >= end)
			return (token){ T_BAD, s, end };
		p++;
		t.kind = T_STRING;
	} else if (*p == '(') {
		/* A literal string: balanced parentheses, backslash escapes. */
		int depth = 0;
		for (; p < end; p++) {
			if (*p == '\\') {
				p++;
				continue;
			}
			if (*p == '(')
				depth++;
			else if (*p == ')' && --depth == 0)
				break;
		}
		if (p >= end)
			return (token){ T_BAD, s, end };
		p++;
		t.kind = T_STRING;
	} else if (*p == '/') {
		p++;
		while (p < end && !is_space(*p) && !is_delim(*p))
			p++;
		t.kind = T_NAME;
	} else if (is_delim(*p)) {
		return (token){ T_BAD, s, s + 1 };
	} else {
		while (p < end && !is_space(*p) && !is_delim(*p))
			p++;
		t.kind = T_WORD;
	}
	t.e = p;
	lx->p = p;
	return t;
}

static bool token_is(const token *t, const char *text)
{
	size_t n = strlen(text);
	return (size_t)(t->e - t->s) == n && memcmp(t->s, text, n) == 0;
}

/* The reference "N 0 R" the lexer stands before, into *num. */
static bool read_ref(lexer *lx, size_t *num)
{
	token a = next_token(lx), b = next_token(lx), c = next_token(lx);
	const unsigned char *after;
	return a.kind == T_WORD && b.kind == T_WORD && c.kind == T_WORD && read_uint(a.s, a.e, &after, num)
		&& after == a.e && token_is(&b, "0") && token_is(&c, "R");
}

/* Skip one whole value (a dictionary or array with all it holds). */
static bool skip_value(lexer *lx, token t, int depth)
{
	if (depth > MAX_DEPTH)
		return false;
	if (t.kind == T_DICT || t.kind == T_ARRAY) {
		tok_kind close = t.kind == T_DICT ? T_DICT_END : T_ARRAY_END;
		for (;;) {
			token u = next_token(lx);
			if (u.kind == close)
				return true;
			if (u.kind == T_END || u.kind == T_BAD || u.kind == T_DICT_END || u.kind == T_ARRAY_END)
				return false;
			if (!skip_value(lx, u, depth + 1))
				return false;
		}
	}
	if (t.kind == T_WORD) {
		/* A reference "N G R" is three words. */
		lexer look = *lx;
		token g = next_token(&look), rr = next_token(&look);
		if (g.kind == T_WORD && token_is(&rr, "R"))
			*lx = look;
		return true;
	}
	return t.kind == T_NAME || t.kind == T_STRING;
}

/* In the dictionary that is an object's body, the lexer put just past the
 * value of key (NULL when the dictionary has no such key). */
static bool find_key(const unsigned char *s, const unsigned char *e, const char *key, lexer *at)
{
	lexer lx = { s, e };
	if (next_token(&lx).kind != T_DICT)
		return false;
	for (;;) {
		token k = next_token(&lx);
		if (k.kind != T_NAME)
			return false;
		if (token_is(&k, key)) {
			*at = lx;
			return true;
		}
		if (!skip_value(&lx, next_token(&lx), 1))
			return false;
	}
}

/* --- the drawn file ----------------------------------------------------- */

/* The cross-reference table cairo ends the file with, and its trailer. */
static bool read_xref(reader *r)
{
	const unsigned char *pdf = r->pdf, *end = pdf + r->len;
	size_t tail = r->len > 1024 ? r->len - 1024 : 0;
	const unsigned char *sx = find_last(pdf, tail, r->len, "startxref");
	const unsigned char *after;
	if (!sx || !read_uint(skip_space(sx + 9, end), end, &after, &r->xref_off) || r->xref_off + 4 > r->len)
		return fail(r, "no cross-reference table");
	after = skip_space(after, end);
	if (end - after < 5 || memcmp(after, "%%EOF", 5) != 0)
		return fail(r, "the file ends too soon");
	if (memcmp(pdf + r->xref_off, "xref", 4) != 0)
		return fail(r, "no classic cross-reference table (a cairo other than 1.16?)");
	const unsigned char *p = skip_space(pdf + r->xref_off + 4, end);
	while (p < end && !(end - p >= 7 && memcmp(p, "trailer", 7) == 0)) {
		size_t first, n;
		if (!read_uint(p, end, &p, &first) || !read_uint(skip_space(p, end), end, &p, &n))
			return fail(r, "a broken cross-reference table");
		p = skip_space(p, end);
		if (n > (size_t)(end - p) / 20 || first > r->len)
			return fail(r, "a cross-reference table longer than the file");
		if (first + n > r->count) {
			r->objs = xrealloc(r->objs, (first + n) * sizeof *r->objs);
			memset(r->objs + r->count, 0, (first + n - r->count) * sizeof *r->objs);
			r->count = first + n;
		}
		for (size_t i = 0; i < n; i++, p += 20) {
			size_t off, gen;
			const unsigned char *q;
			if (!read_uint(p, p + 10, &q, &off) || q != p + 10 || !read_uint(p + 11, p + 16, &q, &gen)
				|| q != p + 16 || (p[17] != 'n' && p[17] != 'f'))
				return fail(r, "a broken cross-reference entry");
			if (p[17] == 'n') {
				if (gen != 0)
					return fail(r, "an object of a later generation (an updated file)");
				if (off >= r->xref_off)
					return fail(r, "an object past the cross-reference table");
				r->objs[first + i].used = true;
				r->objs[first + i].off = off;
			}
		}
	}
	if (p >= end)
		return fail(r, "no trailer");
	const unsigned char *trailer = p + 7;
	lexer lx;
	if (find_key(trailer, end, "/Encrypt", &lx) || find_key(trailer, end, "/Prev", &lx))
		return fail(r, "an encrypted or updated file");
	if (!find_key(trailer, end, "/Root", &lx) || !read_ref(&lx, &r->root) || r->root >= r->count
		|| !r->objs[r->root].used)
		return fail(r, "no document catalog");
	r->has_info = find_key(trailer, end, "/Info", &lx);
	if (r->has_info && (!read_ref(&lx, &r->info) || r->info >= r->count || !r->objs[r->info].used))
		return fail(r, "a broken document information reference");
	return true;
}

typedef struct placed {
	size_t off, num;
} placed;

static int by_offset(const void *a, const void *b)
{
	size_t x = ((const placed *)a)->off, y = ((const placed *)b)->off;
	return x < y ? -1 : x > y;
}

/* Each object's extent: from its offset to the next object's (or the
 * table's), "N 0 obj" at the start and "endobj" at the end. */
static bool read_objects(reader *r, size_t **order_out, size_t *used_out)
{
	placed *at = xcalloc(r->count ? r->count : 1, sizeof *at);
	size_t used = 0;
	for (size_t i = 0; i < r->count; i++)
		if (r->objs[i].used)
			at[used++] = (placed){ r->objs[i].off, i };
	qsort(at, used, sizeof *at, by_offset);
	size_t *order = xcalloc(used ? used : 1, sizeof *order);
	for (size_t k = 0; k < used; k++)
		order[k] = at[k].num;
	free(at);
	*order_out = order;
	*used_out = used;
	const unsigned char *pdf = r->pdf;
	for (size_t k = 0; k < used; k++) {
		pdf_object *o = &r->objs[order[k]];
		size_t limit = k + 1 < used ? r->objs[order[k + 1]].off : r->xref_off;
		const unsigned char *p = pdf + o->off, *end = pdf + limit, *q;
		size_t num;
		if (!read_uint(p, end, &q, &num) || num != order[k])
			return fail(r, "an object not where the table puts it");
		q = skip_space(q, end);
		if (end - q < 5 || memcmp(q, "0 obj", 5) != 0)
			return fail(r, "an object without its header");
		const unsigned char *endobj = find_last(pdf, (size_t)(q + 5 - pdf), limit, "endobj");
		if (!endobj)
			return fail(r, "an object without its end");
		o->body = (size_t)(skip_space(q + 5, end) - pdf);
		size_t be = (size_t)(endobj - pdf);
		while (be > o->body && is_space(pdf[be - 1]))
			be--;
		o->body_end = be;
		o->end = (size_t)(endobj - pdf) + 6;
		o->stream = be - o->body >= 9 && memcmp(pdf + be - 9, "endstream", 9) == 0;
	}
	return true;
}

/* --- writing objects compactly ------------------------------------------ */

static bool write_value(lexer *lx, token t, byte_buf *out, int depth);

/* A dictionary's entries, each written once: cairo names a page's forms
 * once per use, and a key twice in one dictionary is an error to strict
 * readers.  `prefix` is written first inside (the page boxes). */
static bool write_dict(lexer *lx, byte_buf *out, int depth, const char *prefix)
{
	byte_buf entries = { 0 };
	size_t *starts = NULL, n = 0, cap = 0;
	bool ok = true;
	for (;;) {
		token k = next_token(lx);
		if (k.kind == T_DICT_END)
			break;
		if (k.kind != T_NAME) {
			ok = false;
			break;
		}
		size_t start = entries.len;
		bytes_put(&entries, k.s, (size_t)(k.e - k.s));
		bytes_put(&entries, " ", 1);
		if (!write_value(lx, next_token(lx), &entries, depth + 1)) {
			ok = false;
			break;
		}
		bool seen = false;
		for (size_t i = 0; i < n && !seen; i++) {
			size_t len = (i + 1 < n ? starts[i + 1] : start) - starts[i];
			seen = len == entries.len - start && memcmp(entries.p + starts[i], entries.p + start, len) == 0;
		}
		if (seen) {
			entries.len = start;
			continue;
		}
		grow_array((void **)&starts, &cap, n + 1, sizeof *starts);
		starts[n++] = start;
	}
	if (ok) {
		puts_(out, "<<");
		if (prefix)
			puts_(out, prefix);
		for (size_t i = 0; i < n; i++) {
			size_t len = (i + 1 < n ? starts[i + 1] : entries.len) - starts[i];
			bytes_put(out, " ", 1);
			bytes_put(out, entries.p + starts[i], len);
		}
		puts_(out, " >>");
	}
	free(entries.p);
	free(starts);
	return ok;
}

static bool write_value(lexer *lx, token t, byte_buf *out, int depth)
{
	if (depth > MAX_DEPTH)
		return false;
	switch (t.kind) {
	case T_DICT:
		return write_dict(lx, out, depth, NULL);
	case T_ARRAY:
		puts_(out, "[");
		for (;;) {
			token u = next_token(lx);
			if (u.kind == T_ARRAY_END)
				break;
			bytes_put(out, " ", 1);
			if (!write_value(lx, u, out, depth + 1))
				return false;
		}
		puts_(out, " ]");
		return true;
	case T_NAME:
	case T_STRING:
		bytes_put(out, t.s, (size_t)(t.e - t.s));
		return true;
	case T_WORD: {
		/* A reference "N G R" is three words; written as they come. */
		bytes_put(out, t.s, (size_t)(t.e - t.s));
		lexer look = *lx;
		token g = next_token(&look), rr = next_token(&look);
		if (g.kind == T_WORD && token_is(&rr, "R")) {
			bytes_put(out, " ", 1);
			bytes_put(out, g.s, (size_t)(g.e - g.s));
			puts_(out, " R");
			*lx = look;
		}
		return true;
	}
	default:
		return false;
	}
}

/* An object's body written compactly (comments and runs of blanks go),
 * with `prefix` inside a dictionary body; false when it is not one whole
 * value. */
static bool write_body(const reader *r, const pdf_object *o, const char *prefix, byte_buf *out)
{
	lexer lx = { r->pdf + o->body, r->pdf + o->body_end };
	token t = next_token(&lx);
	bool ok = prefix && t.kind == T_DICT ? write_dict(&lx, out, 1, prefix) : !prefix && write_value(&lx, t, out, 1);
	return ok && next_token(&lx).kind == T_END;
}

/* --- the page tree ------------------------------------------------------ */

/* The pages in order: the catalog's page tree, flat as cairo writes it. */
static bool read_pages(reader *r, size_t **pages, size_t *page_count)
{
	*pages = NULL;
	*page_count = 0;
	const unsigned char *pdf = r->pdf;
	pdf_object *root = &r->objs[r->root];
	lexer lx;
	size_t tree;
	if (root->stream || !find_key(pdf + root->body, pdf + root->body_end, "/Pages", &lx) || !read_ref(&lx, &tree)
		|| tree >= r->count || !r->objs[tree].used || r->objs[tree].stream)
		return fail(r, "no page tree");
	pdf_object *t = &r->objs[tree];
	if (!find_key(pdf + t->body, pdf + t->body_end, "/Kids", &lx) || next_token(&lx).kind != T_ARRAY)
		return fail(r, "a page tree without pages");
	size_t cap = 0;
	for (;;) {
		lexer look = lx;
		if (next_token(&look).kind == T_ARRAY_END)
			break;
		size_t kid;
		if (!read_ref(&lx, &kid) || kid >= r->count || !r->objs[kid].used || r->objs[kid].stream)
			return fail(r, "a broken page reference");
		lexer ty;
		pdf_object *k = &r->objs[kid];
		if (!find_key(pdf + k->body, pdf + k->body_end, "/Type", &ty))
			return fail(r, "a page without a type");
		token v = next_token(&ty);
		if (!token_is(&v, "/Page"))
			return fail(r, "a page tree of more than one level");
		grow_array((void **)pages, &cap, *page_count + 1, sizeof **pages);
		(*pages)[(*page_count)++] = kid;
	}
	return true;
}

/* --- the output --------------------------------------------------------- */

static void put_number(byte_buf *b, double v)
{
	char s[64];
	snprintf(s, sizeof s, "%.*f", BOX_DECIMALS, v);
	/* 12.50 → 12.5, 12.00 → 12, -0.00 → 0 */
	char *dot = strchr(s, '.');
	if (dot) {
		char *e = s + strlen(s);
		while (e > dot + 1 && e[-1] == '0')
			*--e = '\0';
		if (e == dot + 1)
			*dot = '\0';
	}
	if (strcmp(s, "-0") == 0)
		strcpy(s, "0");
	puts_(b, s);
}

static char *box_entries(const pdfbox_page *page)
{
	byte_buf b = { 0 };
	const double *boxes[2] = { page->trim, page->bleed };
	const char *names[2] = { " /TrimBox [", " /BleedBox [" };
	for (int k = 0; k < 2; k++) {
		puts_(&b, names[k]);
		for (int i = 0; i < 4; i++) {
			bytes_put(&b, " ", 1);
			put_number(&b, boxes[k][i]);
		}
		puts_(&b, " ]");
	}
	bytes_put(&b, "", 1);
	return (char *)b.p;
}

static void put_deflated(byte_buf *out, const byte_buf *data)
{
	uLongf n = compressBound((uLong)data->len);
	grow_array((void **)&out->p, &out->cap, out->len + n + 1, 1);
	if (compress2(out->p + out->len, &n, data->p ? data->p : (const Bytef *)"", (uLong)data->len,
		Z_DEFAULT_COMPRESSION) != Z_OK)
		abort();   /* only on memory exhaustion, which ends the program anyway */
	out->len += n;
}

static void put_be(byte_buf *b, size_t v, int n)
{
	unsigned char c[8];
	for (int i = 0; i < n; i++)
		c[i] = (unsigned char)(v >> (8 * (n - 1 - i)));
	bytes_put(b, c, (size_t)n);
}

/* The number of an object in `objs`, or of an object stream after them
 * (their offsets in stream_offs), as a row of the cross-reference stream:
 * type 1 with an offset, type 2 with its object stream and place there,
 * type 0 for a free number. */
static void put_xref_row(byte_buf *rows, const reader *r, size_t num, const size_t *stream_offs)
{
	if (num >= r->count) {
		put_be(rows, 1, 1);
		put_be(rows, stream_offs[num - r->count], 4);
		put_be(rows, 0, 2);
	} else if (!r->objs[num].used) {
		put_be(rows, 0, 1);
		put_be(rows, 0, 4);
		put_be(rows, num == 0 ? 65535 : 0, 2);
	} else if (r->objs[num].stream) {
		put_be(rows, 1, 1);
		put_be(rows, r->objs[num].new_off, 4);
		put_be(rows, 0, 2);
	} else {
		put_be(rows, 2, 1);
		put_be(rows, r->objs[num].in_stream, 4);
		put_be(rows, r->objs[num].index, 2);
	}
}

/* The non-stream objects packed into object streams after the streams in
 * `o`; their numbers follow the drawn file's.  Returns the count of object
 * streams, their offsets in *stream_offs. */
static bool pack_objects(reader *r, char **prefix, byte_buf *o, size_t **stream_offs, size_t *stream_count)
{
	byte_buf offsets = { 0 }, packed = { 0 };
	size_t in_chunk = 0, cap = 0;
	bool ok = true;
	*stream_offs = NULL;
	*stream_count = 0;
	for (size_t i = 0; i <= r->count && ok; i++) {
		bool last = i == r->count;
		pdf_object *ob = last ? NULL : &r->objs[i];
		if (ob && ob->used && !ob->stream) {
			putf(&offsets, "%zu %zu ", i, packed.len);
			if (!write_body(r, ob, prefix[i], &packed)) {
				char *why = xasprintf("object %zu is not one whole value", i);
				ok = fail(r, why);
				free(why);
				break;
			}
			bytes_put(&packed, "\n", 1);
			ob->in_stream = r->count + *stream_count;
			ob->index = in_chunk++;
		}
		if (in_chunk && (in_chunk == OBJECTS_PER_STREAM || last)) {
			bytes_put(&offsets, packed.p, packed.len);
			byte_buf z = { 0 };
			put_deflated(&z, &offsets);
			grow_array((void **)stream_offs, &cap, *stream_count + 1, sizeof **stream_offs);
			(*stream_offs)[(*stream_count)++] = o->len;
			putf(o, "%zu 0 obj\n<< /Type /ObjStm /N %zu /First %zu /Filter /FlateDecode /Length %zu >>\nstream\n",
				r->count + *stream_count - 1, in_chunk, offsets.len - packed.len, z.len);
			bytes_put(o, z.p, z.len);
			puts_(o, "\nendstream\nendobj\n");
			free(z.p);
			in_chunk = 0;
			offsets.len = 0;
			packed.len = 0;
		}
	}
	free(offsets.p);
	free(packed.p);
	return ok;
}

bool pdfboxes_apply(const unsigned char *pdf, size_t len, const pdfbox_page *pages, size_t count,
	unsigned char **out, size_t *out_len, char **error)
{
	*out = NULL;
	*out_len = 0;
	*error = NULL;
	reader r = { .pdf = pdf, .len = len };
	size_t *order = NULL, used = 0, *page_list = NULL, page_count = 0, *stream_offs = NULL, streams = 0;
	char **prefix = NULL;
	byte_buf o = { 0 };
	bool ok = false;
	if (len < 16 || memcmp(pdf, "%PDF-", 5) != 0) {
		fail(&r, "not a PDF");
		goto done;
	}
	if (!read_xref(&r) || !read_objects(&r, &order, &used) || !read_pages(&r, &page_list, &page_count))
		goto done;
	if (page_count < count) {
		r.error = xstrdup("the drawn PDF has fewer pages than were drawn");
		goto done;
	}
	/* The boxes of each page, by object number. */
	prefix = xcalloc(r.count ? r.count : 1, sizeof *prefix);
	for (size_t i = 0; i < count; i++)
		if (pages[i].has_trim && !prefix[page_list[i]])
			prefix[page_list[i]] = box_entries(&pages[i]);

	/* The header as cairo wrote it (version and binary marker), then the
	 * streams as they are: their data is compressed already. */
	bytes_put(&o, pdf, used ? r.objs[order[0]].off : r.xref_off);
	for (size_t k = 0; k < used; k++) {
		pdf_object *ob = &r.objs[order[k]];
		if (!ob->stream)
			continue;
		ob->new_off = o.len;
		bytes_put(&o, pdf + ob->off, ob->end - ob->off);
		bytes_put(&o, "\n", 1);
	}
	/* Every other object written compactly into compressed object streams
	 * (PDF 1.5): most of a map's size is these small dictionaries, and
	 * they compress well together. */
	if (!pack_objects(&r, prefix, &o, &stream_offs, &streams))
		goto done;
	if (o.len > UINT32_MAX) {
		r.error = xstrdup("the PDF would pass 4 GiB");
		goto done;
	}

	/* The /ID is a hash of the content, not of the clock: the same drawing
	 * gives the same bytes. */
	char *md5 = g_compute_checksum_for_data(G_CHECKSUM_MD5, o.p, o.len);
	size_t xref_num = r.count + streams, size = xref_num + 1, xref_off = o.len;
	byte_buf rows = { 0 };
	for (size_t i = 0; i < xref_num; i++)
		put_xref_row(&rows, &r, i, stream_offs);
	put_be(&rows, 1, 1);
	put_be(&rows, xref_off, 4);
	put_be(&rows, 0, 2);
	byte_buf z = { 0 };
	put_deflated(&z, &rows);
	putf(&o, "%zu 0 obj\n<< /Type /XRef /Size %zu /W [ 1 4 2 ] /Root %zu 0 R", xref_num, size, r.root);
	if (r.has_info)
		putf(&o, " /Info %zu 0 R", r.info);
	putf(&o, " /ID [ <%s> <%s> ] /Filter /FlateDecode /Length %zu >>\nstream\n", md5, md5, z.len);
	bytes_put(&o, z.p, z.len);
	putf(&o, "\nendstream\nendobj\nstartxref\n%zu\n%%%%EOF\n", xref_off);
	g_free(md5);
	free(rows.p);
	free(z.p);
	ok = true;
done:
	if (!ok) {
		*error = r.error ? r.error : xstrdup("cannot finish the PDF");
		r.error = NULL;
		free(o.p);
	} else {
		*out = o.p;
		*out_len = o.len;
	}
	free(r.error);
	if (prefix)
		for (size_t i = 0; i < r.count; i++)
			free(prefix[i]);
	free(prefix);
	free(order);
	free(page_list);
	free(stream_offs);
	free(r.objs);
	return ok;
}
