#!/usr/bin/env bash
# insn-count.sh - what the riscv series changes in the riscv64 vmlinux.
#
# usage: kernel/insn-count.sh [--no-build] [--check]
#
# Builds (or reuses) two riscv64 kernels with the same config
# (tinyconfig + kernel/configs/{common,riscv64}.config):
#   before: Debian tarball + the series without its arch/riscv patches
#           (src-base: riscv as 6.12 released it)
#   after:  Debian tarball + the whole series (src-series)
# and counts, with riscv64-linux-gnu-objdump -d on vmlinux, every AMO with
# an .aq, .rl or .aqrl annotation (per mnemonic), the fences "fence r,rw"
# (acquire), "fence rw,w" (release) and "fence rw,rw" (full), and all
# instructions, on the default path: the replacement code of every
# alternative (the .alternative section's entries, 6.12's own and the
# series' Zalasr ones; the kernel copies it over the default code at boot
# on a CPU that has the extension) is left out, since the CPU runs it only
# there.  The replacements of the Zalasr entries (RISCV_ISA_EXT_ZALASR, read
# from the series' hwcap.h) are counted apart.
#
# --no-build  only count; fail if a vmlinux is missing
# --check     also judge (PASS/FAIL lines, exit 1 on FAIL): the default
#             path of "after" has exactly as many annotated AMOs (.aq,
#             .rl, .aqrl) as "before" and no fewer fences of each kind
#             (GCC inlines some callers differently with the series'
#             asm_inline statements, so totals and fence rw,w may grow:
#             the sequence of each atomic is 6.12's, which asm-check.sh
#             proves instruction for instruction; the other differences
#             are printed as NOTE lines); "before" has no Zalasr entry;
#             "after" has Zalasr entries, whose replacements are only .aq
#             or .rl AMOs (both present) and nops: no fence.
set -u
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

build=1
check=0
for a in "$@"; do
	case "$a" in
	--no-build) build=0 ;;
	--check) check=1 ;;
	-h|--help) sed -n '2,29p' "$0"; exit 0 ;;
	*) echo "insn-count.sh: unknown argument $a" >&2; exit 2 ;;
	esac
done

OBJDUMP=${OBJDUMP:-riscv64-linux-gnu-objdump}
OBJCOPY=${OBJCOPY:-riscv64-linux-gnu-objcopy}
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

zid=$(sed -n 's/^#define RISCV_ISA_EXT_ZALASR[[:space:]]*\([0-9]*\)$/\1/p' \
	"$WORK/src-series/arch/riscv/include/asm/hwcap.h")
[ -n "$zid" ] || die "no RISCV_ISA_EXT_ZALASR in src-series' hwcap.h"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bpfmm-insn.XXXXXX") || die mktemp
trap 'rm -rf "$tmp"' EXIT

# alternatives VMLINUX: "START END ZALASR(0|1)" per entry, sorted, the
# addresses' low 32 bits in decimal (awk's numbers are doubles),
# the replacement code's range (struct alt_entry: s32 old_offset, s32
# alt_offset from its own field, u16 vendor_id, u16 alt_len, u32 patch_id;
# little endian)
alternatives() {
	local vma
	vma=$("$OBJDUMP" -h "$1" | awk '$2 == ".alternative" { print $4 }')
	[ -n "$vma" ] || return 0
	"$OBJCOPY" -O binary --only-section=.alternative "$1" "$tmp/alt.bin" || return 1
	od -An -v -t u1 "$tmp/alt.bin" | tr -s ' \n' '\n\n' | sed '/^$/d' |
	awk -v vma="$vma" -v zid="$zid" '
	function hex2(s,   i, n) {
		n = 0
		for (i = 1; i <= length(s); i++)
			n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return n
	}
	{ b[n++] = $1 }
	END {
		base = hex2(substr(vma, length(vma) - 7))
		for (e = 0; e + 16 <= n; e += 16) {
			off = b[e+4] + 256 * (b[e+5] + 256 * (b[e+6] + 256 * b[e+7]))
			if (off >= 2147483648) off -= 4294967296
			vendor = b[e+8] + 256 * b[e+9]
			len = b[e+10] + 256 * b[e+11]
			id = b[e+12] + 256 * (b[e+13] + 256 * (b[e+14] + 256 * b[e+15]))
			start = (base + e + 4 + off + 4294967296) % 4294967296
			printf "%.0f %.0f %d\n", start, start + len, (vendor == 0 && id == zid)
		}
	}' | sort -n
}

# count VMLINUX: "KEY<TAB>N" lines; keys prefixed "zalasr " for the Zalasr
# replacements, nothing else from any replacement
count() {
	alternatives "$1" > "$tmp/alt.txt" || die "reading .alternative of $1"
	"$OBJDUMP" -d --no-show-raw-insn "$1" |
	awk -F'\t' '
	function hex2(s,   i, n) {
		n = 0
		for (i = 1; i <= length(s); i++)
			n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return n
	}
	FNR == NR { split($0, f, " "); lo[na] = f[1] + 0; hi[na] = f[2] + 0; z[na++] = f[3] + 0; next }
	/^ *[0-9a-f]+:\t/ {
		a = $1; sub(/^ */, "", a); sub(/:$/, "", a); a = hex2(substr(a, length(a) - 7))
		if (a < last) k = 0
		last = a
		while (k < na && hi[k] <= a) k++
		p = ""
		if (k < na && lo[k] <= a) {
			if (!z[k]) next
			p = "zalasr "
		}
		c[p "all instructions"]++
		if ($2 ~ /^amo[a-z]+\.[wd]\.(aq|rl|aqrl)$/) c[p $2]++
		if ($2 == "fence" && ($3 == "r,rw" || $3 == "rw,w" || $3 == "rw,rw")) c[p "fence " $3]++
		if (p != "" && $2 == "fence") c[p "fence (any)"]++
		if (p != "" && $2 == "nop") c[p "nop"]++
	}
	END {
		for (i = 0; i < na; i++) if (z[i]) nz++
		c["zalasr entries"] = nz + 0
		for (k2 in c) print k2 "\t" c[k2]
	}' "$tmp/alt.txt" - | sort
}

before=$WORK/logs/insn-before.txt
after=$WORK/logs/insn-after.txt
count "$WORK/build-riscv64-base/vmlinux" > "$before"
count "$WORK/build-riscv64/vmlinux" > "$after"

# Table: key, before, after, delta; then the checks.
awk -F'\t' -v check=$check '
FNR == NR { b[$1] = $2; keys[$1] = 1; next }
{ a[$1] = $2; keys[$1] = 1 }
function pass(s) { print "PASS insn-count " s; np++ }
function fail(s) { print "FAIL insn-count " s; nf++ }
END {
	printf "%-28s %9s %9s %9s\n", "default path", "before", "after", "delta"
	n = 0
	for (k in keys) order[++n] = k
	for (i = 2; i <= n; i++) { x = order[i]; j = i - 1
		while (j > 0 && order[j] > x) { order[j + 1] = order[j]; j-- }
		order[j + 1] = x }
	same = 1; diffs = ""
	for (i = 1; i <= n; i++) {
		k = order[i]
		if (k ~ /^zalasr /) continue
		printf "%-28s %9d %9d %+9d\n", k, b[k], a[k], a[k] - b[k]
		if (b[k] + 0 == a[k] + 0) continue
		if (k ~ /\.(aq|rl|aqrl)$/ || (k ~ /^fence/ && a[k] + 0 < b[k] + 0)) { same = 0; diffs = diffs " " k }
		else notes = notes " " k " " (a[k] - b[k] > 0 ? "+" : "") a[k] - b[k]
	}
	print ""
	printf "%-28s %9s %9s\n", "Zalasr replacements", "before", "after"
	for (i = 1; i <= n; i++) {
		k = order[i]
		if (k !~ /^zalasr /) continue
		printf "%-28s %9d %9d\n", k, b[k], a[k]
		if (k ~ /\.aq$/) naq += a[k]
		if (k ~ /\.rl$/) nrl += a[k]
		if (k ~ /\.aqrl$/) nrl -= a[k]
		if (k == "zalasr fence (any)") nfence += a[k]
		if (k == "zalasr nop") nnop += a[k]
	}
	if (!check) exit 0
	print ""
	if (same) pass("default path: annotated AMOs as 6.12, no fence fewer (" a["all instructions"] " instructions)")
	else fail("default path differs from 6.12:" diffs)
	if (notes != "") print "NOTE insn-count default path, inlining:" notes
	if (b["zalasr entries"] + 0 == 0) pass("6.12: no Zalasr entry")
	else fail("6.12: " b["zalasr entries"] " Zalasr entries")
	ze = a["zalasr entries"] + 0
	za = a["zalasr all instructions"] + 0
	if (ze > 0 && naq > 0 && nrl > 0 && naq + nrl + nnop == za && nfence + 0 == 0)
		pass("Zalasr: " ze " entries, " za " instructions: " naq " .aq and " nrl " .rl AMOs, " nnop " nops, no fence")
	else fail("Zalasr: " ze " entries, " za " instructions: " naq + 0 " .aq and " nrl + 0 " .rl AMOs, " nnop + 0 " nops, " nfence + 0 " fences")
	exit nf ? 1 : 0
}' "$before" "$after"
