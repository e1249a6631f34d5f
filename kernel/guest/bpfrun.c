/*
 * bpfmm run: the guest side (static /init of the bpfmm-run initramfs).
 *
 * Reads /job (written by `bpfmm run --emit`, see src/jit/run.c): for each test
 * the initial value of every location, where each observed register or
 * location lives in one instance's memory, and one BPF program per thread
 * (raw struct bpf_insn).  For each test it creates one BPF_F_MMAPABLE array
 * map holding INSTANCES copies of the test's memory, loads the programs as
 * sleepable BPF_PROG_TYPE_SYSCALL programs (raw bpf(2)), forks one worker
 * per thread pinned to its own CPU, and runs PASSES passes litmus7-style:
 * the parent resets every instance, releases the workers, and each worker
 * runs its program on every instance (BPF_PROG_TEST_RUN, which runs it on
 * the calling CPU, with the instance number as ctx), meeting the other
 * workers at each instance first (bounded spin).  The parent then reads
 * every instance's final state and counts them.
 *
 * Output (console), every line starting with "bpfmm-run: ":
 *   cpus N
 *   unsupported TEST REASON         the verifier refused a program
 *   layout TEST STRIDE INSTANCES    memory of one instance, how many
 *   ksym TEST T ADDR                the kernel address of that code (hex;
 *                                   MIPS `j` targets are absolute)
 *   jit TEST T HEX                  the JIT's code of thread T (every test;
 *                                   read by `bpfmm jit-check`)
 *   state TEST COUNT 0:r1=1; [x]=2;
 *   done TEST INSTANCES SECONDS
 *   all done                        last line when every test ran
 * Then it powers the machine off (as PID 1; run by hand, `bpfrun JOB`, it
 * reads JOB and exits: docs/jit-check.md, "A user's own machine").
 *
 * `bpfrun --hold JOB` (by hand, for bpftool): every program is loaded with
 * the name bpfmm_N_T (N: the test's index in JOB from 0, T: the thread;
 * BPF names have at most 15 characters) and kept loaded after its test
 * ran; after the lines above, each test's
 *   hold TEST T ID NAME             thread T's program: its id and name
 * and at the end
 *   holding N programs              then it waits until its standard input
 *                                   closes (or a signal ends it), so that
 *                                   `bpftool prog dump jited id ID ...`
 *                                   can read them; then it exits.
 * Without --hold nothing of this changes what it does or prints.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/bpf.h>
#include <sched.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXT 8
#define MAXOBS 64
#define MAXSTATES 4096

static void say(const char *fmt, ...)
{
	static char buf[1 << 16];
	va_list ap;
	int n = snprintf(buf, sizeof buf, "bpfmm-run: ");

	va_start(ap, fmt);
	n += vsnprintf(buf + n, sizeof buf - (size_t)n - 2, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof buf - 2)
		n = (int)sizeof buf - 2;
	buf[n++] = '\n';
	for (int off = 0; off < n;) {
		ssize_t w = write(STDOUT_FILENO, buf + off, (size_t)(n - off));
		if (w <= 0)
			break;
		off += (int)w;
	}
}

static long sys_bpf(int cmd, union bpf_attr *a)
{
	return syscall(__NR_bpf, cmd, a, sizeof *a);
}

typedef struct {
	char name[256];
	int nthreads, stride, ninit, nobs;
	int init_off[MAXOBS * 2];
	int64_t init_val[MAXOBS * 2];
	char obs_name[MAXOBS][64];
	int obs_off[MAXOBS];
	struct bpf_insn *prog[MAXT];
	int nprog[MAXT];
} test;

typedef struct {
	volatile int go, done, stop;
	volatile int arrive[];
} ctl;

static int ninst = 1024, npasses = 4, ncpus = 1;
/* --hold: programs kept loaded (their fds left open), the job's test index */
static bool hold;
static int nheld, test_index;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Read the next test from the job; 1 on success, 0 at the end. */
static int read_test(FILE *f, test *t)
{
	char line[512], kw[32];

	memset(t, 0, sizeof *t);
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "%31s", kw) != 1)
			continue;
		if (!strcmp(kw, "instances"))
			sscanf(line, "%*s %d", &ninst);
		else if (!strcmp(kw, "passes"))
			sscanf(line, "%*s %d", &npasses);
		else if (!strcmp(kw, "test"))
			sscanf(line, "%*s %255s", t->name);
		else if (!strcmp(kw, "threads"))
			sscanf(line, "%*s %d", &t->nthreads);
		else if (!strcmp(kw, "stride"))
			sscanf(line, "%*s %d", &t->stride);
		else if (!strcmp(kw, "init") && t->ninit < MAXOBS * 2) {
			sscanf(line, "%*s %d %" SCNd64, &t->init_off[t->ninit], &t->init_val[t->ninit]);
			t->ninit++;
		} else if (!strcmp(kw, "obs") && t->nobs < MAXOBS) {
			sscanf(line, "%*s %63s %d", t->obs_name[t->nobs], &t->obs_off[t->nobs]);
			t->nobs++;
		} else if (!strcmp(kw, "prog")) {
			int ti, n;
			sscanf(line, "%*s %d %d", &ti, &n);
			if (ti < 0 || ti >= MAXT)
				return -1;
			t->prog[ti] = calloc((size_t)n, sizeof(struct bpf_insn));
			t->nprog[ti] = n;
			for (int i = 0; i < n; i++) {
				int code, dst, src, off, imm;
				if (!fgets(line, sizeof line, f) ||
				    sscanf(line, "%d %d %d %d %d", &code, &dst, &src, &off, &imm) != 5)
					return -1;
				t->prog[ti][i].code = (uint8_t)code;
				t->prog[ti][i].dst_reg = (uint8_t)dst;
				t->prog[ti][i].src_reg = (uint8_t)src;
				t->prog[ti][i].off = (int16_t)off;
				t->prog[ti][i].imm = imm;
			}
		} else if (!strcmp(kw, "end"))
			return 1;
	}
	return 0;
}

static char vlog[1 << 20];

/* The verifier's reason: the last line of its log that is not a summary. */
static const char *verifier_reason(void)
{
	static char out[400];
	char *p = vlog, *last = NULL, *l;

	while ((l = strsep(&p, "\n")) != NULL) {
		if (!*l || !strncmp(l, "processed ", 10) || !strncmp(l, "verification time", 17)
		    || !strncmp(l, "stack depth", 11))
			continue;
		last = l;
	}
	snprintf(out, sizeof out, "%s", last ? last : "(empty log)");
	return out;
}

static int load_prog(test *t, int ti, int map_fd)
{
	union bpf_attr a;
	struct bpf_insn *ins = t->prog[ti];

	for (int i = 0; i < t->nprog[ti]; i++)
		if (ins[i].code == (BPF_LD | BPF_DW | BPF_IMM) && ins[i].src_reg == BPF_PSEUDO_MAP_VALUE)
			ins[i].imm = map_fd;
	memset(&a, 0, sizeof a);
	a.prog_type = BPF_PROG_TYPE_SYSCALL;
	a.prog_flags = BPF_F_SLEEPABLE;
	a.insns = (uint64_t)(uintptr_t)ins;
	a.insn_cnt = (uint32_t)t->nprog[ti];
	a.license = (uint64_t)(uintptr_t)"GPL";
	if (hold)
		snprintf(a.prog_name, sizeof a.prog_name, "bpfmm_%d_%d", test_index % 1000000, ti);
	vlog[0] = '\0';
	a.log_buf = (uint64_t)(uintptr_t)vlog;
	a.log_size = sizeof vlog;
	a.log_level = 1;
	int fd = (int)sys_bpf(BPF_PROG_LOAD, &a);
	if (fd < 0) {
		int e = errno;
		say("unsupported %s thread %d: %s (errno %d)", t->name, ti, verifier_reason(), e);
	}
	return fd;
}

/* BPF_OBJ_GET_INFO_BY_FD of program fd into *info (zeroed first); *a
 * stays set up for another call */
static long prog_info(int fd, struct bpf_prog_info *info, union bpf_attr *a)
{
	memset(info, 0, sizeof *info);
	memset(a, 0, sizeof *a);
	a->info.bpf_fd = (uint32_t)fd;
	a->info.info_len = sizeof *info;
	a->info.info = (uint64_t)(uintptr_t)info;
	return sys_bpf(BPF_OBJ_GET_INFO_BY_FD, a);
}

static void print_jit(test *t, int ti, int fd)
{
	struct bpf_prog_info info;
	union bpf_attr a;
	static unsigned char code[16384];
	static char hex[2 * sizeof code + 1];

	if (prog_info(fd, &info, &a) < 0) {
		say("jit %s %d (no info: errno %d)", t->name, ti, errno);
		return;
	}
	uint32_t len = info.jited_prog_len;
	if (len > sizeof code)
		len = sizeof code;
	uint64_t ksym = 0;
	uint32_t nksyms = info.nr_jited_ksyms;
	memset(&info, 0, sizeof info);
	info.jited_prog_len = len;
	info.jited_prog_insns = (uint64_t)(uintptr_t)code;
	if (nksyms >= 1) {
		info.nr_jited_ksyms = 1;
		info.jited_ksyms = (uint64_t)(uintptr_t)&ksym;
	}
	a.info.info_len = sizeof info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) < 0) {
		say("jit %s %d (no code: errno %d)", t->name, ti, errno);
		return;
	}
	for (uint32_t i = 0; i < len; i++)
		snprintf(hex + 2 * i, 3, "%02x", code[i]);
	hex[2 * len] = '\0';
	if (ksym)
		say("ksym %s %d %" PRIx64, t->name, ti, ksym);
	say("jit %s %d %s", t->name, ti, hex);
}

/* --hold: thread ti's program stays loaded; its id and name */
static void print_hold(test *t, int ti, int fd)
{
	struct bpf_prog_info info;
	union bpf_attr a;

	if (prog_info(fd, &info, &a) < 0) {
		say("error %s hold thread %d: errno %d", t->name, ti, errno);
		return;
	}
	say("hold %s %d %u %.16s", t->name, ti, info.id, info.name);
	nheld++;
}

static void pin(int cpu)
{
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(cpu % ncpus, &s);
	sched_setaffinity(0, sizeof s, &s);
}

static void worker(int ti, int nthreads, int fd, ctl *c)
{
	union bpf_attr a;
	uint32_t ctx[2];
	/* With more threads than CPUs, waiting for all of them costs a
	 * scheduler round per instance: no barrier then. */
	int sync = nthreads <= ncpus;

	pin(ti);
	for (int pass = 0; pass < npasses; pass++) {
		while (c->go <= pass && !c->stop)
			;
		if (c->stop)
			_exit(1);
		for (int i = 0; i < ninst; i++) {
			int want = nthreads * (pass + 1);
			if (sync) {
				__atomic_add_fetch(&c->arrive[i], 1, __ATOMIC_SEQ_CST);
				for (long spin = 0; c->arrive[i] < want && spin < 200000; spin++)
					;
			}
			ctx[0] = (uint32_t)i;
			ctx[1] = !sync;
			memset(&a, 0, sizeof a);
			a.test.prog_fd = (uint32_t)fd;
			a.test.ctx_in = (uint64_t)(uintptr_t)ctx;
			a.test.ctx_size_in = sizeof ctx;
			if (sys_bpf(BPF_PROG_TEST_RUN, &a) < 0) {
				say("error test run thread %d: errno %d", ti, errno);
				c->stop = 1;
				_exit(1);
			}
		}
		__atomic_add_fetch(&c->done, 1, __ATOMIC_SEQ_CST);
	}
	_exit(0);
}

static int64_t states[MAXSTATES][MAXOBS];
static long counts[MAXSTATES];

static int run_test(test *t)
{
	union bpf_attr a;
	int fds[MAXT], i, ti, nstates = 0;
	size_t size = (size_t)t->stride * (size_t)ninst;
	size_t msize = (size + 4095) & ~(size_t)4095;
	double t0 = now();

	memset(&a, 0, sizeof a);
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = (uint32_t)size;
	a.max_entries = 1;
	a.map_flags = BPF_F_MMAPABLE;
	int map_fd = (int)sys_bpf(BPF_MAP_CREATE, &a);
	if (map_fd < 0) {
		say("error %s map_create: errno %d", t->name, errno);
		return -1;
	}
	unsigned char *mem = mmap(NULL, msize, PROT_READ | PROT_WRITE, MAP_SHARED, map_fd, 0);
	if (mem == MAP_FAILED) {
		say("error %s mmap: errno %d", t->name, errno);
		close(map_fd);
		return -1;
	}
	for (ti = 0; ti < t->nthreads; ti++)
		fds[ti] = -1;
	for (ti = 0; ti < t->nthreads; ti++)
		if ((fds[ti] = load_prog(t, ti, map_fd)) < 0)
			goto out;
	say("layout %s %d %d", t->name, t->stride, ninst);
	for (ti = 0; ti < t->nthreads; ti++)
		print_jit(t, ti, fds[ti]);

	size_t csize = sizeof(ctl) + sizeof(int) * (size_t)ninst;
	ctl *c = mmap(NULL, csize, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c == MAP_FAILED) {
		say("error %s mmap ctl: errno %d", t->name, errno);
		goto out;
	}
	pid_t pids[MAXT];
	for (ti = 0; ti < t->nthreads; ti++) {
		pids[ti] = fork();
		if (pids[ti] == 0)
			worker(ti, t->nthreads, fds[ti], c);
	}
	pin(t->nthreads);
	for (int pass = 0; pass < npasses && !c->stop; pass++) {
		memset(mem, 0, size);
		for (i = 0; i < ninst; i++)
			for (int k = 0; k < t->ninit; k++)
				memcpy(mem + (size_t)i * t->stride + t->init_off[k], &t->init_val[k], 8);
		__atomic_store_n(&c->go, pass + 1, __ATOMIC_SEQ_CST);
		while (c->done < t->nthreads * (pass + 1) && !c->stop)
			sched_yield();
		for (i = 0; i < ninst; i++) {
			int64_t row[MAXOBS];
			int s;
			for (int k = 0; k < t->nobs; k++)
				memcpy(&row[k], mem + (size_t)i * t->stride + t->obs_off[k], 8);
			for (s = 0; s < nstates && memcmp(states[s], row, sizeof(int64_t) * (size_t)t->nobs); s++)
				;
			if (s == nstates) {
				if (nstates == MAXSTATES)
					continue;
				memcpy(states[s], row, sizeof(int64_t) * (size_t)t->nobs);
				counts[s] = 0;
				nstates++;
			}
			counts[s]++;
		}
	}
	for (ti = 0; ti < t->nthreads; ti++)
		waitpid(pids[ti], NULL, 0);
	munmap(c, csize);
	for (int s = 0; s < nstates; s++) {
		char buf[4096];
		int n = 0;
		for (int k = 0; k < t->nobs; k++)
			n += snprintf(buf + n, sizeof buf - (size_t)n, "%s=%" PRId64 ";%s",
				      t->obs_name[k], states[s][k], k + 1 < t->nobs ? " " : "");
		say("state %s %ld %s", t->name, counts[s], buf);
	}
	say("done %s %ld %.2f", t->name, (long)ninst * npasses, now() - t0);
	if (hold) {
		/* the programs stay loaded: their fds are not closed */
		for (ti = 0; ti < t->nthreads; ti++)
			print_hold(t, ti, fds[ti]);
		munmap(mem, msize);
		close(map_fd);
		return 0;
	}
out:
	for (ti = 0; ti < t->nthreads; ti++)
		if (fds[ti] >= 0)
			close(fds[ti]);
	munmap(mem, msize);
	close(map_fd);
	return 0;
}

int main(int argc, char **argv)
{
	cpu_set_t s;
	FILE *f;
	test t;
	int r = 0;
	/* as the guest's /init: /job, and power off at the end; run by hand
	 * (as root, on a user's own machine, docs/jit-check.md): the job file
	 * named on the command line, and just exit */
	bool init = getpid() == 1;

	if (argc > 1 && !strcmp(argv[1], "--hold")) {
		struct rlimit rl;
		hold = true;
		argv++;
		argc--;
		/* one open fd per program kept */
		if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
			rl.rlim_cur = rl.rlim_max;
			setrlimit(RLIMIT_NOFILE, &rl);
		}
	}
	const char *job = argc > 1 ? argv[1] : "/job";

	if (sched_getaffinity(0, sizeof s, &s) == 0)
		ncpus = CPU_COUNT(&s);
	say("cpus %d", ncpus);
	f = fopen(job, "r");
	if (!f) {
		say("FAIL no %s", job);
	} else {
		while ((r = read_test(f, &t)) == 1) {
			run_test(&t);
			for (int ti = 0; ti < MAXT; ti++)
				free(t.prog[ti]);
			test_index++;
		}
		if (r < 0)
			say("FAIL bad job file");
		else
			say("all done");
		fclose(f);
	}
	if (hold && !init) {
		char buf[256];
		say("holding %d programs", nheld);
		while (read(STDIN_FILENO, buf, sizeof buf) > 0)
			;
	}
	if (!init)
		return r < 0 || !f;
	sync();
#if defined(__x86_64__) || defined(__mips__)
	/* the x86_64 guest has no ACPI (kernel/configs/x86_64.config) and a
	 * Malta cannot power itself off, so power-off only halts them and
	 * QEMU would wait for its timeout; a reset ends QEMU at once
	 * (-no-reboot, kernel/lib.sh) */
	reboot(RB_AUTOBOOT);
#else
	reboot(RB_POWER_OFF);
#endif
	return 0;
}
