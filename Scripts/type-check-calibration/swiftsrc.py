"""Just enough of Swift's lexical structure and declarations to lift `#Predicate`s out of an app.

Nothing here type-checks: it masks comments and string contents, matches braces, indexes the
app's type declarations (with their nesting, so versioned schemas resolve), their stored and
computed properties, enum cases and typealiases, and resolves written type names the way Swift's
unqualified lookup does (innermost enclosing type outwards, then the module).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

# --------------------------------------------------------------------------------------------
# Masking: comments become spaces, string contents become 's'; offsets stay the same.

_STR_OPEN = re.compile(r'(#*)("""|")')


def _string_end(s: str, i: int, hashes: int, delim: str) -> int:
    """`i` is just past the opening delimiter; returns the index just past the closing one."""
    n = len(s)
    close = delim + '#' * hashes
    esc = '\\' + '#' * hashes
    j = i
    while j < n:
        if s.startswith(esc, j):
            k = j + len(esc)
            if k < n and s[k] == '(':
                j = _code_paren_end(s, k + 1)
                continue
            j = k + 1
            continue
        if s.startswith(close, j):
            return j + len(close)
        if delim == '"' and s[j] == '\n':
            return j  # unterminated single-line string: stop at the line end
        j += 1
    return n


def _code_paren_end(s: str, i: int) -> int:
    """`i` is just past an opening parenthesis in code; returns just past its match."""
    n = len(s)
    depth = 1
    j = i
    while j < n:
        c = s[j]
        if s.startswith('//', j):
            k = s.find('\n', j)
            j = n if k < 0 else k
            continue
        if s.startswith('/*', j):
            j = _block_comment_end(s, j)
            continue
        if c == '"' or c == '#':
            m = _STR_OPEN.match(s, j)
            if m and (c == '"' or m.group(1)):
                j = _string_end(s, m.end(), len(m.group(1)), m.group(2))
                continue
        if c == '(':
            depth += 1
        elif c == ')':
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return n


def _block_comment_end(s: str, i: int) -> int:
    n = len(s)
    depth = 0
    j = i
    while j < n:
        if s.startswith('/*', j):
            depth += 1
            j += 2
        elif s.startswith('*/', j):
            depth -= 1
            j += 2
            if depth == 0:
                return j
        else:
            j += 1
    return n


def mask(s: str) -> str:
    out = list(s)
    n = len(s)

    def blank(a: int, b: int, ch: str) -> None:
        for k in range(a, b):
            if out[k] != '\n':
                out[k] = ch

    i = 0
    while i < n:
        c = s[i]
        if c == '/' and s.startswith('//', i):
            j = s.find('\n', i)
            j = n if j < 0 else j
            blank(i, j, ' ')
            i = j
            continue
        if c == '/' and s.startswith('/*', i):
            j = _block_comment_end(s, i)
            blank(i, j, ' ')
            i = j
            continue
        if c == '"' or c == '#':
            m = _STR_OPEN.match(s, i)
            if m and (c == '"' or m.group(1)):
                hashes, delim = len(m.group(1)), m.group(2)
                j = _string_end(s, m.end(), hashes, delim)
                close = len(delim) + hashes
                inner_end = max(m.end(), j - close) if s.startswith(delim + '#' * hashes, j - close) else j
                blank(m.end(), inner_end, 's')
                i = j
                continue
            if s.startswith('#/', i):  # extended regex literal
                j = s.find('/#', i + 2)
                j = n if j < 0 else j + 2
                blank(i + 2, max(i + 2, j - 2), 's')
                i = j
                continue
        i += 1
    return ''.join(out)


# --------------------------------------------------------------------------------------------
# Braces.

@dataclass
class Block:
    open: int
    close: int
    children: list = field(default_factory=list)


def brace_tree(m: str) -> tuple[list[Block], dict[int, Block]]:
    """Top-level blocks and a map from each `{` offset to its block."""
    roots: list[Block] = []
    stack: list[Block] = []
    by_open: dict[int, Block] = {}
    for k, c in enumerate(m):
        if c == '{':
            b = Block(k, len(m))
            (stack[-1].children if stack else roots).append(b)
            stack.append(b)
            by_open[k] = b
        elif c == '}':
            if stack:
                stack.pop().close = k
    return roots, by_open


def match_brace(m: str, open_index: int) -> int:
    depth = 0
    for k in range(open_index, len(m)):
        c = m[k]
        if c == '{':
            depth += 1
        elif c == '}':
            depth -= 1
            if depth == 0:
                return k
    return len(m)


def segments_outside_children(block: Block) -> list[tuple[int, int]]:
    segs = []
    pos = block.open + 1
    for ch in block.children:
        segs.append((pos, ch.open))
        pos = ch.close + 1
    segs.append((pos, block.close))
    return segs


def line_of(s: str, offset: int) -> int:
    return s.count('\n', 0, offset) + 1


# --------------------------------------------------------------------------------------------
# Types as written.

TYPE_TOKEN = re.compile(r'\s*(->|`?[A-Za-z_][\w]*`?|\.|<|>|\[|\]|:|,|\?|!|\(|\)|&|@|\S)')


def tokenize_type(text: str) -> list[str]:
    toks = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = TYPE_TOKEN.match(text, pos)
        if not m:
            break
        toks.append(m.group(1).strip('`'))
        pos = m.end()
    return toks


class TypeParseError(Exception):
    pass


def parse_type(text: str):
    """('name', [components], [args]) | ('opt', t) | ('iuo', t) | ('array', t) | ('dict', k, v)
    | ('tuple', [ts]); raises TypeParseError for what we do not stub (functions, `any`, `some`)."""
    toks = tokenize_type(text)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def take(expected=None):
        nonlocal pos
        t = peek()
        if t is None or (expected is not None and t != expected):
            raise TypeParseError(f'expected {expected} in {text!r}')
        pos += 1
        return t

    def parse():
        t = peek()
        if t in ('any', 'some', 'inout', '@', '__owned', 'borrowing', 'consuming'):
            raise TypeParseError(f'{t} type: {text!r}')
        if t == '[':
            take('[')
            a = parse()
            if peek() == ':':
                take(':')
                b = parse()
                take(']')
                node = ('dict', a, b)
            else:
                take(']')
                node = ('array', a)
        elif t == '(':
            take('(')
            items = []
            while peek() != ')':
                # tuple labels
                if pos + 1 < len(toks) and toks[pos + 1] == ':' and re.match(r'\w', peek() or ''):
                    take()
                    take(':')
                items.append(parse())
                if peek() == ',':
                    take(',')
            take(')')
            if peek() == '->' or peek() in ('throws', 'async'):
                raise TypeParseError(f'function type: {text!r}')
            node = items[0] if len(items) == 1 else ('tuple', items)
        elif t is not None and re.match(r'[A-Za-z_]', t):
            comps = [take()]
            args = []
            while True:
                if peek() == '<':
                    take('<')
                    while peek() != '>':
                        args.append(parse())
                        if peek() == ',':
                            take(',')
                    take('>')
                if peek() == '.' and pos + 1 < len(toks) and re.match(r'[A-Za-z_]', toks[pos + 1]):
                    if args:
                        raise TypeParseError(f'member of generic type: {text!r}')
                    take('.')
                    comps.append(take())
                    continue
                break
            node = ('name', comps, args)
        else:
            raise TypeParseError(f'cannot parse type {text!r}')
        while peek() in ('?', '!'):
            node = ('opt', node) if take() == '?' else ('iuo', node)
        if peek() == '->':
            raise TypeParseError(f'function type: {text!r}')
        return node

    node = parse()
    if pos != len(toks):
        raise TypeParseError(f'trailing tokens in type {text!r}')
    return node


# --------------------------------------------------------------------------------------------
# Declarations.

DECL_RE = re.compile(r'(?<![\w.@])(class|struct|enum|extension|actor|protocol)\s+(`?[A-Za-z_]\w*`?(?:\.[A-Za-z_]\w*)*)')
NOT_NAMES = {'func', 'var', 'let', 'override', 'final', 'public', 'private', 'internal', 'static',
             'fileprivate', 'open', 'required', 'convenience', 'subscript', 'init', 'case', 'where'}
MODIFIERS = r'(?:public|private|fileprivate|internal|open|final|package|nonisolated|indirect|dynamic|' \
            r'static|class|lazy|weak|unowned|override|required|mutating|nonmutating|optional|' \
            r'(?:private|fileprivate|internal|public|package)\(set\))'
ATTR_LINE = re.compile(r'^\s*(?:@[\w.]+(?:\([^\n]*\))?\s*|' + MODIFIERS + r'\s+)*$')


@dataclass
class Prop:
    name: str
    type_text: str | None     # as written
    default: str | None       # as written (original text)
    computed: bool
    static: bool
    offset: int
    file: str
    ctx: tuple                # path of the declaration it belongs to (for resolving its type)


@dataclass
class Decl:
    kind: str                 # class struct enum actor protocol extension
    name: str
    path: tuple
    file: str
    offset: int
    body: Block | None
    inherits: list
    is_model: bool
    props: dict = field(default_factory=dict)    # name -> Prop
    cases: list = field(default_factory=list)
    has_payload_cases: bool = False
    generic: bool = False


@dataclass
class Alias:
    name: str
    path: tuple
    target: str
    file: str
    ctx: tuple


@dataclass
class SourceFile:
    path: str                 # relative to the app folder
    text: str
    masked: str
    roots: list
    by_open: dict
    decls: list               # Decl, in order of appearance


def attributes_before(masked: str, start: int) -> str:
    """The attribute and modifier text in front of a declaration keyword at `start`."""
    line_start = masked.rfind('\n', 0, start) + 1
    parts = [masked[line_start:start]]
    if not ATTR_LINE.match(parts[0]):
        return parts[0]
    pos = line_start - 1
    for _ in range(6):
        if pos <= 0:
            break
        prev_start = masked.rfind('\n', 0, pos) + 1
        line = masked[prev_start:pos]
        if line.strip() and ATTR_LINE.match(line) and line.strip().startswith('@'):
            parts.insert(0, line)
            pos = prev_start - 1
        elif not line.strip():
            pos = prev_start - 1
        else:
            break
    return '\n'.join(parts)


def _scan_to_open_brace(m: str, i: int, limit: int = 600) -> int | None:
    depth = 0
    end = min(len(m), i + limit)
    j = i
    while j < end:
        c = m[j]
        if c in '(<[':
            depth += 1
        elif c in ')>]':
            if c == '>' and j > 0 and m[j - 1] == '-':
                pass
            else:
                depth -= 1
        elif c == '{' and depth <= 0:
            return j
        elif c in '};' and depth <= 0:
            return None
        elif c == '=' and depth <= 0 and m[j + 1:j + 2] != '=' and m[j - 1:j] not in '=!<>':
            return None
        j += 1
    return None


def _read_until(m: str, i: int, stops: str, stop_at_newline: bool = True) -> int:
    """Index of the first stop character at bracket depth 0 (or a newline) from `i`."""
    depth = 0
    j = i
    n = len(m)
    while j < n:
        c = m[j]
        if c in '([<':
            if c == '<' and not re.match(r'[\w\]>)?]', m[j - 1:j] or ' '):
                pass
            else:
                depth += 1
        elif c in ')]>':
            if c == '>' and m[j - 1:j] == '-':
                pass
            elif depth > 0:
                depth -= 1
            elif c != '>':
                return j
        elif depth == 0 and (c in stops or (stop_at_newline and c == '\n')):
            return j
        j += 1
    return n


PROP_RE = re.compile(r'(?<![\w.$])(var|let)\s+(`?[A-Za-z_]\w*`?)')
CASE_RE = re.compile(r'(?<![\w.])case\s+')
ALIAS_RE = re.compile(r'(?<![\w.])typealias\s+([A-Za-z_]\w*)\s*(?:<[^=\n]*>)?\s*=\s*')


def parse_file(rel: str, text: str) -> SourceFile:
    masked = mask(text)
    roots, by_open = brace_tree(masked)
    decls: list[Decl] = []
    for mt in DECL_RE.finditer(masked):
        kind, name = mt.group(1), mt.group(2).strip('`')
        if name in NOT_NAMES:
            continue
        if kind == 'class' and re.match(r'\s*(func|var|let)\b', masked[mt.end():mt.end() + 6]):
            continue
        # `case .struct`, `\.class` etc. are excluded by the lookbehind; `enum` in a string is masked.
        brace = _scan_to_open_brace(masked, mt.end())
        if brace is None:
            continue
        header = masked[mt.end():brace]
        generic = header.lstrip().startswith('<')
        inherits = []
        hm = re.match(r'\s*(?:<[^{]*?>)?\s*:\s*([^{]*?)(?:\bwhere\b|$)', header, re.S)
        if hm:
            inherits = [p.strip() for p in hm.group(1).split(',') if p.strip()]
        attrs = attributes_before(masked, mt.start())
        is_model = bool(re.search(r'@(?:SwiftData\.)?Model\b(?!\s*Actor)', attrs)) and kind == 'class'
        d = Decl(kind=kind, name=name, path=(), file=rel, offset=mt.start(), body=by_open.get(brace),
                 inherits=inherits, is_model=is_model, generic=generic)
        decls.append(d)
    # nesting
    for d in decls:
        if d.kind == 'extension':
            d.path = tuple(d.name.split('.'))
            continue
        outer = None
        for e in decls:
            if e is d or e.body is None:
                continue
            if e.body.open < d.offset < e.body.close:
                if outer is None or e.body.open > outer.body.open:
                    outer = e
        d.path = (outer.path if outer else ()) + (d.name,)
    sf = SourceFile(rel, text, masked, roots, by_open, decls)
    for d in decls:
        if d.body is not None:
            _collect_members(sf, d)
    return sf


def enclosing_decl(sf: SourceFile, offset: int) -> Decl | None:
    best = None
    for e in sf.decls:
        if e.body is not None and e.body.open < offset < e.body.close:
            if best is None or e.body.open > best.body.open:
                best = e
    return best


def _collect_members(sf: SourceFile, d: Decl) -> None:
    m, t = sf.masked, sf.text
    for a, b in segments_outside_children(d.body):
        seg = m[a:b]
        for pm in PROP_RE.finditer(seg):
            start = a + pm.start()
            line_start = max(a, m.rfind('\n', 0, start) + 1)
            prefix = m[line_start:start]
            if not ATTR_LINE.match(prefix):
                continue  # `if let`, `case let`, a tuple pattern...
            static = bool(re.search(r'\b(static|class)\s', prefix))
            name = pm.group(2).strip('`')
            j = a + pm.end()
            while j < len(m) and m[j] in ' \t':
                j += 1
            type_text = None
            if j < len(m) and m[j] == ':':
                end = _read_until(m, j + 1, '={;,')
                type_text = m[j + 1:end].strip()
                j = end
            while j < len(m) and m[j] in ' \t':
                j += 1
            default = None
            computed = False
            if j < len(m) and m[j] == '=' and m[j + 1:j + 2] != '=':
                end = _read_until(m, j + 1, ';,{', stop_at_newline=True)
                # a default such as `Foo(bar: { ... })` or `[...]` over several lines: keep what we have
                default = m[j + 1:end].strip()
            elif j < len(m) and m[j] == '{':
                k = j + 1
                while k < len(m) and m[k] in ' \t\n':
                    k += 1
                computed = not re.match(r'(didSet|willSet)\b', m[k:k + 8])
            if type_text is None and default is None:
                continue
            if name not in d.props:
                d.props[name] = Prop(name, type_text, default, computed, static, start, sf.path, d.path)
        if d.kind == 'enum':
            for cm in CASE_RE.finditer(seg):
                start = a + cm.start()
                line_start = max(a, m.rfind('\n', 0, start) + 1)
                if not ATTR_LINE.match(m[line_start:start]):
                    continue
                end = _read_until(m, a + cm.end(), ';', stop_at_newline=True)
                items = _split_top(m[a + cm.end():end])
                for it in items:
                    im = re.match(r'\s*`?([A-Za-z_]\w*)`?\s*(\()?', it)
                    if im:
                        d.cases.append(im.group(1))
                        if im.group(2):
                            d.has_payload_cases = True


def _split_top(s: str) -> list[str]:
    out, depth, cur = [], 0, []
    for c in s:
        if c in '([':
            depth += 1
        elif c in ')]':
            depth -= 1
        if c == ',' and depth == 0:
            out.append(''.join(cur))
            cur = []
        else:
            cur.append(c)
    out.append(''.join(cur))
    return out


def collect_aliases(sf: SourceFile) -> list[Alias]:
    out = []
    for am in ALIAS_RE.finditer(sf.masked):
        end = _read_until(sf.masked, am.end(), ';{')
        target = sf.masked[am.end():end].strip()
        enc = enclosing_decl(sf, am.start())
        ctx = enc.path if enc else ()
        out.append(Alias(am.group(1), ctx + (am.group(1),), target, sf.path, ctx))
    return out


# --------------------------------------------------------------------------------------------
# The app.

BUILTINS = {
    'Int', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt', 'UInt8', 'UInt16', 'UInt32', 'UInt64',
    'Double', 'Float', 'CGFloat', 'Bool', 'String', 'Character', 'Substring', 'Date', 'UUID', 'URL',
    'Data', 'Decimal', 'TimeInterval', 'PersistentIdentifier', 'Array', 'Dictionary', 'Set',
    'Optional',
}
INTEGER_TYPES = {'Int', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt', 'UInt8', 'UInt16', 'UInt32', 'UInt64'}
FLOAT_TYPES = {'Double', 'Float', 'CGFloat', 'TimeInterval'}
CODABLE_BUILTINS = BUILTINS - {'Character', 'Substring'}


class Unresolvable(Exception):
    pass


def common_prefix_len(a: str, b: str) -> int:
    pa, pb = a.split('/'), b.split('/')
    n = 0
    for x, y in zip(pa[:-1], pb[:-1]):
        if x != y:
            break
        n += 1
    return n


class App:
    def __init__(self, root: str, name: str):
        self.root = root
        self.name = name
        self.files: dict[str, SourceFile] = {}
        self.types: dict[tuple, list[Decl]] = {}
        self.extensions: dict[tuple, list[Decl]] = {}
        self.aliases: dict[tuple, list[Alias]] = {}
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [x for x in dirnames if not x.startswith('.') and x not in ('Pods', 'Carthage', 'DerivedData', '.build')]
            for fn in filenames:
                if not fn.endswith('.swift'):
                    continue
                full = os.path.join(dirpath, fn)
                if os.path.islink(full):
                    continue
                try:
                    with open(full, encoding='utf-8', errors='replace') as fh:
                        text = fh.read()
                except OSError:
                    continue
                if len(text) > 2_000_000:
                    continue
                rel = os.path.relpath(full, root)
                sf = parse_file(rel, text)
                self.files[rel] = sf
                for d in sf.decls:
                    if d.kind == 'extension':
                        self.extensions.setdefault(d.path, []).append(d)
                    else:
                        self.types.setdefault(d.path, []).append(d)
                for a in collect_aliases(sf):
                    self.aliases.setdefault(a.path, []).append(a)

    # -- lookup -------------------------------------------------------------------------------

    def _pick(self, cands: list, from_file: str):
        if len(cands) == 1:
            return cands[0]
        best = max(common_prefix_len(c.file, from_file) for c in cands)
        top = [c for c in cands if common_prefix_len(c.file, from_file) == best]
        same_file = [c for c in top if c.file == from_file]
        if len(same_file) == 1:
            return same_file[0]
        if len(top) == 1:
            return top[0]
        # identical shapes are as good as one
        sig = {self._signature(c) for c in top}
        if len(sig) == 1:
            return top[0]
        raise Unresolvable(f'ambiguous: {len(top)} declarations of {".".join(top[0].path)}')

    @staticmethod
    def _signature(c) -> str:
        if isinstance(c, Alias):
            return 'alias:' + re.sub(r'\s+', '', c.target)
        return c.kind + ':' + ';'.join(f'{p.name}:{p.type_text}' for p in sorted(c.props.values(), key=lambda p: p.name)) + '|' + ','.join(c.cases)

    def lookup(self, first: str, ctx: tuple, from_file: str):
        """The declaration or alias a simple name denotes from inside `ctx`; None if builtin/unknown."""
        for k in range(len(ctx), -1, -1):
            p = ctx[:k] + (first,)
            cands = self.types.get(p, []) + self.aliases.get(p, [])
            # a type nested in an extension of ctx[:k]
            if cands:
                return self._pick(cands, from_file)
        return None

    def member_type_decl(self, base: tuple, name: str, from_file: str):
        p = base + (name,)
        cands = self.types.get(p, []) + self.aliases.get(p, [])
        if cands:
            return self._pick(cands, from_file)
        return None

    def decl_at(self, path: tuple, from_file: str) -> Decl | None:
        cands = self.types.get(path, [])
        return self._pick(cands, from_file) if cands else None

    # -- resolution ---------------------------------------------------------------------------

    def resolve(self, node, ctx: tuple, from_file: str, depth: int = 0):
        """Resolved types: ('b', name, [args]) builtin | ('d', path) app declaration | ('opt', t) |
        ('array', t) | ('dict', k, v) | ('set', t) | ('tuple', ts)."""
        if depth > 12:
            raise Unresolvable('typealias cycle')
        tag = node[0]
        if tag in ('opt', 'iuo'):
            return ('opt', self.resolve(node[1], ctx, from_file, depth))
        if tag == 'array':
            return ('array', self.resolve(node[1], ctx, from_file, depth))
        if tag == 'dict':
            return ('dict', self.resolve(node[1], ctx, from_file, depth), self.resolve(node[2], ctx, from_file, depth))
        if tag == 'tuple':
            return ('tuple', [self.resolve(x, ctx, from_file, depth) for x in node[1]])
        comps, args = node[1], node[2]
        rargs = [self.resolve(a, ctx, from_file, depth) for a in args]
        found = self.lookup(comps[0], ctx, from_file)
        if found is None:
            if comps[0] in ('Foundation', 'Swift') and len(comps) > 1:
                comps = comps[1:]
            if len(comps) == 1 and comps[0] in BUILTINS:
                name = comps[0]
                if name == 'Optional' and len(rargs) == 1:
                    return ('opt', rargs[0])
                if name == 'Array' and len(rargs) == 1:
                    return ('array', rargs[0])
                if name == 'Set' and len(rargs) == 1:
                    return ('set', rargs[0])
                if name == 'Dictionary' and len(rargs) == 2:
                    return ('dict', rargs[0], rargs[1])
                if name == 'TimeInterval':
                    return ('b', 'Double', [])
                if rargs:
                    raise Unresolvable(f'generic {name}')
                return ('b', name, [])
            raise Unresolvable(f'unknown type {".".join(comps)}')
        cur = self._deref(found, from_file, depth)
        for c in comps[1:]:
            if cur[0] != 'd':
                raise Unresolvable(f'member type {c} of non-app type')
            nxt = self.member_type_decl(cur[1], c, from_file)
            if nxt is None:
                raise Unresolvable(f'unknown type {".".join(comps)}')
            cur = self._deref(nxt, from_file, depth)
        if rargs:
            raise Unresolvable(f'generic app type {".".join(comps)}')
        return cur

    def _deref(self, found, from_file: str, depth: int):
        if isinstance(found, Alias):
            try:
                node = parse_type(found.target)
            except TypeParseError as e:
                raise Unresolvable(str(e))
            return self.resolve(node, found.ctx, found.file, depth + 1)
        if found.generic:
            raise Unresolvable(f'generic app type {".".join(found.path)}')
        return ('d', found.path)

    def resolve_text(self, text: str, ctx: tuple, from_file: str):
        try:
            node = parse_type(text)
        except TypeParseError as e:
            raise Unresolvable(str(e))
        return self.resolve(node, ctx, from_file)

    # -- members ------------------------------------------------------------------------------

    def find_prop(self, path: tuple, name: str, from_file: str) -> Prop | None:
        d = self.decl_at(path, from_file)
        if d is not None and name in d.props and not d.props[name].static:
            return d.props[name]
        for e in self.extensions.get(path, []):
            if name in e.props and not e.props[name].static:
                pr = e.props[name]
                if pr.type_text:
                    return pr
        # extensions written against an alias of the type (rare): skip
        return None

    def find_static(self, path: tuple, name: str, from_file: str) -> Prop | None:
        d = self.decl_at(path, from_file)
        for e in ([d] if d else []) + self.extensions.get(path, []):
            if name in e.props and e.props[name].static:
                return e.props[name]
        return None


def type_text(rt) -> str:
    tag = rt[0]
    if tag == 'b':
        return rt[1]
    if tag == 'd':
        return '.'.join(rt[1])
    if tag == 'opt':
        inner = type_text(rt[1])
        return inner + '?'
    if tag == 'array':
        return '[' + type_text(rt[1]) + ']'
    if tag == 'set':
        return 'Set<' + type_text(rt[1]) + '>'
    if tag == 'dict':
        return '[' + type_text(rt[1]) + ': ' + type_text(rt[2]) + ']'
    if tag == 'tuple':
        return '(' + ', '.join(type_text(x) for x in rt[1]) + ')'
    raise ValueError(rt)


def decl_paths(rt) -> list[tuple]:
    tag = rt[0]
    if tag == 'd':
        return [rt[1]]
    if tag in ('opt', 'array', 'set'):
        return decl_paths(rt[1])
    if tag == 'dict':
        return decl_paths(rt[1]) + decl_paths(rt[2])
    if tag == 'tuple':
        return [p for x in rt[1] for p in decl_paths(x)]
    return []
