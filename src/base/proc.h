/* proc.h - other programs run the safe way: from an argument vector (no
 * shell, so no path is ever parsed as a command), with a deadline, their
 * output read into memory up to a cap, and scratch files that live only
 * in memory (memfd), so that nothing is left on disk whatever the exit
 * path, signals included.  Used where bpfmm runs llvm-objcopy,
 * llvm-objdump and clang on input that came from another machine. */
#ifndef BPFMM_PROC_H
#define BPFMM_PROC_H

#include <stddef.h>

/* What proc_run / proc_capture give back besides the exit status. */
enum {
	PROC_NOSTART = -1,    /* fork or exec failed (errno-style message said) */
	PROC_TIMEOUT = -2,    /* killed at the deadline */
	PROC_TOOBIG = -3,     /* killed: its output passed the cap */
	PROC_SIGNAL = -4,     /* ended by a signal */
};

/* Run argv[0] (looked up in PATH) with argv, its standard input, output
 * and error on the given descriptors (-1: /dev/null; out may be a
 * proc_memfd), killed after timeout_s seconds (0: no deadline).  Returns
 * its exit status 0..255 or one of PROC_*.  127: not found. */
int proc_run(const char *const argv[], int in_fd, int out_fd, int err_fd, unsigned timeout_s);

/* The same, its standard output read into *out (malloc'd, NUL-terminated,
 * length *n), at most max bytes: past that the program is killed and
 * PROC_TOOBIG returned (*out then NULL). */
int proc_capture(const char *const argv[], int in_fd, int err_fd, unsigned timeout_s, size_t max,
		 char **out, size_t *n);

/* An anonymous file in memory (memfd_create), open for reading and
 * writing, gone when its last descriptor closes; -1 if the kernel has
 * none.  proc_fd_path names it for a child that inherits it. */
int proc_memfd(const char *name);
void proc_fd_path(int fd, char *buf, size_t n);

/* n bytes of data written to fd, then fd rewound: 0, or -1. */
int proc_fd_write(int fd, const void *data, size_t n);

/* What fd (a file: a proc_memfd a child wrote) holds from its start, at
 * most max bytes: a malloc'd NUL-terminated string (a longer file cut at
 * max). */
char *proc_fd_read(int fd, size_t max);

/* A short text for a proc_run / proc_capture result other than 0:
 * "exit status 3", "killed after 120 s", ... into buf. */
const char *proc_status_text(int rc, unsigned timeout_s, char *buf, size_t n);

#endif
