import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// The example app states its deployment target in its manifest, and one finding depends on it.
@Suite struct ExampleAppTargetTests {
    @Test func theTargetDecidesAFinding() throws {
        let enumComparison = "MovieStore.swift:95:77: error: `genre` is stored as `Genre` data; comparing it with an enum value"
        #expect(Command.run(["--no-cache", ExampleAppTests.appPath]).standardOutput.contains(enumComparison))
        // The same app shipping to the 2026 systems only: SwiftData compares enums there.
        let tree = try TemporaryTree([".predicate-lint.json": #"{ "deployment_target": "iOS 27.0, macOS 27.0" }"#])
        try FileManager.default.removeItem(atPath: tree.path())
        try FileManager.default.copyItem(atPath: ExampleAppTests.appPath, toPath: tree.path())
        try tree.write(".predicate-lint.json", Data(#"{ "deployment_target": "iOS 27.0, macOS 27.0" }"#.utf8))
        let raised = Command.run(["--no-cache", tree.path()])
        #expect(!raised.standardOutput.contains("comparing it with an enum value"))
        #expect(!raised.standardOutput.contains("[availability]"), "`#Expression` is there from iOS 18")
        #expect(raised.standardOutput.contains("[transient-property]"), "what does not depend on the target stays")
    }
}
