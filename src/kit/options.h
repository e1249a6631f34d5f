/* options.h - a command's options as a table of rows (opt_row): each
 * row carries its spellings, its argument's name and its help text, and
 * the one table gives the option loop (opt_next), the --help text
 * (opt_help) and the "did you mean" of a mistyped option. The options
 * several commands share (-model, -I, -variant, -conf, -budget,
 * -unroll, -j, --shard, -json, -dot, -notime) are parsed and checked in
 * one place (options.c) into a cmd_opts; a row names such an option by
 * its OPT_* bit and gives only the command's help text for it.
 *
 * Adopting it (a command with an old hand-written loop and usage text):
 *
 *     enum { MY_HELP = 1, MY_EMIT, MY_VERBOSE };
 *     static const opt_row my_rows[] = {
 *             OPT_TEXT("Options:"),                        (a prose line)
 *             OPT_OWN(MY_EMIT, "--emit", "DIR", "also write DIR/NAME.litmus"),
 *             OPT_OWN(MY_VERBOSE, "-v", NULL, "print more"),
 *             OPT_SHARED(OPT_JOBS, "-j, --jobs", "N", "N tests at a time"),
 *             OPT_OWN(MY_HELP, "-h, --help", NULL, "show this help and exit"),
 *             OPT_END,
 *     };
 *     static const opt_spec my_spec = { .cmd = "mycmd", .head = "Usage: ...\n\n",
 *                                       .rows = my_rows, .col = 20 };
 *
 *     for (int i = 1; i < argc; i++) {
 *             const char *v;
 *             switch (opt_next(&my_spec, argc, argv, &i, &v, &so)) {
 *             case OPT_FAIL: return 2;                     (message printed)
 *             case OPT_TAKEN: break;                       (a shared one, in so)
 *             case OPT_OPERAND: files[n++] = v; break;
 *             case MY_HELP: opt_help(stdout, &my_spec); return 0;
 *             case MY_EMIT: emit = v; break;               (v: its argument)
 *             case MY_VERBOSE: verbose = true; break;
 *             }
 *     }
 *
 * A spelling the help should not show (an old one, herd7's) is a row
 * with help NULL: parsed, never shown nor guessed. A row whose help is
 * a list from a table (the architectures of arch/frontends.c, lkmm-map's
 * mappings, jit-check's lifters) has a help_fn instead (OPT_OWN_FN),
 * which writes it from the table when --help or a guess needs it, so
 * that the rows stay const and the help follows the table. */
#ifndef BPFMM_OPTIONS_H
#define BPFMM_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>
#include "cat/herd_cfg.h"
#include "arch/frontends.h"

enum {
	OPT_MODEL = 1u << 0,    /* -model FILE, --model, -cat */
	OPT_CONF = 1u << 1,     /* -conf FILE.cfg: its model, directory, variants */
	OPT_INCDIR = 1u << 2,   /* -I DIR (repeatable) */
	OPT_VARIANT = 1u << 3,  /* -variant NAME (repeatable) */
	OPT_BUDGET = 1u << 4,   /* -budget N */
	OPT_UNROLL = 1u << 5,   /* -unroll N, 0 to 1000 */
	OPT_JOBS = 1u << 6,     /* -j N, --jobs N */
	OPT_SHARD = 1u << 7,    /* --shard K/N */
	OPT_JSON = 1u << 8,     /* -json, --json */
	OPT_DOT = 1u << 9,      /* -dot DIR */
	OPT_NOTIME = 1u << 10,  /* -notime, --no-time */
};

enum { OPT_MAXDIRS = 32 };

/* The values; opt_init gives the defaults. */
typedef struct {
	const char *model;
	const char *incdirs[OPT_MAXDIRS];   /* -I and -conf's directories, in order */
	int nincdirs;
	const char *variants[OPT_MAXDIRS];  /* NULL-terminated */
	int nvariants;
	bpfmm_cfg cfgs[4];                  /* -conf: model and names point into them */
	int ncfgs;
	long budget;                        /* 200000 */
	int unroll;                         /* the caller's default */
	int jobs, shard_k, shard_n;         /* 1, 1/1 */
	bool json;
	const char *dot_dir;
	bool show_time;                     /* true; -notime: false */
} cmd_opts;

void opt_init(cmd_opts *o, int unroll);

/* When argv[*i] is one of the shared options in `accept` (OPT_* bits):
 * its argument (argv[*i + 1]) checked and stored in o, *i moved past it,
 * 1. Otherwise 0. A bad or missing argument: "bpfmm CMD: ..." and
 * "Try 'bpfmm CMD --help'." (cmd NULL: the checker itself) on stderr,
 * -1 (the command exits 2). */
int opt_parse(const char *cmd, unsigned accept, int argc, char **argv, int *i, cmd_opts *o);

/* One row of a command's table. A row with names NULL and help set is a
 * line of prose in --help (a heading, a paragraph), printed as it is
 * followed by a newline; { 0 } ends the table. */
typedef struct {
	int id;             /* > 0: the command's own option, what opt_next returns */
	unsigned shared;    /* or an OPT_* bit: parsed by opt_parse into cmd_opts */
	const char *names;  /* its spellings as --help shows them: "-j, --jobs" */
	const char *arg;    /* its argument's name ("N", "FILE"), NULL: a flag */
	const char *help;   /* lines separated by '\n'; NULL: hidden (no help, no guess) */
	const char *needs;  /* a missing argument: "-x needs NEEDS"; NULL: "an argument" */
	bool manual;        /* opt_next leaves *i on the option: the command reads
	                     * the argument itself (from argv[*i + 1]) */
	/* or the help text written into buf (size n) from the command's own
	 * tables (the names a list option takes), when help is NULL */
	const char *(*help_fn)(char *buf, size_t n);
} opt_row;

/* Rows written briefly (the fields not named are 0 / NULL / false) */
#define OPT_OWN(ID, NAMES, ARG, HELP) { .id = (ID), .names = (NAMES), .arg = (ARG), .help = (HELP) }
#define OPT_SHARED(BIT, NAMES, ARG, HELP) { .shared = (BIT), .names = (NAMES), .arg = (ARG), .help = (HELP) }
#define OPT_TEXT(TEXT) { .help = (TEXT) }
#define OPT_OWN_FN(ID, NAMES, ARG, FN) { .id = (ID), .names = (NAMES), .arg = (ARG), .help_fn = (FN) }
/* the -h, --help row of every command, and the end of a table */
#define OPT_HELP_ROW(ID) OPT_OWN(ID, "-h, --help", NULL, "show this help and exit")
/* the last lines of a -json row's help: the error record's fields */
#define OPT_JSON_ERROR_PARTS "Errors also come apart as line, column (absent\n" \
	"for an error of the whole file) and message."

#define OPT_END { .id = 0 }

/* A command's table and the prose around it in --help. */
typedef struct {
	const char *cmd;    /* "c2bpf"; NULL: the checker itself */
	const char *head;   /* --help before the rows (Usage: ..., a paragraph) */
	const opt_row *rows;
	int col;            /* the column help text starts in (names longer than
	                     * col - 3 put it on the next line) */
	const char *tail;   /* --help after the rows, or NULL */
	bool dash_operand;  /* "-" alone is an operand (stdin, a file), not an option */
} opt_spec;

/* What opt_next says of argv[*i] when it is none of the command's own
 * option ids (which are > 0). */
enum {
	OPT_OPERAND = 0,    /* no option: *val is it */
	OPT_TAKEN = -1,     /* a shared option, stored in the cmd_opts */
	OPT_FAIL = -2,      /* a usage error, printed: the command exits 2 */
};

/* argv[*i] against s's rows: an own option's id (*val its argument,
 * *i moved past it; NULL for a flag), OPT_TAKEN, OPT_OPERAND or
 * OPT_FAIL (unknown option with "did you mean" from the rows, missing
 * or bad argument). o may be NULL when no row is a shared one. */
int opt_next(const opt_spec *s, int argc, char **argv, int *i, const char **val, cmd_opts *o);

/* The help of an --arch row: the architectures of that kind
 * (arch/frontends.c's table, frontend_kernel_names) and then note,
 * wrapped by opt_wrap at width; buf. */
const char *opt_arch_help(char *buf, size_t size, kernel_name_kind kind, const char *note, int width);

/* text, one paragraph, written into buf (size bytes) as lines of at most
 * width characters broken at blanks (a help_fn's list); buf. */
const char *opt_wrap(char *buf, size_t size, const char *text, int width);

/* --help: s's head, its rows (names with their argument, then the help
 * text at column col), its tail. */
void opt_help(FILE *f, const opt_spec *s);

/* The unknown-option error of opt_next for a, guessing among s's rows;
 * returns 2. */
int opt_unknown_rows(const opt_spec *s, const char *a);

/* The usage error of opt_parse, for a command's own options; returns 2. */
int opt_usage_error(const char *cmd, const char *fmt, const char *arg);


/* --arch OLD read as NAME (arch/frontends.h): "note: 'OLD' is spelled
 * 'NAME'" on stderr; nothing when name is NULL. */
void opt_respelt(const char *old, const char *name);

#endif
