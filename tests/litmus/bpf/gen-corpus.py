#!/usr/bin/env python3
# Generator of the bpfmm BPF litmus corpus (tests/litmus/bpf/*.litmus and
# kinds.txt).  Each test is declared once below with its expected result and
# a one-line reason; the reasons are discussed in docs/bpf-memory-model.md.
# Usage: python3 tests/litmus/bpf/gen-corpus.py tests/litmus/bpf
# Note for dependencies: herd7 cannot solve value cycles through "&= 0",
# "-= r" or "*= 0" (it silently drops such executions), so data and address
# dependencies are built with "rX ^= rX", which it does solve.
import os, sys
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
tests = []
def T(name, result, why, init, threads, cond, locs=None, extra_comment=None):
    tests.append((name, result, why, init, threads, cond, locs, extra_comment))

FENCES = {
 'fetchadd': 'r9 = atomic_fetch_add((u64 *)(r8 + 0), r9)',
 'fetchand': 'r9 = atomic_fetch_and((u64 *)(r8 + 0), r9)',
 'fetchor':  'r9 = atomic_fetch_or((u64 *)(r8 + 0), r9)',
 'fetchxor': 'r9 = atomic_fetch_xor((u64 *)(r8 + 0), r9)',
 'xchg64':   'r9 = xchg_64(r8 + 0, r9)',
 'xchg32':   'r9 = xchg_32_32(r8 + 0, r9)',
 'cmpxchg64': 'r0 = cmpxchg_64(r8 + 0, r0, r9)',
 'cmpxchg32': 'r0 = cmpxchg32_32(r8 + 0, r0, r9)',
 'lockadd':  'lock *(u64 *)(r8 + 0) += r9',
 'lockor':   'lock *(u32 *)(r8 + 0) |= r9',
}
def fence(kind='fetchadd'):
    return [FENCES[kind]]
def finit(t, kind='fetchadd', cas_ok=True):
    # each thread's dummy location is its own (f0, f1, ...), so cmpxchg r0=0 succeeds
    s = '%d:r8=f%d; %d:r9=1;' % (t, t, t)
    if kind.startswith('cmpxchg'):
        s += ' %d:r0=%d;' % (t, 0 if cas_ok else 7)
    return s
def W(reg, val):   return '*(u32 *)(%s + 0) = %s' % (reg, val)
def Rd(dst, reg):  return '%s = *(u32 *)(%s + 0)' % (dst, reg)
def ACQ(dst, reg): return '%s = load_acquire((u32 *)(%s + 0))' % (dst, reg)
def REL(reg, src): return 'store_release((u32 *)(%s + 0), %s)' % (reg, src)
def addr(src, base, tmp='r7'):
    # tmp := base + (src ^ src): an address dependency from src
    return ['%s = %s' % (tmp, src), '%s ^= %s' % (tmp, tmp), '%s += %s' % (tmp, base)]
def dataval(src, val, tmp='r6'):
    # tmp := (src ^ src) + val: a data dependency from src carrying constant val
    return ['%s = %s' % (tmp, src), '%s ^= %s' % (tmp, tmp), '%s += %d' % (tmp, val)]

XY = lambda n: ' '.join('%d:r1=x; %d:r2=y;' % (i, i) for i in range(n))
XYZ = lambda n: ' '.join('%d:r1=x; %d:r2=y; %d:r3=z;' % (i, i, i) for i in range(n))

# ---------------------------------------------------------------- MP
# P0: x=1 ; order ; y=1      P1: r4=y ; order ; r5=x
mp_cond = 'exists (1:r4=1 /\\ 1:r5=0)'
def MP(name, res, why, p0, p1, init=''):
    T(name, res, why, XY(2) + ' ' + init, [p0, p1], mp_cond)
MP('MP+plain', 'Sometimes', 'no ordering on either side: stores and loads may be reordered',
   [W('r1', 1), W('r2', 1)], [Rd('r4', 'r2'), Rd('r5', 'r1')])
MP('MP+rel+acq', 'Never', 'store_release orders the data store, load_acquire orders the data load',
   [W('r1', 1), REL('r2', 'r6')], [ACQ('r4', 'r2'), Rd('r5', 'r1')], '0:r6=1;')
MP('MP+rel+plain', 'Sometimes', 'the reader has no ordering between its two loads',
   [W('r1', 1), REL('r2', 'r6')], [Rd('r4', 'r2'), Rd('r5', 'r1')], '0:r6=1;')
MP('MP+plain+acq', 'Sometimes', 'the writer has no ordering between its two stores',
   [W('r1', 1), W('r2', 1)], [ACQ('r4', 'r2'), Rd('r5', 'r1')])
MP('MP+fence+fence', 'Never', 'value-returning atomics on a dummy location are full barriers',
   [W('r1', 1)] + fence() + [W('r2', 1)], [Rd('r4', 'r2')] + fence() + [Rd('r5', 'r1')],
   finit(0) + ' ' + finit(1))
MP('MP+rel+addr', 'Never', 'an address dependency orders the reader\'s loads',
   [W('r1', 1), REL('r2', 'r6')], [Rd('r4', 'r2')] + addr('r4', 'r1') + [Rd('r5', 'r7')], '0:r6=1;')
MP('MP+fence+ctrl', 'Sometimes', 'a control dependency orders only later stores, not later loads',
   [W('r1', 1)] + fence() + [W('r2', 1)], [Rd('r4', 'r2'), 'if r4 == 0 goto L1', Rd('r5', 'r1'), 'L1:'],
   finit(0))
MP('MP+lockadd+acq', 'Sometimes', '"lock +=" is atomic but gives no ordering: the data store may follow the flag update',
   [W('r1', 1), 'lock *(u32 *)(r2 + 0) += r6'], [ACQ('r4', 'r2'), Rd('r5', 'r1')], '0:r6=1;')
MP('MP+xchg+acq', 'Never', 'xchg is fully ordered, so it publishes the earlier data store',
   [W('r1', 1), 'r6 = xchg_64(r2 + 0, r6)'], [ACQ('r4', 'r2'), Rd('r5', 'r1')], '0:r6=1;')
MP('MP+rel+fetchadd', 'Never', 'reading the flag with a fetch atomic orders the later data load',
   [W('r1', 1), REL('r2', 'r6')], ['r4 = atomic_fetch_add((u32 *)(r2 + 0), r4)', Rd('r5', 'r1')], '0:r6=1; 1:r4=0;')
MP('MP+rel+cmpxchg-fail', 'Sometimes', 'the cmpxchg compares with 5 and always fails: a failed cmpxchg is a plain load',
   [W('r1', 1), REL('r2', 'r6')], ['r0 = cmpxchg_64(r2 + 0, r0, r6)', 'r4 = r0', Rd('r5', 'r1')], '0:r6=1; 1:r0=5; 1:r6=2;')
MP('MP+rel+cmpxchg-ok', 'Never', 'when the cmpxchg reads 1 it succeeds and is fully ordered',
   [W('r1', 1), REL('r2', 'r6')], ['r0 = cmpxchg_64(r2 + 0, r0, r6)', 'r4 = r0', Rd('r5', 'r1')], '0:r6=1; 1:r0=1; 1:r6=2;')

# release sequences: P0 x=1; release y=1 | P1 atomic on y | P2 acquire y; x
def RS(name, res, why, p1, want, init='', cond=None):
    T(name, res, why, XY(3) + ' 0:r6=1; ' + init,
      [[W('r1', 1), REL('r2', 'r6')], p1, [ACQ('r4', 'r2'), Rd('r5', 'r1')]],
      cond or 'exists (2:r4=%d /\\ 2:r5=0)' % want)
RS('MP+relseq-lockor', 'Never', 'an atomic RMW that reads the release store continues its release sequence',
   ['lock *(u32 *)(r2 + 0) |= r6'], 3, '1:r6=2;')
RS('MP+relseq-xchg32', 'Never', 'the xchg reads 1 (only way to end with y=2 after the release) and extends the release sequence',
   ['r6 = xchg_32_32(r2 + 0, r6)'], 2, '1:r6=2;', 'exists (1:r6=1 /\\ 2:r4=2 /\\ 2:r5=0)')
RS('MP+relseq-plainstore', 'Sometimes', 'a plain store after reading the flag does not extend the release sequence (LKMM agrees; ARMv8 and Power forbid)',
   [Rd('r4', 'r2'), W('r2', 2)], 2, '', 'exists (1:r4=1 /\\ 2:r4=2 /\\ 2:r5=0)')

# ---------------------------------------------------------------- SB
sb_cond = 'exists (0:r4=0 /\\ 1:r4=0)'
def SB(name, res, why, ord0, ord1, init=''):
    T(name, res, why, XY(2) + ' ' + init,
      [[W('r1', 1)] + ord0 + [Rd('r4', 'r2')], [W('r2', 1)] + ord1 + [Rd('r4', 'r1')]], sb_cond)
SB('SB+plain', 'Sometimes', 'store buffering: each load may pass the earlier store', [], [])
for k, nm in [('fetchadd', 'atomic_fetch_add'), ('fetchand', 'atomic_fetch_and'), ('fetchor', 'atomic_fetch_or'),
              ('fetchxor', 'atomic_fetch_xor'), ('xchg64', 'xchg_64'), ('xchg32', 'xchg_32_32'),
              ('cmpxchg64', 'successful cmpxchg_64'), ('cmpxchg32', 'successful cmpxchg32_32')]:
    SB('SB+%s+%s' % (k, k), 'Never', '%s on a dummy location is a full barrier on both sides' % nm,
       fence(k), fence(k), finit(0, k) + ' ' + finit(1, k))
SB('SB+cmpxchg64-fail+cmpxchg64-fail', 'Sometimes', 'a failing cmpxchg (compare value 7, memory 0) is a plain load, no barrier',
   fence('cmpxchg64'), fence('cmpxchg64'), finit(0, 'cmpxchg64', False) + ' ' + finit(1, 'cmpxchg64', False))
SB('SB+cmpxchg32-ok+cmpxchg32-fail', 'Sometimes', 'one side succeeds (barrier), the other fails (no barrier): SB needs both',
   fence('cmpxchg32'), fence('cmpxchg32'), finit(0, 'cmpxchg32', True) + ' ' + finit(1, 'cmpxchg32', False))
SB('SB+lockadd+lockadd', 'Sometimes', 'non-fetch atomics ("lock +=") give no ordering', fence('lockadd'), fence('lockadd'),
   finit(0, 'lockadd') + ' ' + finit(1, 'lockadd'))
SB('SB+lockor+lockor', 'Sometimes', 'non-fetch atomics ("lock |=") give no ordering', fence('lockor'), fence('lockor'),
   finit(0, 'lockor') + ' ' + finit(1, 'lockor'))
SB('SB+fetchadd+plain', 'Sometimes', 'SB needs a full barrier on both sides', fence(), [], finit(0))
T('SB+rel+acq', 'Sometimes', 'RCpc: a store_release followed by a load_acquire is not ordered',
  XY(2) + ' 0:r6=1; 1:r6=1;', [[REL('r1', 'r6'), ACQ('r4', 'r2')], [REL('r2', 'r6'), ACQ('r4', 'r1')]], sb_cond)
T('SB+xchgs', 'Never', 'the stores themselves are xchg atomics: fully ordered before the later loads',
  XY(2) + ' 0:r6=1; 1:r6=1;', [['r6 = xchg_64(r1 + 0, r6)', Rd('r4', 'r2')], ['r6 = xchg_64(r2 + 0, r6)', Rd('r4', 'r1')]], sb_cond)

# ---------------------------------------------------------------- LB
lb_cond = 'exists (0:r4=1 /\\ 1:r4=1)'
def LB(name, res, why, p0, p1, init='', cond=lb_cond, n=2, extra=None):
    T(name, res, why, XYZ(n) + ' ' + init, [p0, p1] + (extra or []), cond)
lb_p1_data = [Rd('r4', 'r2')] + dataval('r4', 1) + [W('r1', 'r6')]
LB('LB+plain', 'Sometimes', 'load buffering without dependencies: each store may pass the earlier load',
   [Rd('r4', 'r1'), W('r2', 1)], [Rd('r4', 'r2'), W('r1', 1)])
LB('LB+data+data', 'Never', 'data dependencies order loads before stores (no out-of-thin-air)',
   [Rd('r4', 'r1')] + dataval('r4', 1) + [W('r2', 'r6')], lb_p1_data)
LB('LB+addr+addr', 'Never', 'address dependencies into the stores order them after the loads',
   [Rd('r4', 'r1')] + addr('r4', 'r2') + [W('r7', 1)], [Rd('r4', 'r2')] + addr('r4', 'r1') + [W('r7', 1)])
LB('LB+ctrl+ctrl', 'Never', 'control dependencies order loads before later stores',
   [Rd('r4', 'r1'), 'if r4 == 0 goto L0', W('r2', 1), 'L0:'], [Rd('r4', 'r2'), 'if r4 == 0 goto L1', W('r1', 1), 'L1:'])
LB('LB+ctrl-taken+data', 'Never', 'the store on the taken side of a branch is control dependent too',
   [Rd('r4', 'r1'), 'if r4 == 1 goto L0', W('r2', 2), 'goto L2', 'L0:', W('r2', 1), 'L2:'], lb_p1_data)
LB('LB+ctrlcvg+data', 'Never', 'instruction-level control dependency: a store after the branches join is still ordered',
   [Rd('r4', 'r1'), 'if r4 == 1 goto L0', 'r5 = 3', 'L0:', W('r2', 1)], lb_p1_data)
LB('LB+acq+rel', 'Never', 'load_acquire orders the later store; store_release orders the earlier load',
   [ACQ('r4', 'r1'), W('r2', 1)], [Rd('r4', 'r2'), REL('r1', 'r6')], '1:r6=1;')
LB('LB+rel+rel', 'Never', 'store_release orders every earlier access, loads included',
   [Rd('r4', 'r1'), REL('r2', 'r6')], [Rd('r4', 'r2'), REL('r1', 'r6')], '0:r6=1; 1:r6=1;')
LB('LB+fetchadd+fetchadd', 'Never', 'full barriers', [Rd('r4', 'r1')] + fence() + [W('r2', 1)],
   [Rd('r4', 'r2')] + fence() + [W('r1', 1)], finit(0) + ' ' + finit(1))
LB('LB+lockadd+data', 'Sometimes', '"lock +=" between the load and the store orders nothing',
   [Rd('r4', 'r1')] + fence('lockadd') + [W('r2', 1)], lb_p1_data, finit(0, 'lockadd'))
LB('LB+datarfi-data+data', 'Never', 'a dependency into a store that a later load of the same thread reads (dep;rfi) orders that load',
   [Rd('r4', 'r1'), W('r3', 'r4'), Rd('r5', 'r3')] + dataval('r5', 1) + [W('r2', 'r6')], lb_p1_data,
   cond='exists (0:r4=1 /\\ 0:r5=1 /\\ 1:r4=1)')
MP('MP+fence+addrrfi-addr', 'Never', 'addr;rfi: the load of z reads a store whose address depends on the flag, so it is ordered after the flag load',
   [W('r1', 1)] + fence() + [W('r2', 1)],
   [Rd('r4', 'r2')] + addr('r4', 'r3') + [W('r7', 1), Rd('r6', 'r3')] + addr('r6', 'r1', 'r0') + [Rd('r5', 'r0')],
   finit(0) + ' 1:r3=z;')
LB('LB+addrpo+data', 'Never', 'LWN example A: R1 -addr-> R2 -po-> W1; the store waits for the address of R2',
   [Rd('r4', 'r1')] + addr('r4', 'r3') + [Rd('r5', 'r7'), W('r2', 1)], lb_p1_data)
LB('LB+addrpow+data', 'Never', 'example A with a store as middle access: R1 -addr-> W2 -po-> W1',
   [Rd('r4', 'r1')] + addr('r4', 'r3') + [W('r7', 1), W('r2', 1)], lb_p1_data)
LB('LB+datapo+data', 'Sometimes', 'R1 -data-> W2 -po-> W1: the address of W2 is known, W1 may go first',
   [Rd('r4', 'r1'), W('r3', 'r4'), W('r2', 1)], lb_p1_data)
LB('LB+ctrlpo-read+data', 'Sometimes', 'a control dependency to a load, then an unconditional store before the branch: nothing orders the store',
   [Rd('r4', 'r1'), W('r2', 1), 'if r4 == 0 goto L0', Rd('r5', 'r3'), 'L0:'], lb_p1_data)
# 3 threads: fri
T('LB3+fri+data+data', 'Never', 'a load is ordered before a po-later store to the same location (fri)',
  XY(3), [[Rd('r4', 'r1'), W('r1', 1)], [Rd('r4', 'r1')] + dataval('r4', 1) + [W('r2', 'r6')],
          [Rd('r4', 'r2')] + dataval('r4', 1) + [W('r1', 'r6')]],
  'exists (0:r4=1 /\\ 1:r4=1 /\\ 2:r4=1 /\\ x=1)')
T('LB3+coi+data+data', 'Never', 'a store (data-dependent on the load) is ordered before a po-later store to the same location (coi)',
  XYZ(3), [[Rd('r4', 'r2'), W('r1', 'r4'), W('r1', 2)], [Rd('r4', 'r1')] + dataval('r4', 1) + [W('r3', 'r6')],
          [Rd('r4', 'r3')] + dataval('r4', 1) + [W('r2', 'r6')]],
  'exists (0:r4=1 /\\ 1:r4=2 /\\ 2:r4=1)')

# ---------------------------------------------------------------- WRC
wrc_cond = 'exists (1:r4=1 /\\ 2:r4=1 /\\ 2:r5=0)'
def WRC(name, res, why, p1, p2, init=''):
    T(name, res, why, XY(3) + ' ' + init, [[W('r1', 1)], p1, p2], wrc_cond)
WRC('WRC+plain', 'Sometimes', 'no ordering anywhere', [Rd('r4', 'r1'), W('r2', 1)], [Rd('r4', 'r2'), Rd('r5', 'r1')])
WRC('WRC+data+addr', 'Sometimes', 'dependencies are not cumulative: x may reach P1 before P2 (Power)',
    [Rd('r4', 'r1')] + dataval('r4', 1) + [W('r2', 'r6')], [Rd('r4', 'r2')] + addr('r4', 'r1') + [Rd('r5', 'r7')])
WRC('WRC+data+acq', 'Sometimes', 'the middle thread has only a dependency: nothing makes x visible to P2',
    [Rd('r4', 'r1')] + dataval('r4', 1) + [W('r2', 'r6')], [ACQ('r4', 'r2'), Rd('r5', 'r1')])
WRC('WRC+rel+acq', 'Never', 'store_release is A-cumulative: the x it has read is published before y',
    [Rd('r4', 'r1'), REL('r2', 'r6')], [ACQ('r4', 'r2'), Rd('r5', 'r1')], '1:r6=1;')
WRC('WRC+fetchadd+addr', 'Never', 'a full barrier is A-cumulative',
    [Rd('r4', 'r1')] + fence() + [W('r2', 1)], [Rd('r4', 'r2')] + addr('r4', 'r1') + [Rd('r5', 'r7')], finit(1))

# ---------------------------------------------------------------- IRIW
iriw_cond = 'exists (2:r4=1 /\\ 2:r5=0 /\\ 3:r4=1 /\\ 3:r5=0)'
def IRIW(name, res, why, p2, p3, init=''):
    T(name, res, why, XY(4) + ' ' + init, [[W('r1', 1)], [W('r2', 1)], p2, p3], iriw_cond)
IRIW('IRIW+plain', 'Sometimes', 'readers unordered', [Rd('r4', 'r1'), Rd('r5', 'r2')], [Rd('r4', 'r2'), Rd('r5', 'r1')])
IRIW('IRIW+fetchadd+fetchadd', 'Never', 'full barriers restore a single order of the two writes',
     [Rd('r4', 'r1')] + fence() + [Rd('r5', 'r2')], [Rd('r4', 'r2')] + fence() + [Rd('r5', 'r1')], finit(2) + ' ' + finit(3))
IRIW('IRIW+acq+acq', 'Sometimes', 'acquire is not enough: the model is not multi-copy atomic (Power)',
     [ACQ('r4', 'r1'), Rd('r5', 'r2')], [ACQ('r4', 'r2'), Rd('r5', 'r1')])
IRIW('IRIW+addr+addr', 'Sometimes', 'dependencies are not enough either (Power)',
     [Rd('r4', 'r1')] + addr('r4', 'r2') + [Rd('r5', 'r7')], [Rd('r4', 'r2')] + addr('r4', 'r1') + [Rd('r5', 'r7')])

# ---------------------------------------------------------------- ISA2
isa_cond = 'exists (1:r4=1 /\\ 2:r4=1 /\\ 2:r5=0)'
def ISA2(name, res, why, p0, p1, p2, init=''):
    T(name, res, why, XYZ(3) + ' ' + init, [p0, p1, p2], isa_cond)
ISA2('ISA2+plain', 'Sometimes', 'no ordering', [W('r1', 1), W('r2', 1)], [Rd('r4', 'r2'), W('r3', 1)], [Rd('r4', 'r3'), Rd('r5', 'r1')])
ISA2('ISA2+rel+acqrel+acq', 'Never', 'a release/acquire chain through three threads is transitive',
     [W('r1', 1), REL('r2', 'r6')], [ACQ('r4', 'r2'), REL('r3', 'r6')], [ACQ('r4', 'r3'), Rd('r5', 'r1')], '0:r6=1; 1:r6=1;')
ISA2('ISA2+rel+data+addr', 'Sometimes', 'only the first link is a release; like LKMM, dependencies do not extend it (ARMv8 and Power forbid)',
     [W('r1', 1), REL('r2', 'r6')], [Rd('r4', 'r2')] + dataval('r4', 1) + [W('r3', 'r6')],
     [Rd('r4', 'r3')] + addr('r4', 'r1') + [Rd('r5', 'r7')], '0:r6=1;')
ISA2('ISA2+fetchadd+data+addr', 'Never', 'a full barrier on the first thread makes x visible everywhere before y',
     [W('r1', 1)] + fence() + [W('r2', 1)], [Rd('r4', 'r2')] + dataval('r4', 1) + [W('r3', 'r6')],
     [Rd('r4', 'r3')] + addr('r4', 'r1') + [Rd('r5', 'r7')], finit(0))

# ---------------------------------------------------------------- 2+2W, R, S
w22_cond = 'exists (x=1 /\\ y=1)'
def W22(name, res, why, o0, o1, init=''):
    T(name, res, why, XY(2) + ' ' + init, [[W('r1', 1)] + o0 + [W('r2', 2)], [W('r2', 1)] + o1 + [W('r1', 2)]], w22_cond)
W22('2+2W+plain', 'Sometimes', 'stores to different locations are unordered', [], [])
W22('2+2W+fetchadd+fetchadd', 'Never', 'full barriers on both sides', fence(), fence(), finit(0) + ' ' + finit(1))
T('2+2W+rel+rel', 'Sometimes', 'release orders propagation but gives no pb edge: only full barriers forbid 2+2W (ARMv8 and Power forbid)',
  XY(2) + ' 0:r6=2; 1:r6=2;', [[W('r1', 1), REL('r2', 'r6')], [W('r2', 1), REL('r1', 'r6')]], w22_cond)
r_cond = 'exists (y=2 /\\ 1:r4=0)'
T('R+plain', 'Sometimes', 'no ordering', XY(2), [[W('r1', 1), W('r2', 1)], [W('r2', 2), Rd('r4', 'r1')]], r_cond)
T('R+fetchadd+fetchadd', 'Never', 'full barriers on both sides', XY(2) + ' ' + finit(0) + ' ' + finit(1),
  [[W('r1', 1)] + fence() + [W('r2', 1)], [W('r2', 2)] + fence() + [Rd('r4', 'r1')]], r_cond)
T('R+rel+acq', 'Sometimes', 'the store-to-load order on P1 needs a full barrier; release/acquire are RCpc', XY(2) + ' 0:r6=1; 1:r6=2;',
  [[W('r1', 1), REL('r2', 'r6')], [REL('r2', 'r6'), ACQ('r4', 'r1')]], r_cond)
s_cond = 'exists (x=2 /\\ 1:r4=1)'
def S(name, res, why, o0, p1, init=''):
    T(name, res, why, XY(2) + ' ' + init, [[W('r1', 2)] + o0 + [W('r2', 1)], p1], s_cond)
S('S+plain', 'Sometimes', 'no ordering', [], [Rd('r4', 'r2'), W('r1', 1)])
S('S+fetchadd+plain', 'Sometimes', 'the reading thread may reorder its load and store', fence(), [Rd('r4', 'r2'), W('r1', 1)], finit(0))
T('S+rel+data', 'Never', 'release on the writer, data dependency on the reader', XY(2) + ' 0:r6=1;',
  [[W('r1', 2), REL('r2', 'r6')], [Rd('r4', 'r2')] + dataval('r4', 1) + [W('r1', 'r6')]], s_cond)
T('S+rel+ctrl', 'Never', 'release on the writer, control dependency on the reader', XY(2) + ' 0:r6=1;',
  [[W('r1', 2), REL('r2', 'r6')], [Rd('r4', 'r2'), 'if r4 == 0 goto L1', W('r1', 1), 'L1:']], s_cond)
T('S+rel+addr', 'Never', 'release on the writer, address dependency into the reader\'s store', XY(2) + ' 0:r6=1;',
  [[W('r1', 2), REL('r2', 'r6')], [Rd('r4', 'r2')] + addr('r4', 'r1') + [W('r7', 1)]], s_cond)

# ---------------------------------------------------------------- coherence
T('CoRR', 'Never', 'two loads of one location see its writes in coherence order', XY(2),
  [[W('r1', 1)], [Rd('r4', 'r1'), Rd('r5', 'r1')]], 'exists (1:r4=1 /\\ 1:r5=0)')
T('CoRW1', 'Never', 'a load cannot read a po-later store of its own thread', XY(1), [[Rd('r4', 'r1'), W('r1', 1)]], 'exists (0:r4=1)')
T('CoRW2', 'Never', 'a load cannot read a store coherence-after its own po-later store', XY(2),
  [[Rd('r4', 'r1'), W('r1', 1)], [W('r1', 2)]], 'exists (0:r4=2 /\\ x=2)')
T('CoWR', 'Never', 'a load cannot read a store coherence-before its own po-earlier store', XY(2),
  [[W('r1', 1), Rd('r4', 'r1')], [W('r1', 2)]], 'exists (0:r4=2 /\\ x=1)')
T('CoWW', 'Never', 'two stores of one thread to one location keep their order', XY(1), [[W('r1', 1), W('r1', 2)]], 'exists (x=1)')
T('CoRR+fetchadd', 'Never', 'coherence also holds for atomic reads', XY(2) + ' 1:r4=0; 1:r5=0;',
  [[W('r1', 1)], ['r4 = atomic_fetch_add((u32 *)(r1 + 0), r4)', 'r5 = atomic_fetch_add((u32 *)(r1 + 0), r5)']],
  'exists (1:r4=1 /\\ 1:r5=0)')

# ---------------------------------------------------------------- LWN example B (RSW / RDW)
rsw_p1 = [Rd('r4', 'r2')] + addr('r4', 'r3') + [Rd('r5', 'r7'), Rd('r6', 'r3')] + addr('r6', 'r1', 'r0') + [Rd('r8', 'r0')]
T('LWN-B+rsw', 'Sometimes', 'LWN example B: two loads of z read the same write, so the second one is not ordered after the first (Power allows)',
  XYZ(3) + ' ' + finit(0), [[W('r1', 1)] + fence() + [W('r2', 1)], rsw_p1, [W('r3', 1)]],
  'exists (1:r4=1 /\\ 1:r5=0 /\\ 1:r6=0 /\\ 1:r8=0)')
T('LWN-B+rdw', 'Never', 'same shape, but the two loads of z read different writes: the second is then ordered (fre;rfe)',
  XYZ(3) + ' ' + finit(0), [[W('r1', 1)] + fence() + [W('r2', 1)], rsw_p1, [W('r3', 1)]],
  'exists (1:r4=1 /\\ 1:r5=0 /\\ 1:r6=1 /\\ 1:r8=0)')

# ---------------------------------------------------------------- atomic values
def V(name, why, init, code, cond):
    T(name, 'Always', why, init, [code], cond)
V('fetch_add-value', 'atomic_fetch_add returns the old value and adds', '0:r1=x; 0:r2=3; int x=5;',
  ['r2 = atomic_fetch_add((u32 *)(r1 + 0), r2)'], 'forall (0:r2=5 /\\ x=8)')
V('fetch_and-value', 'atomic_fetch_and returns the old value, 12 & 10 = 8', '0:r1=x; 0:r2=10; int x=12;',
  ['r2 = atomic_fetch_and((u32 *)(r1 + 0), r2)'], 'forall (0:r2=12 /\\ x=8)')
V('fetch_or-value', 'atomic_fetch_or returns the old value, 12 | 3 = 15', '0:r1=x; 0:r2=3; int x=12;',
  ['r2 = atomic_fetch_or((u64 *)(r1 + 0), r2)'], 'forall (0:r2=12 /\\ x=15)')
V('fetch_xor-value', 'atomic_fetch_xor returns the old value, 12 ^ 10 = 6', '0:r1=x; 0:r2=10; int x=12;',
  ['r2 = atomic_fetch_xor((u32 *)(r1 + 0), r2)'], 'forall (0:r2=12 /\\ x=6)')
V('xchg_64-value', 'xchg_64 returns the old value and stores the new one', '0:r1=x; 0:r2=7; int x=5;',
  ['r2 = xchg_64(r1 + 0, r2)'], 'forall (0:r2=5 /\\ x=7)')
V('xchg_32_32-value', 'xchg_32_32 returns the old value and stores the new one', '0:r1=x; 0:r2=7; int x=5;',
  ['r2 = xchg_32_32(r1 + 0, r2)'], 'forall (0:r2=5 /\\ x=7)')
V('cmpxchg_64-success-value', 'memory equals r0: store r2, r0 gets the old value', '0:r1=x; 0:r0=5; 0:r2=9; int x=5;',
  ['r0 = cmpxchg_64(r1 + 0, r0, r2)'], 'forall (0:r0=5 /\\ x=9)')
V('cmpxchg_64-failure-value', 'memory differs from r0: no store, r0 gets the current value', '0:r1=x; 0:r0=4; 0:r2=9; int x=5;',
  ['r0 = cmpxchg_64(r1 + 0, r0, r2)'], 'forall (0:r0=5 /\\ x=5)')
V('cmpxchg32_32-success-value', 'memory equals r0: store r2, r0 gets the old value', '0:r1=x; 0:r0=5; 0:r2=9; int x=5;',
  ['r0 = cmpxchg32_32(r1 + 0, r0, r2)'], 'forall (0:r0=5 /\\ x=9)')
V('cmpxchg32_32-failure-value', 'memory differs from r0: no store, r0 gets the current value', '0:r1=x; 0:r0=4; 0:r2=9; int x=5;',
  ['r0 = cmpxchg32_32(r1 + 0, r0, r2)'], 'forall (0:r0=5 /\\ x=5)')
V('lock-ops-value', 'lock +=, &=, |=, ^= update memory in place: ((12+4)&10|1)^3 = 2', '0:r1=x; 0:r2=4; 0:r3=10; 0:r4=1; 0:r5=3; int x=12;',
  ['lock *(u32 *)(r1 + 0) += r2', 'lock *(u32 *)(r1 + 0) &= r3', 'lock *(u64 *)(r1 + 0) |= r4', 'lock *(u32 *)(r1 + 0) ^= r5'],
  'forall (x=2 /\\ 0:r2=4)')
T('fetch_add-2threads', 'Always', 'two concurrent fetch_adds: both increments land, each sees the other or nothing',
  '0:r1=x; 0:r2=1; 1:r1=x; 1:r2=2;', [['r2 = atomic_fetch_add((u32 *)(r1 + 0), r2)'], ['r2 = atomic_fetch_add((u32 *)(r1 + 0), r2)']],
  'forall (x=3 /\\ ((0:r2=0 /\\ 1:r2=1) \\/ (0:r2=2 /\\ 1:r2=0)))')
T('lock-add+lock-or', 'Always', 'two concurrent non-fetch atomics are still atomic: (0+1)|2 = 3 or (0|2)+1 = 3',
  '0:r1=x; 0:r2=1; 1:r1=x; 1:r2=2;', [['lock *(u32 *)(r1 + 0) += r2'], ['lock *(u32 *)(r1 + 0) |= r2']], 'forall (x=3)')
T('xchg-2threads', 'Never', 'two xchgs cannot both read the initial value',
  '0:r1=x; 0:r2=1; 1:r1=x; 1:r2=2;', [['r2 = xchg_64(r1 + 0, r2)'], ['r2 = xchg_32_32(r1 + 0, r2)']], 'exists (0:r2=0 /\\ 1:r2=0)')
T('cmpxchg-2threads', 'Never', 'two cmpxchg 0->id cannot both succeed',
  '0:r1=x; 0:r0=0; 0:r2=1; 1:r1=x; 1:r0=0; 1:r2=2;', [['r0 = cmpxchg_64(r1 + 0, r0, r2)'], ['r0 = cmpxchg32_32(r1 + 0, r0, r2)']],
  'exists (0:r0=0 /\\ 1:r0=0)')
T('fetch_add+store-atomicity', 'Never', 'a plain store cannot slip between the read and the write of a fetch_add',
  '0:r1=x; 0:r2=1; 1:r1=x;', [['r2 = atomic_fetch_add((u32 *)(r1 + 0), r2)'], [W('r1', 5)]], 'exists (0:r2=0 /\\ x=1)')
T('cmpxchg+store-atomicity', 'Never', 'a plain store cannot slip between the read and the write of a successful cmpxchg',
  '0:r1=x; 0:r0=0; 0:r2=1; 1:r1=x;', [['r0 = cmpxchg_64(r1 + 0, r0, r2)'], [W('r1', 5)]], 'exists (0:r0=0 /\\ x=1)')
T('lock+store-finals', 'Always', 'a lock add and a plain store: either order, never a lost-update mix',
  '0:r1=x; 0:r2=1; 1:r1=x;', [['lock *(u32 *)(r1 + 0) += r2'], [W('r1', 5)]], 'forall (x=5 \\/ x=6)')

# ---------------------------------------------------------------- control flow values
T('ctrl-both-directions', 'Always', 'each direction of the branch runs its own side only',
  '0:r1=x; 1:r1=x;', [[Rd('r4', 'r1'), 'if r4 == 1 goto L0', 'r5 = 2', 'goto L1', 'L0:', 'r5 = 3', 'L1:'], [W('r1', 1)]],
  'forall ((0:r4=0 /\\ 0:r5=2) \\/ (0:r4=1 /\\ 0:r5=3))')
T('goto-skip', 'Always', 'an unconditional goto skips the store', '0:r1=x; 0:r2=y;',
  [['goto L0', W('r1', 1), 'L0:', W('r2', 1)]], 'forall (x=0 /\\ y=1)')
T('branch-conditions', 'Always', 'if with != < >= and an immediate; r5 collects which branches were taken',
  '0:r1=3; 0:r2=5; 0:r5=0;',
  [['if r1 != 3 goto L0', 'r5 += 1', 'L0:', 'if r1 < r2 goto L1', 'r5 += 10', 'L1:', 'if r2 >= 6 goto L2', 'r5 += 100', 'L2:']],
  'forall (0:r5=101)')

# ---------------------------------------------------------------- write
os.makedirs(OUT, exist_ok=True)
kinds = {'Never': 'Forbidden', 'Sometimes': 'Allowed', 'Always': 'Required'}
lines = []
for name, res, why, init, threads, cond, locs, ec in tests:
    n = max(len(t) for t in threads)
    cols = [t + [''] * (n - len(t)) for t in threads]
    heads = ['P%d' % i for i in range(len(threads))]
    width = [max(len(x) for x in [heads[i]] + cols[i]) for i in range(len(threads))]
    def row(cells):
        return ' | '.join(c.ljust(width[i]) for i, c in enumerate(cells)).rstrip() + ' ;'
    initl = ' '.join(x for x in init.split(' ') if x)
    # one line per thread in init
    parts = [p.strip() for p in initl.split(';') if p.strip()]
    byt = {}
    for p in parts:
        k = p.split(':')[0] if ':' in p.split('=')[0] else 'mem'
        byt.setdefault(k, []).append(p + ';')
    initlines = '\n'.join(' '.join(v) for k, v in sorted(byt.items()))
    text = 'BPF %s\n(* Result: %s -- %s *)\n{\n%s\n}\n%s\n' % (name, res, why, initlines, row(heads))
    for r in range(n):
        text += row([c[r] for c in cols]) + '\n'
    if locs: text += 'locations [%s]\n' % locs
    text += cond + '\n'
    open(os.path.join(OUT, name + '.litmus'), 'w').write(text)
    lines.append('%s %s' % (name, kinds[res]))
open(os.path.join(OUT, 'kinds.txt'), 'w').write('\n'.join(lines) + '\n')
print(len(tests), 'tests')
