/* jit_check.c - `bpfmm jit-check`: judge the machine code the kernel's BPF
 * JIT really emitted for a litmus test (docs/jit-check.md).
 *
 * Input: a console log of the `bpfmm run` guest (kernel/guest/bpfrun.c),
 * whose lines "bpfmm-run: jit TEST T HEX" hold the JIT image of thread T,
 * and the BPF litmus tests it ran.  Each image is disassembled with
 * llvm-objdump (Debian's llvm-19) and lifted to a thread of the native
 * litmus dialect:
 *   - the three markers run.c stores to *(u64 *)(r10 - 112) (0x5a1 before
 *     the registers' initial values, 0x5a2 before the body, 0x5a3 after it)
 *     cut the image into prologue, init, body and epilogue;
 *   - the init part is evaluated (constants, and the instance's base
 *     address the prologue spilled to r10 - 8): each register's value
 *     becomes a constant or a named location, and must equal what the
 *     test gives that register;
 *   - the epilogue's ten spills of r0..r9 give the JIT's register
 *     assignment (BPF rK -> native register), checked against the init;
 *   - the body's instructions are kept as emitted (immediates in decimal,
 *     branch targets as labels); accesses to the BPF stack become accesses
 *     to a thread-private location through a register of their own.
 * The lifted test is judged against bpf.cat on the source test by map's
 * judge (jit_map.h): sound, sound-stronger or unsound STATE.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "jit/jit_bpftool.h"
#include "jit/jit_check.h"
#include "jit/jit_map.h"
#include "kit/outdir.h"
#include "kit/report.h"
#include "kit/options.h"
#include "jit/run.h"
#include "arch/frontends.h"
#include "litmus/litmus_read.h"
#include "base/diag.h"
#include "base/infile.h"
#include "base/proc.h"
#include "base/xalloc.h"

#define NELEM(a) (sizeof (a) / sizeof *(a))

/* ---- the architectures ----------------------------------------------------- */

typedef enum { A_RISCV, A_ARM64, A_X86, A_MIPS, A_PPC, A_S390 } arch_kind;

typedef struct {
	const char *name;        /* --arch, as `bpfmm run` names it */
	arch_kind kind;
	const char *fe_arch;     /* header of the lifted test */
	const char *model;
	const char *objfmt;      /* llvm-objcopy -O */
	const char *mattr;       /* llvm-objdump --mattr, or NULL */
	const char *xopts;       /* more llvm-objdump options, or "" */
	const char *stackreg;    /* register the lifted test gives the stack slot */
	unsigned char nop[4];    /* padding between images */
	int nopn;
	int align;               /* every instruction's length is a multiple of it */
} jarch;

static const jarch arches[] = {
	{ "riscv64", A_RISCV, "RISCV", "riscv.cat", "elf64-littleriscv",
	  "+m,+a,+c,+zba,+zbb", "", "s11", { 0x01, 0x00 }, 2, 2 },
	{ "arm64", A_ARM64, "AArch64", "aarch64.cat", "elf64-littleaarch64",
	  "+lse", "", "x28", { 0x1f, 0x20, 0x03, 0xd5 }, 4, 4 },
	{ "x86_64", A_X86, "X86_64", "x86tso.cat", "elf64-x86-64", NULL, "", "r12", { 0x90 }, 1, 1 },
	/* k1 ($27): reserved for the kernel's exception handlers, never
	 * emitted by the JIT */
	{ "mips64el", A_MIPS, "MIPS", "mips.cat", "elf64-tradlittlemips", "+mips64r2", "", "$27",
	  { 0, 0, 0, 0 }, 4, 4 },
	/* r16: the 64-bit JIT uses r0, r1 (stack), r3-r10, r12, r27-r31 and
	 * r2 / r13 (TOC, paca: calls), never r14-r26 (bpf_jit_comp64.c:
	 * bpf_jit_init_reg_mapping); llvm's full register names ("r9", not
	 * "9") are what the PPC dialect reads */
	{ "ppc64le", A_PPC, "PPC", "ppc.cat", "elf64-powerpcle", NULL, " -mllvm -ppc-asm-full-reg-names",
	  "r16", { 0x00, 0x00, 0x00, 0x60 }, 4, 4 },
	/* z196 (CONFIG_MARCH_Z196): without it llvm prints the interlocked
	 * laal / laalg as <unknown>.  r12 is BPF_REG_AX, which the JIT
	 * uses only to blind constants (bpf_jit_harden, off by default):
	 * every other register is the JIT's (bpf_jit_comp.c reg2hex[]);
	 * a body that uses it is refused.  Padding: nopr (bcr 0,0). */
	{ "s390x", A_S390, "S390X", "s390x.cat", "elf64-s390", NULL, " --mcpu=z196", "r12",
	  { 0x07, 0x00 }, 2, 2 },
};

static const jarch *arch_by_name(const char *n)
{
	const char *respelt;

	/* one naming with map and run (arch/frontends.h), older ones noted */
	if (frontend_by_kernel_name(KERNEL_NAME_QEMU, n, &respelt))
		opt_respelt(n, respelt);
	n = respelt ? respelt : n;
	for (size_t i = 0; i < NELEM(arches); i++)
		if (!strcmp(arches[i].name, n))
			return &arches[i];
	return NULL;
}

/* ---- the dump ---------------------------------------------------------------- */

typedef struct {
	char *test;
	int thread;
	unsigned char *code;
	size_t len;
	long start;              /* offset in the disassembled blob */
	long ksym28;             /* its kernel address mod 2^28 (MIPS `j`), or -1 */
	long line;               /* its jit line in the dump, or its line in
				  * the bpftool file (0: a raw image) */
	int col;                 /* its column there (bpftool) */
	char *from;              /* NULL, or the bpftool file it was read from */
	bool bad;                /* malformed (said): not disassembled, its test refused */
} image;

typedef struct {
	char *test;
	int thread;
	unsigned long id;
	char *name;
} held;

typedef struct {
	image *v;
	int n;
	char **unsupported;      /* "TEST REASON" lines of the guest */
	int nunsupported;
	char **ksyms;            /* "TEST T ADDR" lines of the guest */
	int nksyms;
	held *holds;             /* "hold TEST T ID NAME" lines (bpfrun --hold) */
	int nholds;
	int nerr;                /* malformed lines */
	long nrun;               /* "bpfmm-run: " lines of any kind */
} dump;

/* What a dump may hold (hostile input: each loop over it is bounded by
 * these; docs/jit-check.md, "Untrusted dumps").  The runner's own dumps
 * are far below: 246 tests give about 1,000 images, 1 MB of code. */
#define JC_MAX_DUMP RUN_MAX_CONSOLE       /* bytes of the --dump file (run.h) */
#define JC_MAX_LINE RUN_MAX_LINE          /* a jit line of the largest image */
_Static_assert(RUN_MAX_LINE >= 2 * BT_MAX_IMAGE + 64, "a jit line of the largest bpftool image fits");
#define JC_MAX_ITEMS 16384                /* images, ksym, hold, unsupported lines */
#define JC_MAX_CODE (4L << 20)            /* bytes of all images together */
#define JC_TIMEOUT 300                    /* seconds llvm-objcopy / llvm-objdump may take */

/* One "jit TEST T HEX" line (after the "bpfmm-run: " prefix); 0 if it is
 * one, -1 (with why) if it is malformed. */
int jit_parse_line(const char *l, char **test, int *thread, unsigned char **code, size_t *len,
		   const char **why)
{
	const char *p = l + 4, *sp;
	char *end;

	*code = NULL;
	*test = NULL;
	sp = strchr(p, ' ');
	if (!sp || sp == p) {
		*why = "no test name";
		return -1;
	}
	errno = 0;
	long t = strtol(sp + 1, &end, 10);
	if (end == sp + 1 || *end != ' ' || errno || t < 0 || t > 63) {
		*why = "bad thread number";
		return -1;
	}
	const char *h = end + 1;
	size_t n = strlen(h);
	while (n && (h[n - 1] == '\r' || h[n - 1] == ' '))
		n--;
	if (n == 0 || n % 2 || n > 2 * 65536) {
		*why = n > 2 * 65536 ? "image too long" : "odd or empty hex image";
		return -1;
	}
	unsigned char *c = xmalloc(n / 2 + 1);
	for (size_t i = 0; i < n / 2; i++) {
		int a = bt_hexdigit((unsigned char)h[2 * i]), b = bt_hexdigit((unsigned char)h[2 * i + 1]);
		if (a < 0 || b < 0) {
			free(c);
			*why = "not a hex image (the JIT's code was not dumped)";
			return -1;
		}
		c[i] = (unsigned char)(a * 16 + b);
	}
	*test = xstrndup(p, (size_t)(sp - p));
	*thread = (int)t;
	*code = c;
	*len = n / 2;
	return 0;
}

/* The last "ksym TEST T ADDR" line of d for thread th of test: the
 * address mod 2^28, or -1. */
static long ksym_of(const dump *d, const char *test, int th)
{
	size_t tl = strlen(test);

	for (int k = d->nksyms - 1; k >= 0; k--) {
		const char *q = d->ksyms[k];
		char *e1, *e2;
		if (strncmp(q, test, tl) || q[tl] != ' ')
			continue;
		long t = strtol(q + tl + 1, &e1, 10);
		unsigned long long ad = strtoull(e1, &e2, 16);
		if (e1 != q + tl + 1 && e2 != e1 && !*e2 && t == th)
			return (long)(ad & 0xfffffffULL);
	}
	return -1;
}

/* Room for one more of a dump's lines of kind what (at most
 * JC_MAX_ITEMS); false (said once) past that. */
static bool dump_room(dump *d, int have, const char *path, long lineno, const char *what)
{
	if (have < JC_MAX_ITEMS)
		return true;
	if (have == JC_MAX_ITEMS)
		fprintf(stderr, "%s:%ld:1: error: more than %d %s lines; the rest are not read\n", path, lineno,
			JC_MAX_ITEMS, what);
	d->nerr++;
	return false;
}

/* One "bpfmm-run: " line p of the dump (line lineno, p at column col). */
static void dump_line(dump *d, const char *path, long lineno, int col, char *p)
{
	const char *why;

	d->nrun++;
	if (!strncmp(p, "unsupported ", 12) && dump_room(d, d->nunsupported, path, lineno, "unsupported")) {
		d->unsupported = xrealloc(d->unsupported, sizeof *d->unsupported * (d->nunsupported + 1));
		d->unsupported[d->nunsupported++] = xstrdup(p + 12);
	}
	if (!strncmp(p, "ksym ", 5) && dump_room(d, d->nksyms, path, lineno, "ksym")) {
		d->ksyms = xrealloc(d->ksyms, sizeof *d->ksyms * (d->nksyms + 1));
		d->ksyms[d->nksyms++] = xstrdup(p + 5);
	}
	if (!strncmp(p, "hold ", 5) && dump_room(d, d->nholds, path, lineno, "hold")) {
		held h;
		if (bt_parse_hold(p, &h.test, &h.thread, &h.id, &h.name, &why) < 0) {
			fprintf(stderr, "%s:%ld:%d: error: bad hold line: %s\n", path, lineno, col, why);
			d->nerr++;
			return;
		}
		d->holds = xrealloc(d->holds, sizeof *d->holds * (d->nholds + 1));
		d->holds[d->nholds++] = h;
	}
	if (strncmp(p, "jit ", 4) || !dump_room(d, d->n, path, lineno, "jit"))
		return;
	image im = { 0 };
	if (jit_parse_line(p, &im.test, &im.thread, &im.code, &im.len, &why) < 0) {
		fprintf(stderr, "%s:%ld:%d: error: bad jit line: %s\n", path, lineno, col, why);
		d->nerr++;
		return;
	}
	for (int k = 0; k < d->n; k++)
		if (d->v[k].thread == im.thread && !strcmp(d->v[k].test, im.test)) {
			/* the runner dumps each program once: which one is it? */
			fprintf(stderr, "%s:%ld:%d: error: a second image of %s thread %d (the first at line "
				"%ld)\n", path, lineno, col, im.test, im.thread, d->v[k].line);
			d->nerr++;
			d->v[k].bad = true;
			free(im.test);
			free(im.code);
			return;
		}
	/* the last "ksym" line of this image, if any */
	im.ksym28 = ksym_of(d, im.test, im.thread);
	im.line = lineno;
	d->v = xrealloc(d->v, sizeof *d->v * (d->n + 1));
	d->v[d->n++] = im;
}

/* The console log path: its "bpfmm-run: " lines into d; -1 (said) if it
 * cannot be read.  Lines are read into a buffer of JC_MAX_LINE bytes (a
 * longer one is an error if it is the runner's), the file up to
 * JC_MAX_DUMP bytes. */
static int read_dump_stream(FILE *f, const char *path, dump *d)
{
	char *line = xmalloc(JC_MAX_LINE + 1);
	long lineno = 0, total = 0, n;
	const char *pre = "bpfmm-run: ";
	bool whole;
	int rc = 0;

	while ((n = line_read(f, line, JC_MAX_LINE, &whole, JC_MAX_DUMP - total)) >= 0) {
		char *p = strstr(line, pre);
		lineno++;
		total += n;
		if (!whole && p) {
			fprintf(stderr, "%s:%ld:1: error: a line longer than %d bytes (no JIT image is "
				"that long)\n", path, lineno, JC_MAX_LINE);
			d->nerr++;
		} else if (p) {
			int col = (int)(p - line) + (int)strlen(pre) + 1;
			p += strlen(pre);
			p[strcspn(p, "\r")] = '\0';
			dump_line(d, path, lineno, col, p);
		}
		if (total >= JC_MAX_DUMP) {
			fprintf(stderr, "%s:%ld:1: error: the dump is larger than %ld MiB, more than any "
				"`bpfmm run` console; not read further\n", path, lineno, JC_MAX_DUMP >> 20);
			d->nerr++;
			break;
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: error: cannot read the dump: %s\n", path, strerror(errno));
		rc = -1;
	}
	free(line);
	return rc;
}

static int read_dump(const char *path, dump *d)
{
	FILE *f = fopen(path, "r");

	memset(d, 0, sizeof *d);
	if (!f) {
		fprintf(stderr, "%s: error: cannot read the dump: %s\n", path, strerror(errno));
		return -1;
	}
	int rc = read_dump_stream(f, path, d);
	fclose(f);
	return rc;
}

/* ---- images from bpftool (jit_bpftool.h) ------------------------------------- */

/* The file name of path without its directory and from its first '.' on. */
static char *file_stem(const char *path)
{
	const char *b = strrchr(path, '/');

	b = b ? b + 1 : path;
	return xstrndup(b, strcspn(b, "."));
}

/* The hold line of the program named name (or whose id is name). */
static const held *held_by_name(const dump *d, const char *name)
{
	char idtext[32];

	for (int k = 0; k < d->nholds; k++) {
		snprintf(idtext, sizeof idtext, "%lu", d->holds[k].id);
		if (!strcmp(d->holds[k].name, name) || !strcmp(idtext, name))
			return &d->holds[k];
	}
	return NULL;
}

/* Image im of file path (one of n in it) as the code of the program its
 * name or the file's names; 0, or 1 (said). */
static int add_bpftool_image(dump *d, const char *dumpf, const char *path, bt_image *im, int n)
{
	char *stem = file_stem(path);
	const char *name = im->name ? im->name : stem;
	const held *h = NULL;
	int rc = 1;
	char where[PATH_MAX + 32];

	if (im->line > 0)
		snprintf(where, sizeof where, "%s:%ld:%d", path, im->line, im->col);
	else
		snprintf(where, sizeof where, "%s", path);   /* a raw image: the whole file */

	if (!im->name && n > 1)
		fprintf(stderr, "%s: error: which program? bpftool's header does not name it "
			"(bpf_prog_TAG_NAME) and the file holds %d images\n", where, n);
	else if (!(h = held_by_name(d, name)))
		fprintf(stderr, "%s: error: no program '%s' in the hold lines of %s "
			"(`bpfrun --hold` names each program it keeps loaded)\n", where,
			name, dumpf);
	else
		rc = 0;
	free(stem);
	if (rc)
		return rc;
	image *old = NULL;
	for (int k = 0; k < d->n; k++)
		if (d->v[k].thread == h->thread && !strcmp(d->v[k].test, h->test))
			old = &d->v[k];
	if (old && old->from) {
		fprintf(stderr, "%s: error: a second image of %s thread %d (the first from %s)\n", where, h->test, h->thread, old->from);
		return 1;
	}
	if (old && (old->len != im->len || memcmp(old->code, im->code, im->len))) {
		fprintf(stderr, "%s: error: the image of %s thread %d differs from the runner's jit "
			"line (%s:%ld); judged: bpftool's\n", where, h->test, h->thread, dumpf,
			old->line);
		rc = 1;
	}
	if (!old) {
		d->v = xrealloc(d->v, sizeof *d->v * (d->n + 1));
		old = &d->v[d->n++];
		*old = (image){ .test = xstrdup(h->test), .thread = h->thread,
				.ksym28 = ksym_of(d, h->test, h->thread) };
	}
	free(old->code);
	old->code = im->code;
	old->len = im->len;
	old->from = xstrdup(path);
	old->line = im->line;
	old->col = im->col;
	im->code = NULL;
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of bpftool's output to read: path, or the files of the
 * directory path (not those starting with '.'), in name order. */
static char **bpftool_files(const char *path, int *n)
{
	struct stat st;
	char **v = NULL;
	DIR *dir;
	struct dirent *e;

	*n = 0;
	if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode) || !(dir = opendir(path))) {
		v = xmalloc(sizeof *v);
		v[(*n)++] = xstrdup(path);
		return v;
	}
	while ((e = readdir(dir)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		size_t l = strlen(path) + strlen(e->d_name) + 2;
		char *f = xmalloc(l);
		snprintf(f, l, "%s/%s", path, e->d_name);
		if (stat(f, &st) < 0 || !S_ISREG(st.st_mode)) {
			free(f);
			continue;
		}
		v = xrealloc(v, sizeof *v * (size_t)(*n + 1));
		v[(*n)++] = f;
	}
	closedir(dir);
	if (*n)
		qsort(v, (size_t)*n, sizeof *v, cmp_str);
	else
		fprintf(stderr, "%s: error: no file in the directory\n", path);
	return v;
}

/* Every image of the --bpftool / --image inputs into d; the number of
 * errors (said). */
static int read_bpftool(dump *d, const char *dumpf, const char *const *paths, const bool *raw, int npaths)
{
	int nerr = 0;

	for (int i = 0; i < npaths; i++) {
		int nf;
		char **files = bpftool_files(paths[i], &nf);
		nerr += nf == 0;
		for (int k = 0; k < nf; k++) {
			bt_images b = { 0 };
			nerr += bt_read_file(files[k], raw[i], &b, stderr);
			for (int j = 0; j < b.n; j++)
				nerr += add_bpftool_image(d, dumpf, files[k], &b.v[j], b.n);
			bt_free(&b);
			free(files[k]);
		}
		free(files);
	}
	return nerr;
}

static void free_dump(dump *d)
{
	for (int i = 0; i < d->n; i++) {
		free(d->v[i].test);
		free(d->v[i].code);
		free(d->v[i].from);
	}
	for (int i = 0; i < d->nunsupported; i++)
		free(d->unsupported[i]);
	free(d->unsupported);
	for (int i = 0; i < d->nksyms; i++)
		free(d->ksyms[i]);
	free(d->ksyms);
	for (int i = 0; i < d->nholds; i++) {
		free(d->holds[i].test);
		free(d->holds[i].name);
	}
	free(d->holds);
	free(d->v);
}

/* ---- disassembly -------------------------------------------------------------- */

typedef struct {
	long addr;               /* offset in its image */
	char mn[24];
	char ops[200];
} dinsn;

typedef struct {
	dinsn *v;
	int n;
	long start;              /* the image's offset in the blob (branch targets) */
	long ksym28;             /* image.ksym28 */
	const unsigned char *code;  /* the image's bytes (S390X literals), or NULL */
	size_t len;
	bool straddle;           /* its last instruction runs past its end */
} dlist;

static void dl_push(dlist *l, const dinsn *i)
{
	l->v = xrealloc(l->v, sizeof *l->v * (l->n + 1));
	l->v[l->n++] = *i;
}

/* A MIPS branch or jump with a target operand (a delay slot follows). */
static bool mips_is_branch(const char *mn)
{
	return (mn[0] == 'b' && strcmp(mn, "break") != 0) || !strcmp(mn, "j") || !strcmp(mn, "jal");
}

/* An S390X branch with a target operand: j<cond> / jg<cond> (brc /
 * brcl), brc / brcl MASK, and compare and branch (cgrj, clgrj, crj, clrj
 * and the immediate cgij, ... forms, with or without a mask suffix). */
static bool s390_is_branch(const char *mn)
{
	return mn[0] == 'j' || !strcmp(mn, "brc") || !strcmp(mn, "brcl")
	       || (mn[0] == 'c' && (strstr(mn, "rj") || strstr(mn, "ij")));
}

/* S390X: the bytes an access of mnemonic mn touches when fewer than 8
 * (the narrow loads, stores, interlocked updates and compare-and-swaps of
 * the JIT), else 0. */
static int s390_narrow(const char *mn)
{
	static const struct { const char *mn; int size; } t[] = {
		{ "l", 4 }, { "ly", 4 }, { "llgf", 4 }, { "lgf", 4 }, { "st", 4 }, { "sty", 4 },
		{ "laa", 4 }, { "laal", 4 }, { "lan", 4 }, { "lao", 4 }, { "lax", 4 }, { "cs", 4 },
		{ "csy", 4 }, { "lh", 2 }, { "lhy", 2 }, { "llgh", 2 }, { "llh", 2 }, { "lgh", 2 },
		{ "sth", 2 }, { "sthy", 2 }, { "llgc", 1 }, { "llc", 1 }, { "lb", 1 }, { "lgb", 1 },
		{ "stc", 1 }, { "stcy", 1 },
	};
	for (size_t i = 0; i < NELEM(t); i++)
		if (!strcmp(mn, t[i].mn))
			return t[i].size;
	return 0;
}

/* One line of llvm-objdump -d: "   OFF: BYTES \tMNEMONIC\tOPERANDS  # comment";
 * false if it is no instruction. */
static bool objdump_line(const jarch *a, char *line, dinsn *in, long *addr)
{
	char *colon, *t1, *t2, *e;

	line[strcspn(line, "\n")] = '\0';
	*addr = strtol(line, &colon, 16);
	if (colon == line || *colon != ':' || *addr < 0 || !(t1 = strchr(colon, '\t')))
		return false;
	memset(in, 0, sizeof *in);
	t2 = strchr(t1 + 1, '\t');
	if (t2)
		*t2 = '\0';
	snprintf(in->mn, sizeof in->mn, "%s", t1 + 1);
	/* MIPS: "nop <sym>", "sync <sym>" (llvm's symbol for operand 0) */
	if (a->kind == A_MIPS && (e = strchr(in->mn, ' ')) != NULL)
		*e = '\0';
	/* PPC: llvm separates some mnemonics from their operands by a space
	 * ("li r9, 1441"), others by a tab ("mr\tr28, r3") */
	if (a->kind == A_PPC && !t2 && (e = strchr(t1 + 1, ' ')) != NULL) {
		in->mn[e - (t1 + 1) < (long)sizeof in->mn ? e - (t1 + 1) : 0] = '\0';
		t2 = e;
	}
	if (t2) {
		/* drop llvm's comments: "  # imm = ...", "// =1" */
		if ((e = strstr(t2 + 1, " #")) != NULL && a->kind == A_X86)
			*e = '\0';
		if ((e = strstr(t2 + 1, "//")) != NULL)
			*e = '\0';
		/* MIPS: llvm follows immediates with "<sym+off>" (and prints
		 * `sync 0` as "sync <sym>"); only a branch's is a target */
		if (a->kind == A_MIPS && !mips_is_branch(in->mn) && (e = strstr(t2 + 1, "<")) != NULL)
			*e = '\0';
		snprintf(in->ops, sizeof in->ops, "%s", t2 + 1);
		for (size_t k = strlen(in->ops); k && in->ops[k - 1] == ' '; k--)
			in->ops[k - 1] = '\0';
	}
	return in->mn[0] != '\0';
}

/* Append in to l; x86's lock prefix, which llvm prints alone on its line,
 * is joined to the instruction after it. */
static void join_lock(const jarch *a, dinsn *in, bool *lock, dlist *l)
{
	if (a->kind == A_X86 && !strcmp(in->mn, "lock") && !in->ops[0]) {
		*lock = true;
		return;
	}
	if (*lock) {
		char m[sizeof in->mn];
		snprintf(m, sizeof m, "%s", in->mn);
		snprintf(in->mn, sizeof in->mn, "lock %.18s", m);
		in->addr -= 1;
		*lock = false;
	}
	dl_push(l, in);
}

/* Where image im came from, for messages: "DUMP:LINE:COL" (a jit line),
 * "FILE:LINE:COL" (bpftool's text or JSON) or "FILE" (a raw image). */
static void img_where(const image *im, const char *dumpf, char *buf, size_t n)
{
	if (im->from && im->line <= 0)
		snprintf(buf, n, "%s", im->from);
	else if (im->from)
		snprintf(buf, n, "%s:%ld:%d", im->from, im->line, im->col > 0 ? im->col : 1);
	else
		snprintf(buf, n, "%s:%ld:%d", dumpf, im->line, im->col > 0 ? im->col : 1);
}

/* The blob llvm-objdump reads: the images of v that are not bad, each
 * starting on a multiple of 16 after at least 16 bytes of a's nop (an
 * instruction the disassembler reads across an image's end, s390x's
 * literal pool, ends in them, and the next image starts on an
 * instruction); each image's start set (-1: bad).  Every image's length
 * is a multiple of a->align, which a->nopn divides, so the padding is
 * whole nops; at most 31 bytes of it per image. */
static unsigned char *build_blob(const jarch *a, image *v, int n, size_t *len)
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
static char *llvm_disassemble(const jarch *a, const char *objdump, const char *objcopy,
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
static void split_disassembly(const jarch *a, char *text, const image *v, int n, dlist *out)
{
	int cur = 0;
	bool lock = false, *closed = xcalloc((size_t)n + 1, sizeof *closed);

	for (char *sv = NULL, *line = strtok_r(text, "\n", &sv); line; line = strtok_r(NULL, "\n", &sv)) {
		dinsn in;
		long addr;
		if (!objdump_line(a, line, &in, &addr))
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
		join_lock(a, &in, &lock, &out[cur]);
	}
	free(closed);
}

/* Disassemble the images v[0..n) that are not bad in one llvm-objdump
 * run; per image its instructions in out[i].  0, or -1 (said unless
 * quiet). */
static int disassemble(const jarch *a, const char *objdump, const char *objcopy, image *v, int n,
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

/* ---- operands -------------------------------------------------------------------- */

/* Split "a, b, [c, d]" at top-level commas into at most max trimmed parts. */
static int split_ops(const char *ops, char parts[][64], int max)
{
	int n = 0, depth = 0;
	size_t k = 0;

	if (!*ops)
		return 0;
	for (const char *p = ops;; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		else if (*p == ')' || *p == ']')
			depth--;
		if (*p == '\0' || (*p == ',' && depth == 0)) {
			if (n < max) {
				while (k && parts[n][k - 1] == ' ')
					k--;
				parts[n][k] = '\0';
				n++;
			}
			k = 0;
			if (!*p)
				break;
			while (p[1] == ' ')
				p++;
			continue;
		}
		if (n < max && k < 63)
			parts[n][k++] = *p;
	}
	return n;
}

/* An immediate "0x10", "-0x8", "16", "#0x10", "$0x10": 0 on success. */
static int parse_imm(const char *s, int64_t *v)
{
	char *e;
	bool neg = false;

	if (*s == '#' || *s == '$')
		s++;
	if (*s == '-') {
		neg = true;
		s++;
	}
	if (!*s)
		return -1;
	errno = 0;
	uint64_t u = strtoull(s, &e, 0);
	if (*e || errno)
		return -1;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	return 0;
}

/* The register a name denotes, as the epilogue and the lifted test name it
 * (x86: "rax" for %eax / %ax / %al, arm64: "x3" for w3); "" if none. */
static void canon_reg(const jarch *a, const char *s, char *out, size_t n)
{
	static const char *const x86[][5] = {
		{ "rax", "eax", "ax", "al", NULL }, { "rbx", "ebx", "bx", "bl", NULL },
		{ "rcx", "ecx", "cx", "cl", NULL }, { "rdx", "edx", "dx", "dl", NULL },
		{ "rsi", "esi", "si", "sil", NULL }, { "rdi", "edi", "di", "dil", NULL },
		{ "rbp", "ebp", "bp", "bpl", NULL }, { "rsp", "esp", "sp", "spl", NULL },
	};
	out[0] = '\0';
	if (a->kind == A_X86) {
		if (*s != '%')
			return;
		s++;
		for (size_t i = 0; i < NELEM(x86); i++)
			for (int k = 0; k < 4; k++)
				if (!strcmp(s, x86[i][k])) {
					snprintf(out, n, "%s", x86[i][0]);
					return;
				}
		int r;
		char suf[4] = "";
		if (sscanf(s, "r%d%3s", &r, suf) >= 1 && r >= 8 && r <= 15)
			snprintf(out, n, "r%d", r);
		return;
	}
	if (a->kind == A_ARM64) {
		int r;
		char c;
		if ((s[0] == 'x' || s[0] == 'w') && sscanf(s + 1, "%d%c", &r, &c) == 1 && r >= 0 && r <= 30)
			snprintf(out, n, "x%d", r);
		else if (!strcmp(s, "sp") || !strcmp(s, "xzr") || !strcmp(s, "wzr"))
			snprintf(out, n, "%s", s[0] == 'w' ? "xzr" : s);
		return;
	}
	if (a->kind == A_MIPS) {
		/* "$12", "$zero", "$fp": the front-end's canonical "$N" */
		const frontend *mfe = frontend_for_arch("MIPS");
		char buf[CANON_REG_MAX];
		const char *c;
		if (s[0] == '$' && mfe && mfe->is_register(s)) {
			c = mfe->canon_register(s, buf);
			snprintf(out, n, "%s", c ? c : s);
		}
		return;
	}
	if (a->kind == A_PPC) {
		const frontend *pfe = frontend_for_arch("PPC");
		if (pfe && pfe->is_register(s))
			snprintf(out, n, "%s", s);
		return;
	}
	if (a->kind == A_S390) {
		/* llvm's "%r13": the front-end's "r13" */
		const frontend *zfe = frontend_for_arch("S390X");
		char buf[CANON_REG_MAX];
		const char *c;
		if (zfe && zfe->is_register(s) && (c = zfe->canon_register(s, buf)) != NULL)
			snprintf(out, n, "%s", c);
		return;
	}
	if (strlen(s) < 5 && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789") == strlen(s))
		snprintf(out, n, "%s", s);
}

/* A memory operand: base register (canonical) and offset.  riscv
 * "OFF(REG)", arm64 "[REG]" / "[REG, #OFF]", x86 "OFF(%REG)" / "(%REG)". */
static bool parse_mem(const jarch *a, const char *s, char *base, size_t n, int64_t *off)
{
	char b[64] = "";
	*off = 0;
	if (a->kind == A_ARM64) {
		char o[64] = "";
		if (s[0] != '[' || s[strlen(s) - 1] != ']')
			return false;
		if (sscanf(s, "[%63[^],], %63[^]]]", b, o) >= 1) {
			if (o[0] && parse_imm(o, off) < 0)
				return false;
		}
	} else {
		const char *lp = strchr(s, '(');
		if (!lp || s[strlen(s) - 1] != ')')
			return false;
		const char *cm = strchr(lp, ',');
		if (cm && a->kind != A_S390)
			return false;
		if (lp != s) {
			char o[64];
			snprintf(o, sizeof o, "%.*s", (int)(lp - s), s);
			if (parse_imm(o, off) < 0)
				return false;
		}
		snprintf(b, sizeof b, "%.*s", (int)(strlen(lp) - 2), lp + 1);
		if (cm) {
			/* S390X "D(X,B)": the JIT puts the address in the index
			 * field and 0 in the base (EMIT6_DISP_LH(op, reg, dst,
			 * REG_0, off)); register 0 there means none, so one of
			 * X and B is the address register */
			char *y = strchr(b, ',');
			*y++ = '\0';
			bool x0 = !strcmp(b, "0") || !strcmp(b, "%r0"), y0 = !strcmp(y, "0") || !strcmp(y, "%r0");
			if (x0 == y0)
				return false;
			if (x0)
				memmove(b, y, strlen(y) + 1);
		}
	}
	canon_reg(a, b, base, n);
	return base[0] != '\0';
}

static bool is_stackreg(const jarch *a, const char *canon)
{
	switch (a->kind) {
	case A_RISCV: return !strcmp(canon, "s5");
	case A_ARM64: return !strcmp(canon, "sp") || !strcmp(canon, "x25");
	case A_MIPS: return !strcmp(canon, "$30");
	case A_PPC: return !strcmp(canon, "r31");
	case A_S390: return !strcmp(canon, "r13");
	default: return !strcmp(canon, "rbp");
	}
}

/* ---- evaluation of the init part --------------------------------------------- */

typedef enum { V_UNKNOWN, V_CONST, V_BASE } vkind;   /* V_BASE: instance base + v */

typedef struct {
	char reg[8];
	vkind k;
	int64_t v;
} rval;

typedef struct {
	rval r[48];
	int n;
} regfile;

static rval *rf_get(regfile *f, const char *reg)
{
	for (int i = 0; i < f->n; i++)
		if (!strcmp(f->r[i].reg, reg))
			return &f->r[i];
	if (f->n == (int)NELEM(f->r))
		return NULL;
	rval *v = &f->r[f->n++];
	snprintf(v->reg, sizeof v->reg, "%s", reg);
	v->k = V_UNKNOWN;
	return v;
}

static int64_t sext32(int64_t v) { return (int64_t)(int32_t)(uint32_t)v; }

/* eval() for MIPS: `addiu` / `daddiu`, `lui`, `ori`, `move`, `daddu`,
 * `dsll` / `dsll32` of constants, and `ld` of the spilled base from the
 * BPF stack; destination rd (o[0]).  32-bit results (`addiu`, `lui`) are
 * sign-extended, as MIPS64 does. */
static int eval_mips(const jarch *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	char s1[8], s2[8];
	int64_t imm, off;
	rval *rs, *rt;

	if (!strcmp(m, "lui") && n == 2 && parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = sext32((int64_t)((uint64_t)(imm & 0xffff) << 16));
		return 0;
	}
	if (!strcmp(m, "ld") && n == 2 && parse_mem(a, o[1], s1, sizeof s1, &off) && is_stackreg(a, s1)) {
		rd->k = V_BASE;
		rd->v = 0;
		return 0;
	}
	canon_reg(a, o[1], s1, sizeof s1);
	if (!s1[0] || !(rs = rf_get(f, s1)))
		return -1;
	if (!strcmp(s1, "$0"))
		*rs = (rval){ .reg = "$0", .k = V_CONST, .v = 0 };
	if (rs->k == V_UNKNOWN)
		return -1;
	vkind k = rs->k;
	int64_t v = rs->v;
	if (!strcmp(m, "move") && n == 2) {
		rd->k = k;
		rd->v = v;
		return 0;
	}
	if (n != 3)
		return -1;
	if (parse_imm(o[2], &imm) == 0) {
		if (!strcmp(m, "daddiu")) {
			rd->k = k;
			rd->v = v + imm;
			return 0;
		}
		if (k != V_CONST)
			return -1;
		if (!strcmp(m, "addiu")) {
			rd->k = k;
			rd->v = sext32(v + imm);
			return 0;
		}
		if (!strcmp(m, "ori")) {
			rd->k = k;
			rd->v = v | (imm & 0xffff);
			return 0;
		}
		if ((!strcmp(m, "dsll") || !strcmp(m, "dsll32")) && imm >= 0 && imm < 32) {
			rd->k = k;
			rd->v = (int64_t)((uint64_t)v << (imm + (m[4] ? 32 : 0)));
			return 0;
		}
		return -1;
	}
	if (!strcmp(m, "daddu")) {
		canon_reg(a, o[2], s2, sizeof s2);
		if (!s2[0] || !(rt = rf_get(f, s2)))
			return -1;
		if (!strcmp(s2, "$0"))
			*rt = (rval){ .reg = "$0", .k = V_CONST, .v = 0 };
		if (rt->k == V_UNKNOWN || (k == V_BASE && rt->k == V_BASE))
			return -1;
		rd->k = k == V_BASE || rt->k == V_BASE ? V_BASE : V_CONST;
		rd->v = v + rt->v;
		return 0;
	}
	return -1;
}

/* What the riscv and PPC evaluators share: `LD RD, OFF(stack)` (the
 * spilled instance base), then the source operand o[1]'s value into *k /
 * *v, and `MV RD, RS`.  0 when the instruction is done, 1 when the caller
 * goes on with *k / *v, -1 when it cannot be evaluated. */
static int eval_ld_mv(const jarch *a, regfile *f, const char *m, char o[][64], int n, rval *rd,
		      const char *ld, const char *mv, vkind *k, int64_t *v)
{
	char s1[8];
	int64_t off;
	rval *rs;

	if (!strcmp(m, ld) && n == 2 && parse_mem(a, o[1], s1, sizeof s1, &off) && is_stackreg(a, s1)) {
		rd->k = V_BASE;
		rd->v = 0;
		return 0;
	}
	canon_reg(a, o[1], s1, sizeof s1);
	if (!s1[0] || !(rs = rf_get(f, s1)) || rs->k == V_UNKNOWN)
		return -1;
	*k = rs->k;
	*v = rs->v;
	if (!strcmp(m, mv) && n == 2) {
		rd->k = *k;
		rd->v = *v;
		return 0;
	}
	return 1;
}

/* `add RD, RS, RT` (riscv, PPC): RS's value k / v plus RT's; at most one
 * of them the base. */
static int eval_add(const jarch *a, regfile *f, const char *rt_name, vkind k, int64_t v, rval *rd)
{
	char s2[8];
	rval *rt;

	canon_reg(a, rt_name, s2, sizeof s2);
	if (!s2[0] || !(rt = rf_get(f, s2)) || rt->k == V_UNKNOWN || (k == V_BASE && rt->k == V_BASE))
		return -1;
	rd->k = k == V_BASE || rt->k == V_BASE ? V_BASE : V_CONST;
	rd->v = v + rt->v;
	return 0;
}

/* eval() for PPC: `li`, `lis`, `ori`, `oris`, `sldi`, `addi`, `addis`,
 * `add`, `mr`, `clrldi RD, RS, 32` and `slwi RD, RS, 0` (zero
 * extensions) of constants, and `ld` of the spilled
 * base from the BPF stack (PPC_LI32 / PPC_LI64 of bpf_jit.h); destination
 * rd (o[0]).  `li` and `lis` sign-extend, as the ISA does. */
static int eval_ppc(const jarch *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	int64_t imm, v;
	vkind k;
	int rc;

	if (!strcmp(m, "li") && n == 2 && parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = (int64_t)(int16_t)(uint16_t)(imm & 0xffff);
		return 0;
	}
	if (!strcmp(m, "lis") && n == 2 && parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = sext32((int64_t)((uint64_t)(imm & 0xffff) << 16));
		return 0;
	}
	if ((rc = eval_ld_mv(a, f, m, o, n, rd, "ld", "mr", &k, &v)) <= 0)
		return rc;
	if (n != 3)
		return -1;
	if (parse_imm(o[2], &imm) == 0) {
		if (!strcmp(m, "addi") || !strcmp(m, "addis")) {
			rd->k = k;
			rd->v = v + (m[4] ? sext32((int64_t)((uint64_t)(imm & 0xffff) << 16))
				     : (int64_t)(int16_t)(uint16_t)(imm & 0xffff));
			return 0;
		}
		if (k != V_CONST)
			return -1;
		rd->k = k;
		if (!strcmp(m, "ori") || !strcmp(m, "oris")) {
			rd->v = v | (int64_t)((uint64_t)(imm & 0xffff) << (m[3] ? 16 : 0));
			return 0;
		}
		if (!strcmp(m, "sldi") && imm >= 0 && imm < 64) {
			rd->v = (int64_t)((uint64_t)v << imm);
			return 0;
		}
		if ((!strcmp(m, "clrldi") && imm == 32) || (!strcmp(m, "slwi") && imm == 0)) {
			rd->v = (int64_t)(uint32_t)v;
			return 0;
		}
		return -1;
	}
	if (!strcmp(m, "add"))
		return eval_add(a, f, o[2], k, v, rd);
	return -1;
}

/* eval() for S390X: `lgfi` / `lghi` (sign-extended) and `llilf`
 * (zero-extended) constants, `llihf` + `iilf` (a 64-bit literal,
 * s390_literals), `lg` of the spilled base from the BPF stack,
 * `lgr`, `agfi` / `aghi` / `algfi` of an immediate, `agr`, and the zero
 * and sign extensions `llgfr` / `lgfr` of a constant (the JIT's
 * BPF_ALU64 | BPF_MOV | BPF_K, BPF_ALU64 | BPF_ADD | BPF_K,
 * arch/s390/net/bpf_jit_comp.c:972-975, 1009-1014); destination rd (o[0]). */
static int eval_s390(const jarch *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	int64_t imm, v;
	vkind k;
	int rc;

	if (n != 2)
		return -1;
	if (parse_imm(o[1], &imm) == 0) {
		if (!strcmp(m, "lgfi") || !strcmp(m, "lghi") || !strcmp(m, "llilf")) {
			rd->k = V_CONST;
			rd->v = m[1] == 'l' ? (int64_t)(uint32_t)imm
				: m[2] == 'h' ? (int64_t)(int16_t)(uint16_t)imm : sext32(imm);
			return 0;
		}
		/* a 64-bit literal (s390_literals): llihf HI; iilf LO */
		if (!strcmp(m, "llihf")) {
			rd->k = V_CONST;
			rd->v = (int64_t)((uint64_t)(uint32_t)imm << 32);
			return 0;
		}
		if (!strcmp(m, "iilf") && rd->k == V_CONST) {
			rd->v = (int64_t)(((uint64_t)rd->v & UINT64_C(0xffffffff00000000)) | (uint32_t)imm);
			return 0;
		}
		if ((!strcmp(m, "agfi") || !strcmp(m, "aghi") || !strcmp(m, "algfi")) && rd->k != V_UNKNOWN) {
			rd->v += !strcmp(m, "algfi") ? (int64_t)(uint32_t)imm
				 : m[2] == 'h' ? (int64_t)(int16_t)(uint16_t)imm : sext32(imm);
			return 0;
		}
		return -1;
	}
	if ((rc = eval_ld_mv(a, f, m, o, n, rd, "lg", "lgr", &k, &v)) <= 0)
		return rc;
	if (!strcmp(m, "agr") && rd->k != V_UNKNOWN) {
		rval cur = *rd;
		return eval_add(a, f, o[1], cur.k, cur.v, rd);
	}
	if ((!strcmp(m, "llgfr") || !strcmp(m, "lgfr")) && k == V_CONST) {
		rd->k = k;
		rd->v = m[1] == 'l' ? (int64_t)(uint32_t)v : sext32(v);
		return 0;
	}
	return -1;
}

/* Apply one instruction of the init part: 0, or -1 if it is not one the
 * evaluator knows (constants, moves, adds, shifts, loads of the spilled
 * base).  A 32-bit destination (x86 %eXX, arm64 wN) zero-extends. */
/* x86-64 (AT&T operands: source first): constants, the stack base,
 * adding a constant */
static int eval_x86(const jarch *a, regfile *f, const char *m, char o[][64], int n)
{
	char d[8], s1[8];
	int64_t imm, off;
	rval *rd;

	/* AT&T: source first */
	if (n != 2)
		return -1;
	canon_reg(a, o[1], d, sizeof d);
	if (!d[0] || !(rd = rf_get(f, d)))
		return -1;
	bool w32 = !strncmp(o[1], "%e", 2) || o[1][strlen(o[1]) - 1] == 'd';
	if ((!strcmp(m, "movl") || !strcmp(m, "movq") || !strcmp(m, "movabsq"))
	    && parse_imm(o[0], &imm) == 0 && o[0][0] == '$') {
		rd->k = V_CONST;
		rd->v = !strcmp(m, "movl") ? (int64_t)(uint32_t)imm : imm;
		return 0;
	}
	if ((!strcmp(m, "xorl") || !strcmp(m, "xorq")) && !strcmp(o[0], o[1])) {
		rd->k = V_CONST;
		rd->v = 0;
		return 0;
	}
	if (!strcmp(m, "movq") && parse_mem(a, o[0], s1, sizeof s1, &off) && is_stackreg(a, s1)) {
		rd->k = V_BASE;
		rd->v = 0;
		return 0;
	}
	if ((!strcmp(m, "addq") || !strcmp(m, "subq")) && o[0][0] == '$' && parse_imm(o[0], &imm) == 0
	    && rd->k != V_UNKNOWN && !w32) {
		rd->v += !strcmp(m, "addq") ? imm : -imm;
		return 0;
	}
	return -1;
}

/* arm64: mov / movk constants, the stack base, moves and adds */
static int eval_arm64(const jarch *a, regfile *f, const char *m, char o[][64], int n, rval *rd, const char *d)
{
	char s1[8], s2[8];
	int64_t imm, off;
	rval *rs, *rt;
	bool w32 = o[0][0] == 'w';

	if (!strcmp(m, "mov") && n == 2 && parse_imm(o[1], &imm) == 0 && o[1][0] == '#') {
		rd->k = V_CONST;
		rd->v = w32 ? (int64_t)(uint32_t)imm : imm;
		return 0;
	}
	if (!strcmp(m, "movk") && parse_imm(o[1], &imm) == 0 && rd->k == V_CONST) {
		int sh = 0;
		if (n == 3 && sscanf(o[2], "lsl #%d", &sh) != 1)
			return -1;
		if (sh < 0 || sh > 48)
			return -1;
		rd->v = (int64_t)(((uint64_t)rd->v & ~((uint64_t)0xffff << sh))
				  | ((uint64_t)(imm & 0xffff) << sh));
		if (w32)
			rd->v = (int64_t)(uint32_t)rd->v;
		return 0;
	}
	if ((!strcmp(m, "ldr") || !strcmp(m, "ldur")) && !w32 && parse_mem(a, o[1], s1, sizeof s1, &off)
	    && is_stackreg(a, s1)) {
		rd->k = V_BASE;
		rd->v = 0;
		return 0;
	}
	if (!strcmp(m, "mov") && n == 2) {
		canon_reg(a, o[1], s1, sizeof s1);
		if (!s1[0] || !(rs = rf_get(f, s1)))
			return -1;
		*rd = (rval){ .k = rs->k, .v = rs->v };
		snprintf(rd->reg, sizeof rd->reg, "%s", d);
		return 0;
	}
	if (!strcmp(m, "add") && n == 3 && !w32) {
		canon_reg(a, o[1], s1, sizeof s1);
		if (!s1[0] || !(rs = rf_get(f, s1)) || rs->k == V_UNKNOWN)
			return -1;
		if (parse_imm(o[2], &imm) == 0) {
			rd->k = rs->k;
			rd->v = rs->v + imm;
			return 0;
		}
		canon_reg(a, o[2], s2, sizeof s2);
		if (!s2[0] || !(rt = rf_get(f, s2)) || rt->k != V_CONST)
			return -1;
		rd->k = rs->k;
		rd->v = rs->v + rt->v;
		return 0;
	}
	return -1;
}

/* riscv64: li / lui constants, loads of the stack base and moves, adds
 * and shifts of constants */
static int eval_riscv(const jarch *a, regfile *f, const char *m, char o[][64], int n, rval *rd)
{
	int64_t imm;

	if (!strcmp(m, "li") && parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = imm;
		return 0;
	}
	if (!strcmp(m, "lui") && parse_imm(o[1], &imm) == 0) {
		rd->k = V_CONST;
		rd->v = sext32(imm << 12);
		return 0;
	}
	vkind k;
	int64_t v;
	int rc = eval_ld_mv(a, f, m, o, n, rd, "ld", "mv", &k, &v);
	if (rc <= 0)
		return rc;
	if (n != 3)
		return -1;
	if ((!strcmp(m, "addi") || !strcmp(m, "addiw")) && parse_imm(o[2], &imm) == 0) {
		if (!strcmp(m, "addiw") && k != V_CONST)
			return -1;
		rd->k = k;
		rd->v = !strcmp(m, "addiw") ? sext32(v + imm) : v + imm;
		return 0;
	}
	if (!strcmp(m, "slli") && k == V_CONST && parse_imm(o[2], &imm) == 0 && imm >= 0 && imm < 64) {
		rd->k = k;
		rd->v = (int64_t)((uint64_t)v << imm);
		return 0;
	}
	if (!strcmp(m, "add"))
		return eval_add(a, f, o[2], k, v, rd);
	return -1;
}

/* The value instruction in gives its destination in f, as far as the
 * lifting needs (constants and the stack base); -1 when it cannot say. */
static int eval(const jarch *a, regfile *f, const dinsn *in)
{
	char o[4][64], d[8];
	int n = split_ops(in->ops, o, 4);
	rval *rd;
	const char *m = in->mn;

	if (a->kind == A_X86)
		return eval_x86(a, f, m, o, n);
	if ((a->kind == A_MIPS || a->kind == A_PPC) && !strcmp(m, "nop") && n == 0)
		return 0;
	if (a->kind == A_S390 && !strcmp(m, "nopr"))
		return 0;
	if (n < 2)
		return -1;
	canon_reg(a, o[0], d, sizeof d);
	if (!d[0] || !(rd = rf_get(f, d)))
		return -1;
	if (a->kind == A_ARM64)
		return eval_arm64(a, f, m, o, n, rd, d);
	if (a->kind == A_MIPS)
		return eval_mips(a, f, m, o, n, rd);
	if (a->kind == A_PPC)
		return eval_ppc(a, f, m, o, n, rd);
	if (a->kind == A_S390)
		return eval_s390(a, f, m, o, n, rd);
	return eval_riscv(a, f, m, o, n, rd);
}

/* ---- markers, epilogue --------------------------------------------------- */

/* Is l->v[i] the store of a marker to the BPF stack?  The marker's value,
 * and in *first the first instruction of its sequence; else 0. */
static int64_t marker_at(const jarch *a, const dlist *l, int i, int *first)
{
	const dinsn *in = &l->v[i];
	char o[3][64], base[8], src[8];
	int64_t off, imm;
	int n = split_ops(in->ops, o, 3);

	if (a->kind == A_X86) {
		if (strcmp(in->mn, "movq") || n != 2 || o[0][0] != '$' || parse_imm(o[0], &imm) < 0
		    || !parse_mem(a, o[1], base, sizeof base, &off) || !is_stackreg(a, base))
			return 0;
		*first = i;
		return imm;
	}
	bool st = a->kind == A_RISCV || a->kind == A_MIPS ? !strcmp(in->mn, "sd")
		: a->kind == A_PPC ? !strcmp(in->mn, "std")
		: a->kind == A_S390 ? !strcmp(in->mn, "stg")
		: (!strcmp(in->mn, "str") || !strcmp(in->mn, "stur")) && o[0][0] == 'x';
	if (!st || n != 2 || i == 0 || !parse_mem(a, o[1], base, sizeof base, &off) || !is_stackreg(a, base))
		return 0;
	canon_reg(a, o[0], src, sizeof src);
	regfile f = { .n = 0 };
	if (eval(a, &f, &l->v[i - 1]) < 0)
		return 0;
	rval *v = rf_get(&f, src);
	if (!v || v->k != V_CONST)
		return 0;
	*first = i - 1;
	return v->v;
}

/* ---- lifting ---------------------------------------------------------------- */

typedef struct {
	char native[10][8];      /* BPF r0..r9 -> native register (epilogue) */
	char **cells;
	int ncells;
	char extra[96];          /* " T:REG=LOC;" for the stack slot */
	char why[300];           /* why it cannot be lifted */
	int broken;              /* 0, or why the image itself is bad: */
} lifted;

enum { JC_NOMARK = 1,            /* none of run.c's markers: not this arch's code, or not a test's */
       JC_CUT,                   /* some markers, or the epilogue, missing: cut short */
       JC_ALIEN };               /* it does not set the test's initial values: another test's */

static void push(lifted *lt, const char *s)
{
	lt->cells = xrealloc(lt->cells, sizeof *lt->cells * (lt->ncells + 1));
	lt->cells[lt->ncells++] = xstrdup(s);
}

static int refuse(lifted *lt, const char *fmt, const char *a1, const char *a2)
{
	snprintf(lt->why, sizeof lt->why, fmt, a1, a2);
	return -1;
}

/* Operands with decimal immediates, the stack slot through stackreg,
 * branch targets as labels. */
static int body_ops(const jarch *a, const dinsn *in, int ti, long lo, long hi, const dlist *l,
		    bool *labels, long *slot, char *out, size_t n, lifted *lt)
{
	char o[4][64];
	int no = split_ops(in->ops, o, 4);
	size_t len = 0;

	out[0] = '\0';
	/* x86 "shrq %r8" is llvm's spelling of a shift by 1 */
	if (a->kind == A_X86 && no == 1 && o[0][0] == '%'
	    && (!strncmp(in->mn, "sh", 2) || !strncmp(in->mn, "sa", 2))) {
		snprintf(o[1], sizeof o[1], "%s", o[0]);
		snprintf(o[0], sizeof o[0], "$1");
		no = 2;
	}
	for (int k = 0; k < no; k++) {
		char t[96], base[8];
		int64_t v, off, sz;
		char *lt_ = strchr(o[k], '<');
		/* S390X: llvm prints a branch's target as a bare "0x76", its
		 * last operand */
		bool s390_target = a->kind == A_S390 && k == no - 1 && s390_is_branch(in->mn)
				   && !strncmp(o[k], "0x", 2);
		if (s390_target || (lt_ && (a->kind == A_X86 ? in->mn[0] == 'j'
			    : a->kind == A_MIPS ? mips_is_branch(in->mn)
			    : (in->mn[0] == 'b' || in->mn[0] == 'j' || !strncmp(in->mn, "cb", 2)
			       || !strncmp(in->mn, "tb", 2))))) {
			/* "0x76 <sym+0x76>": an absolute offset in the blob */
			if (lt_)
				*lt_ = '\0';
			long target = strtol(o[k], NULL, 16);
			if (a->kind == A_MIPS && in->mn[0] == 'j') {
				/* `j`: bits 27..0 of an absolute address (the JIT's
				 * get_target()); the image's own from its ksym line */
				if (l->ksym28 < 0)
					return refuse(lt, "a `j` to an absolute address, and no ksym line "
						      "for the image (a runner before ksym lines)%s%s", "", "");
				target = (target & 0xfffffff) - l->ksym28 + l->start;
			}
			target -= l->start;   /* llvm prints offsets in the blob */
			int idx = -1;
			for (int j = 0; j < l->n; j++)
				if (l->v[j].addr == target)
					idx = j;
			if (target < lo || target > hi || (target < hi && idx < 0)) {
				char s[200];
				snprintf(s, sizeof s, "%.23s to offset %ld", in->mn, target);
				return refuse(lt, "a branch leaves the body: `%s`%s", s, "");
			}
			labels[idx < 0 ? l->n : idx] = true;
			snprintf(t, sizeof t, "L%dA%ld", ti, target);
		} else if (parse_mem(a, o[k], base, sizeof base, &off) && is_stackreg(a, base)) {
			if (*slot != LONG_MIN && *slot != off)
				return refuse(lt, "the body uses two stack slots (%s)%s", in->ops, "");
			*slot = off;
			if (a->kind == A_RISCV || a->kind == A_MIPS || a->kind == A_PPC || a->kind == A_S390)
				snprintf(t, sizeof t, "0(%s)", a->stackreg);
			else if (a->kind == A_ARM64)
				snprintf(t, sizeof t, "[%s]", a->stackreg);
			else
				snprintf(t, sizeof t, "(%%%s)", a->stackreg);
		} else if (a->kind == A_S390 && (sz = s390_narrow(in->mn)) > 0
			   && parse_mem(a, o[k], base, sizeof base, &off) && off >= 0 && off + sz <= 8) {
			/* big endian: `bpfmm run` mirrors a narrow access within
			 * its location (run.c, moff): at 8 - size - off it
			 * touches the bytes a little-endian CPU touches at off,
			 * which is what the test and the dialect's whole-location
			 * form (offset 0) mean */
			snprintf(t, sizeof t, "%" PRId64 "%s", 8 - sz - off, strchr(o[k], '('));
		} else {
			/* immediates and offsets in decimal */
			size_t tl = 0;
			const char *p = o[k];
			while (*p && tl < sizeof t - 24) {
				if ((p[0] == '0' && p[1] == 'x') || (p[0] == '-' && p[1] == '0' && p[2] == 'x')) {
					char *e;
					bool neg = *p == '-';
					unsigned long long u = strtoull(p + (neg ? 3 : 2), &e, 16);
					v = neg ? -(int64_t)u : (int64_t)u;
					tl += (size_t)snprintf(t + tl, sizeof t - tl, "%" PRId64, v);
					p = e;
				} else {
					t[tl++] = *p++;
				}
			}
			t[tl] = '\0';
		}
		len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s", k ? ", " : "", t);
	}
	return 0;
}

/* PPC: llvm's spellings the PPC dialect reads otherwise, the same
 * instruction (encoding) or the same values: `bt COND, L` / `bf COND, L`
 * (a conditional branch on CR0's LT, GT or EQ bit, BO = 12 / 4) are `blt`,
 * `bgt`, `beq` / `bge`, `ble`, `bne`; `slwi RD, RS, N` is `rlwinm RD, RS,
 * N, 0, 31-N` and `srwi RD, RS, N` `rlwinm RD, RS, 32-N, N, 31`;
 * `rldicl RD, RS, 0, N` is `clrldi RD, RS, N` and `rldicl RD, RS, 64-N, N`
 * `srdi RD, RS, N`; the record forms `and.` / `andi.` (JSET) are followed
 * by a signed compare of their result with 0, which is what they set CR0
 * to (the dialect's `andi.` sets no CR0).  Anything else is left as
 * it is (the front-end refuses what it does not read).  A new text, or
 * NULL. */
static char *ppc_spelling(const char *mn, const char *ops)
{
	static const struct { const char *bo, *bit, *as; } br[] = {
		{ "bt", "lt", "blt" }, { "bt", "gt", "bgt" }, { "bt", "eq", "beq" },
		{ "bf", "lt", "bge" }, { "bf", "gt", "ble" }, { "bf", "eq", "bne" },
	};
	char o[4][64], out[300];
	int n = split_ops(ops, o, 4);
	long v;

	for (size_t k = 0; k < NELEM(br); k++)
		if (!strcmp(mn, br[k].bo) && n == 2 && !strcmp(o[0], br[k].bit)) {
			snprintf(out, sizeof out, "%s %s", br[k].as, o[1]);
			return xstrdup(out);
		}
	if (!strcmp(mn, "slwi") && n == 3 && sscanf(o[2], "%ld", &v) == 1 && v >= 0 && v < 32) {
		snprintf(out, sizeof out, "rlwinm %s, %s, %ld, 0, %ld", o[0], o[1], v, 31 - v);
		return xstrdup(out);
	}
	if (!strcmp(mn, "srwi") && n == 3 && sscanf(o[2], "%ld", &v) == 1 && v > 0 && v < 32) {
		snprintf(out, sizeof out, "rlwinm %s, %s, %ld, %ld, 31", o[0], o[1], 32 - v, v);
		return xstrdup(out);
	}
	if (!strcmp(mn, "rldicl") && n == 4 && !strcmp(o[2], "0")) {
		snprintf(out, sizeof out, "clrldi %s, %s, %s", o[0], o[1], o[3]);
		return xstrdup(out);
	}
	if (!strcmp(mn, "rldicl") && n == 4 && sscanf(o[3], "%ld", &v) == 1 && v > 0 && v < 64) {
		char want[24];
		snprintf(want, sizeof want, "%ld", 64 - v);
		if (!strcmp(o[2], want)) {
			snprintf(out, sizeof out, "srdi %s, %s, %ld", o[0], o[1], v);
			return xstrdup(out);
		}
	}
	if (!strcmp(mn, "and.") && n == 3) {
		snprintf(out, sizeof out, "and %s, %s, %s\ncmpdi %s, 0", o[0], o[1], o[2], o[0]);
		return xstrdup(out);
	}
	/* the dialect's andi. sets no CR0 */
	if (!strcmp(mn, "andi.") && n == 3) {
		snprintf(out, sizeof out, "andi. %s, %s, %s\ncmpdi %s, 0", o[0], o[1], o[2], o[0]);
		return xstrdup(out);
	}
	return NULL;
}

/* MIPS branch delay slots: the instruction after a branch runs before the
 * branch takes effect, taken or not.  The MIPS dialect has no delay slots
 * (as herd7's), so each slot's text is put before its branch, which is
 * the same computation when the slot writes no register the branch reads
 * (the JIT's slots are `nop` and `move`: cmpxchg's `move t2, src` after
 * its `bne`, the retry `beqz`'s `move r0, t1`); a label on the branch now
 * marks the slot, the first of the two.  A jump into a slot (cmpxchg's
 * bne lands on the beqz's slot `move r0, t1`) runs it and what follows:
 * the slot is then written twice, `S; B; b NEXT; L: S; NEXT:`, one copy
 * for each way in (a text of several instructions is '\n'-separated).
 * Refused: a slot writing what its branch reads, a branch-likely (its slot
 * runs only when taken), a slot outside the body. */
static int mips_delay_slots(const jarch *a, const dlist *l, int ti, int b0, int b1, bool *labels,
			    char **text, lifted *lt)
{
	static const char *const stores[] = { "sb", "sh", "sw", "sd", "sync", "nop" };
	char s[200];

	for (int i = b0; i < b1; i++) {
		const dinsn *br = &l->v[i], *sl = &l->v[i + 1];
		if (!mips_is_branch(br->mn) && strcmp(br->mn, "jr") && strcmp(br->mn, "jalr"))
			continue;
		snprintf(s, sizeof s, "%.23s %.150s", br->mn, br->ops);
		size_t ml = strlen(br->mn);
		if (strcmp(br->mn, "b") && strcmp(br->mn, "bal") && br->mn[ml - 1] == 'l')
			return refuse(lt, "a branch-likely (its delay slot runs only when taken): `%s`%s", s, "");
		if (br->mn[0] == 'j' && br->mn[1] != '\0' && strcmp(br->mn, "jal"))
			return refuse(lt, "a jump through a register in the body: `%s`%s", s, "");
		if (i + 1 >= b1)
			return refuse(lt, "the delay slot of `%s` is outside the body%s", s, "");
		if (mips_is_branch(sl->mn))
			return refuse(lt, "a branch in the delay slot of `%s`%s", s, "");
		char so[4][64], bo[4][64], w[8] = "", r[8];
		bool writes = true;
		for (size_t k = 0; k < NELEM(stores); k++)
			if (!strcmp(sl->mn, stores[k]))
				writes = false;
		if (writes && split_ops(sl->ops, so, 4) > 0)
			canon_reg(a, so[0], w, sizeof w);
		int nb = split_ops(br->ops, bo, 4);
		for (int k = 0; k < nb && w[0] && strcmp(w, "$0"); k++) {
			canon_reg(a, bo[k], r, sizeof r);
			if (!strcmp(r, w))
				return refuse(lt, "the delay slot of `%s` writes a register the branch reads%s", s, "");
		}
		char *t = text[i - b0];
		if (labels[i + 1]) {
			/* S; B; b NEXT, then the label of S, S, NEXT */
			size_t n = strlen(t) + 2 * strlen(text[i + 1 - b0]) + 48;
			char *both = xmalloc(n);
			snprintf(both, n, "%s\n%s\nb L%dA%ld", text[i + 1 - b0], t, ti, l->v[i + 2].addr);
			free(t);
			text[i - b0] = both;
			labels[i + 2 == b1 ? b1 : i + 2] = true;
		} else {
			text[i - b0] = text[i + 1 - b0];
			text[i + 1 - b0] = t;
		}
		i++;
	}
	return 0;
}

/* Lift thread ti (instructions l) of the test; expected[k]: the value
 * thread ti gives BPF register k (V_CONST or V_BASE with sym*64+off), or
 * NULL not to check them. */
/* The three markers `bpfmm run` puts around the initial values and the
 * body (mk: their instructions, first: where each marker's sequence
 * starts); 0, or refused. */
static int find_markers(const jarch *a, const dlist *l, lifted *lt, int mk[3], int first[3])
{
	static const int64_t magic[3] = { RUN_MARK_INIT, RUN_MARK_BODY, RUN_MARK_END };

	for (int i = 0; i < l->n; i++) {
		int f = -1;
		int64_t v = marker_at(a, l, i, &f);
		for (int k = 0; k < 3; k++)
			if (v == magic[k]) {
				if (mk[k] >= 0)
					return refuse(lt, "marker %s found twice%s", k == 0 ? "0x5a1" : k == 1 ? "0x5a2" : "0x5a3", "");
				mk[k] = i;
				first[k] = f;
			}
	}
	for (int k = 0; k < 3; k++)
		if (mk[k] < 0) {
			lt->broken = mk[0] < 0 && mk[1] < 0 && mk[2] < 0 ? JC_NOMARK : JC_CUT;
			return refuse(lt, "marker %s not found%s",
				      k == 0 ? "0x5a1" : k == 1 ? "0x5a2" : "0x5a3", "");
		}
	if (!(mk[0] < first[1] && mk[1] <= first[2])) {
		lt->broken = JC_NOMARK;
		return refuse(lt, "markers out of order%s%s", "", "");
	}
	return 0;
}

/* The epilogue after the end marker at end spills r0..r9 in order, 8
 * bytes apart: their native registers into lt->native; 0, or refused. */
static int lift_epilogue(const jarch *a, const dlist *l, int end, lifted *lt)
{
	int64_t prev = 0;
	char s[200];

	for (int k = 0; k < 10; k++) {
		int i = end + 1 + k;
		char o[2][64], base[8];
		int64_t off;
		if (i >= l->n) {
			char kb[16];
			snprintf(kb, sizeof kb, "%d", k);
			lt->broken = JC_CUT;
			return refuse(lt, "the code ends after %s of the epilogue's 10 spills (r0..r9)%s", kb, "");
		}
		if (split_ops(l->v[i].ops, o, 2) != 2)
			return refuse(lt, "the epilogue does not spill r0..r9%s%s", "", "");
		const char *src = o[0], *mem = o[1];   /* the same order in the three dialects */
		bool st = a->kind == A_X86 ? !strcmp(l->v[i].mn, "movq") && o[0][0] == '%'
			: a->kind == A_RISCV || a->kind == A_MIPS ? !strcmp(l->v[i].mn, "sd")
			: a->kind == A_PPC ? !strcmp(l->v[i].mn, "std")
			: a->kind == A_S390 ? !strcmp(l->v[i].mn, "stg")
			: (!strcmp(l->v[i].mn, "str") || !strcmp(l->v[i].mn, "stur")) && o[0][0] == 'x';
		if (!st || !parse_mem(a, mem, base, sizeof base, &off) || !is_stackreg(a, base)
		    || (k && off != prev - 8)) {
			snprintf(s, sizeof s, "%.23s %.150s", l->v[i].mn, l->v[i].ops);
			return refuse(lt, "the epilogue does not spill r0..r9 (`%s`)%s", s, "");
		}
		prev = off;
		canon_reg(a, src, lt->native[k], sizeof lt->native[k]);
	}
	return 0;
}

/* Both ends agree: the registers the epilogue reads hold the test's
 * initial values (expected) when the body starts (f: the values the
 * initial code gives); 0, or refused. */
static int check_initial(regfile *f, const rval expected[10], lifted *lt)
{
	for (int k = 0; k < 10; k++) {
		rval *v = rf_get(f, lt->native[k]);
		if (!v || v->k != expected[k].k || v->v != expected[k].v) {
			char want[64], got[64];
			snprintf(want, sizeof want, "r%d=%s%" PRId64, k, expected[k].k == V_BASE ? "base+" : "",
				 expected[k].v);
			if (!v || v->k == V_UNKNOWN)
				snprintf(got, sizeof got, "%s not set", lt->native[k]);
			else
				snprintf(got, sizeof got, "%s=%s%" PRId64, lt->native[k],
					 v->k == V_BASE ? "base+" : "", v->v);
			lt->broken = JC_ALIEN;
			return refuse(lt, "the initial values do not match the test (want %s, the code gives %s)",
				      want, got);
		}
	}
	return 0;
}

/* The body, instructions b0 .. b1-1, into lt's lines with labels
 * L<ti>A<addr> where branches land; *slot: the stack slot it uses
 * (LONG_MIN: none); 0, or refused. */
static int lift_body(const jarch *a, const dlist *l, int ti, int b0, int b1, lifted *lt, long *slot)
{
	long lo = l->v[b0 < l->n ? b0 : b1].addr, hi = l->v[b1].addr;
	bool *labels = xcalloc((size_t)l->n + 1, sizeof *labels);
	char **text = xcalloc((size_t)(b1 - b0) + 1, sizeof *text);
	char s[200];
	int rc = 0;

	*slot = LONG_MIN;
	for (int i = b0; i < b1 && rc == 0; i++) {
		char ops[256];
		const dinsn *in = &l->v[i];
		char rr[8];
		/* the register the stack slot gets must be free */
		char o[4][64];
		int no = split_ops(in->ops, o, 4);
		for (int k = 0; k < no; k++) {
			canon_reg(a, o[k], rr, sizeof rr);
			if (rr[0] && !strcmp(rr, a->stackreg))
				rc = refuse(lt, "the body uses %s, the register of the stack slot%s", a->stackreg, "");
		}
		if (rc == 0 && (rc = body_ops(a, in, ti, lo, hi, l, labels, slot, ops, sizeof ops, lt)) == 0) {
			size_t tl = strlen(in->mn) + strlen(ops) + 2;
			if (a->kind != A_PPC || !(text[i - b0] = ppc_spelling(in->mn, ops))) {
				text[i - b0] = xmalloc(tl);
				snprintf(text[i - b0], tl, "%s%s%s", in->mn, ops[0] ? " " : "", ops);
			}
		}
	}
	if (a->kind == A_MIPS && rc == 0)
		rc = mips_delay_slots(a, l, ti, b0, b1, labels, text, lt);
	for (int i = b0; i <= b1 && rc == 0; i++) {
		if (labels[i == b1 ? l->n : i] || (i == b1 && labels[b1])) {
			snprintf(s, sizeof s, "L%dA%ld:", ti, l->v[i].addr);
			push(lt, s);
		}
		for (char *p = i < b1 ? text[i - b0] : NULL, *nl; p; p = nl ? nl + 1 : NULL) {
			if ((nl = strchr(p, '\n')) != NULL)
				*nl = '\0';
			push(lt, p);
		}
	}
	for (int i = 0; i < b1 - b0; i++)
		free(text[i]);
	free(text);
	free(labels);
	return rc;
}

/* S390X: the JIT's constants in the literal pool at the end of the image
 * (arch/s390/net/bpf_jit_comp.c: EMIT_CONST_U64, _EMIT_CONST_U64), read
 * by `lgrl R, T` (BPF_LD | BPF_IMM | BPF_DW, 979-988) and by `ng` / `og` /
 * `xg R, D(%r11)` (BPF_ALU64 AND / OR / XOR with an immediate, 1266-1346;
 * r11 set by the prologue's `basr %r11, 0` or `larl %r11, T`, 613-624;
 * the pool is in the image, whose length jited_len is, 2231-2237, 2391),
 * become immediates in out: `lgrl R, T` is `lgfi R, C` (or `llihf R, HI;
 * iilf R, LO`), `ng R, D(%r11)` is that into r0, then `ngr R, %r0` (r0,
 * the JIT's work register w0, is dead between BPF instructions: the JIT's
 * own form without the literal base, `lgrl %w0; ngr`, writes it too).  The
 * instructions that replace one take its address and the odd ones after
 * it (an instruction is at least two bytes), so branches land on the
 * first.  0, or refused (a literal outside the image, or no base). */
static int s390_literals(const dlist *l, dlist *out, lifted *lt)
{
	long base = -1;
	char o[3][64], s[200];

	*out = *l;
	out->v = NULL;
	out->n = 0;
	for (int i = 0; i < l->n; i++) {
		const dinsn *in = &l->v[i];
		int n = split_ops(in->ops, o, 3);
		bool lgrl = !strcmp(in->mn, "lgrl") && n == 2;
		bool alu = (!strcmp(in->mn, "ng") || !strcmp(in->mn, "og") || !strcmp(in->mn, "xg")) && n == 2
			   && strstr(o[1], "(%r11)");
		if (n == 2 && !strcmp(o[0], "%r11") && base < 0) {
			if (!strcmp(in->mn, "basr") && (!strcmp(o[1], "0") || !strcmp(o[1], "%r0")))
				base = i + 1 < l->n ? l->v[i + 1].addr : in->addr + 2;
			else if (!strcmp(in->mn, "larl"))
				base = strtol(o[1], NULL, 16) - l->start;
		}
		if (!l->code || (!lgrl && !alu)) {
			dl_push(out, in);
			continue;
		}
		long at;
		int64_t d = 0;
		if (lgrl) {
			at = strtol(o[1], NULL, 16) - l->start;
		} else {
			snprintf(s, sizeof s, "%.*s", (int)strcspn(o[1], "("), o[1]);
			if (base < 0 || parse_imm(s, &d) < 0)
				return refuse(lt, "a literal-pool access before the pool's base is set: `%s %s`", in->mn, in->ops);
			at = base + (long)d;
		}
		if (at < 0 || (size_t)at + 8 > l->len) {
			lt->broken = JC_CUT;     /* the pool after the code was cut */
			return refuse(lt, "a literal outside the image: `%s %s`", in->mn, in->ops);
		}
		uint64_t c = 0;
		for (int k = 0; k < 8; k++)
			c = c << 8 | l->code[at + k];   /* big endian */
		const char *r = lgrl ? o[0] : "%r0";
		dinsn x = { .addr = in->addr };
		if ((int64_t)c == (int64_t)(int32_t)(uint32_t)c) {
			snprintf(x.mn, sizeof x.mn, "lgfi");
			snprintf(x.ops, sizeof x.ops, "%s, %" PRId64, r, (int64_t)c);
			dl_push(out, &x);
		} else {
			snprintf(x.mn, sizeof x.mn, "llihf");
			snprintf(x.ops, sizeof x.ops, "%s, %" PRIu64, r, c >> 32);
			dl_push(out, &x);
			x.addr++;
			snprintf(x.mn, sizeof x.mn, "iilf");
			snprintf(x.ops, sizeof x.ops, "%s, %" PRIu64, r, c & 0xffffffff);
			dl_push(out, &x);
		}
		if (alu) {
			x.addr++;
			snprintf(x.mn, sizeof x.mn, "%sgr", in->mn[0] == 'n' ? "n" : in->mn[0] == 'o' ? "o" : "x");
			snprintf(x.ops, sizeof x.ops, "%s, %%r0", o[0]);
			dl_push(out, &x);
		}
	}
	return 0;
}

/* Whether the code after the epilogue's spills (from instruction i on)
 * returns: the program's last BPF instruction is `exit`, so an image
 * without the JIT's return was cut short.  x86-64 may return through
 * `jmp __x86_return_thunk` (its last instruction, int3s after it); a MIPS
 * `jr $ra` needs its delay slot. */
static bool returns_after(const jarch *a, const dlist *l, int i)
{
	for (; i < l->n; i++) {
		const dinsn *in = &l->v[i];
		switch (a->kind) {
		case A_RISCV:
			if (!strcmp(in->mn, "ret") || (!strcmp(in->mn, "jr") && !strcmp(in->ops, "ra"))
			    || (!strcmp(in->mn, "c.jr") && !strcmp(in->ops, "ra")))
				return true;
			break;
		case A_ARM64:
			/* the return, and after it the PLT that ends every image
			 * (6.12 arch/arm64/net/bpf_jit_comp.c:847-862 build_plt,
			 * called unconditionally at :1928: a nop if needed to
			 * align its target, `ldr x10, TARGET; br x10`); its
			 * 8-byte TARGET lies past jited_len: a cut image ends
			 * without the `br x10` */
			if (!strcmp(in->mn, "ret")) {
				const dinsn *z = &l->v[l->n - 1];
				return l->n >= 2 && !strcmp(z->mn, "br") && !strcmp(z->ops, "x10")
				       && !strcmp(l->v[l->n - 2].mn, "ldr") && !strncmp(l->v[l->n - 2].ops, "x10,", 4);
			}
			break;
		case A_X86:
			if (!strcmp(in->mn, "ret") || !strcmp(in->mn, "retq"))
				return true;
			if (!strcmp(in->mn, "jmp")) {
				int k = i + 1;
				while (k < l->n && !strcmp(l->v[k].mn, "int3"))
					k++;
				if (k == l->n)
					return true;
			}
			break;
		case A_MIPS:
			if (!strcmp(in->mn, "jr") && !strcmp(in->ops, "$ra") && i + 1 < l->n)
				return true;
			break;
		case A_PPC:
			if (!strcmp(in->mn, "blr"))
				return true;
			break;
		case A_S390:
			if (!strcmp(in->mn, "br") && !strcmp(in->ops, "%r14"))
				return true;
			break;
		}
	}
	return false;
}

/* lift() on the code itself (S390X: after its literals became immediates). */
static int lift_code(const jarch *a, const dlist *l, int ti, const rval expected[10], lifted *lt)
{
	int mk[3] = { -1, -1, -1 }, first[3] = { -1, -1, -1 };
	char s[200];
	long slot;
	if (find_markers(a, l, lt, mk, first))
		return -1;
	/* init */
	regfile f = { .n = 0 };
	for (int i = mk[0] + 1; i < first[1]; i++)
		if (eval(a, &f, &l->v[i]) < 0) {
			snprintf(s, sizeof s, "%.23s %.150s", l->v[i].mn, l->v[i].ops);
			return refuse(lt, "cannot evaluate `%s` among the initial values%s", s, "");
		}
	if (lift_epilogue(a, l, mk[2], lt))
		return -1;
	if (!returns_after(a, l, mk[2] + 11)) {
		lt->broken = JC_CUT;
		return refuse(lt, "the code ends after the epilogue's spills, before the JIT's return%s%s", "", "");
	}
	if (expected && check_initial(&f, expected, lt))
		return -1;
	int rc = lift_body(a, l, ti, mk[1] + 1, first[2], lt, &slot);
	if (rc == 0 && slot != LONG_MIN)
		snprintf(lt->extra, sizeof lt->extra, " %d:%s=stack%d;", ti, a->stackreg, ti);
	return rc;
}

/* Thread ti's JIT code l lifted into lt: markers, initial values (checked
 * against expected; NULL: the fuzz target, which has no test), the
 * epilogue's register order and the body; 0, or refused. */
static int lift(const jarch *a, const dlist *l, int ti, const rval expected[10], lifted *lt)
{
	memset(lt, 0, sizeof *lt);
	if (l->n == 0) {
		lt->broken = JC_NOMARK;
		return refuse(lt, "no instructions (llvm-objdump could not decode the image)%s%s", "", "");
	}
	if (a->kind != A_S390)
		return lift_code(a, l, ti, expected, lt);
	dlist lit;
	int rc = s390_literals(l, &lit, lt);
	if (rc == 0)
		rc = lift_code(a, &lit, ti, expected, lt);
	free(lit.v);
	return rc;
}

static void free_lifted(lifted *lt)
{
	for (int i = 0; i < lt->ncells; i++)
		free(lt->cells[i]);
	free(lt->cells);
	lt->cells = NULL;
	lt->ncells = 0;
}

/* The fuzz target's entry (jit_check.h): the input's first byte picks the
 * architecture; its lines go through the dump-line parser and the
 * disassembly reader, and what they give through the lifter. */
int jit_check_fuzz(const char *data, size_t n)
{
	if (n == 0)
		return 0;
	const jarch *a = &arches[(unsigned char)data[0] % NELEM(arches)];
	char *text = xstrndup(data + 1, n - 1), *save = NULL;
	dlist l = { .ksym28 = -1 };
	bool lock = false;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *p = strstr(line, "bpfmm-run: jit ");
		if (p) {
			char *test;
			int thread;
			unsigned char *code;
			size_t len;
			const char *why;
			if (jit_parse_line(p + 11, &test, &thread, &code, &len, &why) == 0) {
				free(test);
				free(code);
			}
			continue;
		}
		dinsn in;
		long addr;
		if (objdump_line(a, line, &in, &addr)) {
			in.addr = addr;
			join_lock(a, &in, &lock, &l);
		}
	}
	lifted lt;
	lift(a, &l, 0, NULL, &lt);
	free_lifted(&lt);
	free(l.v);
	free(text);
	return 0;
}

/* ---- the command ----------------------------------------------------------- */

static const char usage_text[] =
"Usage: bpfmm jit-check --arch ARCH --dump LOG [OPTIONS] FILE.litmus...\n"
"\n"
"Judge the machine code a Linux BPF JIT emitted for BPF litmus tests: LOG\n"
"is the console of a `bpfmm run` guest (lines \"bpfmm-run: jit TEST T HEX\",\n"
"docs/jit-check.md) or the output of the runner on a user's own machine,\n"
"whose programs bpftool may dump (--bpftool, --image); ARCH riscv64,\n"
"arm64, x86_64, mips64el, ppc64le or s390x.\n"
"Each "
"thread's image is disassembled with llvm-objdump-19, lifted to a thread\n"
"of ARCH's litmus dialect (the JIT's instructions for the test's body as\n"
"emitted, MIPS delay slots put before their branch; initial values and\n"
"register assignment read from the code and checked against the test),\n"
"and the lifted test is checked with ARCH's model (riscv.cat, aarch64.cat,\n"
"x86tso.cat, mips.cat, ppc.cat, s390x.cat) against models/bpf.cat on the\n"
"source test.  One\n"
"line per test:\n"
"  JitCheck TEST ARCH jit sound|sound-stronger|unsound [STATE]\n"
"  JitCheck TEST ARCH jit refused (REASON)      the code cannot be lifted\n"
"  JitCheck TEST ARCH jit not-run (REASON)      no code in LOG for it\n"
"  JitCheck TEST ARCH jit unchecked (REASON)    the lifted test cannot run\n"
"unsound (a native state bpf.cat forbids, printed in BPF names, then an\n"
"execution reaching it): the JIT's code is wrong for that test.\n"
"Then a summary line: jit-check ARCH: N tests, L lifted, R refused, ...\n"
"\n"
"Options:\n"
"  --arch ARCH       riscv64, arm64, x86_64, mips64el, ppc64le, s390x (as\n"
"                    map and run name them; x86-64, aarch64, powerpc, mips64\n"
"                    are read with a note)\n"
"  --dump LOG        the guest's console log (kernel/run.sh writes it), or\n"
"                    what `bpfrun [--hold] JOB` printed on a user's machine\n"
"  --bpftool PATH    the output of `bpftool prog dump jited id ID opcodes`\n"
"                    (text) or `bpftool -j prog dump jited id ID opcodes`\n"
"                    (JSON) for programs `bpfrun --hold` kept: a file, or a\n"
"                    directory of them (repeatable).  Each program is named\n"
"                    by bpftool's header (bpf_prog_TAG_NAME), else by the\n"
"                    file's name up to its first '.' (NAME or ID), through\n"
"                    LOG's lines \"hold TEST T ID NAME\"; these images\n"
"                    replace LOG's jit lines (a difference is an error)\n"
"  --image PATH      raw images, `bpftool prog dump jited id ID file\n"
"                    PATH`, named by the file's name (NAME or ID); a file\n"
"                    or a directory (repeatable)\n"
"  --emit DIR        write each lifted test to DIR/TEST.litmus\n"
"  --variant NAME    a variant of the native model (repeatable), e.g.\n"
"                    mips.cat's llsc-mb or sc: what Linux assumes of a CPU\n"
"                    without WEAK_REORDERING_BEYOND_LLSC / WEAK_ORDERING\n"
"                    (docs/mips-model.md)\n"
"  --budget N        as for bpfmm (default 200000)\n"
"  --objdump PROG    the disassembler (default llvm-objdump-19; its\n"
"                    llvm-objcopy beside it, or --objcopy PROG)\n"
"  --objcopy PROG    (default llvm-objcopy-19)\n"
"  -json, --json     one JSON object per test instead of the JitCheck line:\n"
"                    file, test, arch, mapping (\"jit\"), verdict, state,\n"
"                    class, reason, classes, execution, error (as map's);\n"
"                    then {\"summary\":\"jit-check\",\"arch\",\"tests\",\"lifted\",\n"
"                    \"refused\",\"not_run\",\"sound\",\"sound_stronger\",\n"
"                    \"unsound\",\"unchecked\"}\n"
"\n"
"Exit status: 0 every test judged sound / sound-stronger, refused or not\n"
"run; 1 an unsound test, a test that could not be judged or read, a\n"
"malformed line of LOG or of bpftool's output; 2 usage.\n";

/* The initial value thread ti gives BPF register k (through run.c's renaming). */
static void expected_values(const litmus_test *t, const int phys[11], int ti, rval out[10])
{
	for (int k = 0; k < 10; k++)
		out[k] = (rval){ .k = V_CONST, .v = 0 };
	for (int i = 0; i < t->ninit; i++) {
		const init_entry *e = &t->init[i];
		int r;
		if (e->thread != ti && e->thread != INIT_EVERY_THREAD)
			continue;
		if (sscanf(t->regs[e->reg], "r%d", &r) != 1 || r < 0 || r > 10 || phys[r] < 0)
			continue;
		out[phys[r]] = e->val.sym >= 0 ? (rval){ .k = V_BASE, .v = (int64_t)e->val.sym * 64 + e->val.off }
					       : (rval){ .k = V_CONST, .v = e->val.off };
	}
}

static bool names_r10(const litmus_test *t)
{
	for (int i = 0; i < t->nregs; i++)
		if (!strcmp(t->regs[i], "r10"))
			return true;
	return false;
}

/* One run of jit-check: the dump, its disassembly, both models, the counts. */
typedef struct {
	const jarch *a;
	dump d;
	dlist *code;          /* per dump entry: its native instructions */
	model_run bpf, nat;
	const frontend *nfe;
	map_opts o;
	mapping m;            /* "jit": the lifted code as a mapping's output */
	int ntests, nlifted, nrefused, nnotrun, nsound, nstronger, nunsound, nunchecked;
	int nknown;           /* tests the dump has code or a verifier refusal of */
	int status;
	const char *dumpf;     /* --dump */
	const char **btpaths;  /* --bpftool / --image inputs, in order */
	bool *btraw;           /* --image: raw bytes */
	int nbt;
} jc_run;

/* A test jit-check judges without the models: not-run or refused (why). */
static void jc_line(const jc_run *r, const char *file, const litmus_test *t, const char *verdict,
		    const char *why)
{
	char classes[128];
	verdict_record v = {
		.kind = REPORT_MAP, .word = "JitCheck", .test = t->name, .arch = r->a->name, .mapping = "jit",
		.verdict = verdict, .reason = why, .classes = map_test_classes(t, classes, sizeof classes),
	};
	report_verdict(stdout, r->o.json, file, &v);
}

/* The command line (-budget, -variant from the option table); -1 to go on,
 * else the exit status. */
static int jc_parse(int argc, char **argv, const char **arch, const char **dumpf, const char **objdump,
		    const char **objcopy, jc_run *r, cmd_opts *so, const char **files, int *nfiles)
{
	int used;
	map_opts *o = &r->o;

	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		bool more = i + 1 < argc;
		if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (!strcmp(s, "--arch") && more) {
			*arch = argv[++i];
		} else if (!strcmp(s, "--dump") && more) {
			*dumpf = argv[++i];
		} else if (!strcmp(s, "--emit") && more) {
			o->emit = argv[++i];
		} else if ((!strcmp(s, "--bpftool") || !strcmp(s, "--image")) && more) {
			r->btraw[r->nbt] = s[2] == 'i';
			r->btpaths[r->nbt++] = argv[++i];
		} else if (!strcmp(s, "--objdump") && more) {
			*objdump = argv[++i];
		} else if (!strcmp(s, "--objcopy") && more) {
			*objcopy = argv[++i];
		} else if ((used = opt_parse("jit-check", OPT_BUDGET | OPT_VARIANT | OPT_JSON, argc, argv, &i, so))) {
			if (used < 0)
				return 2;
		} else if (s[0] == '-' && s[1]) {
			return opt_unknown("jit-check", s, (const char *const[]){ usage_text, NULL });
		} else {
			files[(*nfiles)++] = s;
		}
	}
	o->budget = so->budget;
	o->json = so->json;
	return -1;
}

/* Lift each thread of t whose code the dump has into lt; *found: how many
 * it has; NULL, or why the test is refused (in whybuf). byth: the native
 * register of r10 per thread. */
static const char *jc_lift_threads(jc_run *r, const litmus_test *t, lifted *lt, const char **byth,
				   int *found, char *whybuf, size_t n, const char *file)
{
	check_result res = { 0 };
	bool have_res = false;
	const char *why = NULL;

	if (names_r10(t)) {
		diag dr = { .file = file };
		have_res = map_check(t, r->bpf.run, &r->o, &res, &dr) == 0;
	}
	*found = 0;
	int first = -1;          /* the first thread the dump has */
	for (int ti = 0; ti < t->nthreads && !why; ti++) {
		int idx = -1, phys[11];
		for (int k = 0; k < r->d.n; k++)
			if (r->d.v[k].thread == t->threads[ti].id && !strcmp(r->d.v[k].test, t->name))
				idx = k;
		if (idx < 0)
			continue;
		(*found)++;
		if (r->d.v[idx].bad) {
			snprintf(whybuf, n, "thread %d: its image is malformed (the error above)", ti);
			why = whybuf;
			break;
		}
		run_phys_regs(t, have_res ? &res : NULL, ti, phys);
		rval want[10];
		expected_values(t, phys, ti, want);
		if (lift(r->a, &r->code[idx], ti, want, &lt[ti]) < 0) {
			snprintf(whybuf, n, "thread %d: %s", ti, lt[ti].why);
			why = whybuf;
			if (lt[ti].broken == JC_ALIEN) {
				/* not this thread's code: a dump mixed up (swapped
				 * images, another run's lines) is an error */
				char where[PATH_MAX + 64];
				img_where(&r->d.v[idx], r->dumpf, where, sizeof where);
				fprintf(stderr, "%s: error: the image of %s thread %d is not the code of %s's "
					"thread %d: %s\n", where, t->name, t->threads[ti].id, file, ti, lt[ti].why);
				r->status = 1;
			}
			break;
		}
		if (first < 0)
			first = ti;
		else if (memcmp(lt[ti].native, lt[first].native, sizeof lt[first].native))
			why = "the threads' register assignments differ";
		/* r10 lives in a register run.c picked for this thread */
		if (phys[10] >= 0)
			byth[ti * 11 + 10] = lt[ti].native[phys[10]];
	}
	if (have_res)
		check_result_free(&res);
	return why;
}

/* A test the guest did not run: say why if it said so; true if the dump
 * has a verifier refusal of it. */
static bool jc_not_run(jc_run *r, litmus_test *t, const char *file)
{
	bool refused = false;
	const char *why = "no JIT code in the dump";
	char whybuf[400];
	size_t nl = strlen(t->name);
	check_result rr = { 0 };
	diag dr = { .file = file };

	if (map_check(t, r->bpf.run, &r->o, &rr, &dr) == 0) {
		if (run_unsupported(t, &rr, whybuf, sizeof whybuf))
			why = whybuf;
		check_result_free(&rr);
	}
	for (int k = 0; k < r->d.nunsupported; k++)
		if (!strncmp(r->d.unsupported[k], t->name, nl) && r->d.unsupported[k][nl] == ' ') {
			snprintf(whybuf, sizeof whybuf, "verifier: %s", r->d.unsupported[k] + nl + 1);
			why = whybuf;
			refused = true;
		}
	jc_line(r, file, t, "not-run", why);
	r->nnotrun++;
	return refused;
}

/* The lifted test's text, or NULL (refused, said) when the native
 * front-end cannot read it back or it has mixed-size accesses. */
static char *jc_lifted_text(jc_run *r, const char *file, const litmus_test *t, lifted *lt, const char **byth)
{
	int nt = t->nthreads;
	char **cells[nt];
	int ncells[nt];
	char extra[96 * 8 + 1] = "";

	for (int k = 0; k < 10; k++)
		r->m.native[k] = lt[0].native[k];
	r->m.native_by_thread = byth;
	r->m.nthreads_native = nt;
	for (int ti = 0; ti < nt; ti++) {
		cells[ti] = lt[ti].cells;
		ncells[ti] = lt[ti].ncells;
		if (strlen(extra) + strlen(lt[ti].extra) < sizeof extra)
			strcat(extra, lt[ti].extra);
	}
	char *text = map_test_text(&r->m, t, cells, ncells, nt, NULL, 0, extra);
	/* an instruction the native front-end does not model (e.g. arm64
	 * byte accesses): the code cannot be lifted */
	diag dn = { .file = "(lifted)" };
	litmus_test *tn = litmus_read_string(text, "(lifted)", frontend_for_arch, &dn);
	/* byte / halfword accesses: the native model needs -variant mixed,
	 * bpf.cat has one value per location */
	for (int ti = 0; tn && tn->fe == r->nfe && ti < tn->nthreads && !dn.msg[0]; ti++)
		if (tn->threads[ti].mixed)
			snprintf(dn.msg, sizeof dn.msg, "P%d: a byte or halfword access "
				 "(mixed-size, not compared with bpf.cat)", tn->threads[ti].id);
	bool bad = !tn || tn->fe != r->nfe || dn.msg[0];
	if (bad) {
		char why[sizeof dn.msg + 64];
		snprintf(why, sizeof why, "%s front-end: %s", r->a->fe_arch, dn.msg);
		jc_line(r, file, t, "refused", why);
		r->nrefused++;
		free(text);
		text = NULL;
	}
	litmus_free(tn);
	return text;
}

/* The lifted test (text) judged against t as map judges a mapping's output;
 * counted, --emit written. */
static void jc_judge(jc_run *r, litmus_test *t, const char *text, const char *file)
{
	r->nlifted++;
	if (r->o.emit) {
		char stem[256];
		outdir_stem(t->name, stem, sizeof stem);
		FILE *f = outdir_open(r->o.emit, stem, "litmus", "jit-check");
		if (f) {
			fputs(text, f);
			r->status |= outdir_close(f, r->o.emit, stem, "litmus", "jit-check");
		} else {
			r->status = 1;
		}
	}
	const char *verdict = NULL;
	int rc = map_judge(&r->m, r->a->name, &r->bpf, &r->nat, r->nfe, &r->o, file, t, text, stdout, stderr,
			   &verdict);
	if (verdict && !strcmp(verdict, "unsound"))
		r->nunsound++, r->status = 1;
	else if (verdict && !strcmp(verdict, "sound-stronger"))
		r->nstronger++;
	else if (verdict && !strcmp(verdict, "sound"))
		r->nsound++;
	else
		r->nunchecked++;
	if (rc < 0 || !verdict || !strcmp(verdict, "unchecked"))
		r->status = 1;
}

/* One BPF test: its threads lifted from the dump, then not-run, refused or
 * judged. */
static void jc_test(jc_run *r, const char *file)
{
	diag dd = { .file = file };
	litmus_test *t = litmus_read_file(file, frontend_for_arch, &dd);

	if (!t) {
		diag_print(&dd);
		r->status = 1;
		return;
	}
	if (strcasecmp(t->arch, "BPF") != 0) {
		fprintf(stderr, "%s: error: not a BPF test (%s)\n", file, t->arch);
		litmus_free(t);
		r->status = 1;
		return;
	}
	r->ntests++;
	map_widen_observables(t);
	int nt = t->nthreads, found;
	lifted *lt = xcalloc((size_t)nt + 1, sizeof *lt);
	const char **byth = xcalloc((size_t)nt * 11 + 1, sizeof *byth);
	char whybuf[400];
	const char *why = jc_lift_threads(r, t, lt, byth, &found, whybuf, sizeof whybuf, file);
	r->nknown += found > 0;
	if (found == 0) {
		r->nknown += jc_not_run(r, t, file);
	} else if (found < nt || why) {
		jc_line(r, file, t, "refused", why ? why : "the dump lacks a thread's code");
		r->nrefused++;
	} else {
		char *text = jc_lifted_text(r, file, t, lt, byth);
		if (text)
			jc_judge(r, t, text, file);
		free(text);
	}
	r->m.native_by_thread = NULL;
	free(byth);
	for (int ti = 0; ti < nt; ti++)
		free_lifted(&lt[ti]);
	free(lt);
	litmus_free(t);
}

/* The architecture image im looks like when it has none of run.c's
 * markers as a's code: the first other architecture whose disassembly of
 * it finds them, or NULL.  Quiet: the other disassemblies may fail. */
static const jarch *guess_arch(const jarch *a, const image *im, const char *objdump, const char *objcopy)
{
	for (size_t k = 0; k < NELEM(arches); k++) {
		const jarch *b = &arches[k];
		if (b == a || im->len % (size_t)b->align)
			continue;
		image one = *im;
		dlist out = { .ksym28 = -1 };
		lifted lt;
		one.bad = false;
		if (disassemble(b, objdump, objcopy, &one, 1, &out, true) < 0) {
			free(out.v);
			continue;
		}
		lift(b, &out, 0, NULL, &lt);
		free_lifted(&lt);
		free(out.v);
		if (out.n && lt.broken != JC_NOMARK)
			return b;
	}
	return NULL;
}

/* Each image checked before a test uses it: a whole number of a's
 * instructions, all images within JC_MAX_CODE, then disassembled (into
 * r->code) and run.c's markers and the epilogue found in it.  An image
 * cut short or of another architecture is an error naming where it is
 * (and what it looks like); it is marked bad, its test refused.  The
 * number of errors, or -1 when nothing can be disassembled (said). */
static int check_images(jc_run *r, const char *dumpf, const char *objdump, const char *objcopy)
{
	dump *d = &r->d;
	const jarch *a = r->a, *guess = NULL;
	char where[PATH_MAX + 64];
	long total = 0;
	int nerr = 0;
	bool guessed = false;

	r->code = xcalloc((size_t)d->n + 1, sizeof *r->code);
	for (int i = 0; i < d->n; i++) {
		image *im = &d->v[i];
		if (im->len % (size_t)a->align == 0) {
			total += (long)im->len + 32;
			continue;
		}
		img_where(im, dumpf, where, sizeof where);
		fprintf(stderr, "%s: error: the image of %s thread %d is %zu bytes, not a whole number of %s "
			"instructions (%d bytes each): cut short, or not %s code\n", where, im->test, im->thread,
			im->len, a->name, a->align, a->name);
		im->bad = true;
		nerr++;
	}
	if (total > JC_MAX_CODE) {
		fprintf(stderr, "%s: error: its images hold more than %ld MiB of code, more than any "
			"`bpfmm run` guest dumps; not disassembled\n", dumpf, JC_MAX_CODE >> 20);
		return -1;
	}
	if (d->n && disassemble(a, objdump, objcopy, d->v, d->n, r->code, false) < 0)
		return -1;
	for (int i = 0; i < d->n; i++) {
		image *im = &d->v[i];
		lifted lt;
		if (im->bad)
			continue;
		if (r->code[i].straddle && a->kind != A_S390) {
			/* (s390x: the literal pool after the code is data, which
			 * the disassembler may read across the end) */
			img_where(im, dumpf, where, sizeof where);
			fprintf(stderr, "%s: error: the image of %s thread %d (%zu bytes) ends inside an %s "
				"instruction: cut short\n", where, im->test, im->thread, im->len, a->name);
			im->bad = true;
			nerr++;
			continue;
		}
		lift(a, &r->code[i], 0, NULL, &lt);
		free_lifted(&lt);
		if (!lt.broken)
			continue;
		if (lt.broken == JC_NOMARK && !guessed) {
			guess = guess_arch(a, im, objdump, objcopy);
			guessed = true;
		}
		img_where(im, dumpf, where, sizeof where);
		if (lt.broken == JC_CUT)
			fprintf(stderr, "%s: error: the image of %s thread %d (%zu bytes) is cut short: %s\n",
				where, im->test, im->thread, im->len, lt.why);
		else
			fprintf(stderr, "%s: error: the image of %s thread %d (%zu bytes) is not %s code of "
				"`bpfmm run`: %s; %s%s%s\n", where, im->test, im->thread, im->len, a->name, lt.why,
				guess ? "it looks like " : "cut short before its markers, or another program's code",
				guess ? guess->name : "", guess ? " code (--arch of the guest that dumped it?)" : "");
		im->bad = true;
		nerr++;
	}
	return nerr;
}

/* The fuzz target `jitdump` (jit_check.h): data[1..n) read as a dump and
 * its images checked as for a run, disassembled by the real llvm-objdump,
 * for the architecture data[0] picks. */
int jit_check_fuzz_dump(const char *data, size_t n)
{
	if (n == 0)
		return 0;
	jc_run r = { .a = &arches[(unsigned char)data[0] % NELEM(arches)] };
	FILE *f = fmemopen((void *)(data + 1), n - 1 ? n - 1 : 1, "r");
	if (!f)
		return 0;
	if (n > 1 && read_dump_stream(f, "(fuzz)", &r.d) == 0)
		check_images(&r, "(fuzz)", "llvm-objdump-19", "llvm-objcopy-19");
	fclose(f);
	for (int i = 0; r.code && i < r.d.n; i++)
		free(r.code[i].v);
	free(r.code);
	free_dump(&r.d);
	return 0;
}

/* The dump read and disassembled, both models loaded; 0 or 1 (said). */
static int jc_load(jc_run *r, const char *dumpf, const char *objdump, const char *objcopy,
		   const char *model_dir, const char *const *variants)
{
	const frontend *bfe = frontend_for_arch("BPF");
	diag dg = { 0 };
	char bpath[PATH_MAX], npath[PATH_MAX];

	if (read_dump(dumpf, &r->d) < 0)
		return 1;
	if (r->nbt)
		r->d.nerr += read_bpftool(&r->d, dumpf, r->btpaths, r->btraw, r->nbt);
	if (r->d.nrun == 0) {
		fprintf(stderr, "%s: error: no \"bpfmm-run: \" line: not the console of a `bpfmm run` "
			"guest, nor the output of bpfrun\n", dumpf);
		return 1;
	}
	int bad = check_images(r, dumpf, objdump, objcopy);
	if (bad < 0)
		return 1;
	/* a malformed input line or image is an error (exit 1); its test has
	 * no code or is refused */
	if (r->d.nerr || bad)
		r->status = 1;
	r->nfe = frontend_for_arch(r->a->fe_arch);
	if (!r->nfe || map_load_model("bpf.cat", model_dir, bfe, NULL, &r->bpf, &dg, bpath) < 0
	    || map_load_model(r->a->model, model_dir, r->nfe, variants, &r->nat, &dg, npath) < 0) {
		diag_print(&dg);
		return 1;
	}
	/* as map: a failed store-conditional is not retried, its path dropped */
	return 0;
}

static void jc_free(jc_run *r)
{
	for (int i = 0; r->code && i < r->d.n; i++)
		free(r->code[i].v);
	free(r->code);
	free_dump(&r->d);
	cat_run_free(r->bpf.run);
	cat_model_free(r->bpf.m);
	cat_run_free(r->nat.run);
	cat_model_free(r->nat.m);
}

int jit_check_main(int argc, char **argv, const char *model_dir, const char *self)
{
	const char *arch = NULL, *dumpf = NULL, *objdump = "llvm-objdump-19", *objcopy = "llvm-objcopy-19";
	const char *files[argc > 0 ? argc : 1], *btpaths[argc > 0 ? argc : 1];
	bool btraw[argc > 0 ? argc : 1];
	int nfiles = 0, status;
	jc_run r = { .o = { .word = "JitCheck" }, .btpaths = btpaths, .btraw = btraw };
	cmd_opts so;

	opt_init(&so, 0);
	if ((status = jc_parse(argc, argv, &arch, &dumpf, &objdump, &objcopy, &r, &so, files, &nfiles)) >= 0)
		return status;
	r.a = arch ? arch_by_name(arch) : NULL;
	if (arch && !r.a) {
		const char *near = NULL;
		for (size_t i = 0; i < NELEM(arches) && !near; i++)
			if (diag_distance(arch, arches[i].name) <= 2)
				near = arches[i].name;
		fprintf(stderr, "bpfmm jit-check: unknown arch '%s'%s%s%s (riscv64, arm64, x86_64, mips64el, "
			"ppc64le, s390x)\nTry 'bpfmm jit-check --help'.\n", arch, near ? ": did you mean '" : "",
			near ? near : "", near ? "'?" : "");
		return 2;
	}
	if (!r.a || !dumpf || nfiles == 0) {
		fprintf(stderr, "bpfmm jit-check: %s\nTry 'bpfmm jit-check --help'.\n",
			!arch ? "--arch needed" : !r.a ? "unknown arch (riscv64, arm64, x86_64, mips64el, ppc64le, s390x)"
			: !dumpf ? "--dump needed" : "no litmus file given");
		return 2;
	}
	if (r.o.emit && outdir_prepare(r.o.emit, "jit-check", "--emit"))
		return 2;
	r.dumpf = dumpf;
	if (jc_load(&r, dumpf, objdump, objcopy, model_dir, so.variants)) {
		jc_free(&r);
		return 1;
	}
	r.m = (mapping){ .name = "jit", .arch = (char *)r.a->fe_arch, .model = (char *)r.a->model };
	for (int fi = 0; fi < nfiles; fi++)
		jc_test(&r, files[fi]);
	if (r.ntests && !r.nknown && !r.status) {   /* else said already */
		fprintf(stderr, "%s: error: it has no code of any test given (%d images%s%s), nor a verifier "
			"refusal: the console of another run?\n", dumpf, r.d.n, r.d.n ? ", the first of " : "",
			r.d.n ? r.d.v[0].test : "");
		r.status = 1;
	}
	if (r.o.json)
		printf("{\"summary\":\"jit-check\",\"arch\":\"%s\",\"tests\":%d,\"lifted\":%d,"
		       "\"refused\":%d,\"not_run\":%d,\"sound\":%d,\"sound_stronger\":%d,\"unsound\":%d,"
		       "\"unchecked\":%d}\n", r.a->name, r.ntests, r.nlifted, r.nrefused, r.nnotrun, r.nsound,
		       r.nstronger, r.nunsound, r.nunchecked);
	else
		printf("jit-check %s: %d tests, %d lifted, %d refused, %d not run; %d sound, %d sound-stronger, "
		       "%d unsound, %d unchecked\n", r.a->name, r.ntests, r.nlifted, r.nrefused, r.nnotrun,
		       r.nsound, r.nstronger, r.nunsound, r.nunchecked);
	jc_free(&r);
	return r.status;
}
