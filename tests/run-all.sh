#!/bin/sh
# Run every test suite of bpfmm and print one summary.
#
# Each suite is a command that ends with a line "N passed, N failed" (or
# "SKIP: reason"). The totals are summed; the last line is the overall
# "N passed, N failed" that CI reads. Suites come from the Makefile
# (`make check`), one per argument, as "NAME=COMMAND".
#
# SUITES="name1 name2 ..." (e.g. `make check SUITES="unit riscv"`) runs only
# those suites, in the Makefile's order; an unknown name is an error (exit 2)
# that lists the known ones.
set -u
total_pass=0 total_fail=0 failed_suites=""
want=${SUITES:-}
if [ -n "$want" ]; then
	known=""
	for spec in "$@"; do known="$known ${spec%%=*}"; done
	for w in $want; do
		case " $known " in
		*" $w "*) ;;
		*) echo "run-all: unknown suite '$w'; suites:$known" >&2; exit 2 ;;
		esac
	done
fi
for spec in "$@"; do
	name=${spec%%=*}
	cmd=${spec#*=}
	if [ -n "$want" ]; then
		case " $want " in *" $name "*) ;; *) continue ;; esac
	fi
	echo "=== $name: $cmd"
	log=$(mktemp)
	t0=$(date +%s)
	sh -c "$cmd" >"$log" 2>&1
	rc=$?
	tail -n 25 "$log" | sed 's/^/    /'
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
	rm -f "$log"
	p=$(echo "$line" | sed -nE 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/p')
	f=$(echo "$line" | sed -nE 's/^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/p')
	p=${p:-0} f=${f:-0}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1   # a suite that failed without saying what failed
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	[ "$f" -ne 0 ] && failed_suites="$failed_suites $name"
	echo "--- $name: $p passed, $f failed (exit $rc, $(($(date +%s) - t0)) s)"
done
[ -n "$failed_suites" ] && echo "failing suites:$failed_suites"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
