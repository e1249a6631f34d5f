/* frontends.h - the table of litmus dialects bpfmm understands. */
#ifndef BPFMM_FRONTENDS_H
#define BPFMM_FRONTENDS_H

#include <stddef.h>
#include <stdio.h>
#include "litmus/frontend.h"

/* The front-end for a header keyword ("BPF", ...), or NULL. */
const frontend *frontend_for_arch(const char *arch);

/* The i-th dialect of the table (0, 1, ...), NULL past the end: to list
 * them (bpfmm --help). */
const frontend *frontend_nth(size_t i);

/* A front-end other than `not` whose tests have an event set (tag) called
 * `name`, or NULL: which architecture a model written for them expects. */
const frontend *frontend_with_tag(const char *name, const frontend *not);

/* The kernel's names some front-ends carry (frontend.jit_arch for
 * `bpfmm map --arch`, frontend.qemu_arch for `bpfmm run --arch`). */
typedef enum { KERNEL_NAME_JIT, KERNEL_NAME_QEMU } kernel_name_kind;

/* The front-end whose kernel name of that kind is `name`, or NULL. */
const frontend *frontend_by_kernel_name(kernel_name_kind kind, const char *name);

/* Prints each kernel name of that kind, in table order, separated by
 * sep: the one list an option's help and its error message show. */
void frontend_print_kernel_names(FILE *f, kernel_name_kind kind, const char *sep);

#endif
