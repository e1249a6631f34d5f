/* output.h - print a checked test the way herd7 does, so that scripts
 * written for herd7 (Observation lines, States blocks) keep working. */
#ifndef BPFMM_OUTPUT_H
#define BPFMM_OUTPUT_H

#include <stdio.h>
#include "check.h"

void print_value(FILE *f, const litmus_test *t, value v);
void print_prop(FILE *f, const litmus_test *t, const prop *p);
void print_herd(FILE *f, const litmus_test *t, const check_result *res, bool show_time);

/* The same result as one JSON object on one line: file (as named on the
 * command line), test, states, ok, positive, negative, quantifier,
 * observation, witnesses_exact, flags, warnings (d's, as printed on
 * stderr), seconds. */
void print_json(FILE *f, const char *file, const litmus_test *t, const check_result *res, const diag *d);

/* For a test that could not be read or checked: {"file", "error" (the
 * FILE:LINE:COL: error: line), "warnings"}. */
void print_json_error(FILE *f, const char *file, const diag *d);

/* Pieces of the sub-commands' -json records (map, c2bpf, lkmm-map), one
 * object per line: json_begin writes {"file":FILE, json_field ,"KEY":VALUE
 * (a string, or null when value is NULL), json_field_state ,"KEY":STATE
 * (state.h's syntax as a string), json_end the closing } and newline. */
void json_begin(FILE *f, const char *file);
void json_field(FILE *f, const char *key, const char *value);
void json_field_state(FILE *f, const char *key, const litmus_test *t, const observable *obs, int nobs,
		      const litmus_test *vt, const value *row);
void json_end(FILE *f);
/* ,"error":"FILE:LINE:COL: error: MSG" for d's error (as on stderr) */
void json_field_error(FILE *f, const char *file, const diag *d);

/* res->wit as a Graphviz digraph: events per thread, po, rf and co. */
void print_dot(FILE *f, const litmus_test *t, const check_result *res);

/* An execution as text, one line per thread (events in program order,
 * where each read takes its value from) and one per location with two or
 * more writes (their coherence order); each line starts with indent. */
void print_execution(FILE *f, const litmus_test *t, const witness *w, const char *indent);

/* "Never" / "Sometimes" / "Always" for the proposition's counts. */
const char *observation_word(const check_result *res);

#endif
