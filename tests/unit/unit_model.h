/* unit_model.h - load a cat model written in a unit test: the text goes to
 * a temporary .cat file (models/lib on the include path), which is read
 * and removed. NULL, with the error printed, if it does not load. */
#ifndef BPFMM_UNIT_MODEL_H
#define BPFMM_UNIT_MODEL_H
#include <string.h>
#include <unistd.h>
#include "cat/cat.h"

static inline cat_model *unit_load_model(const char *text)
{
	char path[] = "/tmp/bpfmm-test-XXXXXX.cat";
	int fd = mkstemps(path, 4);
	const char *inc[] = { "models/lib", NULL };
	diag d = { .file = path };
	size_t n = strlen(text);

	if (fd < 0)
		return NULL;
	if (write(fd, text, n) != (ssize_t)n) {
		close(fd);
		unlink(path);
		return NULL;
	}
	close(fd);
	cat_model *m = cat_model_load(path, inc, NULL, &d);
	if (!m)
		diag_print(&d);
	unlink(path);
	return m;
}
#endif
