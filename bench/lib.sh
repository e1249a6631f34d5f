# shellcheck shell=sh
# Helpers shared by bench/*.sh (sourced, POSIX sh, after setting $root).

# the tools and model every benchmark runs, unless the environment says
SHARED=${SHARED:-$root/../shared}
HERD7=${HERD7:-$SHARED/tools/herd7/herd7}
BPFMM=${BPFMM:-$root/build/bpfmm}
MODEL=${MODEL:-$root/models/bpf.cat}

# shape_count SCRIPT WHAT MIN N: exits 2 with a message unless N is a
# whole number >= MIN (the count arguments of the shape generators)
shape_count() {
	case $4 in
	''|*[!0-9]*) echo "$1: bad $2 count '$4'" >&2; exit 2 ;;
	esac
	[ "$4" -ge "$3" ] || { echo "$1: at least $3 $2(s)" >&2; exit 2; }
}

# find_gnu_time: sets TIMECMD to GNU time (/usr/bin/time), installing the
# Debian package "time" when missing and running as root; empty if
# unavailable (the caller then measures wall time only and says so).
find_gnu_time() {
	TIMECMD=
	if [ -x /usr/bin/time ] && /usr/bin/time -f %e true >/dev/null 2>&1; then
		TIMECMD=/usr/bin/time; return 0
	fi
	if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
		echo "bench: installing the Debian package 'time' (GNU time)"
		{ DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends time ||
		  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends time; }
		} >/tmp/bpfmm-bench-apt.log 2>&1
		if [ -x /usr/bin/time ]; then TIMECMD=/usr/bin/time; return 0; fi
		echo "bench: apt-get install time failed (see /tmp/bpfmm-bench-apt.log)"
	else
		echo "bench: GNU time (/usr/bin/time) is missing and we are not root: run 'apt-get install time'"
	fi
	return 1
}

now() { date +%s.%N; }

# measure LOG OUT CMD... : run CMD (stdout to OUT, stderr to OUT.err) and
# append "WALL CPU MAXRSS_KB" to LOG (CPU = user + system, children
# included; "-" when GNU time is unavailable). Returns CMD's status.
measure() {
	_log=$1 _out=$2; shift 2
	if [ -n "$TIMECMD" ]; then
		"$TIMECMD" -f '%e %U %S %M' -o "$_out.time" "$@" >"$_out" 2>"$_out.err"
		_rc=$?
		# GNU time prefixes "Command exited with non-zero status N" lines
		tail -n 1 "$_out.time" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' >>"$_log"
	else
		_t0=$(now)
		"$@" >"$_out" 2>"$_out.err"
		_rc=$?
		awk -v a="$_t0" -v b="$(now)" 'BEGIN { printf "%.3f - -\n", b - a }' >>"$_log"
	fi
	return $_rc
}

# stats LOG COLUMN -> "best median" of that column of LOG ("-" if none)
stats() {
	awk -v c="$2" '$c != "-" { print $c }' "$1" | sort -n | awk '
	{ v[NR] = $1 }
	END {
		if (NR == 0) { print "- -"; exit }
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.2f %.2f\n", v[1], m
	}'
}

# ratio A B -> "A/B" formatted as "12.3x"; when B is 0 (below the 0.01 s
# resolution of the timers) a lower bound ">Nx" with B taken as 0.01.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "-" || b == "-") { printf "n/a"; exit }
		if (b + 0 <= 0) { printf ">%.0fx", a / 0.01; exit }
		r = a / b; printf (r >= 10 ? "%.0fx" : "%.1fx"), r }'
}

per_ms() { awk -v t="$1" -v n="$2" 'BEGIN { if (t == "-") print "-"; else printf "%.2f", 1000 * t / n }'; }
