/* output.h - print a checked test the way herd7 does, so that scripts
 * written for herd7 (Observation lines, States blocks) keep working. */
#ifndef BPFMM_OUTPUT_H
#define BPFMM_OUTPUT_H

#include <stdio.h>
#include "exec/check.h"

void print_value(FILE *f, const litmus_test *t, value v);
void print_prop(FILE *f, const litmus_test *t, const prop *p);
void print_herd(FILE *f, const litmus_test *t, const check_result *res, bool show_time);

/* The same result as one JSON object on one line: file (as named on the
 * command line), test, states, ok, positive, negative, quantifier,
 * observation, witnesses_exact, flags, warnings (d's, as printed on
 * stderr, then more_warning when not NULL: a line stderr shows after the
 * result, such as herd7's unrolling warning), seconds. */
void print_json(FILE *f, const char *file, const litmus_test *t, const check_result *res, const diag *d,
		const char *more_warning, bool show_time);

/* For a test that could not be read or checked: {"file", "error" (the
 * FILE:LINE:COL: error: line), "warnings"}. */
void print_json_error(FILE *f, const char *file, const diag *d);
/* A test a command could not check: the error on err, with json also as
 * the record print_json_error writes on out (flushed). Returns 1. */
int report_failure(bool json, const char *file, const diag *d, FILE *out, FILE *err);

/* Pieces of the sub-commands' -json records (map, c2bpf, lkmm-map), one
 * object per line: json_begin writes {"file":FILE, json_field ,"KEY":VALUE
 * (a string, or null when value is NULL), json_field_state ,"KEY":STATE
 * (state.h's syntax as a string), json_end the closing } and newline. */
void json_begin(FILE *f, const char *file);
void json_field(FILE *f, const char *key, const char *value);
void json_field_state(FILE *f, const char *key, const litmus_test *t, const observable *obs, int nobs,
		      const litmus_test *vt, const value *row);
void json_end(FILE *f);
/* s as a JSON string (quoted, escaped) */
void json_quote(FILE *f, const char *s);
/* a final state as a JSON string, in state.h's syntax */
void json_state(FILE *f, const litmus_test *t, const observable *obs, int nobs,
		const litmus_test *vt, const value *row);
/* ,"warnings":["FILE:LINE:COL: warning: MSG",...]: d's warnings, and
 * more (when not NULL) last */
void json_field_warnings(FILE *f, const diag *d);
void json_field_warnings_more(FILE *f, const diag *d, const char *more);
/* ,"error":"FILE:LINE:COL: error: MSG" for d's error (as on stderr) */
void json_field_error(FILE *f, const char *file, const diag *d);

/* res->wit as a Graphviz digraph: events per thread, po, rf and co. */
void print_dot(FILE *f, const litmus_test *t, const check_result *res);

/* An execution as text, one line per thread (events in program order,
 * where each read takes its value from) and one per location with two or
 * more writes (their coherence order); each line starts with indent. */
void print_execution(FILE *f, const litmus_test *t, const witness *w, const char *indent);

/* One event as text: `W y=1 [RL] (P0 line 9: store_release(...))`, or
 * `W x=0 (init)`; the instruction text comes from the test's file. */
void print_event(FILE *f, const litmus_test *t, const witness *w, int e);
/* The source text of instruction insn of thread index ti ("" if unknown). */
void insn_text(const litmus_test *t, int ti, int insn, char *buf, size_t n);
/* A Graphviz node for event e (extra: more attributes, ", color=red"). */
void dot_event(FILE *f, const litmus_test *t, const witness *w, int e, const char *extra);
/* (a, b) in fr = rf^-1 ; co minus id, in w */
bool witness_fr(const witness *w, int a, int b);

/* "Never" / "Sometimes" / "Always" for the proposition's counts. */
/* -json for a test stopped by -timeout: {"file","test","timeout","warnings"} */
void print_json_timeout(FILE *f, const char *file, const litmus_test *t, double timeout,
			const diag *d);
const char *observation_word(const check_result *res);

#endif
