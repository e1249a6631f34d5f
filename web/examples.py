#!/usr/bin/env python3
"""examples.py OUT.json MODELS MAPPINGS LKMMDIR CATALOGUE -- the page's
bundled examples (own BPF tests, the kernel's C litmus tests of
tools/memory-model and Documentation/litmus-tests, the BPF catalogue when
present), the models and the variants each one tests,
the mapping tables. LKMMDIR or CATALOGUE may be '' (absent)."""
import json, os, re, sys

out, models, mappings, lkmm, catalogue = sys.argv[1:6]


def tests(d, model=''):
    r = []
    if not d or not os.path.isdir(d):
        return r
    for f in sorted(os.listdir(d)):
        if f.endswith('.litmus'):
            with open(os.path.join(d, f), encoding='utf-8', errors='replace') as h:
                r.append({'file': f, 'text': h.read(), 'model': model})
    return r


def variants(path, seen=None):
    """The names a model tests in `if "NAME"`, with its includes."""
    seen = seen if seen is not None else set()
    if path in seen or not os.path.isfile(path):
        return set()
    seen.add(path)
    text = open(path, encoding='utf-8').read()
    v = set(re.findall(r'\bif\s+"([^"]+)"', text))
    for inc in re.findall(r'include\s+"([^"]+)"', text):
        for d in (os.path.dirname(path), os.path.join(models, 'lib'), models):
            p = os.path.join(d, inc)
            if os.path.isfile(p):
                v |= variants(p, seen)
                break
    return v


groups = [{'name': 'own BPF tests (tests/litmus/bpf)', 'tests': tests('tests/litmus/bpf')}]
if lkmm:
    groups.append({'name': "the kernel's C litmus tests (tools/memory-model/litmus-tests)",
                   'tests': tests(os.path.join(lkmm, 'litmus-tests'), 'lkmm')})
    doc = os.path.join(lkmm, '..', '..', 'Documentation', 'litmus-tests')
    if os.path.isdir(doc):
        groups.append({'name': "the kernel's Documentation/litmus-tests",
                       'tests': [t for d in sorted(os.listdir(doc)) for t in tests(os.path.join(doc, d), 'lkmm')]})
if catalogue:
    groups.append({'name': 'BPF catalogue', 'tests': tests(os.path.join(catalogue, 'tests'))})
cats = sorted(f for f in os.listdir(models) if f.endswith('.cat'))
var = {m: sorted(variants(os.path.join(models, m))) for m in cats}
if lkmm:
    var['lkmm'] = sorted(variants(os.path.join(lkmm, 'linux-kernel.cat')))
var[''] = sorted(variants(os.path.join(models, 'bpf.cat')))
json.dump({'groups': [g for g in groups if g['tests']], 'models': cats,
           'mappings': sorted(os.listdir(mappings)), 'variants': var}, open(out, 'w'))
