/* frontends.h - the table of litmus dialects bpfmm understands. */
#ifndef BPFMM_FRONTENDS_H
#define BPFMM_FRONTENDS_H

#include "frontend.h"

/* The front-end for a header keyword ("BPF", ...), or NULL. */
const frontend *frontend_for_arch(const char *arch);

#endif
