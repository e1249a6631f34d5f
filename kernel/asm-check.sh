#!/usr/bin/env bash
# asm-check.sh - static check of patch 1: the instructions the riscv64
# kernel headers emit for each value-returning atomic, against the
# mapping table of `bpfmm lkmm-map`.
#
# usage: kernel/asm-check.sh [--patch FILE | --no-patch] [--mapping NAME]
#                            [--name LABEL]
#
# 1. A tree of /usr/src/linux-source-6.12.tar.xz under $WORK/src-asm
#    (extracted once), configured for riscv64 (tinyconfig + kernel/configs
#    common.config and riscv64.config: SMP, 64-bit) in $WORK/build-asm
#    and prepared (make prepare), once.
# 2. arch/riscv/include/asm/{atomic,cmpxchg}.h put back as released, then
#    FILE applied (default kernel/patches/0001-*.patch; --no-patch: none).
# 3. kernel/asm-check/riscv_atomics.c (one out-of-line function per
#    atomic{,64}_{fetch_{add,sub,and,or,xor},{add,sub}_return,xchg} in
#    every ordering, and per ordering of xchg() on a u8 and a u16)
#    built as lib/bpfmm_asm_check.o with the kernel's
#    flags (CONFIG_SMP=y), and disassembled.
# 4. For each function, its ordering instructions (amo*, lr.*, sc.*,
#    fence, in order; .w read as .d) are compared with those of the
#    translation `bpfmm lkmm-map --mapping NAME -v` gives for a one-line
#    C test of the same primitive (default NAME riscv64-patched;
#    riscv64-linux-6.12 for --no-patch); and, or, xor, which the LKMM
#    lacks, with fetch_add's translation, amoadd read as amoand, amoor,
#    amoxor.  The 1- and 2-byte xchg() in each ordering (u8, u16: an
#    LR/SC loop on the containing word, __arch_xchg_masked() in cmpxchg.h)
#    against the table's 4/8-byte xchg of that ordering as an LR/SC loop
#    gives it: its fences kept where they are, the amoswap replaced by
#    lr.w and sc.w, .rl and .aqrl on the amoswap becoming .rl on the
#    sc.w, .aq a fence r,rw after the loop and .aqrl a fence rw,rw after
#    it (the loop of arch_xchg(): sc.w.rl, then fence rw,rw).
# Prints a PASS or FAIL line per function and
# "asm-check LABEL: N passed, N failed"; exit 0 when all pass, 1 when one
# differs, 2 when the check could not run.  check.sh runs it on patch 1,
# on 6.12 as released, and on patch 1 with .aq and .rl swapped, which
# must fail.
set -u
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$KDIR/.." && pwd)
BPFMM=${BPFMM:-$ROOT/build/bpfmm}

patchf=$(ls "$PATCHDIR"/0001-*.patch 2>/dev/null | head -n 1)
mapping=
label=
while [ $# -gt 0 ]; do
	case "$1" in
	--patch) patchf=$2; shift 2 ;;
	--no-patch) patchf=; shift ;;
	--mapping) mapping=$2; shift 2 ;;
	--name) label=$2; shift 2 ;;
	-h|--help) sed -n '2,38p' "$0"; exit 0 ;;
	*) echo "asm-check.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -n "$mapping" ] || { [ -n "$patchf" ] && mapping=riscv64-patched || mapping=riscv64-linux-6.12; }
[ -n "$label" ] || label=${patchf:+${patchf##*/}}
[ -n "$label" ] || label="6.12 as released"
fail2() { echo "asm-check $label: cannot run: $*" >&2; exit 2; }
[ -x "$BPFMM" ] || fail2 "no $BPFMM (run make)"
[ -r "$TARBALL" ] || fail2 "no $TARBALL"

src=$WORK/src-asm
b=$WORK/build-asm
cross=riscv64-linux-gnu-
hdrs="arch/riscv/include/asm/atomic.h arch/riscv/include/asm/cmpxchg.h"
mkdir -p "$WORK/logs"
amk() { make -C "$src" O="$b" ARCH=riscv CROSS_COMPILE=$cross CC="ccache ${cross}gcc" "$@"; }

# 1. tree, pristine headers, configuration, prepare (each once)
stamp=$(stat -c '%n %s %Y' "$TARBALL")
if [ "$(cat "$src/.bpfmm-asm-stamp" 2>/dev/null)" != "$stamp" ]; then
	log "asm-check: extracting $TARBALL"
	rm -rf "$src" "$src.tmp" "$b"
	mkdir -p "$src.tmp"
	tar -xf "$TARBALL" -C "$src.tmp" --strip-components=1 || fail2 "extracting $TARBALL"
	mv "$src.tmp" "$src"
	mkdir -p "$src/.bpfmm-pristine"
	for h in $hdrs; do
		mkdir -p "$src/.bpfmm-pristine/${h%/*}"
		cp -p "$src/$h" "$src/.bpfmm-pristine/$h"
	done
	echo "$stamp" > "$src/.bpfmm-asm-stamp"
fi
for h in $hdrs; do
	cp -p "$src/.bpfmm-pristine/$h" "$src/$h" || fail2 "restoring $h"
done
if [ ! -f "$b/.bpfmm-prepared" ]; then
	log "asm-check: configuring and preparing $b"
	mkdir -p "$b"
	amk -s tinyconfig >/dev/null &&
	(cd "$src" && ARCH=riscv ./scripts/kconfig/merge_config.sh -m -O "$b" "$b/.config" \
		"$CONFIGDIR/common.config" "$CONFIGDIR/riscv64.config") >"$WORK/logs/asm-merge.log" 2>&1 &&
	amk -s olddefconfig >/dev/null || fail2 "configuring $b"
	for s in CONFIG_SMP=y CONFIG_64BIT=y; do
		grep -q -x "$s" "$b/.config" || fail2 "$s did not stick"
	done
	amk -j"$JOBS" -s prepare >"$WORK/logs/asm-prepare.log" 2>&1 || fail2 "make prepare (see $WORK/logs/asm-prepare.log)"
	touch "$b/.bpfmm-prepared"
fi

# 2. the patch under test (only its headers: the tree is ours alone)
if [ -n "$patchf" ]; then
	patch -d "$src" -p1 --batch --forward --quiet < "$patchf" ||
		{ for h in $hdrs; do cp -p "$src/.bpfmm-pristine/$h" "$src/$h"; done
		  fail2 "${patchf##*/} does not apply"; }
fi

# 3. the fixture's object, then the headers as released again
cp "$KDIR/asm-check/riscv_atomics.c" "$src/lib/bpfmm_asm_check.c"
rm -f "$b/lib/bpfmm_asm_check.o"
amk -s lib/bpfmm_asm_check.o >"$WORK/logs/asm-build.log" 2>&1
rc=$?
rm -f "$src/lib/bpfmm_asm_check.c"
for h in $hdrs; do cp -p "$src/.bpfmm-pristine/$h" "$src/$h"; done
[ $rc -eq 0 ] && [ -f "$b/lib/bpfmm_asm_check.o" ] ||
	{ tail -n 20 "$WORK/logs/asm-build.log" >&2; fail2 "building the fixture"; }
dis=$WORK/logs/asm-check.dis
"${cross}objdump" -d --no-show-raw-insn "$b/lib/bpfmm_asm_check.o" > "$dis" || fail2 "objdump"

# ordering instructions of each function: "NAME insn insn ..."
got=$(awk '
	/^[0-9a-f]+ <bpfmm_[^>]*>:$/ {
		if (fn != "") print fn, seq
		fn = $2; gsub(/[<>:]/, "", fn); seq = ""; next
	}
	fn != "" && NF >= 2 && $1 ~ /:$/ {
		m = $2
		if (m ~ /^(amo|lr\.|sc\.)/) {
			# .w read as .d, but in the sub-word xchg loops
			if (fn !~ /^bpfmm_u(8|16)_/) sub(/\.w/, ".d", m)
			seq = seq " " m
		}
		else if (m == "fence") seq = seq " fence:" $3
	}
	END { if (fn != "") print fn, seq }' "$dis")

# 4. expected: lkmm-map's translation of one C test per primitive
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bpfmm-asm.XXXXXX") || fail2 mktemp
trap 'rm -rf "$tmp"' EXIT
lkmm_ops="fetch_add fetch_sub add_return sub_return xchg"
for op in $lkmm_ops; do
	for o in "" _relaxed _acquire _release; do
		if [ "$op" = xchg ]; then call="atomic_xchg$o(x, 2)"; else call="atomic_$op$o(2, x)"; fi
		printf 'C %s\n{}\nP0(atomic_t *x)\n{\n\tint r0;\n\n\tr0 = %s;\n}\nexists (0:r0=1)\n' \
			"$op$o" "$call" > "$tmp/$op$o.litmus"
	done
done
"$BPFMM" lkmm-map --mapping "$mapping" -v -I "$src/tools/memory-model" "$tmp"/*.litmus \
	> "$tmp/map.out" 2>&1 || { cat "$tmp/map.out" >&2; fail2 "bpfmm lkmm-map"; }
want=$(awk '
	/^RISCV / { t = $2; seq = ""; inp = 0; next }
	/^ *P0 *;/ { inp = 1; next }
	/^exists/ { if (t != "") print t, seq; t = ""; inp = 0; next }
	inp {
		sub(/^ +/, ""); sub(/ *;$/, "")
		m = $1
		if (m ~ /^(amo|lr\.|sc\.)/) seq = seq " " m
		else if (m == "fence") seq = seq " fence:" $2
	}' "$tmp/map.out")
[ "$(wc -l <<<"$want")" -eq 20 ] || { cat "$tmp/map.out" >&2; fail2 "lkmm-map gave $(wc -l <<<"$want") translations, want 20"; }

np=0 nf=0
# seq_of LIST NAME: the sequence of NAME in LIST ("NAME insn insn ..." lines)
seq_of() { awk -v f="$2" '$1 == f { $1 = ""; sub(/^ /, ""); print }' <<<"$1"; }
# judge LABEL EMITTED EXPECTED WHAT: one PASS or FAIL line
judge() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then
		echo "PASS $1: $2"
		np=$((np + 1))
	else
		echo "FAIL $1: emitted '${2:-nothing}', $4: '$3'"
		nf=$((nf + 1))
	fi
}
for w in "" 64; do
	for op in fetch_add fetch_sub fetch_and fetch_or fetch_xor add_return sub_return xchg; do
		for o in "" _relaxed _acquire _release; do
			case $op in
			fetch_and|fetch_or|fetch_xor)
				e=$(seq_of "$want" "fetch_add$o")
				e=${e//amoadd/amo${op#fetch_}} ;;
			*)	e=$(seq_of "$want" "$op$o") ;;
			esac
			judge "atomic${w}_$op$o" "$(seq_of "$got" "bpfmm_${w}_$op$o")" "$e" "$mapping"
		done
	done
done
# the sub-word xchg: the table's xchg of the same ordering as a loop
subword() {  # the 4/8-byte sequence on stdin, one line
	awk '{
		out = ""; after = ""
		for (i = 1; i <= NF; i++) {
			t = $i
			if (t ~ /^amoswap\.d/) {
				sfx = t; sub(/^amoswap\.d/, "", sfx)
				t = "lr.w sc.w"
				if (sfx == ".rl" || sfx == ".aqrl") t = t ".rl"
				if (sfx == ".aq") after = " fence:r,rw"
				if (sfx == ".aqrl") after = " fence:rw,rw"
				t = t after
			}
			out = out (out == "" ? "" : " ") t
		}
		print out
	}'
}
for t in u8 u16; do
	for o in "" _relaxed _acquire _release; do
		judge "${t}_xchg$o" "$(seq_of "$got" "bpfmm_${t}_xchg$o")" \
			"$(seq_of "$want" "xchg$o" | subword)" "$mapping as a loop"
	done
done
echo "asm-check $label: $np passed, $nf failed"
[ $nf -eq 0 ]
