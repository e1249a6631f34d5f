#!/bin/sh
# make web-check: the page in headless Chromium against build/bpfmm.
#
#   sh tests/web/check.sh [LIST]
#
# Serves build/web on 127.0.0.1 (python3 -m http.server), starts Debian's
# chromium headless with the DevTools protocol on 127.0.0.1, and runs
# tests/web/drive.js over LIST (default: every own BPF test, the kernel's
# C litmus tests (tools/memory-model and Documentation/litmus-tests)
# under linux-kernel.cfg, the mixed-size BPF tests with
# -variant mixed, the BPF catalogue when $SHARED has it, every bad test of
# tests/bad, a few explain and map cases). Then the same cases with the page's output
# altered by one character: all must fail (the comparison can fail).
# Results, differing outputs and timings in build/web-test/, the
# screenshot in build/web-test/screenshot.png.
# SMOKE=1: a handful of cases, the altered pass on two of them.
# NOALTER=1: no altered pass (bench/web.sh).
set -u
BUILD=${BUILD:-build}
out=$BUILD/web-test
rm -rf "$out"; mkdir -p "$out"
for p in chromium python3 node; do
	command -v $p >/dev/null || { echo "web: SKIP: $p missing"; exit 0; }
done
[ -f "$BUILD/web/bpfmm.wasm" ] || { echo "web: no $BUILD/web (make web)" >&2; exit 1; }
[ -x "$BUILD/bpfmm" ] || { echo "web: no $BUILD/bpfmm (make)" >&2; exit 1; }
lkmm=$(sh scripts/lkmm-tree.sh) || lkmm=

list=${1:-$out/cases}
if [ $# -eq 0 ]; then
	{
		if [ "${SMOKE:-0}" = 1 ]; then
			for f in MP+fence+fence LB+acq+rel CoRR CoWW; do
				[ -f tests/litmus/bpf/$f.litmus ] && echo "run - tests/litmus/bpf/$f.litmus"
			done
			echo "run - tests/bad/bad-register.litmus"
			[ -n "$lkmm" ] && echo "run lkmm $lkmm/litmus-tests/MP+pooncerelease+poacquireonce.litmus"
			echo "explain - tests/litmus/bpf/MP+fence+fence.litmus"
			echo "map - tests/litmus/bpf/MP+fence+fence.litmus riscv64-linux-6.12"
		else
			for f in tests/litmus/bpf/*.litmus; do echo "run - $f"; done
			if [ -n "$lkmm" ]; then
				for f in "$lkmm"/litmus-tests/*.litmus "$lkmm"/../../Documentation/litmus-tests/*/*.litmus; do
					[ -f "$f" ] && echo "run lkmm $f"
				done
			fi
			for f in tests/litmus/bpf-mixed/*.litmus; do echo "run -:mixed $f"; done
			cat=${CATALOGUE:-${SHARED:-../shared}/conformance/bpf-catalogue}/tests
			if [ -d "$cat" ]; then
				for f in "$cat"/*.litmus; do echo "run - $f"; done
			fi
			for f in tests/bad/*.litmus; do echo "run - $f"; done
			for f in MP+fence+fence LB+acq+rel LB+data+data; do
				[ -f tests/litmus/bpf/$f.litmus ] && echo "explain - tests/litmus/bpf/$f.litmus"
			done
			for m in riscv64-linux-6.12 arm64-linux-6.12 x86-64-linux-6.12; do
				echo "map - tests/litmus/bpf/MP+fence+fence.litmus $m"
			done
		fi
	} >"$list"
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cdp=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
profile=$(mktemp -d)
(cd "$BUILD/web" && exec python3 -m http.server --bind 127.0.0.1 "$port") >"$out/server.log" 2>&1 &
srv=$!
chromium --headless=new --no-sandbox --disable-gpu --no-first-run --user-data-dir="$profile" \
	--remote-debugging-address=127.0.0.1 --remote-debugging-port="$cdp" about:blank >"$out/chromium.log" 2>&1 &
chr=$!
trap 'kill $srv $chr 2>/dev/null; wait $srv $chr 2>/dev/null; sleep 0.5; rm -rf "$profile" 2>/dev/null' EXIT
# both up (bounded waits)
i=0
until python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$cdp/json/version', timeout=2); urllib.request.urlopen('http://127.0.0.1:$port/', timeout=2)" 2>/dev/null; do
	i=$((i + 1)); [ $i -gt 100 ] && { echo "web: chromium or the server did not start" >&2; exit 1; }
	sleep 0.2
done
export NODE_PATH=$BUILD/web-npm/node_modules
drive="node tests/web/drive.js --port $cdp --url http://127.0.0.1:$port/index.html --native $BUILD/bpfmm ${lkmm:+--lkmm $lkmm/linux-kernel.cfg}"
$drive --out "$out" --ui tests/litmus/bpf/MP+fence+fence.litmus --screenshot "$out/screenshot.png" --timing "$out/timing.json" "$list" | tee "$out/result.txt"
st=$(tail -1 "$out/result.txt")
case $st in "web: "*" passed, 0 failed") ok=1 ;; *) ok=0 ;; esac
[ "${NOALTER:-0}" = 1 ] && { [ $ok = 1 ]; exit $?; }
# The comparison must be able to fail: one character of the page's output
# changed, every case must differ.
n=$(grep -c . "$list")
[ "${SMOKE:-0}" = 1 ] && { head -2 "$list" >"$out/cases-altered"; n=2; } || cp "$list" "$out/cases-altered"
mkdir -p "$out/altered"
# With --ui, the explain and -j 2 checks compare outputs too (caught: n + 2);
# the link, Cancel and the run after it do not (3 pass).
$drive --out "$out/altered" --alter --ui tests/litmus/bpf/MP+fence+fence.litmus "$out/cases-altered" >"$out/altered.txt" 2>&1
if tail -1 "$out/altered.txt" | grep -q "^web: 3 passed, $((n + 2)) failed$"; then
	echo "web: altered output caught in $((n + 2)) of $((n + 2)) comparisons"
else
	echo "web: the comparison did not catch altered output: $(tail -1 "$out/altered.txt")"; ok=0
fi
# the closing count: the cases compared, and the altered-output check
np=$(echo "$st" | sed -n 's/^web: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
nf=$(echo "$st" | sed -n 's/^web: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
[ -n "$np" ] || { np=0; nf=1; }
if tail -1 "$out/altered.txt" | grep -q "^web: 3 passed, $((n + 2)) failed$"; then np=$((np + 1)); else nf=$((nf + 1)); fi
echo "web-check: $np passed, $nf failed"
[ $ok = 1 ] || exit 1
