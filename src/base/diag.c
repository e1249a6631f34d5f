/* diag.c - first-error-wins diagnostics. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "base/diag.h"

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

void diag_warning(diag *d, srcpos pos, const char *fmt, ...)
{
	char msg[sizeof d->wmsg[0]];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	for (int i = 0; i < d->nwarn; i++)
		if (!strcmp(d->wmsg[i], msg))
			return;
	if (d->nwarn == DIAG_MAX_WARNINGS)
		return;
	d->wpos[d->nwarn] = pos;
	memcpy(d->wmsg[d->nwarn++], msg, sizeof msg);
}

static void print_one(FILE *f, const diag *d, srcpos pos, const char *kind, const char *msg)
{
	if (pos.line > 0)
		fprintf(f, "%s:%d:%d: %s: %s\n", d->file ? d->file : "<input>",
			pos.line, pos.col, kind, msg);
	else
		fprintf(f, "%s: %s: %s\n", d->file ? d->file : "<input>", kind, msg);
}

void diag_fprint(FILE *f, const diag *d)
{
	if (d->failed)
		print_one(f, d, d->pos, "error", d->msg);
}

void diag_fprint_warnings(FILE *f, const diag *d)
{
	for (int i = 0; i < d->nwarn; i++)
		print_one(f, d, d->wpos[i], "warning", d->wmsg[i]);
}

void diag_print(const diag *d) { diag_fprint(stderr, d); }
void diag_print_warnings(const diag *d) { diag_fprint_warnings(stderr, d); }

int diag_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int row[64], prev[64];

	if (la >= 63 || lb >= 63 || (la > lb ? la - lb : lb - la) > 2)
		return 3;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
			int del = prev[j] + 1, ins = row[j - 1] + 1;
			row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
		memcpy(prev, row, sizeof(int) * (lb + 1));
	}
	return prev[lb] > 2 ? 3 : prev[lb];
}
