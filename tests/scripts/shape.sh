#!/bin/sh
# The shape of src/ (issue 37; src/README.md, "Size rules"):
#   - no source file over 1,500 lines;
#   - no function over 100 lines, but for the dispatch switches that
#     src/README.md names under "Dispatch switches" (one line each:
#     "- `stage/file.c`: `function` ...");
#   - cmd/, the commands, under 25% of the lines of src/;
#   - every file named in src/README.md's "Every file".
# A function is counted from the first line of its signature (a line at
# column 0 with a parenthesis) to its closing brace at column 0, as the
# project's style (kernel style) writes them.
# Usage: tests/scripts/shape.sh [SRC_DIR]   Ends with "N passed, N failed".
set -u
src=${1:-$(dirname "$0")/../../src}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL: $*"; fail=$((fail + 1)); }

allowed=$(sed -n 's/^- `\([a-z_]*\/[a-z0-9_]*\.c\)`: `\([a-z0-9_]*\)`.*/\1:\2/p' "$src/README.md")

for f in "$src"/*/*.c "$src"/*/*.h; do
	n=$(wc -l <"$f")
	rel=${f#"$src"/}
	if [ "$n" -gt 1500 ]; then ko "src/$rel has $n lines (at most 1,500)"; else ok; fi
done

long=$(awk '
	/^[A-Za-z_]/ && /\(/ { lastid = FNR; lname = $0 }
	/^[A-Za-z_].*\{[ \t]*$/ && /\(/ && !/=/ { start = FNR; name = $0; inf = 1; next }
	/^\{/ { if (lastid) { start = lastid; name = lname; inf = 1 } next }
	/^\}/ {
		if (inf) {
			n = FNR - start + 1
			if (n > 100) {
				fn = name; sub(/\(.*/, "", fn); sub(/.*[ *]/, "", fn)
				file = FILENAME; sub(/.*\/src\//, "", file); sub(/^src\//, "", file)
				printf "%s:%s:%d:%d\n", file, fn, start, n
			}
			inf = 0
		}
		next
	}' "$src"/*/*.c)
for l in $long; do
	file=${l%%:*}; rest=${l#*:}; fn=${rest%%:*}; rest=${rest#*:}
	at=${rest%%:*}; n=${rest#*:}
	if echo "$allowed" | grep -qx "$file:$fn"; then ok
	else ko "src/$file:$at: $fn is $n lines (at most 100 unless a dispatch switch named in src/README.md)"; fi
done
# every named switch exists and really is long (a stale name is drift)
for a in $allowed; do
	if echo "$long" | grep -q "^$a:"; then ok; else ko "src/README.md names $a as a long dispatch switch, but it is not over 100 lines (or gone)"; fi
done

# every file has its entry in src/README.md ("Every file": `name.c`)
for f in "$src"/*/*.c "$src"/*/*.h; do
	b=$(basename "$f")
	if grep -q "\`${b%.*}\.[ch]\`" "$src/README.md"; then ok
	else ko "src/${f#"$src"/} has no entry in src/README.md"; fi
done

total=$(cat "$src"/*/*.[ch] | wc -l)
cmd=$(cat "$src"/cmd/*.[ch] | wc -l)
if [ $((cmd * 100)) -lt $((total * 25)) ]; then ok
else ko "src/cmd is $cmd of $total lines ($((cmd * 100 / total))%, at most 25%)"; fi
echo "src: $total lines, cmd/ $cmd ($((cmd * 100 / total))%)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
