#!/bin/sh
# Shrink a litmus test on which bpfmm and herd7 disagree.
#
#   tests/diff/minimize.sh [--slow SECS] FILE.litmus [OUT.litmus]
#
# Greedily empties one instruction cell at a time (labels are kept) and
# keeps the change when the test still shows the same kind of problem:
#   differ   both tools give a result and the States, Ok/No or
#            Observation kind differ
#   reject   herd7 accepts the test, bpfmm rejects it (exit 1)
#   crash    herd7 accepts the test, bpfmm dies (exit > 1)
#   slow     (--slow SECS) herd7 finishes, bpfmm does not within SECS
# A `locations` line is dropped when that keeps the problem too. Writes
# the result to OUT (default FILE.min.litmus) and prints it with both
# outputs. Environment: SHARED, HERD7, BPFMM, MODEL, HERD_TIMEOUT (10),
# HERD_MODEL_ARGS (herd7's model options when they are not bpfmm's, e.g.
# "-I $SHARED/reference-models/herd-lib -model ppc.cat" for hw-diff.sh's
# failures), BPFMM_ARGS (more bpfmm options, e.g. "-variant mixed"; put
# it in HERD_MODEL_ARGS too).
set -u
. "$(dirname "$0")/lib.sh"
MODEL=${MODEL:-$root/models/bpf.cat}
HERD_TIMEOUT=${HERD_TIMEOUT:-10}
slow=
if [ "${1:-}" = --slow ]; then slow=${2:?--slow needs seconds}; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [--slow SECS] FILE.litmus [OUT.litmus]" >&2; exit 2; }
in=$1
out=${2:-${in%.litmus}.min.litmus}
if [ ! -x "$HERD7" ]; then echo "SKIP: herd7 not found at $HERD7"; exit 0; fi
[ -x "$BPFMM" ] || { echo "minimize: $BPFMM not built" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# classify FILE -> prints differ|reject|crash|slow|same|herd-fails
classify() {
	# shellcheck disable=SC2086 # HERD_MODEL_ARGS: several words
	timeout $((HERD_TIMEOUT + 5)) "$HERD7" ${HERD_MODEL_ARGS:--model "$MODEL"} -timeout "$HERD_TIMEOUT" "$1" >"$tmp/h.out" 2>/dev/null
	awk -f "$here/summarise.awk" "$tmp/h.out" >"$tmp/h.sum"
	if [ ! -s "$tmp/h.sum" ]; then echo herd-fails; return; fi
	# shellcheck disable=SC2086 # BPFMM_ARGS: several words
	timeout "${slow:-60}" "$BPFMM" -model "$MODEL" ${BPFMM_ARGS:-} -notime "$1" >"$tmp/b.out" 2>"$tmp/b.err"
	rc=$?
	if [ "$rc" = 124 ]; then [ -n "$slow" ] && echo slow || echo crash; return; fi
	[ -n "$slow" ] && { echo same; return; }
	[ "$rc" = 1 ] && { echo reject; return; }
	[ "$rc" -gt 1 ] && { echo crash; return; }
	awk -f "$here/summarise.awk" "$tmp/b.out" >"$tmp/b.sum"
	if [ "$(cut -f2,3,7 "$tmp/h.sum")" != "$(cut -f2,3,7 "$tmp/b.sum")" ]; then echo differ; else echo same; fi
}

cp "$in" "$tmp/cur.litmus"
want=$(classify "$tmp/cur.litmus")
case $want in
same) echo "minimize: bpfmm and herd7 agree on $in${slow:+ (and bpfmm finishes within $slow s)}"; exit 1 ;;
herd-fails) echo "minimize: herd7 gives no result for $in"; exit 1 ;;
esac
echo "minimize: $in shows '$want'; shrinking"
steps=0
if grep -q '^[ \t]*locations' "$tmp/cur.litmus"; then
	grep -v '^[ \t]*locations' "$tmp/cur.litmus" >"$tmp/cand.litmus"
	[ "$(classify "$tmp/cand.litmus")" = "$want" ] && { cp "$tmp/cand.litmus" "$tmp/cur.litmus"; steps=$((steps + 1)); }
fi
# the instruction cells, last rows first (later instructions depend on
# earlier ones); labels are kept. Emptying one leaves the others in place.
candidates() {
	awk -v op=cells -f "$here/grid.awk" "$1" | sort -k1,1nr -k2,2n | while read -r r c text; do
		case $text in *:) continue ;; esac
		echo "$r $c"
	done
}
apply() { awk -v op=clear -v row="${1% *}" -v col="${1#* }" -f "$here/grid.awk" "$2"; }
shrink "$tmp/cur.litmus" "$want"
awk -v op=compact -f "$here/grid.awk" "$tmp/cur.litmus" >"$out"
echo "minimize: $steps reductions; class '$(classify "$out")'; written to $out"
show_result "$out"
