/// When code with this problem fails: this decides what the oracle test expects of an example.
public enum FailureTime: String, Sendable {
    /// `#Predicate` rejects it: the build fails.
    case build
    /// It builds, then SwiftData throws or crashes when the predicate runs.
    case runtime
    /// Nothing fails: the finding keeps the code honest (a suppression that silences nothing).
    case never
}

/// What a rule looks at, which decides how its examples are disguised by the generic test.
public enum RuleScope: String, Sendable {
    /// The code inside a predicate: outside one, the rule says nothing.
    case predicate
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
    /// Where the example is written.
    public let fileID: String
    public let filePath: String
    public let line: Int

    public init(_ code: String, files: [ExampleFile] = [], failsAt: FailureTime? = nil, oracle: Oracle = .judges,
                fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) {
        self.code = code
        self.files = files
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
    /// Why it matters and how sure we are, in our own words, with the evidence behind it.
    public let rationale: String
    /// When code that triggers this rule fails, unless an example says otherwise.
    public let failsAt: FailureTime
    public let scope: RuleScope
    public let triggering: [Example]
    public let nonTriggering: [Example]
    /// Before (with markers) → after, applying this rule's corrections once.
    public let corrections: [(before: Example, after: String)]
    /// Off unless asked for: rules whose findings a project may reasonably not want.
    public let isOptIn: Bool
    /// The deployment target the examples are linted with, for rules that depend on one.
    public let exampleDeploymentTarget: DeploymentTarget?

    public init(id: String, severity: Severity, summary: String, rationale: String, failsAt: FailureTime,
                scope: RuleScope = .predicate, isOptIn: Bool = false, triggering: [Example], nonTriggering: [Example],
                corrections: [(before: Example, after: String)] = [], exampleDeploymentTarget: DeploymentTarget? = nil) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.failsAt = failsAt
        self.scope = scope
        self.isOptIn = isOptIn
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
        self.exampleDeploymentTarget = exampleDeploymentTarget
    }

    public var isCorrectable: Bool { !corrections.isEmpty }
}
