/* c2bpf.h - translate kernel-C litmus tests to BPF and compare the models.
 *
 *   bpfmm c2bpf [--emit DIR] [-I LKMM_DIR] [--bpf-model FILE] [-v] FILE.litmus...
 *
 * Each C test is parsed with the C front-end; its IR is written out as a
 * BPF litmus test (the mapping is in c2bpf.c and docs/c-to-bpf.md), which
 * is read back with the ordinary BPF front-end. The C test is checked with
 * linux-kernel.cat, the BPF one with bpf.cat, and one line is printed:
 *
 *   C2BPF NAME LKMM=<Never|Sometimes|Always> BPF=<...> VERDICT
 *
 * VERDICT is `consistent` (every final state bpf.cat allows is allowed by
 * the LKMM), `BPF-WEAKER` (bpf.cat allows a final state the LKMM forbids)
 * or `refused (REASON)` (RCU, locks, SRCU, ... have no BPF counterpart).
 */
#ifndef BPFMM_C2BPF_H
#define BPFMM_C2BPF_H

/* argv[0] is "c2bpf". Exit 0 when every test was checked or refused, 1
 * when some test could not be read or checked, 2 on a bad command line. */
int c2bpf_main(int argc, char **argv, const char *model_dir, const char *self);

#endif
