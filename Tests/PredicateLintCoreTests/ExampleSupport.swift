import Foundation
import Testing
@testable import PredicateLintCore

/// One example of one rule, as a test argument.
struct RuleExample: Sendable, CustomTestStringConvertible {
    enum Kind: String, Sendable { case triggering, nonTriggering }

    let ruleID: String
    let kind: Kind
    let example: Example
    var description: RuleDescription { RuleRegistry.description(of: ruleID)! }

    /// Lints this example's code, or a variant of it, the way the rule's examples are meant:
    /// beside its other files and the example app's models.
    func lint(_ code: String) -> [Finding] {
        PredicateLintCoreTests.lint(code, beside: example.files, deploymentTarget: example.deploymentTarget ?? .swiftDataMinimum)
    }

    /// Where the example is written, so a failure points at it.
    var sourceLocation: SourceLocation { example.sourceLocation }

    /// Short, so that the test log stays readable: the rule and the example's line.
    var testDescription: String { "\(ruleID) \(kind.rawValue) example at line \(example.line)" }

    static func all(_ kind: Kind) -> [RuleExample] {
        RuleRegistry.all.flatMap { rule in
            let description = rule.description
            let examples = kind == .triggering ? description.triggering : description.nonTriggering
            return examples.map { RuleExample(ruleID: description.id, kind: kind, example: $0) }
        }
    }
}

struct RuleCorrection: Sendable, CustomTestStringConvertible {
    let ruleID: String
    let before: Example
    let after: String
    var deploymentTarget: DeploymentTarget { before.deploymentTarget ?? .swiftDataMinimum }

    var testDescription: String { "\(ruleID) correction at line \(before.line)" }

    static var all: [RuleCorrection] {
        RuleRegistry.all.flatMap { rule in
            rule.description.corrections.map { RuleCorrection(ruleID: rule.description.id, before: $0.before, after: $0.after) }
        }
    }
}

extension Example {
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1)
    }
}

/// Every rule, opt-in ones included.
let allRulesLinter = Linter(rules: RuleRegistry.all.map { $0.init() })

/// Fixes `code` as one file of the example app, beside `ExampleModels`' model files, with
/// every rule on.
func fixAsExample(_ code: String) -> Fixer.Result {
    let files = [SourceFile(path: "Example.swift", text: code)]
        + ExampleModels.files.map { SourceFile(path: $0.path, text: $0.source) }
    return Fixer(linter: allRulesLinter).fix(files[0], models: ModelIndex(files: files))
}

/// Lints `code` as one file of the example app: beside `ExampleModels`' model files (and any
/// other files given), with every rule on. Returns the findings in `code`.
func lint(_ code: String, path: String = "Example.swift", beside others: [ExampleFile] = [],
          deploymentTarget: DeploymentTarget = .swiftDataMinimum) -> [Finding] {
    // What `Linter.lint(_: [SourceFile])` does, for the one file whose findings are wanted;
    // the example models are parsed once for the thousands of calls (most of their cost).
    let file = SourceFile(path: path, text: code)
    let otherFiles = others.map { SourceFile(path: $0.path, text: $0.code) }
    let declarations = ([file] + otherFiles).map { (path: $0.path, declarations: FileDeclarations(file: $0)) }
    let indexes = ModuleScopedIndexes(files: declarations + ExampleModelsParsed.declarations,
                                      modules: SourceModules(files: [file] + otherFiles + ExampleModelsParsed.files))
    let linter = Linter(rules: allRulesLinter.rules, deploymentTarget: deploymentTarget)
    return linter.lint(file, models: indexes.index(for: path))
}

/// `ExampleModels`' files, parsed once.
enum ExampleModelsParsed {
    static let files = ExampleModels.files.map { SourceFile(path: $0.path, text: $0.source) }
    static let declarations = files.map { (path: $0.path, declarations: FileDeclarations(file: $0)) }
}

/// The same code where no query can be found: each `#Predicate<…>` or `#Expression<…>`
/// becomes an ordinary `filter` call on an array, and the SwiftData names that hand key
/// paths and settings to the store become names of the app's own.
func outsideAnyQuery(_ code: String) -> String {
    code.replacing(/#(Predicate|Expression)(<[^{(]*>)?/, with: "items.filter")
        .replacing("FetchDescriptor", with: "ArrayQuery")
        .replacing("@Query(", with: "@Listing(")
        .replacing("ResultsObserver", with: "ResultsWatcher")
        .replacing("relationshipKeyPathsForPrefetching", with: "warmKeyPaths")
        .replacing("fetchIdentifiers", with: "lookUpIdentifiers")
        .replacing("batchSize:", with: "chunkSize:")
        .replacing(/#(Index|Unique)</) { "#\($0.1)Keys<" }
}

func insideLineComments(_ code: String) -> String {
    code.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
}

func insideStringLiteral(_ code: String) -> String {
    "let text = #\"\"\"\n" + code + "\n\"\"\"#"
}

/// `body`'s result, computed on a thread with the stack the tool's own threads have: a test
/// runs on a Swift concurrency thread, whose stack is 512 KB on macOS (8 MB on Linux), and a
/// debug build of the parser needs more than that for a few dozen levels of nesting.
func onLargeStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let slot = LargeStackResult<Result>()
    let thread = Thread {
        slot.value = body()
        slot.done.signal()
    }
    thread.stackSize = 64 << 20 // ThreadPool.stackSize
    thread.start()
    slot.done.wait()
    return slot.value!
}

/// Written by the thread before it signals, read after the wait.
private final class LargeStackResult<Value: Sendable>: @unchecked Sendable {
    var value: Value?
    let done = DispatchSemaphore(value: 0)
}
