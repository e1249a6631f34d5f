#!/bin/sh
# Suite web of `make check`: the page built (make web) and a handful of
# cases driven in headless Chromium against build/bpfmm (tests/web/check.sh
# with SMOKE=1: four own BPF tests, a bad test, a kernel C test, explain,
# map, and the altered-output self-check). The Debian packages (scripts/
# deps.sh web) are installed as root; otherwise SKIP names the missing ones.
set -u
if ! msg=$(sh scripts/deps.sh web 2>&1); then
	if [ "$(id -u)" -ne 0 ]; then
		echo "web: SKIP: $(echo "$msg" | sed -n 's/^deps: missing Debian packages: *//p')"
		exit 0
	fi
	echo "$msg" >&2; exit 1
fi
make -s web >/dev/null || { echo "web: 0 passed, 1 failed (make web)"; exit 1; }
SMOKE=1 sh tests/web/check.sh
