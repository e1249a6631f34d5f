#!/bin/sh
# Print, for each probe test, the flags raised by tags.cat under herd7.
# Usage: tests/litmus/bpf/probes/run-probes.sh [path/to/herd7]
d=$(dirname "$0")
H=${1:-${HERD7:-$(cd "$(dirname "$0")/../../../.." && pwd)/../shared/tools/herd7/herd7}}
[ -x "$H" ] || { echo "herd7 not found ($H): skipping probes"; exit 0; }
for t in "$d"/*.litmus; do
  printf '%-28s' "$(basename "$t" .litmus):"
  "$H" -model "$d/tags.cat" "$t" 2>&1 | sed -n 's/^Flag //p; /unbound/p' | tr '\n' ' '
  echo
done
