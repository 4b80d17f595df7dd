import SwiftSyntax

/// `#Expression` and `evaluate` where the configured deployment target predates them.
public struct AvailabilityRule: PredicateRule {
    public static let description = RuleDescription(
        id: "availability",
        severity: .error,
        summary: "`#Expression` needs iOS 18 and `evaluate` needs iOS 17.4 (or the matching macOS, tvOS, watchOS, visionOS)",
        rationale: """
            Foundation added the expression types that `#Expression` builds in iOS 18 and macOS \
            15, and the one that `evaluate` builds (one predicate calling another) in iOS 17.4 \
            and macOS 14.4. Below those versions the build fails on availability, or the code \
            must be wrapped in `if #available`. This rule only speaks when a `deployment_target` \
            is configured.
            Evidence, grade A: the availability annotations of swift-foundation's expression \
            types (the maintainers' source); Linux's toolchain has no deployment target, so the oracle \
            cannot judge these examples.
            """,
        failsAt: .build,
        triggering: [
            Example("↓#Expression<Movie, Int> { $0.year }", oracle: .cannotJudge(.noDeploymentTarget)),
            Example("""
                let recent = #Predicate<Movie> { $0.year > 2000 }
                let favorite = #Predicate<Movie> { recent.↓evaluate($0) && $0.isFavorite }
                """, oracle: .cannotJudge(.rejectsEvaluate)),
        ],
        nonTriggering: [
            Example("#Predicate<Movie> { $0.year > 2000 && $0.isFavorite }"),
            Example("""
            let recent = #Predicate<Movie> { $0.year > 2000 }
            let evaluated = try? recent.evaluate(Movie())
            """),
        ],
        exampleDeploymentTarget: DeploymentTarget(parsing: "iOS 17.0"))

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard let target = context.deploymentTarget else { return [] }
        var findings: [Finding] = []
        if context.site.kind == .expression, !target.supports(.expressions) {
            findings.append(context.finding(
                self, at: context.site.macro.pound,
                message: "`#Expression` needs \(DeploymentTarget.Release.expressions.name(for: target.platform)); "
                    + "the deployment target is \(target). Wrap it in `if #available`, or use a `#Predicate`"))
        }
        if !target.supports(.predicateEvaluate) {
            for call in context.facts.calls where call.calleeName == "evaluate" {
                guard let name = call.calleeToken else { continue }
                findings.append(context.finding(
                    self, at: name,
                    message: "Calling `evaluate` inside a predicate needs \(DeploymentTarget.Release.predicateEvaluate.name(for: target.platform)); "
                        + "the deployment target is \(target). Combine the conditions in one predicate instead"))
            }
        }
        return findings
    }
}
