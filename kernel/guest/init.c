/*
 * bpfmm kernel-check guest /init.
 *
 * Built static for the guest arch and packed alone into the initramfs.  By
 * the time it runs, the built-in KUnit suites and the atomic64 selftest have
 * already printed their verdicts on the console.  This program adds what
 * only user space can tell: that the kernel reached user space, which CPUs
 * are online (the stress tests need more than one), and a final marker the
 * judge requires.  It then powers the machine off so QEMU exits.
 *
 * Output lines all start with "bpfmm-init: ".  The last one on success is
 * "bpfmm-init: all done".  Failures print "bpfmm-init: FAIL ..." and skip
 * the marker, so a partial run can never look like a good one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures;

static void say(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	n = snprintf(buf, sizeof(buf), "bpfmm-init: ");
	va_start(ap, fmt);
	n += vsnprintf(buf + n, sizeof(buf) - (size_t)n, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 2)
		n = (int)sizeof(buf) - 2;
	buf[n++] = '\n';
	/* One write per line keeps lines whole next to kernel messages. */
	if (write(STDOUT_FILENO, buf, (size_t)n) < 0)
		(void)0;
}

static void fail(const char *what)
{
	say("FAIL %s", what);
	failures++;
}

/* Read a small text file into buf, strip the trailing newline. */
static int slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

/* Count CPUs in a kernel cpu list such as "0-3" or "0,2-3". */
static int count_cpulist(const char *s)
{
	int count = 0;

	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b;

		if (end == s)
			return -1;
		b = a;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a)
				return -1;
			s = end;
		}
		count += (int)(b - a + 1);
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return count;
}

static void power_off(void)
{
	sync();
	reboot(RB_POWER_OFF);
	/* Not reached unless reboot() failed; PID 1 must not exit. */
	say("FAIL reboot: %s", strerror(errno));
	for (;;)
		pause();
}

int main(void)
{
	char buf[256];
	int ncpus;

	/* The console may not be open yet when there is no /dev/console. */
	if (fcntl(STDOUT_FILENO, F_GETFD) < 0) {
		mkdir("/dev", 0755);
		mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
		int fd = open("/dev/console", O_RDWR);

		if (fd >= 0) {
			dup2(fd, STDIN_FILENO);
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
		}
	}
	say("started, pid %d", (int)getpid());

	mkdir("/proc", 0555);
	mkdir("/sys", 0555);
	if (mount("proc", "/proc", "proc", 0, NULL) != 0)
		fail("mount /proc");
	if (mount("sysfs", "/sys", "sysfs", 0, NULL) != 0)
		fail("mount /sys");

	if (slurp("/proc/version", buf, sizeof(buf)) == 0)
		say("kernel %s", buf);
	else
		fail("read /proc/version");

	if (slurp("/sys/devices/system/cpu/online", buf, sizeof(buf)) == 0) {
		ncpus = count_cpulist(buf);
		say("online cpus %s ncpus=%d", buf, ncpus);
		if (ncpus < 2)
			fail("fewer than 2 CPUs online: stress tests had no partner CPU");
	} else {
		fail("read /sys/devices/system/cpu/online");
	}

	if (failures == 0)
		say("all done");
	else
		say("%d failure(s)", failures);
	power_off();
	return 0;
}
