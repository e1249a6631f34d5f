#!/bin/sh
# The kernel's own tools/memory-model/scripts/checklitmus.sh, with bpfmm
# standing in for herd7 (scripts/herd7 first in PATH).
#
#   checklitmus.sh [BPFMM]
#
# checklitmus.sh runs `herd7 -conf linux-kernel.cfg X.litmus` (runlitmus.sh)
# into $LKMM_DESTDIR/X.litmus.out, then judgelitmus.sh compares the
# Observation line with the test's `Result:` comment (and a `Flag
# data-race` line with a DATARACE prediction) and exits 0 on agreement.
# The kernel's scripts are run where they were extracted (like lkmm.sh:
# $LKMM_DIR, else ~/.cache/bpfmm-lkmm from the kernel source tarball);
# nothing of them is copied into the repository.
#
# Checked: every litmus-tests/*.litmus (must be judged a success), plus two
# tests written here: a data race predicted by `Result: Sometimes DATARACE`
# (success) and a test whose `Result:` is wrong (must be judged a failure);
# then the kernel's checkalllitmus.sh over the whole directory (must say
# "All litmus tests verified as was expected").
# Prints "N passed, N failed"; SKIP (exit 0) without the kernel sources.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=$(readlink -f "${1:-$root/build/bpfmm}")
. "$(dirname "$0")/lkmm-lib.sh"
. "$root/tests/scripts/litmus-lib.sh"

lkmm_dir scripts/checklitmus.sh
[ -x "$bpfmm" ] || { echo "checklitmus.sh: no executable $bpfmm (run make)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "SKIP: runlitmus.sh needs /usr/bin/time"; exit 0; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/out/litmus-tests" "$tmp/out$tmp/own"
mkdir -p "$tmp/own"

cat >"$tmp/own/race-predicted.litmus" <<'LITMUS'
C race-predicted

(*
 * Result: Sometimes DATARACE
 *
 * A plain store racing with a marked load.
 *)

{}

P0(int *x)
{
	*x = 1;
}

P1(int *x)
{
	int r0;

	r0 = READ_ONCE(*x);
}

exists (1:r0=1)
LITMUS

c_sb wrong-result "Result: Never

Store buffering without fences is allowed: this Result is wrong on
purpose, and checklitmus.sh must say so." >"$tmp/own/wrong-result.litmus"

# run one test; $2 = want "pass" or "fail"
pass=0 fail=0
check() {
	(cd "$dir" && PATH="$root/scripts:$PATH" BPFMM="$bpfmm" LKMM_DESTDIR="$tmp/out" \
		LKMM_HERD_OPTIONS="-conf linux-kernel.cfg" LKMM_HW_MAP_FILE= \
		sh scripts/checklitmus.sh "$1") >"$tmp/log" 2>&1
	rc=$?
	if { [ "$2" = pass ] && [ $rc -eq 0 ]; } || { [ "$2" = fail ] && [ $rc -ne 0 ]; }; then
		pass=$((pass + 1))
	else
		echo "FAIL $(basename "$1"): checklitmus.sh exit $rc, expected $2"
		sed 's/^/    /' "$tmp/log" | head -5
		fail=$((fail + 1))
	fi
}

for f in "$dir"/litmus-tests/*.litmus; do
	check "litmus-tests/$(basename "$f")" pass
done
check "$tmp/own/race-predicted.litmus" pass
check "$tmp/own/wrong-result.litmus" fail
[ -n "${CHECKLITMUS_DEBUG:-}" ] && cat "$tmp/log"

# and the whole directory through the kernel's checkalllitmus.sh
mkdir -p "$tmp/all"
(cd "$dir" && PATH="$root/scripts:$PATH" BPFMM="$bpfmm" LKMM_DESTDIR= LKMM_HW_MAP_FILE= \
	sh scripts/checkalllitmus.sh --destdir "$tmp/all") >"$tmp/log" 2>&1
if [ $? -eq 0 ] && grep -q '^All litmus tests verified as was expected' "$tmp/log"; then
	pass=$((pass + 1))
else
	echo "FAIL checkalllitmus.sh:"
	grep '!!!' "$tmp/log" | head -5 | sed 's/^/    /'
	fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
