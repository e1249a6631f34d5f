/* replay.c - a standalone main for the fuzz targets, for machines without
 * clang's libFuzzer: runs each file named on the command line through
 * LLVMFuzzerTestOneInput once. Built with gcc and ASan/UBSan, a fault ends
 * the process with the sanitizer's report (tests/scripts/fuzz-replay.sh
 * runs one file per process and counts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

int main(int argc, char **argv)
{
	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f) {
			perror(argv[i]);
			return 2;
		}
		size_t cap = 4096, n = 0, got;
		unsigned char *buf = malloc(cap);
		while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
			n += got;
			if (n == cap)
				buf = realloc(buf, cap *= 2);
		}
		fclose(f);
		/* exactly n bytes, as libFuzzer passes them: ASan then sees a
		 * read past the input's end */
		unsigned char *exact = malloc(n ? n : 1);
		memcpy(exact, buf, n);
		free(buf);
		LLVMFuzzerTestOneInput(exact, n);
		free(exact);
	}
	return 0;
}
