/* lkmm_common.h - helpers shared by the LKMM translators (c2bpf, lkmm-map):
 * growing strings, tag tests on the C front-end's events, the refused
 * primitive families, where the models are, and loading a cat model. */
#ifndef BPFMM_LKMM_COMMON_H
#define BPFMM_LKMM_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include "cat.h"
#include "check.h"
#include "frontends.h"

typedef struct {
	char *s;
	size_t n, cap;
} sbuf;

void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether m holds the tag called name in t's front-end. */
bool lk_has_tag(const litmus_test *t, tagmask m, const char *name);

/* "RCU", "SRCU" or "locks" when m holds a tag of that family, else NULL:
 * those primitives have no translation. */
const char *lk_unsupported_family(const litmus_test *t, tagmask m);

/* The directory of the bundled models ($BPFMM_MODELDIR, next to the
 * executable, or the build-time default). */
const char *lk_model_dir(void);

/* The kernel's tools/memory-model: opt (-I) if given, $LKMM_DIR, ., the
 * first ~/.cache/bpfmm-lkmm/<tree>/tools/memory-model; NULL if none. */
const char *lk_lkmm_dir(const char *opt);

/* Load the cat model at path for front-end fe (include path: its own
 * directory, extra if not NULL, the model library); NULL with d set. */
cat_run *lk_load_model(const char *path, const char *extra, const frontend *fe, cat_model **mp,
		       diag *d);

/* Same value, symbols compared by name (the two tests intern apart). */
bool lk_same_value(const litmus_test *ta, value a, const litmus_test *tb, value b);

#endif
