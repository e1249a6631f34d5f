/* model_load.h - the one way a command loads a cat model.
 *
 * The include-path rule, for every command: a model's `include "F"` (and
 * the implicit stdlib.cat) is looked up in
 *   1. the directory of the model file itself,
 *   2. the -I directories, in the order given,
 *   3. MODELDIR/lib,
 *   4. MODELDIR (the bundled models, see cat/model_dir.h).
 * Finding the model file is the caller's business (model_find for bare
 * names). */
#ifndef BPFMM_MODEL_LOAD_H
#define BPFMM_MODEL_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include "cat/cat.h"
#include "litmus/frontend.h"

typedef struct {
	const char *path;               /* the model file */
	const char *mdir;               /* MODELDIR; NULL: model_dir() */
	const char *const *incdirs;     /* the -I directories */
	int nincdirs;
	const char *const *variants;    /* NULL-terminated, or NULL */
	const frontend *fe;             /* the dialect whose tags the run knows */
} model_spec;

/* Load s->path with the rule above and make its run for s->fe; NULL with
 * d set (d->file: the model) on error. *mp receives the model. */
cat_run *model_load(const model_spec *s, cat_model **mp, diag *d);

/* A model named on the command line: NAME as given when it exists or
 * holds a '/'; else the first of DIR/NAME for the -I directories, then
 * MDIR/NAME. With cwd false, a bare name skips the current directory.
 * The path goes to path (n bytes); false when no file is readable. */
bool model_find(const char *name, bool cwd, const char *const *incdirs, int nincdirs,
		const char *mdir, char *path, size_t n);

#endif
