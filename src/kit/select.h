/* select.h - herd7's input options that choose which tests run and which
 * condition they answer: -names FILE, -excl FILE, -oknames N,N,...,
 * -nonames N,N,..., -conds FILE and -kinds FILE (as herd7 reads them,
 * docs in bpfmm --help). The files are read when the option is parsed;
 * each test is then matched by the name in its header. */
#ifndef BPFMM_SELECT_H
#define BPFMM_SELECT_H

#include <stdbool.h>
#include "litmus/litmus.h"
#include "base/diag.h"

/* One `NAME VALUE` line of a -conds or -kinds file. */
typedef struct {
	char *name;
	char *value;      /* -conds: the condition, without its quotes;
	                   * -kinds: Allowed, Forbidden or Required */
	int file;         /* which file of its option, in command-line order */
	const char *path; /* that file */
	srcpos at;        /* where the value starts in it */
} sel_entry;

typedef struct {
	char **names;     /* -names, -oknames: only these (when any is given) */
	int nnames;
	bool some_names;  /* a -names or -oknames was given (even empty) */
	char **excl;      /* -excl, -nonames: never these */
	int nexcl;
	sel_entry *conds, *kinds;
	int nconds, nkinds;
	int cond_files, kind_files;
} test_select;

/* argv[*i] when it is one of the options above: its argument read, *i
 * moved past it, 1. 0 when it is not one. -1 after a usage error ("bpfmm:
 * ..." printed: exit 2), -2 after an error in its file (FILE:LINE:COL:
 * error: printed: exit 1). */
int sel_option(test_select *s, int argc, char **argv, int *i);

/* Does a test of this name run? */
bool sel_wanted(const test_select *s, const char *name);

/* For a file that cannot be read as a test: does its header line
 * (ARCH NAME) name a test left out? herd7 then says nothing about it, so
 * that -excl can leave out a test it cannot read. */
bool sel_unwanted_file(const test_select *s, const char *path);

/* The test's condition replaced as -conds says, then its quantifier as
 * -kinds says. 0, or -1 with the error in d (d->file: the -conds file). */
int sel_apply(const test_select *s, litmus_test *t, diag *d);

void sel_free(test_select *s);

#endif
