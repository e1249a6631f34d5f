#!/usr/bin/env bash
# judge.sh - judge the serial console log of one kernel-check boot.
#
# usage: kernel/judge.sh [--cpus N] [--suite NAME] [--name LABEL] LOG
#
# Prints one line per judged item, "PASS <item>" or "FAIL <item>: <why>",
# then "judge <label>: P passed, F failed".  Exit status 0 only if every
# item passed, 1 if one failed, 2 on usage errors.
#
# Items:
#   boot                 the kernel printed its banner
#   atomic64_test        "atomic64_test: passed" (lib/atomic64_test.c)
#   ktap                 when the log has KTAP output or --suite asks for
#                        a suite: KTAP output present, every plan ("1..N")
#                        matched by N results (catches truncated logs), no
#                        "not ok"
#   kunit <suite>.<case> one item per KUnit case seen: "ok" and not skipped
#   kunit <suite>        suite result "ok", "# Totals" with fail:0 skip:0
#                        (KUnit prints no "# Totals" for a one-case suite)
#   suite <name>         with --suite NAME: that suite ran.  v3 of the
#                        riscv series has no KUnit suite: kernel-check asks
#                        for none, and atomic64_test is the guest's test
#   init cpus            /init saw the expected number of online CPUs
#   init done            /init printed "bpfmm-init: all done", no FAIL line
#   no Oops / no BUG / no panic / no WARNING   (kernel command line excluded)
set -u

cpus=4
suite=
label=
while [ $# -gt 0 ]; do
	case "$1" in
	--cpus) cpus=$2; shift 2 ;;
	--suite) suite=$2; shift 2 ;;
	--name) label=$2; shift 2 ;;
	-h|--help) sed -n '2,25p' "$0"; exit 0 ;;
	--) shift; break ;;
	-*) echo "judge.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
if [ $# -ne 1 ]; then
	echo "usage: judge.sh [--cpus N] [--suite NAME] [--name LABEL] LOG" >&2
	exit 2
fi
log=$1
[ -n "$label" ] || label=$(basename "$log")
if [ ! -r "$log" ]; then
	echo "FAIL log: cannot read $log"
	echo "judge $label: 0 passed, 1 failed"
	exit 1
fi

# Strip CRs (serial consoles emit CRLF) and the printk timestamp, then let
# awk do the judging.
tr -d '\r' < "$log" | sed -E 's/^\[ *[0-9]+\.[0-9]+\] ?//' |
awk -v want_cpus="$cpus" -v want_suite="$suite" -v label="$label" '
function pass(item)       { print "PASS " item; npass++ }
function fail(item, why)  { print "FAIL " item ": " why; nfail++ }
function indent(s)        { match(s, /^ */); return RLENGTH }
function close_level(d,   k) {
	# Leaving nesting level d: its results must match its plan.
	if (plan[d] != "" && seen[d] != plan[d]) {
		ktap_err = ktap_err sprintf("%s plan 1..%d but %d result(s); ",
					    (d == 0 ? "top level" : "suite " cur_suite_guess),
					    plan[d], seen[d])
	}
	plan[d] = ""; seen[d] = 0
}
BEGIN { ktap = 0; maxd = -1; ktap_err = ""; notok = ""; ncases = 0 }
/Kernel command line:/ { next }
/Linux version [0-9]/ { banner = 1 }
/atomic64_test: passed/ { a64_pass = 1 }
/atomic64_test: .*(fail|FAIL)/ { a64_fail = $0 }
/^bpfmm-init: all done$/ { init_done = 1 }
/^bpfmm-init: FAIL/ { init_fail = init_fail $0 "; " }
/^bpfmm-init: online cpus / {
	if (match($0, /ncpus=[0-9-]+/)) init_cpus = substr($0, RSTART + 6, RLENGTH - 6)
}
/Oops/ { oops = oops ? oops : $0 }
/(^|[^A-Za-z_])BUG([: ]|$)/ { bug = bug ? bug : $0 }
/panic/ { panic = panic ? panic : $0 }
/WARNING/ { warning = warning ? warning : $0 }
{
	line = $0
	d = int(indent(line) / 4)
	body = substr(line, indent(line) + 1)
	if (body ~ /^KTAP version [0-9]+$/) {
		ktap = 1
		for (k = maxd; k >= d; k--) close_level(k)
		maxd = d; plan[d] = ""; seen[d] = 0
		next
	}
	if (!ktap) next
	if (body ~ /^1\.\.[0-9]+$/) {
		plan[d] = substr(body, 4) + 0; seen[d] = 0
		if (d > maxd) maxd = d
		next
	}
	if (body ~ /^# Subtest: /) { cur_suite_guess = substr(body, 12); next }
	if (body ~ /^# Totals: /) { totals[++ntotals] = body; next }
	if (body ~ /^#/) next	# other diagnostics
	if (body ~ /^(not )?ok [0-9]+ /) {
		isnot = (body ~ /^not /)
		rest = body; sub(/^(not )?ok [0-9]+ /, "", rest)
		name = rest; sub(/ # .*$/, "", name); sub(/ .*$/, "", name)
		skip = (rest ~ /# *SKIP/)
		# Results below this level close the deeper levels.
		for (k = maxd; k > d; k--) close_level(k)
		maxd = d
		seen[d]++
		if (d == 0) {
			suite_res[name] = isnot ? "not ok" : (skip ? "skip" : "ok")
			suites[++nsuites] = name
		} else {
			ncases++
			scases[cur_suite_guess]++
			item = "kunit " (cur_suite_guess != "" ? cur_suite_guess "." : "") name
			if (isnot) fail(item, "not ok")
			else if (skip) fail(item, "skipped: " rest)
			else pass(item)
		}
		if (isnot) notok = notok body "; "
		next
	}
}
END {
	for (k = maxd; k >= 0; k--) close_level(k)

	if (banner) pass("boot"); else fail("boot", "no \"Linux version\" banner")

	if (a64_fail != "") fail("atomic64_test", a64_fail)
	else if (a64_pass) pass("atomic64_test")
	else fail("atomic64_test", "no \"atomic64_test: passed\" line")

	if (!ktap && want_suite != "") fail("ktap", "no KTAP output")
	else if (!ktap) { }
	else if (ktap_err != "") fail("ktap", ktap_err "(truncated log?)")
	else if (notok != "") fail("ktap", "not ok: " notok)
	else pass("ktap")

	for (i = 1; i <= nsuites; i++) {
		s = suites[i]
		if (suite_res[s] == "ok") pass("kunit " s)
		else fail("kunit " s, suite_res[s])
	}
	bad_totals = ""
	for (i = 1; i <= ntotals; i++)
		if (totals[i] !~ /fail:0 / || totals[i] !~ /skip:0 /)
			bad_totals = bad_totals totals[i] "; "
	# KUnit prints "# Totals" only for a suite of more than one case
	need = 0
	for (s in scases) if (scases[s] > 1) need++
	if (ntotals == 0 && ktap && need > 0) fail("kunit totals", "no \"# Totals\" line")
	else if (bad_totals != "") fail("kunit totals", bad_totals)
	else if (ktap) pass("kunit totals")

	if (want_suite != "") {
		if (want_suite in suite_res) pass("suite " want_suite)
		else fail("suite " want_suite, "suite result line missing")
	}

	if (init_cpus == "") fail("init cpus", "no \"bpfmm-init: online cpus\" line")
	else if (init_cpus + 0 != want_cpus + 0) fail("init cpus", "ncpus=" init_cpus ", expected " want_cpus)
	else pass("init cpus")

	if (init_fail != "") fail("init done", init_fail)
	else if (init_done) pass("init done")
	else fail("init done", "no \"bpfmm-init: all done\" marker (hang, crash or truncated log)")

	if (oops != "") fail("no Oops", oops); else pass("no Oops")
	if (bug != "") fail("no BUG", bug); else pass("no BUG")
	if (panic != "") fail("no panic", panic); else pass("no panic")
	if (warning != "") fail("no WARNING", warning); else pass("no WARNING")

	printf "judge %s: %d passed, %d failed\n", label, npass, nfail
	exit nfail ? 1 : 0
}'
