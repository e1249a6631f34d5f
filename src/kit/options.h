/* options.h - the options several commands share (-model, -I, -variant,
 * -conf, -budget, -unroll, -j, --shard, -json, -dot, -notime), declared
 * once in a table (options.c): their spellings, their argument and how
 * it is checked. A command's option loop hands each argument to
 * opt_parse with the set of shared options it takes, and handles only
 * its own options itself. */
#ifndef BPFMM_OPTIONS_H
#define BPFMM_OPTIONS_H

#include <stdbool.h>
#include "cat/herd_cfg.h"

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

/* The usage error of opt_parse, for a command's own options; returns 2. */
int opt_usage_error(const char *cmd, const char *fmt, const char *arg);

/* The usage error for an argument a that starts with '-' and is none of
 * cmd's options. help: the command's --help text (NULL-terminated
 * pieces), whose options ("-x", "--name" after a blank, '[', '(', '|' or
 * ',') are the ones it takes: an option it names is missing its argument;
 * one or two edits from one it names is a typo ("did you mean ...?").
 * Returns 2. */
int opt_unknown(const char *cmd, const char *a, const char *const *help);

/* --arch OLD read as NAME (arch/frontends.h): "note: 'OLD' is spelled
 * 'NAME'" on stderr; nothing when name is NULL. */
void opt_respelt(const char *old, const char *name);

#endif
