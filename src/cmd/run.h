/* run.h - `bpfmm run`: BPF litmus tests on real JITs in QEMU guests. */
#ifndef BPFMM_RUN_H
#define BPFMM_RUN_H

int run_main(int argc, char **argv, const char *model_dir, const char *argv0);

#endif
