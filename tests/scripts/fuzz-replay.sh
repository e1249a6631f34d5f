#!/bin/sh
# Replay the fuzzing corpus: every file of tests/fuzz/corpus/T once
# through target T (built by `make fuzz-replay` with gcc, ASan and UBSan
# and the standalone main of tests/fuzz/replay.c). A file passes when the
# target returns normally within the time limit: no sanitizer report, no
# crash, no hang. All files of a target run in one process; when that
# fails, each file is run alone to name the culprits.
#   tests/scripts/fuzz-replay.sh BUILD_DIR TARGET...
set -u
dir=${1:?usage: fuzz-replay.sh BUILD_DIR TARGET...}
shift
here=$(cd "$(dirname "$0")/../.." && pwd)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
pass=0 fail=0
for t in "$@"; do
	bin=$dir/replay-$t
	corpus=$here/tests/fuzz/corpus/$t
	n=$(ls "$corpus" | wc -l)
	if [ "$n" -eq 0 ]; then
		echo "FAIL $t: empty corpus $corpus"; fail=$((fail + 1)); continue
	fi
	if timeout 120 "$bin" "$corpus"/* >/dev/null 2>/tmp/bpfmm-replay.$$; then
		pass=$((pass + n)); continue
	fi
	for f in "$corpus"/*; do
		if timeout 30 "$bin" "$f" >/dev/null 2>/tmp/bpfmm-replay.$$; then
			pass=$((pass + 1))
		else
			echo "FAIL $t: $(basename "$f"): $(grep -m1 -E 'ERROR|runtime error|SUMMARY' /tmp/bpfmm-replay.$$)"
			fail=$((fail + 1))
		fi
	done
done
rm -f /tmp/bpfmm-replay.$$
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
