/* frontend_labels.h - labels and branches of the assembly front-ends
 * (every one but C): each cell may start with `L:`; a branch names a
 * label that may come later in the thread, so branches are recorded while
 * parsing and patched at the end of the thread. Also the thread loop they
 * all share (fe_parse_grid), and the convention of their instruction
 * classes (FE_NOT_MINE). The kit the dialects are written on,
 * asm_kit.h, drives these.
 */
#ifndef BPFMM_FRONTEND_LABELS_H
#define BPFMM_FRONTEND_LABELS_H

#include <stddef.h>
#include "litmus/frontend.h"
#include "litmus/litmus_lex.h"
#include "litmus/litmus.h"

typedef struct {
	char name[LEX_MAX_NAME];
	int insn;       /* label: instruction it names; goto: branch to patch */
	srcpos pos;
} fe_label;

typedef struct {
	fe_label *labels, *gotos;
	int nlabels, ngotos;
} fe_labels;

/* Room for n labels and n branches (one of each per cell);
 * fe_labels_free releases it. */
void fe_labels_init(fe_labels *fl, size_t n);
void fe_labels_free(fe_labels *fl);

/* An optional `L:` at lx, naming instruction insn: 1 if there was one
 * (consumed), 0 if not (lx unchanged), -1 with "duplicate label 'L'" at
 * its position. */
int fe_label_def(fe_labels *fl, lexer *lx, int insn, diag *d);

/* The label name of a branch at lx, for instruction insn to be patched. */
int fe_label_ref(fe_labels *fl, lexer *lx, int insn);

/* Set the target of every recorded branch in code; -1 with
 * "unknown label 'L'" at the branch's label. */
int fe_labels_resolve(const fe_labels *fl, ir_insn *code, diag *d);

/* One thread of a grid dialect: th->code gets room for per_cell IR
 * instructions per cell and lab one label and one branch per cell. Each
 * cell is scanned with lx (the dialect's lexer, which `insn` reads from):
 * an optional `L:`, then, unless the cell ends there, one instruction
 * parsed by `insn` (`parser` is the dialect's state, which holds th, lab
 * and lx; `labelled` says whether the cell named a label), which must use
 * the whole rest of the cell. Then `resolve` patches the branches (NULL:
 * fe_labels_resolve). lab is freed. Returns 0, or -1 with an error in d. */
typedef int (*fe_insn_fn)(void *parser, bool labelled);
typedef int (*fe_resolve_fn)(void *parser);
int fe_parse_grid(litmus_thread *th, fe_labels *lab, lexer *lx, size_t per_cell,
		  const litmus_cell *cells, int ncells, fe_insn_fn insn,
		  fe_resolve_fn resolve, void *parser, diag *d);

/* Each front-end parses an instruction with one function per instruction
 * class (loads, stores, ALU, branches, atomics, fences...), tried in a
 * fixed order by a short parse_insn. A class function that does not know
 * the mnemonic returns FE_NOT_MINE without reading anything or changing
 * the instruction, so the next class is tried; otherwise it returns 0, or
 * -1 with an error. */
enum { FE_NOT_MINE = 1 };

/* The index of name m in table, an array of n entries of `size` bytes
 * each starting with a `const char *` name; n if m is not there.
 * FE_FIND(table, m) for an array in scope. */
size_t fe_find_name(const void *table, size_t n, size_t size, const char *m);
#define FE_FIND(table, m) fe_find_name((table), sizeof (table) / sizeof (table)[0], \
				       sizeof (table)[0], (m))

/* Flags as two hidden registers (x86, SPARC, ARM): a compare of a and b copies
 * a to fa and b to fb (test: a & b to fa, 0 to fb), two IR instructions
 * appended to th at pos; a conditional branch then compares fa with fb,
 * so it depends (ctrl) on whatever fed the compare. */
void fe_flags_set(litmus_thread *th, srcpos pos, int fa, int fb, opnd a, opnd b, bool test);

/* The IR instructions th->code[from..th->ncode) of one source instruction
 * at pos (asm_kit calls it after each instruction of a dialect with
 * asm_dialect.mark_mixed: LoongArch, S390X, SPARC, PPC, MIPS, ARM): an
 * access of fewer than 4 bytes, or at a nonzero address offset, is
 * mixed-size, so the thread is marked
 * (litmus_thread.mixed: refused without -variant mixed, as x86's). */
void fe_mark_mixed(litmus_thread *th, int from, srcpos pos);

/* The error of an instruction no class of the dialect took: "unknown
 * DIALECT instruction 'TEXT'", and when a word of TEXT is one or two
 * letters off a name of the dialect (names: NULL-terminated, e.g. its
 * mnemonics or calls; case ignored), "(did you mean 'NAME'?)".  Returns
 * -1 (the error recorded in d). */
int fe_unknown_insn(diag *d, srcpos pos, const char *dialect, const char *text,
		    const char *const *names);

#endif
