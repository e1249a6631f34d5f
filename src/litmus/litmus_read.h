/* litmus_read.h - the generic litmus reader.
 *
 * Parses the parts every dialect shares (header, doc string, comments, init
 * block, thread grid, locations, filter, final condition) and hands each
 * thread's cells to the front-end that `lookup` returns for the header's
 * architecture keyword. The accepted format is described in
 * docs/litmus-format.md.
 */
#ifndef BPFMM_LITMUS_READ_H
#define BPFMM_LITMUS_READ_H

#include "litmus/frontend.h"

/* Read a test from a file. On error returns NULL with the first error in d
 * (its LINE:COL refers to the file). If d->file is NULL it is set to path,
 * so path must outlive d. */
litmus_test *litmus_read_file(const char *path, frontend_lookup_fn lookup, diag *d);

/* Same for text in memory; name stands for the file name (may be NULL). */
litmus_test *litmus_read_string(const char *text, const char *name,
				frontend_lookup_fn lookup, diag *d);

/* Free a test returned by the functions above (NULL is fine). */
void litmus_free(litmus_test *t);

/* A proposition in condition syntax ("0:r1=1 /\\ x=2") about test t
 * (`bpfmm explain TEST STATE`); name stands for where it comes from in
 * messages. Its locations must be t's. Free with prop_free. */
prop *litmus_read_prop(litmus_test *t, const char *text, const char *name, diag *d);
void prop_free(prop *p);

/* herd7's -conds: replace t's final condition by text, a quantified one
 * ("exists (0:r1=1)", "~exists ...", "forall ..."), read as if it began
 * at position at of d->file (the file that gave it). Its locations must
 * be t's. 0, or -1 with the error in d (t unchanged). */
int litmus_replace_cond(litmus_test *t, const char *text, srcpos at, diag *d);

#endif
