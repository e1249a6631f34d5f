/* lkmm_map.h - is the kernel's RISC-V implementation of the LKMM
 * primitives sound, test by test?
 *
 *   bpfmm lkmm-map --mapping NAME [--mapping NAME...] [--emit DIR] [-I DIR] [-v] FILE.litmus...
 *
 * Each C test is parsed with the C front-end and its IR written out as a
 * RISCV litmus test with the instruction sequences a mapping table gives
 * (riscv64-linux-6.12, riscv64-patched, riscv64-broken-acquire; see
 * lkmm_map.c and docs/lkmm-riscv.md). The C test is checked with the
 * kernel's linux-kernel.cat, the RISCV one with models/riscv.cat, and one
 * line is printed per test and mapping:
 *
 *   LKMM-MAP NAME MAPPING LKMM=<verdict> RISCV=<verdict> VERDICT [STATE]
 *
 * VERDICT: `sound` (the same final states), `sound-stronger` (RISC-V
 * allows a strict subset), `unsound` (RISC-V allows a final state the LKMM
 * forbids; STATE is the first such) or `refused (REASON)`.
 */
#ifndef BPFMM_LKMM_MAP_H
#define BPFMM_LKMM_MAP_H

/* argv[0] is "lkmm-map". Exit 0 when every test was checked or refused, 1
 * when a test could not be read or checked, 2 on a bad command line. */
int lkmm_map_main(int argc, char **argv, const char *model_dir, const char *self);

#endif
