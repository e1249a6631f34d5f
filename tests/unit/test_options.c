/* test_options.c - a command's option rows (src/kit/options.c): the loop
 * opt_next drives (own options, shared ones, operands, hidden and manual
 * rows), its usage errors and "did you mean", and the --help opt_help
 * writes from the same rows. */
#include <stdlib.h>
#include <unistd.h>
#include "unit.h"

#include "kit/options.h"

enum { T_HELP = 1, T_EMIT, T_VERBOSE, T_OLD, T_SEL };

static const opt_row rows[] = {
	OPT_TEXT("Options:"),
	OPT_OWN(T_EMIT, "--emit", "DIR", "also write DIR/NAME.litmus"),
	OPT_OWN(T_VERBOSE, "-v, --verbose", NULL, "print more,\nover two lines"),
	OPT_SHARED(OPT_JOBS, "-j, --jobs", "N", "N tests at a time"),
	{ .id = T_SEL, .names = "-sel", .arg = "FILE", .manual = true, .help = "read by the command" },
	OPT_OWN(T_HELP, "-h, --help", NULL, "show this help and exit"),
	{ .id = T_OLD, .names = "--old-name", .arg = "X", .needs = "a name" },   /* hidden */
	OPT_END,
};

static const opt_spec spec = { .cmd = "t", .head = "Usage: bpfmm t [OPTIONS] FILE...\n\n",
			       .rows = rows, .col = 16, .tail = "That is all.\n" };

static char errbuf[1024];

/* opt_next on argv from *i, stderr kept in errbuf */
static int next(const opt_spec *s, int argc, char **argv, int *i, const char **v, cmd_opts *o)
{
	FILE *tmp = tmpfile();
	int saved = dup(2), id;
	size_t n;

	fflush(stderr);
	dup2(fileno(tmp), 2);
	id = opt_next(s, argc, argv, i, v, o);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(errbuf, 1, sizeof errbuf - 1, tmp);
	errbuf[n] = 0;
	fclose(tmp);
	return id;
}

static void loop(void)
{
	char *argv[] = { "t", "-v", "--emit", "d", "--jobs", "3", "file", "-sel", "f", "--old-name", "x", "-" };
	int argc = (int)(sizeof argv / sizeof *argv), i = 1;
	const char *v;
	cmd_opts o;

	opt_init(&o, 0);
	CHECK(next(&spec, argc, argv, &i, &v, &o) == T_VERBOSE && v == NULL && i == 1);
	i++;
	CHECK(next(&spec, argc, argv, &i, &v, &o) == T_EMIT && i == 3);
	CHECK_STR(v, "d");
	i++;
	CHECK(next(&spec, argc, argv, &i, &v, &o) == OPT_TAKEN && o.jobs == 3 && i == 5);
	i++;
	CHECK(next(&spec, argc, argv, &i, &v, &o) == OPT_OPERAND && i == 6);
	CHECK_STR(v, "file");
	i++;
	/* manual: the command reads the argument itself */
	CHECK(next(&spec, argc, argv, &i, &v, &o) == T_SEL && i == 7 && v == NULL);
	i += 2;
	/* hidden rows parse as the others */
	CHECK(next(&spec, argc, argv, &i, &v, &o) == T_OLD && i == 10);
	CHECK_STR(v, "x");
	i++;
	/* "-" alone: an option unless the spec says it is an operand */
	CHECK(next(&spec, argc, argv, &i, &v, &o) == OPT_FAIL);
	CHECK_STR(errbuf, "bpfmm t: unknown option '-'\nTry 'bpfmm t --help'.\n");
	opt_spec dash = spec;
	dash.dash_operand = true;
	CHECK(next(&dash, argc, argv, &i, &v, &o) == OPT_OPERAND);
	CHECK_STR(v, "-");
}

static void errors(void)
{
	const char *v;
	cmd_opts o;
	int i = 1;

	opt_init(&o, 0);
	/* a typo of a shown spelling: guessed from the rows */
	char *a1[] = { "t", "--emti", "d" };
	CHECK(next(&spec, 3, a1, &i, &v, &o) == OPT_FAIL);
	CHECK_STR(errbuf, "bpfmm t: unknown option '--emti' (did you mean '--emit'?)\nTry 'bpfmm t --help'.\n");
	/* a hidden spelling is never guessed */
	char *a2[] = { "t", "--old-nam" };
	i = 1;
	CHECK(next(&spec, 2, a2, &i, &v, &o) == OPT_FAIL);
	CHECK_STR(errbuf, "bpfmm t: unknown option '--old-nam'\nTry 'bpfmm t --help'.\n");
	/* a missing argument, as the row says it */
	char *a3[] = { "t", "--emit" };
	i = 1;
	CHECK(next(&spec, 2, a3, &i, &v, &o) == OPT_FAIL);
	CHECK_STR(errbuf, "bpfmm t: --emit needs an argument\nTry 'bpfmm t --help'.\n");
	char *a4[] = { "t", "--old-name" };
	i = 1;
	CHECK(next(&spec, 2, a4, &i, &v, &o) == OPT_FAIL);
	CHECK_STR(errbuf, "bpfmm t: --old-name needs a name\nTry 'bpfmm t --help'.\n");
	/* a shared option: its own checks and messages */
	char *a5[] = { "t", "-j", "x" };
	i = 1;
	CHECK(next(&spec, 3, a5, &i, &v, &o) == OPT_FAIL);
	CHECK_STR(errbuf, "bpfmm t: bad number of jobs 'x'\nTry 'bpfmm t --help'.\n");
	/* a shared option the rows do not take is unknown */
	char *a6[] = { "t", "--shard", "1/2" };
	i = 1;
	CHECK(next(&spec, 3, a6, &i, &v, &o) == OPT_FAIL);
	CHECK(strstr(errbuf, "unknown option '--shard'") != NULL);
}

static void help(void)
{
	char *text = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);

	opt_help(f, &spec);
	fclose(f);
	CHECK_STR(text, "Usage: bpfmm t [OPTIONS] FILE...\n"
			"\n"
			"Options:\n"
			"  --emit DIR    also write DIR/NAME.litmus\n"
			"  -v, --verbose print more,\n"
			"                over two lines\n"
			"  -j N, --jobs N\n"
			"                N tests at a time\n"
			"  -sel FILE     read by the command\n"
			"  -h, --help    show this help and exit\n"
			"That is all.\n");
	free(text);
}

int main(void)
{
	loop();
	errors();
	help();
	return unit_done("options");
}
