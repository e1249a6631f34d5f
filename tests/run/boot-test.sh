#!/bin/bash
# tests/run/boot-test.sh - kernel/lib.sh's boot watchdog with a fake QEMU
# (no kernel, no guest): a guest silent before its init is killed after
# BOOT_SILENCE seconds and booted once more (boot_retry), its first console
# kept as LOG.hung; a guest that is slow but printing is left alone; a
# guest that stops after its init is not booted again.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bpfmm-boot-test.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

# The fake qemu-system-riscv64 plays the script named by FAKE_PLAN, one
# line per boot: "hang" (a banner, then silence), "slow" (a line every
# second for 4 s before init), "stall" (init's line, then silence) or
# "ok"; each boot takes the next line.
mkdir "$tmp/bin"
cat > "$tmp/bin/qemu-system-riscv64" <<'FAKE'
#!/bin/bash
n=$(cat "$FAKE_COUNT" 2>/dev/null || echo 0)
echo $((n + 1)) > "$FAKE_COUNT"
plan=$(sed -n "$((n + 1))p" "$FAKE_PLAN")
echo "OpenSBI fake banner"
case "$plan" in
hang) sleep 30 ;;
slow) for i in 1 2 3 4; do sleep 1; echo "early $i"; done
      echo "bpfmm-run: cpus 4"; echo "bpfmm-run: all done" ;;
stall) echo "bpfmm-run: cpus 4"; sleep 6 ;;
*) echo "bpfmm-run: cpus 4"; echo "bpfmm-run: all done" ;;
esac
FAKE
chmod +x "$tmp/bin/qemu-system-riscv64"

# run PLAN...: boot_retry with the plan, BOOT_SILENCE=2, a 5 s timeout
run() {
	printf '%s\n' "$@" > "$tmp/plan"
	rm -f "$tmp/count" "$tmp/console" "$tmp/console.hung"
	PATH=$tmp/bin:$PATH FAKE_PLAN=$tmp/plan FAKE_COUNT=$tmp/count BOOT_SILENCE=2 \
		BPFMM_CACHE=$tmp/cache bash -c '
		source kernel/lib.sh
		boot_retry riscv64 Image initrd "$1" "" 5 "bpfmm-run: cpus"' _ "$tmp/console" \
		2> "$tmp/log"
	boots=$(cat "$tmp/count")
}

run hang ok
if [ "$boots" = 2 ] && grep -q 'all done' "$tmp/console" &&
	! grep -q 'all done' "$tmp/console.hung" &&
	grep -q 'no console output for 2s before' "$tmp/log"; then
	ok "a guest silent before init is killed and booted once more"
else
	ko "hang, ok: $boots boot(s); log: $(tr '\n' ' ' < "$tmp/log")"
fi

run hang hang ok
if [ "$boots" = 2 ] && ! grep -q 'all done' "$tmp/console"; then
	ok "booted at most twice: a second hang is the caller's failure"
else
	ko "hang, hang: $boots boot(s)"
fi

run slow
if [ "$boots" = 1 ] && grep -q 'all done' "$tmp/console"; then
	ok "a guest printing slowly before init is left alone"
else
	ko "slow: $boots boot(s); log: $(tr '\n' ' ' < "$tmp/log")"
fi

run stall ok
if [ "$boots" = 1 ] && grep -q 'killed by timeout after 5s' "$tmp/log"; then
	ok "a guest that stops after init runs to the timeout, not booted again"
else
	ko "stall: $boots boot(s); log: $(tr '\n' ' ' < "$tmp/log")"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
