#!/bin/sh
# Repository-wide checks (issue 14 item 5):
#  - the man page renders without warnings (`man -l`), `make install` puts
#    it in share/man/man1, and it names every option of `bpfmm --help` and
#    every sub-command the help text lists;
#  - no tracked file names an absolute path of a developer's machine (under
#    the top-level folders work, home or root): tests and docs use paths
#    relative to the repository or $SHARED;
#  - `make check SUITES="..."` runs only the named suites and refuses an
#    unknown name.
# Usage: tests/scripts/repo.sh [BPFMM]   Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${1:-$root/build/bpfmm}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL: $*"; fail=$((fail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- man page
if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man --warnings -l "$root/man/bpfmm.1" >"$tmp/man.txt" 2>"$tmp/man.err"
	if [ -s "$tmp/man.err" ]; then ko "man -l warns: $(head -3 "$tmp/man.err")"; else ok; fi
	grep -q '^NAME' "$tmp/man.txt" && grep -q '^EXIT STATUS' "$tmp/man.txt" && ok || ko "man page lacks NAME / EXIT STATUS"
	# every option the checker's help lists ("  -model FILE, --model FILE")
	"$bpfmm" --help >"$tmp/help.txt" 2>&1
	sed -n 's/^  \(-[-a-zA-Z0-9]*\).*/\1/p' "$tmp/help.txt" | sort -u >"$tmp/opts"
	[ -s "$tmp/opts" ] || ko "no option found in bpfmm --help"
	# man renders '-' as U+2010 or '-' depending on the locale: compare ASCII
	LC_ALL=C MANWIDTH=200 man -l "$root/man/bpfmm.1" 2>/dev/null | sed 's/\xe2\x80\x90/-/g' >"$tmp/man.ascii"
	while read -r o; do
		grep -q -- "$o\b" "$tmp/man.ascii" && ok || ko "option $o of bpfmm --help is not in man/bpfmm.1"
	done <"$tmp/opts"
	for c in $(sed -n 's/^  bpfmm \([a-z0-9-]*\) .*/\1/p' "$tmp/help.txt" | sort -u); do
		grep -q "^       $c\$\|^       $c " "$tmp/man.ascii" && ok || ko "command $c of bpfmm --help has no entry under COMMANDS in man/bpfmm.1"
	done
	# the EXAMPLES' "$ bpfmm map ..." lines give the lines printed under
	# them (up to a "...": a real verdict, not unsupported); the pasted
	# explain state is forbidden; SEE ALSO names the tools bpfmm works with
	sed -n '/^EXAMPLES/,/^SEE ALSO/p' "$tmp/man.ascii" | sed 's/^ *//' >"$tmp/examples"
	nex=0
	while IFS= read -r line; do
		case $line in
		'$ bpfmm map '*)
			cmd=${line#\$ bpfmm }
			# shellcheck disable=SC2086
			(cd "$root" && "$bpfmm" $cmd 2>/dev/null) >"$tmp/ex.out"
			want=$(grep -A1 -F -x -- "$line" "$tmp/examples" | sed -n 2p | sed 's/ *\.\.\.$//')
			head -1 "$tmp/ex.out" | grep -q -F -- "$want" && ! grep -q "^Map .* unsupported" "$tmp/ex.out" && ok \
				|| ko "man EXAMPLES: '$line' prints '$(head -1 "$tmp/ex.out")', the page says '$want'"
			nex=$((nex + 1)) ;;
		esac
	done <"$tmp/examples"
	[ "$nex" -ge 2 ] && ok || ko "man EXAMPLES: $nex map examples"
	st=$(sed -n 's/^"\(0:r4=0; .*;\)"$/\1/p' "$tmp/examples")
	"$bpfmm" explain "$root/tests/litmus/bpf/SB+fetchadd+fetchadd.litmus" "$st" 2>&1 | head -1 | grep -q " is forbidden:" \
		&& ok || ko "man EXAMPLES: the explain example's state '$st' is not forbidden"
	for t in herd7 llvm-objdump bpftool qemu dot; do
		sed -n '/^SEE ALSO/,$p' "$tmp/man.ascii" | tr -d '\n' | grep -q "$t([0-9])" && ok || ko "man SEE ALSO lacks $t"
	done
	if make -s -C "$root" install PREFIX="$tmp/inst" >/dev/null 2>&1; then
		[ -f "$tmp/inst/share/man/man1/bpfmm.1" ] && ok || ko "make install did not install share/man/man1/bpfmm.1"
	else
		ko "make install failed"
	fi
else
	echo "SKIP: man (Debian package man-db) is not installed; scripts/deps.sh core installs it"
fi

# --- no absolute paths of this machine in tracked files
top='work|home|root'
abs_re="(^|[^A-Za-z0-9_.~\$-])/($top)/[A-Za-z]"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
	git -C "$root" ls-files -z | (cd "$root" && xargs -0 grep -IlE "$abs_re" -- 2>/dev/null) >"$tmp/abs" || true
	if [ -s "$tmp/abs" ]; then
		ko "absolute machine paths in: $(tr '\n' ' ' <"$tmp/abs")"
		(cd "$root" && xargs grep -nE "$abs_re" <"$tmp/abs" | head -5)
	else
		ok
	fi
fi

# --- SUITES= selects suites (tests/run-all.sh)
SUITES="b" sh "$root/tests/run-all.sh" "a=echo '5 passed, 0 failed'" "b=echo '2 passed, 0 failed'" >"$tmp/sel" 2>&1
tail -1 "$tmp/sel" | grep -q '^2 passed, 0 failed$' && ! grep -q '=== a:' "$tmp/sel" && ok || ko "SUITES=b: $(cat "$tmp/sel")"
SUITES="zz" sh "$root/tests/run-all.sh" "a=echo '5 passed, 0 failed'" >"$tmp/sel" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "unknown suite 'zz'; suites: a" "$tmp/sel" && ok || ko "SUITES=zz: exit $rc, $(cat "$tmp/sel")"
SUITES= sh "$root/tests/run-all.sh" "a=echo '5 passed, 0 failed'" "b=echo '1 passed, 1 failed'; exit 1" >"$tmp/sel" 2>&1
rc=$?
[ $rc -ne 0 ] && tail -1 "$tmp/sel" | grep -q '^6 passed, 1 failed$' && ok || ko "run-all sum: exit $rc, $(tail -2 "$tmp/sel")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
