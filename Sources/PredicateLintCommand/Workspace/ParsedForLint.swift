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
        let outline = ParseGuard.refusal(for: text) == nil ? PredicateOutline(text: text) : nil
        self.init(source: SourceFile(path: path, text: outline?.text ?? text, outlining: outline == nil ? nil : text),
                  original: outline == nil ? nil : text, digest: digest)
    }
}

/// What the declarations pass parsed for linting as well, handed forward to the lint stage:
/// each tree is taken once, so that it is freed as soon as its file is linted.
public final class PreparsedFiles: @unchecked Sendable {
    private var byPath: [String: ParsedForLint]
    private let lock = NSLock()

    init(_ byPath: [String: ParsedForLint] = [:]) {
        self.byPath = byPath
    }

    /// The tree parsed for `path`, if any; it is not kept here after.
    public func take(_ path: String) -> ParsedForLint? {
        lock.withLock { byPath.removeValue(forKey: path) }
    }
}
