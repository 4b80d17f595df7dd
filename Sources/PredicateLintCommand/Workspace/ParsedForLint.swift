import Foundation
import PredicateLintCore

/// A file parsed for linting: its outline where it has one (the same findings, from the bodies
/// that can hold a predicate), else its text; a file the parse guard refuses is not outlined.
public struct ParsedForLint: Sendable {
    let source: SourceFile
    /// The text as written, where `source` is its outline: reports quote this.
    let original: String?
    /// Of the bytes read: the findings are cached under it.
    let digest: ContentDigest

    init(source: SourceFile, original: String?, digest: ContentDigest) {
        (self.source, self.original, self.digest) = (source, original, digest)
    }

    init(path: String, text: String, digest: ContentDigest) {
        let outline = Self.outline(of: text)
        self.init(source: SourceFile(path: path, text: outline?.text ?? text, outlining: outline == nil ? nil : text),
                  original: outline == nil ? nil : text, digest: digest)
    }

    /// The same for an editor's document: the parse of its previous version reused, and this
    /// one's kept for the next.
    static func parsing(path: String, text: String, digest: ContentDigest, reusing previous: ReusableParse?)
        -> (parsed: ParsedForLint, reusable: ReusableParse?) {
        let outline = outline(of: text)
        let (source, reusable) = SourceFile.parsing(path: path, text: outline?.text ?? text, outlining: outline == nil ? nil : text,
                                                    reusing: previous)
        return (ParsedForLint(source: source, original: outline == nil ? nil : text, digest: digest), reusable)
    }

    private static func outline(of text: String) -> PredicateOutline? {
        ParseGuard.refusal(for: text) == nil ? PredicateOutline(text: text) : nil
    }
}

/// What the declarations pass parsed for linting as well, handed forward to the lint stage in
/// the order of the files it lints: each tree is taken once, by the worker that lints its file,
/// so that it is freed as soon as that file is linted.
public struct PreparsedFiles: Sendable {
    private let slots: Slots<ParsedForLint>

    /// `byPath`'s trees in the order of `paths` (a path named twice gets its tree once).
    init(_ byPath: [String: ParsedForLint], in paths: [String]) {
        var byPath = byPath
        slots = Slots(paths.map { byPath.removeValue(forKey: $0) })
    }

    /// The tree parsed for the file at `index` of the paths, if any; it is not kept here after.
    func take(at index: Int) -> ParsedForLint? {
        slots.take(at: index)
    }
}
