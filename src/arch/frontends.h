/* frontends.h - the table of litmus dialects bpfmm understands. */
#ifndef BPFMM_FRONTENDS_H
#define BPFMM_FRONTENDS_H

#include <stddef.h>
#include "litmus/frontend.h"

/* The front-end for a header keyword ("BPF", ...), or NULL. */
const frontend *frontend_for_arch(const char *arch);

/* The i-th dialect of the table (0, 1, ...), NULL past the end: to list
 * them (bpfmm --help). */
const frontend *frontend_nth(size_t i);

/* A front-end other than `not` whose tests have an event set (tag) called
 * `name`, or NULL: which architecture a model written for them expects. */
const frontend *frontend_with_tag(const char *name, const frontend *not);

#endif
