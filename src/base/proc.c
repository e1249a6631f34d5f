/* proc.c - child processes from an argument vector, with a deadline and
 * an output cap; in-memory scratch files (proc.h). */
#define _GNU_SOURCE             /* memfd_create */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;
#include "base/proc.h"
#include "base/xalloc.h"

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* argv[0] started with its standard descriptors in place, in a process
 * group of its own (the deadline kills what it starts too); posix_spawn,
 * not fork: no copy of a large parent's page tables (ASan's shadow). */
static pid_t start(const char *const argv[], int in_fd, int out_fd, int err_fd)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int fds[3] = { in_fd, out_fd, err_fd };
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	for (int k = 0; k < 3; k++) {
		if (fds[k] < 0)
			posix_spawn_file_actions_addopen(&fa, k, "/dev/null", k ? O_WRONLY : O_RDONLY, 0);
		else if (fds[k] != k)
			posix_spawn_file_actions_adddup2(&fa, fds[k], k);
	}
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&at, 0);
	int rc = posix_spawnp(&pid, argv[0], &fa, &at, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (rc == ENOENT)
		return -127;
	return rc ? -1 : pid;
}

static int status_of(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return PROC_SIGNAL;
}

static void kill_child(pid_t pid)
{
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

/* Wait for pid until deadline (ms on the monotonic clock, 0: none). */
static int wait_until(pid_t pid, long deadline)
{
	int st, nap = 1;

	for (;;) {
		pid_t r = waitpid(pid, &st, deadline ? WNOHANG : 0);
		if (r == pid)
			return status_of(st);
		if (r < 0 && errno != EINTR)
			return PROC_NOSTART;
		if (deadline && now_ms() >= deadline) {
			kill_child(pid);
			return PROC_TIMEOUT;
		}
		if (r == 0) {
			struct timespec ts = { 0, nap * 1000000L };
			nanosleep(&ts, NULL);
			nap = nap < 20 ? nap * 2 : 20;
		}
	}
}

int proc_run(const char *const argv[], int in_fd, int out_fd, int err_fd, unsigned timeout_s)
{
	long deadline = timeout_s ? now_ms() + 1000L * timeout_s : 0;
	pid_t pid = start(argv, in_fd, out_fd, err_fd);

	if (pid < 0)
		return pid == -127 ? 127 : PROC_NOSTART;
	return wait_until(pid, deadline);
}

int proc_capture(const char *const argv[], int in_fd, int err_fd, unsigned timeout_s, size_t max,
		 char **out, size_t *n)
{
	long deadline = timeout_s ? now_ms() + 1000L * timeout_s : 0;
	int p[2];
	size_t len = 0, cap = 4096;
	char *buf;

	*out = NULL;
	*n = 0;
	if (pipe2(p, O_CLOEXEC) < 0)
		return PROC_NOSTART;
	pid_t pid = start(argv, in_fd, p[1], err_fd);
	close(p[1]);
	if (pid < 0) {
		close(p[0]);
		return pid == -127 ? 127 : PROC_NOSTART;
	}
	buf = xmalloc(cap);
	for (;;) {
		struct pollfd pf = { .fd = p[0], .events = POLLIN };
		long left = deadline ? deadline - now_ms() : -1;
		if (deadline && left <= 0) {
			close(p[0]);
			kill_child(pid);
			free(buf);
			return PROC_TIMEOUT;
		}
		int pr = poll(&pf, 1, deadline ? (int)(left < 1000000 ? left : 1000000) : -1);
		if (pr < 0 && errno == EINTR)
			continue;
		if (pr == 0)
			continue;
		if (len + 1 == cap) {
			if (cap > max) {
				close(p[0]);
				kill_child(pid);
				free(buf);
				return PROC_TOOBIG;
			}
			buf = xrealloc(buf, cap *= 2);
		}
		ssize_t got = read(p[0], buf + len, cap - 1 - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += (size_t)got;
		if (len > max) {
			close(p[0]);
			kill_child(pid);
			free(buf);
			return PROC_TOOBIG;
		}
	}
	close(p[0]);
	int rc = wait_until(pid, deadline);
	buf[len] = '\0';
	*out = buf;
	*n = len;
	return rc;
}

int proc_memfd(const char *name)
{
	return memfd_create(name, 0);
}

void proc_fd_path(int fd, char *buf, size_t n)
{
	snprintf(buf, n, "/proc/self/fd/%d", fd);
}

int proc_fd_write(int fd, const void *data, size_t n)
{
	for (size_t off = 0; off < n;) {
		ssize_t w = write(fd, (const char *)data + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += (size_t)w;
	}
	return lseek(fd, 0, SEEK_SET) < 0 ? -1 : 0;
}

char *proc_fd_read(int fd, size_t max)
{
	size_t len = 0, cap = 4096;
	char *buf = xmalloc(cap);

	if (lseek(fd, 0, SEEK_SET) < 0)
		len = 0;
	else
		while (len < max) {
			if (len + 1 == cap)
				buf = xrealloc(buf, cap *= 2);
			size_t want = cap - 1 - len < max - len ? cap - 1 - len : max - len;
			ssize_t got = read(fd, buf + len, want);
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0)
				break;
			len += (size_t)got;
		}
	buf[len] = '\0';
	return buf;
}

const char *proc_status_text(int rc, unsigned timeout_s, char *buf, size_t n)
{
	switch (rc) {
	case PROC_NOSTART:
		snprintf(buf, n, "could not be started");
		break;
	case PROC_TIMEOUT:
		snprintf(buf, n, "killed after %u s", timeout_s);
		break;
	case PROC_TOOBIG:
		snprintf(buf, n, "killed: its output passed the limit");
		break;
	case PROC_SIGNAL:
		snprintf(buf, n, "ended by a signal");
		break;
	case 127:
		snprintf(buf, n, "not found (exit status 127)");
		break;
	default:
		snprintf(buf, n, "exit status %d", rc);
	}
	return buf;
}
