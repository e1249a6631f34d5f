/* options.c - the table of the options commands share, and their parser
 * (see options.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kit/options.h"
#include "exec/check.h"
#include "kit/parallel.h"
#include "base/diag.h"
#include "base/xalloc.h"

typedef enum {
	ARG_NONE,      /* a flag */
	ARG_PATH,      /* a string kept as it is */
	ARG_LIST,      /* a string added to a list */
	ARG_CONF,      /* a herd7 .cfg file, read now */
	ARG_COUNT,     /* a number >= 0 */
	ARG_UNROLL,    /* a number 0 .. 1000 */
	ARG_JOBS,      /* par_parse_jobs */
	ARG_SHARD,     /* par_parse_shard */
} arg_kind;

/* The shared options: bit, spellings, argument, what a missing argument
 * should have been. */
static const struct {
	unsigned bit;
	const char *names[3];
	arg_kind kind;
	const char *needs;
} opt_table[] = {
	{ OPT_MODEL, { "-model", "--model", "-cat" }, ARG_PATH, "a file" },
	{ OPT_CONF, { "-conf", "--conf" }, ARG_CONF, "a file" },
	{ OPT_INCDIR, { "-I" }, ARG_LIST, "a directory" },
	{ OPT_VARIANT, { "-variant", "--variant" }, ARG_LIST, "a name" },
	{ OPT_BUDGET, { "-budget", "--budget" }, ARG_COUNT, "a number" },
	{ OPT_UNROLL, { "-unroll", "--unroll" }, ARG_UNROLL, "a number" },
	{ OPT_JOBS, { "-j", "--jobs" }, ARG_JOBS, "a number" },
	{ OPT_SHARD, { "--shard", "-shard" }, ARG_SHARD, "K/N" },
	{ OPT_JSON, { "-json", "--json" }, ARG_NONE, NULL },
	{ OPT_DOT, { "-dot", "--dot" }, ARG_PATH, "a directory" },
	{ OPT_NOTIME, { "-notime", "--no-time" }, ARG_NONE, NULL },
};
#define NOPTS (int)(sizeof opt_table / sizeof *opt_table)

void opt_init(cmd_opts *o, int unroll)
{
	*o = (cmd_opts){ .budget = CHECK_BUDGET, .unroll = unroll, .jobs = 1, .shard_k = 1, .shard_n = 1,
			 .show_time = true };
}

int opt_usage_error(const char *cmd, const char *fmt, const char *arg)
{
	fprintf(stderr, "bpfmm%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'bpfmm%s%s --help'.\n", cmd ? " " : "", cmd ? cmd : "");
	return 2;
}

/* The option of text starting at p (a '-' after a blank, '[', '(', '|'
 * or ','), copied into buf; its length, or 0 when p starts none. */
static size_t option_at(const char *text, const char *p, char *buf, size_t n)
{
	size_t l = 0;

	if (*p != '-' || (p > text && !strchr(" \t\n[(|,", p[-1])) || !(p[1] == '-' || isalpha((unsigned char)p[1])))
		return 0;
	while (p[l] && (isalnum((unsigned char)p[l]) || p[l] == '-' || p[l] == '_'))
		l++;
	if (l >= n || l < 2)
		return 0;
	memcpy(buf, p, l);
	buf[l] = 0;
	return l;
}

/* The usage error for an argument a that starts with '-' and is none of
 * cmd's options. help: the option text (NULL-terminated pieces), whose
 * options ("-x", "--name" after a blank, '[', '(', '|' or ',') are the
 * ones it takes: an option it names is missing its argument; one or two
 * edits from one it names is a typo ("did you mean ...?"). Returns 2. */
static int opt_unknown(const char *cmd, const char *a, const char *const *help)
{
	char best[64] = "", buf[64];
	int bestd = 3;

	for (int k = 0; help && help[k]; k++)
		for (const char *p = help[k]; *p; p++) {
			size_t l = option_at(help[k], p, buf, sizeof buf);
			if (!l)
				continue;
			int d = diag_distance(a, buf), letters = (int)(l - strspn(buf, "-"));
			/* "-x" is not a typo of "-j" */
			if (d < bestd && d < letters) {
				bestd = d;
				snprintf(best, sizeof best, "%s", buf);
			}
		}
	if (bestd == 0)
		return opt_usage_error(cmd, "%s needs an argument", a);
	fprintf(stderr, "bpfmm%s%s: unknown option '%s'", cmd ? " " : "", cmd ? cmd : "", a);
	if (*best)
		fprintf(stderr, " (did you mean '%s'?)", best);
	fprintf(stderr, "\nTry 'bpfmm%s%s --help'.\n", cmd ? " " : "", cmd ? cmd : "");
	return 2;
}

void opt_respelt(const char *old, const char *name)
{
	if (name)
		fprintf(stderr, "note: '%s' is spelled '%s'\n", old, name);
}

/* The entry of opt_table spelt a, among accept; -1 */
static int lookup(const char *a, unsigned accept)
{
	for (int k = 0; k < NOPTS; k++)
		for (int n = 0; n < 3 && opt_table[k].names[n]; n++)
			if ((accept & opt_table[k].bit) && !strcmp(a, opt_table[k].names[n]))
				return k;
	return -1;
}

/* -conf FILE: its model, its directory as an -I one, its variants */
static int read_conf(const char *cmd, const char *a, const char *file, cmd_opts *o)
{
	bpfmm_cfg *cfg = &o->cfgs[o->ncfgs];
	diag d = { 0 };

	if (o->ncfgs == 4)
		return opt_usage_error(cmd, "too many %s options", a), -1;
	o->ncfgs++;
	if (cfg_load(file, cfg, &d) < 0 || (cfg->model && cfg_check_bell(cfg, cfg->model, &d) < 0)) {
		diag_print(&d);
		return -1;
	}
	o->model = cfg->model ? cfg->model : o->model;
	if (o->nincdirs < OPT_MAXDIRS - 2)
		o->incdirs[o->nincdirs++] = cfg->dir;
	for (int k = 0; k < cfg->nvariants && o->nvariants < OPT_MAXDIRS - 2; k++)
		o->variants[o->nvariants++] = cfg->variants[k];
	return 1;
}

/* a number in [0, max] (max < 0: no bound); false if v is not one */
static bool number(const char *v, long max, long *n)
{
	char *end;

	*n = strtol(v, &end, 10);
	return *v && !*end && *n >= 0 && (max < 0 || *n <= max);
}

int opt_parse(const char *cmd, unsigned accept, int argc, char **argv, int *i, cmd_opts *o)
{
	const char *a = argv[*i];
	int k = lookup(a, accept);
	long n;

	if (k < 0)
		return 0;
	unsigned bit = opt_table[k].bit;
	if (opt_table[k].kind == ARG_NONE) {
		if (bit == OPT_JSON)
			o->json = true;
		else
			o->show_time = false;
		return 1;
	}
	if (*i + 1 >= argc) {
		char fmt[64];
		snprintf(fmt, sizeof fmt, "%%s needs %s", opt_table[k].needs);
		return opt_usage_error(cmd, fmt, a), -1;
	}
	const char *v = argv[++*i];
	switch (opt_table[k].kind) {
	case ARG_PATH:
		*(bit == OPT_MODEL ? &o->model : &o->dot_dir) = v;
		return 1;
	case ARG_LIST:
		if (bit == OPT_INCDIR && o->nincdirs < OPT_MAXDIRS - 2)
			o->incdirs[o->nincdirs++] = v;
		else if (bit == OPT_VARIANT && o->nvariants < OPT_MAXDIRS - 2)
			o->variants[o->nvariants++] = v;
		return 1;
	case ARG_CONF:
		return read_conf(cmd, a, v, o);
	case ARG_COUNT:
		if (!number(v, -1, &o->budget))
			return opt_usage_error(cmd, "bad budget '%s'", v), -1;
		return 1;
	case ARG_UNROLL:
		if (!number(v, 1000, &n))
			return opt_usage_error(cmd, "bad unrolling limit '%s' (0 to 1000)", v), -1;
		o->unroll = (int)n;
		return 1;
	case ARG_JOBS:
		if (!par_parse_jobs(v, &o->jobs))
			return opt_usage_error(cmd, "bad number of jobs '%s'", v), -1;
		return 1;
	case ARG_SHARD:
		if (!par_parse_shard(v, &o->shard_k, &o->shard_n))
			return opt_usage_error(cmd, "bad shard '%s' (K/N with 1 <= K <= N)", v), -1;
		return 1;
	case ARG_NONE:
		break;
	}
	return 0;
}

/* ---- a command's table of rows ------------------------------------------------ */

/* Is a one of names' spellings ("-j, --jobs")? */
static bool spelt(const char *names, const char *a)
{
	size_t l = strlen(a);

	for (const char *p = names; (p = strstr(p, a)); p++)
		if ((p == names || p[-1] == ' ' || p[-1] == ',') && (!p[l] || p[l] == ',' || p[l] == ' '))
			return true;
	return false;
}

/* a row's help text (its own, or written by its help_fn into buf); NULL:
 * a hidden row */
static const char *row_help(const opt_row *r, char *buf, size_t n)
{
	return r->help ? r->help : r->help_fn ? r->help_fn(buf, n) : NULL;
}

int opt_unknown_rows(const opt_spec *s, const char *a)
{
	size_t n = 1;

	char buf[1024];

	for (const opt_row *r = s->rows; r->names || r->help; r++)
		if (r->names && row_help(r, buf, sizeof buf))
			n += strlen(r->names) + 1;
	/* the shown spellings, one text for opt_unknown's scan */
	char *text = xcalloc(1, n);
	for (const opt_row *r = s->rows; r->names || r->help; r++)
		if (r->names && row_help(r, buf, sizeof buf)) {
			strcat(text, " ");
			strcat(text, r->names);
		}
	int st = opt_unknown(s->cmd, a, (const char *const[]){ text, NULL });
	free(text);
	return st;
}

int opt_next(const opt_spec *s, int argc, char **argv, int *i, const char **val, cmd_opts *o)
{
	const char *a = argv[*i];
	unsigned shared = 0;
	int used;

	*val = NULL;
	if (a[0] != '-' || (s->dash_operand && !a[1])) {
		*val = a;
		return OPT_OPERAND;
	}
	for (const opt_row *r = s->rows; r->names || r->help; r++) {
		if (!r->names)
			continue;
		shared |= r->shared;
		if (!spelt(r->names, a))
			continue;
		if (r->shared) {
			/* a row spelling opt_table does not know is a bug of the row */
			if ((used = opt_parse(s->cmd, r->shared, argc, argv, i, o)) == 0)
				opt_unknown_rows(s, a);
			return used > 0 ? OPT_TAKEN : OPT_FAIL;
		}
		if (r->arg && !r->manual) {
			if (*i + 1 >= argc) {
				char fmt[64];
				snprintf(fmt, sizeof fmt, "%%s needs %s", r->needs ? r->needs : "an argument");
				opt_usage_error(s->cmd, fmt, a);
				return OPT_FAIL;
			}
			*val = argv[++*i];
		}
		return r->id;
	}
	/* a shared option's other spelling (-cat, -shard) */
	if (shared && o && (used = opt_parse(s->cmd, shared, argc, argv, i, o)))
		return used < 0 ? OPT_FAIL : OPT_TAKEN;
	opt_unknown_rows(s, a);
	return OPT_FAIL;
}

const char *opt_wrap(char *buf, size_t size, const char *text, int width)
{
	size_t n = 0;
	int line = 0;

	if (!size)
		return buf;
	buf[0] = 0;
	for (const char *p = text; *p && n + 1 < size;) {
		while (*p == ' ')
			p++;
		size_t w = strcspn(p, " ");
		if (!w)
			break;
		if (line && line + 1 + (int)w > width) {
			buf[n++] = '\n';
			line = 0;
		} else if (line) {
			buf[n++] = ' ';
			line++;
		}
		int k = snprintf(buf + n, size - n, "%.*s", (int)w, p);
		n += (size_t)k < size - n ? (size_t)k : size - n - 1;
		line += (int)w;
		p += w;
	}
	buf[n < size ? n : size - 1] = 0;
	return buf;
}

const char *opt_arch_help(char *buf, size_t size, kernel_name_kind kind, const char *note, int width)
{
	char text[1024];
	size_t n = frontend_kernel_names(text, sizeof text, kind, ", ");

	if (n < sizeof text)
		snprintf(text + n, sizeof text - n, "%s", note);
	return opt_wrap(buf, size, text, width);
}

/* one row's spellings, each with its argument; the column reached */
static int print_names(FILE *f, const opt_row *r)
{
	int n = fprintf(f, "  ");
	const char *p = r->names;

	while (*p) {
		size_t l = strcspn(p, ",");
		n += fprintf(f, "%.*s%s%s", (int)l, p, r->arg ? " " : "", r->arg ? r->arg : "");
		p += l;
		if (*p) {
			n += fprintf(f, ",");
			p++;
		}
	}
	return n;
}

void opt_help(FILE *f, const opt_spec *s)
{
	if (s->head)
		fputs(s->head, f);
	char buf[1024];

	for (const opt_row *r = s->rows; r->names || r->help; r++) {
		const char *help = row_help(r, buf, sizeof buf);
		if (!help)
			continue;
		if (!r->names) {
			fprintf(f, "%s\n", help);
			continue;
		}
		int n = print_names(f, r);
		if (n <= s->col - 1)
			fprintf(f, "%*s", s->col - n, "");
		else
			fprintf(f, "\n%*s", s->col, "");
		for (const char *p = help; *p;) {
			size_t l = strcspn(p, "\n");
			fprintf(f, "%.*s", (int)l, p);
			p += l;
			if (*p && *++p)
				fprintf(f, "\n%*s", s->col, "");
		}
		fputc('\n', f);
	}
	if (s->tail)
		fputs(s->tail, f);
}
