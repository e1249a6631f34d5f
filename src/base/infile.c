/* infile.c - bounded reading of files from outside (infile.h); a stream
 * is one thread's, so its characters are read unlocked. */
#include <errno.h>
#include <stdlib.h>
#include "base/infile.h"
#include "base/xalloc.h"

char *file_read_all(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;

	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (n == cap) {
			if (cap >= max) {
				free(buf);
				fclose(f);
				errno = EFBIG;
				return NULL;
			}
			cap = cap ? 2 * cap : 8192;
			if (cap > max)
				cap = max;
			buf = xrealloc(buf, cap + 1);
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int e = errno ? errno : EIO;
		free(buf);
		fclose(f);
		errno = e;
		return NULL;
	}
	fclose(f);
	if (!buf)
		buf = xmalloc(1);
	buf[n] = '\0';
	*len = n;
	return buf;
}

long line_read(FILE *f, char *buf, size_t cap, bool *whole, long limit)
{
	long n = 0;
	size_t k = 0;
	int c = EOF;

	*whole = true;
	while (n < limit && (c = getc_unlocked(f)) != EOF) {
		n++;
		if (c == '\n')
			break;
		if (k < cap)
			buf[k++] = (char)c;
		else
			*whole = false;
	}
	buf[k] = '\0';
	return n == 0 && c == EOF ? -1 : n;
}
