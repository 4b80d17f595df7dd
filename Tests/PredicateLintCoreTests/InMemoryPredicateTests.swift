import Testing
@testable import PredicateLintCore

/// A predicate over a plain type, or over a generic parameter that is not a model, never reaches
/// SwiftData: it is evaluated in memory, where every runtime trap below works (measured on
/// Linux; the evidence catalogue's §2.20). Only what the macro rejects at build time is said.
@Suite struct InMemoryPredicateTests {
    /// Every SwiftData runtime trap the rules know, in three predicates (one would be too much
    /// for the type checker, which `type-check-complexity` rightly says).
    static let traps = [
        #"$0.tags.isEmpty == false && $0.note!.isEmpty && $0.title.contains(/Heat/)"#,
        #"$0.tags.first == "x" && $0.title.localizedUppercase.contains("HEAT") && $0.isLong"#,
        #"$0.awards?.isEmpty == false && $0.kind == kind && $0.title.contains("Heat")"#,
    ]

    static var predicates: String {
        "let kind = Kind.series\n" + traps.enumerated().map { "let predicate\($0) = #Predicate<Ticket> { \($1) }\n" }.joined()
    }

    static let plainTypes = """
        enum Kind: String, Codable { case film, series }
        struct Award: Codable { var year = 0 }
        struct Ticket {
            var tags: [String] = []
            var note: String? = nil
            var title = ""
            var awards: [Award]? = nil
            var kind = Kind.film
            @Transient var isSelected = false
            var isLong: Bool { title.count > 40 }
        }
        """

    /// A regular expression in a predicate builds from iOS 18 (`availability` says so before).
    static let regexTarget = DeploymentTarget(parsing: "iOS 18, macOS 15")!

    @Test func aPlainStructWithEveryRuntimeTrapHasNoFinding() {
        let code = Self.plainTypes + "\n" + Self.predicates
        let findings = lint(code, deploymentTarget: Self.regexTarget)
        #expect(findings.isEmpty, "\(findings.map(\.ruleID))")
        #expect(lint(code).map(\.ruleID) == ["availability"])
    }

    @Test func aPlainStructDeclaredInAnotherFileCountsToo() {
        let code = Self.predicates
        let findings = lint(code, beside: [ExampleFile("Ticket.swift", Self.plainTypes)], deploymentTarget: Self.regexTarget)
        #expect(findings.isEmpty, "\(findings.map(\.ruleID))")
    }

    @Test func aGenericParameterThatIsNotAModelIsEvaluatedInMemory() {
        let code = Self.plainTypes + """

            func matching<Item: Hashable>(_ items: [Item], isEmpty: Bool) -> Predicate<Item> {
                #Predicate<Item> { _ in isEmpty == false }
            }
            """
        #expect(lint(code).isEmpty)
    }

    /// What the macro rejects is rejected whatever the root.
    @Test func buildErrorsAreStillReported() {
        let code = Self.plainTypes + #"\#nlet predicate = #Predicate<Ticket> { $0.title.hasPrefix("a") && $0.title.lowercased() == "x" }"#
        #expect(lint(code).map(\.ruleID) == ["has-prefix", "unsupported-member"])
    }

    /// The same traps over a model are all reported (so the silence above is not an accident).
    @Test func theSameTrapsOverAModelAreReported() {
        let code = """
            let predicate = #Predicate<Movie> { $0.cast.isEmpty == false && $0.subtitle!.isEmpty && $0.name.contains(/Heat/) }
            """
        #expect(lint(code).map(\.ruleID) == ["boolean-comparison", "force-unwrap", "regex"])
    }
}
