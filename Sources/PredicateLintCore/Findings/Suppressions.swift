import SwiftSyntax

/// Comment commands that silence findings, in the form SwiftLint users know:
///
///     // predicate-lint:disable rule-id other-id - reason     until `enable`, or the end of the file
///     // predicate-lint:enable rule-id
///     // predicate-lint:disable:next rule-id                  the line after the comment
///     // predicate-lint:disable:this rule-id                  the comment's own line
///     // predicate-lint:disable:previous rule-id              the line before
///
/// `all` stands for every rule. Text after ` - ` is a free-form reason.
public struct Suppressions: Sendable {
    struct Region: Sendable {
        let rules: Set<String>  // empty means all
        let lines: ClosedRange<Int>
    }

    static let prefix = "predicate-lint:"
    private var regions: [Region] = []

    public init(file: SourceFile) {
        var open: [String: Int] = [:]  // rule (or "all") → first disabled line
        var regions: [Region] = []
        let lastLine = file.location(of: file.tree.endPosition).line
        for (line, text) in Self.comments(in: file) {
            guard let command = Self.command(in: text) else { continue }
            let rules = command.rules
            switch command.action {
            case "disable":
                for rule in rules where open[rule] == nil { open[rule] = line }
            case "enable":
                for rule in rules {
                    if let start = open.removeValue(forKey: rule) {
                        regions.append(Region(rules: rule == "all" ? [] : [rule], lines: start...line))
                    }
                }
            case "disable:next":
                regions.append(Region(rules: Self.set(rules), lines: (line + 1)...(line + 1)))
            case "disable:this":
                regions.append(Region(rules: Self.set(rules), lines: line...line))
            case "disable:previous":
                regions.append(Region(rules: Self.set(rules), lines: max(1, line - 1)...max(1, line - 1)))
            default:
                break
            }
        }
        for (rule, start) in open {
            regions.append(Region(rules: rule == "all" ? [] : [rule], lines: start...max(start, lastLine)))
        }
        self.regions = regions
    }

    public func isSuppressed(_ finding: Finding) -> Bool {
        regions.contains { region in
            region.lines.contains(finding.line) && (region.rules.isEmpty || region.rules.contains(finding.ruleID))
        }
    }

    private static func set(_ rules: [String]) -> Set<String> {
        rules.contains("all") ? [] : Set(rules)
    }

    /// Every comment in the file with the line it starts on.
    private static func comments(in file: SourceFile) -> [(line: Int, text: String)] {
        var comments: [(line: Int, text: String)] = []
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            for (trivia, start) in [(token.leadingTrivia, token.position),
                                    (token.trailingTrivia, token.endPositionBeforeTrailingTrivia)] {
                var position = start
                for piece in trivia {
                    if let text = commentText(piece) { comments.append((file.location(of: position).line, text)) }
                    position += piece.sourceLength
                }
            }
        }
        return comments
    }

    private static func commentText(_ piece: TriviaPiece) -> String? {
        switch piece {
        case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text):
            return text
        default:
            return nil
        }
    }

    /// `// predicate-lint:disable:next a b - why` → ("disable:next", ["a", "b"]). The command
    /// must open the comment, so prose that mentions the tool is not a command.
    static func command(in comment: String) -> (action: String, rules: [String])? {
        var body = Substring(comment)
        while let first = body.first, first == "/" || first == "*" { body = body.dropFirst() }
        var words = body.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first, first.hasPrefix(prefix), first.count > prefix.count else { return nil }
        words.removeFirst()
        // ` - ` starts a free-form reason; `*/` closes a block comment.
        if let reason = words.firstIndex(of: "-") { words = Array(words[..<reason]) }
        words.removeAll { $0 == "*/" }
        return (String(first.dropFirst(prefix.count)), words.isEmpty ? ["all"] : words)
    }
}
