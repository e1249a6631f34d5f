#!/usr/bin/env bash
# insn-count.sh - what patch 1 changes in the riscv64 vmlinux.
#
# usage: kernel/insn-count.sh [--no-build] [--check]
#
# Builds (or reuses) two riscv64 kernels with the same config
# (tinyconfig + kernel/configs/{common,riscv64}.config):
#   before: Debian tarball + the series without patch 1 (src-base)
#   after:  Debian tarball + the whole series (src-series)
# and counts, with riscv64-linux-gnu-objdump -d on vmlinux, every AMO with
# an .aq, .rl or .aqrl annotation (per mnemonic) and the fences
# "fence r,rw" (acquire), "fence rw,w" (release) and "fence rw,rw" (full).
#
# --no-build  only count; fail if a vmlinux is missing
# --check     also judge the expected direction of the change (PASS/FAIL
#             lines, exit 1 on FAIL): more .aq and .rl AMOs, fewer
#             "fence r,rw" and "fence rw,w", fewer instructions, and the
#             same number of .aqrl AMOs and "fence rw,rw" (the fully
#             ordered forms are not touched by patch 1).
set -u
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

build=1
check=0
for a in "$@"; do
	case "$a" in
	--no-build) build=0 ;;
	--check) check=1 ;;
	-h|--help) sed -n '2,22p' "$0"; exit 0 ;;
	*) echo "insn-count.sh: unknown argument $a" >&2; exit 2 ;;
	esac
done

OBJDUMP=${OBJDUMP:-riscv64-linux-gnu-objdump}
mkdir -p "$WORK/logs"

for v in riscv64-base riscv64; do
	if [ ! -f "$WORK/build-$v/vmlinux" ] || [ $build -eq 1 ]; then
		[ $build -eq 1 ] || die "no $WORK/build-$v/vmlinux (run without --no-build)"
		prepare_tree "$(variant_tree "$v")"
		configure "$v"
		log "building $v (vmlinux)"
		build_kernel "$v"
	fi
done

# mnemonic<TAB>operands for every instruction of vmlinux.
disasm() {
	"$OBJDUMP" -d --no-show-raw-insn "$1" |
		awk -F'\t' '/^ *[0-9a-f]+:\t/ { print $2 "\t" $3 }'
}

count() {
	awk -F'\t' '
	{ n++ }
	$1 ~ /^amo[a-z]+\.[wd]\.(aq|rl|aqrl)$/ { c[$1]++ }
	$1 == "fence" && $2 == "r,rw"  { c["fence r,rw"]++ }
	$1 == "fence" && $2 == "rw,w"  { c["fence rw,w"]++ }
	$1 == "fence" && $2 == "rw,rw" { c["fence rw,rw"]++ }
	END {
		for (k in c) print k "\t" c[k]
		print "all instructions\t" n
	}'
}

before=$WORK/logs/insn-before.txt
after=$WORK/logs/insn-after.txt
disasm "$WORK/build-riscv64-base/vmlinux" | count | sort > "$before"
disasm "$WORK/build-riscv64/vmlinux" | count | sort > "$after"

# Table: key, before, after, delta; plus class totals.
awk -F'\t' -v check=$check '
FNR == NR { b[$1] = $2; keys[$1] = 1; next }
{ a[$1] = $2; keys[$1] = 1 }
function cls(k) {
	if (k ~ /\.aqrl$/) return "amo*.aqrl"
	if (k ~ /\.aq$/) return "amo*.aq"
	if (k ~ /\.rl$/) return "amo*.rl"
	return ""
}
function pass(s) { print "PASS insn-count " s; np++ }
function fail(s) { print "FAIL insn-count " s; nf++ }
END {
	printf "%-20s %8s %8s %8s\n", "mnemonic", "before", "after", "delta"
	n = 0
	for (k in keys) if (k != "all instructions" && k !~ /^fence/) order[++n] = k
	# simple insertion sort for stable output
	for (i = 2; i <= n; i++) { x = order[i]; j = i - 1
		while (j > 0 && order[j] > x) { order[j + 1] = order[j]; j-- }
		order[j + 1] = x }
	for (i = 1; i <= n; i++) {
		k = order[i]
		printf "%-20s %8d %8d %+8d\n", k, b[k], a[k], a[k] - b[k]
		tb[cls(k)] += b[k]; ta[cls(k)] += a[k]
	}
	print ""
	split("amo*.aq amo*.rl amo*.aqrl", cl, " ")
	for (i = 1; i <= 3; i++)
		printf "%-20s %8d %8d %+8d\n", cl[i], tb[cl[i]], ta[cl[i]], ta[cl[i]] - tb[cl[i]]
	split("fence r,rw|fence rw,w|fence rw,rw|all instructions", fl, "|")
	for (i = 1; i <= 4; i++)
		printf "%-20s %8d %8d %+8d\n", fl[i], b[fl[i]], a[fl[i]], a[fl[i]] - b[fl[i]]
	if (!check) exit 0
	print ""
	if (ta["amo*.aq"] > tb["amo*.aq"]) pass("more amo*.aq"); else fail("more amo*.aq")
	if (ta["amo*.rl"] > tb["amo*.rl"]) pass("more amo*.rl"); else fail("more amo*.rl")
	if (a["fence r,rw"] < b["fence r,rw"]) pass("fewer fence r,rw"); else fail("fewer fence r,rw")
	if (a["fence rw,w"] < b["fence rw,w"]) pass("fewer fence rw,w"); else fail("fewer fence rw,w")
	if (ta["amo*.aqrl"] == tb["amo*.aqrl"]) pass("same amo*.aqrl"); else fail("same amo*.aqrl")
	if (a["fence rw,rw"] == b["fence rw,rw"]) pass("same fence rw,rw"); else fail("same fence rw,rw")
	if (a["all instructions"] < b["all instructions"]) pass("fewer instructions"); else fail("fewer instructions")
	exit nf ? 1 : 0
}' "$before" "$after"
