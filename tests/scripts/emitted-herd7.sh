#!/bin/sh
# Every test bpfmm writes runs unmodified under herd7 (../shared/tools/herd7):
# `map --emit` with every mapping table (every architecture), `c2bpf
# --emit` and `lkmm-map --emit`.
#
#   emitted-herd7.sh [BPFMM [BPF-TEST... -- C-TEST...]]
#
# Default inputs: tests/litmus/bpf (map) and tests/litmus/c (c2bpf,
# lkmm-map; those need the kernel's memory model, else that part says
# SKIP). herd7 bundles no architecture models: it is given ours with
# -model where it accepts them (bpf.cat, ppc.cat, arm.cat, x86tso.cat),
# and then must print exactly the States and Observation lines bpfmm
# prints for the same file and model (herd7 warns that it does not know
# a model's variants, e.g. arm.cat's same-address-w, and assumes them
# unset, as bpfmm does by default: that warning is no rejection). Our riscv.cat and aarch64.cat name event sets
# herd7 does not define (AMO, pick-dep): those tests run under herdtools7's
# own model of the architecture ($SHARED/reference-models/herd-lib) and
# must be answered without a warning. A test herd7 rejects passes only
# for a reason tests/scripts/emitted-herd7-known.txt gives (an
# instruction herd7's dialect lacks). herd7 has no s390x or LoongArch
# dialect at all: the suite checks that it still says so (else this suite
# and the docs must be extended) and that bpfmm reads each such test back;
# SPARC is our own dialect (docs/sparc-model.md), checked the same way.
# Prints "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${1:-$root/build/bpfmm}
[ $# -gt 0 ] && shift
SHARED=${SHARED:-$root/../shared}
herd=${HERD7:-$SHARED/tools/herd7/herd7}
lib=$SHARED/reference-models/herd-lib
if [ ! -x "$herd" ]; then echo "SKIP: herd7 not found at $herd"; echo "0 passed, 0 failed"; exit 0; fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL: $*"; fail=$((fail + 1)); }

# inputs
: >"$tmp/bpf" ; : >"$tmp/c"
if [ $# -gt 0 ]; then
	list=$tmp/bpf
	for f; do
		if [ "$f" = -- ]; then list=$tmp/c; continue; fi
		echo "$f" >>"$list"
	done
else
	ls "$root"/tests/litmus/bpf/*.litmus >"$tmp/bpf"
	ls "$root"/tests/litmus/c/*.litmus >"$tmp/c"
fi

# "NAME|line" for each state and the Observation line of each test in a
# herd7-style output, sorted. The items of a state are sorted too: herd7
# lists registers in its own register numbering (r6 before r30, rcx before
# r8), bpfmm by name; the syntax of each item is the same.
results() {
	awk '/^Test /{ n = $2; s = 0; next } /^States /{ s = 1; next }
	     /^(Loop )?(Ok|No)$/{ s = 0 }
	     s { k = split($0, it, "; *"); line = ""
		 for (i = 1; i <= k; i++) if (it[i] != "") sub(/;$/, "", it[i])
		 m = 0; for (i = 1; i <= k; i++) if (it[i] != "") key[++m] = it[i]
		 for (i = 2; i <= m; i++) { v = key[i]; for (j = i - 1; j >= 1 && key[j] > v; j--) key[j + 1] = key[j]; key[j + 1] = v }
		 for (i = 1; i <= m; i++) line = line key[i] "; "
		 print n "|" line }
	     /^Observation /{ print n "|" $0 }' "$1" | sort
}

known=$root/tests/scripts/emitted-herd7-known.txt
# the reason known lists for EMITTER's test FILE rejected with MESSAGE
known_reason() {   # known_reason EMITTER FILE MESSAGE
	grep -v '^#' "$known" | while IFS='	' read -r em msg text reason; do
		[ "$em" = "$1" ] || continue
		printf '%s\n' "$3" | grep -Eq -- "$msg" || continue
		grep -Eq -- "$text" "$2" || continue
		echo "$reason"
		break
	done
}

# herd7 on DIR's tests with MODEL-ARGS: each test answered without a
# warning, or rejected for a reason known lists for EMITTER; with SAME=1
# (our model), the answered tests have the States and Observation bpfmm
# gives the same file with the same model
herd_dir() {   # herd_dir WHAT EMITTER DIR SAME MODEL-ARGS...
	what=$1 emitter=$2 dir=$3 same=$4; shift 4
	n=$(ls "$dir"/*.litmus 2>/dev/null | wc -l)
	[ "$n" -gt 0 ] || { ko "$what: no test written"; return; }
	timeout 900 "$herd" "$@" "$dir"/*.litmus >"$tmp/herd.out" 2>&1
	grep '^Warning: File "' "$tmp/herd.out" | grep -v 'unrolling limit exceeded' \
		| grep -v 'non-existent variant "[a-z-]*", assumed unset' \
		| sed -E 's/^Warning: File "([^"]*)"(, line [0-9]+, characters [0-9-]+)?: (.*)$/\1	\3/' >"$tmp/rejected"
	grep -q '^Fatal' "$tmp/herd.out" && ko "$what: herd7 stopped: $(grep -m1 '^Fatal' "$tmp/herd.out")"
	nk=0
	while IFS='	' read -r f msg; do
		r=$(known_reason "$emitter" "$f" "$msg")
		if [ -n "$r" ]; then
			nk=$((nk + 1)); ok
			echo "$r" >>"$tmp/reasons"
		else
			ko "$what: herd7 rejects $(basename "$f"): $msg"
		fi
	done <"$tmp/rejected"
	nr=$(wc -l <"$tmp/rejected")
	got=$(grep -c '^Observation ' "$tmp/herd.out")
	[ "$got" -eq $((n - nr)) ] && ok || ko "$what: herd7 answered $got of $n emitted tests ($nr rejected)"
	if [ "$same" = 1 ]; then
		"$bpfmm" -notime "$@" "$dir"/*.litmus >"$tmp/bpfmm.out" 2>"$tmp/bpfmm.err"
		results "$tmp/herd.out" >"$tmp/h"
		cut -d'|' -f1 "$tmp/h" | sort -u >"$tmp/names"
		results "$tmp/bpfmm.out" | awk -F'|' 'NR == FNR { keep[$1] = 1; next } keep[$1]' "$tmp/names" - >"$tmp/b"
		if [ -s "$tmp/h" ] && cmp -s "$tmp/h" "$tmp/b"; then ok; else
			ko "$what: herd7 and bpfmm differ on emitted tests (same model): $(diff "$tmp/h" "$tmp/b" | head -6)"
		fi
	fi
	echo "$what: $n emitted tests, herd7 answers $got${nk:+, $nk rejected for reasons in $(basename "$known")}"
}

# ---- map --emit, every mapping table ---------------------------------------
for table in "$root"/mappings/*; do
	name=$(basename "$table")
	model=$(sed -n 's/^model[ \t]*//p' "$table" | head -1)
	dir=$tmp/map/$name
	arch=${name%%-linux*}; arch=${arch%%-before*}; arch=${arch%%-proposed}
	arch=$(echo "$arch" | sed 's/-[0-9a-f]\{12,\}$//'); arch=${arch%%-llsc}; arch=${arch%%-zacas}   # an upstream table: ARCH-COMMIT
	xargs "$bpfmm" map --mapping "$table" --emit "$dir" <"$tmp/bpf" >"$tmp/map.out" 2>"$tmp/map.err"
	case $model in
	bpf.cat|ppc.cat|arm.cat|x86tso.cat)
		herd_dir "map $name" "map-$arch" "$dir" 1 -unroll 0 -model "$root/models/$model" ;;
	riscv.cat|aarch64.cat|mips.cat)
		if [ -f "$lib/$model" ]; then
			herd_dir "map $name" "map-$arch" "$dir" 0 -unroll 0 -I "$lib" -model "$model"
		else
			echo "SKIP: map $name under herd7 (no $lib/$model)"
		fi ;;
	s390x.cat|loongarch.cat|sparc.cat)
		n=$(ls "$dir"/*.litmus 2>/dev/null | wc -l)
		[ "$n" -gt 0 ] || { ko "map $name: no test written"; continue; }
		first=$(ls "$dir"/*.litmus | head -1)
		"$herd" -model "$root/models/$model" "$first" >"$tmp/herd.out" 2>&1
		grep -q 'is not an implemented architecture' "$tmp/herd.out" && ok \
			|| ko "map $name: herd7 now reads $(head -1 "$first" | cut -d' ' -f1) tests ($(head -2 "$tmp/herd.out")): check them here and update docs"
		"$bpfmm" -notime -model "$root/models/$model" "$dir"/*.litmus >"$tmp/bpfmm.out" 2>"$tmp/bpfmm.err"
		got=$(grep -c '^Observation ' "$tmp/bpfmm.out")
		[ "$got" -eq "$n" ] && ok || ko "map $name: bpfmm reads back $got of $n emitted tests: $(head -3 "$tmp/bpfmm.err")"
		echo "map $name: $n emitted tests, herd7 has no such dialect, bpfmm reads them back" ;;
	*)
		ko "map $name: no rule for model $model" ;;
	esac
done

# ---- c2bpf --emit and lkmm-map --emit ---------------------------------------
if [ -s "$tmp/c" ] && "$bpfmm" c2bpf "$(head -1 "$tmp/c")" >/dev/null 2>&1; then
	xargs "$bpfmm" c2bpf --emit "$tmp/c2bpf" <"$tmp/c" >/dev/null 2>&1
	herd_dir "c2bpf" c2bpf "$tmp/c2bpf" 1 -model "$root/models/bpf.cat"
	xargs "$bpfmm" lkmm-map --mapping all --emit "$tmp/lkmm-map" <"$tmp/c" >/dev/null 2>&1
	if [ -f "$lib/riscv.cat" ]; then
		# one herd7 run per mapping: herd7 refuses two tests of one name
		for m in $(ls "$tmp/lkmm-map" | sed 's/.*\.\(riscv64-[a-z0-9.-]*\)\.litmus$/\1/' | sort -u); do
			mkdir "$tmp/lkmm-map-$m"
			mv "$tmp/lkmm-map"/*."$m".litmus "$tmp/lkmm-map-$m"/
			herd_dir "lkmm-map $m" lkmm-map "$tmp/lkmm-map-$m" 0 -I "$lib" -model riscv.cat
		done
	else
		echo "SKIP: lkmm-map under herd7 (no $lib/riscv.cat)"
	fi
elif [ -s "$tmp/c" ]; then
	echo "SKIP: c2bpf and lkmm-map (no kernel memory model; set LKMM_DIR)"
fi
if [ -s "$tmp/reasons" ]; then
	echo "herd7 rejections, by reason (tests/scripts/emitted-herd7-known.txt):"
	sort "$tmp/reasons" | uniq -c
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
