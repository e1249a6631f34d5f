#!/bin/bash
# tests/jit-check/suite.sh - suite jit-check of `make check`
# (docs/jit-check.md).
#
# 1. Without guests: `bpfmm jit-check` on the recorded dumps of
#    tests/jit-check/fixtures (real consoles of the bpf-run guests run with
#    the tests listed in fixtures/tests by `make jit-check-fixture`): every
#    test lifted, none unsound for the three 6.12 JITs; the broken riscv64
#    JIT's relaxed xchg unsound (with its state); a corrupted dump line
#    reported as FILE:LINE:COL: error.
# 1b. The mips64el fixtures (QEMU malta, MIPS64R2): the 6.12 MIPS JIT's LL/SC
#    fetch-add, xchg and cmpxchg unsound under mips.cat (the weakest CPU
#    Linux supports), with no sync in the lifted loop; all sound under
#    -variant sc (what Linux assumes of this CPU); the JIT with
#    kernel/jit-fixes/mips (mips64el-fixed) sound, a sync on each side
#    of the loop; the fixed dump with its syncs made nops unsound again.
# 1c. ppc64le (the powerpc JIT): a hand-assembled SB+fetchadd+fetchadd
#    and, when recorded, the guest's dump (QEMU pseries): lifted, 0
#    unsound under ppc.cat; the fetch-add lifted as sync; ldarx/stdcx.
#    loop; sync; with its syncs made nops, unsound.
# 1d. s390x (the s390 JIT): the same with a hand-assembled
#    SB+fetchadd+fetchadd and, when recorded, the guest's dump (QEMU
#    s390-ccw-virtio): lifted, 0 unsound under s390x.cat; the fetch-add
#    lifted as laalg; bcr 14,0; with the bcr made a nopr, unsound.
# 1e. bpftool (a user's own machine, `bpfrun --hold`): each recorded dump
#    rewritten by bpftool-forms.pl as the runner's hold lines and bpftool's
#    text with opcodes, its JSON with opcodes, and raw image files; every
#    form gives jit-check's output on the console byte for byte (the same
#    tests lifted, the same verdicts: the broken riscv64 JIT unsound in
#    each); malformed bpftool output and hold lines reported as
#    FILE:LINE:COL: error (exact messages), exit 1.
# 1f. load-acquire / store-release as the upstream JITs emit them (arm64
#    ldar / stlr, riscv64 fence r,rw / fence rw,w, ppc64le lwsync, x86-64
#    plain mov, loongarch64 dbar 0x14 / dbar 0x12): tests/jit-check/acqrel/
#    ARCH-T.s, hand-written around the 6.12 JIT's real prologue and
#    epilogue (loongarch64: no guest, so written from the 6.12 source),
#    assembled here with llvm-mc-19 into a dump of MP+rel+acq: sound; with
#    each ordering instruction made plain or left out in turn (the lines
#    marked "acqrel:"): unsound; loongarch64's dbar with the hint 0x16
#    (not ordering the pair MP needs): unsound.
# 2. On the dumps the bpf-run suite's guests left in
#    $BPFMM_CACHE/kernel-check/logs/run-ARCH.console (no kernel is built or
#    booted here; SKIP per arch when a dump is absent or from a runner
#    without markers): every test bpf-run ran lifted or refused with a
#    reason, at least 95% lifted, 0 unsound, 0 unchecked; then the broken
#    riscv64 JIT: bpf-run saw no violation on SB+xchg64+xchg64, jit-check
#    says unsound.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
source kernel/lib.sh
nrandom=${RUN_RANDOM:-200}
seed=${RUN_SEED:-7}
shared=${SHARED:-../shared}
fix=tests/jit-check/fixtures
make -s build/bpfmm build/bpfgen || exit 2
. tests/jit-check/need-llvm.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

# summary FILE FIELD: a number of the "jit-check ARCH: ..." line
summary() { sed -n "s/^jit-check [^:]*:.* \([0-9][0-9]*\) $2.*/\1/p" "$1" | tail -n 1; }

# judge ARCH DUMP OUT TESTS...: jit-check, then its counts asserted
judge() {
	local arch=$1 dump=$2 out=$3 lifted refused unsound unchecked
	shift 3
	build/bpfmm jit-check --arch "$arch" --dump "$dump" --emit "$out.lifted" "$@" > "$out" 2> "$out.err"
	lifted=$(summary "$out" lifted)
	refused=$(summary "$out" refused)
	unsound=$(summary "$out" unsound)
	unchecked=$(summary "$out" unchecked)
	if [ -z "$lifted" ]; then
		tail -n 5 "$out.err"
		ko "$arch ($dump): no summary"
		return
	fi
	tail -n 1 "$out"
	grep -E ' jit (refused|unsound|unchecked)' "$out" | head -n 10
	if grep -E ' jit refused' "$out" | grep -qv ' jit refused (.\+)$'; then
		ko "$arch: a refusal without its reason"
	fi
	if [ "$unsound" -eq 0 ] && [ "$unchecked" -eq 0 ] && [ $((lifted + refused)) -gt 0 ] &&
		[ $((lifted * 100)) -ge $(((lifted + refused) * 95)) ]; then
		ok "$arch: $lifted lifted, $refused refused (>= 95% lifted), 0 unsound, 0 unchecked"
	else
		ko "$arch: $lifted lifted, $refused refused, $unsound unsound, $unchecked unchecked"
	fi
}

# ---- 1. the recorded fixture ---------------------------------------------
ftests=()
while read -r f; do
	[ -n "$f" ] && ftests+=("$f")
done < "$fix/tests"
for arch in riscv64 arm64 x86_64; do
	judge "$arch" "$fix/$arch.console" "$tmp/fix-$arch.out" "${ftests[@]}"
	n=$(summary "$tmp/fix-$arch.out" lifted)
	[ "${n:-0}" -eq "${#ftests[@]}" ] && ok "$arch fixture: all ${#ftests[@]} tests lifted" ||
		ko "$arch fixture: ${n:-0} of ${#ftests[@]} lifted"
done
# the broken JIT's relaxed xchg: unsound, the SB state, and the lifted test
# shows amoswap.d without .aqrl
out=$tmp/fix-broken.out
build/bpfmm jit-check --arch riscv64 --dump "$fix/riscv64-brokenjit.console" --emit "$tmp/broken" \
	tests/litmus/bpf/SB+xchg64+xchg64.litmus tests/run/lost-update.litmus > "$out" 2>&1
if grep -q '^JitCheck SB+xchg64+xchg64 riscv64 jit unsound 0:r4=0; .*1:r4=0;' "$out" &&
	grep -q 'amoswap\.d s4, s4, (s3)' "$tmp/broken/SB+xchg64+xchg64.litmus"; then
	ok "riscv64-brokenjit fixture: relaxed xchg unsound: $(grep -m1 'SB+xchg64' "$out")"
else
	cat "$out"
	ko "riscv64-brokenjit fixture: relaxed xchg not found unsound"
fi
grep -q '^JitCheck lost-update riscv64 jit unsound' "$out" &&
	ok "riscv64-brokenjit fixture: load/add/store fetch-add unsound" ||
	ko "riscv64-brokenjit fixture: lost-update not unsound"
# the same test on the sound JIT's code is sound (the check can tell)
grep -q '^JitCheck SB+xchg64+xchg64 riscv64 jit sound' "$tmp/fix-riscv64.out" &&
	ok "riscv64 fixture: the 6.12 JIT's xchg sound" || ko "riscv64 fixture: SB+xchg64+xchg64 not sound"
# -json: the same verdicts as the text lines, one record per test (an
# unsound one with its state), then a summary record
build/bpfmm jit-check -json --arch riscv64 --dump "$fix/riscv64-brokenjit.console" \
	tests/litmus/bpf/SB+xchg64+xchg64.litmus tests/run/lost-update.litmus \
	tests/litmus/bpf/MP+rel+acq.litmus > "$tmp/broken.json" 2>/dev/null
jtext=$(grep '^JitCheck' "$out" | awk '{print $2, $5}' | sort)
jjson=$(grep '"verdict"' "$tmp/broken.json" | sed 's/.*"test":"\([^"]*\)".*"verdict":"\([^"]*\)".*/\1 \2/' | sort)
if [ -n "$jtext" ] && [ "$(printf '%s\n' "$jtext" | grep -v MP+rel+acq)" = "$(printf '%s\n' "$jjson" | grep -v MP+rel+acq)" ] &&
	grep -q '^{"file":"tests/litmus/bpf/SB+xchg64+xchg64.litmus","test":"SB+xchg64+xchg64","arch":"riscv64","mapping":"jit","verdict":"unsound","state":"0:r4=0; .*"execution":"' "$tmp/broken.json" &&
	grep -q '^{"file":"tests/litmus/bpf/MP+rel+acq.litmus","test":"MP+rel+acq","arch":"riscv64","mapping":"jit","verdict":"not-run","state":null,"class":null,"reason":"no JIT code in the dump","classes":\["load","store","load_acquire","store_release"\]' "$tmp/broken.json" &&
	tail -n 1 "$tmp/broken.json" | grep -q '^{"summary":"jit-check","arch":"riscv64","tests":3,"lifted":2,"refused":0,"not_run":1,"sound":0,"sound_stronger":0,"unsound":2,"unchecked":0}$'; then
	ok "jit-check -json: the text verdicts, a not-run record, the summary"
else
	cat "$tmp/broken.json"
	ko "jit-check -json records differ from the text lines"
fi
# a corrupted line: FILE:LINE:COL: error, the test then has no code
sed '3s/ [0-9a-f]*$/ 13zz/' "$fix/riscv64.console" > "$tmp/bad.console"
build/bpfmm jit-check --arch riscv64 --dump "$tmp/bad.console" "${ftests[@]}" > "$tmp/bad.out" 2> "$tmp/bad.err"
if grep -q "^$tmp/bad.console:3:[0-9]*: error: bad jit line: not a hex image" "$tmp/bad.err"; then
	ok "a corrupted dump line: $(sed "s|$tmp/||" "$tmp/bad.err" | head -n 1)"
else
	cat "$tmp/bad.err"
	ko "a corrupted dump line not reported"
fi

# ---- 1b. mips64el: the unfenced LL/SC loops, and the MIPS fix ------------------
# mips_judge NAME DUMP [OPTIONS]: jit-check the fixture's tests on DUMP
# into $tmp/NAME.out and $tmp/NAME/ (lifted tests)
mips_judge() {
	local name=$1 dump=$2
	shift 2
	build/bpfmm jit-check --arch mips64el "$@" --dump "$dump" --emit "$tmp/$name" "${mtests[@]}" \
		> "$tmp/$name.out" 2> "$tmp/$name.err"
	tail -n 1 "$tmp/$name.out"
}
# verdict NAME TEST: the verdict word of TEST in $tmp/NAME.out
verdict() { sed -n "s/^JitCheck $2 mips64el jit \([a-z-]*\).*/\1/p" "$tmp/$1.out"; }
# the fixture's tests and two with a BPF goto (a MIPS `j`, absolute)
mtests=("${ftests[@]}" tests/litmus/bpf/ctrl-both-directions.litmus tests/litmus/bpf/LB+ctrl-taken+data.litmus)
unfenced=(SB+fetchadd+fetchadd SB+fetchand+fetchand SB+xchg64+xchg64 SB+xchg32+xchg32
	SB+cmpxchg64+cmpxchg64 SB+cmpxchg32+cmpxchg32)
if [ -s "$fix/mips64el.console" ]; then
	mips_judge mips "$fix/mips64el.console"
	n=$(summary "$tmp/mips.out" lifted)
	[ "${n:-0}" -eq "${#mtests[@]}" ] && ok "mips64el fixture: all ${#mtests[@]} tests lifted" ||
		{ grep ' jit refused' "$tmp/mips.out"; ko "mips64el fixture: ${n:-0} of ${#mtests[@]} lifted"; }
	grep -q '^ j L0A[0-9]* ' "$tmp/mips/ctrl-both-directions.litmus" &&
		[ "$(verdict mips ctrl-both-directions)" = sound ] &&
		ok "mips64el fixture: the goto's absolute \`j\` lifted to a label (ctrl-both-directions sound)" ||
		ko "mips64el fixture: ctrl-both-directions's j not lifted"
	bad=
	for t in "${unfenced[@]}"; do
		[ "$(verdict mips "$t")" = unsound ] || bad="$bad $t"
	done
	[ -z "$bad" ] && ok "mips64el fixture: the ${#unfenced[@]} LL/SC fetch/xchg/cmpxchg SB tests unsound (as bpfmm map on mips64-linux-6.12)" ||
		ko "mips64el fixture: not unsound:$bad"
	grep -q '^JitCheck SB+fetchadd+fetchadd mips64el jit unsound 0:r4=0; .*1:r4=0;' "$tmp/mips.out" &&
		ok "mips64el fixture: $(grep -m1 '^JitCheck SB+fetchadd+fetchadd' "$tmp/mips.out")" ||
		ko "mips64el fixture: SB+fetchadd+fetchadd not unsound with both loads 0"
	# the lifted loop is the JIT's: lld, daddu, scd, the retry beqz, no sync
	l=$tmp/mips/SB+fetchadd+fetchadd.litmus
	if grep -q ' lld ' "$l" && grep -q ' scd ' "$l" && grep -q ' beqz ' "$l" && ! grep -q ' sync' "$l"; then
		ok "mips64el fixture: SB+fetchadd+fetchadd lifted as an LL/SC loop without sync"
	else
		cat "$l"
		ko "mips64el fixture: the lifted SB+fetchadd+fetchadd is not the unfenced LL/SC loop"
	fi
	bad=
	for t in LB+data+data LB+ctrl+ctrl SB+lockadd+lockadd fetch_or-value cmpxchg_64-failure-value \
		LB+ctrl-taken+data; do
		case "$(verdict mips "$t")" in sound|sound-stronger) ;; *) bad="$bad $t" ;; esac
	done
	[ -z "$bad" ] && ok "mips64el fixture: the tests without fetch atomics sound" ||
		ko "mips64el fixture: not sound:$bad"
	mips_judge mips-sc "$fix/mips64el.console" --variant sc
	[ "$(summary "$tmp/mips-sc.out" unsound)" = 0 ] && [ "$(summary "$tmp/mips-sc.out" lifted)" = "${#mtests[@]}" ] &&
		ok "mips64el fixture, -variant sc (Linux's assumption for a CPU without WEAK_ORDERING): 0 unsound" ||
		ko "mips64el fixture, -variant sc: $(tail -n 1 "$tmp/mips-sc.out")"
else
	ko "no $fix/mips64el.console"
fi
if [ -s "$fix/mips64el-fixed.console" ]; then
	mips_judge mips-fixed "$fix/mips64el-fixed.console"
	[ "$(summary "$tmp/mips-fixed.out" unsound)" = 0 ] && [ "$(summary "$tmp/mips-fixed.out" lifted)" = "${#mtests[@]}" ] &&
		ok "mips64el-fixed fixture (the MIPS fix): all lifted, 0 unsound" ||
		{ grep -E ' jit (unsound|refused)' "$tmp/mips-fixed.out"; ko "mips64el-fixed fixture: $(tail -n 1 "$tmp/mips-fixed.out")"; }
	# sync, the loop, sync
	l=$tmp/mips-fixed/SB+fetchadd+fetchadd.litmus
	# (P0's column, the ordering instructions in order)
	if [ "$(awk -F'|' '/^ *P0/ { on = 1; next } on && NF > 1 { split($1, w, " "); print w[1] }' "$l" |
		grep -x -E 'sync|lld|scd|beqz' | tr '\n' ' ')" = "sync lld scd beqz sync " ]; then
		ok "mips64el-fixed fixture: SB+fetchadd+fetchadd lifted as sync; lld..scd loop; sync"
	else
		cat "$l"
		ko "mips64el-fixed fixture: no sync on each side of the lifted loop"
	fi
	# the check can tell: the same images with each sync made a nop
	perl -pe 's/^(bpfmm-run: jit \S+ \d+ )(\S+)/$1 . join("", map { $_ eq "0f000000" ? "00000000" : $_ } unpack("(A8)*", $2))/e' \
		"$fix/mips64el-fixed.console" > "$tmp/nosync.console"
	mips_judge mips-nosync "$tmp/nosync.console"
	[ "$(verdict mips-nosync SB+fetchadd+fetchadd)" = unsound ] && [ "$(verdict mips-fixed SB+fetchadd+fetchadd)" = sound ] &&
		ok "mips64el-fixed fixture with its syncs made nops: SB+fetchadd+fetchadd unsound again" ||
		ko "mips64el-fixed fixture: removing the syncs did not make SB+fetchadd+fetchadd unsound"
else
	ko "no $fix/mips64el-fixed.console"
fi

# ---- 1c. ppc64le: the powerpc JIT (QEMU pseries) --------------------------
# fixtures/ppc64le-hand.console: SB+fetchadd+fetchadd hand-assembled from
# the JIT's sequences (fixtures/ppc64le-hand.s, not a guest's dump): sound
# under ppc.cat, lifted as sync; ldarx..stdcx. loop; sync, and unsound with
# each sync made a nop.  fixtures/ppc64le.console (the guest's dump, `make
# jit-check-fixture FIXTURE_VARIANTS=ppc64le`), when recorded: the
# fixture's tests and the two goto tests all lifted, none unsound.
# arch_judge ARCH NAME DUMP TESTS...: jit-check into $tmp/NAME.out, $tmp/NAME/
arch_judge() {
	local arch=$1 name=$2 dump=$3
	shift 3
	build/bpfmm jit-check --arch "$arch" --dump "$dump" --emit "$tmp/$name" "$@" \
		> "$tmp/$name.out" 2> "$tmp/$name.err"
	tail -n 1 "$tmp/$name.out"
}
# fetchadd_check ARCH NAME KEEP WANT FENCE NOP WIDTH: SB+fetchadd+fetchadd
# as lifted into $tmp/NAME/ has, in P0's column, the instructions matching
# KEEP in the order WANT; it is sound; and unsound with both loads 0 once
# every FENCE (hex, WIDTH digits, at WIDTH-digit boundaries) of the images
# of fixtures/NAME.console is made NOP (the check can tell)
fetchadd_check() {
	local arch=$1 name=$2 keep=$3 want=$4 fence=$5 nop=$6 width=$7
	local l=$tmp/$name/SB+fetchadd+fetchadd.litmus
	if [ "$(awk -F'|' '/^ *P0/ { on = 1; next } on && NF > 1 { split($1, w, " "); print w[1] }' "$l" |
		grep -x -E "$keep" | tr '\n' ' ')" = "$want " ]; then
		ok "$name: SB+fetchadd+fetchadd lifted as $want"
	else
		cat "$l" "$tmp/$name.out"
		ko "$name: SB+fetchadd+fetchadd is not the JIT's $want"
	fi
	grep -q "^JitCheck SB+fetchadd+fetchadd $arch jit sound" "$tmp/$name.out" &&
		ok "$name: SB+fetchadd+fetchadd sound" || ko "$name: SB+fetchadd+fetchadd not sound"
	F=$fence N=$nop W=$width perl -pe 's/^(bpfmm-run: jit \S+ \d+ )(\S+)/$1 . join("", map { $_ eq $ENV{F} ? $ENV{N} : $_ } unpack("(A$ENV{W})*", $2))/e' \
		"$fix/$name.console" > "$tmp/$name-nofence.console"
	arch_judge "$arch" "$name-nofence" "$tmp/$name-nofence.console" tests/litmus/bpf/SB+fetchadd+fetchadd.litmus
	grep -q "^JitCheck SB+fetchadd+fetchadd $arch jit unsound 0:r4=0; .*1:r4=0;" "$tmp/$name-nofence.out" &&
		ok "$name with each $fence made $nop: SB+fetchadd+fetchadd unsound" ||
		{ cat "$tmp/$name-nofence.out"; ko "$name: removing the fences did not make SB+fetchadd+fetchadd unsound"; }
}
# guest_fixture ARCH MODEL CHECK: fixtures/ARCH.console (the guest's dump,
# `make jit-check-fixture FIXTURE_VARIANTS=ARCH`), when recorded: the
# fixture's tests and the two goto tests all lifted, none unsound or
# unchecked under MODEL; then CHECK ARCH (its fetch-add)
guest_fixture() {
	local arch=$1 model=$2 check=$3
	if [ ! -s "$fix/$arch.console" ]; then
		echo "SKIP $arch: no guest dump $fix/$arch.console (make jit-check-fixture FIXTURE_VARIANTS=$arch)"
		return
	fi
	arch_judge "$arch" "$arch" "$fix/$arch.console" "${mtests[@]}"
	[ "$(summary "$tmp/$arch.out" lifted)" = "${#mtests[@]}" ] && [ "$(summary "$tmp/$arch.out" unsound)" = 0 ] &&
		[ "$(summary "$tmp/$arch.out" unchecked)" = 0 ] &&
		ok "$arch fixture: all ${#mtests[@]} tests lifted, 0 unsound ($model)" ||
		{ grep -E ' jit (refused|unsound|unchecked)' "$tmp/$arch.out"; cat "$tmp/$arch.err"
		  ko "$arch fixture: $(tail -n 1 "$tmp/$arch.out")"; }
	$check "$arch"
}
# ppc_fetchadd NAME: sync, the ldarx..stdcx. loop, sync; each sync (ac04007c) a nop
ppc_fetchadd() {
	fetchadd_check ppc64le "$1" 'sync|ldarx|stdcx\.|bne' "sync ldarx stdcx. bne sync" ac04007c 00000060 8
}
# the PPC dialect reads the JIT's neg, shifts and zero extension with their values
build/bpfmm tests/jit-check/ppc/alu-values.litmus > "$tmp/ppc-alu.out" 2>&1
grep -q '^Observation alu-values Always 1 0' "$tmp/ppc-alu.out" &&
	ok "PPC dialect: neg, sldi, srdi, sradi, srad, rlwinm zero extension give the JIT's values" ||
	{ cat "$tmp/ppc-alu.out"; ko "PPC dialect: tests/jit-check/ppc/alu-values.litmus not Always"; }
arch_judge ppc64le ppc64le-hand "$fix/ppc64le-hand.console" tests/litmus/bpf/SB+fetchadd+fetchadd.litmus
ppc_fetchadd ppc64le-hand
guest_fixture ppc64le ppc.cat ppc_fetchadd

# ---- 1d. s390x: the s390 JIT (QEMU s390-ccw-virtio) ------------------------
# fixtures/s390x-hand.console: SB+fetchadd+fetchadd hand-assembled from the
# JIT's sequences (fixtures/s390x-hand.s, not a guest's dump): the fetch-add
# lifted as laalg; bnor 0 (llvm's bcr 14,0), sound under s390x.cat, and
# unsound with the bcr 14,0 made a nopr (the JIT before kernel commit
# 68378982f0b2).  fixtures/s390x.console (the guest's dump, `make
# jit-check-fixture FIXTURE_VARIANTS=s390x`), when recorded: the fixture's
# tests and the two goto tests all lifted, none unsound.
# s390_fetchadd NAME: sty; laalg; bcr 14,0 (llvm's bnor 0); llgf; the bcr
# (07e0) a nopr (0700)
s390_fetchadd() {
	fetchadd_check s390x "$1" 'laalg|bnor|bcr|llgf|sty' "sty laalg bnor llgf" 07e0 0700 4
}
arch_judge s390x s390x-hand "$fix/s390x-hand.console" tests/litmus/bpf/SB+fetchadd+fetchadd.litmus
s390_fetchadd s390x-hand
# the literal pool (fixtures/s390x-literal.s, hand-assembled): a 64-bit
# constant by lgrl and an AND by ng R, D(%r11) read from the image: sound,
# and unsound once the pool's 255 is made 254 (the lifter reads the pool)
arch_judge s390x s390x-literal "$fix/s390x-literal.console" tests/jit-check/s390x/literal.litmus
if grep -q '^JitCheck literal s390x jit sound' "$tmp/s390x-literal.out" &&
	grep -q 'lgfi %r0, 255 ' "$tmp/s390x-literal/literal.litmus" && grep -q '0:r3=4886718345;' "$tmp/s390x-literal/literal.litmus"; then
	ok "s390x-literal: lgrl and ng from the literal pool lifted as constants, sound"
else
	cat "$tmp/s390x-literal.out" "$tmp/s390x-literal/literal.litmus"
	ko "s390x-literal: the literal pool not read"
fi
sed 's/00000000000000ff/00000000000000fe/' "$fix/s390x-literal.console" > "$tmp/s390x-literal-254.console"
arch_judge s390x s390x-literal-254 "$tmp/s390x-literal-254.console" tests/jit-check/s390x/literal.litmus
grep -q '^JitCheck literal s390x jit unsound \[x\]=136;' "$tmp/s390x-literal-254.out" &&
	ok "s390x-literal with 254 in the pool: unsound ([x]=136)" ||
	{ cat "$tmp/s390x-literal-254.out"; ko "s390x-literal: a changed literal not seen"; }
guest_fixture s390x s390x.cat s390_fetchadd

# ---- 1e. bpftool's forms of the recorded dumps -----------------------------
# bt_judge NAME ARCH DUMP OPTIONS... -- TESTS...: jit-check into $tmp/NAME.out
# (.err, .rc)
bt_judge() {
	local name=$1 arch=$2 dump=$3 opts=()
	shift 3
	while [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	build/bpfmm jit-check --arch "$arch" --dump "$dump" "${opts[@]}" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
	echo $? > "$tmp/$name.rc"
}
for fx in riscv64:riscv64 arm64:arm64 x86_64:x86_64 mips64el:mips64el ppc64le:ppc64le s390x:s390x riscv64:riscv64-brokenjit; do
	arch=${fx%%:*} name=${fx#*:}
	case $name in
	mips64el|ppc64le|s390x) tl=("${mtests[@]}") ;;
	*-brokenjit) tl=(tests/litmus/bpf/SB+xchg64+xchg64.litmus tests/run/lost-update.litmus) ;;
	*) tl=("${ftests[@]}") ;;
	esac
	[ -s "$fix/$name.console" ] || { echo "SKIP bpftool forms of $name: no $fix/$name.console"; continue; }
	d=$tmp/bt-$name
	if ! perl tests/jit-check/bpftool-forms.pl "$arch" "$fix/$name.console" "$d"; then
		ko "bpftool-forms.pl on $name"
		continue
	fi
	bt_judge "bt-$name-console" "$arch" "$fix/$name.console" -- "${tl[@]}"
	lifted=$(summary "$tmp/bt-$name-console.out" lifted)
	for form in text json raw; do
		case $form in
		text) opt=(--bpftool "$d/text.txt") ;;
		json) opt=(--bpftool "$d/json") ;;
		raw) opt=(--image "$d/raw") ;;
		esac
		bt_judge "bt-$name-$form" "$arch" "$d/run.txt" "${opt[@]}" -- "${tl[@]}"
		if [ "${lifted:-0}" -gt 0 ] && [ ! -s "$tmp/bt-$name-$form.err" ] &&
			cmp -s "$tmp/bt-$name-console.out" "$tmp/bt-$name-$form.out" &&
			cmp -s "$tmp/bt-$name-console.rc" "$tmp/bt-$name-$form.rc"; then
			ok "$name, bpftool $form: as the console ($(tail -n 1 "$tmp/bt-$name-$form.out" | cut -d' ' -f3-))"
		else
			diff "$tmp/bt-$name-console.out" "$tmp/bt-$name-$form.out" | head -n 5
			head -n 3 "$tmp/bt-$name-$form.err"
			ko "$name, bpftool $form: not what the console gives"
		fi
	done
done
# the text copied from a terminal, its tabs made spaces
expand "$tmp/bt-riscv64/text.txt" > "$tmp/expanded.txt"
bt_judge bt-expanded riscv64 "$tmp/bt-riscv64/run.txt" --bpftool "$tmp/expanded.txt" -- "${ftests[@]}"
[ ! -s "$tmp/bt-expanded.err" ] && cmp -s "$tmp/bt-riscv64-console.out" "$tmp/bt-expanded.out" &&
	ok "riscv64, bpftool text with its tabs expanded: as the console" ||
	{ head -n 3 "$tmp/bt-expanded.err"; ko "riscv64, bpftool text with its tabs expanded"; }
# the verdicts come from bpftool's files: run.txt alone has no code
bt_judge bt-nocode riscv64 "$tmp/bt-riscv64/run.txt" -- "${ftests[@]}"
[ "$(summary "$tmp/bt-nocode.out" lifted)" = 0 ] && ok "the hold lines alone: no test lifted" ||
	ko "the hold lines alone: $(tail -n 1 "$tmp/bt-nocode.out")"
# the broken JIT, from each form: the relaxed xchg unsound, with its state
for form in text json raw; do
	grep -q '^JitCheck SB+xchg64+xchg64 riscv64 jit unsound 0:r4=0; .*1:r4=0;' "$tmp/bt-riscv64-brokenjit-$form.out" &&
		ok "riscv64-brokenjit from bpftool $form: SB+xchg64+xchg64 unsound" ||
		ko "riscv64-brokenjit from bpftool $form: SB+xchg64+xchg64 not unsound"
done

# A real `bpfrun --hold` run (fixtures/ppc64le-hold.console: the ppc64le
# guest with kernel arguments `-- --hold /job`, the fixture's tests): the
# kernel kept each program's name bpfmm_N_T (N the test's index, T the
# thread) and gave it an id; its jit lines written as raw files named by
# those hold lines give, with the jit lines gone, the console's output
hd=$fix/ppc64le-hold.console
if [ -s "$hd" ]; then
	perl -ne 'if (/bpfmm-run: (?:layout|unsupported) (\S+)/ && !exists $i{$1}) { $i{$1} = keys %i }
		if (/bpfmm-run: hold (\S+) (\d+) (\d+) (\S+)\s*$/) { $n++; $bad++ if $4 ne "bpfmm_$i{$1}_$2" }
		$j++ if /bpfmm-run: jit /;
		END { print $n == $j && !$bad && $n > 0 ? "ok $n\n" : "bad $n hold lines, $j jit lines, $bad misnamed\n" }' \
		"$hd" > "$tmp/hold-names"
	grep -q '^ok' "$tmp/hold-names" && ok "bpfrun --hold in the ppc64le guest: one hold line per program, named bpfmm_N_T ($(cut -d' ' -f2 "$tmp/hold-names") programs)" ||
		ko "bpfrun --hold: $(cat "$tmp/hold-names")"
	mkdir -p "$tmp/hold-raw"
	D=$tmp/hold-raw perl -ne 'if (/bpfmm-run: hold (\S+) (\d+) (\d+) (\S+)\s*$/) { $n{"$1 $2"} = $4 }
		push @j, [$1, $2, $3] if /bpfmm-run: jit (\S+) (\d+) ([0-9a-f]+)\s*$/;
		END { for (@j) { open(my $f, ">:raw", "$ENV{D}/" . $n{"$_->[0] $_->[1]"} . ".bin") or die; print $f pack("H*", $_->[2]) } }' "$hd"
	grep -v 'bpfmm-run: jit ' "$hd" > "$tmp/hold-run.txt"
	bt_judge hold-console ppc64le "$hd" -- "${ftests[@]}"
	bt_judge hold-raw ppc64le "$tmp/hold-run.txt" --image "$tmp/hold-raw" -- "${ftests[@]}"
	[ "$(summary "$tmp/hold-console.out" lifted)" = "${#ftests[@]}" ] && [ "$(summary "$tmp/hold-console.out" unsound)" = 0 ] &&
		[ ! -s "$tmp/hold-raw.err" ] && cmp -s "$tmp/hold-console.out" "$tmp/hold-raw.out" &&
		ok "bpfrun --hold's programs as raw images named by its hold lines: as its console ($(tail -n 1 "$tmp/hold-raw.out" | cut -d' ' -f3-))" ||
		{ head -n 3 "$tmp/hold-raw.err"; ko "bpfrun --hold: raw images not judged as the console: $(tail -n 1 "$tmp/hold-raw.out")"; }
else
	ko "no $hd"
fi

# Malformed input: bt_bad NAME WANT OPTIONS...: jit-check on the riscv64
# fixture's forms with OPTIONS exits 1 and its first error is WANT
# (paths relative to $tmp); the tests: $bt_tests, else the fixture's first
bt_bad() {
	local name=$1 want=$2 got
	shift 2
	bt_judge "bad-$name" riscv64 "$@" -- "${bt_tests[@]:-${ftests[0]}}"
	got=$(head -n 1 "$tmp/bad-$name.err" | sed "s|$tmp/||g")
	if [ "$(cat "$tmp/bad-$name.rc")" = 1 ] && [ "$got" = "$want" ]; then
		ok "malformed ($name): $got"
	else
		echo "want: $want"
		echo "got:  $got (exit $(cat "$tmp/bad-$name.rc"))"
		ko "malformed ($name)"
	fi
}
d=$tmp/bt-riscv64
run=$d/run.txt
# text without `opcodes`: the instruction lines alone
grep -v "$(printf '^\t')" "$d/text.txt" > "$tmp/noop.txt"
bt_bad no-opcodes 'noop.txt:2:1: error: no opcode bytes after the instruction at offset 0x0 (dump it with `bpftool prog dump jited PROG opcodes`)' \
	"$run" --bpftool "$tmp/noop.txt"
# one error per program (the first 5), and at most 20 lines of errors for
# a file (all 25 programs): 19, then "too many errors"
awk '/^bpf_prog_/ { n++ } n <= 5' "$tmp/noop.txt" > "$tmp/noop5.txt"
bt_judge bad-noop5 riscv64 "$run" --bpftool "$tmp/noop5.txt" -- "${ftests[0]}"
n=$(grep -c 'error: no opcode bytes after' "$tmp/bad-noop5.err")
[ "$n" = 5 ] && [ "$(summary "$tmp/bad-noop5.out" lifted)" = 0 ] &&
	ok "text without opcodes: one error per program (5 of 5), no test lifted" ||
	ko "text without opcodes: $n errors for 5 programs, $(tail -n 1 "$tmp/bad-noop5.out")"
n=$(grep -c 'error: no opcode bytes after' "$tmp/bad-no-opcodes.err")
[ "$n" = 19 ] && [ "$(wc -l < "$tmp/bad-no-opcodes.err")" = 20 ] &&
	grep -q '^[^ ]*noop.txt:[0-9]*:1: error: too many errors; the rest of the file is not reported$' "$tmp/bad-no-opcodes.err" &&
	ok "text without opcodes, 25 programs: 19 errors said, then \"too many errors\"" ||
	ko "text without opcodes, 25 programs: $n errors, $(tail -n 1 "$tmp/bad-no-opcodes.err")"
# an instruction and its bytes lost (lines 4 and 5: offset 4)
sed '4,5d' "$d/text.txt" > "$tmp/gap.txt"
bt_tests=("${ftests[@]}")
bt_bad gap 'gap.txt:4:4: error: an instruction at offset 0x8 where the bytes so far end at 0x4 (a line missing or out of order)' \
	"$run" --bpftool "$tmp/gap.txt"
# the one program lost is reported, the others judged: its test not-run
grep -q '^JitCheck LB+ctrl+ctrl riscv64 jit refused (the dump lacks a thread.s code)' "$tmp/bad-gap.out" &&
	[ "$(summary "$tmp/bad-gap.out" lifted)" = $((${#ftests[@]} - 1)) ] &&
	ok "an image with an error left out, the other tests judged" || ko "gap: $(grep LB+ctrl+ctrl "$tmp/bad-gap.out")"
bt_tests=()
sed '3s/^\t\(..\) /\tz\1/' "$d/text.txt" > "$tmp/byte.txt"
bt_bad bad-byte 'byte.txt:3:2: error: not a byte on the opcode line (two hexadecimal digits)' "$run" --bpftool "$tmp/byte.txt"
# bpftool's disassembler could not decode an instruction (offset 4): no
# bytes, then it stops
sed '5s/.*/\t/; 6,$d' "$d/text.txt" > "$tmp/undecoded.txt"
bt_bad undecoded 'undecoded.txt:5:1: error: no opcode bytes for the instruction at offset 0x4: bpftool'"'"'s disassembler could not decode it; the image is incomplete: dump it with `bpftool prog dump jited PROG file FILE`' \
	"$run" --bpftool "$tmp/undecoded.txt"
printf 'hello\n' > "$tmp/junk.txt"
bt_bad junk 'junk.txt:1:1: error: not a line of `bpftool prog dump jited PROG opcodes`' "$run" --bpftool "$tmp/junk.txt"
# JSON: no opcodes, an unfinished document, a pc out of order
sed 's/,"opcodes":\[[^]]*\]//g' "$d/json/100.json" > "$tmp/100.json"
bt_bad json-no-opcodes '100.json:1:40: error: no "opcodes" array in the instruction record (dump it with `bpftool -j prog dump jited PROG opcodes`)' \
	"$run" --bpftool "$tmp/100.json"
head -c 300 "$d/json/100.json" > "$tmp/cut.json"
bt_bad json-cut 'cut.json:1:297: error: bad JSON: a string without its closing quote' "$run" --bpftool "$tmp/cut.json"
sed 's/"pc":"0x4"/"pc":"0x6"/' "$d/json/100.json" > "$tmp/pc.json"
bt_bad json-pc 'pc.json:1:135: error: an instruction at offset 0x6 where the bytes so far end at 0x4 (a record missing or out of order)' \
	"$run" --bpftool "$tmp/pc.json"
# which program: a file name no hold line has; two unnamed images in one file
cp "$d/raw/bpfmm_0_0.bin" "$tmp/prog7.bin"
bt_bad unknown-name "prog7.bin: error: no program 'prog7' in the hold lines of bt-riscv64/run.txt (\`bpfrun --hold\` names each program it keeps loaded)" \
	"$run" --image "$tmp/prog7.bin"
cat "$d/json/100.json" "$d/json/101.json" > "$tmp/two.json"
bt_bad unnamed 'two.json:1:2: error: which program? bpftool'"'"'s header does not name it (bpf_prog_TAG_NAME) and the file holds 2 images' \
	"$run" --bpftool "$tmp/two.json"
# a large malformed file is read in linear time: 200,000 empty functions
# (2.6 MB of JSON; the position of each error was once counted from the
# start of the file, 2.5 minutes)
perl -e 'print "[", join(",", ("{\"insns\":[]}") x 200000), "]\n"' > "$tmp/many.json"
t0=$(date +%s)
timeout 60 build/bpfmm jit-check --arch riscv64 --dump "$run" --bpftool "$tmp/many.json" "${ftests[0]}" > "$tmp/many.out" 2> "$tmp/many.err"
t1=$(date +%s)
[ $((t1 - t0)) -le 10 ] && [ "$(wc -l < "$tmp/many.err")" = 20 ] &&
	ok "200,000 malformed functions: $((t1 - t0)) s, 20 lines of errors" ||
	ko "200,000 malformed functions: $((t1 - t0)) s, $(wc -l < "$tmp/many.err") lines of errors"
# the same program from two files
bt_bad twice 'bt-riscv64/raw/bpfmm_0_0.bin: error: a second image of LB+ctrl+ctrl thread 0 (the first from bt-riscv64/json/100.json)' \
	"$run" --bpftool "$d/json/100.json" --image "$d/raw/bpfmm_0_0.bin"
# a bad hold line in the runner's output
sed '0,/hold LB+ctrl+ctrl 0 /s/hold LB+ctrl+ctrl 0 100 bpfmm_0_0/hold LB+ctrl+ctrl 0 100 bpfmm-0-0/' "$run" > "$tmp/badhold.txt"
bt_bad hold 'badhold.txt:2:12: error: bad hold line: not a BPF program name (at most 15 letters, digits, '"'_'"' or '"'.'"')' \
	"$tmp/badhold.txt" --image "$d/raw"
# the runner's jit lines and bpftool's image of the same program: equal is
# fine, a difference an error (bpftool's judged)
cat "$run" "$fix/riscv64.console" > "$tmp/both.txt"
bt_judge both riscv64 "$tmp/both.txt" --image "$d/raw" -- "${ftests[@]}"
[ "$(cat "$tmp/both.rc")" = 0 ] && [ ! -s "$tmp/both.err" ] && cmp -s "$tmp/both.out" "$tmp/bt-riscv64-console.out" &&
	ok "the runner's jit lines and bpftool's images, equal: no error, the same output" ||
	ko "the runner's jit lines and bpftool's equal images: $(head -n 1 "$tmp/both.err")"
mkdir -p "$tmp/raw2"
cp "$d"/raw/* "$tmp/raw2/"
printf '\001\000' | dd of="$tmp/raw2/bpfmm_1_1.bin" bs=1 seek=4 conv=notrunc 2>/dev/null
bt_bad differs "raw2/bpfmm_1_1.bin: error: the image of LB+data+data thread 1 differs from the runner's jit line (both.txt:$(grep -n 'jit LB+data+data 1 ' "$tmp/both.txt" | cut -d: -f1)); judged: bpftool's" \
	"$tmp/both.txt" --image "$tmp/raw2"

# ---- 1f. load-acquire / store-release of the upstream JITs -----------------
# acqrel_dump ARCH FILE0 FILE1: the two threads assembled into a dump of
# MP+rel+acq on stdout; 1 if llvm-mc-19 fails
acqrel_dump() {
	local a=$1 tr at t f
	case $a in
	arm64) tr=aarch64-linux-gnu at=-mattr=+lse ;;
	riscv64) tr=riscv64-linux-gnu at=-mattr=+m,+a,+c,+zba,+zbb ;;
	x86_64) tr=x86_64-linux-gnu at= ;;
	ppc64le) tr=powerpc64le-linux-gnu at= ;;
	loongarch64) tr=loongarch64-linux-gnu at=-mattr=+d ;;
	esac
	shift
	for t in 0 1; do
		f=$1
		shift
		llvm-mc-19 -triple=$tr $at -I tests/jit-check/acqrel -filetype=obj -o "$tmp/acqrel.o" "$f" &&
			llvm-objcopy-19 -O binary -j .text "$tmp/acqrel.o" "$tmp/acqrel.bin" || return 1
		printf 'bpfmm-run: jit MP+rel+acq %s %s\n' "$t" "$(od -An -v -tx1 "$tmp/acqrel.bin" | tr -d ' \n')"
	done
}
# A line marked "acqrel: ALT | ALT ..." is an ordering instruction; each
# ALT breaks it: "-" leaves it out, a word is the mnemonic it is made
# (str for stlr), several words the instruction it is replaced by (dbar
# 0x16 for dbar 0x12).
# acqrel_alts FILE K: the alternatives of the K-th marked line, one a line
acqrel_alts() {
	grep -E '(#|//) acqrel: ' "$1" | sed -n "${2}p" | sed -E 's/.*acqrel: *//' | tr '|' '\n' |
		sed 's/^ *//; s/ *$//'
}
# acqrel_break FILE K J: FILE with its K-th marked line broken by its J-th
# alternative
acqrel_break() {
	awk -v k="$2" -v j="$3" '/(#|\/\/) acqrel: / && ++n == k {
			s = $0; sub(/.*acqrel: */, "", s); split(s, alt, / *[|] */); x = alt[j]
			if (x == "-") next
			if (x ~ / /) { print "\t" x; next }
			sub(/^\t[a-z.]+/, "\t" x); sub(/ *(#|\/\/) acqrel: .*$/, "") }
		{ print }' "$1"
}
mpra=tests/litmus/bpf/MP+rel+acq.litmus
if ! command -v llvm-mc-19 >/dev/null; then
	echo "SKIP acqrel: no llvm-mc-19 (Debian package llvm-19)"
else
	for a in arm64 riscv64 x86_64 ppc64le loongarch64; do
		d=tests/jit-check/acqrel
		if acqrel_dump "$a" "$d/$a-0.s" "$d/$a-1.s" > "$tmp/acqrel-$a.console" &&
			build/bpfmm jit-check --arch "$a" --dump "$tmp/acqrel-$a.console" "$mpra" > "$tmp/acqrel.out" 2>&1 &&
			grep -q "^JitCheck MP+rel+acq $a jit sound$" "$tmp/acqrel.out"; then
			ok "acqrel $a: the upstream JIT's load_acquire / store_release, assembled, lifted, sound"
		else
			ko "acqrel $a: $(cat "$tmp/acqrel.out")"
		fi
		for t in 0 1; do
			n=$(grep -c -E '(#|//) acqrel: ' "$d/$a-$t.s")
			for k in $(seq 1 "$n"); do
				ins=$(grep -E '(#|//) acqrel: ' "$d/$a-$t.s" | sed -n "${k}p" | sed -E 's/^\t//; s/ *(#|\/\/) acqrel: .*//')
				nalt=$(acqrel_alts "$d/$a-$t.s" "$k" | wc -l)
				for j in $(seq 1 "$nalt"); do
					acqrel_break "$d/$a-$t.s" "$k" "$j" > "$tmp/broken.s"
					if [ "$t" = 0 ]; then set -- "$tmp/broken.s" "$d/$a-1.s"; else set -- "$d/$a-0.s" "$tmp/broken.s"; fi
					what="$ins made $(acqrel_alts "$d/$a-$t.s" "$k" | sed -n "${j}p")"
					if acqrel_dump "$a" "$@" > "$tmp/acqrel-broken.console" &&
						! build/bpfmm jit-check --arch "$a" --dump "$tmp/acqrel-broken.console" "$mpra" > "$tmp/acqrel.out" 2>&1 &&
						grep -q "^JitCheck MP+rel+acq $a jit unsound 1:r4=1; 1:r5=0;" "$tmp/acqrel.out"; then
						ok "acqrel $a thread $t: $what: unsound"
					else
						ko "acqrel $a thread $t, $what: $(head -n 2 "$tmp/acqrel.out")"
					fi
				done
			done
		done
	done
fi

# ---- 1g. riscv64 with Zacas: cmpxchg as one amocas.d.aqrl ------------------
# The upstream riscv64 JIT on a Zacas CPU (mappings/riscv64-zacas-
# 967566ad325b) emits a 64-bit cmpxchg as `amocas.d.aqrl r0, src, (dst)`
# where 6.12 emits `mv t2, a5; lr.d; bne; sc.d.rl; bnez; fence rw,rw` (22
# bytes). That sequence of the recorded 6.12 dump of SB+cmpxchg64+cmpxchg64
# (fixtures/riscv64.console, both threads at byte 0xaa, checked) is
# replaced by the amocas assembled with llvm-mc-19: sound, and unsound as
# plain `amocas.d` or `amocas.d.aq` (the earlier store then passes the
# read). Nothing after the splice is PC-relative but the end of the image.
zacas_console() {   # MNEMONIC: the spliced dump on stdout; 1 on a mismatch
	local f=tests/jit-check/fixtures/riscv64.console t h amo
	printf '%s a5, s4, (s3)\n' "$1" > "$tmp/zacas.s"
	llvm-mc-19 -triple=riscv64 -mattr=+a,+experimental-zacas -filetype=obj -o "$tmp/zacas.o" "$tmp/zacas.s" &&
		llvm-objcopy-19 -O binary -j .text "$tmp/zacas.o" "$tmp/zacas.bin" || return 1
	amo=$(od -An -v -tx1 "$tmp/zacas.bin" | tr -d ' \n')
	grep -E "bpfmm-run: (layout|ksym) SB\+cmpxchg64\+cmpxchg64 " "$f"
	for t in 0 1; do
		h=$(grep " jit SB+cmpxchg64+cmpxchg64 $t " "$f" | awk '{ print $NF }')
		[ "$(printf '%s' "$h" | cut -c341-384)" = be83afb709106398f3002fbe491be31a0efe0f003003 ] || return 1
		printf 'bpfmm-run: jit SB+cmpxchg64+cmpxchg64 %s %s%s%s\n' "$t" \
			"$(printf '%s' "$h" | cut -c1-340)" "$amo" "$(printf '%s' "$h" | cut -c385-)"
	done
}
if command -v llvm-mc-19 >/dev/null; then
	sbc=tests/litmus/bpf/SB+cmpxchg64+cmpxchg64.litmus
	for mn in amocas.d.aqrl amocas.d amocas.d.aq; do
		want=unsound
		[ "$mn" = amocas.d.aqrl ] && want=sound
		if ! zacas_console "$mn" > "$tmp/zacas.console"; then
			ko "zacas riscv64, $mn: the fixture's cmpxchg bytes moved, or llvm-mc-19 failed"
			continue
		fi
		build/bpfmm jit-check --arch riscv64 --dump "$tmp/zacas.console" "$sbc" > "$tmp/zacas.out" 2>&1
		if grep -q "^JitCheck SB+cmpxchg64+cmpxchg64 riscv64 jit $want\( 0:r0=0; 0:r4=0; 1:r0=0; 1:r4=0;\|\$\)" "$tmp/zacas.out"; then
			ok "zacas riscv64: cmpxchg as $mn, spliced into the 6.12 dump: $want"
		else
			ko "zacas riscv64, $mn: want $want: $(head -n 2 "$tmp/zacas.out")"
		fi
	done
else
	echo "SKIP zacas: no llvm-mc-19 (Debian package llvm-19)"
fi

# ---- 2. the bpf-run guests' dumps -----------------------------------------
logs=$WORK/logs
listed=
for arch in riscv64 arm64 x86_64; do
	dump=$logs/run-$arch.console
	if [ ! -s "$dump" ] || ! grep -q 'bpfmm-run: layout ' "$dump"; then
		echo "SKIP $arch: no dump of the current runner in $dump (suite bpf-run makes it)"
		continue
	fi
	if [ -z "$listed" ]; then
		source tests/run/tests.sh
		run_tests "$tmp/tests" || exit 2
		listed=1
	fi
	t0=$(date +%s)
	judge "$arch" "$dump" "$logs/jit-check-$arch.txt" "${tests[@]}"
	echo "$arch: $(($(date +%s) - t0))s"
done
dump=$logs/run-riscv64-brokenjit.console
if [ -s "$dump" ] && grep -q 'bpfmm-run: layout ' "$dump"; then
	out=$logs/jit-check-riscv64-brokenjit.txt
	build/bpfmm jit-check --arch riscv64 --dump "$dump" --emit "$out.lifted" \
		tests/litmus/bpf/SB+xchg64+xchg64.litmus > "$out" 2>&1
	if grep -q '^Run SB+xchg64+xchg64 riscv64 ok ' "$logs/run-riscv64-brokenjit.txt" &&
		grep -q '^JitCheck SB+xchg64+xchg64 riscv64 jit unsound' "$out"; then
		ok "riscv64-brokenjit: bpf-run 0 violations, jit-check $(grep -m1 '^JitCheck' "$out" | cut -d' ' -f5-)"
		cat "$out.lifted/SB+xchg64+xchg64.litmus"
	else
		cat "$out"
		ko "riscv64-brokenjit: want bpf-run ok and jit-check unsound on SB+xchg64+xchg64"
	fi
else
	echo "SKIP riscv64-brokenjit: no dump of the current runner in $dump"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
