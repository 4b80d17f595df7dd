import SwiftSyntax

/// `#Expression`, regular expressions and `evaluate` where the app's deployment target predates them.
public struct AvailabilityRule: PredicateRule {
    static let expressionMacro = RuleCase(
        "`#Expression`", failsAt: .build, fixedIn: .expressions,
        evidence: .graded(.a, "the availability annotations of swift-foundation's expression types"))
    static let predicateEvaluate = RuleCase(
        "`evaluate` inside a predicate", failsAt: .build, fixedIn: .predicateEvaluate,
        evidence: .graded(.a, "the availability annotations of swift-foundation's expression types"))
    static let regexMatch = RuleCase(
        "a regular expression inside a predicate", failsAt: .build, fixedIn: .expressions,
        evidence: .graded(.a, "the availability of swift-foundation's `StringContainsRegex`, "
            + "moved to the macOS 15-aligned releases by its maintainers (PR #760, 2024-07-23)"))

    public static let description = RuleDescription(
        id: "availability",
        severity: .error,
        summary: "`#Expression` and regular expressions need iOS 18, `evaluate` iOS 17.4 (or the matching macOS, tvOS, watchOS, visionOS)",
        rationale: """
            Foundation added the expression types that `#Expression` builds, and the one a \
            regular expression in a predicate builds, in iOS 18 and macOS 15; the one that \
            `evaluate` builds (one predicate calling another) in iOS 17.4 and macOS 14.4. Where \
            the app's deployment target is older, the build fails on \
            availability unless the code is inside `if #available` or a declaration marked \
            `@available` for those systems. The target is read from the project (`Package.swift`, \
            the Xcode project) or `deployment_target`; without one, SwiftData's oldest systems \
            (iOS 17, macOS 14) are assumed. A regular expression in a predicate over a model is \
            reported by `regex`, as SwiftData cannot run it on any system; over a plain type, which \
            is evaluated in memory, it works from iOS 18.
            """,
        cases: [expressionMacro, predicateEvaluate, regexMatch],
        triggering: [
            Example("↓#Expression<Movie, Int> { $0.year }", oracle: .cannotJudge(.noDeploymentTarget)),
            Example("""
                let recent = #Predicate<Movie> { $0.year > 2000 }
                let favorite = #Predicate<Movie> { recent.↓evaluate($0) && $0.isFavorite }
                """, oracle: .cannotJudge(.rejectsEvaluate)),
            Example("↓#Expression<Movie, Int> { $0.year }", oracle: .cannotJudge(.noDeploymentTarget),
                    deploymentTarget: DeploymentTarget(parsing: "iOS 18.0, macOS 14.0")),
            Example("""
            struct Ticket { var title = "" }
            let predicate = #Predicate<Ticket> { $0.title.contains(↓/Heat/) }
            """, oracle: .cannotJudge(.noDeploymentTarget)),
        ],
        nonTriggering: [
            Example("#Predicate<Movie> { $0.year > 2000 && $0.isFavorite }"),
            Example("""
            let recent = #Predicate<Movie> { $0.year > 2000 }
            let evaluated = try? recent.evaluate(Movie())
            """),
            Example("#Expression<Movie, Int> { $0.year }", deploymentTarget: DeploymentTarget(parsing: "iOS 18.0, macOS 15.0")),
            Example("""
            let recent = #Predicate<Movie> { $0.year > 2000 }
            let favorite = #Predicate<Movie> { recent.evaluate($0) && $0.isFavorite }
            """, oracle: .cannotJudge(.rejectsEvaluate), deploymentTarget: DeploymentTarget(parsing: "iOS 17.4")),
            Example("""
            struct Ticket { var title = "" }
            let predicate = #Predicate<Ticket> { $0.title.contains(/Heat/) }
            """, deploymentTarget: DeploymentTarget(parsing: "iOS 18.0, macOS 15.0")),
            Example("""
            @available(iOS 18, macOS 15, *)
            struct Scores {
                let year = #Expression<Movie, Int> { $0.year }
            }
            """),
            Example("""
            func yearExpression() {
                if #available(iOS 18, macOS 15, *) {
                    let year = #Expression<Movie, Int> { $0.year }
                    _ = year
                }
            }
            """),
            Example("""
            func yearExpression() {
                guard #available(iOS 18, macOS 15, *) else { return }
                let year = #Expression<Movie, Int> { $0.year }
                _ = year
            }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let target = context.deploymentTarget
        if context.site.kind == .expression, context.reports(Self.expressionMacro),
           !AvailabilityGuards.guards(context.site.macro, for: .expressions, on: target, in: context.fileFacts) {
            findings.append(context.finding(
                self, at: context.site.macro.pound,
                message: "`#Expression` needs \(DeploymentTarget.Release.expressions.names(for: target.platforms(before: .expressions))); "
                    + "the deployment target is \(target). Wrap it in `if #available`, or use a `#Predicate`"))
        }
        let evaluations = context.facts.calls.filter { $0.calleeName == MacroSupport.evaluate }
        if !evaluations.isEmpty, context.reports(Self.predicateEvaluate),
           !AvailabilityGuards.guards(context.site.macro, for: .predicateEvaluate, on: target, in: context.fileFacts) {
            for call in evaluations {
                guard let name = call.calleeToken else { continue }
                findings.append(context.finding(
                    self, at: name,
                    message: "Calling `evaluate` inside a predicate needs "
                        + "\(DeploymentTarget.Release.predicateEvaluate.names(for: target.platforms(before: .predicateEvaluate))); "
                        + "the deployment target is \(target). Combine the conditions in one predicate instead"))
            }
        }
        let capturedRegexes = context.facts.references.filter { context.isCapturedRegex($0) }
        if !context.facts.regexLiterals.isEmpty || !capturedRegexes.isEmpty, context.reports(Self.regexMatch),
           !AvailabilityGuards.guards(context.site.macro, for: .expressions, on: target, in: context.fileFacts) {
            let message = "A regular expression in a predicate needs "
                + "\(DeploymentTarget.Release.expressions.names(for: target.platforms(before: .expressions))); "
                + "the deployment target is \(target). Wrap the predicate in `if #available`, or match with `starts(with:)` "
                + "or `localizedStandardContains(_:)`"
            for literal in context.facts.regexLiterals {
                guard let token = literal.firstToken(viewMode: .sourceAccurate) else { continue }
                findings.append(context.finding(self, at: token, message: message))
            }
            for reference in capturedRegexes {
                findings.append(context.finding(self, at: reference.baseName, message: message))
            }
        }
        return findings
    }
}
