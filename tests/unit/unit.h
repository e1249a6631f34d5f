/* unit.h - a tiny assertion harness for the unit tests.
 * Each test binary prints "unit NAME: P passed, F failed" and exits
 * non-zero on any failure. */
#ifndef BPFMM_UNIT_H
#define BPFMM_UNIT_H
#include <stdio.h>
#include <string.h>

static int unit_pass, unit_fail;

#define CHECK(cond) do { \
	if (cond) unit_pass++; \
	else { unit_fail++; fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); } \
} while (0)

#define CHECK_STR(a, b) do { \
	const char *a_ = (a), *b_ = (b); \
	if (a_ && b_ && strcmp(a_, b_) == 0) unit_pass++; \
	else { unit_fail++; fprintf(stderr, "%s:%d: CHECK_STR failed: \"%s\" != \"%s\"\n", __FILE__, __LINE__, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); } \
} while (0)

static inline int unit_done(const char *name)
{
	printf("unit %s: %d passed, %d failed\n", name, unit_pass, unit_fail);
	return unit_fail != 0;
}
#endif
