#!/bin/sh
# Check bpfmm's verdicts on a directory of litmus tests.
#
#   verdicts.sh DIR [BPFMM [MODEL]]
#
# DIR holds *.litmus (searched recursively) and kinds.txt ("NAME KIND",
# KIND = Forbidden | Allowed | Required). If DIR/expected/ exists, the
# printed set of States must also equal the one in expected/<path>.out
# when that file exists (the test's path relative to DIR, or to DIR/tests,
# .litmus -> .out). A test with no allowed execution (States 0) fails,
# unless that expected output has States 0 too.
# All tests run in ONE
# bpfmm process. If DIR/variant exists, each word in it is passed to bpfmm
# as `-variant WORD` (a model variant the kinds are for); the words of
# DIR/options are passed to bpfmm as they are. Prints one line
# per mismatch and ends with
# "N passed, N failed". Exit 1 on any failure.
set -u
dir=$1
bpfmm=${2:-build/bpfmm}
model=${3:-}
[ -d "$dir" ] || { echo "verdicts.sh: no directory $dir" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

find "$dir" -name '*.litmus' -not -path '*/probes/*' | LC_ALL=C sort >"$tmp/files"
[ -s "$tmp/files" ] || { echo "verdicts.sh: no tests in $dir" >&2; exit 2; }
if [ -n "$model" ]; then set -- -model "$model"; else set --; fi
if [ -f "$dir/variant" ]; then
	for v in $(cat "$dir/variant"); do set -- "$@" -variant "$v"; done
fi
if [ -f "$dir/options" ]; then
	# shellcheck disable=SC2046 # words of the file
	set -- "$@" $(cat "$dir/options")
fi
# shellcheck disable=SC2046
xargs "$bpfmm" -notime "$@" <"$tmp/files" >"$tmp/out" 2>"$tmp/err"
status=$?

# Summarise a herd-style output: "NAME KIND STATES" with states sorted and
# joined by '|' (spaces removed), one line per test.
summarise() {
	awk '
	function flush(  i, j, v, s) {
		if (name == "") return
		for (i = 2; i <= ns; i++) { v = st[i]; j = i - 1
			while (j >= 1 && st[j] > v) { st[j+1] = st[j]; j-- }; st[j+1] = v }
		s = ""; for (i = 1; i <= ns; i++) s = s (i > 1 ? "|" : "") st[i]
		print name, kind, s
		name = ""; ns = 0
	}
	/^Test / { flush(); name = $2; kind = "?"; left = 0; ns = 0; next }
	/^States / { left = $2 + 0; next }
	left > 0 { line = $0; gsub(/[ \t]+/, "", line); st[++ns] = line; left--; next }
	/^Observation / { kind = ($3 == "Never" ? "Forbidden" : $3 == "Always" ? "Required" : "Allowed") }
	END { flush() }' "$@"
}
summarise "$tmp/out" >"$tmp/got"

pass=0 fail=0
while read -r f; do
	name=$(sed -n '1{s/^[^ \t]*[ \t]*//;s/[ \t]*$//;s/\.litmus$//;p;q}' "$f")
	want=$(awk -v n="$name" '$1 == n { print $2; exit }' "$dir/kinds.txt" 2>/dev/null)
	got=$(awk -v n="$name" '$1 == n { print; exit }' "$tmp/got")
	if [ -z "$got" ]; then
		echo "FAIL $name: no result ($(grep -F "$(basename "$f")" "$tmp/err" | head -1))"
		fail=$((fail + 1)); continue
	fi
	gkind=$(echo "$got" | cut -d' ' -f2)
	rel=${f#"$dir"/}
	rel=${rel#tests/}
	exp="$dir/expected/${rel%.litmus}.out"
	if [ -z "$(echo "$got" | cut -d' ' -f3)" ] &&
	   ! { [ -f "$exp" ] && grep -q '^States 0$' "$exp"; }; then
		# no allowed execution: "Never" would be an answer about nothing
		# (unless herd7's expected output has States 0 too: a loop that
		# never exits within the unrolling limit, "Loop No")
		echo "FAIL $name: States 0 ($(grep -F "$(basename "$f")" "$tmp/err" | head -1))"
		fail=$((fail + 1)); continue
	fi
	if [ -n "$want" ] && [ "$want" != "$gkind" ]; then
		echo "FAIL $name: kind $gkind, expected $want"
		fail=$((fail + 1)); continue
	fi
	if [ -d "$dir/expected" ] && [ -f "$exp" ]; then
		want_states=$(summarise "$exp" | cut -d' ' -f3)
		got_states=$(echo "$got" | cut -d' ' -f3)
		if [ "$want_states" != "$got_states" ]; then
			echo "FAIL $name: states differ"
			echo "   expected: $want_states"
			echo "   got:      $got_states"
			fail=$((fail + 1)); continue
		fi
	fi
	pass=$((pass + 1))
done <"$tmp/files"
if [ "$status" -ne 0 ] && [ "$fail" -eq 0 ]; then
	echo "FAIL: bpfmm exited $status"; sed 's/^/   /' "$tmp/err" | head -5
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
