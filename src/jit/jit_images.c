/* jit_images.c - a dump's images disassembled and checked (jit_images.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "jit/jit_images.h"
#include "base/proc.h"
#include "base/xalloc.h"

/* The blob llvm-objdump reads: the images of v that are not bad, each
 * starting on a multiple of 16 after at least 16 bytes of a's nop (an
 * instruction the disassembler reads across an image's end, s390x's
 * literal pool, ends in them, and the next image starts on an
 * instruction); each image's start set (-1: bad).  Every image's length
 * is a multiple of a->align, which a->nopn divides, so the padding is
 * whole nops; at most 31 bytes of it per image. */
static unsigned char *build_blob(const jit_lifter *a, image *v, int n, size_t *len)
{
	size_t pos = 0, cap = 64;
	unsigned char *b = xmalloc(cap);

	for (int i = 0; i <= n; i++) {
		if (i < n && v[i].bad) {
			v[i].start = -1;
			continue;
		}
		size_t pad = (16 - pos % 16) % 16;
		if (i < n ? pos > 0 : pos == 0)
			pad += 16;
		size_t need = pos + pad + (i < n ? v[i].len : 0);
		if (need > cap)
			b = xrealloc(b, cap = need + need / 2);
		for (size_t k = 0; k < pad; k++)
			b[pos + k] = a->nop[k % (size_t)a->nopn];
		pos += pad;
		if (i == n)
			break;
		v[i].start = (long)pos;
		memcpy(b + pos, v[i].code, v[i].len);
		pos += v[i].len;
	}
	*len = pos;
	return b;
}

/* The blob code[0..len) disassembled as a's machine code: llvm-objcopy
 * wraps it in an ELF object, llvm-objdump prints it; both run from an
 * argument vector on files in memory (nothing on disk), with a deadline
 * and a cap on the output.  The text (malloc'd) or NULL, said unless
 * quiet. */
static char *llvm_disassemble(const jit_lifter *a, const char *objdump, const char *objcopy,
			      const unsigned char *code, size_t len, bool quiet)
{
	int bin = proc_memfd("bpfmm-jit-code"), obj = proc_memfd("bpfmm-jit-code.o");
	char binp[64], objp[64], mattr[96], why[96];
	char *text = NULL;
	size_t tn;
	int rc = -1;

	if (bin < 0 || obj < 0) {
		fprintf(stderr, "bpfmm jit-check: memfd_create: %s\n", strerror(errno));
		goto out;
	}
	if (proc_fd_write(bin, code, len) < 0) {
		fprintf(stderr, "bpfmm jit-check: writing the code: %s\n", strerror(errno));
		goto out;
	}
	proc_fd_path(bin, binp, sizeof binp);
	proc_fd_path(obj, objp, sizeof objp);
	const char *cv[] = { objcopy, "-I", "binary", "-O", a->objfmt, binp, "-", NULL };
	rc = proc_run(cv, -1, obj, quiet ? -1 : 2, JC_TIMEOUT);
	if (rc != 0) {
		if (!quiet)
			fprintf(stderr, "bpfmm jit-check: %s: %s (Debian package llvm-19)\n", objcopy,
				proc_status_text(rc, JC_TIMEOUT, why, sizeof why));
		goto out;
	}
	/* the options: -d -z -j .data, --mattr, then a->xopts split at blanks
	 * (a constant of the table) */
	const char *dv[12] = { objdump, "-d", "-z", "-j", ".data" };
	int k = 5;
	char xo[64];
	if (a->mattr) {
		snprintf(mattr, sizeof mattr, "--mattr=%s", a->mattr);
		dv[k++] = mattr;
	}
	snprintf(xo, sizeof xo, "%s", a->xopts);
	for (char *sv = NULL, *t = strtok_r(xo, " ", &sv); t && k < 10; t = strtok_r(NULL, " ", &sv))
		dv[k++] = t;
	dv[k++] = objp;
	dv[k] = NULL;
	/* llvm-objdump prints about 60 bytes a line, a line per 1..15 bytes */
	rc = proc_capture(dv, -1, quiet ? -1 : 2, JC_TIMEOUT, 128 * len + (1 << 20), &text, &tn);
	if (rc != 0) {
		if (!quiet)
			fprintf(stderr, "bpfmm jit-check: %s: %s (Debian package llvm-19)\n", objdump,
				proc_status_text(rc, JC_TIMEOUT, why, sizeof why));
		free(text);
		text = NULL;
	}
out:
	if (bin >= 0)
		close(bin);
	if (obj >= 0)
		close(obj);
	return text;
}

/* llvm-objdump's text of the blob split among the images: per image its
 * instructions in out[i]. */
static void split_disassembly(const jit_lifter *a, char *text, const image *v, int n, dlist *out)
{
	int cur = 0;
	bool pending = false, *closed = xcalloc((size_t)n + 1, sizeof *closed);

	for (char *sv = NULL, *line = strtok_r(text, "\n", &sv); line; line = strtok_r(NULL, "\n", &sv)) {
		dinsn in;
		long addr;
		if (!lift_objdump_line(a, line, &in, &addr))
			continue;
		for (;;) {      /* on to the image addr is in: the next good one */
			int j = cur + 1;
			while (j < n && v[j].start < 0)
				j++;
			if (j >= n || addr < v[j].start)
				break;
			cur = j;
		}
		if (cur >= n || v[cur].start < 0 || addr < v[cur].start)
			continue;
		long end = v[cur].start + (long)v[cur].len;
		if (addr >= end) {
			/* the padding's first instruction starts right at the
			 * image's end, unless the image's last one ran into it */
			if (!closed[cur] && addr != end)
				out[cur].straddle = true;
			closed[cur] = true;
			continue;
		}
		in.addr = addr - v[cur].start;
		out[cur].start = v[cur].start;
		out[cur].ksym28 = v[cur].ksym28;
		out[cur].code = v[cur].code;
		out[cur].len = v[cur].len;
		lift_join(a, &in, &pending, &out[cur]);
	}
	free(closed);
}

int jit_disassemble(const jit_lifter *a, const char *objdump, const char *objcopy, image *v, int n,
		dlist *out, bool quiet)
{
	size_t len;
	unsigned char *blob = build_blob(a, v, n, &len);
	char *text = llvm_disassemble(a, objdump, objcopy, blob, len, quiet);

	free(blob);
	if (!text)
		return -1;
	split_disassembly(a, text, v, n, out);
	free(text);
	return 0;
}

/* The architecture image im looks like when it has none of run.c's
 * markers as a's code: the first other architecture whose disassembly of
 * it finds them, or NULL.  Quiet: the other disassemblies may fail. */
static const jit_lifter *guess_arch(const jit_lifter *a, const image *im, const char *objdump, const char *objcopy)
{
	const jit_lifter *b;

	for (size_t k = 0; (b = lifter_nth(k)) != NULL; k++) {
		if (b == a || im->len % (size_t)b->align)
			continue;
		image one = *im;
		dlist out = { .ksym28 = -1 };
		lifted lt;
		one.bad = false;
		if (jit_disassemble(b, objdump, objcopy, &one, 1, &out, true) < 0) {
			free(out.v);
			continue;
		}
		jit_lift(b, &out, 0, NULL, &lt);
		lift_free(&lt);
		free(out.v);
		if (out.n && lt.broken != JC_NOMARK)
			return b;
	}
	return NULL;
}

/* Images of d that are not a whole number of a's instructions: said,
 * made bad; the number of them.  *total: the bytes of the others,
 * padding included. */
static int check_lengths(const jit_lifter *a, dump *d, const char *dumpf, long *total)
{
	char where[PATH_MAX + 64];
	int nerr = 0;

	*total = 0;
	for (int i = 0; i < d->n; i++) {
		image *im = &d->v[i];
		if (im->len % (size_t)a->align == 0) {
			*total += (long)im->len + 32;
			continue;
		}
		jit_img_where(im, dumpf, where, sizeof where);
		fprintf(stderr, "%s: error: the image of %s thread %d is %zu bytes, not a whole number of %s "
			"instructions (%d bytes each): cut short, or not %s code\n", where, im->test, im->thread,
			im->len, lifter_name(a), a->align, lifter_name(a));
		im->bad = true;
		nerr++;
	}
	return nerr;
}

/* Image im (its instructions l) said and made bad when it is cut short,
 * lacks run.c's markers or its epilogue; 1 if so.  *guess, *guessed:
 * what the first image without markers looks like, asked once. */
static int check_image(const jit_lifter *a, image *im, const dlist *l, const char *dumpf, const char *objdump,
		       const char *objcopy, const jit_lifter **guess, bool *guessed)
{
	char where[PATH_MAX + 64];
	lifted lt;

	jit_img_where(im, dumpf, where, sizeof where);
	if (l->straddle && !a->data_after_code) {
		/* (s390x: the literal pool after the code is data, which the
		 * disassembler may read across the end) */
		fprintf(stderr, "%s: error: the image of %s thread %d (%zu bytes) ends inside an %s "
			"instruction: cut short\n", where, im->test, im->thread, im->len, lifter_name(a));
		im->bad = true;
		return 1;
	}
	jit_lift(a, l, 0, NULL, &lt);
	lift_free(&lt);
	if (!lt.broken)
		return 0;
	if (lt.broken == JC_NOMARK && !*guessed) {
		*guess = guess_arch(a, im, objdump, objcopy);
		*guessed = true;
	}
	if (lt.broken == JC_CUT)
		fprintf(stderr, "%s: error: the image of %s thread %d (%zu bytes) is cut short: %s\n",
			where, im->test, im->thread, im->len, lt.why);
	else
		fprintf(stderr, "%s: error: the image of %s thread %d (%zu bytes) is not %s code of "
			"`bpfmm run`: %s; %s%s%s\n", where, im->test, im->thread, im->len, lifter_name(a), lt.why,
			*guess ? "it looks like " : "cut short before its markers, or another program's code",
			*guess ? lifter_name(*guess) : "", *guess ? " code (--arch of the guest that dumped it?)" : "");
	im->bad = true;
	return 1;
}

int jit_check_images(const jit_lifter *a, dump *d, const char *dumpf, const char *objdump,
		 const char *objcopy, dlist **code)
{
	const jit_lifter *guess = NULL;
	bool guessed = false;
	long total;
	int nerr = check_lengths(a, d, dumpf, &total);

	*code = xcalloc((size_t)d->n + 1, sizeof **code);
	if (total > JC_MAX_CODE) {
		fprintf(stderr, "%s: error: its images hold more than %ld MiB of code, more than any "
			"`bpfmm run` guest dumps; not disassembled\n", dumpf, JC_MAX_CODE >> 20);
		return -1;
	}
	if (d->n && jit_disassemble(a, objdump, objcopy, d->v, d->n, *code, false) < 0)
		return -1;
	for (int i = 0; i < d->n; i++)
		if (!d->v[i].bad)
			nerr += check_image(a, &d->v[i], &(*code)[i], dumpf, objdump, objcopy, &guess, &guessed);
	return nerr;
}

void jit_free_code(dlist *code, int n)
{
	for (int i = 0; code && i < n; i++)
		free(code[i].v);
	free(code);
}
