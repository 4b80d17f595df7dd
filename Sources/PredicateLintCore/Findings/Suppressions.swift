import SwiftSyntax

/// Comment commands that silence findings, in the form SwiftLint users know:
///
///     // predicate-lint:disable rule-id other-id - reason     until `enable`, or the end of the file
///     // predicate-lint:enable rule-id
///     // predicate-lint:disable:next rule-id                  the line after the comment
///     // predicate-lint:disable:this rule-id                  the comment's own line
///     // predicate-lint:disable:previous rule-id              the line before
///
/// `all` stands for every rule. Text after ` - ` is a free-form reason. The command must
/// open the comment, so prose that mentions the tool is not a command.
public struct Suppressions: Sendable {
    /// One disabling comment.
    public struct Command: Sendable {
        public let line: Int
        public let column: Int
        public let offset: Int
        public let action: String
        /// The rule ids it names; `["all"]` for every rule.
        public let rules: [String]

        /// Whether it disables (rather than enables) rules.
        public var isDisabling: Bool { action.hasPrefix("disable") }
    }

    struct Region: Sendable {
        let rules: Set<String>  // empty means all
        let lines: ClosedRange<Int>
        let command: Int
    }

    static let prefix = "predicate-lint:"
    public private(set) var commands: [Command] = []
    private var regions: [Region] = []

    public init(file: SourceFile) {
        // Every command holds the prefix: a file without it (most) is not walked token by token.
        var text = file.text
        guard text.withUTF8({ ByteSearch.contains(Self.prefix, in: $0) }) else { return }
        var open: [String: (line: Int, command: Int)] = [:]  // rule (or "all") → where it was disabled
        let lastLine = file.location(of: file.tree.endPosition).line
        for comment in Self.comments(in: file) {
            guard let (action, rules) = Self.command(in: comment.text) else { continue }
            let location = file.location(of: comment.position)
            let index = commands.count
            commands.append(Command(line: location.line, column: location.column, offset: comment.position.utf8Offset,
                                    action: action, rules: rules))
            let line = location.line
            switch action {
            case "disable":
                for rule in rules where open[rule] == nil { open[rule] = (line, index) }
            case "enable":
                for rule in rules {
                    if let start = open.removeValue(forKey: rule) {
                        regions.append(Region(rules: rule == "all" ? [] : [rule], lines: start.line...line, command: start.command))
                    }
                }
            case "disable:next":
                regions.append(Region(rules: Self.set(rules), lines: (line + 1)...(line + 1), command: index))
            case "disable:this":
                regions.append(Region(rules: Self.set(rules), lines: line...line, command: index))
            case "disable:previous":
                regions.append(Region(rules: Self.set(rules), lines: max(1, line - 1)...max(1, line - 1), command: index))
            default:
                break
            }
        }
        for (rule, start) in open {
            regions.append(Region(rules: rule == "all" ? [] : [rule], lines: start.line...max(start.line, lastLine), command: start.command))
        }
    }

    /// The index in `commands` of the command that silences a finding, if one does.
    public func suppressingCommand(of finding: Finding) -> Int? {
        regions.first { region in
            region.lines.contains(finding.line)
                && (region.rules.isEmpty || RuleRegistry.namesCovering(finding.ruleID).contains(where: region.rules.contains))
        }?.command
    }

    /// The findings no command silences, and the indexes of the commands that silenced any.
    public func removingSuppressed(_ findings: [Finding]) -> (kept: [Finding], usedCommands: Set<Int>) {
        var kept: [Finding] = []
        var used: Set<Int> = []
        for finding in findings {
            if let command = suppressingCommand(of: finding) { used.insert(command) } else { kept.append(finding) }
        }
        return (kept, used)
    }

    private static func set(_ rules: [String]) -> Set<String> {
        rules.contains("all") ? [] : Set(rules)
    }

    /// Every comment in the file with where it starts.
    private static func comments(in file: SourceFile) -> [(position: AbsolutePosition, text: String)] {
        SyntaxComments.all(in: file.tree)
    }

    /// `// predicate-lint:disable:next a b - why` → ("disable:next", ["a", "b"]).
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
