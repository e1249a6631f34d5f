#!/usr/bin/env bash
# check.sh - build, boot and judge the bpfmm kernel series (make kernel-check).
#
# usage: kernel/check.sh [--variants "riscv64 riscv64-base arm64"] [--no-deps]
#
# 1. Checks the Debian packages it needs (lib.sh: KERNEL_PACKAGES); installs
#    the missing ones with apt-get when root, else names them and exits 1.
# 2. Runs the tree's scripts/checkpatch.pl --strict on every patch of
#    kernel/patches as kernel/series.sh makes them, signed with the test
#    identity of kernel/test-identity.sh: 0 errors, 0 warnings, 0 checks.
# 2b. kernel/asm-check.sh: patch 1's instructions against bpfmm lkmm-map's
#    riscv64-patched table, 6.12's against riscv64-linux-6.12, and patch 1
#    with .aq and .rl swapped and patch 1 without the .rl of the 1- and
#    2-byte xchg_release(), which must be refuted.
# 3. For each variant: extracts /usr/src/linux-source-6.12.tar.xz under
#    $BPFMM_CACHE (default ~/.cache/bpfmm, never inside the repository),
#    applies the series, configures (tinyconfig + kernel/configs), builds
#    with O= and ccache, builds the static /init and the initramfs, boots
#    QEMU with -smp 4 under timeout, saves the console log and judges it
#    with kernel/judge.sh.
#      riscv64       the whole series (patch 1 + KUnit suite)
#      riscv64-base  the series without patch 1: same tests, old atomics
#      arm64         the whole series; the control (patch 1 is riscv-only)
# 4. Runs kernel/insn-count.sh --check on the two riscv64 vmlinux files.
# 5. Prints a summary ending in "kernel-check: N passed, N failed".
#
# Environment: BPFMM_CACHE, JOBS (default nproc), STRESS_MS (default 200,
# the KUnit contention case), BOOT_TIMEOUT (default 300 s), BPFMM_KERNEL_TARBALL.
# Nothing is ever loaded into the host kernel.
set -u
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

variants="riscv64 riscv64-base arm64"
deps=1
while [ $# -gt 0 ]; do
	case "$1" in
	--variants) variants=$2; shift 2 ;;
	--no-deps) deps=0; shift ;;
	-h|--help) sed -n '2,30p' "$0"; exit 0 ;;
	*) echo "check.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

for v in $variants; do
	case "$v" in
	riscv64|riscv64-base|arm64) ;;
	*) echo "check.sh: unknown variant $v (riscv64, riscv64-base, arm64)" >&2; exit 2 ;;
	esac
done

t_start=$(date +%s)
[ $deps -eq 1 ] && ensure_packages
mkdir -p "$WORK/logs"
results=$WORK/logs/results.txt
: > "$results"
timings=

# record LINE...: keep PASS/FAIL lines for the summary, echo everything.
record() { tee -a "$results"; }
item() { echo "$1 $2" | record; }

elapsed() { echo $(( $(date +%s) - $1 )); }

# Patches: checkpatch with the pristine-tree script, on the series as
# `make kernel-series` makes it (the committed patches carry no From: and
# no Signed-off-by:), signed with the test identity of test-identity.sh.
if ! (prepare_tree series); then
	item FAIL "series: extract and apply to $TARBALL"
fi
if test_series "$WORK/posted" riscv; then
	item PASS "kernel-series: riscv series made with a test identity"
else
	item FAIL "kernel-series: riscv series"
fi
# The tree has no git history: checkpatch cannot look the commits patch 1
# cites up (UNKNOWN_COMMIT_ID), and that one check is skipped, as in
# model-check.sh. Everything else must be clean: 0 errors, 0 warnings,
# 0 checks.
for p in "$WORK/posted/riscv"/*.patch; do
	[ -f "$p" ] || continue
	[ -f "$WORK/src-series/scripts/checkpatch.pl" ] || break
	out=$(cd "$WORK/src-series" && perl scripts/checkpatch.pl --strict --show-types \
		--ignore UNKNOWN_COMMIT_ID "$p" 2>&1)
	tot=$(grep -E '^total: ' <<<"$out" | tail -n 1)
	if [ "$tot" != "${tot#total: 0 errors, 0 warnings, 0 checks,}" ]; then
		item PASS "checkpatch --strict ${p##*/} ($tot)"
	else
		grep -E -A4 '^(ERROR|WARNING|CHECK)' <<<"$out" >&2
		item FAIL "checkpatch --strict ${p##*/}: ${tot:-no total line}"
	fi
done

# Static check of patch 1 (kernel/asm-check.sh): the instructions the
# headers emit for each value-returning atomic against bpfmm lkmm-map's
# tables, on patch 1, on 6.12 as released, and on patch 1 with .aq and
# .rl swapped and patch 1 without the sub-word xchg_release's .rl, which
# must fail.
asm_run() { # NAME EXPECT(0|1) ARGS...
	local name=$1 expect=$2 rc
	shift 2
	"$KDIR/asm-check.sh" "$@" > "$WORK/logs/asm-$name.txt" 2>&1
	rc=$?
	sum=$(grep '^asm-check ' "$WORK/logs/asm-$name.txt" | tail -n 1)
	if [ $rc -eq 2 ]; then
		tail -n 5 "$WORK/logs/asm-$name.txt" >&2
		item FAIL "asm-check $name: could not run (see $WORK/logs/asm-$name.txt)"
	elif [ $rc -eq "$expect" ]; then
		item PASS "asm-check $name: ${sum#asm-check }$([ "$expect" = 1 ] && echo ' (refuted, as it must be)')"
	else
		grep '^FAIL' "$WORK/logs/asm-$name.txt" | head -n 5 >&2
		item FAIL "asm-check $name: exit $rc, want $expect: $sum"
	fi
}
if [ -x "$KDIR/../build/bpfmm" ]; then
	p1=$(ls "$PATCHDIR"/0001-*.patch | head -n 1)
	asm_run patch1 0 --patch "$p1" --name "patch 1"
	asm_run released 0 --no-patch --name "6.12 as released"
	broken=$WORK/logs/0001-aq-rl-swapped.patch
	# the added lines of patch 1 with .aq and .rl exchanged
	sed -E '/^\+/ { s/\.aq([" ])/.@@\1/g; s/\.rl([" ])/.aq\1/g; s/\.@@/.rl/g }' "$p1" > "$broken"
	if cmp -s "$p1" "$broken"; then
		item FAIL "asm-check: could not make the broken patch (no .aq/.rl in patch 1)"
	else
		asm_run broken 1 --patch "$broken" --mapping riscv64-patched --name "patch 1 with .aq and .rl swapped"
	fi
	# patch 1 with the .rl of the 1- and 2-byte xchg_release()'s sc.w
	# dropped (an unordered release the word-sized checks cannot see):
	# exactly u8_xchg_release and u16_xchg_release must fail
	subw=$WORK/logs/0001-subword-release-unordered.patch
	sed -E 's/^\+(\t_arch_xchg\(ptr, x, )"\.rl", ("\.rl", "", "", ""\))/+\1"", \2/' "$p1" > "$subw"
	if cmp -s "$p1" "$subw"; then
		item FAIL "asm-check: could not make the sub-word broken patch (no arch_xchg_release line in patch 1)"
	else
		asm_run subword 1 --patch "$subw" --mapping riscv64-patched \
			--name "patch 1 without .rl on the sub-word xchg_release's sc"
		f=$(sed -n 's/^FAIL \([^:]*\):.*/\1/p' "$WORK/logs/asm-subword.txt" | paste -sd' ')
		[ "$f" = "u8_xchg_release u16_xchg_release" ] &&
			item PASS "asm-check subword: exactly u8_xchg_release and u16_xchg_release refused" ||
			item FAIL "asm-check subword: refused '${f:-nothing}', want u8_xchg_release u16_xchg_release"
	fi
else
	item FAIL "asm-check: no build/bpfmm (run make)"
fi

for v in $variants; do
	arch=$(variant_arch "$v")
	t0=$(date +%s)
	# A failing step (die) ends only this subshell: the variant is
	# recorded as failed and the others still run.
	if ! (
		log "=== $v: prepare"
		prepare_tree "$(variant_tree "$v")"
		configure "$v"
		log "=== $v: build (-j$JOBS)"
		t1=$(date +%s)
		build_kernel "$v"
		echo "$(elapsed "$t1")" > "$WORK/logs/build-time-$v"
		build_initramfs "$arch" "$v"
	); then
		item FAIL "$v: prepare/configure/build (see $WORK/logs/build-$v.log)"
		timings="$timings  $v: FAILED before boot after $(elapsed "$t0")s"$'\n'
		continue
	fi
	tb=$(cat "$WORK/logs/build-time-$v" 2>/dev/null || echo '?')
	log "=== $v: boot"
	t2=$(date +%s)
	boot_kernel "$v"
	tq=$(elapsed "$t2")
	cp "$WORK/logs/boot-$v.log" "$WORK/logs/boot-$v.$(date +%Y%m%d-%H%M%S).log"
	"$KDIR/judge.sh" --name "$v" "$WORK/logs/boot-$v.log" | sed "s/^\(PASS\|FAIL\) /\1 $v: /" | record
	grep -E '# [a-z0-9_]+_test: (litmus|atomicity|summary)' "$WORK/logs/boot-$v.log" |
		sed -E 's/^\[ *[0-9.]+\] +# /    /' > "$WORK/logs/litmus-$v.txt"
	timings="$timings  $v: total $(elapsed "$t0")s, build ${tb}s, boot ${tq}s"$'\n'
done

case " $variants " in
*" riscv64 "*)
	case " $variants " in
	*" riscv64-base "*)
		log "=== insn-count"
		"$KDIR/insn-count.sh" --no-build --check > "$WORK/logs/insn-count.txt" 2>&1
		rc=$?
		grep -v -E '^(PASS|FAIL) ' "$WORK/logs/insn-count.txt"
		grep -E '^(PASS|FAIL) ' "$WORK/logs/insn-count.txt" | record
		if [ $rc -ne 0 ] && ! grep -q '^FAIL ' "$WORK/logs/insn-count.txt"; then
			item FAIL "insn-count: exit status $rc"
		fi
		;;
	esac
	;;
esac

np=$(grep -c '^PASS ' "$results")
nf=$(grep -c '^FAIL ' "$results")
echo
echo "=== kernel-check summary"
echo "logs: $WORK/logs (boot-<variant>.log, litmus-<variant>.txt, insn-count.txt)"
for v in $variants; do
	[ -f "$WORK/logs/litmus-$v.txt" ] || continue
	echo "  $v: $(grep -c 'litmus ' "$WORK/logs/litmus-$v.txt") litmus variants;" \
		"$(grep -h 'summary:' "$WORK/logs/litmus-$v.txt" | sed -E 's/.*forbidden=([0-9]+) allowed-weak=([0-9]+)/\1 \2/' |
		   awk '{f += $1; w += $2} END {printf "forbidden outcomes %d, allowed-weak outcomes %d", f, w}')"
done
printf '%s' "$timings"
echo "  wall time: $(elapsed "$t_start")s"
grep '^FAIL ' "$results" || true
echo "kernel-check: $np passed, $nf failed"
[ "$nf" -eq 0 ] && [ "$np" -gt 0 ]
