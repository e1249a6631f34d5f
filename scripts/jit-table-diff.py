#!/usr/bin/env python3
"""scripts/jit-table-diff.py MAPDIR JITDIR: compare, test by test and
thread by thread, the native tests `bpfmm map --emit MAPDIR` wrote (the
mapping table) with those `bpfmm jit-check --emit JITDIR` lifted from the
JIT's code (docs/jit-check.md, "Tables against the JIT").  Prints each
distinct difference (table lines -> JIT lines) with how many tests show it
and one of them.  Labels, case, spacing and `rw,rw` / `rw, rw` are
normalised first; with --regs also every register name (to R), which
leaves out differences in register choice only (bpf-run gives r10, the
frame pointer, a free register of its own; map keeps it)."""
import difflib, os, re, sys
from collections import defaultdict

REG = re.compile(r'%[a-z0-9]+|\b(?:zero|ra|sp|gp|tp|t[0-6]|s1[01]|s[0-9]|a[0-7]|[xw][0-9]+|[xw]zr)\b')
regs = '--regs' in sys.argv
args = [a for a in sys.argv[1:] if a != '--regs']

def threads(path):
    lines = open(path).read().split('\n')
    try:
        start = next(i for i, l in enumerate(lines) if re.match(r'^\s*P0\b', l))
    except StopIteration:
        return []
    rows = []
    for l in lines[start + 1:]:
        if re.match(r'^(locations|exists|~exists|forall|filter)', l):
            break
        rows.append([c.strip() for c in l.rstrip().rstrip(';').split('|')])
    n = max((len(r) for r in rows), default=0)
    out = [[] for _ in range(n)]
    for r in rows:
        for i, c in enumerate(r):
            c = c.lower()
            c = re.sub(r'\bl\w+:\s*', '', c)          # label definitions
            c = re.sub(r'\bl\d+[ta]\w+', 'L', c)      # label uses
            c = re.sub(r'\s+', ' ', c).replace(', ', ',').strip()
            c = c.replace(',#0]', ']')
            c = re.sub(r'([ ,])0\(', r'\1(', c)
            if regs:
                c = REG.sub('R', c)
            if c:
                out[i].append(c)
    return out

diffs = defaultdict(list)
mapdir, jitdir = args[0], args[1]
same = compared = 0
for f in sorted(os.listdir(jitdir)):
    mp = os.path.join(mapdir, f)
    if not os.path.exists(mp):
        continue
    a, b = threads(mp), threads(os.path.join(jitdir, f))
    compared += 1
    if a == b:
        same += 1
    for ta, tb in zip(a, b):
        sm = difflib.SequenceMatcher(None, ta, tb, autojunk=False)
        for op, i1, i2, j1, j2 in sm.get_opcodes():
            if op != 'equal':
                diffs[(' ; '.join(ta[i1:i2]), ' ; '.join(tb[j1:j2]))].append(f[:-7])
print(f"{compared} tests compared, {same} identical")
for (x, y), tests in sorted(diffs.items(), key=lambda kv: -len(set(kv[1]))):
    t = sorted(set(tests))
    print(f"{len(t):4d}  table: {x or '(nothing)'}\n      JIT:   {y or '(nothing)'}\n      e.g. {t[0]}")
