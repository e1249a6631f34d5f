#!/bin/bash
# scripts/jit-check-all.sh - `make jit-check-all` (outside `make check`,
# docs/jit-check.md): the guests beyond riscv64, arm64 and x86_64.  For
# each kernel variant of $JIT_ALL_VARIANTS (default: mips64el
# mips64el-fixed ppc64le s390x), `bpfmm run` boots the guest once with the
# bpf-run suite's tests (catalogue when ../shared is there, tests/litmus/bpf,
# tests/run and $RUN_RANDOM random tests; kernel/run.sh builds the kernel
# when missing: a cold build for mips64el, ppc64le and s390x, an incremental one
# with kernel/jit-fixes/mips for mips64el-fixed), then `bpfmm jit-check`
# judges the JIT code the guest dumped, once with the native model's
# default (the weakest CPU Linux supports) and, for MIPS, once more with
# -variant sc (what Linux assumes of a CPU without WEAK_ORDERING, such as
# the Malta's MIPS64R2: docs/mips-model.md).
#
# Logs in $BPFMM_CACHE/kernel-check/logs: run-VARIANT.txt / .console
# (bpfmm run), jit-check-VARIANT.txt (and -sc.txt), the kernel build's
# seconds in run-VARIANT.build-seconds, the guest's in run-VARIANT.seconds.
# A variant passes when the guest reports every runnable test with 0
# violations and every test bpf-run ran is lifted or refused with a reason
# (the verdicts are results, reported, not asserted: the MIPS JIT's are
# unsound, the finding of issue 24; the powerpc and s390 JITs' sound).
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
source kernel/lib.sh
EXTRA_PACKAGES=$JIT_ALL_PACKAGES   # the ppc64le and s390x guests
variants=${JIT_ALL_VARIANTS:-mips64el mips64el-fixed ppc64le s390x}
source tests/run/tests.sh
run_setup

for v in $variants; do
	arch=$(variant_arch "$v")
	rm -f "$logs"/run-build-*.seconds
	t0=$(date +%s)
	out=$logs/run-$v.txt
	RUN_VARIANT=$v TMPDIR=$tmp "$bpfmm" run --arch "$arch" --console "$logs/run-$v.console" \
		${RUN_OPTS:---instances 64 --passes 1} "${tests[@]}" > "$out" 2> "$logs/run-$v.err"
	rc=$?
	rm -rf "$tmp"/bpfmm-run.*
	secs "$v" "$t0"
	b=$(cat "$logs/run-$v.build-seconds")
	sum=$(grep "^run $arch: " "$out" | tail -n 1)
	echo "$v: ${sum#run "$arch": } ($(cat "$logs/run-$v.seconds")s in the guest, ${b}s building its kernel)"
	if [ $rc -eq 0 ] && [ -n "$sum" ]; then
		ok "$v: bpfmm run: every test run or unsupported, 0 violations"
	else
		tail -n 5 "$logs/run-$v.err"
		ko "$v: bpfmm run exit status $rc (see $out)"
		continue
	fi
	for model in default sc; do
		[ $model = sc ] && [ "$arch" != mips64el ] && continue
		j=$logs/jit-check-$v.txt
		opt=()
		[ $model = sc ] && j=$logs/jit-check-$v-sc.txt && opt=(--variant sc)
		t1=$(date +%s)
		"$bpfmm" jit-check --arch "$arch" "${opt[@]}" --dump "$logs/run-$v.console" \
			--emit "$j.lifted" "${tests[@]}" > "$j" 2> "$j.err"
		line=$(grep "^jit-check $arch: " "$j" | tail -n 1)
		echo "$v ($model model): ${line#jit-check "$arch": } ($(($(date +%s) - t1))s)"
		grep -E ' jit (refused|unchecked)' "$j" | head -n 5
		grep -E ' jit unsound' "$j" | cut -d' ' -f2 | head -n 40 | tr '\n' ' '
		echo
		lifted=$(sed -n 's/.* \([0-9]*\) lifted.*/\1/p' <<< "$line")
		unchecked=$(sed -n 's/.* \([0-9]*\) unchecked.*/\1/p' <<< "$line")
		if [ -n "$lifted" ] && [ "$lifted" -gt 0 ] && [ "${unchecked:-1}" -eq 0 ] &&
			! grep -E ' jit refused' "$j" | grep -qv ' jit refused (.\+)$'; then
			ok "$v ($model model): $lifted lifted, every refusal with its reason, 0 unchecked"
		else
			ko "$v ($model model): $line (see $j)"
		fi
	done
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
