/* lineread.c - bounded reading of untrusted lines (lineread.h); the
 * stream is one thread's, so its characters are read unlocked. */
#include "base/lineread.h"

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
