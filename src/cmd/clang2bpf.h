/* clang2bpf.h - kernel-C litmus tests compiled to BPF by clang, lifted
 * back into BPF litmus tests and compared with the LKMM.
 *
 *   bpfmm clang2bpf [--mcpu v3,v4] [--idioms NAME,...] [-v] [--json] FILE.litmus...
 *   bpfmm clang2bpf --primitives [--mcpu ...]
 *
 * Each thread of a C test is written as a BPF C function in the way BPF
 * programs write the kernel's primitives (an idiom table, clang2bpf.c and
 * docs/clang-to-bpf.md), all threads of a test under every idiom set in
 * one C file, compiled by clang-19 -target bpf -O2 -mcpu=vN once per
 * -mcpu; llvm-objdump-19 disassembles the object and each function is
 * lifted into a thread of a BPF litmus test, checked with bpf.cat and
 * compared with the LKMM verdict of the C test:
 *
 *   CLANG2BPF NAME mcpu=vN idioms=SET[,SET] LKMM=<verdict> BPF=<verdict> VERDICT
 *
 * VERDICT: sound (the same final states), sound-stronger (bpf.cat forbids
 * states the LKMM allows, never the reverse), unsound (STATE) (a state
 * the LKMM forbids), refused (REASON) (the test has no BPF C form, clang
 * cannot compile an idiom, or the object cannot be lifted).
 */
#ifndef BPFMM_CLANG2BPF_H
#define BPFMM_CLANG2BPF_H

/* argv[0] is "clang2bpf". Exit 0 when every test was checked or refused,
 * 1 when some test could not be read or checked, 2 on a bad command line. */
int clang2bpf_main(int argc, char **argv, const char *model_dir, const char *self);

#endif
