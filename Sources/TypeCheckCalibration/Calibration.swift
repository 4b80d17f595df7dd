import PredicateLintCore

/// Measures how long the compiler takes to type-check predicates: every `#Predicate` of an app
/// rebuilt as a stand-in (`StandIn`), and synthetic families grown one comparison at a time
/// around the boundary (`SyntheticFamily`).
public struct Calibration: Sendable {
    public let checker: TypeChecker
    /// A hex digest of a text, naming a stand-in in the verdict cache.
    public let digest: @Sendable (String) -> String
    /// Told each verdict as it comes: `builds  0.68s  app path:12`.
    public let progress: @Sendable (String) -> Void

    public init(checker: TypeChecker, digest: @escaping @Sendable (String) -> String, progress: @escaping @Sendable (String) -> Void) {
        (self.checker, self.digest, self.progress) = (checker, digest, progress)
    }

    /// Each predicate of `file`, with what the linter knows about it against `models`.
    public static func contexts(in file: SourceFile, models: ModelIndex) -> [RuleContext] {
        guard file.isCheckable, file.text.contains("#Predicate") else { return [] }
        let fileFacts = FileFacts(file: file)
        return PredicateSiteFinder.sites(in: file.tree).map { site in
            let facts = PredicateFacts(site: site)
            return RuleContext(file: file, site: site, facts: facts, models: models,
                               keyPaths: KeyPathResolution(site: site, facts: facts, index: models, fileScope: fileFacts),
                               deploymentTarget: .swiftDataMinimum, fileFacts: fileFacts)
        }
    }

    /// A file of an app: its path in the app's folder, and its text.
    public typealias AppFile = (path: String, text: String)

    /// What a file's declarations are read from: its `DeclarationSkeleton` where it has one
    /// that parses (the same declarations), else the whole text, as `FileDeclarations(path:text:)`
    /// reads them.
    static func declarationTree(_ file: AppFile) -> SourceFile {
        if let skeleton = DeclarationSkeleton(text: file.text).map({ SourceFile(path: file.path, text: $0.text) }), skeleton.isCheckable {
            return skeleton
        }
        return SourceFile(path: file.path, text: file.text)
    }

    /// Every predicate of one app, given as its projects' files: measured, or skipped with the
    /// reason. A predicate is read against its own project's models, as the linter reads it, or
    /// the whole app's where its project does not declare its input (a shared package's models).
    /// `dryRun` builds the stand-ins and compiles none.
    public func measure(app: String, projects: [[AppFile]], dryRun: Bool = false) throws -> (rows: [CalibrationRow], skipped: [SkippedPredicate]) {
        // One parse of each file's skeleton serves both the model index and `AppTypes`.
        let declared = projects.map { $0.map { appFile in
            let tree = Self.declarationTree(appFile)
            return (models: FileDeclarations(file: tree), types: AppTypes.declarations(in: tree))
        } }
        let declarations = declared.map { $0.map(\.models) }
        let typeDeclarations = declared.map { $0.map(\.types) }
        let whole = (models: ModelIndex(declarations.flatMap { $0 }), types: AppTypes(typeDeclarations.flatMap { $0 }))
        var rows: [CalibrationRow] = []
        var skipped: [SkippedPredicate] = []
        for (number, project) in projects.enumerated() {
            let own = (models: ModelIndex(declarations[number]), types: AppTypes(typeDeclarations[number]))
            for appFile in project where appFile.text.contains("#Predicate") {
                let file = SourceFile(path: appFile.path, text: appFile.text)
                // Against the whole app only where the project does not declare the input.
                var wholeContexts: [RuleContext]?
                for (index, context) in Self.contexts(in: file, models: own.models).enumerated() {
                    let ownRoot: Bool = if case .model = context.root { true } else { false }
                    if !ownRoot, wholeContexts == nil { wholeContexts = Self.contexts(in: file, models: whole.models) }
                    let (context, types) = ownRoot ? (context, own.types) : (wholeContexts![index], whole.types)
                    let place = "\(file.path):\(file.location(of: context.site.macro.positionAfterSkippingLeadingTrivia).line)"
                    switch StandIn.make(context, types: types) {
                    case .failure(let skip):
                        skipped.append(SkippedPredicate(app: app, place: place, skip: skip))
                    case .success(let standIn):
                        let verdict = dryRun
                            ? TypeChecker.Verdict(outcome: .builds, seconds: 0, firstError: "", load: 0, file: String(digest(standIn.source).prefix(24)))
                            : try judge(standIn.source, label: "\(app) \(place)")
                        rows.append(CalibrationRow(app: app, place: place, source: "real", verdict: verdict, tally: standIn.tally,
                                                   kinds: ComparisonKind.kinds(of: standIn.tally), root: standIn.root,
                                                   rootSource: standIn.rootIsWritten ? "written" : "inferred"))
                    }
                }
            }
        }
        return (rows, skipped)
    }

    /// The synthetic families: the six slowest real predicates of two comparisons or more
    /// (rebuilt from their kinds), the reported time-out, and each kind alone. A family grows
    /// until the compiler gives up on it or `SyntheticFamily.maximumComparisons`.
    public func measureSynthetic(besides real: [CalibrationRow]) throws -> [CalibrationRow] {
        var rows: [CalibrationRow] = []
        for family in Self.families(besides: real) {
            for count in family.start...SyntheticFamily.maximumComparisons {
                let body = ComparisonKind.body(family.kinds, count: count)
                let verdict = try judge(SyntheticModels.standIn(body: body, count: count), label: "synthetic \(family.place(count: count))")
                rows.append(CalibrationRow(app: "synthetic", place: family.place(count: count), source: "synthetic", verdict: verdict,
                                           tally: Self.tally(ofSynthetic: body, count: count),
                                           kinds: (0..<count).map { family.kinds[$0 % family.kinds.count] }, root: "Row",
                                           rootSource: "synthetic"))
                if verdict.outcome != .builds { break }
            }
        }
        return rows
    }

    static func families(besides real: [CalibrationRow], top: Int = 6) -> [SyntheticFamily] {
        var seen: Set<[ComparisonKind]> = []
        let slowest = real.filter { $0.verdict.outcome == .builds && $0.kinds.count >= 2 }
            .sorted { $0.verdict.seconds > $1.verdict.seconds }
            .filter { seen.insert($0.kinds).inserted }
            .prefix(top)
            .map { SyntheticFamily(name: "real \($0.app) \($0.place) (\(String(format2: $0.verdict.seconds))s)", kinds: $0.kinds,
                                   start: min($0.kinds.count, SyntheticFamily.maximumComparisons)) }
        return slowest + SyntheticFamily.reported + SyntheticFamily.pure
    }

    /// What the rule counts in a synthetic predicate, linted as an app would write it.
    public static func tally(ofSynthetic body: String, count: Int) -> TypeCheckComplexityRule.Tally {
        let models = ModelIndex(files: [SourceFile(path: "Models.swift", text: SyntheticModels.swiftData)])
        let file = SourceFile(path: "Measured.swift", text: SyntheticModels.linted(body: body, count: count))
        return contexts(in: file, models: models).first.map { TypeCheckComplexityRule.tally($0) } ?? .init()
    }

    func judge(_ source: String, label: String) throws -> TypeChecker.Verdict {
        let (verdict, cached) = try checker.verdict(on: source, digest: digest)
        progress("\(verdict.outcome.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) "
                 + "\(String(format2: verdict.seconds))s\(cached ? " (cached)" : "") \(label)")
        return verdict
    }
}
