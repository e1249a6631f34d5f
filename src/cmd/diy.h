/* diy.h - BPF litmus tests generated from critical cycles (bpfmm diy),
 * in the manner of herdtools7's diy7 for hardware models.
 *
 * A cycle is a list of edges (Rfe Fre Coe, Rfi Fri Coi, Pos/Pod, Dp*,
 * Fence*, Rmw*), optionally annotated (PodWWPL: plain write, po, release
 * write). Each test is written so that its `exists` condition holds
 * exactly in the executions that contain the cycle. docs/diy.md. */
#ifndef BPFMM_DIY_H
#define BPFMM_DIY_H

#include <stdio.h>

/* Called once per generated test, in generation order (size, then edge
 * order); return non-zero to stop the generation. */
typedef int (*diy_sink)(const char *name, const char *text, void *ctx);

/* Parse diy options (argv[0] is the first option, not a program name)
 * and generate; every test goes to sink. Returns 0, 2 on a bad option
 * (message on err), 1 when a named cycle is not a valid cycle. */
int diy_generate(int argc, char **argv, diy_sink sink, void *ctx, FILE *err);

/* bpfmm diy ...: argv[0] is "diy". */
int diy_main(int argc, char **argv, const char *model_dir, const char *self);

#endif
