#!/usr/bin/env bash
# asm-check.sh - static check of the riscv series: the instructions the
# riscv64 kernel headers emit for each value-returning atomic, on both
# paths of the Zalasr alternatives, against 6.12 and against the mapping
# tables of `bpfmm lkmm-map`.
#
# usage: kernel/asm-check.sh [--patch FILE]... | --no-patch
#                            [--mapping NAME] [--name LABEL]
#
# 1. A tree of /usr/src/linux-source-6.12.tar.xz under $WORK/src-asm
#    (extracted once), configured for riscv64 (tinyconfig + kernel/configs
#    common.config and riscv64.config: SMP, 64-bit, RISCV_ALTERNATIVE) in
#    $WORK/build-asm and prepared (make prepare), once.
# 2. kernel/asm-check/riscv_atomics.c (one out-of-line function per
#    atomic{,64}_{fetch_{add,sub,and,or,xor},{add,sub}_return,xchg} in
#    every ordering, and per ordering of xchg() on a u8 and a u16) built
#    as lib/bpfmm_asm_check.o with the kernel's flags on the tree as
#    released, and disassembled: "6.12".
# 3. The patches applied (default: every kernel/patches/*.patch that
#    touches arch/riscv/, in order; --patch FILE, repeatable, instead;
#    --no-patch: none), the fixture built again:
#    - default path: the object as built, each function's instructions
#      (its symbol's size: the alternatives' replacements, assembled after
#      the code, are left out), operands and branch targets included but
#      no address, must be those of 6.12, one for one;
#    - Zalasr path: built once more with BPFMM_ZALASR defined, which makes
#      every Zalasr alternative (vendor 0, RISCV_ISA_EXT_ZALASR) assemble
#      its replacement in place, as the kernel patches it at boot.
#    Then the files the patches touched are put back as released.
# 4. Ordering instructions of each function (amo*, lr.*, sc.*, fence, in
#    order; .w read as .d) against the translation `bpfmm lkmm-map
#    --mapping NAME -v` gives for a one-line C test of the same primitive:
#    the default path (and 6.12, with --no-patch) against
#    riscv64-linux-6.12, the Zalasr path against NAME (default
#    riscv64-patched); and, or, xor, which the LKMM lacks, with
#    fetch_add's translation, amoadd read as amoand, amoor, amoxor.  The
#    1- and 2-byte xchg() (an LR/SC loop on the containing word,
#    __arch_xchg_masked() in cmpxchg.h, which the series leaves alone) in
#    each ordering against riscv64-linux-6.12's 4/8-byte xchg of that
#    ordering as an LR/SC loop gives it: its fences kept where they are,
#    the amoswap replaced by lr.w and sc.w, .rl and .aqrl on the amoswap
#    becoming .rl on the sc.w, .aq a fence r,rw after the loop and .aqrl a
#    fence rw,rw after it (the loop of arch_xchg(): sc.w.rl, then fence
#    rw,rw), on both paths.
# Prints a PASS or FAIL line per item ("identical NAME", "default NAME",
# "zalasr NAME"; "released NAME" with --no-patch) and
# "asm-check LABEL: N passed, N failed"; exit 0 when all pass, 1 when one
# differs, 2 when the check could not run.  check.sh runs it on the
# series, on 6.12 as released, and on broken versions of patch 2, which
# must fail.
set -u
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$KDIR/.." && pwd)
BPFMM=${BPFMM:-$ROOT/build/bpfmm}

patches=()
nopatch=0
mapping=riscv64-patched
label=
while [ $# -gt 0 ]; do
	case "$1" in
	--patch) patches+=("$2"); shift 2 ;;
	--no-patch) nopatch=1; shift ;;
	--mapping) mapping=$2; shift 2 ;;
	--name) label=$2; shift 2 ;;
	-h|--help) sed -n '2,50p' "$0"; exit 0 ;;
	*) echo "asm-check.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
if [ $nopatch -eq 0 ] && [ ${#patches[@]} -eq 0 ]; then
	for p in "$PATCHDIR"/*.patch; do
		[ -e "$p" ] && grep -q '^+++ b/arch/riscv/' "$p" && patches+=("$p")
	done
	[ ${#patches[@]} -gt 0 ] || { echo "asm-check: no riscv patch in $PATCHDIR" >&2; exit 2; }
fi
[ $nopatch -eq 1 ] && patches=()
[ -n "$label" ] || { [ $nopatch -eq 1 ] && label="6.12 as released" || label="the series"; }
fail2() { echo "asm-check $label: cannot run: $*" >&2; exit 2; }
[ -x "$BPFMM" ] || fail2 "no $BPFMM (run make)"
[ -r "$TARBALL" ] || fail2 "no $TARBALL"

src=$WORK/src-asm
b=$WORK/build-asm
cross=riscv64-linux-gnu-
pristine=$src/.bpfmm-pristine
mkdir -p "$WORK/logs"
amk() { make -C "$src" O="$b" ARCH=riscv CROSS_COMPILE=$cross CC="ccache ${cross}gcc" "$@"; }

# 1. tree, configuration, prepare (each once)
stamp=$(stat -c '%n %s %Y' "$TARBALL")
if [ "$(cat "$src/.bpfmm-asm-stamp" 2>/dev/null)" != "$stamp" ]; then
	log "asm-check: extracting $TARBALL"
	rm -rf "$src" "$src.tmp" "$b"
	mkdir -p "$src.tmp"
	tar -xf "$TARBALL" -C "$src.tmp" --strip-components=1 || fail2 "extracting $TARBALL"
	mv "$src.tmp" "$src"
	echo "$stamp" > "$src/.bpfmm-asm-stamp"
fi
# every file a patch touched, as released (a run stopped half way left
# its patches in)
restore() {
	[ -d "$pristine" ] && cp -a "$pristine"/. "$src"/
	return 0
}
restore || fail2 "restoring the released files"
if [ ! -f "$b/.bpfmm-prepared" ]; then
	log "asm-check: configuring and preparing $b"
	mkdir -p "$b"
	amk -s tinyconfig >/dev/null &&
	(cd "$src" && ARCH=riscv ./scripts/kconfig/merge_config.sh -m -O "$b" "$b/.config" \
		"$CONFIGDIR/common.config" "$CONFIGDIR/riscv64.config") >"$WORK/logs/asm-merge.log" 2>&1 &&
	amk -s olddefconfig >/dev/null || fail2 "configuring $b"
	for s in CONFIG_SMP=y CONFIG_64BIT=y CONFIG_RISCV_ALTERNATIVE=y; do
		grep -q -x "$s" "$b/.config" || fail2 "$s did not stick"
	done
	amk -j"$JOBS" -s prepare >"$WORK/logs/asm-prepare.log" 2>&1 || fail2 "make prepare (see $WORK/logs/asm-prepare.log)"
	touch "$b/.bpfmm-prepared"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bpfmm-asm.XXXXXX") || fail2 mktemp
trap 'restore; rm -f "$src"/lib/bpfmm_asm_check*.c; rm -rf "$tmp"' EXIT

# fixture NAME [DEFINE]: build lib/NAME.o from the fixture (with #define
# DEFINE first) and disassemble it to $tmp/NAME.dis, the functions' sizes
# to $tmp/NAME.sym
fixture() {
	local name=$1 def=${2:-}
	{ [ -n "$def" ] && echo "#define $def 1"; cat "$KDIR/asm-check/riscv_atomics.c"; } \
		> "$src/lib/$name.c"
	rm -f "$b/lib/$name.o"
	amk -s "lib/$name.o" >"$WORK/logs/asm-build-$name.log" 2>&1
	rm -f "$src/lib/$name.c"
	[ -f "$b/lib/$name.o" ] ||
		{ tail -n 20 "$WORK/logs/asm-build-$name.log" >&2; return 1; }
	"${cross}objdump" -d --no-show-raw-insn "$b/lib/$name.o" > "$tmp/$name.dis" &&
	"${cross}nm" -S --defined-only "$b/lib/$name.o" |
		awk '$4 ~ /^bpfmm_/ { print $4, $1, $2 }' > "$tmp/$name.sym"
}

# body NAME: "FUNCTION insn operands|insn operands|..." per function, only
# the instructions within the function's symbol, addresses left out
body() {
	awk 'function hex(s,   i, n) {
		n = 0
		for (i = 1; i <= length(s); i++)
			n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return n
	}
	FNR == NR { lo[$1] = hex($2); hi[$1] = lo[$1] + hex($3); next }
	/^[0-9a-f]+ <bpfmm_[^>]*>:$/ {
		if (fn != "") print fn, seq
		fn = $2; gsub(/[<>:]/, "", fn); seq = ""; next
	}
	fn != "" && $1 ~ /^[0-9a-f]+:$/ {
		a = hex(substr($1, 1, length($1) - 1))
		if (a < lo[fn] || a >= hi[fn]) next
		line = $0; sub(/^ *[0-9a-f]+:\t/, "", line)
		sub(/ *#.*$/, "", line)
		gsub(/[0-9a-f]+ </, "<", line); gsub(/[ \t]+/, " ", line)
		seq = seq "|" line
	}
	END { if (fn != "") print fn, seq }' "$tmp/$1.sym" "$tmp/$1.dis"
}

# ordering NAME: "FUNCTION insn insn ..." (amo*, lr/sc, fences) per function
ordering() {
	body "$1" | awk '{
		fn = $1; n = split(substr($0, length($1) + 2), ins, "|"); seq = ""
		for (i = 1; i <= n; i++) {
			split(ins[i], f, " ")
			m = f[1]
			if (m ~ /^(amo|lr\.|sc\.)/) {
				# .w read as .d, but in the sub-word xchg loops
				if (fn !~ /^bpfmm_u(8|16)_/) sub(/\.w/, ".d", m)
				seq = seq " " m
			} else if (m == "fence") seq = seq " fence:" f[2]
		}
		print fn seq
	}'
}

# 2. 6.12 as released
fixture bpfmm_asm_check || fail2 "building the fixture on 6.12"
body bpfmm_asm_check > "$tmp/released.body"
ordering bpfmm_asm_check > "$tmp/released.ord"

# 3. the series: default path, Zalasr path
if [ ${#patches[@]} -gt 0 ]; then
	mkdir -p "$pristine"
	for p in "${patches[@]}"; do
		for f in $(sed -n 's|^+++ b/||p' "$p"); do
			case "$f" in *..*|/*) fail2 "${p##*/}: odd path $f" ;; esac
			[ -e "$pristine/$f" ] && continue
			mkdir -p "$pristine/$(dirname "$f")"
			cp -p "$src/$f" "$pristine/$f" || fail2 "saving $f"
		done
		patch -d "$src" -p1 --batch --forward --quiet < "$p" || fail2 "${p##*/} does not apply"
	done
	fixture bpfmm_asm_check || fail2 "building the fixture with the patches"
	body bpfmm_asm_check > "$tmp/default.body"
	ordering bpfmm_asm_check > "$tmp/default.ord"
	fixture bpfmm_asm_check_z BPFMM_ZALASR || fail2 "building the fixture's Zalasr path"
	ordering bpfmm_asm_check_z > "$tmp/zalasr.ord"
	restore || fail2 "restoring the released files"
fi

# 4. expected: lkmm-map's translation of one C test per primitive
lkmm_ops="fetch_add fetch_sub add_return sub_return xchg"
for op in $lkmm_ops; do
	for o in "" _relaxed _acquire _release; do
		if [ "$op" = xchg ]; then call="atomic_xchg$o(x, 2)"; else call="atomic_$op$o(2, x)"; fi
		printf 'C %s\n{}\nP0(atomic_t *x)\n{\n\tint r0;\n\n\tr0 = %s;\n}\nexists (0:r0=1)\n' \
			"$op$o" "$call" > "$tmp/$op$o.litmus"
	done
done
# translations TABLE: "NAME insn insn ..." per C test
translations() {
	"$BPFMM" lkmm-map --mapping "$1" -v -I "$src/tools/memory-model" "$tmp"/*.litmus \
		> "$tmp/map-$1.out" 2>&1 || { cat "$tmp/map-$1.out" >&2; return 1; }
	awk '
	/^RISCV / { t = $2; seq = ""; inp = 0; next }
	/^ *P0 *;/ { inp = 1; next }
	/^exists/ { if (t != "") print t, seq; t = ""; inp = 0; next }
	inp {
		sub(/^ +/, ""); sub(/ *;$/, "")
		m = $1
		if (m ~ /^(amo|lr\.|sc\.)/) seq = seq " " m
		else if (m == "fence") seq = seq " fence:" $2
	}' "$tmp/map-$1.out"
}
want612=$(translations riscv64-linux-6.12) || fail2 "bpfmm lkmm-map --mapping riscv64-linux-6.12"
[ "$(wc -l <<<"$want612")" -eq 20 ] || fail2 "lkmm-map gave $(wc -l <<<"$want612") translations, want 20"
if [ ${#patches[@]} -gt 0 ]; then
	wantz=$(translations "$mapping") || fail2 "bpfmm lkmm-map --mapping $mapping"
	[ "$(wc -l <<<"$wantz")" -eq 20 ] || fail2 "lkmm-map gave $(wc -l <<<"$wantz") translations, want 20"
fi

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
# check_path TAG ORDFILE WANT TABLE: every function's ordering instructions
check_path() {
	local tag=$1 got want=$3 table=$4 w op o e t
	got=$(cat "$2")
	for w in "" 64; do
		for op in fetch_add fetch_sub fetch_and fetch_or fetch_xor add_return sub_return xchg; do
			for o in "" _relaxed _acquire _release; do
				case $op in
				fetch_and|fetch_or|fetch_xor)
					e=$(seq_of "$want" "fetch_add$o")
					e=${e//amoadd/amo${op#fetch_}} ;;
				*)	e=$(seq_of "$want" "$op$o") ;;
				esac
				judge "$tag atomic${w}_$op$o" "$(seq_of "$got" "bpfmm_${w}_$op$o")" "$e" "$table"
			done
		done
	done
	for t in u8 u16; do
		for o in "" _relaxed _acquire _release; do
			judge "$tag ${t}_xchg$o" "$(seq_of "$got" "bpfmm_${t}_xchg$o")" \
				"$(seq_of "$want612" "xchg$o" | subword)" "riscv64-linux-6.12 as a loop"
		done
	done
}

if [ ${#patches[@]} -eq 0 ]; then
	check_path released "$tmp/released.ord" "$want612" riscv64-linux-6.12
else
	# the default path, instruction for instruction
	n612=$(wc -l < "$tmp/released.body")
	[ "$n612" -eq 72 ] || fail2 "6.12's fixture has $n612 functions, want 72"
	while read -r fn rest; do
		mine=$(awk -v f="$fn" '$1 == f { $1 = ""; sub(/^ /, ""); print }' "$tmp/default.body")
		name=${fn#bpfmm_}; name=${name#_}
		case $name in 64_*) name=atomic$name ;; u8_*|u16_*) ;; *) name=atomic_$name ;; esac
		if [ "$mine" = "$rest" ]; then
			echo "PASS identical $name: $(awk -F'|' '{ print NF - 1 }' <<<"$rest") instructions as 6.12's"
			np=$((np + 1))
		else
			echo "FAIL identical $name: default path differs from 6.12:"
			diff <(tr '|' '\n' <<<"$rest") <(tr '|' '\n' <<<"$mine") | head -n 8 | sed 's/^/    /'
			nf=$((nf + 1))
		fi
	done < "$tmp/released.body"
	check_path default "$tmp/default.ord" "$want612" riscv64-linux-6.12
	check_path zalasr "$tmp/zalasr.ord" "$wantz" "$mapping"
fi
echo "asm-check $label: $np passed, $nf failed"
[ $nf -eq 0 ]
