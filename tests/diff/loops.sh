#!/bin/sh
# Differential test of loop unrolling: random RISC-V tests with LR/SC retry
# loops (and spin loops), run by herd7 and by bpfmm with OUR
# models/riscv.cat (herd7 through tests/diff/herd-riscv.cat, which renames
# its RISC-V event sets), both at their default unrolling limit (2). The
# States and the Ok/No line ("Loop" prefix included) must be equal.
#
#   tests/diff/loops.sh [COUNT [SEED]]      (default 20 tests, seed 1)
#
# Each test: 2 threads over locations x and y; a thread is 1 to 3 items
# among a store, a load, a fence, an LR/SC retry loop (fetch-add or swap)
# and a spin loop waiting for a non-zero value. Tests herd7 does not
# finish within HERD_TIMEOUT s (default 20) are skipped. Ends with
# "N passed, N failed (M skipped)".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
HERD7=${HERD7:-$SHARED/tools/herd7/herd7}
BPFMM=${BPFMM:-$root/build/bpfmm}
count=${1:-20}
seed=${2:-1}
if [ ! -x "$HERD7" ]; then echo "SKIP: herd7 not found at $HERD7"; exit 0; fi
tmp=$(mktemp -d) || exit 2
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT; [ -n "${KEEP:-}" ] && echo "tests in $tmp"

awk -v count="$count" -v seed="$seed" -v dir="$tmp" '
function rnd(n) { state = (state * 1103515245 + 12345) % 2147483648; return int(state / 65536) % n }
function item(t, k,    loc, c, lab) {
	loc = rnd(2) ? "x" : "y"; c = rnd(5)
	lab = "L" t "_" k
	if (c == 0) { cell[t, n[t]++] = "ori x7,x0," (t + 1); cell[t, n[t]++] = "sw x7,0(" reg[loc] ")" }
	else if (c == 1) { r = "x" (18 + nl[t]++); cell[t, n[t]++] = "lw " r ",0(" reg[loc] ")"; obs[t, r] = 1 }
	else if (c == 2) { cell[t, n[t]++] = "fence rw,rw" }
	else if (c == 3) {   # retry loop: fetch-add 1 or swap in t+1
		r = "x" (18 + nl[t]++); obs[t, r] = 1
		cell[t, n[t]++] = lab ":"
		cell[t, n[t]++] = "lr.w " r ",0(" reg[loc] ")"
		if (rnd(2)) cell[t, n[t]++] = "addi x7," r ",1"; else cell[t, n[t]++] = "ori x7,x0," (t + 1)
		cell[t, n[t]++] = "sc.w x8,x7,0(" reg[loc] ")"
		cell[t, n[t]++] = "bne x8,x0," lab
	} else {             # spin until non-zero
		r = "x" (18 + nl[t]++); obs[t, r] = 1
		cell[t, n[t]++] = lab ":"
		cell[t, n[t]++] = "lw " r ",0(" reg[loc] ")"
		cell[t, n[t]++] = "beq " r ",x0," lab
	}
}
BEGIN {
	state = seed * 7919 + 17
	reg["x"] = "x5"; reg["y"] = "x6"
	for (i = 0; i < count; i++) {
		split("", cell); split("", n); split("", nl); split("", obs)
		for (t = 0; t < 2; t++) { n[t] = 0; nl[t] = 0; m = 1 + rnd(3); for (k = 0; k < m; k++) item(t, k) }
		name = sprintf("loops-%d-%03d", seed, i)
		f = dir "/" name ".litmus"
		print "RISCV " name > f
		print "{" > f
		print "0:x5=x; 0:x6=y; 1:x5=x; 1:x6=y;" > f
		print "}" > f
		print " P0 | P1 ;" > f
		rows = n[0] > n[1] ? n[0] : n[1]
		for (j = 0; j < rows; j++) print " " ((j < n[0]) ? cell[0, j] : "") " | " ((j < n[1]) ? cell[1, j] : "") " ;" > f
		cond = "x=1"
		for (key in obs) { split(key, kk, SUBSEP); cond = cond " \\/ " kk[1] ":" kk[2] "=1" }
		print "exists (" cond ")" > f
		close(f)
	}
}'

summ() { awk '/^Test /{name=$2; s=""; next} /^States /{n=$2; next} n>0 {gsub(/[ \t]+/,""); st[n--]=$0; if (!n) { k=0 } ; next}
	/^(Loop )?(Ok|No)$/ {ok=$0}
	/^Observation /{ cnt=0; s=""; for (i in st) a[++cnt]=st[i]; for (i=1;i<=cnt;i++) for (j=i+1;j<=cnt;j++) if (a[j]<a[i]) {t=a[i];a[i]=a[j];a[j]=t}
		for (i=1;i<=cnt;i++) s=s a[i] "|"; print name "\t" ok "\t" s; split("", st); split("", a) }' "$1"; }
pass=0 fail=0 skip=0
for f in "$tmp"/*.litmus; do
	b=$(basename "$f" .litmus)
	"$HERD7" -timeout "${HERD_TIMEOUT:-20}" -I "$root/models" -model "$root/tests/diff/herd-riscv.cat" "$f" >"$tmp/$b.herd" 2>/dev/null
	h=$(summ "$tmp/$b.herd")
	if [ -z "$h" ]; then skip=$((skip + 1)); continue; fi
	"$BPFMM" -model "$root/models/riscv.cat" "$f" >"$tmp/$b.bpfmm" 2>"$tmp/$b.err"
	g=$(summ "$tmp/$b.bpfmm")
	if [ "$h" != "$g" ]; then
		echo "FAIL $b"; echo "   herd7: $h"; echo "   bpfmm: $g"
		sed 's/^/   | /' "$f"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done
echo "$pass passed, $fail failed ($skip skipped)"
[ "$fail" -eq 0 ]
