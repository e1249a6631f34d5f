# Shared part of the herd7-conformance scripts (riscv.sh, aarch64.sh,
# x86.sh, ppc.sh), sourced with  . "$(dirname "$0")/lib.sh"  (POSIX sh).
#
# Sets: root (the repository), me (the script's name), jobs ($JOBS, default 4).
# A script then sets suite, bpfmm and model and uses the functions below;
# it may set before calling them:
#   step      check only every step-th test (list_tests; default 1: all)
#   runner    command put in front of each bpfmm run, e.g. "timeout 20"
#   brackets  1: summarise writes a state entry `[x]=1` as `x=1`
#   why_none  text of a "no result" failure when bpfmm printed no error
#   known_list a file of "FILE reason" lines: known differences with herd7
# and it may redefine expected_kind (see compare_tests).
root=$(cd "$(dirname "$0")/../.." && pwd)
me=$(basename "$0")
jobs=${JOBS:-4}

# need_tools: exit 2 unless $bpfmm and $model are there; make $tmp (removed
# on exit).
need_tools() {
	[ -x "$bpfmm" ] || { echo "$me: no executable $bpfmm (run make)" >&2; exit 2; }
	[ -f "$model" ] || { echo "$me: no model $model" >&2; exit 2; }
	tmp=$(mktemp -d) || exit 2
	trap 'rm -rf "$tmp"' EXIT
}

# list_tests DIR: the .litmus files under DIR, as paths relative to DIR,
# sorted; every $step-th one.
list_tests() {
	(cd "$1" && find . -name '*.litmus' | sed 's|^\./||' | LC_ALL=C sort) |
		awk -v k="${step:-1}" '(NR - 1) % k == 0'
}

# need_tests FILES: exit 2 if the list FILES is empty.
need_tests() {
	[ -s "$1" ] || { echo "$me: no tests in $suite/tests" >&2; exit 2; }
}

# run_tests FILES OUTDIR: one bpfmm process per test of $suite/tests listed
# in FILES, $jobs at a time (names are not unique across a suite, so
# results are keyed by line number): OUTDIR/<n>.out and OUTDIR/<n>.err for
# line n + 1.
run_tests() {
	awk '{ print NR - 1 "\t" $0 }' "$1" |
		while IFS='	' read -r n f; do printf '%s\n%s\n' "$n" "$f"; done |
		xargs -n 2 -P "$jobs" sh -c '$0 "$1" -notime -model "$2" "$3/tests/$6" >"$4/$5.out" 2>"$4/$5.err"' \
			"${runner:-}" "$bpfmm" "$model" "$suite" "$2" 2>/dev/null
}

# One herd-style output -> "KIND STATES": each state with blanks removed
# (and with brackets=1, `[x]` written `x`), its entries sorted; the states
# sorted, joined by '|'.
summarise() {
	awk -v brackets="${brackets:-0}" '
	/^States / { left = $2 + 0; next }
	left > 0 {
		# entries of one state in a fixed order: herd7 lists registers by
		# number (x5 before x11), bpfmm by name
		line = $0; gsub(/[ \t]+/, "", line)
		if (brackets) gsub(/[][]/, "", line)
		ne = split(line, e, ";")
		for (i = 2; i <= ne; i++) { v = e[i]; j = i - 1
			while (j >= 1 && e[j] > v) { e[j+1] = e[j]; j-- }; e[j+1] = v }
		line = ""; for (i = 1; i <= ne; i++) if (e[i] != "") line = line e[i] ";"
		st[++ns] = line; left--; next
	}
	/^Observation / { kind = $3 }
	END {
		for (i = 2; i <= ns; i++) { v = st[i]; j = i - 1
			while (j >= 1 && st[j] > v) { st[j+1] = st[j]; j-- }; st[j+1] = v }
		s = ""; for (i = 1; i <= ns; i++) s = s (i > 1 ? "|" : "") st[i]
		print (kind == "" ? "?" : kind), s
	}' "$1"
}

# expected_kind NAME HERD_KIND: the Observation kind test NAME (path without
# .litmus) must have; by default herd7's.
expected_kind() { echo "$2"; }

# is_known FILE: FILE is listed in $known_list.
is_known() { [ -n "${known_list:-}" ] && grep -q "^$1 " "$known_list" 2>/dev/null; }

# compare_tests FILES OUTDIR [PREFIX]: compare the runs of run_tests with
# $suite/expected/<path>.out, test by test: the Observation kind (with
# expected_kind) and the set of final States. Prints one line per mismatch
# (the test named PREFIX<path>) and sets pass, fail, skip (bpfmm said
# "unsupported") and known (a kind mismatch listed in $known_list; such a
# test that agrees with herd7 fails until the list is updated).
compare_tests() {
	pass=0 fail=0 skip=0 known=0 n=0
	while read -r f; do
		out="$2/$n.out" err="$2/$n.err" t="${3:-}$f"
		n=$((n + 1))
		if grep -q 'unsupported' "$err" 2>/dev/null; then
			skip=$((skip + 1)); continue
		fi
		if ! grep -q '^Observation ' "$out" 2>/dev/null; then
			why=$(head -1 "$err" 2>/dev/null)
			echo "FAIL $t: no result (${why:-${why_none:-}})"
			fail=$((fail + 1)); continue
		fi
		got=$(summarise "$out")
		want=$(summarise "$suite/expected/${f%.litmus}.out")
		kind=$(expected_kind "${f%.litmus}" "${want%% *}")
		[ -n "$kind" ] || kind=${want%% *}
		if [ "${got%% *}" != "$kind" ]; then
			if is_known "$f"; then
				echo "KNOWN $t: observation ${got%% *}, herd7 $kind -- $(grep "^$f " "$known_list" | cut -d' ' -f2-)"
				known=$((known + 1)); continue
			fi
			echo "FAIL $t: observation ${got%% *}, herd7 $kind"
			fail=$((fail + 1)); continue
		fi
		if is_known "$f" && [ "${got#* }" = "${want#* }" ]; then
			echo "FAIL $t: now agrees with herd7; remove it from $(basename "$known_list")"
			fail=$((fail + 1)); continue
		fi
		if [ "${got#* }" != "${want#* }" ]; then
			echo "FAIL $t: states differ"
			echo "   herd7: ${want#* }"
			echo "   got:   ${got#* }"
			fail=$((fail + 1)); continue
		fi
		pass=$((pass + 1))
	done <"$1"
}
