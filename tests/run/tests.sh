# tests/run/tests.sh - sourced by tests/run/suite.sh (bpf-run),
# tests/jit-check/suite.sh and scripts/jit-check-all.sh: the tests the
# bpf-run guests load, so that jit-check judges exactly the code those
# guests dumped; and the setup of the scripts that boot guests.
#
# run_tests TMPDIR: sets the array `tests`: the BPF catalogue ($shared,
# when present), tests/litmus/bpf, tests/run and $nrandom random
# `bpfgen --seed $seed --no-acqrel` tests that bpfmm answers within 20 s
# (written to TMPDIR; a few are too large for it).  Needs build/bpfgen, build/bpfmm.
run_tests() {
	local dir=$1 n=0 f
	mkdir -p "$dir/gen"
	build/bpfgen --seed "$seed" --count $((nrandom + nrandom / 5 + 5)) --no-acqrel --prefix rand \
		--outdir "$dir/gen" >/dev/null || return 2
	for f in "$dir"/gen/*.litmus; do
		[ $n -lt "$nrandom" ] || break
		# answered within 20 s of CPU (a test too large for the
		# engine must not hold the suite: -timeout prints nothing)
		build/bpfmm -notime -timeout 20 "$f" 2>/dev/null | grep -q '^Observation ' || continue
		mv "$f" "$dir/"
		n=$((n + 1))
	done
	tests=()
	[ -d "$shared/conformance/bpf-catalogue/tests" ] && tests+=("$shared"/conformance/bpf-catalogue/tests/*.litmus)
	tests+=(tests/litmus/bpf/*.litmus tests/run/*.litmus)
	[ $n -eq 0 ] || tests+=("$dir"/*.litmus)   # none with RUN_RANDOM=0
}

# ok / ko MESSAGE: a passed or failed check of such a script (pass, fail)
ok() { echo "PASS $*"; pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

# run_setup: for a script that boots guests (after kernel/lib.sh): SKIP
# (exit 0) without the kernel tarball; packages, build/bpfmm and bpfgen;
# sets nrandom, seed, shared, bpfmm, logs ($WORK/logs), tmp (removed on
# exit), the tests of run_tests, and pass=0 fail=0 for ok / ko.
run_setup() {
	pass=0 fail=0
	nrandom=${RUN_RANDOM:-200}
	seed=${RUN_SEED:-7}
	shared=${SHARED:-../shared}
	bpfmm=$PWD/build/bpfmm
	if [ ! -r "$TARBALL" ]; then
		echo "SKIP: no kernel tarball $TARBALL (package linux-source-6.12)"
		exit 0
	fi
	ensure_packages
	make -s build/bpfmm build/bpfgen || exit 2
	logs=$WORK/logs
	mkdir -p "$logs"
	tmp=$(mktemp -d) || exit 2
	trap 'rm -rf "$tmp"' EXIT
	run_tests "$tmp" || exit 2
}

# secs NAME T0: the seconds since T0 less a kernel build kernel/run.sh did
# meanwhile (run-build-*.seconds, removed before each run), written to
# run-NAME.seconds; the build's seconds to run-NAME.build-seconds (0: none)
secs() {
	local b=0 f
	for f in "$logs"/run-build-*.seconds; do
		[ -e "$f" ] && b=$((b + $(cat "$f"))) && rm -f "$f"
	done
	echo "$b" > "$logs/run-$1.build-seconds"
	echo "$(($(date +%s) - $2 - b))" > "$logs/run-$1.seconds"
}
