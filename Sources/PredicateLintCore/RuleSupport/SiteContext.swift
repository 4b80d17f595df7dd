import SwiftSyntax

/// What every rule context shares: the file, the app's deployment target, what the construct's
/// root is, and how a finding is made there.
public protocol SiteContext {
    var file: SourceFile { get }
    /// The oldest systems the app supports: found in its project, configured, or SwiftData's.
    var deploymentTarget: DeploymentTarget { get }
    /// What the construct's input is. SwiftData's runtime rules apply only where
    /// `root.mayReachSwiftData`: a predicate over a plain type is evaluated in memory.
    var root: PredicateRoot { get }
}

extension SiteContext {
    /// Whether a case of a rule is worth reporting here: what SwiftData does when it runs the
    /// query only where SwiftData may run it, and only if the app supports a system the case fails on.
    public func reports(_ ruleCase: RuleCase) -> Bool {
        if [.runtime, .surprisingResults].contains(ruleCase.failsAt) && !root.mayReachSwiftData { return false }
        guard let fixedIn = ruleCase.fixedIn else { return true }
        return !deploymentTarget.supports(fixedIn)
    }

    /// A finding of `Rule` at `token`. `covering` lists other nodes this finding accounts for,
    /// so that less specific rules do not report them again.
    public func finding<Rule: PredicateLintCore.Rule>(
        _ rule: Rule, at token: TokenSyntax, message: String,
        correction: Correction? = nil, covering: [Syntax] = []
    ) -> Finding {
        let description = Rule.description
        let offset = token.positionAfterSkippingLeadingTrivia
        let location = file.location(of: offset)
        return Finding(
            ruleID: description.id, severity: description.severity, path: file.path,
            line: location.line, column: location.column, offset: offset.utf8Offset,
            message: message, correction: correction,
            coveredOffsets: Set(covering.flatMap { node in
                node.tokens(viewMode: .sourceAccurate).map { $0.positionAfterSkippingLeadingTrivia.utf8Offset }
            }))
    }
}

/// What a key-path rule sees of one key path a query hands to SwiftData.
public struct KeyPathContext: SiteContext {
    public let file: SourceFile
    public let keyPath: QueryKeyPath
    /// The models the file sees.
    public let models: ModelIndex
    /// What the key path's properties reach in those models.
    public let resolution: QueryKeyPathResolution
    public let deploymentTarget: DeploymentTarget

    public var root: PredicateRoot { resolution.root }
    public var role: QueryKeyPath.Role { keyPath.role }
    public var steps: [QueryKeyPathResolution.Step] { resolution.steps }
}

/// What a fetch-call rule sees of one fetch.
public struct FetchCallContext: SiteContext {
    public let file: SourceFile
    public let fetch: FetchCall
    public let deploymentTarget: DeploymentTarget

    /// A fetch's model is not looked up: its settings fail the same way for every model.
    public var root: PredicateRoot { .unknown }
}
