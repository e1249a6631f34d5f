#!/bin/sh
# Run herd7 with OUR model (models/bpf.cat) and compare with expected results.
#
#   tests/litmus/herd-catalogue.sh            the external BPF catalogue:
#       Observation kind vs kinds.txt, and the set of final States vs
#       expected/NAME.out (177 tests)
#   tests/litmus/herd-catalogue.sh corpus     our corpus tests/litmus/bpf:
#       Observation kind vs tests/litmus/bpf/kinds.txt
#
# herd7 is a third-party tool used only for differential checking; when it
# (or the catalogue) is absent the script says so and exits 0.
# Environment: HERD7 (herd7 wrapper), SHARED (default ../shared beside the repository),
# MODEL (default models/bpf.cat).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
HERD7=${HERD7:-$SHARED/tools/herd7/herd7}
MODEL=${MODEL:-$root/models/bpf.cat}
mode=${1:-catalogue}

if [ ! -x "$HERD7" ]; then
    echo "SKIP: herd7 not found at $HERD7"; exit 0
fi
case $mode in
catalogue)
    dir=$SHARED/conformance/bpf-catalogue
    if [ ! -d "$dir/tests" ]; then
        echo "SKIP: catalogue not found at $dir"; exit 0
    fi
    tests="$dir/tests"; kinds="$dir/kinds.txt"; expdir="$dir/expected" ;;
corpus)
    tests="$root/tests/litmus/bpf"; kinds="$tests/kinds.txt"; expdir= ;;
*)  echo "usage: $0 [catalogue|corpus]" >&2; exit 2 ;;
esac

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# One herd7 process for all tests.
"$HERD7" -model "$MODEL" "$tests"/*.litmus >"$tmp/herd.out" 2>"$tmp/herd.err"

# summarise: herd output -> "NAME KIND state1|state2|..." (states sorted)
summarise() {
    awk '
    function flush() {
        if (name == "") return
        n = 0; for (k in st) n++
        # insertion sort of the states
        for (i = 1; i <= n; i++) a[i] = st[i]
        for (i = 2; i <= n; i++) { v = a[i]; j = i - 1
            while (j >= 1 && a[j] > v) { a[j+1] = a[j]; j-- }; a[j+1] = v }
        s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? "|" : "") a[i]
        print name, kind, s
        name = ""; split("", st); split("", a)
    }
    /^Test / { flush(); name = $2; kind = "?"; left = 0; ns = 0; next }
    /^States / { left = $2 + 0; next }
    left > 0 { line = $0; gsub(/[ \t]+/, "", line);
               st[++ns] = line; left--; next }
    /^Observation / { kind = $3
        if ($3 == "Never") kind = "Forbidden"
        if ($3 == "Sometimes") kind = "Allowed"
        if ($3 == "Always") kind = "Required"
        next }
    END { flush() }' "$@"
}

summarise "$tmp/herd.out" | sort >"$tmp/got"
if [ -n "$expdir" ]; then
    summarise "$expdir"/*.out | sort >"$tmp/exp"
else
    : >"$tmp/exp"
fi

awk -v kinds="$kinds" -v expf="$tmp/exp" -v errf="$tmp/herd.err" '
# states in a but not in b (|-separated lists)
function diff(a, b,    x, y, i, n, m, r, inb) {
    n = split(a, x, "|"); m = split(b, y, "|"); r = ""
    for (i = 1; i <= m; i++) inb[y[i]] = 1
    for (i = 1; i <= n; i++) if (!(x[i] in inb)) r = r (r == "" ? "" : " ") x[i]
    return r
}
BEGIN {
    while ((getline l < kinds) > 0) { split(l, f, " "); if (f[1] != "") want[f[1]] = f[2] }
    while ((getline l < expf) > 0) { split(l, f, " "); es[f[1]] = f[3]; nes++ }
}
{ seen[$1] = 1; got[$1] = $2; gs[$1] = $3 }
END {
    pass = 0; fail = 0; kok = 0; sok = 0; nk = 0
    for (t in want) {
        nk++
        if (!(t in seen)) { print "MISSING " t " (no herd7 result)"; fail++; continue }
        bad = 0
        if (got[t] != want[t]) { print "KIND    " t ": got " got[t] ", expected " want[t]; bad = 1 }
        else kok++
        if (t in es) {
            if (gs[t] != es[t]) {
                print "STATES  " t ": extra {" diff(gs[t], es[t]) "} missing {" diff(es[t], gs[t]) "}"; bad = 1
            } else sok++
        }
        if (bad) fail++; else pass++
    }
    for (t in seen) if (!(t in want)) print "NOTE    " t ": not listed in " kinds
    while ((getline l < errf) > 0) if (l != "") print "herd7: " l
    printf "kinds %d/%d", kok, nk
    if (nes > 0) printf ", state sets %d/%d", sok, nk
    printf "\n%d passed, %d failed\n", pass, fail
    exit fail > 0
}' "$tmp/got"
