#!/bin/sh
# kernel/lock-code.sh [--base] [VMLINUX] - checks that the lock sequences
# of tests/locks/gen.sh are the code the riscv64 kernel with the series
# really runs (v3: its default path is 6.12's, the .aq/.rl AMOs are the
# Zalasr alternatives' replacement code, found beside it): disassembles the kernel-check build's vmlinux (default
# $BPFMM_CACHE/kernel-check/build-riscv64/vmlinux, built by `make check`'s
# kernel suite) with riscv64-linux-gnu-objdump and looks for each one.
# With --base, the 6.12 (unpatched) sequences of the complete audit in the
# kernel suite's 6.12 build (default .../build-riscv64-base/vmlinux):
# mutex, rwsem, osq, qrwlock and the ticket lock as tinyconfig + SMP has
# them (no qspinlock in 6.12 riscv64, no rt_mutex in that config).
# Prints PASS/FAIL lines and "N passed, N failed"; SKIP without a vmlinux.
set -u
mode=patched
[ "${1:-}" = --base ] && { mode=base; shift; }
build=build-riscv64; [ $mode = base ] && build=build-riscv64-base
vmlinux=${1:-${BPFMM_CACHE:-$HOME/.cache/bpfmm}/kernel-check/$build/vmlinux}
objdump=riscv64-linux-gnu-objdump
if [ ! -r "$vmlinux" ]; then
	echo "SKIP: no riscv64 vmlinux ($vmlinux: make check's kernel suite builds it)"
	exit 0
fi
command -v $objdump >/dev/null 2>&1 || { echo "SKIP: no $objdump (package binutils-riscv64-linux-gnu)"; exit 0; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# one instruction a line: "mnemonic operands", addresses and encodings gone
$objdump -d --no-show-raw-insn "$vmlinux" |
	awk -F'\t' '/^[0-9a-f]+ <.*>:$/ { print; next } NF >= 2 { print $2 " " $3 }' >"$tmp/dis"
pass=0 fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }
# body FUNCTION: its instructions, mnemonics only, on one line
body() { awk -v f="<$1>:" '$2 == f { on = 1; next } on && /^[0-9a-f]+ </ { exit } on && NF { print $1 }' "$tmp/dis" | paste -sd' '; }
# has FUNCTION REGEX: the function's mnemonic line matches
has() {
	b=$(body "$1")
	if [ -z "$b" ]; then ko "$1: not in $vmlinux"; return; fi
	echo "$b" | grep -Eq "$2" && ok "$1: $3" || ko "$1: $3 (code: $b)"
}
# full FUNCTION: its instructions with operands, one a line
full() { awk -v f="<$1>:" '$2 == f { on = 1; next } on && /^[0-9a-f]+ </ { exit } on && NF { print }' "$tmp/dis"; }
# ordered FUNCTION REGEX WHAT: the function's instructions with operands,
# joined by ';', match REGEX (the memory operations and fences in order)
ordered() {
	b=$(full "$1" | grep -E '^(lr|sc|amo|fence|l[bhwd] |s[bhwd] )' | paste -sd';')
	if [ -z "$b" ]; then ko "$1: not in $vmlinux"; return; fi
	echo "$b" | grep -Eq "$2" && ok "$1: $3" || ko "$1: $3 (code: $b)"
}
# read_unlock_fenced SUFFIX: read_unlock, inlined, is 6.12's fence rw,w
# then amoadd.w (within two instructions)
read_unlock_fenced() {
	awk '$1 == "fence" && $2 == "rw,w" { f = NR } $1 == "amoadd.w" && f && NR - f <= 2 { n++ }
		END { exit n > 0 ? 0 : 1 }' "$tmp/dis" && ok "read_unlock (inlined): fence rw,w, amoadd.w$1" \
		|| ko "read_unlock: no fence rw,w + amoadd.w"
}
if [ $mode = base ]; then
	ordered mutex_lock '(^|;)lr\.d [^;]*;sc\.d [^;]*;fence r,rw' "mutex_lock fast path: lr.d, sc.d, fence r,rw"
	ordered mutex_unlock '(^|;)fence rw,w;lr\.d [^;]*;sc\.d ' "mutex_unlock fast path: fence rw,w, lr.d, sc.d"
	ordered __mutex_trylock_common 'lr\.d [^;]*;sc\.d [^;]*;fence r,rw' "mutex slow path / handoff pickup: lr.d, sc.d, fence r,rw"
	ordered up_read '(^|;)fence rw,w;amoadd\.d ' "up_read: fence rw,w, amoadd.d"
	ordered up_write '(^|;)fence rw,w;amoadd\.d ' "up_write: fence rw,w, amoadd.d"
	ordered rwsem_read_trylock 'amoadd\.d [^;]*;fence r,rw(;|$)' "down_read fast path: amoadd.d, fence r,rw"
	ordered rwsem_write_trylock 'lr\.d [^;]*;sc\.d [^;]*;fence r,rw' "down_write fast path: lr.d, sc.d, fence r,rw"
	ordered rwsem_down_read_slowpath 'fence r,r;.*fence r,rw' "down_read slow path: fence r,r (after_ctrl_dep), fence r,rw (load_acquire)"
	ordered osq_lock 'amoswap\.w\.aqrl ' "osq_lock: atomic_xchg = amoswap.w.aqrl"
	ordered osq_unlock '(^|;)fence rw,w;lr\.w [^;]*;sc\.w [^;]*;.*amoswap\.d\.aqrl ' "osq_unlock: fence rw,w, lr.w, sc.w; xchg = amoswap.d.aqrl"
	ordered queued_read_lock '(^|;)amoadd\.w [^;]*;fence r,rw' "read_lock: amoadd.w, fence r,rw"
	ordered queued_write_lock '(^|;)lr\.w [^;]*;sc\.w [^;]*;fence r,rw' "write_lock: lr.w, sc.w, fence r,rw"
	ordered do_raw_spin_lock '(^|;)amoadd\.w\.aqrl [^;]*;(l[wh] [^;]*;)*fence r,r;fence rw,rw' "spin_lock: amoadd.w.aqrl, slow path fence r,r, fence rw,rw"
	read_unlock_fenced ""
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi
has do_raw_spin_lock '^lui amoadd\.w\.aqrl ' "spin_lock starts with amoadd.w.aqrl"
# the slow paths of the two-CPU tests (spin_lock_slow, read_lock_slow):
# the waiting loop's lw, then fence r,r once it sees the lock free (and
# for the ticket lock smp_mb(), fence rw,rw)
full do_raw_spin_lock | paste -sd';' | grep -Eq ';lw [^;]*;([^;]*;)*fence r,r;fence rw,rw;' &&
	ok "do_raw_spin_lock: slow path lw ... fence r,r, fence rw,rw" ||
	ko "do_raw_spin_lock: no slow path lw ... fence r,r; fence rw,rw"
full queued_read_lock_slowpath | paste -sd';' | grep -Eq ';lw [^;]*;zext\.b [^;]*;beqz [^;]*;([^;]*;)*fence r,r;(ld|lw) ' &&
	ok "queued_read_lock_slowpath: lw, zext.b, beqz ... fence r,r (no fence rw,rw after it)" ||
	ko "queued_read_lock_slowpath: no atomic_cond_read_acquire as lw ... fence r,r"
# v3 (patch 2): the default path is 6.12's, the annotated AMO is the
# Zalasr alternative's replacement (code of its own, outside the function)
ordered queued_read_lock '(^|;)amoadd\.w [^;]*;fence r,rw' "read_lock's default path: amoadd.w, fence r,rw (6.12's)"
grep -q '^amoadd\.w\.aq ' "$tmp/dis" && ok "read_lock's Zalasr replacement: amoadd.w.aq present" \
	|| ko "no amoadd.w.aq (the Zalasr replacement of read_lock)"
has queued_write_lock '^li lr\.w bnez sc\.w bnez fence ' "write_lock is lr.w, bnez, sc.w, bnez, fence"
grep -A6 '<queued_write_lock>:' "$tmp/dis" | grep -q '^fence r,rw' && ok "queued_write_lock: the fence is fence r,rw" \
	|| ko "queued_write_lock: no fence r,rw"
# read_unlock is inlined: fence rw,w then amoadd.w (the default path,
# 6.12's), and amoadd.w.rl as the Zalasr replacement
read_unlock_fenced " (default path)"
grep -q '^amoadd\.w\.rl ' "$tmp/dis" && ok "read_unlock's Zalasr replacement: amoadd.w.rl present" \
	|| ko "no amoadd.w.rl (the Zalasr replacement of read_unlock)"
# spin_unlock and write_unlock are inlined: fence rw,w then sh / sb
# spin_unlock (do_raw_spin_unlock, after its mmiowb part): the owner's
# atomic_read, then fence rw,w and the 16-bit store, only ALU between
has do_raw_spin_unlock 'lw sext\.w fence (addw |sll |srl )*sh ret$' "spin_unlock ends lw, fence, sh"
awk -v f="<do_raw_spin_unlock>:" '$2 == f { on = 1; next } on && /^[0-9a-f]+ </ { exit } on && NF { l = l "\n" $0 }
	END { print l }' "$tmp/dis" | grep -q '^fence rw,w$' && ok "do_raw_spin_unlock: the fence is fence rw,w" \
	|| ko "do_raw_spin_unlock: no fence rw,w"
grep -A1 '^fence rw,w' "$tmp/dis" | grep -q '^sb ' && ok "write_unlock (inlined): fence rw,w then sb" \
	|| ko "write_unlock: no fence rw,w + sb"
grep -q '^amoand\.d\.rl zero,' "$tmp/dis" && ok "clear_bit_unlock: amoand.d.rl zero" || ko "no amoand.d.rl zero"
grep -q '^amoor\.d\.aq ' "$tmp/dis" && ok "test_and_set_bit_lock: amoor.d.aq" || ko "no amoor.d.aq"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
