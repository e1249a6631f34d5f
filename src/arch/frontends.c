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

static const char *kernel_name(const frontend *fe, kernel_name_kind kind)
{
	return kind == KERNEL_NAME_JIT ? fe->jit_arch : fe->qemu_arch;
}

/* Linux spells x86-64 both ways (arch/x86's x86_64 build name, the JIT's
 * x86-64 in docs): '-' and '_' match each other in kernel names. */
static bool same_kernel_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (*a != *b && !((*a == '-' || *a == '_') && (*b == '-' || *b == '_')))
			return false;
	return *a == *b;
}

const frontend *frontend_by_kernel_name(kernel_name_kind kind, const char *name)
{
	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		const char *n = kernel_name(table[i], kind);
		if (n && same_kernel_name(n, name))
			return table[i];
	}
	return NULL;
}

void frontend_print_kernel_names(FILE *f, kernel_name_kind kind, const char *sep)
{
	int n = 0;

	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		const char *name = kernel_name(table[i], kind);
		if (name)
			fprintf(f, "%s%s", n++ ? sep : "", name);
	}
}
