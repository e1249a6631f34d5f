#!/bin/sh
# `bpfmm explain` (docs/explain.md):
#  1. every Forbidden test of tests/litmus/bpf and of the BPF catalogue
#     (../shared, skipped when absent) is explained with models/bpf.cat:
#     exit 0, "is forbidden", and for each way it is rejected: the check
#     quoted as it is written at the line of models/bpf.cat it names, and
#     a cycle (a path for `empty`) whose steps are real: the first event
#     is the last, every step names a base relation (rfe rfi coe coi fre
#     fri rmw addr data ctrl po) and, in brackets, a relation the model
#     defines, and each step agrees with its events (rf/co/fr: same
#     location, writes and reads where they must be, e/i: other or same
#     thread; po and dependencies: same thread);
#     Tests listed in tests/explain/unreachable.txt (with the reason) must
#     instead be "reached by no candidate execution";
#  2. golden outputs (tests/explain/*.out, checked by hand against the
#     model's definitions) for small tests, allowed and forbidden, with a
#     STATE on the command line;
#  3. -dot (file and folder), exit codes, error messages, --help;
#  4. two tests of the kernel's tools/memory-model with linux-kernel.cat
#     (skipped when the LKMM tree cannot be extracted).
# Prints "N passed, N failed"; exit 1 on failure.
set -u
bpfmm=${1:-build/bpfmm}
SHARED=${SHARED:-../shared}
cat_dir=$SHARED/conformance/bpf-catalogue
model=models/bpf.cat
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

# join_steps FILE: a long cycle is printed one step per line (each
# continuation line starts with 7 blanks and its arrow): one line again
join_steps() {
	awk '/^       -/ { sub(/^ +/, " "); buf = buf $0; next }
		{ if (NR > 1) print buf; buf = $0 } END { if (NR) print buf }' "$1"
}

# check_output FILE: the checks of part 1 on one explain output
check_output() {
	join_steps "$1" >"$1.joined"
	awk -v model="$model" '
	BEGIN {
		while ((getline l < model) > 0) {
			n++; line[n] = l
			if (match(l, /^let [A-Za-z0-9_-]+/)) defs[substr(l, 5, RLENGTH - 4)] = 1
		}
		split("rfe rfi coe coi fre fri rmw addr data ctrl po", b, " ")
		for (i in b) base[b[i]] = 1
		bad = 0; groups = 0; chains = 0
	}
	function fail(msg) { print "  " msg; bad = 1 }
	# "W x=1 [RL] (P0 line 9: ...)" or "W x=0 (init)" -> kind loc thread
	function parse(ev, a,   s) {
		s = ev; sub(/^ +/, "", s)
		a["kind"] = s; sub(/ .*/, "", a["kind"])
		a["loc"] = s; sub(/^[A-Z]+ /, "", a["loc"]); sub(/[=( ].*/, "", a["loc"])
		if (s ~ /\(init\)$/) a["thr"] = "init"
		else if (match(s, /\(P[0-9]+ line/)) a["thr"] = substr(s, RSTART + 1, RLENGTH - 6)
		else a["thr"] = "?"
	}
	function step(lab, from, to,   bn, vn, f, t, isw, isr) {
		bn = lab; vn = ""
		if (match(lab, /\[.*\]$/)) { bn = substr(lab, 1, RSTART - 1); vn = substr(lab, RSTART + 1, RLENGTH - 2) }
		if (!(bn in base)) { fail("step -" lab "-> names no base relation"); return }
		if (vn != "" && !(vn in defs)) fail("step -" lab "->: " vn " is not a let of " model)
		parse(from, f); parse(to, t)
		isw["W"] = isw["RMW"] = 1; isr["R"] = isr["RMW"] = 1
		if (bn ~ /^(rf|co|fr)/ && f["loc"] != t["loc"]) fail("-" lab "-> between locations " f["loc"] " and " t["loc"])
		if (bn ~ /^rf/ && !(f["kind"] in isw && t["kind"] in isr)) fail("-" lab "-> not from a write to a read")
		if (bn ~ /^co/ && !(f["kind"] in isw && t["kind"] in isw)) fail("-" lab "-> not between writes")
		if (bn ~ /^fr/ && !(f["kind"] in isr && t["kind"] in isw)) fail("-" lab "-> not from a read to a write")
		if (bn ~ /^(rf|co|fr)e$/ && f["thr"] == t["thr"] && f["thr"] != "init") fail("-" lab "-> inside " f["thr"])
		if (bn ~ /^(rf|co|fr)i$|^(po|addr|data|ctrl|rmw)$/ && (f["thr"] != t["thr"] || f["thr"] == "init"))
			fail("-" lab "-> from " f["thr"] " to " t["thr"])
	}
	/ rejected by `/ {
		groups++
		s = $0; sub(/.* rejected by `/, "", s)
		chk = s; sub(/` at .*/, "", chk)
		where = s; sub(/.*` at /, "", where)
		ln = where; sub(/.*:/, "", ln)
		if (where !~ model ":[0-9]+$") fail("check at " where ", not in " model)
		else if (index(line[ln + 0], chk) != 1) fail("check `" chk "` is not line " ln " of " model ": " line[ln + 0])
		if (chk !~ /^(acyclic|irreflexive|empty) .* as [A-Za-z-]+$/) fail("check `" chk "` names no axiom")
	}
	/^  (cycle|path): / {
		chains++
		kind = $1; s = $0; sub(/^  (cycle|path): /, "", s)
		ne = 0
		while (match(s, / -[A-Za-z0-9_+-]+(\[[A-Za-z0-9_.+-]+\])?-> /)) {
			ev[++ne] = substr(s, 1, RSTART - 1)
			lab[ne] = substr(s, RSTART + 2, RLENGTH - 5)
			s = substr(s, RSTART + RLENGTH)
		}
		ev[++ne] = s
		if (ne < 2) fail(kind " with no step: " $0)
		for (i = 1; i < ne; i++) step(lab[i], ev[i], ev[i + 1])
		if (kind == "cycle:" && ev[1] != ev[ne]) fail("cycle does not come back: " ev[1] " ... " ev[ne])
	}
	END {
		if (!groups) fail("no rejecting check")
		if (chains != groups) fail(groups " rejections but " chains " cycles or paths")
		exit bad
	}' "$1.joined"
}

# json_agrees TEXT JSON: explain -json says what the text says: the
# answer, each way of rejection (executions, check, line), each step's
# base relation and model relation in order, and steps that chain (each
# step starts where the previous ended; a cycle ends where it starts)
json_agrees() {
	[ "$(wc -l <"$2")" = 1 ] || { echo "  not one line"; return 1; }
	ans=$(sed -n 's/.*"answer":"\([a-z-]*\)".*/\1/p' "$2")
	case "$ans" in
	forbidden) grep -q ' is forbidden: ' "$1" ;;
	unreachable) grep -q ' is reached by no candidate' "$1" ;;
	allowed) grep -q ' is allowed: ' "$1" ;;
	*) false ;;
	esac || { echo "  answer '$ans' differs from the text"; return 1; }
	sed -n 's/^\([0-9]*\) executions* rejected by `\(.*\)` at .*:\([0-9]*\)$/\1|\2|\3/p' "$1" >"$tmp/tw"
	grep -o '"executions":[0-9]*,"check":"[^"]*","model":"[^"]*","line":[0-9]*' "$2" |
		sed 's/"executions":\([0-9]*\),"check":"\([^"]*\)","model":"[^"]*","line":\([0-9]*\)/\1|\2|\3/' >"$tmp/jw"
	cmp -s "$tmp/tw" "$tmp/jw" || { echo "  ways differ:"; diff "$tmp/tw" "$tmp/jw"; return 1; }
	join_steps "$1" | sed -n 's/^  \(cycle\|path\): //p' | grep -o ' -[^ ]*-> ' |
		sed 's/^ -\(.*\)-> $/\1/' >"$tmp/ts"
	grep -o '"edge":"[^"]*","via":\("[^"]*"\|null\)' "$2" |
		sed 's/"edge":"\([^"]*\)","via":"\([^"]*\)"/\1[\2]/; s/"edge":"\([^"]*\)","via":null/\1/' >"$tmp/js"
	cmp -s "$tmp/ts" "$tmp/js" || { echo "  steps differ:"; diff "$tmp/ts" "$tmp/js"; return 1; }
	sed 's/"rejections":/\n/; s/{"executions"/\n/g' "$2" | sed 1,2d | while read -r way; do
		printf '%s\n' "$way" | grep -o '"from":"[^"]*"' | sed 's/^"from"://' >"$tmp/jf"
		printf '%s\n' "$way" | grep -o '"to":"[^"]*"' | sed 's/^"to"://' >"$tmp/jt"
		[ -s "$tmp/jf" ] || continue
		sed 1d "$tmp/jf" >"$tmp/jf1"
		sed '$d' "$tmp/jt" >"$tmp/jt1"
		cmp -s "$tmp/jf1" "$tmp/jt1" || { echo "  steps do not chain"; exit 1; }
		if printf '%s\n' "$way" | grep -q '"shape":"cycle"'; then
			[ "$(head -n 1 "$tmp/jf")" = "$(tail -n 1 "$tmp/jt")" ] || { echo "  the cycle does not close"; exit 1; }
		fi
	done
}

# ---- 1. every forbidden test ----
forbidden_dir() {   # DIR: kinds.txt names tests by their header name
	dir=$1
	find "$dir" -name '*.litmus' -not -path '*/probes/*' | LC_ALL=C sort | while read -r f; do
		name=$(sed -n '1s/^[^ ]* \([^ ]*\).*/\1/p' "$f")
		if awk -v n="$name" '$1 == n && $2 == "Forbidden" { found = 1 } END { exit !found }' "$dir/kinds.txt"; then
			echo "$f"
		fi
	done
}
for dir in tests/litmus/bpf "$cat_dir"; do
	if [ ! -f "$dir/kinds.txt" ]; then
		echo "SKIP: no $dir"
		continue
	fi
	forbidden_dir "$dir" >"$tmp/list"
	[ -s "$tmp/list" ] || { ko "no forbidden tests found in $dir"; continue; }
	while read -r f; do
		name=$(sed -n '1s/^[^ ]* \([^ ]*\).*/\1/p' "$f")
		if ! "$bpfmm" explain -model "$model" "$f" >"$tmp/out" 2>"$tmp/err"; then
			ko "explain $f: exit status $?: $(head -c 300 "$tmp/err")"
		elif grep -q "^$name " tests/explain/unreachable.txt; then
			grep -q ' is reached by no candidate execution' "$tmp/out" && ok \
				|| ko "explain $f: listed as unreachable: $(head -c 300 "$tmp/out")"
		elif ! grep -q ' is forbidden: ' "$tmp/out"; then
			ko "explain $f: not forbidden: $(head -c 300 "$tmp/out")"
		elif ! check_output "$tmp/out" >"$tmp/why"; then
			ko "explain $f:"; cat "$tmp/why"
		else
			ok
		fi
		if ! "$bpfmm" explain -json -model "$model" "$f" >"$tmp/json" 2>"$tmp/err"; then
			ko "explain -json $f: exit status $?: $(head -c 300 "$tmp/err")"
		elif ! json_agrees "$tmp/out" "$tmp/json" >"$tmp/why"; then
			ko "explain -json $f disagrees with the text:"; cat "$tmp/why"
		else
			ok
		fi
	done <"$tmp/list"
done

# ---- 2. golden outputs ----
for g in tests/explain/*.out; do
	args=$(sed -n '1s/^# bpfmm explain //p' "$g")
	[ -n "$args" ] || { ko "$g: first line is not '# bpfmm explain ARGS'"; continue; }
	# shellcheck disable=SC2086 # ARGS are words; a STATE is the last, quoted
	eval "set -- $args"
	"$bpfmm" explain -model "$model" "$@" >"$tmp/got" 2>&1
	sed 1d "$g" >"$tmp/want"
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else ko "$g differs:"; diff "$tmp/want" "$tmp/got" | head -20; fi
done

# ---- 3. -dot, exit codes, messages ----
mp=tests/litmus/bpf/MP+rel+acq.litmus
expect_rc() {   # RC WHAT CMD...
	want=$1 what=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" = "$want" ]; then ok; else ko "$what: exit $rc, expected $want: $(head -c 200 "$tmp/err")"; fi
}
expect_rc 0 "explain -dot FILE" "$bpfmm" explain -dot "$tmp/mp.dot" "$mp"
grep -q 'label="1: po\[po-rel\]", color=red' "$tmp/mp.dot" && grep -q 'label="4: fre\[overwrite-a\]", color=red' "$tmp/mp.dot" \
	&& grep -q 'store_release((u32 \*)(r2 + 0), r6)' "$tmp/mp.dot" && grep -q 'W y=1 \[RL\]' "$tmp/mp.dot" \
	&& ok || ko "explain -dot FILE: no highlighted cycle, fr, instruction text or tag"
n=$(grep -c 'color=red, fontcolor=red' "$tmp/mp.dot")
[ "$n" = 4 ] && ok || ko "explain -dot: $n highlighted steps, expected 4 (po-rel, rfe, acq-po, fre)"
expect_rc 0 "explain -dot DIR" "$bpfmm" explain -dot "$tmp/dots" tests/litmus/bpf/MP+plain.litmus
grep -q 'an allowed execution reaching the state' "$tmp/dots/MP+plain.dot" \
	&& grep -q 'label="fr", color=gray, style=dashed' "$tmp/dots/MP+plain.dot" && ok || ko "explain -dot DIR: no MP+plain.dot with fr"
: >"$tmp/plainfile"
expect_rc 2 "explain -dot onto a file" "$bpfmm" explain -dot "$tmp/plainfile" "$mp"
expect_rc 0 "explain --help" "$bpfmm" explain --help
grep -q '^Usage: bpfmm explain' "$tmp/out" && grep -q 'Exit status' "$tmp/out" && ok || ko "explain --help text"
"$bpfmm" --help | grep -q 'bpfmm explain' && ok || ko "bpfmm --help does not list explain"
expect_rc 2 "explain without a test" "$bpfmm" explain
expect_rc 2 "explain with three arguments" "$bpfmm" explain "$mp" "1:r4=1" extra
# -json: one object; an allowed STATE with its execution and the checks
# it passes; a missing test an error record (exit 1); -dot still drawn
expect_rc 0 "explain -json, an allowed STATE" "$bpfmm" explain -json "$mp" "1:r4=1 /\\ 1:r5=1"
grep -q '^{"file":"tests/litmus/bpf/MP+rel+acq.litmus","test":"MP+rel+acq","state":"1:r4=1 /\\\\ 1:r5=1","answer":"allowed","candidates":1,"allowed":1,"thin_air":0,"execution":"P0: W x=1; W y=1\\u000aP1: R y=1 from P0 line 9; R x=1 from P0 line 8\\u000a.*"passes":\[{"check":"atomicity","model":"[^"]*bpf.cat","line":[0-9]*},.*"rejections":\[\],"more_rejected":0,"pruned":false,"incomplete":false,"warnings":\[\]}$' "$tmp/out" \
	&& ok || ko "explain -json allowed: $(cat "$tmp/out")"
expect_rc 0 "explain -json -dot" "$bpfmm" explain -json -dot "$tmp/mpj.dot" "$mp"
cmp -s "$tmp/mp.dot" "$tmp/mpj.dot" && grep -q '"answer":"forbidden"' "$tmp/out" && ok || ko "explain -json -dot: another drawing"
expect_rc 1 "explain -json a missing test" "$bpfmm" explain -json "$tmp/none.litmus"
grep -q '^{"file":"[^"]*none.litmus","error":"[^"]*none.litmus' "$tmp/out" && ok || ko "explain -json error record: $(cat "$tmp/out")"
expect_rc 1 "explain a missing test" "$bpfmm" explain "$tmp/none.litmus"
expect_rc 1 "explain a bad STATE" "$bpfmm" explain "$mp" "1:r4=1 /\\"
grep -q '^STATE:1:[0-9]*: error: ' "$tmp/err" && ok || ko "bad STATE message: $(cat "$tmp/err")"
expect_rc 1 "explain a STATE with an unknown location" "$bpfmm" explain "$mp" "zz=1"
grep -q "error: location 'zz' is not one of the test's" "$tmp/err" && ok || ko "unknown location message: $(cat "$tmp/err")"
# the column of the unknown location, wherever it is
expect_rc 1 "explain: unknown location in the middle" "$bpfmm" explain "$mp" "1:r4=1 /\\ [zz]=0"
grep -q "^STATE:1:11: error: location 'zz'" "$tmp/err" && ok || ko "unknown location column: $(cat "$tmp/err")"
expect_rc 1 "explain: unknown location as a value" "$bpfmm" explain "$mp" "1:r4=1 /\\ 0:r1=zz"
grep -q "^STATE:1:16: error: location 'zz'" "$tmp/err" && ok || ko "unknown location value column: $(cat "$tmp/err")"
expect_rc 1 "explain a STATE with a thread the test lacks" "$bpfmm" explain "$mp" "5:r1=1"
expect_rc 0 "explain a reachable STATE" "$bpfmm" explain "$mp" "1:r4=1 /\\ 1:r5=1"
grep -q ' is allowed: ' "$tmp/out" && grep -q 'It passes every check of the model: atomicity' "$tmp/out" \
	&& ok || ko "allowed STATE: $(head -3 "$tmp/out")"
expect_rc 0 "explain an unreachable STATE" "$bpfmm" explain "$mp" "1:r4=7"
grep -q 'is reached by no candidate execution' "$tmp/out" && ok || ko "unreachable STATE: $(head -2 "$tmp/out")"

# ---- 4. the kernel's model ----
if lkmm=$(sh scripts/lkmm-tree.sh 2>/dev/null) && [ -d "$lkmm/litmus-tests" ]; then
	here=$(pwd)
	for lt in MP+pooncerelease+poacquireonce SB+fencembonceonces; do
		(cd "$lkmm" && "$here/$bpfmm" explain -conf linux-kernel.cfg "litmus-tests/$lt.litmus") >"$tmp/out" 2>"$tmp/err"
		if grep -q ' is forbidden: ' "$tmp/out" && grep -q '^  cycle: ' "$tmp/out" \
		   && grep -q ' rejected by `.* at linux-kernel.cat:[0-9]*' "$tmp/out"; then
			ok
		else
			ko "LKMM $lt: $(head -c 300 "$tmp/out") $(head -c 300 "$tmp/err")"
		fi
	done
else
	echo "SKIP: LKMM tree (scripts/lkmm-tree.sh)"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
