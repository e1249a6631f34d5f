# Edit the instruction grid of a litmus test (POSIX awk), for minimize.sh.
#
#   awk -v op=cells FILE            print "ROW COL TEXT" per non-empty cell
#   awk -v op=clear -v row=R -v col=C FILE
#                                   the test with cell (R, C) emptied
#   awk -v op=compact FILE          the test with each thread's
#                                   instructions moved up, empty rows
#                                   dropped and the columns re-aligned
# Rows count from 1 after the "P0 | P1 ..." header row; columns from 1.
# The grid is the run of lines ending in ';' that starts at the header.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

{ line[NR] = $0 }

END {
	start = 0
	for (i = 1; i <= NR; i++)
		if (line[i] ~ /^[ \t]*P0[ \t]*[|;]/) { start = i; break }
	if (!start) { print "grid.awk: no grid" > "/dev/stderr"; exit 2 }
	stop = start
	while (stop + 1 <= NR && line[stop + 1] ~ /;[ \t]*$/ &&
	       line[stop + 1] !~ /^[ \t]*(exists|~exists|forall|locations|filter)/)
		stop++
	nrow = 0; ncol = 0
	for (i = start; i <= stop; i++) {
		s = line[i]; sub(/;[ \t]*$/, "", s)
		n = split(s, f, "|")
		if (n > ncol) ncol = n
		for (c = 1; c <= n; c++) cell[nrow, c] = trim(f[c])
		nrow++
	}
	nrow--   # row 0 is the header
	if (op == "cells") {
		for (r = 1; r <= nrow; r++)
			for (c = 1; c <= ncol; c++)
				if (cell[r, c] != "") print r, c, cell[r, c]
		exit 0
	}
	if (op == "clear") cell[row, col] = ""
	if (op == "compact") {
		rows = 0
		for (c = 1; c <= ncol; c++) {
			k = 0
			for (r = 1; r <= nrow; r++)
				if (cell[r, c] != "") { tmpc[++k] = cell[r, c] }
			for (r = 1; r <= nrow; r++) cell[r, c] = (r <= k ? tmpc[r] : "")
			if (k > rows) rows = k
		}
		nrow = rows
	}
	for (c = 1; c <= ncol; c++) {
		w[c] = 0
		for (r = 0; r <= nrow; r++) if (length(cell[r, c]) > w[c]) w[c] = length(cell[r, c])
	}
	for (i = 1; i < start; i++) print line[i]
	for (r = 0; r <= nrow; r++) {
		s = ""
		for (c = 1; c <= ncol; c++)
			s = s sprintf(" %-" w[c] "s %s", cell[r, c], c < ncol ? "|" : ";")
		print s
	}
	for (i = stop + 1; i <= NR; i++) print line[i]
}
