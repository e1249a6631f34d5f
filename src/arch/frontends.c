/* frontends.c - the table of dialects: the generic reader and the
 * dialects do not know each other; the commands pass this table's lookup
 * to the reader. Add a dialect by adding a row
 * (docs/adding-an-architecture.md). */
#include <string.h>
#include <strings.h>
#include "arch/frontends.h"
#include "arch/aarch64_frontend.h"
#include "arch/arm_frontend.h"
#include "arch/bpf_frontend.h"
#include "arch/c_frontend.h"
#include "arch/loongarch_frontend.h"
#include "arch/mips_frontend.h"
#include "arch/ppc_frontend.h"
#include "arch/riscv_frontend.h"
#include "arch/s390x_frontend.h"
#include "arch/sparc_frontend.h"
#include "arch/x86_frontend.h"

static const frontend *const table[] = {
	&aarch64_frontend,
	&arm_frontend,
	&bpf_frontend,
	&c_frontend,
	&loongarch_frontend,
	&mips_frontend,
	&ppc_frontend,
	&riscv_frontend,
	&s390x_frontend,
	&sparc_frontend,
	&x86_64_frontend, &x86_frontend,
};

const frontend *frontend_for_arch(const char *arch)
{
	for (size_t i = 0; i < sizeof table / sizeof *table; i++)
		if (!strcasecmp(table[i]->arch, arch))
			return table[i];
	return NULL;
}

const frontend *frontend_nth(size_t i)
{
	return i < sizeof table / sizeof *table ? table[i] : NULL;
}

const frontend *frontend_with_tag(const char *name, const frontend *not)
{
	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		if (table[i] == not)
			continue;
		for (int k = 0; k < table[i]->ntags; k++)
			if (!strcmp(table[i]->tag_names[k], name))
				return table[i];
	}
	return NULL;
}

const char *frontend_arch_name(const frontend *fe)
{
	return fe->qemu_arch ? fe->qemu_arch : fe->jit_arch;
}

/* The spellings --arch took before there was one (map: the JITs' x86-64,
 * powerpc, mips64; jit-check: aarch64), still read, with a note. */
static const struct {
	const char *old, *name;
} respellings[] = {
	{ "x86-64", "x86_64" }, { "aarch64", "arm64" }, { "powerpc", "ppc64le" }, { "mips64", "mips64el" },
};

const frontend *frontend_by_kernel_name(kernel_name_kind kind, const char *name, const char **respelt)
{
	*respelt = NULL;
	for (size_t k = 0; k < sizeof respellings / sizeof *respellings; k++)
		if (!strcmp(name, respellings[k].old))
			name = *respelt = respellings[k].name;
	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		const char *n = frontend_arch_name(table[i]);
		if (n && !strcmp(n, name) && (kind == KERNEL_NAME_JIT ? table[i]->jit_arch : table[i]->qemu_arch))
			return table[i];
	}
	return NULL;
}

size_t frontend_kernel_names(char *buf, size_t size, kernel_name_kind kind, const char *sep)
{
	size_t n = 0;
	int k = 0;

	if (size)
		buf[0] = 0;
	for (size_t i = 0; i < sizeof table / sizeof *table && n < size; i++)
		if (kind == KERNEL_NAME_JIT ? table[i]->jit_arch : table[i]->qemu_arch)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", k++ ? sep : "", frontend_arch_name(table[i]));
	return n;
}

void frontend_print_kernel_names(FILE *f, kernel_name_kind kind, const char *sep)
{
	char buf[1024];

	frontend_kernel_names(buf, sizeof buf, kind, sep);
	fputs(buf, f);
}
