#!/bin/sh
# herd7's own instruction tests: run bpfmm on the per-instruction semantic
# tests of herdtools7 (../shared/conformance/herd-instructions/ARCH, read in
# place, never copied) and compare, test by test, with herd7:
#   - X.litmus.expected: the Observation kind and the set of final States
#     (each state's entries compared as a set). A value is compared as a
#     64-bit pattern: herd7 prints a register declared uint64_t as unsigned
#     (18446744073709551615), bpfmm prints every value signed (-1);
#   - X.litmus.expected-failure: herd7 rejects the test, so bpfmm must too,
#     with exit status 1 or 2 and a FILE:LINE:COL error.
#
#   tests/conformance/instructions.sh [ARCH...]
#
# ARCH: RISCV, PPC, AArch64, X86_64 (default: all four), each run with its
# model (models/riscv.cat, ppc.cat, aarch64.cat, x86tso.cat). Environment:
# HERD_INSTRUCTIONS (the tests' directory), BPFMM (default build/bpfmm),
# JOBS (bpfmm processes at a time, default 4).
#
# A test with byte, halfword or word accesses to a location, which bpfmm
# models only with -variant mixed (docs/mixed-size.md), is run again with
# it and compared with herd7's answer without it.
# A test bpfmm refuses as "unsupported", or that needs an extension named in
# the variants column of ARCH/index.tsv that bpfmm does not model (morello,
# memtag, vmsa, NV2, ...), counts as skipped. Known differences with herd7
# are listed, each with its reason, in instructions-known.txt
# ("ARCH FILE reason"): reported, not counted as failures; a listed test
# that agrees is a failure until it is removed from the list.
# Ends with "N passed, N failed (...)"; exit 0 iff nothing failed; exit 0
# with "SKIP: ..." when the tests are absent.
set -u
. "$(dirname "$0")/lib.sh"
dir=${HERD_INSTRUCTIONS:-$root/../shared/conformance/herd-instructions}
bpfmm=${BPFMM:-$root/build/bpfmm}
known_file="$(dirname "$0")/instructions-known.txt"
[ $# -gt 0 ] || set -- RISCV PPC AArch64 X86_64

if [ ! -d "$dir" ]; then
	echo "SKIP: herd7 instruction tests not found at $dir"
	exit 0
fi

# Variants (index.tsv) that ask for an extension bpfmm does not model.
skip_variants='morello|memtag|vmsa|nv2|fatal|mixed|dontcheckmixed'

# norm FILE: FILE with every decimal number of 2^63 or more rewritten as
# the negative number with the same 64-bit pattern (n - 2^64, computed on
# digit strings: awk numbers are doubles).
norm() {
	awk 'function sub64(a,   b, r, i, d, c) {
		# 18446744073709551616 - a, for a < 2^64 of 19 or 20 digits
		b = "18446744073709551616"
		while (length(a) < 20) a = "0" a
		r = ""; c = 0
		for (i = 20; i >= 1; i--) {
			d = substr(b, i, 1) - substr(a, i, 1) - c
			c = d < 0; if (c) d += 10
			r = d r
		}
		sub(/^0+/, "", r)
		return "-" r
	}
	function big(s) {
		return length(s) > 19 || (length(s) == 19 && s >= "9223372036854775808")
	}
	{
		out = ""; line = $0
		while (match(line, /[0-9]+/)) {
			s = substr(line, RSTART, RLENGTH)
			pre = substr(line, 1, RSTART - 1)
			if (big(s) && substr(pre, length(pre)) != "-") s = sub64(s)
			out = out pre s; line = substr(line, RSTART + RLENGTH)
		}
		print out line
	}' "$1"
}

# run_arch ARCH MODEL: run every test of ARCH into $tmp/ARCH/N.{out,err,rc}
# (a run over a minute is stopped, where timeout(1) exists, and fails).
run_arch() {
	d="$dir/$1"
	(cd "$d" && ls | grep '\.litmus$' | LC_ALL=C sort) >"$tmp/$1.files"
	mkdir "$tmp/$1"
	awk '{ print NR - 1; print $0 }' "$tmp/$1.files" |
		xargs -n 2 -P "$jobs" sh -c 't=; command -v timeout >/dev/null && t="timeout 60"
			$t "$0" -notime -model "$1" "$2/$5" >"$3/$4.out" 2>"$3/$4.err"; echo $? >"$3/$4.rc"
			# sub-word accesses: bpfmm models them only under -variant mixed,
			# where herd7 answers these tests without it (one value a location)
			if grep -q "modelled only with -variant mixed" "$3/$4.err"; then
				$t "$0" -notime -variant mixed -model "$1" "$2/$5" >"$3/$4.out" 2>"$3/$4.err"
				echo $? >"$3/$4.rc"
			fi' \
			"$bpfmm" "$2" "$d" "$tmp/$1" 2>/dev/null
}

# known ARCH FILE: the reason ARCH FILE is listed in the known file, or "".
known() {
	awk -v a="$1" -v f="$2" '$1 == a && $2 == f {
		$1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$known_file" 2>/dev/null
}

# variants ARCH FILE: the test's variants column in ARCH/index.tsv.
variants() {
	awk -F '	' -v f="$2" '$1 == f { print $3; exit }' "$dir/$1/index.tsv" 2>/dev/null
}

# verdict ARCH FILE N: sets res to pass, skip or fail, and why.
verdict() {
	a=$1 f=$2 o="$tmp/$1/$3"
	why=""
	if [ -f "$dir/$a/$f.expected" ]; then
		if grep -q 'unsupported' "$o.err"; then
			why=$(head -1 "$o.err"); res=skip; return
		fi
		if ! grep -q '^Observation ' "$o.out"; then
			why="no result ($(head -1 "$o.err"))"; res=fail; return
		fi
		norm "$o.out" >"$o.nout"
		norm "$dir/$a/$f.expected" >"$o.nexp"
		got=$(summarise "$o.nout") want=$(summarise "$o.nexp")
		if [ "${got%% *}" != "${want%% *}" ]; then
			why="observation ${got%% *}, herd7 ${want%% *}"; res=fail; return
		fi
		if [ "${got#* }" != "${want#* }" ]; then
			why="states differ
   herd7: ${want#* }
   got:   ${got#* }"
			res=fail; return
		fi
		res=pass
	elif [ -f "$dir/$a/$f.expected-failure" ]; then
		rc=$(cat "$o.rc")
		if [ "$rc" != 1 ] && [ "$rc" != 2 ]; then
			why="accepted (exit $rc), herd7 rejects it"; res=fail; return
		fi
		if ! grep -Eq '^[^ :]+\.litmus:[0-9]+:[0-9]+: ' "$o.err"; then
			why="rejected without a FILE:LINE:COL error"; res=fail; return
		fi
		res=pass
	else
		why="no .expected or .expected-failure"; res=fail
	fi
}

# need_bpfmm: exit 2 unless $bpfmm is there; make $tmp (removed on exit).
need_bpfmm() {
	[ -x "$bpfmm" ] || { echo "$me: no executable $bpfmm (run make)" >&2; exit 2; }
	tmp=$(mktemp -d) || exit 2
	trap 'rm -rf "$tmp"' EXIT
}
need_bpfmm

tpass=0 tfail=0 tskip=0 tknown=0
for a in "$@"; do
	case $a in
	RISCV) model=riscv.cat ;;
	PPC) model=ppc.cat ;;
	AArch64) model=aarch64.cat ;;
	X86_64) model=x86tso.cat ;;
	*) echo "$me: unknown ARCH $a (RISCV, PPC, AArch64, X86_64)" >&2; exit 2 ;;
	esac
	if [ ! -d "$dir/$a" ]; then
		echo "$me: no tests for $a in $dir" >&2; exit 2
	fi
	[ -f "$root/models/$model" ] || { echo "$me: no model models/$model" >&2; exit 2; }
	run_arch "$a" "$root/models/$model"
	pass=0 fail=0 skip=0 nknown=0 n=0
	while read -r f; do
		i=$n; n=$((n + 1))
		reason=$(known "$a" "$f")
		v=$(variants "$a" "$f" | tr 'A-Z' 'a-z')
		if [ -n "$v" ] && echo "$v" | grep -Eq "(^|[^a-z0-9])($skip_variants)([^a-z0-9]|\$)"; then
			skip=$((skip + 1)); continue
		fi
		verdict "$a" "$f" "$i"
		case $res in
		pass)
			if [ -n "$reason" ]; then
				echo "FAIL $a/$f: now agrees with herd7; remove it from $(basename "$known_file")"
				fail=$((fail + 1))
			else
				pass=$((pass + 1))
			fi ;;
		skip) skip=$((skip + 1)) ;;
		*)
			if [ -n "$reason" ]; then
				echo "KNOWN $a/$f: $reason"
				nknown=$((nknown + 1))
			else
				echo "FAIL $a/$f: $why"
				fail=$((fail + 1))
			fi ;;
		esac
	done <"$tmp/$a.files"
	echo "$a: $pass passed, $fail failed ($skip skipped, $nknown known differences)"
	tpass=$((tpass + pass)) tfail=$((tfail + fail))
	tskip=$((tskip + skip)) tknown=$((tknown + nknown))
done
echo "$tpass passed, $tfail failed ($tskip skipped, $tknown known differences)"
[ "$tfail" -eq 0 ]
