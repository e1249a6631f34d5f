# Summarise herd-style litmus output (herd7 or bpfmm), POSIX awk.
#
# One line per complete test block (a block counts once its Observation
# line has been read; a block cut short by a timeout is dropped):
#   NAME <TAB> OK|No <TAB> KIND <TAB> POS <TAB> NEG <TAB> NSTATES <TAB> STATES
# KIND is the Observation word (Never/Sometimes/Always). STATES is the
# set of final states, order- and whitespace-insensitive: in each state
# the atoms are sorted and "[x]" is written "x"; the states are sorted
# and joined by " | ".

function isort(a, n,    i, j, v) {
	for (i = 2; i <= n; i++) {
		v = a[i]; j = i - 1
		while (j >= 1 && a[j] > v) { a[j + 1] = a[j]; j-- }
		a[j + 1] = v
	}
}

# "0:r1=0; [x]=2;" -> "0:r1=0;x=2"
function norm(s,    at, n, i, k, r) {
	gsub(/[ \t\r]+/, "", s)
	gsub(/\[/, "", s); gsub(/\]/, "", s)
	n = split(s, at, ";")
	k = 0
	for (i = 1; i <= n; i++) if (at[i] != "") b[++k] = at[i]
	isort(b, k)
	r = ""
	for (i = 1; i <= k; i++) r = r (i > 1 ? ";" : "") b[i]
	return r
}

function reset() { name = ""; left = 0; ns = 0; okno = "?"; pos = "?"; neg = "?" }

BEGIN { reset() }

/^Test / { reset(); name = $2; next }
name == "" { next }
/^States / { left = $2 + 0; next }
left > 0 { st[++ns] = norm($0); left--; next }
/^Ok[ \t]*$/ { okno = "Ok"; next }
/^No[ \t]*$/ { okno = "No"; next }
/^Positive:/ { pos = $2; neg = $4; next }
/^Observation / {
	isort(st, ns)
	s = ""
	for (i = 1; i <= ns; i++) s = s (i > 1 ? " | " : "") st[i]
	printf "%s\t%s\t%s\t%s\t%s\t%d\t%s\n", name, okno, $3, pos, neg, ns, s
	reset()
	next
}
