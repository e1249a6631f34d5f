/* herd_cfg.h - herd7 configuration files (-conf FILE.cfg).
 *
 * A .cfg file holds herd7 options, one per line, written without the
 * leading dash: `model linux-kernel.cat`, `bell linux-kernel.bell`,
 * `macros linux-kernel.def`, `graph columns`, ... Lines starting with '#'
 * and blank lines are ignored. The model-relevant options (model / cat,
 * bell, macros, variant) are applied; display-only options (graph,
 * squished, showevents, fontsize, edgeattr, ...) and options bpfmm has no
 * use for (timeout, unroll, speedcheck) are accepted and ignored. Any other
 * option is an error, as in herd7.
 *
 * A relative file name is looked up in the current directory, then in the
 * directory of the .cfg file.
 */
#ifndef BPFMM_HERD_CFG_H
#define BPFMM_HERD_CFG_H

#include "base/diag.h"

#define CFG_MAX_VARIANTS 16

typedef struct {
	char *dir;        /* directory of the .cfg file (an include directory) */
	char *model;      /* resolved path of `model` / `cat`, or NULL */
	char *bell;       /* resolved path of `bell`, or NULL */
	char *macros;     /* resolved path of `macros`, or NULL */
	char *variants[CFG_MAX_VARIANTS];
	int nvariants;
} bpfmm_cfg;

/* Read `path` into c (zeroed first). Returns 0, or -1 with the error in d
 * (d->file is set to path). */
int cfg_load(const char *path, bpfmm_cfg *c, diag *d);

/* Does the cfg's bell agree with what bpfmm runs (the .bell file next to
 * the model, same base name)? Returns 0, or -1 with the error in d. */
int cfg_check_bell(const bpfmm_cfg *c, const char *model_path, diag *d);
/* The same for a bell file named on the command line (herd7's -bell). */
int cfg_check_bell_file(const char *bell, const char *model_path, diag *d);

void cfg_free(bpfmm_cfg *c);

#endif
