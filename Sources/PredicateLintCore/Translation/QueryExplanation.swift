import SwiftSyntax

/// What the tool can tell a person about one predicate or query key path: the `NSPredicate`
/// SwiftData hands its store, how the store keeps each property it reads, which translated
/// shapes the evidence speaks of (failing or working), and what the rules report there.
/// `explain --query`, the language server's hover and the MCP server's `explain_query` tool
/// all show `text`, so they say the same thing.
public struct QueryExplanation: Sendable {
    /// A property the predicate or key path reads (`Movie.cast`), and how the store keeps it.
    public struct Property: Sendable {
        public let name: String
        public let storage: PropertyStorage
    }

    /// A part of the translation with a shape of the store-limits table.
    public struct Shape: Sendable {
        public let limit: StoreLimit
        /// The part, in `NSPredicate` words.
        public let format: String
    }

    /// Where the predicate or key path starts (1-based; UTF-8 columns).
    public let line: Int
    public let column: Int
    /// `predicate over Movie`, ``sort key path `\.name` ``.
    public let title: String
    /// The translated predicate; nil for a key path, or when the tool cannot know it.
    public let format: String?
    /// Why the translation cannot be known (the predicate is evaluated in memory, …).
    public let cannotKnow: String?
    /// Why how the input's properties are stored is unknown, where it is.
    public let storageUnknown: String?
    public let properties: [Property]
    public let shapes: [Shape]
    /// What the running rules report inside it.
    public let findings: [Finding]

    /// Where to look: every predicate and key path on a line, the ones around an offset, or all.
    public enum Place: Sendable {
        case line(Int)
        case offset(Int)
        case everywhere
    }

    /// The explanations of what sits at `place` in `file`, in the order they start. `linter`
    /// decides which findings are shown: the configured rules, as a lint would run them. None
    /// when the lint is still running at `deadline` (the language server's limit).
    public static func explanations(in file: SourceFile, models: ModelIndex, linter: Linter, at place: Place,
                                    until deadline: ContinuousClock.Instant? = nil) -> [QueryExplanation] {
        guard file.isCheckable else { return [] }
        func covers(_ node: some SyntaxProtocol) -> Bool {
            switch place {
            case .everywhere:
                return true
            case .offset(let offset):
                return node.position.utf8Offset <= offset && offset <= node.endPositionBeforeTrailingTrivia.utf8Offset
            case .line(let line):
                let start = file.location(of: node.positionAfterSkippingLeadingTrivia).line
                return start <= line && line <= file.location(of: node.endPositionBeforeTrailingTrivia).line
            }
        }
        let fileFacts = FileFacts(file: file)
        let sites = PredicateSiteFinder.sites(in: file.tree).filter { covers($0.macro) }
        let keyPaths = QueryKeyPathFinder.sites(in: file.tree).keyPaths.filter { covers($0.keyPath) }
        guard !sites.isEmpty || !keyPaths.isEmpty else { return [] }
        guard let reported = linter.lint(file, models: models, until: deadline) else { return [] }
        func findings(inside node: some SyntaxProtocol) -> [Finding] {
            let range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
            return reported.filter { range.contains($0.offset) }
        }
        let predicates = sites.map { site in
            let facts = PredicateFacts(site: site)
            let resolution = KeyPathResolution(site: site, facts: facts, index: models, fileScope: fileFacts)
            let query = StoreTranslator.translate(site, keyPaths: resolution, fileFacts: fileFacts)
            return QueryExplanation(
                file: file, start: site.macro, title: "predicate over \(site.inputTypes.isEmpty ? "an unstated type" : site.inputTypes.joined(separator: ", "))",
                format: query.format, cannotKnow: query.cannotKnow, storageUnknown: query.storageUnknown,
                properties: properties(readBy: resolution, models: models),
                shapes: StoreLimit.matches(in: query).map { Shape(limit: $0.limit, format: $0.term.format) },
                findings: findings(inside: site.macro))
        }
        let queryKeyPaths = keyPaths.map { keyPath in
            let resolution = QueryKeyPathResolution(keyPath: keyPath, index: models)
            let readsModel = if case .model = resolution.root { true } else { false }
            return QueryExplanation(
                file: file, start: keyPath.keyPath, title: "\(keyPath.role.rawValue) key path `\(keyPath.keyPath.trimmedDescription)`",
                format: nil, cannotKnow: readsModel ? nil : "the key path's root is not a model the linted files declare",
                storageUnknown: nil,
                properties: resolution.steps.map { step in
                    Property(name: "\(step.model.split(separator: ".").last ?? "").\(step.nameToken.text)",
                             storage: step.member.map(models.storage(of:)) ?? .unknown)
                },
                shapes: [], findings: findings(inside: keyPath.keyPath))
        }
        return (predicates + queryKeyPaths).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private init(file: SourceFile, start: some SyntaxProtocol, title: String, format: String?, cannotKnow: String?,
                 storageUnknown: String?, properties: [Property], shapes: [Shape], findings: [Finding]) {
        (line, column) = file.location(of: start.positionAfterSkippingLeadingTrivia)
        self.title = title
        self.format = format
        self.cannotKnow = cannotKnow
        self.storageUnknown = storageUnknown
        self.properties = properties
        self.shapes = shapes
        self.findings = findings
    }

    /// Each property of a model the predicate reads (`Movie.cast`), once, in order.
    private static func properties(readBy resolution: KeyPathResolution, models: ModelIndex) -> [Property] {
        var seen: Set<String> = []
        return resolution.memberUses.compactMap { use in
            let name = "\(use.model.split(separator: ".").last ?? "").\(use.access.declName.baseName.text)"
            guard seen.insert(name).inserted else { return nil }
            return Property(name: name, storage: use.member.map(models.storage(of:)) ?? .unknown)
        }
    }

    // MARK: Text

    /// The explanation as plain text with Markdown code spans: a terminal prints it as it is,
    /// an editor's hover renders it.
    public var text: String {
        var lines = ["\(line):\(column): \(title)"]
        if let cannotKnow {
            lines.append("  What the store runs cannot be known here: \(cannotKnow). Nothing is judged from a translation.")
        }
        if let format {
            lines.append("  SwiftData asks the store for:")
            lines.append("    \(format)")
        }
        if let storageUnknown { lines.append("  How the store keeps the input's properties is unknown: \(storageUnknown).") }
        if !properties.isEmpty {
            lines.append("  How the store keeps what it reads:")
            for property in properties { lines.append("    \(property.name): \(Self.describe(property.storage))") }
        }
        for shape in shapes { lines += Self.describe(shape) }
        if findings.isEmpty {
            lines.append("  Findings: none from the rules that are running.")
        } else {
            lines.append("  Findings:")
            for finding in findings {
                lines.append("    \(finding.line):\(finding.column) \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ storage: PropertyStorage) -> String {
        let written = storage.kind == .toMany ? "[\(storage.typeName)]" : storage.typeName + (storage.isOptional ? "?" : "")
        let row = PropertyStorage.table.first { $0.kind == storage.kind }
        return (storage.typeName.isEmpty ? "" : "`\(written)`, ") + (row?.stored ?? storage.kind.rawValue)
    }

    static func describe(_ shape: Shape) -> [String] {
        let limit = shape.limit
        let evidence = "    Evidence: \(limit.evidence.text); \(limit.systems)."
        switch limit.verdict {
        case .works:
            return ["  Runs: `\(shape.format)`, which is \(limit.shape).", evidence]
        case .fails:
            let reporter = limit.ruleID.map { "Reported by `\($0)`." } ?? "No rule reports it: the evidence is too thin for a finding."
            return ["  Fails: `\(shape.format)`, which is \(limit.shape).",
                    "    What happens: \(limit.outcome).",
                    "    Write instead: \(limit.rewrite).",
                    evidence + " " + reporter]
        }
    }
}
