/// When code with this problem fails: this decides what the oracle test expects of an example.
public enum FailureTime: String, Sendable {
    /// `#Predicate` rejects it: the build fails.
    case build
    /// It builds, then SwiftData throws or crashes when the predicate runs.
    case runtime
    /// It builds and runs, and matches differently from what the people using the app expect
    /// (a search for "heat" that misses "Heat").
    case surprisingResults
    /// Nothing fails: the finding keeps the code honest (a suppression that silences nothing).
    case never
}

/// How strong the evidence for a claim is, on the evidence catalogue's scale.
public enum EvidenceGrade: String, Sendable, Comparable {
    /// An Apple or maintainer statement.
    case a = "A"
    /// Several independent reports.
    case b = "B"
    /// One reputable source.
    case c = "C"
    /// One project, or uncertain.
    case d = "D"

    public static func < (lhs: EvidenceGrade, rhs: EvidenceGrade) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why we believe a case fails: checked against the real macro (which the oracle test
/// repeats), graded reports, or not a claim about SwiftData at all.
public enum Evidence: Sendable, Equatable {
    case checkedAgainstMacro(String)
    case graded(EvidenceGrade, String)
    case notAClaim(String)

    public var text: String {
        switch self {
        case .checkedAgainstMacro(let sources): "checked against the macro" + (sources.isEmpty ? "" : "; \(sources)")
        case .graded(let grade, let sources): "grade \(grade.rawValue): \(sources)"
        case .notAClaim(let reason): "not a claim about SwiftData; \(reason)"
        }
    }
}

/// One way a rule's construct goes wrong, with when it fails, on which systems, and how sure we
/// are: explanations, the rule pages and the checks all read these.
public struct RuleCase: Sendable {
    public let name: String
    public let failsAt: FailureTime
    /// The systems from which it no longer fails; nil: every system. An app whose deployment
    /// target already has this release is not told about it.
    public let fixedIn: DeploymentTarget.Release?
    public let evidence: Evidence

    public init(_ name: String, failsAt: FailureTime, fixedIn: DeploymentTarget.Release? = nil, evidence: Evidence) {
        self.name = name
        self.failsAt = failsAt
        self.fixedIn = fixedIn
        self.evidence = evidence
    }
}

/// What a rule looks at, which decides how its examples are disguised by the generic test.
public enum RuleScope: String, Sendable {
    /// A query: the code inside its predicate, or the key paths and settings it hands to
    /// SwiftData. Outside one, the rule says nothing.
    case query
    /// The file's `predicate-lint:` comments.
    case suppressionComments
}

/// A snippet of Swift used to document and test a rule, with the place it is written, so a
/// failing example points at itself.
///
/// Examples use a small shared vocabulary of model types (`Movie`, `Actor`, `Director`, `Message`,
/// `Website`; see `ExampleModels`) so that the oracle test can type-check them with the real
/// macro. In triggering examples, `↓` marks each place a finding is expected: just before the
/// token that names the problem.
public struct Example: Sendable {
    /// Whether the oracle test can type-check an example on this machine.
    public enum Oracle: Sendable, Equatable {
        case judges
        /// Linux's toolchain cannot say what Apple's would; the test checks that the reason
        /// given is what the Linux compiler does.
        case cannotJudge(LinuxLimit)
    }

    /// What Linux's toolchain cannot show, each with the verdict it gives instead.
    public enum LinuxLimit: String, Sendable, Equatable {
        /// Linux has no deployment target, so code that needs a newer OS builds there.
        case noDeploymentTarget = "Linux has no deployment target, so code that needs a newer OS builds there"
        /// Linux's macro rejects `evaluate(_:)`, which Apple's accepts.
        case rejectsEvaluate = "Linux's macro rejects evaluate(_:) on every target"
    }

    public let code: String
    /// Other files of the same project, linted beside the example (a model in one file, its
    /// extension in another, the predicate in the example).
    public let files: [ExampleFile]
    /// For triggering examples: overrides the rule's `failsAt` where one example differs.
    public let failsAt: FailureTime?
    public let oracle: Oracle
    /// The app's deployment target for this example; SwiftData's oldest systems if nil.
    public let deploymentTarget: DeploymentTarget?
    /// Where the example is written.
    public let fileID: String
    public let filePath: String
    public let line: Int

    public init(_ code: String, files: [ExampleFile] = [], failsAt: FailureTime? = nil, oracle: Oracle = .judges,
                deploymentTarget: DeploymentTarget? = nil,
                fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) {
        self.code = code
        self.files = files
        self.deploymentTarget = deploymentTarget
        self.failsAt = failsAt
        self.oracle = oracle
        self.fileID = "\(fileID)"
        self.filePath = "\(filePath)"
        self.line = Int(line)
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

/// Another file an example's project holds.
public struct ExampleFile: Sendable {
    public let path: String
    public let code: String

    public init(_ path: String, _ code: String) {
        self.path = path
        self.code = code
    }
}

public struct RuleDescription: Sendable {
    /// Public interface: configuration, suppressions and reports name rules by it. Never change one.
    public let id: String
    public let severity: Severity
    /// One line: what the rule finds.
    public let summary: String
    /// Why it matters and what to write instead, in our own words.
    public let rationale: String
    /// Each way it fails, with the systems and the evidence; the first is the main one.
    public let cases: [RuleCase]
    /// When code that triggers this rule fails, unless an example says otherwise: the main case's.
    public var failsAt: FailureTime { cases[0].failsAt }
    public let scope: RuleScope
    public let triggering: [Example]
    public let nonTriggering: [Example]
    /// Before (with markers) → after, applying this rule's corrections once.
    public let corrections: [(before: Example, after: String)]
    /// Off unless asked for: rules whose findings a project may reasonably not want.
    public let isOptIn: Bool
    /// Ids that reported some of this rule's findings before a case moved here (SwiftLint's
    /// `deprecatedAliases`): a suppression comment or a baseline entry naming one still
    /// applies to this rule's findings.
    public let aliases: [String]
    public init(id: String, severity: Severity, summary: String, rationale: String, cases: [RuleCase],
                scope: RuleScope = .query, isOptIn: Bool = false, aliases: [String] = [],
                triggering: [Example], nonTriggering: [Example],
                corrections: [(before: Example, after: String)] = []) {
        precondition(!cases.isEmpty, "\(id): a rule has at least one case")
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.cases = cases
        self.scope = scope
        self.isOptIn = isOptIn
        self.aliases = aliases
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
    }

    public var isCorrectable: Bool { !corrections.isEmpty }
}
