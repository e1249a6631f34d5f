#!/bin/sh
# Write expected/NAME.{false,true,fast}: herd7's output (without Time and
# Hash lines) for each case of list with each -speedcheck value.
# Usage: sh tests/speedcheck/regen.sh [HERD7]   (default ../shared/tools/herd7/herd7)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
herd7=${1:-$root/../shared/tools/herd7/herd7}
[ -x "$herd7" ] || { echo "regen: no herd7 at $herd7" >&2; exit 1; }
. "$root/tests/speedcheck/lib.sh"
lkmm=$(sh "$root/scripts/lkmm-tree.sh")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$root/tests/speedcheck/list" | while read -r kind entry; do
	f=$(speed_file "$kind" "$entry" "$tmp")
	for v in false true fast; do
		speed_run "herd7 $herd7" "$kind" "$f" "$v" "$lkmm" \
			>"$root/tests/speedcheck/expected/$(speed_name "$f").$v"
	done
done
