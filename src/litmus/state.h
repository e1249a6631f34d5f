/* state.h - a final state in herd7's own syntax, the one syntax every
 * bpfmm command prints (States lines, map's STATE, c2bpf/lkmm-map
 * reports, -json "states") and reads (bpfmm run's guest output):
 *
 *     0:r1=1; 1:r2=x; [y]=2;
 *
 * T:REG is register REG of thread PT, [LOC] memory location LOC; each item
 * ends with ';' and items are separated by one blank; a value is an integer
 * or an address (LOC, LOC+N). This is herd7's States line, item for item. */
#ifndef BPFMM_STATE_H
#define BPFMM_STATE_H

#include <stdio.h>
#include "litmus/litmus.h"

/* an integer, LOC or LOC+N */
void state_print_value(FILE *f, const litmus_test *t, value v);

/* T:REG or [LOC] */
void state_print_obs(FILE *f, const litmus_test *t, const observable *o);

/* The state row[0..nobs) over obs, named in t. The values' addresses are
 * symbols of vt (another test when comparing two; NULL: t). No newline. */
void state_print(FILE *f, const litmus_test *t, const observable *obs, int nobs,
		 const litmus_test *vt, const value *row);

/* The same as a malloc'd string (never NULL: out of memory reports and
 * exits, as base/xalloc.h). */
char *state_string(const litmus_test *t, const observable *obs, int nobs,
		   const litmus_test *vt, const value *row);

/* Read a state written as above into row[0..nobs), laid out as obs: each
 * observable exactly once, in any order, integers in decimal or 0x hex,
 * addresses by the names of t's locations. Returns 0, or -1 with a reason
 * in err (err may be NULL). */
int state_parse(const char *s, const litmus_test *t, const observable *obs, int nobs, value *row,
		char *err, size_t nerr);

#endif
