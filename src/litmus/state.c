/* state.c - final states in herd7's syntax (see state.h). */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "litmus/state.h"
#include "base/xalloc.h"

void state_print_value(FILE *f, const litmus_test *t, value v)
{
	if (v.sym < 0)
		fprintf(f, "%" PRId64, v.off);
	else if (v.off == 0)
		fputs(t->syms[v.sym], f);
	else
		fprintf(f, "%s+%" PRId64, t->syms[v.sym], v.off);
}

void state_print_obs(FILE *f, const litmus_test *t, const observable *o)
{
	if (o->thread >= 0)
		fprintf(f, "%d:%s", t->threads[o->thread].id, t->regs[o->reg]);
	else
		fprintf(f, "[%s]", t->syms[o->sym]);
}

void state_print(FILE *f, const litmus_test *t, const observable *obs, int nobs,
		 const litmus_test *vt, const value *row)
{
	for (int i = 0; i < nobs; i++) {
		state_print_obs(f, t, &obs[i]);
		fputc('=', f);
		state_print_value(f, vt ? vt : t, row[i]);
		fputs(i + 1 < nobs ? "; " : ";", f);
	}
}

char *state_string(const litmus_test *t, const observable *obs, int nobs,
		   const litmus_test *vt, const value *row)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = xopen_memstream(&s, &n);
	state_print(f, t, obs, nobs, vt, row);
	if (fclose(f) || !s) {
		fputs("bpfmm: out of memory\n", stderr);
		exit(1);
	}
	return s;
}

static int fail(char *err, size_t nerr, const char *what, const char *at)
{
	if (err)
		snprintf(err, nerr, "%s at '%.40s'", what, at);
	return -1;
}

/* index of the observable named s[0..len), or -1 */
static int find_obs(const litmus_test *t, const observable *obs, int nobs, const char *s, size_t len)
{
	for (int i = 0; i < nobs; i++) {
		const observable *o = &obs[i];
		const char *name = o->thread >= 0 ? t->regs[o->reg] : t->syms[o->sym];
		size_t nl = strlen(name);
		if (o->thread >= 0) {
			char tid[16];
			int tl = snprintf(tid, sizeof tid, "%d:", t->threads[o->thread].id);
			if (len == tl + nl && !strncmp(s, tid, tl) && !strncmp(s + tl, name, nl))
				return i;
		} else if (len == nl + 2 && s[0] == '[' && !strncmp(s + 1, name, nl) && s[len - 1] == ']') {
			return i;
		}
	}
	return -1;
}

static int parse_value(const char *s, size_t len, const litmus_test *t, value *v)
{
	char buf[256], *end;

	if (len == 0 || len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = 0;
	if (isdigit((unsigned char)buf[0]) || buf[0] == '-') {
		errno = 0;
		long long x = buf[0] == '-' ? strtoll(buf, &end, 0) : (long long)strtoull(buf, &end, 0);
		if (*end || errno)
			return -1;
		*v = value_int((int64_t)x);
		return 0;
	}
	char *plus = strchr(buf, '+');
	int64_t off = 0;
	if (plus) {
		errno = 0;
		off = strtoll(plus + 1, &end, 10);
		if (*end || errno || plus[1] == 0)
			return -1;
		*plus = 0;
	}
	for (int k = 0; k < t->nsyms; k++)
		if (!strcmp(t->syms[k], buf)) {
			*v = (value){ .sym = k, .off = off };
			return 0;
		}
	return -1;
}

int state_parse(const char *s, const litmus_test *t, const observable *obs, int nobs, value *row,
		char *err, size_t nerr)
{
	bool seen[nobs + 1];

	memset(seen, 0, sizeof seen);
	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		const char *eq = strchr(s, '='), *semi = eq ? strchr(eq, ';') : NULL;
		if (!eq || !semi)
			return fail(err, nerr, "expected T:REG=VALUE; or [LOC]=VALUE;", s);
		int i = find_obs(t, obs, nobs, s, (size_t)(eq - s));
		if (i < 0)
			return fail(err, nerr, "not an observable of this test", s);
		if (seen[i])
			return fail(err, nerr, "given twice", s);
		if (parse_value(eq + 1, (size_t)(semi - eq - 1), t, &row[i]) < 0)
			return fail(err, nerr, "bad value", eq + 1);
		seen[i] = true;
		s = semi + 1;
	}
	for (int i = 0; i < nobs; i++)
		if (!seen[i]) {
			if (err) {
				char *name = state_string(t, &obs[i], 1, NULL, &(value){ .sym = -1 });
				snprintf(err, nerr, "no value for %.*s", name ? (int)strcspn(name, "=") : 0,
					 name ? name : "");
				free(name);
			}
			return -1;
		}
	return 0;
}
