#!/bin/bash
# tests/jit-check/hostile.sh - suite hostile-dump of `make check`
# (docs/jit-check.md, "Untrusted dumps").
#
# A JIT dump comes from another machine: every way it can be wrong must
# end within seconds in an error that names the problem, exit 1, with
# nothing left in TMPDIR and no runaway write.  Each case runs
# `bpfmm jit-check` under `timeout 5`, a file-size limit of 64 MB (a
# runaway write dies with SIGXFSZ instead of filling the disk) and a
# TMPDIR of its own, then checks: exit status 1, a line "error:" on
# stderr matching the case's pattern, under 5 s, TMPDIR empty.
#
# Cases, for each of the six architectures with a guest (the recorded
# fixture of LB+ctrl+ctrl, and bpftool's forms of it made by
# bpftool-forms.pl):
#   - the console's image of thread 0 cut by 1 hex digit, 1, 2, 3, 4, 8,
#     16 and 64 bytes, to half, to its first instruction;
#   - the console read with each of the six other --arch (the user's
#     ordinary mistake that filled a disk: padding that never ended);
#   - a non-hex digit, the same image twice, the two threads' images
#     swapped;
#   - bpftool text cut inside an instruction's bytes and after a whole
#     instruction; bpftool JSON cut at 10%, 50%, 90% and one character
#     short; a raw image cut by 1 and by 2 instruction widths; a raw
#     image with the wrong --arch;
# for loongarch64, which no guest boots here, the same console cases on
# the acqrel dump of MP+rel+acq assembled by llvm-mc-19
# (tests/jit-check/acqrel/loongarch64-*.s);
# and once: an empty dump, an unrelated one, a dump with no runner line,
# one image of 66,000 bytes, 17,000 images, a line of 300 KB, 5 MiB of
# code in 80 images, a 300 MB sparse file; the last two also as consoles
# of `bpfmm run --judge`, and a line of 2,000 bytes and the sparse file as
# mapping tables of `bpfmm map --mapping`.
# Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
make -s build/bpfmm || exit 2
. tests/jit-check/need-llvm.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fix=tests/jit-check/fixtures
test=tests/litmus/bpf/LB+ctrl+ctrl.litmus
arches="riscv64 arm64 x86_64 mips64el ppc64le s390x"
wrong="$arches loongarch64"   # every --arch a dump can be misread with
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

# hostile NAME PATTERN ARGS...: jit-check ARGS must fail as said above,
# with a line matching "error: .*PATTERN" (grep -E) on stderr.
hostile() {
	local name=$1 pat=$2 td=$tmp/td rc t0 t1 left ms
	shift 2
	rm -rf "$td"
	mkdir "$td"
	t0=$(date +%s%N)
	(ulimit -f 65536; TMPDIR=$td exec timeout -k 1 5 build/bpfmm jit-check "$@" "${htest:-$test}") \
		> "$tmp/out" 2> "$tmp/err"
	rc=$?
	t1=$(date +%s%N)
	ms=$(((t1 - t0) / 1000000))
	left=$(ls -A "$td" | wc -l)
	if [ "$rc" = 1 ] && grep -Eq "error: .*$pat" "$tmp/err" && [ "$left" = 0 ] && [ "$ms" -lt 5000 ]; then
		ok
	else
		ko "$name: exit $rc, $ms ms, $left files left in TMPDIR; stderr: $(head -c 400 "$tmp/err")"
	fi
}

# cut_hex FILE THREAD NCHARS: FILE with NCHARS hex digits taken off the
# image of THREAD of LB+ctrl+ctrl (of $tre, a regular expression, if set)
cut_hex() {
	awk -v t="$2" -v k="$3" -v r="${tre:-LB\\\\+ctrl\\\\+ctrl}" '$0 ~ (" jit " r " " t " ") { $0 = substr($0, 1, length($0) - k) } { print }' "$1"
}
# keep_hex FILE THREAD NCHARS: that image's first NCHARS hex digits only
keep_hex() {
	awk -v t="$2" -v k="$3" -v r="${tre:-LB\\\\+ctrl\\\\+ctrl}" '$0 ~ (" jit " r " " t " ") { n = split($0, w, " "); h = w[n]; $0 = substr($0, 1, length($0) - length(h)) substr(h, 1, k) } { print }' "$1"
}
width() { case $1 in riscv64|s390x) echo 2 ;; x86_64) echo 1 ;; *) echo 4 ;; esac; }
# console_cases A CONSOLE NAME W: the damaged forms of test NAME's dump in
# CONSOLE, each refused: cut by a hex digit, by whole bytes, to half, to
# its first instruction (W bytes); read with every other --arch of $wrong;
# a non-hex digit; an image twice ($tre and $htest name the test if it is
# not LB+ctrl+ctrl)
console_cases() {
	a=$1 c=$2 n=$3 w=$4
	nre=$(printf '%s' "$n" | sed 's/+/\\+/g')
	hexlen=$(grep " jit $n 0 " "$c" | awk '{ print length($NF) }')
	cut_hex "$c" 0 1 > "$tmp/cut.console"
	hostile "$a cut by one hex digit" "odd or empty hex image" --arch "$a" --dump "$tmp/cut.console"
	for k in 1 2 3 4 8 16 64; do
		cut_hex "$c" 0 $((2 * k)) > "$tmp/cut.console"
		hostile "$a cut by $k bytes" "cut short" --arch "$a" --dump "$tmp/cut.console"
	done
	keep_hex "$c" 0 $((hexlen / 4 * 2)) > "$tmp/cut.console"
	hostile "$a cut to half" "cut short" --arch "$a" --dump "$tmp/cut.console"
	keep_hex "$c" 0 $((2 * w)) > "$tmp/cut.console"
	hostile "$a cut to its first instruction" "not $a code|cut short" --arch "$a" --dump "$tmp/cut.console"
	for b in $wrong; do
		[ "$b" = "$a" ] && continue
		hostile "$a dump read as --arch $b" "not $b code|not a whole number of $b instructions|ends inside an $b instruction" \
			--arch "$b" --dump "$c"
	done
	sed "/ jit $n 0 /s/\(.*\)[0-9a-f]\([0-9a-f]\{10\}\)\$/\1g\2/" "$c" > "$tmp/nonhex.console"
	hostile "$a non-hex digit" "not a hex image" --arch "$a" --dump "$tmp/nonhex.console"
	{ cat "$c"; grep " jit $n 1 " "$c"; } > "$tmp/twice.console"
	hostile "$a an image twice" "a second image of $nre thread 1" --arch "$a" --dump "$tmp/twice.console"
}

for a in $arches; do
	c=$tmp/$a.console
	grep -E "bpfmm-run: (layout|jit|ksym) LB\+ctrl\+ctrl " "$fix/$a.console" > "$c"
	# the untouched dump is judged (else every case below proves nothing)
	if build/bpfmm jit-check --arch "$a" --dump "$c" "$test" > "$tmp/good.out" 2>&1 &&
		grep -q "jit sound" "$tmp/good.out"; then ok; else ko "$a: the fixture itself: $(cat "$tmp/good.out")"; fi
	w=$(width "$a")
	[ "$a" = x86_64 ] && w=4   # its first instruction (endbr64 / nop4)
	console_cases "$a" "$c" LB+ctrl+ctrl "$w"
	# the threads' images of MP+fence+fence swapped (its threads' initial
	# values differ: r8 is f0 in one, f1 in the other)
	awk '/ jit MP\+fence\+fence 0 /{ i0 = $NF } / jit MP\+fence\+fence 1 /{ i1 = $NF }
	     / MP\+fence\+fence / { l[++n] = $0 }
	     END { for (k = 1; k <= n; k++) { s = l[k]
		if (s ~ / jit MP\+fence\+fence 0 /) sub(/[0-9a-f]+$/, i1, s)
		else if (s ~ / jit MP\+fence\+fence 1 /) sub(/[0-9a-f]+$/, i0, s)
		print s } }' "$fix/$a.console" > "$tmp/swap.console"
	htest=tests/litmus/bpf/MP+fence+fence.litmus hostile "$a the threads' images swapped" \
		"is not the code of .*thread" --arch "$a" --dump "$tmp/swap.console"

	# bpftool's forms of the same dump
	d=$tmp/bt-$a
	if ! perl tests/jit-check/bpftool-forms.pl "$a" "$c" "$d" 2> "$tmp/forms.err"; then
		ko "bpftool-forms.pl $a: $(cat "$tmp/forms.err")"
		continue
	fi
	if build/bpfmm jit-check --arch "$a" --dump "$d/run.txt" --bpftool "$d/text.txt" "$test" > "$tmp/good.out" 2>&1 &&
		grep -q "jit sound" "$tmp/good.out"; then ok; else ko "$a: bpftool text itself: $(cat "$tmp/good.out")"; fi
	# text: cut inside the bytes line of the last instruction (its last
	# byte gone), then right after a whole instruction in mid-image
	n=$(wc -l < "$d/text.txt")
	lastbytes=$(grep -n "^	" "$d/text.txt" | tail -n 1 | cut -d: -f1)
	head -n $((lastbytes - 1)) "$d/text.txt" > "$tmp/cut.txt"
	grep "^	" "$d/text.txt" | tail -n 1 | sed 's/ *[0-9a-f][0-9a-f] *$//' >> "$tmp/cut.txt"
	hostile "$a bpftool text cut in a bytes line" "cut short|not a whole number|incomplete" \
		--arch "$a" --dump "$d/run.txt" --bpftool "$tmp/cut.txt"
	head -n $((lastbytes - 1)) "$d/text.txt" > "$tmp/cut.txt"
	hostile "$a bpftool text cut before the last bytes line" "cut short" \
		--arch "$a" --dump "$d/run.txt" --bpftool "$tmp/cut.txt"
	mid=$(grep -n "^	" "$d/text.txt" | sed -n '20p' | cut -d: -f1)
	head -n "$mid" "$d/text.txt" > "$tmp/cut.txt"
	hostile "$a bpftool text cut after instruction 20" "cut short" \
		--arch "$a" --dump "$d/run.txt" --bpftool "$tmp/cut.txt"
	j=$(ls "$d"/json/*.json | head -n 1)
	size=$(wc -c < "$j")
	for cut in $((size / 10)) $((size / 2)) $((size * 9 / 10)) $((size - 2)); do
		head -c "$cut" "$j" > "$tmp/$(basename "$j")"
		hostile "$a bpftool JSON cut to $cut of $size bytes" "bad JSON|no instructions" \
			--arch "$a" --dump "$d/run.txt" --bpftool "$tmp/$(basename "$j")"
	done
	r=$(ls "$d"/raw/*_0.bin | head -n 1)
	size=$(wc -c < "$r")
	w=$(width "$a")
	for k in 1 $w $((2 * w)); do
		head -c $((size - k)) "$r" > "$tmp/$(basename "$r")"
		hostile "$a raw image cut by $k bytes" "cut short|not a whole number" \
			--arch "$a" --dump "$d/run.txt" --image "$tmp/$(basename "$r")"
	done
	b=arm64
	[ "$a" = arm64 ] && b=x86_64
	hostile "$a raw image read as --arch $b" "not $b code|not a whole number of $b instructions|ends inside an $b instruction" \
		--arch "$b" --dump "$d/run.txt" --image "$r"
done

# loongarch64: the console cases on the assembled acqrel dump of MP+rel+acq
if command -v llvm-mc-19 >/dev/null; then
	a=loongarch64 c=$tmp/loongarch64.console
	for t in 0 1; do
		llvm-mc-19 -triple=loongarch64-linux-gnu -mattr=+d -I tests/jit-check/acqrel -filetype=obj \
			-o "$tmp/la.o" "tests/jit-check/acqrel/$a-$t.s" &&
			llvm-objcopy-19 -O binary -j .text "$tmp/la.o" "$tmp/la.bin" &&
			printf 'bpfmm-run: jit MP+rel+acq %s %s\n' "$t" "$(od -An -v -tx1 "$tmp/la.bin" | tr -d ' \n')"
	done > "$c"
	tre='MP\\+rel\\+acq' htest=tests/litmus/bpf/MP+rel+acq.litmus
	if build/bpfmm jit-check --arch "$a" --dump "$c" "$htest" > "$tmp/good.out" 2>&1 &&
		grep -q "jit sound" "$tmp/good.out"; then ok; else ko "$a: the assembled dump itself: $(cat "$tmp/good.out")"; fi
	console_cases "$a" "$c" MP+rel+acq 4
	awk '/ jit MP\+rel\+acq 0 /{ i0 = $NF } / jit MP\+rel\+acq 1 /{ i1 = $NF } { l[++n] = $0 }
	     END { for (k = 1; k <= n; k++) { s = l[k]
		if (s ~ / jit MP\+rel\+acq 0 /) sub(/[0-9a-f]+$/, i1, s)
		else if (s ~ / jit MP\+rel\+acq 1 /) sub(/[0-9a-f]+$/, i0, s)
		print s } }' "$c" > "$tmp/swap.console"
	hostile "$a the threads' images swapped" "is not the code of .*thread" --arch "$a" --dump "$tmp/swap.console"
	unset tre htest
else
	echo "SKIP loongarch64: no llvm-mc-19 (Debian package llvm-19)"
fi

# once
c=$tmp/riscv64.console
: > "$tmp/empty.console"
hostile "an empty dump" "no \"bpfmm-run: \" line" --arch riscv64 --dump "$tmp/empty.console"
printf 'Linux version 6.12\nbpfmm-run: start\n' > "$tmp/other.console"
hostile "a dump of another run" "no code of any test given" --arch riscv64 --dump "$tmp/other.console"
grep -v "LB+ctrl+ctrl" "$fix/riscv64.console" > "$tmp/unrelated.console"
hostile "a dump without the test" "no code of any test given" --arch riscv64 --dump "$tmp/unrelated.console"
head -c 100000 /dev/urandom > "$tmp/binary.console"
hostile "random bytes" "no \"bpfmm-run: \" line" --arch riscv64 --dump "$tmp/binary.console"
{ cat "$c"; printf 'bpfmm-run: jit big 0 '; head -c 66000 /dev/zero | od -An -v -tx1 | tr -d ' \n'; echo; } > "$tmp/big.console"
hostile "an image of 66,000 bytes" "image too long" --arch riscv64 --dump "$tmp/big.console"
{ cat "$c"; awk 'BEGIN { for (i = 0; i < 17000; i++) printf "bpfmm-run: jit t%d 0 0100\n", i }'; } > "$tmp/many.console"
hostile "17,000 images" "more than 16384 jit lines" --arch riscv64 --dump "$tmp/many.console"
{ cat "$c"; printf 'bpfmm-run: jit long 0 '; head -c 150000 /dev/zero | od -An -v -tx1 | tr -d ' \n'; echo; } > "$tmp/long.console"
hostile "a line of 300 KB" "a line longer than" --arch riscv64 --dump "$tmp/long.console"
{ cat "$c"; awk 'BEGIN { h = ""; for (i = 0; i < 1024; i++) h = h "0100"
	for (t = 0; t < 80; t++) { printf "bpfmm-run: jit code%d 0 ", t; for (k = 0; k < 32; k++) printf "%s", h; print "" } }'; } > "$tmp/code.console"
hostile "5 MiB of code in 80 images" "more than 4 MiB of code" --arch riscv64 --dump "$tmp/code.console"
truncate -s 300M "$tmp/sparse.console"
hostile "a 300 MB sparse file" "larger than 256 MiB" --arch riscv64 --dump "$tmp/sparse.console"
# `bpfmm run --judge` reads a guest's console with the same bounds: a
# 300 MB sparse file and a runner line of 300 KB are said and end fast
judge_hostile() {
	local name=$1 pat=$2 rc t0 t1 ms
	t0=$(date +%s%N)
	(ulimit -f 65536; exec timeout -k 1 5 build/bpfmm run --judge "$3" "$test") > "$tmp/out" 2> "$tmp/err"
	rc=$?
	t1=$(date +%s%N)
	ms=$(((t1 - t0) / 1000000))
	if [ "$rc" = 1 ] && grep -Eq "$pat" "$tmp/err" && [ "$ms" -lt 5000 ]; then
		ok
	else
		ko "run --judge $name: exit $rc, $ms ms; stderr: $(head -c 400 "$tmp/err")"
	fi
}
judge_hostile "a 300 MB sparse console" "warning: the console is larger than 256 MiB" "$tmp/sparse.console"
judge_hostile "a runner line of 300 KB" "warning: a line longer than" "$tmp/long.console"
# `bpfmm map --mapping FILE` reads a table with the same discipline: a
# line of 2,000 bytes and a 300 MB sparse file end at once, exit 1
{ echo "name long"; printf 'arch '; head -c 2000 /dev/zero | tr '\0' a; echo; } > "$tmp/long.map"
for m in "$tmp/long.map" "$tmp/sparse.console"; do
	t0=$(date +%s%N)
	(ulimit -f 65536; exec timeout -k 1 5 build/bpfmm map --mapping "$m" "$test") > "$tmp/out" 2> "$tmp/err"
	rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	if [ "$rc" = 1 ] && grep -q "^$m:[12]:1024: error: line longer than 1023 bytes$" "$tmp/err" && [ "$ms" -lt 5000 ]; then
		ok
	else
		ko "map --mapping ${m##*/}: exit $rc, $ms ms; stderr: $(head -c 300 "$tmp/err")"
	fi
done
rm -f "$tmp"/*.console
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
