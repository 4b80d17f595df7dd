import SwiftSyntax
import Testing
@testable import PredicateLintCore

/// A new fetch-setting check is its own file: every `ModelContext` fetch reaches fetch rules
/// with every setting the code in view gives its descriptor, so a rule written here — outside
/// `Rules/`, unknown to the registry — judges a kind and a setting no shipped rule reads.
@Suite struct FetchCallExtensionTests {
    /// A made-up check, for the test only: it reads a kind (`fetchCount`) and a setting
    /// (`fetchLimit`) that no shipped rule reads.
    struct CountWithLimitRule: FetchCallRule {
        static let anchorWords = ["fetchCount"]
        static let description = RuleDescription(
            id: "count-with-limit", severity: .warning, summary: "A count whose descriptor sets a limit",
            rationale: "Written for a test.", cases: [RuleCase("a count with a limit", failsAt: .never, evidence: .notAClaim("a test"))],
            triggering: [], nonTriggering: [])

        func check(_ context: FetchCallContext) -> [Finding] {
            guard context.fetch.kind == .count, let limit = context.fetch.descriptor?.changes(to: "fetchLimit").last?.value,
                  let callee = context.fetch.call.calleeToken else { return [] }
            return [context.finding(self, at: callee, message: "limit \(limit.trimmedDescription)")]
        }
    }

    @Test func aRuleOfItsOwnSeesEveryFetchAndEverySetting() {
        let code = """
            func count(_ context: ModelContext) throws -> Int {
                var descriptor = FetchDescriptor<Movie>(predicate: #Predicate { $0.year > 2000 })
                descriptor.fetchLimit = 10
                descriptor.sortBy.append(SortDescriptor(\\.name))
                _ = try context.fetch(descriptor)
                return try context.fetchCount(descriptor)
            }
            """
        let file = SourceFile(path: "Count.swift", text: code)
        let findings = Linter(rules: [CountWithLimitRule()]).lint(file, models: ModelIndex(files: [file]))
        #expect(findings.map(\.message) == ["limit 10"])
        let fetches = QueryKeyPathFinder.sites(in: file.tree).fetchCalls
        #expect(fetches.map(\.kind) == [.fetch, .count])
        #expect(fetches[0].descriptor?.changes.map(\.setting) == ["predicate", "fetchLimit", "sortBy"])
        #expect(fetches[0].descriptor?.changes(to: "sortBy").first?.value == nil, "an append has no value")
    }
}
