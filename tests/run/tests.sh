# tests/run/tests.sh - sourced by tests/run/suite.sh (bpf-run) and
# tests/jit-check/suite.sh: the tests the bpf-run guests load, so that
# jit-check judges exactly the code those guests dumped.
#
# run_tests TMPDIR: sets the array `tests`: the BPF catalogue ($shared,
# when present), tests/litmus/bpf, tests/run and $nrandom random
# `bpfgen --seed $seed --no-acqrel` tests that bpfmm can check (written to
# TMPDIR; a few are too large for it).  Needs build/bpfgen, build/bpfmm.
run_tests() {
	local dir=$1 n=0 f
	mkdir -p "$dir/gen"
	build/bpfgen --seed "$seed" --count $((nrandom + nrandom / 5 + 5)) --no-acqrel --prefix rand \
		--outdir "$dir/gen" >/dev/null || return 2
	for f in "$dir"/gen/*.litmus; do
		[ $n -lt "$nrandom" ] || break
		build/bpfmm -notime "$f" >/dev/null 2>&1 || continue
		mv "$f" "$dir/"
		n=$((n + 1))
	done
	tests=()
	[ -d "$shared/conformance/bpf-catalogue/tests" ] && tests+=("$shared"/conformance/bpf-catalogue/tests/*.litmus)
	tests+=(tests/litmus/bpf/*.litmus tests/run/*.litmus "$dir"/*.litmus)
}
