import Foundation
import SwiftParser
import SwiftSyntax

/// A parse kept for the next version of the same text. An editor sends a large view again on
/// every keystroke; SwiftParser can reuse every node of the previous tree that an edit cannot
/// reach, so the next parse costs what the edit touched rather than the whole file (on a
/// 2,800-line view, most of a server's time per edit was this parse).
public struct ReusableParse: Sendable {
    /// The text parsed: the outline, where the caller lints one.
    let text: String
    /// The tree as the parser gave it (before operators are folded) and where it looked ahead.
    fileprivate let result: IncrementalParseResult
    /// Where `text` is an outline, the text as written: the next version's reuses its parses,
    /// where a rule asked for them.
    fileprivate let unoutlined: UnoutlinedParse?
}

/// The text as written of an outlined file, parsed the first time a rule asks for it: whole
/// (`FileFacts.wholeTree`), or outlined to keep the bodies that name some words
/// (`FileFacts.tree(naming:)`: a function's name, for its calls; the text fields' names, for
/// what they bind). Each form reuses the same form's parse of the previous version: a view
/// that binds a search field and searches with `contains` was otherwise parsed whole, besides
/// its outline, on every keystroke.
public final class UnoutlinedParse: @unchecked Sendable {
    public let text: String
    private let lock = NSLock()
    private var whole = Form()
    /// The outlines asked for, by the words they keep (joined). A version carries over the
    /// parses of the outlines its previous version was asked for, and no others: a function
    /// renamed or a predicate deleted leaves no tree behind.
    private var outlines: [String: Form] = [:]

    /// One form's parse of this version, once asked for, and the latest parse of that form of
    /// this document: the previous version's until this one is parsed.
    private struct Form {
        var parsed: SourceFile?
        var latest: ReusableParse?
    }

    /// `previous`: the box of the document's previous version, whose parses this one reuses.
    init(text: String, after previous: UnoutlinedParse?) {
        self.text = text
        if let previous {
            (whole.latest, outlines) = previous.lock.withLock {
                (previous.whole.latest, previous.outlines.compactMapValues { $0.parsed == nil ? nil : Form(parsed: nil, latest: $0.latest) })
            }
        }
    }

    /// The text parsed, with operators folded, as `SourceFile(path:text:)` parses it.
    public var file: SourceFile {
        lock.withLock { Self.parsed(text, in: &whole) }
    }

    /// The text with every body that names none of `words` blanked (`PredicateOutline` keeping
    /// them), parsed: what a question about those words needs from the blanked bodies, for a
    /// fraction of the whole text's parse.
    public func file(keeping words: [String]) -> SourceFile {
        let key = Self.key(words)
        return lock.withLock {
            var form = outlines[key] ?? Form()
            if let parsed = form.parsed { return parsed }
            let file = Self.parsed(PredicateOutline(text: text, keeping: words)?.text ?? text, in: &form)
            outlines[key] = form
            return file
        }
    }

    private static func key(_ words: [String]) -> String { words.joined(separator: "\u{0}") }

    private static func parsed(_ text: String, in form: inout Form) -> SourceFile {
        if let parsed = form.parsed { return parsed }
        let (file, reusable) = SourceFile.parsing(path: "", text: text, reusing: form.latest)
        form.parsed = file
        // A refused text leaves the older parse, which any later text can still reuse.
        if let reusable { form.latest = reusable }
        return file
    }

    /// What the next version can reuse: of the whole text (`keeping` nil), or of its outline
    /// keeping `words`.
    func latestParse(keeping words: [String]?) -> ReusableParse? {
        lock.withLock { words.map { outlines[Self.key($0)]?.latest } ?? whole.latest }
    }
}

extension SourceFile {
    /// `text` parsed as `init(path:text:outlining:)` parses it, reusing `previous` (the parse of
    /// an earlier version of the same document, if there is one), and the parse the next version
    /// can reuse (none for a text `ParseGuard` refuses, which is not parsed at all).
    /// The tree is the one a parse from scratch gives (`ReusableParseTests` holds it to that).
    public static func parsing(path: String, text: String, outlining original: String? = nil,
                               reusing previous: ReusableParse?) -> (file: SourceFile, reusable: ReusableParse?) {
        let unoutlined = original.map { UnoutlinedParse(text: $0, after: previous?.unoutlined) }
        if let refusal = ParseGuard.refusal(for: text) {
            return (SourceFile(path: path, text: text, outlining: original, refusal: refusal, parsed: parse(""), unoutlined: unoutlined), nil)
        }
        let transition = previous.map { previous in
            IncrementalParseTransition(previousIncrementalParseResult: previous.result,
                                       edits: ConcurrentEdits(edit(from: previous.text, to: text)))
        }
        var source = text
        func parsed(with transition: IncrementalParseTransition?) -> IncrementalParseResult {
            source.withUTF8 { bytes in
                Parser.parseIncrementally(source: bytes, maximumNestingLevel: ParseGuard.parserNestingLimit, parseTransition: transition)
            }
        }
        var result = parsed(with: transition)
        // Where the text has a syntax error, reusing nodes can recover from it differently
        // from a parse from scratch (seen on real files: a `}` deleted, an emoji typed into a
        // name): such a text is parsed afresh, so that its tree and findings are the command
        // line's. Most edits of a view fall in bodies its outline blanks, which hold no errors.
        if transition != nil && result.tree.hasError { result = parsed(with: nil) }
        let file = SourceFile(path: path, text: text, outlining: original, refusal: nil, parsed: result.tree, unoutlined: unoutlined)
        return (file, ReusableParse(text: text, result: result, unoutlined: unoutlined))
    }

    /// The one edit that turns `old` into `new`: the bytes between what they share at the start
    /// and what they share at the end, widened to whole characters (an edit that starts or ends
    /// inside a character's UTF-8 bytes would have the parser lex half of one).
    static func edit(from old: String, to new: String) -> SourceEdit {
        var old = old, new = new
        return old.withUTF8 { old in
            new.withUTF8 { new in
                let shorter = min(old.count, new.count)
                var start = 0
                while start < shorter && old[start] == new[start] { start += 1 }
                var shared = 0  // bytes shared at the end, not overlapping `start`
                while shared < shorter - start && old[old.count - 1 - shared] == new[new.count - 1 - shared] { shared += 1 }
                func isContinuation(_ byte: UInt8) -> Bool { byte & 0b1100_0000 == 0b1000_0000 }
                while start > 0 && (start < old.count && isContinuation(old[start]) || start < new.count && isContinuation(new[start])) {
                    start -= 1
                }
                while shared > 0 && isContinuation(new[new.count - shared]) { shared -= 1 }
                let replaced = AbsolutePosition(utf8Offset: start)..<AbsolutePosition(utf8Offset: old.count - shared)
                return SourceEdit(range: replaced, replacement: Array(new[start..<(new.count - shared)]))
            }
        }
    }
}
