import SwiftSyntax

/// A check over one predicate. Each rule lives in its own file in this folder, declares what it
/// is in `description`, and turns the facts of a predicate into findings.
///
/// To add a rule: copy a neighbour, give it a new id, write its examples first, and list it in
/// `RuleRegistry`. The generic example test and the oracle test pick it up from there.
public protocol PredicateRule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ context: RuleContext) -> [Finding]
}

/// When code with this problem fails: this decides what the oracle test expects of an example.
public enum FailureTime: String, Sendable {
    /// `#Predicate` rejects it: the build fails.
    case build
    /// It builds, then SwiftData throws or crashes when the predicate runs.
    case runtime
}

/// A snippet of Swift used to document and test a rule.
///
/// Examples use a small shared vocabulary of model types (`Movie`, `Actor`, `Director`, `Message`,
/// `Website`; see `Tests/PredicateLintCoreTests/OracleFixture.swift`) so that the oracle test
/// can type-check them with the real macro. In triggering examples, `↓` marks each place a
/// finding is expected: just before the token that names the problem.
public struct Example: Sendable, ExpressibleByStringLiteral {
    /// Whether the oracle test can type-check an example on this machine.
    public enum Oracle: Sendable, Equatable {
        case judges
        /// Linux's toolchain cannot say what Apple's would; the reason is shown in the test.
        case cannotJudge(String)
    }

    public let code: String
    /// For triggering examples: overrides the rule's `failsAt` where one example differs.
    public let failsAt: FailureTime?
    public let oracle: Oracle

    public init(_ code: String, failsAt: FailureTime? = nil, oracle: Oracle = .judges) {
        self.code = code
        self.failsAt = failsAt
        self.oracle = oracle
    }

    public init(stringLiteral code: String) {
        self.init(code)
    }

    public static let marker: Character = "↓"

    /// The code without its markers.
    public var plainCode: String { code.filter { $0 != Example.marker } }

    /// UTF-8 offsets in `plainCode` where the markers stood.
    public var markerOffsets: [Int] {
        var offsets: [Int] = []
        var offset = 0
        for character in code {
            if character == Example.marker { offsets.append(offset) } else { offset += character.utf8.count }
        }
        return offsets
    }
}

public struct RuleDescription: Sendable {
    /// Public interface: configuration, suppressions and reports name rules by it. Never change one.
    public let id: String
    public let severity: Severity
    /// One line: what the rule finds.
    public let summary: String
    /// Why it matters and how sure we are, in our own words, with the evidence behind it.
    public let rationale: String
    /// When code that triggers this rule fails, unless an example says otherwise.
    public let failsAt: FailureTime
    public let triggering: [Example]
    public let nonTriggering: [Example]
    /// Before (with markers) → after, applying this rule's corrections once.
    public let corrections: [(before: Example, after: String)]
    /// Off unless asked for: rules whose findings a project may reasonably not want.
    public let isOptIn: Bool
    /// The deployment target the examples are linted with, for rules that depend on one.
    public let exampleDeploymentTarget: DeploymentTarget?

    public init(id: String, severity: Severity, summary: String, rationale: String, failsAt: FailureTime,
                isOptIn: Bool = false, triggering: [Example], nonTriggering: [Example],
                corrections: [(before: Example, after: String)] = [], exampleDeploymentTarget: DeploymentTarget? = nil) {
        self.isOptIn = isOptIn
        self.exampleDeploymentTarget = exampleDeploymentTarget
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.failsAt = failsAt
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
    }

    public var isCorrectable: Bool { !corrections.isEmpty }
}

/// What a rule sees of one predicate.
public struct RuleContext {
    public let file: SourceFile
    public let site: PredicateSite
    public let facts: PredicateFacts
    /// The models of every linted file.
    public let models: ModelIndex
    /// What the predicate's member chains reach in those models.
    public let keyPaths: KeyPathResolution
    /// The oldest OS the app supports, where the configuration says.
    public let deploymentTarget: DeploymentTarget?

    /// A finding of `Rule` at `token`. `covering` lists other nodes this finding accounts for,
    /// so that less specific rules do not report them again.
    public func finding<Rule: PredicateRule>(
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
