/* diag.c - first-error-wins diagnostics. */
#include <stdarg.h>
#include <stdio.h>
#include "diag.h"

int diag_error(diag *d, srcpos pos, const char *fmt, ...)
{
	va_list ap;

	if (d->failed)
		return -1;
	d->failed = 1;
	d->pos = pos;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	return -1;
}

void diag_print(const diag *d)
{
	if (!d->failed)
		return;
	if (d->pos.line > 0)
		fprintf(stderr, "%s:%d:%d: error: %s\n", d->file ? d->file : "<input>",
			d->pos.line, d->pos.col, d->msg);
	else
		fprintf(stderr, "%s: error: %s\n", d->file ? d->file : "<input>", d->msg);
}
