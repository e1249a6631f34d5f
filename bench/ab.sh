#!/bin/sh
# shellcheck disable=SC2046 # word splitting of $(stats ...) is wanted
# Benchmark: one bpfmm binary against another (BASE, e.g. main's build)
# on the default path, in the same run: the BPF catalogue (models/bpf.cat),
# the AArch64 catalogue (models/aarch64.cat) and the RISC-V suite
# (models/riscv.cat) of $SHARED, and 800 random BPF tests (build/bpfgen
# seeds 3 and 4, models/bpf.cat), each in ONE process per run, REPS runs
# (default 5) alternating the two binaries. Prints, per suite, best and
# median CPU seconds (user + system) of each and the BASE/new ratio of
# the medians (above 1.0x: the new binary is faster), and checks that
# both print the same results (the Time lines left out, -notime).
#
#   BASE=/path/to/old/bpfmm sh bench/ab.sh
#
# Environment: SHARED (default <repo>/../shared), BPFMM (the new binary,
# default build/bpfmm), BASE (required), REPS, BPFGEN (default
# build/bpfgen; without it the random set is skipped).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
REPS=${REPS:-5}
BASE=${BASE:-}
[ -x "$BASE" ] || { echo "usage: BASE=/path/to/old/bpfmm sh bench/ab.sh" >&2; exit 2; }
[ -x "$BPFMM" ] || { echo "bench: $BPFMM not built (run make)" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# run BIN MODEL LIST OUT: prints "CPU" of one run
run() {
	# shellcheck disable=SC2016
	bash -c 'TIMEFORMAT="%3U %3S"; bin=$1 model=$2 list=$3 out=$4
		{ time xargs -d "\n" -a "$list" "$bin" -notime -model "$model" >"$out" 2>/dev/null; } 2>&1' \
		sh "$1" "$2" "$3" "$4" | awk '{ printf "%.2f\n", $1 + $2 }'
}

# random BPF tests: bpfgen seeds 3 and 4, 400 each (several threads with
# many paths each: the combinations of paths, issue 39's speed work)
BPFGEN=${BPFGEN:-$root/build/bpfgen}
if [ -x "$BPFGEN" ] && mkdir -p "$tmp/random/tests"; then
	for sd in 3 4; do
		"$BPFGEN" --seed "$sd" --count 400 --outdir "$tmp/random/tests" >/dev/null || exit 2
	done
fi

fail=0
for s in "bpf-catalogue bpf.cat" "aarch64-catalogue aarch64.cat" "riscv riscv.cat" "random bpf.cat"; do
	set -- $s
	dir=$SHARED/conformance/$1/tests
	[ "$1" = random ] && dir=$tmp/random/tests
	if [ ! -d "$dir" ]; then echo "$1: SKIP (no $dir)"; continue; fi
	find "$dir" -name '*.litmus' | LC_ALL=C sort >"$tmp/list"
	: >"$tmp/new"; : >"$tmp/old"
	i=0
	while [ "$i" -lt "$REPS" ]; do
		run "$BASE" "$root/models/$2" "$tmp/list" "$tmp/old.out" >>"$tmp/old"
		run "$BPFMM" "$root/models/$2" "$tmp/list" "$tmp/new.out" >>"$tmp/new"
		i=$((i + 1))
	done
	set -- "$1" "$(wc -l <"$tmp/list")" $(stats "$tmp/old" 1) $(stats "$tmp/new" 1)
	same=identical
	cmp -s "$tmp/old.out" "$tmp/new.out" || { same="OUTPUTS DIFFER"; fail=1; }
	echo "$1 ($2 tests, $REPS runs each): base CPU best $3 s median $4 s; new best $5 s median $6 s; base/new (medians) $(ratio "$4" "$6"); outputs $same"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $fail
