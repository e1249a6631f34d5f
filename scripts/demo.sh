#!/bin/sh
# The main job on the bundled examples: check every litmus test of our BPF
# corpus against the bundled BPF model, show two results in full, then a
# table of all verdicts next to the expected ones.
set -u
cd "$(dirname "$0")/.." || exit 1
dir=tests/litmus/bpf
for t in MP+rel+acq LB+addrpo+data LWN-B+rsw; do
	[ -f "$dir/$t.litmus" ] && { echo "\$ build/bpfmm $dir/$t.litmus"; build/bpfmm "$dir/$t.litmus"; }
done
echo "\$ build/bpfmm $dir/*.litmus   (summary)"
start=$(date +%s%N)
build/bpfmm -notime "$dir"/*.litmus >/tmp/bpfmm-demo.$$ || { rm -f /tmp/bpfmm-demo.$$; exit 1; }
end=$(date +%s%N)
printf '%-44s %-10s %-10s %s\n' TEST OBSERVED EXPECTED STATES
awk -v kinds="$dir/kinds.txt" '
	BEGIN { while ((getline l < kinds) > 0) { split(l, a, " "); k[a[1]] = a[2] } }
	/^States / { n = $2 }
	/^Observation / {
		got = ($3 == "Never" ? "Forbidden" : $3 == "Always" ? "Required" : "Allowed")
		printf "%-44s %-10s %-10s %d%s\n", $2, got, k[$2], n, (k[$2] != "" && k[$2] != got ? "  MISMATCH" : "")
	}' /tmp/bpfmm-demo.$$
total=$(grep -c '^Observation ' /tmp/bpfmm-demo.$$)
rm -f /tmp/bpfmm-demo.$$
echo "$total tests checked in $(( (end - start) / 1000000 )) ms"
