#!/bin/sh
# Benchmark: the page (bpfmm as WebAssembly in headless Chromium, make web)
# against the native build/bpfmm, in one run, on every own BPF test
# (tests/litmus/bpf) and the kernel's C litmus tests (linux-kernel.cfg).
# Each case is run through the page's Run button and natively with the
# same arguments (tests/web/drive.js, which also checks the outputs are
# equal). Prints per group: cases, the page's total time from the click
# to the result drawn, the engine's share of it (main() in the worker),
# the native total (process start to exit), and the ratios.
#
#   make web all && sh bench/web.sh
set -u
BUILD=${BUILD:-build}
list=$(mktemp); trap 'rm -f "$list"' EXIT
for f in tests/litmus/bpf/*.litmus; do echo "run - $f"; done >"$list"
lkmm=$(sh scripts/lkmm-tree.sh) && for f in "$lkmm"/litmus-tests/*.litmus; do echo "run lkmm $f"; done >>"$list"
NOALTER=1 sh tests/web/check.sh "$list" | tail -3
python3 - "$BUILD/web-test/timing.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
groups = {}
for c in t['cases']:
    g = 'kernel C (LKMM)' if '/litmus-tests/' in c['file'] else 'own BPF'
    s = groups.setdefault(g, [0, 0.0, 0.0, 0.0, 0, 0.0])
    s[0] += 1; s[1] += c['page_ms']; s[2] += c['page_engine_ms']; s[3] += c['native_ms']; s[4] += c['ok']
    s[5] += c.get('page_draw_ms') or 0
print('%-16s %5s %5s %10s %10s %8s %10s %8s %8s' % ('group', 'cases', 'equal', 'page s', 'engine s', 'draw s', 'native s', 'page/nat', 'eng/nat'))
for g, (n, p, e, nat, ok, d) in groups.items():
    print('%-16s %5d %5d %10.2f %10.2f %8.2f %10.2f %7.1fx %7.1fx' % (g, n, ok, p / 1e3, e / 1e3, d / 1e3, nat / 1e3, p / nat, e / nat))
PY
