#!/bin/sh
# Differential test of bounded loop unrolling: tests with retry loops and
# spin-waits from build/loopgen (tools/gen/loopgen.c), run by herd7 and by
# bpfmm with the SAME model file, ours:
#   riscv    models/riscv.cat   (herd7 through tests/diff/herd-riscv.cat,
#                                which renames herd7's RISC-V event sets)
#   aarch64  models/aarch64.cat (herd7 through tests/diff/herd-aarch64.cat:
#                                the sets only our front-end gives, empty on
#                                these tests)
#   ppc      models/ppc.cat
#   bpf      models/bpf.cat
#
#   tests/diff/loop-diff.sh [COUNT [SEED [ARCH...]]]   (default 40 1, all four)
#
# For each test: the States, the Ok/No line ("Loop" prefix included), the
# Observation kind and the presence of the unrolling warning on stderr
# must be equal, at the default limit (-unroll 2); every fifth test also
# at -unroll 1 and -unroll 3. The label the warning names must be equal
# too (docs/litmus-format.md, "Loops": which loop herd7 names when
# several are cut); LABELS=count only counts label differences instead
# of failing on them ("labels differ"). BPF tests are also written with
# bpftool's negative branch offsets (loopgen --offsets; herd7 reads only
# labels): bpfmm's output on that form must equal its output on the label
# form. herd7 runs at most JOBS (default 2) at a time, each limited to HERD_TIMEOUT s of
# CPU (default 5); a test herd7 does not finish is skipped, never failed.
# Failures are kept in build/loop-diff-failures/ (VERBOSE=1 lists the
# label differences). Ends with
# "N passed, N failed (M skipped)".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
HERD7=${HERD7:-$SHARED/tools/herd7/herd7}
BPFMM=${BPFMM:-$root/build/bpfmm}
LOOPGEN=${LOOPGEN:-$root/build/loopgen}
count=${1:-40}
seed=${2:-1}
[ $# -ge 2 ] && shift 2 || shift $#
arches=${*:-riscv aarch64 ppc bpf}
if [ ! -x "$HERD7" ]; then echo "SKIP: herd7 not found at $HERD7"; exit 0; fi
[ -x "$LOOPGEN" ] || { echo "loop-diff: $LOOPGEN missing (make build/loopgen)" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
faildir=$root/build/loop-diff-failures
mkdir -p "$faildir"

herd_args() {
	case $1 in
	riscv) echo "-I $root/models -model $root/tests/diff/herd-riscv.cat" ;;
	aarch64) echo "-I $root/models -model $root/tests/diff/herd-aarch64.cat" ;;
	*) echo "-model $root/models/$1.cat" ;;
	esac
}

# one line: Ok/No line | Observation kind | sorted states | warning
summ() {
	awk '/^States /{n=$2; next}
	n>0 {gsub(/[ \t]+/,""); st[++k]=$0; n--; next}
	/^(Loop )?(Ok|No)$/ {ok=$0}
	/^Observation /{kind=$3}
	END { for (i=1;i<=k;i++) for (j=i+1;j<=k;j++) if (st[j]<st[i]) {t=st[i];st[i]=st[j];st[j]=t}
		s=""; for (i=1;i<=k;i++) s=s st[i] " "; printf "%s | %s | %s", ok, kind, s }' "$1"
	w=$(grep -o 'unrolling limit exceeded at [^,]*' "$2" | head -1)
	printf ' | %s' "${w:-no warning}"
}
nolabel() { echo "$1" | sed 's/ | unrolling limit exceeded at .*/ | unrolling limit exceeded/'; }

pass=0 fail=0 skip=0 labels=0
for arch in $arches; do
	d=$tmp/$arch
	"$LOOPGEN" --arch "$arch" --seed "$seed" --count "$count" --outdir "$d" || exit 2
	[ "$arch" = bpf ] && "$LOOPGEN" --arch bpf --seed "$seed" --count "$count" --offsets --outdir "$d/off"
	ha=$(herd_args "$arch")
	# jobs: FILE UNROLL (every fifth test also at 1 and 3)
	i=0
	for f in "$d"/*.litmus; do
		echo "$f 2"
		[ $((i % 5)) -eq 0 ] && { echo "$f 1"; echo "$f 3"; }
		i=$((i + 1))
	done >"$tmp/jobs"
	# herd7, 2 at a time
	xargs -P "${JOBS:-2}" -L 1 sh -c 'b=${3%.litmus}; nice -n 10 "$0" -timeout "$1" -unroll "$4" $2 "$3" >"$b.h$4" 2>"$b.he$4"' \
		"$HERD7" "${HERD_TIMEOUT:-5}" "$ha" <"$tmp/jobs" 2>/dev/null
	while read -r f u; do
		b=${f%.litmus}; n=$(basename "$b")
		if ! grep -q '^Observation ' "$b.h$u"; then skip=$((skip + 1)); continue; fi
		h=$(summ "$b.h$u" "$b.he$u")
		timeout 60 "$BPFMM" -unroll "$u" -model "$root/models/$arch.cat" "$f" >"$b.g$u" 2>"$b.ge$u"
		g=$(summ "$b.g$u" "$b.ge$u")
		o=$g
		if [ "$arch" = bpf ]; then
			timeout 60 "$BPFMM" -unroll "$u" -model "$root/models/bpf.cat" "$d/off/$n.litmus" >"$b.o$u" 2>"$b.oe$u"
			o=$(summ "$b.o$u" "$b.oe$u")
		fi
		if [ "$(nolabel "$h")" != "$(nolabel "$g")" ] || [ "$o" != "$g" ] ||
		   { [ "${LABELS:-}" != count ] && [ "$h" != "$g" ]; }; then
			echo "FAIL $n -unroll $u"
			echo "   herd7: $h"
			echo "   bpfmm: $g"
			[ "$o" != "$g" ] && echo "   bpfmm (offsets): $o"
			head -1 "$b.ge$u" | sed 's/^/   bpfmm stderr: /'
			cp "$f" "$faildir/"
			cp "$b.h$u" "$faildir/$n.herd$u"; cp "$b.g$u" "$faildir/$n.bpfmm$u"
			fail=$((fail + 1))
		else
			[ "$h" != "$g" ] && { labels=$((labels + 1)); [ -n "${VERBOSE:-}" ] && echo "label $n -unroll $u: herd7 ${h##*at }, bpfmm ${g##*at }"; }
			pass=$((pass + 1))
		fi
	done <"$tmp/jobs"
done
echo "warning labels differ on $labels of the passed runs"
echo "$pass passed, $fail failed ($skip skipped)"
[ "$fail" -eq 0 ]
