"""Synthetic variants around the boundary: one comparison added at a time, same kinds.

Each family is a list of comparison kinds. A variant with n comparisons uses the family's kinds
in order, cycling when n is longer than the list, each on its own property of a stand-in model
(`Row`, with a relationship `Link` for optional chains), joined with `&&`. A family stops at the
first variant that times out or that the compiler gives up on, or at 10 comparisons.

Families: every measured real predicate with at least two comparisons that took longest (its
kinds, in its order, start at its own size), the reported time-out (four comparisons, three
through optional chains, two against literals), and one family per single kind.
"""
from __future__ import annotations

import re

import measure as M

MAX_COMPARISONS = 10

# kind -> template; {n} is the comparison's index, {op} a numeric operator, {eq} == or !=
TEMPLATES = {
    'prop_cap': 'r.i{n} {op} k{n}',
    'prop_cap?.': 'r.link{n}?.i{n} {eq} k{n}',   # Optional is not Comparable: == and != only
    'lit_int': 'r.i{n} {op} {v}',
    'lit_bool': 'r.b{n} {eq} {bv}',
    'lit_str': 'r.s{n} {eq} "v{n}"',
    'lit_int32': 'r.w{n} {op} {v}',
    'lit_int16': 'r.h{n} {op} {v}',
    'lit_int64': 'r.l{n} {op} {v}',
    'lit_double': 'r.d{n} {op} {v}',
    'lit_float': 'r.d{n} {op} {v}.5',
    'lit_optint': 'r.o{n} {eq} {v}',
    'lit_optbool': 'r.ob{n} {eq} {bv}',
    'lit_optstr': 'r.os{n} {eq} "v{n}"',
    'lit_int?.': 'r.link{n}?.i{n} {eq} {v}',
    'lit_bool?.': 'r.link{n}?.b{n} {eq} {bv}',
    'lit_str?.': 'r.link{n}?.s{n} {eq} "v{n}"',
    'nil': 'r.link{n} {eq} nil',            # an optional relationship (a Hashable model)
    'nil_int': 'r.o{n} {eq} nil',           # an optional Int
    'nil?.': 'r.link{n}?.o{n} {eq} nil',
    'prop_prop': 'r.i{n} {op} r.j{n}',
    'prop_prop?.': 'r.link{n}?.i{n} {eq} r.o{n}',   # Int? == Int? (Int? == Int does not type-check)
    'prop_case': 'r.e{n} {eq} E.b',   # the macro rejects `.b` without a base
    'prop_cap_str': 'r.s{n} {eq} q{n}',
    'call_contains': 'r.s{n}.contains(q{n})',
    'call_lsc': 'r.s{n}.localizedStandardContains(q{n})',
}

OPS = ['==', '!=', '<', '>']
EQS = ['==', '!=']


def model_source() -> str:
    idx = range(MAX_COMPARISONS)
    link = ['final class Link: PersistentModel {']
    for n in idx:
        link += [f'    var i{n}: Int = 0', f'    var b{n}: Bool = false', f'    var s{n}: String = ""',
                 f'    var o{n}: Int? = nil']
    link.append('    init() { fatalError() }')
    link.append('}')
    row = ['enum E: String, Codable, Hashable { case a, b, c }', 'final class Row: PersistentModel {']
    for n in idx:
        row += [f'    var i{n}: Int = 0', f'    var j{n}: Int = 0', f'    var b{n}: Bool = false',
                f'    var s{n}: String = ""', f'    var w{n}: Int32 = 0', f'    var h{n}: Int16 = 0',
                f'    var l{n}: Int64 = 0', f'    var d{n}: Double = 0', f'    var o{n}: Int? = nil',
                f'    var ob{n}: Bool? = nil', f'    var os{n}: String? = nil', f'    var e{n}: E = .a',
                f'    var link{n}: Link? = nil']
    row.append('    init() { fatalError() }')
    row.append('}')
    return '\n'.join(link + row) + '\n'


def body(kinds: list[str], n: int) -> str:
    parts = []
    for k in range(n):
        kind = kinds[k % len(kinds)]
        parts.append(TEMPLATES[kind].format(n=k, op=OPS[k % 4], eq=EQS[k % 2], v=k + 1,
                                            bv='false' if k % 2 == 0 else 'true'))
    return ' && '.join(parts)


def standin(kinds: list[str], n: int) -> tuple[str, str]:
    b = body(kinds, n)
    params = ', '.join([f'k{k}: Int' for k in range(n)] + [f'q{k}: String' for k in range(n)])
    src = (M.PRELUDE + model_source() + '\nenum __Measured {\n'
           f'    static func predicate({params}) {{\n'
           f'        let _ = #Predicate<Row> {{ r in {b} }}\n    }}\n}}\n')
    return src, b


def synth_kind(real_kind: str) -> str | None:
    """The synthetic template for a measured comparison kind."""
    chained = real_kind.endswith('?.')
    k = real_kind[:-2] if chained else real_kind
    if k.startswith('lit_default('):
        lit = re.match(r'lit_default\((\w+)', k).group(1)
        if ',captured' in k:
            return 'prop_cap'
        return {'int': 'lit_int', 'bool': 'lit_bool', 'string': 'lit_str'}[lit]
    if k.startswith('lit_other('):
        if 'float' in k:
            return 'lit_float'
        mm = re.match(r'lit_other\((\w+) vs ([\w\[\]]+)(\?)?', k)
        if not mm:
            return 'lit_int32'
        lit, typ, opt = mm.group(1), mm.group(2), mm.group(3)
        if chained and opt:
            return {'int': 'lit_int?.', 'bool': 'lit_bool?.', 'string': 'lit_str?.'}.get(lit, 'lit_int?.')
        if opt:
            return {'int': 'lit_optint', 'bool': 'lit_optbool', 'string': 'lit_optstr'}.get(lit, 'lit_optint')
        return {'Int32': 'lit_int32', 'Int16': 'lit_int16', 'Int64': 'lit_int64', 'Double': 'lit_double',
                'UInt8': 'lit_int16', 'Float': 'lit_double', 'CGFloat': 'lit_double'}.get(typ, 'lit_int32')
    if k.startswith('lit_unknown'):
        return None
    if k == 'nil':
        return 'nil?.' if chained else 'nil'
    if k in ('prop_cap', 'prop_other', 'cap_cap'):
        return 'prop_cap?.' if chained else 'prop_cap'
    if k == 'prop_prop':
        return 'prop_prop?.' if chained else 'prop_prop'
    if k == 'prop_case':
        return 'prop_case'
    return None


PURE = ['prop_cap', 'prop_cap?.', 'lit_int', 'lit_bool', 'lit_str', 'lit_int32', 'lit_optint', 'lit_int?.', 'lit_bool?.',
        'lit_str?.', 'nil', 'nil_int', 'prop_prop', 'prop_prop?.', 'prop_case']
# the reported time-out: four comparisons, three through optional chains, two of them against literals
REPORTED = [('reported-a', ['lit_int?.', 'lit_str?.', 'prop_cap?.', 'prop_cap']),
            ('reported-b', ['lit_bool', 'lit_int?.', 'prop_cap?.', 'prop_cap?.']),
            ('reported-c', ['prop_cap?.', 'lit_str?.', 'prop_cap?.', 'lit_bool'])]


def families(real_rows: list[dict], top: int = 6):
    fams = []
    seen = set()
    usable = [r for r in real_rows if r['outcome'] != 'other-error' and int(r['cmp']) >= 2]
    usable.sort(key=lambda r: -float(r['seconds']))
    for r in usable:
        kinds = [synth_kind(k.strip()) for k in r['kinds'].split(';') if k.strip()]
        if not kinds or any(k is None for k in kinds):
            continue
        key = tuple(kinds)
        if key in seen:
            continue
        seen.add(key)
        fams.append((f"real {r['app']} {r['where']} ({r['seconds']}s)", kinds, len(kinds)))
        if len(fams) >= top:
            break
    for name, kinds in REPORTED:
        fams.append((name, kinds, 2))
    for k in PURE:
        fams.append((f'pure {k}', [k], 2))
    return fams


def features_of(kinds: list[str], n: int) -> dict:
    f = {c: 0 for c in M.FEATURE_COLUMNS}
    ks = []
    for k in range(n):
        kind = kinds[k % len(kinds)]
        ks.append(kind)
        base = kind[:-2] if kind.endswith('?.') else kind
        if kind.endswith('?.'):
            f['opt_chain'] += 1
        if base in ('lit_int', 'lit_bool', 'lit_str'):
            f['lit_default'] += 1
        elif base.startswith('lit_'):
            f['lit_other'] += 1
        elif base in ('prop_cap', 'prop_cap_str'):
            f['prop_cap'] += 1
        elif base in ('nil', 'nil_int'):
            f['nil'] += 1
        elif base == 'prop_prop':
            f['prop_prop'] += 1
        elif base == 'prop_case':
            f['prop_case'] += 1
        elif base == 'call_contains':
            f['call_contains'] += 1
        elif base == 'call_lsc':
            f['call_lsc'] += 1
        if not base.startswith('call_'):
            f['cmp'] += 1
    f['and'] = n - 1
    f['kinds'] = '; '.join(ks)
    return f


# Outcomes past which a family grows no further.
FINAL_OUTCOMES = ('timeout', 'unable-to-type-check', 'other-error')


def measured_row(res: dict, where: str, root: str, root_source: str, predicate: str, feats: dict, **extra) -> dict:
    """One table row for a synthetic measurement: what `M.typecheck` returned, and its features."""
    row = {'app': 'synthetic', 'where': where, 'source': 'synthetic', 'outcome': res['outcome'],
           'seconds': res['seconds'], 'root': root, 'root_source': root_source,
           'first_error': res['first_error'], 'standin': res['file'].split('/')[-1],
           'runs': ' '.join(f'{x[1]}' for x in res['runs']), 'load': ' '.join(f'{x[2]}' for x in res['runs']),
           'predicate': predicate, **extra}
    row.update(feats)
    return row


def print_measured(res: dict, label: str) -> None:
    print(f"{res['outcome']:22} {res['seconds']:7.2f}s {'(cached)' if res['cached'] else '        '} "
          f"synthetic {label}", flush=True)


def run(real_rows: list[dict], timeout: int, version: str, refresh: bool, verbose: bool,
        repeat_slow: int = 0) -> list[dict]:
    # synthetic variants are measured once (real predicates `1 + repeat_slow` times)
    repeat_slow = 0
    rows = run_extended(real_rows, timeout, version, refresh, verbose, repeat_slow)
    for name, kinds, start in families(real_rows):
        for n in range(start, MAX_COMPARISONS + 1):
            src, b = standin(kinds, n)
            r = M.typecheck(src, timeout, version, refresh, repeat_slow)
            feats = features_of(kinds, n)
            rows.append(measured_row(r, f'{name} n={n}', 'Row', 'synthetic', '{ r in ' + b + ' }', feats))
            if verbose:
                print_measured(r, f'{name} n={n}')
            if r['outcome'] in FINAL_OUTCOMES:
                break
    return rows


# --------------------------------------------------------------------------------------------
# Real predicates, extended: the measured stand-in itself, with comparisons added one at a time.

def extension_source(root: str) -> str:
    idx = range(MAX_COMPARISONS)
    link = ['final class __Link: PersistentModel {']
    for n in idx:
        link += [f'    var i{n}: Int = 0', f'    var b{n}: Bool = false', f'    var s{n}: String = ""',
                 f'    var o{n}: Int? = nil']
    link += ['    init() { fatalError() }', '}', 'enum __E: String, Codable, Hashable { case a, b, c }',
             f'extension {root} {{']
    for n in idx:
        link += [f'    var __i{n}: Int {{ 0 }}', f'    var __j{n}: Int {{ 0 }}', f'    var __b{n}: Bool {{ false }}',
                 f'    var __s{n}: String {{ "" }}', f'    var __w{n}: Int32 {{ 0 }}', f'    var __h{n}: Int16 {{ 0 }}',
                 f'    var __l{n}: Int64 {{ 0 }}', f'    var __d{n}: Double {{ 0 }}', f'    var __o{n}: Int? {{ nil }}',
                 f'    var __ob{n}: Bool? {{ nil }}', f'    var __os{n}: String? {{ nil }}', f'    var __e{n}: __E {{ .a }}',
                 f'    var __link{n}: __Link? {{ nil }}']
    link.append('}')
    return '\n'.join(link) + '\n'


def extra_comparison(kind: str, n: int, param: str) -> str:
    t = TEMPLATES[kind].format(n=n, op=OPS[n % 4], eq=EQS[n % 2], v=n + 1, bv='false' if n % 2 == 0 else 'true')
    t = re.sub(r'\br\.(link|i|j|b|s|w|h|l|d|o|ob|os|e)(\d)', lambda m: f'{param}.__{m.group(1)}{m.group(2)}', t)
    t = re.sub(r'\b([kq])(\d)\b', r'__\1\2', t)
    t = re.sub(r'\bE\.', '__E.', t)
    return t


def extend_real(source: str, root: str, kinds: list[str], extra: int) -> str | None:
    """The stand-in with `extra` comparisons added to its predicate, or None if its body has a
    shape we do not extend."""
    import swiftsrc as S
    at = source.find('#Predicate', source.find('enum __Measured'))
    if at < 0:
        return None
    m = S.mask(source)
    ob = m.index('{', at)
    cb = S.match_brace(m, ob)
    sig = re.match(r'\{\s*(?:\(\s*)?(\w+)(?:\s*:\s*[^)]*)?(?:\s*\))?\s+in\b', m[ob:cb])
    param = sig.group(1) if sig else '$0'
    body_start = ob + (sig.end() if sig else 1)
    extras = ' && '.join(extra_comparison(kinds[k % len(kinds)], k, param) for k in range(extra))
    body = source[body_start:cb]
    mb = m[body_start:cb]
    stripped = mb.strip()
    if stripped.startswith('if '):
        # the first condition gets the comparisons: `if <cond> && extra {`
        lead = len(mb) - len(mb.lstrip())
        brace, depth = None, 0
        for j in range(lead + 3, len(mb)):
            if mb[j] in '([':
                depth += 1
            elif mb[j] in ')]':
                depth -= 1
            elif mb[j] == '{' and depth == 0:
                brace = j
                break
        if brace is None:
            return None
        new_body = body[:brace].rstrip() + ' && ' + extras + ' ' + body[brace:]
    else:
        if re.search(r'(?<![\w.])(let|var|return)\s', mb) and not stripped.startswith('return '):
            return None
        expr = body.strip()
        if expr.startswith('return '):
            expr = expr[len('return '):]
        new_body = f' ({expr}) && {extras} '
    new = source[:body_start] + new_body + source[cb:]
    params = ', '.join([f'__k{k}: Int' for k in range(extra)] + [f'__q{k}: String' for k in range(extra)])
    new = re.sub(r'static func predicate\((.*?)\) \{',
                 lambda mm: f'static func predicate({mm.group(1) + ", " if mm.group(1) else ""}{params}) {{',
                 new, count=1)
    i = new.index('enum __Measured')
    return new[:i] + extension_source(root) + '\n' + new[i:]


def run_extended(real_rows: list[dict], timeout: int, version: str, refresh: bool, verbose: bool,
                 repeat_slow: int = 0, top: int = 6) -> list[dict]:
    import os
    rows = []
    usable = [r for r in real_rows if r['outcome'] == 'builds']
    usable.sort(key=lambda r: -float(r['seconds']))
    seen = set()
    for r in usable:
        if len(seen) >= top:
            break
        key = r['predicate']
        if key in seen:
            continue
        kinds = [synth_kind(k.strip()) for k in r['kinds'].split(';') if k.strip()]
        kinds = [k for k in kinds if k is not None] or ['prop_cap']
        path = os.path.join(M.CACHE, r['standin'])
        if not os.path.exists(path):
            continue
        with open(path) as fh:
            base = fh.read()
        seen.add(key)
        real_n = int(r['cmp'])
        for extra in range(1, max(1, MAX_COMPARISONS - real_n) + 1):
            src = extend_real(base, r['root'], kinds, extra)
            if src is None:
                break
            res = M.typecheck(src, timeout, version, refresh, repeat_slow)
            feats = {c: r.get(c, 0) for c in M.FEATURE_COLUMNS}
            added = features_of(kinds, extra)
            for c in M.FEATURE_COLUMNS:
                if c in added and c not in ('and',):
                    feats[c] = int(feats[c]) + int(added[c])
            feats['and'] = int(r['and']) + extra
            name = f"real+{extra} {r['app']} {r['where']}"
            predicate = r['predicate'] + ' + ' + ' && '.join(extra_comparison(kinds[k % len(kinds)], k, 'x') for k in range(extra))
            rows.append(measured_row(res, name, r['root'], 'real stand-in, extended', predicate, feats,
                                     kinds=r['kinds'] + ' + ' + '; '.join(kinds[k % len(kinds)] for k in range(extra))))
            if verbose:
                print_measured(res, name)
            if res['outcome'] in FINAL_OUTCOMES:
                break
    return rows
