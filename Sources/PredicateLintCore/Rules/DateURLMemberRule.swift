import SwiftSyntax

/// A member of a stored `URL` or `Date` in a key path: `$0.url.host`, `$0.date.timeIntervalSince1970`.
public struct DateURLMemberRule: PredicateRule, KeyPathRule {
    static let member = RuleCase(
        "a member of a stored `URL` or `Date`", failsAt: .runtime,
        evidence: .graded(.c, "inferred from the UUID case (`value-type-member`, B): no report quotes the fatal error for "
            + "a URL or a Date; one public app's source-scanning test guards against reading through a stored URL"))

    /// The stored values whose members this rule speaks of; `UUID` is `value-type-member`'s.
    static let valueTypes: Set<String> = ["URL", "Date"]

    public static let description = RuleDescription(
        id: "date-url-member",
        severity: .warning,
        summary: "A key path into a stored `URL` or `Date` (`$0.url.host`) is expected to stop the app",
        rationale: """
            SwiftData keeps a `URL` or a `Date` attribute as one value and validates each key \
            path of a fetch against the model's attributes. For a `UUID` (`$0.id.uuidString`) \
            that validation stops the app with a fatal error, and `value-type-member` reports \
            it. The same mechanism should stop `$0.url.host == h` or \
            `$0.date.timeIntervalSince1970 > t`, but no report shows it happening, so this rule \
            is off unless enabled. Work the value out before the predicate and compare whole \
            values (`let cutoff = Date(timeIntervalSince1970: t)`, then `$0.date > cutoff`), or \
            keep the derived value (a host, a day number) in a stored property of its own. \
            Sort key paths are checked the same way.
            """,
        cases: [member],
        isOptIn: true,
        triggering: [
            Example("#Predicate<Movie> { $0.releaseDate.↓timeIntervalSince1970 > 0 }"),
            Example(#"#Predicate<Site> { $0.homepage?.↓host == "apple.com" }"#, files: [sites]),
            Example(#"let descriptor = FetchDescriptor<Site>(sortBy: [SortDescriptor(\.homepage?.↓absoluteString)])"#, files: [sites]),
        ],
        nonTriggering: [
            Example("""
            func released(after seconds: TimeInterval) -> Predicate<Movie> {
                let cutoff = Date(timeIntervalSince1970: seconds)
                return #Predicate<Movie> { $0.releaseDate > cutoff }
            }
            """),
            Example("""
            let apple = URL(string: "https://apple.com")
            let predicate = #Predicate<Site> { $0.homepage == apple }
            """, files: [sites]),
            // A captured value's member is worked out before the predicate runs.
            Example("""
            let lastWeek = Date.now.addingTimeInterval(-7 * 86_400)
            let predicate = #Predicate<Movie> { $0.releaseDate > lastWeek }
            """),
        ])

    static let sites = ExampleFile("Site.swift", """
        import Foundation
        import SwiftData

        @Model final class Site {
            var homepage: URL? = nil
        }
        """)

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.reports(Self.member) else { return [] }
        return StoredValueMembers.uses(in: context, ofTypes: Self.valueTypes, skippingCalls: true).map { finding(context, $0) }
    }

    public func check(_ context: KeyPathContext) -> [Finding] {
        guard context.reports(Self.member) else { return [] }
        return StoredValueMembers.uses(in: context, ofTypes: Self.valueTypes).map { finding(context, $0) }
    }

    private func finding(_ context: some SiteContext, _ use: StoredValueMembers.Use) -> Finding {
        context.finding(
            self, at: use.member,
            message: "`\(use.property.text)` is a stored `\(use.type)`, and a key path into its `\(use.member.text)` is expected to stop the app "
                + "when the fetch starts, as it does for a `UUID`; compare whole values worked out before the query, or store "
                + "the derived value in a property of its own")
    }
}
