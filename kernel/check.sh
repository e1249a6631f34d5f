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
# 2b. kernel/asm-check.sh: 6.12's atomics against bpfmm lkmm-map's
#    riscv64-linux-6.12 table; with the series, the default path
#    instruction for instruction against 6.12's and the Zalasr path against
#    riscv64-patched; and patch 2 with .aq and .rl swapped, without the .rl
#    of the Zalasr release AMOs, and without the default acquire's fence,
#    each of which must be refuted.
# 3. For each variant: extracts /usr/src/linux-source-6.12.tar.xz under
#    $BPFMM_CACHE (default ~/.cache/bpfmm, never inside the repository),
#    applies the series, configures (tinyconfig + kernel/configs), builds
#    with O= and ccache, builds the static /init and the initramfs, boots
#    QEMU with -smp 4 under timeout, saves the console log and judges it
#    with kernel/judge.sh.
#      riscv64       the whole series (QEMU has no Zalasr: the default
#                    path, lib/atomic64_test.c)
#      riscv64-base  the series without its arch/riscv patches: 6.12's riscv
#      arm64         the whole series; the control (the series is riscv-only)
# 4. Runs kernel/insn-count.sh --check on the two riscv64 vmlinux files:
#    the default path's annotated AMOs counted as 6.12's, no fence fewer.
# 5. Prints a summary ending in "kernel-check: N passed, N failed".
#
# Environment: BPFMM_CACHE, JOBS (default nproc), BOOT_TIMEOUT (default
# 300 s), BPFMM_KERNEL_TARBALL.
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
# The tree has no git history: checkpatch cannot look the commits the
# patches cite up (UNKNOWN_COMMIT_ID), and that one check is skipped, as in
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

# Static check of the series (kernel/asm-check.sh): the instructions the
# headers emit for each value-returning atomic, on 6.12 as released
# against lkmm-map's riscv64-linux-6.12 table; with the series, the
# default path instruction for instruction against 6.12 and the Zalasr
# path against riscv64-patched; and patch 2 broken three ways, which must
# be refuted: .aq and .rl swapped, the Zalasr release AMOs without .rl
# (exactly the 16 _release items), the atomic ops' default acquire fence
# made a nop (the default path no longer 6.12's).
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
# refused NAME: the items a run refused, on one line
refused() { sed -n 's/^FAIL \([^:]*\):.*/\1/p' "$WORK/logs/asm-$1.txt" | paste -sd' '; }
# mutate NAME SED-SCRIPT: patch 2 edited, in $WORK/logs/NAME.patch; fails
# when the edit changed nothing
mutate() {
	sed -E "$2" "$p2" > "$WORK/logs/$1.patch"
	! cmp -s "$p2" "$WORK/logs/$1.patch"
}
p1=$(ls "$PATCHDIR"/0001-*.patch 2>/dev/null | head -n 1)
p2=$(ls "$PATCHDIR"/0002-*.patch 2>/dev/null | head -n 1)
if [ ! -x "$KDIR/../build/bpfmm" ]; then
	item FAIL "asm-check: no build/bpfmm (run make)"
elif [ -z "$p1" ] || [ -z "$p2" ]; then
	item FAIL "asm-check: no patch 0001 and 0002 in $PATCHDIR"
else
	asm_run series 0 --name "the series"
	asm_run released 0 --no-patch --name "6.12 as released"
	# the Zalasr AMOs' .aq and .rl exchanged
	if mutate aq-rl-swapped '/^\+.*#insn/ { s/\.aq([" ])/.@@\1/g; s/\.rl([" ])/.aq\1/g; s/\.@@/.rl/g }'; then
		asm_run swapped 1 --patch "$p1" --patch "$WORK/logs/aq-rl-swapped.patch" \
			--name "patch 2 with .aq and .rl swapped"
	else
		item FAIL "asm-check: could not make the swapped patch (no .aq/.rl in patch 2)"
	fi
	# the Zalasr release AMOs without their .rl: an unordered release,
	# exactly the _release items of the Zalasr path must fail
	if mutate release-unordered '/^\+.*"\.rl " __VA_ARGS__/ s/"\.rl "/" "/'; then
		asm_run unordered 1 --patch "$p1" --patch "$WORK/logs/release-unordered.patch" \
			--name "patch 2 without .rl on the Zalasr release AMOs"
		want=$(for w in "" 64; do for op in fetch_add fetch_sub fetch_and fetch_or fetch_xor add_return sub_return xchg; do
			printf 'zalasr atomic%s_%s_release ' "$w" "$op"; done; done)
		f=$(refused unordered)
		[ "$f" = "${want% }" ] &&
			item PASS "asm-check unordered: exactly the 16 Zalasr _release items refused" ||
			item FAIL "asm-check unordered: refused '${f:-nothing}', want '${want% }'"
	else
		item FAIL "asm-check: could not make the unordered-release patch"
	fi
	# the atomic ops' default acquire fence made a nop: no longer 6.12's code
	if mutate acquire-nofence '/^\+.*ALTERNATIVE\(RISCV_ACQUIRE_BARRIER, / s/ALTERNATIVE\(RISCV_ACQUIRE_BARRIER, /ALTERNATIVE("	nop", /'; then
		asm_run nofence 1 --patch "$p1" --patch "$WORK/logs/acquire-nofence.patch" \
			--name "patch 2 with the default acquire fence a nop"
		f=$(refused nofence)
		case " $f " in
		*" identical atomic_fetch_add_acquire "*" default atomic_fetch_add_acquire "*)
			item PASS "asm-check nofence: the default acquire refused (not 6.12's code, not 6.12's table)" ;;
		*)	item FAIL "asm-check nofence: refused '${f:-nothing}', want the default _acquire items" ;;
		esac
	else
		item FAIL "asm-check: could not make the no-fence patch"
	fi
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
echo "logs: $WORK/logs (boot-<variant>.log, asm-*.txt, insn-count.txt)"
printf '%s' "$timings"
echo "  wall time: $(elapsed "$t_start")s"
grep '^FAIL ' "$results" || true
echo "kernel-check: $np passed, $nf failed"
[ "$nf" -eq 0 ] && [ "$np" -gt 0 ]
