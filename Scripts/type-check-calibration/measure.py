#!/usr/bin/env python3
"""Measure how long swiftc takes to type-check the `#Predicate`s of real apps.

For every `#Predicate` in the apps under CORPUS (one folder per app), this builds a stand-in
Swift file: the PersistentModel prelude, the app's models that the predicate reaches (with their
stored properties and declared types, nested as the app nests them), stubs of the enums and
structs those properties name, and the predicate itself, verbatim, inside a function whose
parameters are the values it captures, typed as the app declares them. A predicate whose root,
captured values or referenced properties have types we cannot find is skipped, with the reason.
Each stand-in is type-checked with `swiftc -typecheck -swift-version 6 -parse-as-library`, one
at a time, with a time limit; verdicts are cached by a hash of the stand-in and the compiler.

    python3 Scripts/type-check-calibration/measure.py            # measure, write the table
    python3 Scripts/type-check-calibration/measure.py --synthetic  # and the boundary variants

Writes docs/TypeCheckCalibration.tsv (one row per measured predicate) and
Scripts/type-check-calibration/skipped.tsv (one row per skipped predicate, with the reason).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import swiftsrc as S  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_CORPUS = '/work/corpus/dev'
CACHE = '/tmp/tcc-cache'
TIMEOUT = 120

PRELUDE = r'''import Foundation

// What `@Model` adds that predicates use: identity, equality and `persistentModelID`.
struct PersistentIdentifier: Hashable, Codable, Comparable, Sendable {
    let id: Int
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.id < rhs.id }
}
protocol PersistentModel: AnyObject, Hashable {}
extension PersistentModel {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    var persistentModelID: PersistentIdentifier { PersistentIdentifier(id: ObjectIdentifier(self).hashValue) }
    var id: PersistentIdentifier { persistentModelID }
}

// Apple's Foundation defines these predicate expressions; Linux's does not.
extension PredicateExpressions {
    struct OracleStringTest<Base: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Base.Output: StringProtocol, Other.Output: StringProtocol {
        typealias Output = Bool
        let base: Base
        let other: Other
        func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try base.evaluate(bindings).contains(other.evaluate(bindings))
        }
    }
    struct OracleStringOrder<Base: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Base.Output: StringProtocol, Other.Output: StringProtocol {
        typealias Output = ComparisonResult
        let base: Base
        let other: Other
        func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
            let (a, b) = (try String(base.evaluate(bindings)), try String(other.evaluate(bindings)))
            return a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
        }
    }
    static func build_localizedStandardContains<B, O>(_ base: B, _ other: O) -> OracleStringTest<B, O> {
        OracleStringTest(base: base, other: other)
    }
    static func build_localizedCompare<B, O>(_ base: B, _ other: O) -> OracleStringOrder<B, O> {
        OracleStringOrder(base: base, other: other)
    }
    static func build_caseInsensitiveCompare<B, O>(_ base: B, _ other: O) -> OracleStringOrder<B, O> {
        OracleStringOrder(base: base, other: other)
    }
}
extension PredicateExpressions.OracleStringTest: Codable where Base: Codable, Other: Codable {}
extension PredicateExpressions.OracleStringTest: Sendable where Base: Sendable, Other: Sendable {}
extension PredicateExpressions.OracleStringTest: StandardPredicateExpression
where Base: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension PredicateExpressions.OracleStringOrder: Codable where Base: Codable, Other: Codable {}
extension PredicateExpressions.OracleStringOrder: Sendable where Base: Sendable, Other: Sendable {}
extension PredicateExpressions.OracleStringOrder: StandardPredicateExpression
where Base: StandardPredicateExpression, Other: StandardPredicateExpression {}
extension String {
    func localizedStandardContains(_ other: String) -> Bool { contains(other) }
}

'''

# --------------------------------------------------------------------------------------------
# Tokens of a predicate body.

KEYWORDS = {'if', 'else', 'in', 'return', 'let', 'var', 'guard', 'switch', 'case', 'default', 'where',
            'is', 'as', 'try', 'await', 'true', 'false', 'nil', 'self', 'Self', 'super', 'for', 'while',
            'do', 'catch', 'throw', 'func', 'some', 'any'}
COMPARISONS = {'==', '!=', '<', '<=', '>', '>='}
OPCHARS = set('/=-+!*%<>&|^~?')
BOOL_METHODS = {'contains', 'starts', 'localizedStandardContains', 'hasPrefix', 'hasSuffix', 'allSatisfy',
                'isEmpty', 'evaluate'}
ELEMENT_CLOSURE_METHODS = {'contains', 'filter', 'allSatisfy', 'first', 'map', 'compactMap', 'flatMap',
                           'count', 'last', 'max', 'min', 'sorted'}


@dataclass
class Tok:
    kind: str        # id num float str op punct
    text: str
    start: int       # offset in the file
    end: int
    space_before: bool
    space_after: bool = False


TOKEN_RE = re.compile(r'''
    (?P<ws>\s+)
  | (?P<dollar>\$\d+)
  | (?P<id>`?[A-Za-z_][\w]*`?)
  | (?P<float>\d[\d_]*\.\d[\d_]*(?:[eE][+-]?\d+)?|\d[\d_]*[eE][+-]?\d+)
  | (?P<num>0x[0-9a-fA-F_]+|0b[01_]+|0o[0-7_]+|\d[\d_]*)
  | (?P<dots>\.\.[.<])
  | (?P<op>[/=\-+!*%<>&|^~?]+)
  | (?P<punct>[(){}\[\],:;.\\@#])
''', re.X)


def tokenize(text: str, masked: str, a: int, b: int) -> list[Tok]:
    toks: list[Tok] = []
    pos = a
    space = True
    while pos < b:
        c = masked[pos]
        if c == '"' or (c == '#' and S._STR_OPEN.match(masked, pos) and S._STR_OPEN.match(masked, pos).group(1)):
            m = S._STR_OPEN.match(text, pos)
            end = S._string_end(text, m.end(), len(m.group(1)), m.group(2))
            toks.append(Tok('str', text[pos:end], pos, end, space))
            pos = end
            space = False
            continue
        m = TOKEN_RE.match(masked, pos)
        if not m or m.end() > b:
            pos += 1
            continue
        kind = m.lastgroup
        if kind == 'ws':
            space = True
            if toks:
                toks[-1].space_after = True
            pos = m.end()
            continue
        t = text[m.start():m.end()]
        if kind == 'dollar':
            kind = 'id'
        if kind == 'dots':
            kind = 'op'
        if kind == 'op':
            # split postfix `?`/`!` from a following operator (`x!==` is rare; `x?.` has no op)
            run = t
            start = m.start()
            while run and run[0] in '?!' and not space and toks and (toks[-1].kind in ('id', 'str', 'num', 'float') or toks[-1].text in (')', ']')) and (len(run) == 1 or run[:2] not in ('!=', '??') or run == '!'):
                if len(run) > 1 and run[0] == '!' and run[1] == '=':
                    break
                toks.append(Tok('op', run[0], start, start + 1, False))
                toks[-1].postfix = True
                run = run[1:]
                start += 1
                space = False
            if run:
                toks.append(Tok('op', run, start, m.end(), space))
        else:
            toks.append(Tok(kind, t.strip('`') if kind == 'id' else t, m.start(), m.end(), space))
        space = False
        pos = m.end()
    # mark postfix operators (no space before, followed by `.`, `)`, space...)
    for i, t in enumerate(toks):
        if not hasattr(t, 'postfix'):
            t.postfix = False
        if t.kind == 'op' and t.text in ('?', '!') and not t.space_before and i > 0 and \
                (toks[i - 1].kind in ('id', 'str', 'num', 'float') or toks[i - 1].text in (')', ']')):
            t.postfix = True
    return toks


def match_close(toks: list[Tok], i: int) -> int:
    pairs = {'(': ')', '[': ']', '{': '}'}
    o = toks[i].text
    c = pairs[o]
    depth = 0
    for k in range(i, len(toks)):
        if toks[k].kind == 'punct':
            if toks[k].text == o:
                depth += 1
            elif toks[k].text == c:
                depth -= 1
                if depth == 0:
                    return k
    return len(toks) - 1


def match_open(toks: list[Tok], i: int) -> int:
    pairs = {')': '(', ']': '[', '}': '{'}
    c = toks[i].text
    o = pairs[c]
    depth = 0
    for k in range(i, -1, -1):
        if toks[k].kind == 'punct':
            if toks[k].text == c:
                depth += 1
            elif toks[k].text == o:
                depth -= 1
                if depth == 0:
                    return k
    return 0


# --------------------------------------------------------------------------------------------
# Finding predicates.

PRED_RE = re.compile(r'#Predicate\b')


@dataclass
class Found:
    app: str
    file: str
    line: int
    start: int           # offset of '#'
    open: int            # offset of the closure's '{'
    close: int           # offset of its '}'
    generic: str | None  # text between < >
    root_text: str | None
    root_source: str
    param_names: list
    skip: str | None = None
    body_text: str = ''


def find_predicates(app: S.App, sf: S.SourceFile) -> list[Found]:
    out = []
    m, t = sf.masked, sf.text
    for pm in PRED_RE.finditer(m):
        i = pm.end()
        n = len(m)
        while i < n and m[i] in ' \t\n':
            i += 1
        generic = None
        if i < n and m[i] == '<':
            depth = 0
            j = i
            while j < n:
                if m[j] == '<':
                    depth += 1
                elif m[j] == '>':
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            generic = t[i + 1:j].strip()
            i = j + 1
            while i < n and m[i] in ' \t\n':
                i += 1
        line = S.line_of(t, pm.start())
        if i >= n or m[i] != '{':
            f = Found(app.name, sf.path, line, pm.start(), i, i, generic, None, '', [])
            f.skip = 'not a trailing-closure #Predicate'
            f.body_text = t[pm.start():pm.start() + 200]
            out.append(f)
            continue
        close = S.match_brace(m, i)
        f = Found(app.name, sf.path, line, pm.start(), i, close, generic, None, '', [])
        f.body_text = t[i:close + 1]
        # closure signature
        sig = re.match(r'\{\s*(?:\(\s*([^()]*?)\s*\)|((?:[\w$]+\s*,\s*)*[\w$]+))\s+in\b', m[i:close + 1])
        typed = None
        if sig:
            params = sig.group(1) if sig.group(1) is not None else sig.group(2)
            parts = [p.strip() for p in S._split_top(params)]
            names = []
            for p in parts:
                pm2 = re.match(r'(`?\w+`?)\s*(?::\s*(.+))?$', p, re.S)
                if not pm2:
                    names = None
                    break
                names.append(pm2.group(1).strip('`'))
                if pm2.group(2):
                    typed = pm2.group(2)
            f.param_names = names or []
        if generic is not None:
            parts = [x.strip() for x in S._split_top(generic)]
            if len(parts) != 1:
                f.skip = 'more than one input'
            f.root_text = parts[0]
            f.root_source = 'written'
        elif typed:
            if len(f.param_names) != 1:
                f.skip = 'more than one input'
            f.root_text = typed.strip()
            f.root_source = 'closure-parameter'
        else:
            rt = infer_root(sf, pm.start(), close)
            if rt:
                f.root_text, f.root_source = rt
            else:
                f.skip = 'root type not written and not inferable from the call'
        if len(f.param_names) > 1 and not f.skip:
            f.skip = 'more than one input'
        out.append(f)
    return out


IDENT_PATH = r'[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*'


def infer_root(sf: S.SourceFile, start: int, close: int):
    m = sf.masked
    before = m[max(0, start - 400):start]
    pats = [
        (r'FetchDescriptor\s*<\s*(' + IDENT_PATH + r')\s*>\s*\(\s*predicate\s*:\s*$', 'FetchDescriptor<R>(predicate:)'),
        (r':\s*Predicate\s*<\s*(' + IDENT_PATH + r')\s*>\s*[?!]?\s*=\s*$', 'let x: Predicate<R> ='),
        (r':\s*FetchDescriptor\s*<\s*(' + IDENT_PATH + r')\s*>\s*=\s*(?:FetchDescriptor|\.init)\s*\(\s*predicate\s*:\s*$', 'let d: FetchDescriptor<R> = .init(predicate:)'),
        (r'->\s*Predicate\s*<\s*(' + IDENT_PATH + r')\s*>\s*[?!]?\s*\{\s*(?:return\s+)?$', 'func -> Predicate<R>'),
        (r'Predicate\s*<\s*(' + IDENT_PATH + r')\s*>\s*[?!]?\s*\{\s*(?:return\s+)?$', 'var p: Predicate<R> { }'),
        (r'Query\s*<\s*(' + IDENT_PATH + r')\s*,[^<>()]*>\s*\(\s*filter\s*:\s*$', 'Query<R, [R]>(filter:)'),
    ]
    for p, src in pats:
        mm = re.search(p, before)
        if mm:
            return mm.group(1), 'inferred: ' + src
    # `func f() -> Predicate<R> {` followed by statements ending in `return #Predicate`
    mm = re.search(r'return\s*$', before)
    if mm:
        enc_func = None
        for fm in re.finditer(r'->\s*Predicate\s*<\s*(' + IDENT_PATH + r')\s*>\s*[?!]?\s*\{', m[:start]):
            enc_func = fm
        if enc_func:
            ob = enc_func.end() - 1
            if S.match_brace(m, ob) > close:
                return enc_func.group(1), 'inferred: return in func -> Predicate<R>'
    # @Query(filter: #Predicate {...}) var items: [R]
    if re.search(r'@Query\s*\(\s*filter\s*:\s*$', before):
        after = m[close + 1:close + 600]
        am = re.match(r'[^@]*?\)\s*(?:(?:private|fileprivate|public|internal)\s+)*var\s+\w+\s*:\s*\[\s*(' + IDENT_PATH + r')\s*\]', after, re.S)
        if am:
            return am.group(1), 'inferred: @Query(filter:) var x: [R]'
    # _items = Query(filter: #Predicate ...) with @Query var items: [R]
    mm = re.search(r'\b_(\w+)\s*=\s*Query\s*\(\s*(?:filter\s*:\s*)?$', before)
    if mm:
        name = mm.group(1)
        vm = re.search(r'@Query\b[^\n]*?\bvar\s+' + name + r'\s*:\s*\[\s*(' + IDENT_PATH + r')\s*\]', m)
        if vm:
            return vm.group(1), 'inferred: _x = Query(filter:) for @Query var x: [R]'
    return None


# --------------------------------------------------------------------------------------------
# Analysis of one predicate: types of chains, captured values, features.

class Skip(Exception):
    pass


def unwrap(t):
    while t is not None and t[0] == 'opt':
        t = t[1]
    return t


def element(t):
    t = unwrap(t)
    if t is not None and t[0] in ('array', 'set'):
        return t[1]
    return None


def is_builtin(t, name):
    return t is not None and t[0] == 'b' and t[1] == name


@dataclass
class Analysis:
    app: S.App
    sf: S.SourceFile
    found: Found
    ctx: tuple
    root: tuple = ()
    toks: list = field(default_factory=list)
    env: dict = field(default_factory=dict)       # closure parameter token index -> type
    captures: dict = field(default_factory=dict)  # name -> resolved type
    needed: set = field(default_factory=set)      # decl paths
    referenced: dict = field(default_factory=dict)  # decl path -> set of member names
    statics: dict = field(default_factory=dict)   # decl path -> set of static member names
    aliases: dict = field(default_factory=dict)   # simple name -> resolved text
    missing: list = field(default_factory=list)
    features: dict = field(default_factory=dict)


def prop_type(app: S.App, pr: S.Prop):
    if pr.type_text:
        return app.resolve_text(pr.type_text, pr.ctx, pr.file)
    return infer_literal_type(app, pr.default, pr.ctx, pr.file)


def infer_literal_type(app: S.App, expr: str | None, ctx: tuple, from_file: str):
    """The type of a default value or initial value whose type follows from its text alone."""
    if expr is None:
        raise S.Unresolvable('no type')
    e = expr.strip()
    if re.fullmatch(r'-?\d[\d_]*', e) or re.fullmatch(r'-?0x[0-9a-fA-F_]+', e):
        return ('b', 'Int', [])
    if re.fullmatch(r'-?\d[\d_]*\.\d[\d_]*(?:[eE][+-]?\d+)?', e):
        return ('b', 'Double', [])
    if e in ('true', 'false'):
        return ('b', 'Bool', [])
    if re.fullmatch(r'#*"(?:[^"\\\n]|\\.)*"#*', e) or (e.startswith('"""') and e.endswith('"""')):
        return ('b', 'String', [])
    mm = re.fullmatch(r'(' + IDENT_PATH + r')\s*(?:\.init)?\s*\((.*)\)', e, re.S)
    if mm and mm.group(1)[0].isupper():
        try:
            rt = app.resolve_text(mm.group(1), ctx, from_file)
        except S.Unresolvable:
            rt = None
        if rt is not None:
            if rt[0] == 'b' and rt[1] in S.INTEGER_TYPES | S.FLOAT_TYPES | {'String', 'Bool', 'Date', 'UUID', 'Data', 'Decimal'}:
                return rt
            if rt[0] == 'd':
                return rt
    mm = re.fullmatch(r'(' + IDENT_PATH + r')\.([a-z_]\w*)', e)
    if mm and mm.group(1).split('.')[-1][0].isupper():
        try:
            rt = app.resolve_text(mm.group(1), ctx, from_file)
        except S.Unresolvable:
            rt = None
        if rt is not None:
            if rt == ('b', 'Date', []) and mm.group(2) in ('now', 'distantPast', 'distantFuture'):
                return rt
            if rt[0] == 'd':
                d = app.decl_at(rt[1], from_file)
                if d is not None and d.kind == 'enum' and mm.group(2) in d.cases:
                    return rt
    raise S.Unresolvable(f'type of `{e[:40]}` not declared')



def member_type(app: S.App, t, name: str, from_file: str, referenced: dict | None = None, missing: list | None = None):
    """Type of `t.name` (None if we do not know); records references to app members."""
    if t is None:
        return None
    if t[0] == 'd':
        d = app.decl_at(t[1], from_file)
        if d is None:
            return None
        pr = app.find_prop(t[1], name, from_file)
        if pr is not None:
            try:
                rt = prop_type(app, pr)
            except S.Unresolvable as e:
                raise Skip(f'property {".".join(t[1])}.{name}: {e}')
            if referenced is not None:
                referenced.setdefault(t[1], set()).add(name)
            return rt
        if d.kind == 'class' and d.is_model and name in ('persistentModelID', 'id'):
            return ('b', 'PersistentIdentifier', [])
        if d.kind == 'enum' and name == 'rawValue':
            raw = d.inherits[0] if d.inherits else None
            if raw in S.BUILTINS:
                return ('b', raw, [])
            return None
        if d.kind == 'enum' and name in d.cases:
            return t
        if missing is not None:
            missing.append(f'{".".join(t[1])}.{name}')
        return None
    if t[0] == 'b':
        n = t[1]
        if name == 'count' and n in ('String', 'Data', 'Substring'):
            return ('b', 'Int', [])
        if name == 'isEmpty' and n in ('String', 'Data', 'Substring'):
            return ('b', 'Bool', [])
        if n == 'Date' and name.startswith('timeIntervalSince'):
            return ('b', 'Double', [])
        if n == 'UUID' and name == 'uuidString':
            return ('b', 'String', [])
        if n == 'URL' and name in ('absoluteString', 'path', 'lastPathComponent'):
            return ('b', 'String', [])
        if n == 'Calendar' and name == 'current':
            return t
        if n == 'UserDefaults' and name == 'standard':
            return t
        # an extension of a Foundation type in the app (`extension Date { var startOfMonth: Date }`)
        pr = app.find_prop((n,), name, from_file)
        if pr is not None and pr.type_text:
            try:
                return prop_type(app, pr)
            except S.Unresolvable:
                return None
        return None
    if t[0] in ('array', 'set', 'dict'):
        if name == 'count':
            return ('b', 'Int', [])
        if name == 'isEmpty':
            return ('b', 'Bool', [])
        if name in ('first', 'last') and t[0] == 'array':
            return ('opt', t[1])
    return None


FOUNDATION_CALLS = {
    ('Calendar', 'startOfDay'): ('b', 'Date', []),
    ('Calendar', 'date'): ('opt', ('b', 'Date', [])),
    ('Date', 'addingTimeInterval'): ('b', 'Date', []),
    ('Date', 'advanced'): ('b', 'Date', []),
    ('UserDefaults', 'string'): ('opt', ('b', 'String', [])),
    ('UserDefaults', 'integer'): ('b', 'Int', []),
    ('UserDefaults', 'bool'): ('b', 'Bool', []),
    ('UserDefaults', 'double'): ('b', 'Double', []),
}


def method_result(t, name: str):
    if t is not None and t[0] == 'b' and (t[1], name) in FOUNDATION_CALLS:
        return FOUNDATION_CALLS[(t[1], name)]
    if name in BOOL_METHODS:
        return ('b', 'Bool', [])
    if name in ('lowercased', 'uppercased', 'trimmingCharacters', 'replacingOccurrences'):
        return ('b', 'String', [])
    if name == 'filter':
        return t
    if name in ('first', 'last', 'max', 'min'):
        e = element(t)
        return ('opt', e) if e is not None else None
    if name == 'count':
        return ('b', 'Int', [])
    return None


def expr_type(app: S.App, sf: S.SourceFile, at: int, text: str, ctx: tuple, enc, depth: int = 0):
    """The type of an initial value such as `dto.id`, `item.persistentModelID`, `x ?? ""`,
    `Calendar.current.startOfDay(for: d)`: followed through declared types only."""
    if depth > 6:
        raise S.Unresolvable('declaration chain too long')
    e = text.strip()
    e = re.sub(r'\s+else\s*\{?.*$', '', e, flags=re.S)  # `guard let x = y else {`
    wrap = False
    mm = re.match(r'(?:try\?|try!|try|await)\s+', e)
    while mm:
        wrap = wrap or mm.group(0).startswith('try?')
        e = e[mm.end():]
        mm = re.match(r'(?:try\?|try!|try|await)\s+', e)
    try:
        rt = infer_literal_type(app, e, ctx, sf.path)
        return ('opt', rt) if wrap else rt
    except S.Unresolvable:
        pass
    m = S.mask(e)
    toks = tokenize(e, m, 0, len(e))
    if not toks:
        raise S.Unresolvable('empty initial value')
    # `a ?? b` at the top level
    depth0 = 0
    for i, t in enumerate(toks):
        if t.text in ('(', '[', '{'):
            depth0 += 1
        elif t.text in (')', ']', '}'):
            depth0 -= 1
        elif depth0 == 0 and t.text == '??':
            left_text = e[:t.start]
            right_text = e[t.end:]
            try:
                right = expr_type(app, sf, at, right_text, ctx, enc, depth + 1)
            except S.Unresolvable:
                right = None
            if right is not None and right[0] != 'opt':
                return right
            left = expr_type(app, sf, at, left_text, ctx, enc, depth + 1)
            return unwrap(left) if right is None or right[0] != 'opt' else right
        elif depth0 == 0 and (t.text in ('?',) and not t.postfix or t.text in ('&&', '||', '+', '-', '*', '/')):
            raise S.Unresolvable(f'type of `{e[:40]}` not declared')
    t0 = toks[0]
    if t0.kind != 'id':
        raise S.Unresolvable(f'type of `{e[:40]}` not declared')
    i = 1
    if t0.text == 'self':
        if enc is None or enc.kind not in ('struct', 'class', 'actor', 'enum', 'extension'):
            raise S.Unresolvable('self outside a type')
        typ = ('d', enc.path) if enc.kind != 'extension' else ('d', enc.path)
    elif t0.text[0].isupper():
        try:
            typ = app.resolve(('name', [t0.text], []), ctx, sf.path)
        except S.Unresolvable:
            if t0.text in ('Calendar', 'UserDefaults', 'Date'):
                typ = ('b', t0.text, [])
            else:
                raise
        # `T.staticMember`
        if i + 1 < len(toks) and toks[i].text == '.' and toks[i + 1].kind == 'id':
            name = toks[i + 1].text
            path = typ[1] if typ[0] == 'd' else (typ[1],)
            st = app.find_static(path, name, sf.path)
            if st is not None:
                typ = prop_type(app, st)
                i += 2
            elif typ[0] == 'b' and name in ('current', 'standard'):
                i += 2
            elif typ[0] == 'b' and typ[1] == 'Date' and name in ('now', 'distantPast', 'distantFuture'):
                i += 2
            elif typ[0] == 'd':
                d = app.decl_at(typ[1], sf.path)
                if d is not None and d.kind == 'enum' and name in d.cases:
                    i += 2
                else:
                    raise S.Unresolvable(f'type of `{e[:40]}` not declared')
    else:
        typ, why = find_capture_type(app, sf, at, t0.text, enc, depth + 1)
        if typ is None:
            raise S.Unresolvable(f'`{t0.text}`: {why}')
    optional = False
    while i < len(toks):
        t = toks[i]
        if t.text == '?' and t.postfix:
            optional = True
            typ = unwrap(typ)
            i += 1
            continue
        if t.text == '!' and t.postfix:
            typ = unwrap(typ)
            i += 1
            continue
        if t.text == '.' and i + 1 < len(toks) and toks[i + 1].kind == 'id':
            name = toks[i + 1].text
            i += 2
            if i < len(toks) and toks[i].text == '(':
                j = match_close(toks, i)
                typ = method_result(typ, name)
                i = j + 1
            elif typ is not None and typ[0] == 'opt':
                typ = None
            else:
                typ = member_type(app, typ, name, sf.path)
            if typ is None:
                break
            continue
        typ = None
        break
    if typ is None:
        raise S.Unresolvable(f'type of `{e[:40]}` not declared')
    if (optional or wrap) and typ[0] != 'opt':
        typ = ('opt', typ)
    return typ


class Analyzer:
    def __init__(self, app: S.App, sf: S.SourceFile, found: Found):
        self.app, self.sf, self.f = app, sf, found
        enc = S.enclosing_decl(sf, found.start)
        self.enc = enc
        self.ctx = enc.path if enc else ()
        self.a = Analysis(app, sf, found, self.ctx)

    # -- types of names ------------------------------------------------------------------------

    def resolve_written(self, text: str):
        try:
            return self.app.resolve_text(text, self.ctx, self.sf.path)
        except S.Unresolvable as e:
            raise Skip(f'root type: {e}')

    def member(self, t, name: str, ref: bool = True):
        """Type of `t.name`; records the member reference."""
        return member_type(self.app, t, name, self.sf.path,
                           self.a.referenced if ref else None, self.a.missing)

    def method_result(self, t, name: str):
        return method_result(t, name)

    def capture_type(self, name: str):
        if name in self.a.captures:
            return self.a.captures[name]
        rt, why = find_capture_type(self.app, self.sf, self.f.start, name, self.enc)
        if rt is None:
            raise Skip(f'captured value `{name}`: {why}')
        self.a.captures[name] = rt
        return rt

    # -- chains ---------------------------------------------------------------------------------

    def chain_type(self, toks, a, b):
        """Type of the simple chain toks[a:b] (`x.a?.b.c(...)`), or None."""
        if a >= b:
            return None
        t0 = toks[a]
        if t0.kind != 'id':
            return None
        if a in self.param_ref:
            typ = self.env.get(self.param_ref[a])
        elif a in self.capture_ref:
            typ = self.capture_type(t0.text)
        else:
            return None
        optional = False
        i = a + 1
        while i < b:
            t = toks[i]
            if t.kind == 'op' and t.text == '?' and t.postfix:
                optional = True
                typ = unwrap(typ)
                i += 1
                continue
            if t.kind == 'op' and t.text == '!' and t.postfix:
                typ = unwrap(typ)
                i += 1
                continue
            if t.kind == 'punct' and t.text == '.' and i + 1 < b and toks[i + 1].kind == 'id':
                name = toks[i + 1].text
                i += 2
                if i < b and toks[i].kind == 'punct' and toks[i].text == '(':
                    j = match_close(toks, i)
                    typ = self.method_result(typ, name)
                    i = j + 1
                    if i < b and toks[i].text == '{':
                        i = match_close(toks, i) + 1
                    continue
                if i < b and toks[i].kind == 'punct' and toks[i].text == '{':
                    typ = self.method_result(typ, name)
                    i = match_close(toks, i) + 1
                    continue
                if typ is not None and typ[0] == 'opt':
                    typ = None  # member of an optional without `?.`: not a chain we understand
                else:
                    typ = self.member(typ, name)
                continue
            return None
        if typ is None:
            return None
        if optional and typ[0] != 'opt':
            typ = ('opt', typ)
        return typ

    # -- the whole predicate -----------------------------------------------------------------

    def run(self) -> Analysis:
        f, a = self.f, self.a
        rt = self.resolve_written(f.root_text)
        if rt[0] != 'd':
            raise Skip(f'root {f.root_text} is not an app type')
        d = self.app.decl_at(rt[1], self.sf.path)
        if d is None or not d.is_model:
            raise Skip(f'root {".".join(rt[1])} is not a @Model class')
        a.root = rt[1]
        a.needed.add(rt[1])
        if not f.root_source.startswith('inferred'):
            first = f.root_text.split('.')[0].split('<')[0].strip()
            head = self.app.resolve(('name', [first], []), self.ctx, self.sf.path)
            if head[0] == 'd' and head[1] != (first,):
                a.aliases[first] = S.type_text(head)
        toks = tokenize(self.sf.text, self.sf.masked, f.open, f.close + 1)
        a.toks = toks
        self.toks = toks
        if any(t.kind == 'id' and t.text == 'self' for t in toks):
            raise Skip('uses self')
        self.bind_names(toks, rt)
        self.collect_types(toks)
        self.features(toks)
        if a.missing:
            raise Skip('member not found: ' + ', '.join(sorted(set(a.missing))[:3]))
        return a

    def bind_names(self, toks, root_type):
        """Which tokens are closure parameters (with their types), captured values, types."""
        self.env = {}          # closure key -> type
        self.param_ref = {}    # token index -> closure key (for parameter references)
        self.capture_ref = {}  # token index -> name
        self.type_ref = {}     # token index -> (components, end index)
        closures = []          # (open idx, close idx, names, key)
        for i, t in enumerate(toks):
            if t.kind == 'punct' and t.text == '{':
                j = match_close(toks, i)
                names = []
                k = i + 1
                # `{ x in`, `{ x, y in`, `{ (x) in`, `{ (x: T) in`
                if k < j and toks[k].text == '(':
                    kk = match_close(toks, k)
                    if kk + 1 < j and toks[kk + 1].text == 'in':
                        seg = toks[k + 1:kk]
                        names = [s.text for idx, s in enumerate(seg) if s.kind == 'id' and (idx == 0 or seg[idx - 1].text == ',')]
                else:
                    kk = k
                    tmp = []
                    while kk < j and toks[kk].kind == 'id' and toks[kk].text not in KEYWORDS:
                        tmp.append(toks[kk].text)
                        if kk + 1 < j and toks[kk + 1].text == ',':
                            kk += 2
                            continue
                        kk += 1
                        break
                    if tmp and kk < j and toks[kk].text == 'in':
                        names = tmp
                prev = toks[i - 1] if i > 0 else None
                is_closure = i == 0 or bool(names) or (prev is not None and (
                    prev.text in ('(', ',', ':') or (prev.kind == 'id' and prev.text in ELEMENT_CLOSURE_METHODS
                                                     and i > 1 and toks[i - 2].text == '.')))
                if is_closure:
                    closures.append((i, j, names))
        # `if let x = $0.a?.b, let y = ...` inside the predicate: x is the predicate's own
        bindings = {}   # closure key -> expression token range
        for i, t in enumerate(toks):
            if t.kind == 'id' and t.text in ('let', 'var') and i + 2 < len(toks) and toks[i + 1].kind == 'id' \
                    and toks[i + 2].text == '=':
                depth = 0
                k = i + 3
                while k < len(toks):
                    tx = toks[k].text
                    if tx in ('(', '['):
                        depth += 1
                    elif tx in (')', ']'):
                        depth -= 1
                    elif depth == 0 and tx in (',', '{', '}'):
                        break
                    k += 1
                # the binding is visible to the end of the block around the `if`
                enclosing_close = len(toks) - 1
                for (o, c, _n) in closures:
                    if o < i < c and c < enclosing_close:
                        enclosing_close = c
                closures.append((i, enclosing_close, [toks[i + 1].text]))
                bindings[len(closures) - 1] = (i + 3, k)
        self.closure_of = {}
        for i, t in enumerate(toks):
            if t.kind != 'id':
                continue
            prev = toks[i - 1] if i > 0 else None
            if prev is not None and prev.kind == 'punct' and prev.text == '.' and not prev.space_before or \
                    (prev is not None and prev.kind == 'punct' and prev.text == '.'):
                continue
            # innermost closure containing i
            inner = None
            for ci, (o, c, names) in enumerate(closures):
                if ci not in bindings and o < i < c and (inner is None or o > closures[inner][0]):
                    inner = ci
            if t.text.startswith('$'):
                if inner is not None:
                    self.param_ref[i] = inner
                continue
            bound = None
            for ci, (o, c, names) in enumerate(closures):
                if o < i < c and t.text in names and (bound is None or o > closures[bound][0]):
                    bound = ci
            if bound is not None:
                self.param_ref[i] = bound
                continue
            if t.text in KEYWORDS:
                continue
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is not None and nxt.text == ':' and prev is not None and prev.text in ('(', ','):
                continue  # argument label
            if t.text[0].isupper():
                comps = [t.text]
                k = i + 1
                while k + 1 < len(toks) and toks[k].text == '.' and toks[k + 1].kind == 'id' and toks[k + 1].text[0].isupper():
                    comps.append(toks[k + 1].text)
                    k += 2
                self.type_ref[i] = (comps, k)
                continue
            if nxt is not None and nxt.text == '(' and not nxt.space_before:
                continue  # a free function
            self.capture_ref[i] = t.text
        self.closures = closures
        self.bindings = bindings
        # types of closure parameters (outer closures first): the predicate's own, element
        # closures (`$0.tags.contains { t in ... }`), `if let` bindings
        for ci, (o, c, names) in enumerate(closures):
            if ci == 0:
                typ = ('d', self.a.root)
            elif ci in bindings:
                ea, eb = bindings[ci]
                typ = unwrap(self.chain_type(toks, ea, eb))
            else:
                typ = self.element_closure_type(toks, o)
            self.env[ci] = typ

    def element_closure_type(self, toks, o):
        # `recv.contains(where: {`, `recv.contains {`, `recv.filter({`
        k = o - 1
        if k >= 0 and toks[k].text == ':':
            k -= 2  # label
        if k >= 0 and toks[k].text == '(':
            k -= 1
        if k >= 1 and toks[k].kind == 'id' and toks[k - 1].text == '.':
            end = k - 1
            start = self.chain_start(toks, end)
            if start is not None:
                try:
                    rt = self.chain_type(toks, start, end)
                except Skip:
                    raise
                return element(rt)
        return None

    def chain_start(self, toks, end):
        """Start index of the chain that ends just before toks[end]."""
        k = end - 1
        while k >= 0:
            t = toks[k]
            if t.kind == 'id':
                if k > 0 and toks[k - 1].text == '.':
                    k -= 2
                    if k >= 0 and toks[k].text in ('?', '!') and toks[k].postfix:
                        k -= 1
                    if k >= 0 and toks[k].text == ')':
                        k = match_open(toks, k) - 1
                    continue
                return k
            if t.text in ('?', '!') and t.postfix:
                k -= 1
                continue
            if t.text == ')':
                k = match_open(toks, k) - 1
                continue
            return None
        return None

    def collect_types(self, toks):
        a = self.a
        # parameter references must be bound before captures are typed
        for i, name in list(self.capture_ref.items()):
            self.capture_type(name)
        for i, (comps, k) in self.type_ref.items():
            rt = None
            for n in range(len(comps), 0, -1):
                try:
                    rt = self.app.resolve(('name', comps[:n], []), self.ctx, self.sf.path)
                    break
                except S.Unresolvable:
                    continue
            if rt is None:
                continue  # Foundation's own (`Date`, `Calendar`): left as written
            first = comps[0]
            if rt[0] == 'd' or n > 1:
                try:
                    head = self.app.resolve(('name', [first], []), self.ctx, self.sf.path)
                except S.Unresolvable:
                    head = None
                if head is not None and head[0] == 'd':
                    if head[1] != (first,):
                        a.aliases[first] = S.type_text(head)
                    a.needed.add(head[1])
                elif head is not None and self.app.lookup(first, self.ctx, self.sf.path) is not None:
                    a.aliases[first] = S.type_text(head)
            for p in S.decl_paths(rt):
                a.needed.add(p)
            # a static member or case: `Status.done`, `Limits.maximum`
            if rt[0] == 'd' and k + 1 < len(toks) and toks[k].text == '.' and toks[k + 1].kind == 'id':
                mname = toks[k + 1].text
                d = self.app.decl_at(rt[1], self.sf.path)
                if d is not None and not (d.kind == 'enum' and mname in d.cases) and mname not in ('init', 'self'):
                    st = self.app.find_static(rt[1], mname, self.sf.path)
                    if st is None:
                        raise Skip(f'static member {".".join(rt[1])}.{mname} not found')
                    a.statics.setdefault(rt[1], set()).add(mname)
        for name, rt in a.captures.items():
            for p in S.decl_paths(rt):
                a.needed.add(p)
        # every chain's members are referenced: walk all chains
        for i in list(self.param_ref) + list(self.capture_ref):
            end = i + 1
            while end < len(toks):
                t = toks[end]
                if t.text in ('?', '!') and t.postfix:
                    end += 1
                elif t.text == '.' and end + 1 < len(toks) and toks[end + 1].kind == 'id':
                    end += 2
                    if end < len(toks) and toks[end].text == '(' and not toks[end].space_before:
                        end = match_close(toks, end) + 1
                else:
                    break
            self.chain_type(toks, i, end)

    # -- comparisons -----------------------------------------------------------------------------

    BOUNDARY_OPS = {'&&', '||', '=', '+=', '-=', '=>'} | COMPARISONS
    BOUNDARY_KW = {'if', 'else', 'return', 'in', 'let', 'var', 'guard', 'switch', 'case', 'where', 'try'}

    def operand(self, toks, i, step):
        """Token range [a, b) of the operand on one side of the operator at i."""
        k = i + step
        depth = 0
        while 0 <= k < len(toks):
            t = toks[k]
            if t.kind == 'punct' and t.text == '{' and step > 0 and depth == 0:
                break   # `if a == b {`: the condition ends
            if t.kind == 'punct' and t.text in ('(', '[', '{'):
                if step < 0:
                    if depth == 0:
                        break
                    depth -= 1
                else:
                    depth += 1
            elif t.kind == 'punct' and t.text in (')', ']', '}'):
                if step > 0:
                    if depth == 0:
                        break
                    depth -= 1
                else:
                    depth += 1
            elif depth == 0:
                if t.kind == 'op' and (t.text in self.BOUNDARY_OPS or (t.text == '?' and not t.postfix)):
                    break
                if t.kind == 'punct' and t.text in (',', ';', ':'):
                    break
                if t.kind == 'id' and t.text in self.BOUNDARY_KW:
                    break
                if step > 0 and t.kind == 'op' and t.text == '!' and not t.postfix and k > i + 1:
                    break
            k += step
        if step < 0:
            return k + 1, i
        return i + 1, k

    def classify(self, toks, a, b):
        """('nil'|'lit'|'prop'|'cap'|'case'|'other', detail, type)."""
        while b - a >= 2 and toks[a].text == '(' and match_close(toks, a) == b - 1:
            a, b = a + 1, b - 1
        seg = toks[a:b]
        if not seg:
            return ('other', '', None)
        if len(seg) == 1 and seg[0].text == 'nil':
            return ('nil', '', None)
        s = seg
        if len(s) == 2 and s[0].text == '-' and s[1].kind in ('num', 'float'):
            s = s[1:]
        if len(s) == 1:
            t = s[0]
            if t.kind == 'num':
                return ('lit', 'int', None)
            if t.kind == 'float':
                return ('lit', 'float', None)
            if t.kind == 'str':
                return ('lit', 'string', None)
            if t.text in ('true', 'false'):
                return ('lit', 'bool', None)
        if seg[0].text == '.' and len(seg) >= 2 and seg[1].kind == 'id':
            return ('case', '.' + seg[1].text, None)
        has_param = any(a <= i < b for i in self.param_ref)
        has_cap = any(a <= i < b for i in self.capture_ref)
        typ = self.chain_type(toks, a, b)
        if typ is None:
            # `x ?? 0`
            for k in range(a, b):
                if toks[k].text == '??':
                    lt = self.chain_type(toks, a, k)
                    typ = unwrap(lt)
                    break
        if has_param:
            return ('prop', '', typ)
        if has_cap:
            return ('cap', '', typ)
        if seg[0].kind == 'id' and seg[0].text[0].isupper():
            return ('case', S_text(seg), None)
        return ('other', S_text(seg), None)

    def features(self, toks):
        a = self.a
        kinds = []
        cnt = Counter()
        for i, t in enumerate(toks):
            if t.kind != 'op' or t.text not in COMPARISONS:
                continue
            la, lb = self.operand(toks, i, -1)
            ra, rb = self.operand(toks, i, +1)
            L = self.classify(toks, la, lb)
            R = self.classify(toks, ra, rb)
            kind = comparison_kind(L, R)
            chained = any(toks[k].text == '?' and toks[k].postfix and k + 1 < len(toks) and toks[k + 1].text == '.'
                          for k in list(range(la, lb)) + list(range(ra, rb)))
            kinds.append(kind + ('?.' if chained else ''))
            cnt['cmp'] += 1
            cnt[kind.split('(')[0]] += 1
        cnt['opt_chain'] = sum(1 for i, t in enumerate(toks) if t.text == '?' and t.postfix and i + 1 < len(toks) and toks[i + 1].text == '.')
        for i, t in enumerate(toks):
            if t.kind == 'id' and i > 0 and toks[i - 1].text == '.' and i + 1 < len(toks) and toks[i + 1].text in ('(', '{') and not toks[i + 1].space_before or \
                    (t.kind == 'id' and i > 0 and toks[i - 1].text == '.' and i + 1 < len(toks) and toks[i + 1].text == '{' and i + 2 < len(toks)):
                if t.text == 'contains':
                    cnt['call_contains'] += 1
                elif t.text == 'starts':
                    cnt['call_starts'] += 1
                elif t.text == 'localizedStandardContains':
                    cnt['call_lsc'] += 1
                else:
                    cnt['call_other'] += 1
            elif t.kind == 'id' and i + 1 < len(toks) and toks[i + 1].text == '(' and not toks[i + 1].space_before \
                    and (i == 0 or toks[i - 1].text != '.') and t.text not in KEYWORDS and not t.text.startswith('$') and t.text[0].islower():
                cnt['call_other'] += 1
            if t.kind == 'op':
                if t.text == '&&':
                    cnt['and'] += 1
                elif t.text == '||':
                    cnt['or'] += 1
                elif t.text == '!' and not t.postfix:
                    cnt['not'] += 1
                elif t.text == '??':
                    cnt['coalesce'] += 1
                elif t.text == '?' and not t.postfix:
                    cnt['ternary'] += 1
            if t.kind == 'id' and t.text in ('if', 'else', 'switch') and i not in self.capture_ref:
                cnt['if_else'] += 1 if t.text != 'else' else 0
        cnt['branch'] = 1 if (cnt['ternary'] or cnt['if_else']) else 0
        cnt['closures'] = max(0, len(self.closures) - len(self.bindings) - 1)
        a.features = dict(cnt)
        a.features['kinds'] = kinds


def S_text(seg):
    return ''.join((' ' if t.space_before else '') + t.text for t in seg).strip()


def literal_default(lit):
    return {'int': 'Int', 'bool': 'Bool', 'string': 'String', 'float': 'Double'}[lit]


def comparison_kind(L, R):
    """One of: nil, lit_default(int|bool|string), lit_other(detail), lit_unknown, prop_cap,
    prop_prop, prop_case, cap_cap, lit_cap, other."""
    kinds = (L[0], R[0])
    if 'nil' in kinds:
        return 'nil'
    if 'lit' in kinds:
        lit, other = (L, R) if L[0] == 'lit' else (R, L)
        if lit[1] == 'float':
            return 'lit_other(float)'
        typ = other[2]
        where = '' if other[0] == 'prop' else ',captured' if other[0] == 'cap' else ',' + other[0]
        if other[0] == 'lit':
            return 'other'
        if typ is None:
            return f'lit_unknown({lit[1]}{where})'
        if typ[0] == 'b' and typ[1] == literal_default(lit[1]):
            return f'lit_default({lit[1]}{where})'
        return f'lit_other({lit[1]} vs {S.type_text(typ)}{where})'
    if kinds == ('prop', 'prop'):
        return 'prop_prop'
    if 'prop' in kinds:
        other = R if L[0] == 'prop' else L
        if other[0] == 'cap':
            return 'prop_cap'
        if other[0] == 'case':
            return 'prop_case'
        return 'prop_other'
    if kinds == ('cap', 'cap'):
        return 'cap_cap'
    return 'other'


# --------------------------------------------------------------------------------------------
# Captured values: where the predicate's free names are declared.

LOCAL_DECL_RE = re.compile(r'(?<![\w.$])(?:let|var)\s+(`?[A-Za-z_]\w*`?)\s*(:|=)')
FUNC_RE = re.compile(r'(?<![\w.])(?:func\s+[^\s(<]+\s*(?:<[^(]*>)?|init[?!]?\s*(?:<[^(]*>)?|subscript)\s*\(')
CLOSURE_PARAM_RE = re.compile(r'\{\s*\(([^()]*:[^()]*)\)\s*(?:->\s*[^{}]*?)?\s+in\b')
BIND_RE = re.compile(r'(?<![\w.])(?:if|guard|while)\s+(?:let|var)\s+(`?[A-Za-z_]\w*`?)\s*(=\s*)?')


def innermost_block(sf: S.SourceFile, offset: int) -> S.Block | None:
    best = None
    stack = list(sf.roots)
    while stack:
        b = stack.pop()
        if b.open < offset < b.close:
            best = b
            stack = list(b.children)
    return best


def block_contains(b: S.Block | None, offset: int) -> bool:
    return b is None or b.open < offset < b.close


def file_funcs(sf: S.SourceFile):
    """(params text offset, params text, body open, body close) of every function in the file."""
    cached = getattr(sf, '_funcs', None)
    if cached is not None:
        return cached
    m = sf.masked
    out = []
    for fm in FUNC_RE.finditer(m):
        po = fm.end() - 1
        pc = S._code_paren_end(m, po + 1) - 1
        body_open = S._scan_to_open_brace(m, pc + 1, 400)
        if body_open is None:
            continue
        out.append((po + 1, m[po + 1:pc], body_open, S.match_brace(m, body_open)))
    for cm in CLOSURE_PARAM_RE.finditer(m):
        out.append((cm.start(1), cm.group(1), cm.start(), S.match_brace(m, cm.start())))
    sf._funcs = out
    return out


def receiver_before(m: str, end: int) -> int | None:
    """Start of the member chain (`self.items`, `a?.b`, `f(x).y`) that ends at `end`."""
    k = end - 1
    start = None
    while k >= 0:
        c = m[k]
        if c.isalnum() or c in '_.?!$`':
            start = k
            k -= 1
        elif c in ')]':
            depth = 0
            while k >= 0:
                if m[k] in ')]':
                    depth += 1
                elif m[k] in '([':
                    depth -= 1
                    if depth == 0:
                        break
                k -= 1
            start = k
            k -= 1
        else:
            break
    if start is None or not (m[start].isalpha() or m[start] in '_$'):
        return None
    return start


CONDITION_BEFORE = re.compile(r'(?:\b(?:if|guard|while)|,)\s*$')


def find_capture_type(app: S.App, sf: S.SourceFile, at: int, name: str, enc: S.Decl | None, depth: int = 0):
    """(resolved type, '') of the value `name` used at offset `at`, or (None, why)."""
    if depth > 6:
        return None, 'declaration chain too long'
    m = t = sf.masked   # comments blanked; string literals keep their quotes
    cands = []   # (scope open, decl offset, kind, text)
    for dm in re.finditer(r'(?<![\w.$])(let|var)\s+`?' + re.escape(name) + r'`?(?![\w`])\s*(:|=|,|\{)?', m):
        if dm.start() == at:
            continue
        scope = innermost_block(sf, dm.start())
        if not block_contains(scope, at):
            continue
        so = scope.open if scope else -1
        cond = CONDITION_BEFORE.search(m, max(0, dm.start() - 40), dm.start())
        if cond and re.search(r'(?:\bcase)\s*$', m[max(0, dm.start() - 20):dm.start()]):
            continue
        sep = dm.group(2)
        if cond:
            # `if let x = y`, `guard let x = y else`, `if let x` (shorthand)
            if dm.start() >= at:
                continue
            if sep == '=':
                end = S._read_until(m, dm.end(), ',{', stop_at_newline=True)
                cands.append((so, dm.start(), 'unwrap', t[dm.end():end]))
            elif sep == ':':
                end = S._read_until(m, dm.end(), '=,{', stop_at_newline=True)
                cands.append((so, dm.start(), 'typed', t[dm.end():end].strip()))
            else:
                cands.append((so, dm.start(), 'unwrap', name))
            continue
        if sep == ':':
            end = S._read_until(m, dm.end(), '={;,')
            cands.append((so, dm.start(), 'typed', t[dm.end():end].strip()))
        elif sep == '=':
            end = S._read_until(m, dm.end(), ';{', stop_at_newline=True)
            expr = t[dm.end():end].strip()
            # a trailing closure on the initial value (`let x = items.first { ... }`) is not ours
            cands.append((so, dm.start(), 'init', expr))
    for poff, params, body_open, body_close in file_funcs(sf):
        if not (body_open < at < body_close):
            continue
        off = poff
        for part in S._split_top(params):
            pm = re.match(r'\s*(?:@\w+\s+)*(?:`?(\w+)`?\s+)?`?(\w+)`?\s*:\s*', part)
            if pm and pm.group(2) == name:
                tend = S._read_until(part, pm.end(), '=', stop_at_newline=False)
                ttext = t[off + pm.end():off + tend].strip()
                ttext = re.sub(r'^(?:(?:inout|__owned|borrowing|consuming|sending)\s+|@\w+\s+)+', '', ttext)
                cands.append((body_open, poff, 'typed', ttext))
            off += len(part) + 1
    # `for name in xs {`
    for lm in re.finditer(r'(?<![\w.])for\s+(?:case\s+let\s+|let\s+|var\s+)?`?' + re.escape(name) + r'`?\s+in\s+', m):
        body_open = S._scan_to_open_brace(m, lm.end(), 600)
        if body_open is None or not (body_open < at < S.match_brace(m, body_open)):
            continue
        expr = t[lm.end():body_open]
        expr = re.split(r'\bwhere\b', expr)[0]
        cands.append((body_open, lm.start(), 'element', expr))
    # `xs.map { name in`, `xs.forEach { (name) in`, `xs.contains(where: { name in`
    for cm in re.finditer(r'\.(map|forEach|compactMap|flatMap|filter|first|contains|allSatisfy|sorted|min|max)\s*'
                          r'(?:\(\s*(?:where\s*:\s*)?)?\{\s*(?:\(\s*)?`?' + re.escape(name) + r'`?(?:\s*\))?\s+in\b', m):
        ob = m.index('{', cm.start())
        if not (ob < at < S.match_brace(m, ob)):
            continue
        recv = receiver_before(m, cm.start())
        if recv is None:
            continue
        cands.append((ob, ob, 'element', t[recv:cm.start()]))
    # innermost scope first; within it the last declaration before the predicate
    cands.sort(key=lambda c: (c[0], c[1] if c[1] < at else -1), reverse=True)
    for scope_open, off, kind, text in cands:
        ctx_decl = S.enclosing_decl(sf, off)
        ctx = ctx_decl.path if ctx_decl else ()
        try:
            if kind == 'typed':
                return app.resolve_text(text, ctx, sf.path), ''
            if kind == 'init':
                return expr_type(app, sf, off, text, ctx, ctx_decl, depth + 1), ''
            if kind == 'element':
                el = element(expr_type(app, sf, off, text, ctx, ctx_decl, depth + 1))
                if el is None:
                    return None, f'element type of `{text.strip()[:40]}` unknown'
                return el, ''
            if text.strip() == name:       # `if let x` shorthand: the outer `x`, unwrapped
                inner, why = find_capture_type(app, sf, off, name, enc, depth + 1)
                return (unwrap(inner), '') if inner is not None else (None, why)
            return unwrap(expr_type(app, sf, off, text, ctx, ctx_decl, depth + 1)), ''
        except S.Unresolvable as e:
            return None, str(e)
        except Skip as e:
            return None, str(e)
    # a member of the enclosing type (implicit self), in any file of the app
    p = enc.path if enc else ()
    while p:
        pr = app.find_prop(p, name, sf.path) or app.find_static(p, name, sf.path)
        if pr is not None:
            try:
                return prop_type_or_expr(app, pr), ''
            except (S.Unresolvable, Skip) as e:
                return None, str(e)
        p = p[:-1]
    return None, 'declaration not found'


def prop_type_or_expr(app: S.App, pr: S.Prop):
    if pr.type_text:
        return app.resolve_text(pr.type_text, pr.ctx, pr.file)
    sf = app.files[pr.file]
    return expr_type(app, sf, pr.offset, pr.default or '', pr.ctx, S.enclosing_decl(sf, pr.offset), 1)


# --------------------------------------------------------------------------------------------
# The stand-in.

SWIFT_RESERVED = {'associatedtype', 'class', 'deinit', 'enum', 'extension', 'fileprivate', 'func', 'import', 'init',
                  'inout', 'internal', 'let', 'open', 'operator', 'private', 'precedencegroup', 'protocol', 'public',
                  'rethrows', 'static', 'struct', 'subscript', 'typealias', 'var', 'break', 'case', 'catch',
                  'continue', 'default', 'defer', 'do', 'else', 'fallthrough', 'for', 'guard', 'if', 'in', 'repeat',
                  'return', 'throw', 'switch', 'where', 'while', 'as', 'false', 'is', 'nil', 'self', 'Self', 'super',
                  'throws', 'true', 'try', 'Type', 'Any'}


def ident(name: str) -> str:
    return f'`{name}`' if name in SWIFT_RESERVED else name


TRIVIAL_DEFAULTS = {'Int': '0', 'Int8': '0', 'Int16': '0', 'Int32': '0', 'Int64': '0', 'UInt': '0', 'UInt8': '0',
                    'UInt16': '0', 'UInt32': '0', 'UInt64': '0', 'Double': '0', 'Float': '0', 'CGFloat': '0',
                    'Bool': 'false', 'String': '""', 'Date': 'Date()', 'UUID': 'UUID()', 'Data': 'Data()',
                    'Decimal': '0'}


def default_for(rt):
    if rt[0] == 'opt':
        return 'nil'
    if rt[0] in ('array', 'set'):
        return '[]'
    if rt[0] == 'dict':
        return '[:]'
    if rt[0] == 'b':
        return TRIVIAL_DEFAULTS.get(rt[1])
    return None


def codable_safe(app, rt, from_file, seen=()):
    tag = rt[0]
    if tag == 'b':
        return rt[1] in S.CODABLE_BUILTINS
    if tag in ('opt', 'array', 'set'):
        return codable_safe(app, rt[1], from_file, seen)
    if tag == 'dict':
        return codable_safe(app, rt[1], from_file, seen) and codable_safe(app, rt[2], from_file, seen)
    if tag == 'tuple':
        return False
    d = app.decl_at(rt[1], from_file)
    return d is not None and d.kind in ('enum', 'struct') and not d.generic


class Unstubbable(Exception):
    pass


def build_standin(a: Analysis) -> tuple[str, list]:
    """Swift source for the predicate; raises Skip if something it uses cannot be stubbed."""
    app, ff = a.app, a.sf.path
    plans = {}      # path -> list of member lines
    notes = []
    todo = list(a.needed)
    done = set()
    while todo:
        p = todo.pop()
        if p in done:
            continue
        done.add(p)
        d = app.decl_at(p, ff)
        if d is None:
            raise Skip(f'type {".".join(p)} not found')
        refs = a.referenced.get(p, set())
        lines = []
        if d.kind == 'class' and d.is_model:
            header = f'final class {d.name}: PersistentModel'
            members = [pr for pr in d.props.values() if not pr.static and not pr.computed]
            names = {pr.name for pr in members}
            for r in sorted(refs - names):
                pr = app.find_prop(p, r, ff)
                if pr is not None:
                    members.append(pr)
            for pr in members:
                try:
                    rt = prop_type(app, pr)
                    for q in S.decl_paths(rt):
                        qd = app.decl_at(q, ff)
                        if qd is None or not (qd.is_model or qd.kind in ('enum', 'struct')) or qd.generic:
                            raise S.Unresolvable(f'{".".join(q)} is a {qd.kind if qd else "missing"} type')
                except S.Unresolvable as e:
                    if pr.name in refs:
                        raise Skip(f'property {".".join(p)}.{pr.name}: {e}')
                    notes.append(f'dropped {".".join(p)}.{pr.name}')
                    continue
                todo.extend(S.decl_paths(rt))
                if pr.computed:
                    lines.append(f'    var {ident(pr.name)}: {S.type_text(rt)} {{ fatalError() }}')
                else:
                    dv = default_for(rt)
                    lines.append(f'    var {ident(pr.name)}: {S.type_text(rt)}' + (f' = {dv}' if dv else ''))
            lines.append('    init() { fatalError() }')
        elif d.kind == 'struct' and not d.generic:
            header = f'struct {d.name}: Codable, Hashable' + (', Comparable' if 'Comparable' in d.inherits else '')
            for pr in list(d.props.values()):
                if pr.static or pr.computed:
                    continue
                try:
                    rt = prop_type(app, pr)
                    if not codable_safe(app, rt, ff):
                        raise S.Unresolvable('not Codable')
                except S.Unresolvable as e:
                    if pr.name in refs:
                        raise Skip(f'property {".".join(p)}.{pr.name}: {e}')
                    continue
                todo.extend(S.decl_paths(rt))
                lines.append(f'    var {ident(pr.name)}: {S.type_text(rt)}')
            for r in sorted(refs):
                pr = app.find_prop(p, r, ff)
                if pr is not None and pr.computed:
                    try:
                        rt = prop_type(app, pr)
                    except S.Unresolvable as e:
                        raise Skip(f'property {".".join(p)}.{r}: {e}')
                    todo.extend(S.decl_paths(rt))
                    lines.append(f'    var {ident(r)}: {S.type_text(rt)} {{ fatalError() }}')
            if 'Comparable' in d.inherits:
                lines.append('    static func < (lhs: Self, rhs: Self) -> Bool { false }')
        elif d.kind == 'enum' and not d.generic:
            raw = d.inherits[0] if d.inherits and d.inherits[0] in S.BUILTINS - {'Date', 'UUID', 'URL', 'Data', 'Decimal', 'Bool', 'PersistentIdentifier'} else None
            conf = ([raw] if raw else []) + ['Codable', 'Hashable']
            if 'Comparable' in d.inherits:
                conf.append('Comparable')
            if 'CaseIterable' in d.inherits:
                conf.append('CaseIterable')
            header = f'enum {d.name}: ' + ', '.join(conf)
            if d.cases:
                lines.append('    case ' + ', '.join(f'`{c}`' for c in d.cases))
            for r in sorted(refs):
                pr = app.find_prop(p, r, ff)
                if pr is not None:
                    try:
                        rt = prop_type(app, pr)
                    except S.Unresolvable as e:
                        raise Skip(f'property {".".join(p)}.{r}: {e}')
                    todo.extend(S.decl_paths(rt))
                    lines.append(f'    var {ident(r)}: {S.type_text(rt)} {{ fatalError() }}')
            if 'Comparable' in d.inherits:
                lines.append('    static func < (lhs: Self, rhs: Self) -> Bool { false }')
        else:
            raise Skip(f'{".".join(p)} is a {"generic " if d.generic else ""}{d.kind}: not stubbed')
        for s_name in sorted(a.statics.get(p, set())):
            pr = app.find_static(p, s_name, ff)
            try:
                rt = prop_type(app, pr)
            except S.Unresolvable as e:
                raise Skip(f'static {".".join(p)}.{s_name}: {e}')
            todo.extend(S.decl_paths(rt))
            lines.append(f'    static var {ident(s_name)}: {S.type_text(rt)} {{ fatalError() }}')
        plans[p] = (header, lines)
    # nesting: containers that are not stubs become namespaces
    allpaths = set(plans)
    for p in list(plans):
        for k in range(1, len(p)):
            q = p[:k]
            if q not in allpaths:
                allpaths.add(q)
                plans[q] = (f'enum {q[-1]}', [])
    out = [PRELUDE]

    def emit(p, indent):
        header, lines = plans[p]
        pad = '    ' * indent
        out.append(f'{pad}{header} {{')
        for ln in lines:
            out.append(pad + ln)
        for q in sorted(x for x in allpaths if len(x) == len(p) + 1 and x[:len(p)] == p):
            emit(q, indent + 1)
        out.append(f'{pad}}}')

    for p in sorted(x for x in allpaths if len(x) == 1):
        emit(p, 0)
    # the predicate
    f = a.found
    params = ', '.join(f'{ident(n)}: {S.type_text(rt)}' for n, rt in a.captures.items())
    out.append('')
    out.append('enum __Measured {')
    for name, target in sorted(a.aliases.items()):
        out.append(f'    typealias {name} = {target}')
    out.append(f'    static func predicate({params}) {{')
    text = a.sf.text[f.start:f.close + 1]
    if f.root_source.startswith('inferred'):
        out.append(f'        let _: Predicate<{".".join(a.root)}> = ' + text)
    else:
        out.append('        let _ = ' + text)
    out.append('    }')
    out.append('}')
    return '\n'.join(out) + '\n', notes


# --------------------------------------------------------------------------------------------
# The compiler.

def swiftc_version() -> str:
    try:
        return subprocess.run(['swiftc', '--version'], capture_output=True, text=True).stdout.strip().splitlines()[0]
    except Exception:
        return 'unknown'


def _run_swiftc(path: str, timeout: int) -> dict:
    load = os.getloadavg()[0]
    t0 = time.monotonic()
    proc = subprocess.Popen(['swiftc', '-typecheck', '-swift-version', '6', '-parse-as-library', path],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        secs = time.monotonic() - t0
        errors = [ln for ln in err.splitlines() if ': error: ' in ln]
        if proc.returncode == 0:
            outcome, first = 'builds', ''
        elif any('unable to type-check this expression in reasonable time' in ln for ln in errors):
            outcome, first = 'unable-to-type-check', next(ln for ln in errors if 'reasonable time' in ln)
        else:
            outcome, first = 'other-error', errors[0] if errors else (err.strip().splitlines() or ['?'])[0]
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        secs = time.monotonic() - t0
        outcome, first = 'timeout', ''
    first = re.sub(r'^.*?\.swift:', '', first)
    return {'outcome': outcome, 'seconds': round(secs, 2), 'first_error': first, 'load': round(load, 2)}


def typecheck(source: str, timeout: int, version: str, refresh: bool = False, repeat_slow: int = 0) -> dict:
    """The verdict on one stand-in, cached by its hash. Stand-ins slower than 2 s are measured
    `1 + repeat_slow` times in all; `seconds` is the fastest run (the machine is shared)."""
    os.makedirs(CACHE, exist_ok=True)
    h = hashlib.sha256((version + '\n' + str(timeout) + '\n' + source).encode()).hexdigest()[:24]
    path = os.path.join(CACHE, h + '.swift')
    res_path = os.path.join(CACHE, h + '.json')
    r = None
    cached = False
    if os.path.exists(res_path) and not refresh:
        with open(res_path) as fh:
            r = json.load(fh)
        r.setdefault('runs', [[r['outcome'], r['seconds'], r.get('load', 0)]])
        cached = True
    if not os.path.exists(path) or r is None:
        with open(path, 'w') as fh:
            fh.write(source)
    if r is None:
        one = _run_swiftc(path, timeout)
        r = dict(one, file=path, runs=[[one['outcome'], one['seconds'], one['load']]])
        cached = False
    while r['outcome'] in ('builds', 'unable-to-type-check') and max(x[1] for x in r['runs']) > 2 \
            and len(r['runs']) < 1 + repeat_slow:
        one = _run_swiftc(path, timeout)
        r['runs'].append([one['outcome'], one['seconds'], one['load']])
        cached = False
    r['seconds'] = min(x[1] for x in r['runs'])
    r['file'] = path
    with open(res_path, 'w') as fh:
        json.dump({k: v for k, v in r.items() if k != 'cached'}, fh)
    r['cached'] = cached
    return r


# --------------------------------------------------------------------------------------------
# Driver.

FEATURE_COLUMNS = ['cmp', 'lit_default', 'lit_other', 'lit_unknown', 'nil', 'prop_cap', 'prop_prop', 'prop_case',
                   'prop_other', 'cap_cap', 'other', 'opt_chain', 'call_contains', 'call_starts', 'call_lsc',
                   'call_other', 'and', 'or', 'not', 'coalesce', 'branch', 'closures']


def one_line(s: str, n: int = 300) -> str:
    s = re.sub(r'[\t\r\n]+', ' ', s)
    s = re.sub(r' {2,}', ' ', s)
    return s[:n]


def analyse_app(app: S.App):
    results = []
    for rel in sorted(app.files):
        sf = app.files[rel]
        if '#Predicate' not in sf.text:
            continue
        for f in find_predicates(app, sf):
            if f.skip:
                results.append((f, None, f.skip))
                continue
            try:
                a = Analyzer(app, sf, f).run()
                results.append((f, a, None))
            except Skip as e:
                results.append((f, None, str(e)))
            except S.Unresolvable as e:
                results.append((f, None, str(e)))
    return results


def skip_category(reason: str) -> str:
    r = reason
    for pat, cat in [
        (r'^not a trailing-closure', 'not a trailing-closure #Predicate'),
        (r'^more than one input', 'more than one input'),
        (r'^root type not written', 'root not written and not inferable'),
        (r'^root .* is not a @Model', 'root is not a @Model class'),
        (r'^root .*is not an app type', 'root is not an app type'),
        (r'^root type: ambiguous', 'root ambiguous (several declarations)'),
        (r'^root type', 'root type unknown'),
        (r'^captured value .*declaration not found', 'captured value: declaration not found'),
        (r'^captured value .*not declared', 'captured value: type not declared'),
        (r'^captured value .*if let', 'captured value: type not declared'),
        (r'^captured value .*unknown type', 'captured value: type not stubbable'),
        (r'^captured value .*(function type|any type|some type|generic)', 'captured value: type not stubbable'),
        (r'^captured value', 'captured value: other'),
        (r'^member not found', 'member not found on model (inherited/protocol/unknown)'),
        (r'^property .*: (unknown type|.* is a )', 'referenced property: type not stubbable'),
        (r'^property .*: ambiguous', 'referenced property: ambiguous type'),
        (r'^property .*: (type of|no type)', 'referenced property: type not declared'),
        (r'^property', 'referenced property: type not stubbable'),
        (r'^static member', 'static member not found'),
        (r'is a .*: not stubbed', 'referenced type not stubbable (class/protocol/generic)'),
        (r'ambiguous', 'ambiguous declaration'),
    ]:
        if re.search(pat, r):
            return cat
    return 'other: ' + r[:60]


def measure(corpus: str, timeout: int, limit_apps: list | None, refresh: bool, verbose: bool, dry: bool = False,
            repeat_slow: int = 0):
    version = swiftc_version()
    rows, skipped = [], []
    apps = sorted(d for d in os.listdir(corpus) if os.path.isdir(os.path.join(corpus, d)))
    if limit_apps:
        apps = [x for x in apps if x in limit_apps]
    for name in apps:
        app = S.App(os.path.join(corpus, name), name)
        res = analyse_app(app)
        for f, a, why in res:
            body = one_line(f.body_text)
            if a is None:
                skipped.append({'app': name, 'where': f'{f.file}:{f.line}', 'reason': why,
                                'category': skip_category(why), 'predicate': body})
                continue
            try:
                src, notes = build_standin(a)
            except Skip as e:
                skipped.append({'app': name, 'where': f'{f.file}:{f.line}', 'reason': str(e),
                                'category': skip_category(str(e)), 'predicate': body})
                continue
            if dry:
                os.makedirs(os.path.join(CACHE, 'dry'), exist_ok=True)
                hh = hashlib.sha256(src.encode()).hexdigest()[:24]
                with open(os.path.join(CACHE, 'dry', hh + '.swift'), 'w') as fh:
                    fh.write(src)
                r = {'outcome': 'dry', 'seconds': 0, 'first_error': '', 'file': hh, 'cached': True}
            else:
                r = typecheck(src, timeout, version, refresh, repeat_slow)
            row = {'app': name, 'where': f'{f.file}:{f.line}', 'source': 'real', 'outcome': r['outcome'],
                   'seconds': r['seconds'], 'root': '.'.join(a.root), 'root_source': f.root_source,
                   'kinds': '; '.join(a.features.get('kinds', [])), 'first_error': r['first_error'],
                   'runs': ' '.join(f'{x[1]}' for x in r['runs']), 'load': ' '.join(f'{x[2]}' for x in r['runs']),
                   'standin': os.path.basename(r['file']), 'predicate': body}
            for c in FEATURE_COLUMNS:
                row[c] = a.features.get(c, 0)
            rows.append(row)
            if verbose:
                print(f"{r['outcome']:22} {r['seconds']:7.2f}s {'(cached)' if r['cached'] else '        '} "
                      f"{name} {f.file}:{f.line} cmp={row['cmp']}", flush=True)
    return rows, skipped, version


# The predicates themselves are the apps' code, which is not copied into this repository:
# `where` names each one's file and line in the app, at the commit the corpus records.
COLUMNS = ['app', 'where', 'source', 'outcome', 'seconds'] + FEATURE_COLUMNS + [
    'kinds', 'root', 'root_source', 'first_error', 'runs', 'load', 'standin']


def write_tsv(path, rows, columns):
    with open(path, 'w') as fh:
        fh.write('\t'.join(columns) + '\n')
        for r in rows:
            fh.write('\t'.join(one_line(str(r.get(c, '')), 300 if c == 'predicate' else 400) for c in columns) + '\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--corpus', default=DEFAULT_CORPUS)
    ap.add_argument('--timeout', type=int, default=TIMEOUT)
    ap.add_argument('--app', action='append', help='only this app folder (repeatable)')
    ap.add_argument('--out', default=os.path.join(REPO, 'docs', 'TypeCheckCalibration.tsv'))
    ap.add_argument('--skipped-out', default=os.path.join(HERE, 'skipped.tsv'))
    ap.add_argument('--refresh', action='store_true', help='ignore cached verdicts')
    ap.add_argument('--synthetic', action='store_true', help='also measure the boundary variants (synthetic.py)')
    ap.add_argument('-q', '--quiet', action='store_true')
    ap.add_argument('--dry-run', action='store_true', help='build the stand-ins, do not compile')
    ap.add_argument('--repeat-slow', type=int, default=2,
                    help='measure stand-ins slower than 2 s this many more times (the fastest counts)')
    args = ap.parse_args()
    if os.path.abspath(args.corpus).rstrip('/').endswith('/val'):
        sys.exit('refusing to read the held-out half')
    rows, skipped, version = measure(args.corpus, args.timeout, args.app, args.refresh,
                                     not args.quiet, args.dry_run, args.repeat_slow)
    if args.synthetic:
        import synthetic
        rows += synthetic.run(rows, args.timeout, version, args.refresh, not args.quiet, args.repeat_slow)
    write_tsv(args.out, rows, COLUMNS)
    write_tsv(args.skipped_out, skipped, ['app', 'where', 'category', 'reason'])
    real = [r for r in rows if r['source'] == 'real']
    print(f'\n{version}')
    print(f'predicates found: {len(real) + len(skipped)}; measured: {len(real)}; skipped: {len(skipped)}')
    for cat, n in Counter(s['category'] for s in skipped).most_common():
        print(f'  skipped {n:4}  {cat}')
    for oc, n in Counter(r['outcome'] for r in real).most_common():
        print(f'  {oc:22} {n}')
    slow = sorted((r for r in rows if float(r['seconds']) > 2 or r['outcome'] in ('unable-to-type-check', 'timeout')),
                  key=lambda r: -float(r['seconds']))
    for r in slow:
        print(f"  {r['source']:9} {r['outcome']:22} {float(r['seconds']):7.2f}s {r['app']} {r['where']}  {r['kinds']}")
    print(f'wrote {args.out} and {args.skipped_out}')


if __name__ == '__main__':
    main()
