/* diff_models.h - bpfmm diff-models: two BPF models side by side.
 *
 *   bpfmm diff-models A.cat B.cat [FILE.litmus...] [--diy "OPTS"]
 *                     [--random N --seed S] [--first] [--emit DIR]
 *
 * Every test is checked under both models; a test whose sets of final
 * states differ is printed with the states only A allows and those only
 * B allows, then shrunk (threads, instructions, condition atoms) while
 * the difference stays. docs/diy.md. */
#ifndef BPFMM_DIFF_MODELS_H
#define BPFMM_DIFF_MODELS_H

/* argv[0] is "diff-models"; self is the bpfmm executable (to find
 * bpfgen next to it). Exit 0 same, 1 some test differs, 2 error. */
int diff_models_main(int argc, char **argv, const char *model_dir, const char *self);

#endif
