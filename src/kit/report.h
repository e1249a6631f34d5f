/* report.h - the verdict record of the map-like commands (map, jit-check,
 * c2bpf, clang2bpf, lkmm-map): one line of text, or with -json one JSON object per
 * line, written by one function so that the commands agree on fields,
 * order and spelling. */
#ifndef BPFMM_REPORT_H
#define BPFMM_REPORT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include "base/diag.h"

/* The verdicts every map-like command says, in the order a summary line
 * counts them. */
enum { REPORT_NVERDICTS = 6 };

/* A run's verdicts, counted as they are reported (by -j's threads at
 * once): what the summary line says. Zero-initialise it. */
typedef struct {
	atomic_int verdicts[REPORT_NVERDICTS];
	atomic_int errors;       /* tests that could not be read or checked */
} report_tally;

/* Count verdict (one of the words above) or an error; t may be NULL. */
void report_count(report_tally *t, const char *verdict);
void report_count_error(report_tally *t);

/* The summary line ending a run of tests tests:
 * "WHAT: N tests, R verdicts: A sound, B sound-stronger, C unsound,
 * D refused, E unsupported, F unchecked; G errors". */
void report_summary(FILE *out, const char *what, int tests, report_tally *t);

typedef enum {
	REPORT_MAP,     /* map, jit-check: arch, mapping, class, classes, execution, error */
	REPORT_LKMM,    /* c2bpf, clang2bpf, lkmm-map: the LKMM verdict and the target's */
} report_kind;

/* Every field but kind, word, test and verdict may be NULL (absent). */
typedef struct {
	report_kind kind;
	const char *word;         /* the text line's first word: Map, JitCheck, C2BPF ... */
	const char *test;
	const char *arch;         /* REPORT_MAP: the native architecture */
	const char *mapping;      /* the table (jit-check: "jit") */
	const char *mcpu;         /* clang2bpf: text "mcpu=MCPU idioms=IDIOMS", */
	const char *idioms;       /* ... and JSON fields mcpu, idioms */
	const char *lkmm;         /* REPORT_LKMM: LKMM's observation on the C test */
	const char *target_key;   /* REPORT_LKMM: text "KEY=TARGET" (TARGET "-" when NULL) */
	const char *target_jkey;  /* ... and TARGET's JSON key */
	const char *target;
	const char *verdict;      /* sound, unsound, refused, ... */
	const char *cls;          /* unsupported: the instruction class */
	const char *reason;       /* text " (REASON)" */
	const char *state;        /* the state that decides, in the source test's names */
	bool state_in_text;       /* the text line ends with the state */
	bool state_as_reason;     /* no reason: the text line's " (STATE)" */
	const char *classes;      /* REPORT_MAP: "load,fetch" (JSON always, text when show_classes) */
	bool show_classes;
	const char *execution;    /* text: lines after the line; JSON: a string */
	const diag *err;          /* REPORT_MAP: the error that stopped the check */
	report_tally *tally;      /* counts the verdict, or NULL */
} verdict_record;

/* Write v on out: text "WORD TEST [ARCH] [MAPPING] [mcpu=M idioms=I] [LKMM=L KEY=T] VERDICT
 * [CLASS] [(REASON)] [STATE] [classes=C]" and the execution's lines, or
 * with json {"file":FILE, ...} (docs: man bpfmm, each command's -json). */
void report_verdict(FILE *out, bool json, const char *file, const verdict_record *v);

#endif
