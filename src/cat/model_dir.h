/* model_dir.h - where the bundled cat models are. */
#ifndef BPFMM_MODEL_DIR_H
#define BPFMM_MODEL_DIR_H

/* $BPFMM_MODELDIR if set; else models/ next to the build directory
 * holding the executable (../models from build/bpfmm); else
 * ../share/bpfmm/models from the executable (make install); else the
 * directory fixed at build time. A candidate counts only if it holds our
 * library (lib/stdlib.cat). */
enum { MODEL_DIR_MAX = 4096 };   /* PATH_MAX */
const char *model_dir(char *buf);   /* buf: the caller's */

#endif
