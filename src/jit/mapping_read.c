/* mapping_read.c - read a JIT mapping table (docs/jit-mappings.md). */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jit/mapping.h"
#include "base/infile.h"
#include "base/xalloc.h"

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

static void *grow(void *arr, int n, size_t elem)
{
	return xrealloc(arr, elem * (size_t)(n + 1));
}

/* Remove a trailing marker word from a template line; true if found. */
static bool take_marker(char *s, const char *marker)
{
	size_t n = strlen(s), k = strlen(marker);

	if (n < k || strcmp(s + n - k, marker) != 0)
		return false;
	if (n > k && !isspace((unsigned char)s[n - k - 1]))
		return false;
	s[n - k] = 0;
	return true;
}

static int directive(mapping *m, char *line, int lineno, diag *d)
{
	char *save = NULL, *word = strtok_r(line, " \t", &save), *arg;
	srcpos at = { lineno, 1 };

	/* the directives with one value */
	const struct { const char *word; char **slot; } one[] = {
		{ "name", &m->name }, { "arch", &m->arch }, { "model", &m->model },
		{ "addrreg", &m->addrreg }, { "immreg", &m->immreg }, { "immreg32", &m->immreg32 },
		{ "flagreg", &m->flagreg }, { "statusok", &m->status_ok },
	};
	char **slot = NULL;
	for (size_t i = 0; i < sizeof one / sizeof *one; i++)
		if (!strcmp(word, one[i].word))
			slot = one[i].slot;
	if (slot) {
		if (!(arg = strtok_r(NULL, " \t", &save)))
			return diag_error(d, at, "'%s' needs a value", word);
		free(*slot);
		*slot = xstrdup(arg);
		return 0;
	}
	if (!strcmp(word, "kernel") || !strcmp(word, "source") || !strcmp(word, "note"))
		return 0;   /* documentation only */
	if (!strcmp(word, "regs") || !strcmp(word, "regs32")) {
		char **tab = word[4] ? m->native32 : m->native;
		while ((arg = strtok_r(NULL, " \t", &save))) {
			char *eq = strchr(arg, '=');
			int r;
			if (!eq || arg[0] != 'r' || sscanf(arg + 1, "%d", &r) != 1 || r < 0 || r > 10)
				return diag_error(d, at, "bad register pair '%s' (expected rN=NATIVE)", arg);
			free(tab[r]);
			tab[r] = xstrdup(eq + 1);
		}
		return 0;
	}
	if (!strcmp(word, "fresh")) {
		while ((arg = strtok_r(NULL, " \t", &save))) {
			m->fresh = grow(m->fresh, m->nfresh, sizeof *m->fresh);
			m->fresh[m->nfresh++] = xstrdup(arg);
		}
		return 0;
	}
	if (!strcmp(word, "vars")) {
		if (!(arg = strtok_r(NULL, " \t", &save)))
			return diag_error(d, at, "'vars' needs a key");
		m->vars = grow(m->vars, m->nvars, sizeof *m->vars);
		map_vars *v = &m->vars[m->nvars++];
		memset(v, 0, sizeof *v);
		v->key = xstrdup(arg);
		while ((arg = strtok_r(NULL, " \t", &save))) {
			char *eq = strchr(arg, '=');
			if (!eq)
				return diag_error(d, at, "bad variable '%s' (expected NAME=VALUE)", arg);
			*eq = 0;
			v->names = grow(v->names, v->n, sizeof *v->names);
			v->vals = grow(v->vals, v->n, sizeof *v->vals);
			v->names[v->n] = xstrdup(arg);
			v->vals[v->n++] = xstrdup(eq + 1);
		}
		return 0;
	}
	return diag_error(d, at, "unknown directive '%s'", word);
}

mapping *mapping_read(const char *path, diag *d)
{
	FILE *f = fopen(path, "r");
	mapping *m;
	char buf[1024];
	int lineno = 0;
	map_section *cur = NULL;

	if (!d->file)
		d->file = path;
	if (!f) {
		diag_error(d, (srcpos){ 0, 0 }, "cannot open mapping '%s'", path);
		return NULL;
	}
	m = xcalloc(1, sizeof *m);
	m->path = xstrdup(path);
	long got, total = 0;
	bool whole;
	/* a table is a few KB: 16 MiB read at most, lines of 1023 bytes */
	while ((got = line_read(f, buf, sizeof buf - 1, &whole, (16L << 20) - total)) >= 0) {
		total += got;
		lineno++;
		if (!whole) {
			diag_error(d, (srcpos){ lineno, (int)sizeof buf }, "line longer than %d bytes",
				   (int)sizeof buf - 1);
			goto fail;
		}
		if (total >= 16L << 20) {
			diag_error(d, (srcpos){ lineno, 1 }, "larger than 16 MiB: not a mapping table");
			goto fail;
		}
		bool indented = isspace((unsigned char)buf[0]);
		char *s = trim(buf);
		if (!*s || *s == '#')
			continue;
		if (*s == '[') {
			char *close = strchr(s, ']');
			if (!close || close == s + 1) {
				diag_error(d, (srcpos){ lineno, 1 }, "bad section header");
				goto fail;
			}
			*close = 0;
			m->secs = grow(m->secs, m->nsecs, sizeof *m->secs);
			cur = &m->secs[m->nsecs++];
			memset(cur, 0, sizeof *cur);
			cur->name = xstrdup(s + 1);
			cur->cite = xstrdup(trim(close + 1));
			cur->line = lineno;
			continue;
		}
		if (indented && cur) {
			int fl = 0;
			if (take_marker(s, "@mixed"))
				fl |= MAP_LINE_MIXED;
			else if (take_marker(s, "@whole"))
				fl |= MAP_LINE_WHOLE;
			if (take_marker(s, "@retry"))
				fl |= MAP_LINE_RETRY;
			if (take_marker(s, "@omit"))
				fl |= MAP_LINE_OMIT;
			if (take_marker(s, "@litmus"))
				fl |= MAP_LINE_LITMUS;
			s = trim(s);
			cur->lines = grow(cur->lines, cur->nlines, sizeof *cur->lines);
			cur->flags = grow(cur->flags, cur->nlines, sizeof *cur->flags);
			cur->lines[cur->nlines] = xstrdup(s);
			cur->flags[cur->nlines++] = fl;
			continue;
		}
		if (indented) {
			diag_error(d, (srcpos){ lineno, 1 }, "template line outside a [section]");
			goto fail;
		}
		cur = NULL;
		if (directive(m, s, lineno, d))
			goto fail;
	}
	fclose(f);
	if (!m->arch || !m->model) {
		diag_error(d, (srcpos){ 0, 0 }, "mapping needs 'arch' and 'model'");
		mapping_free(m);
		return NULL;
	}
	if (!m->name) {
		const char *b = strrchr(path, '/');
		m->name = xstrdup(b ? b + 1 : path);
	}
	return m;
fail:
	fclose(f);
	mapping_free(m);
	return NULL;
}

void mapping_free(mapping *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->nsecs; i++) {
		for (int j = 0; j < m->secs[i].nlines; j++)
			free(m->secs[i].lines[j]);
		free(m->secs[i].lines);
		free(m->secs[i].flags);
		free(m->secs[i].name);
		free(m->secs[i].cite);
	}
	free(m->secs);
	for (int i = 0; i < m->nvars; i++) {
		for (int j = 0; j < m->vars[i].n; j++) {
			free(m->vars[i].names[j]);
			free(m->vars[i].vals[j]);
		}
		free(m->vars[i].names);
		free(m->vars[i].vals);
		free(m->vars[i].key);
	}
	free(m->vars);
	for (int i = 0; i < m->nfresh; i++)
		free(m->fresh[i]);
	free(m->fresh);
	for (int i = 0; i < 11; i++) {
		free(m->native[i]);
		free(m->native32[i]);
	}
	free(m->path);
	free(m->name);
	free(m->arch);
	free(m->model);
	free(m->addrreg);
	free(m->immreg);
	free(m->immreg32);
	free(m->flagreg);
	free(m->status_ok);
	free(m);
}

static const map_section *find(const mapping *m, const char *name)
{
	for (int i = 0; i < m->nsecs; i++)
		if (!strcmp(m->secs[i].name, name))
			return &m->secs[i];
	return NULL;
}

const map_section *mapping_section(const mapping *m, const char *cls,
				   const char *k1, const char *k2)
{
	char name[128];
	const map_section *s;

	if (k1 && k2) {
		snprintf(name, sizeof name, "%s.%s.%s", cls, k1, k2);
		if ((s = find(m, name)))
			return s;
	}
	if (k1) {
		snprintf(name, sizeof name, "%s.%s", cls, k1);
		if ((s = find(m, name)))
			return s;
	}
	if (k2) {
		snprintf(name, sizeof name, "%s.%s", cls, k2);
		if ((s = find(m, name)))
			return s;
	}
	return find(m, cls);
}

static const char *var_in(const mapping *m, const char *key, const char *name)
{
	if (!key)
		return NULL;
	for (int i = 0; i < m->nvars; i++)
		if (!strcmp(m->vars[i].key, key))
			for (int j = 0; j < m->vars[i].n; j++)
				if (!strcmp(m->vars[i].names[j], name))
					return m->vars[i].vals[j];
	return NULL;
}

const char *mapping_var(const mapping *m, const char *name, const char *k1, const char *k2)
{
	const char *v = var_in(m, k1, name);
	return v ? v : var_in(m, k2, name);
}
