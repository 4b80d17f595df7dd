import SwiftSyntax

/// A member of a Codable struct property read in a predicate: the guide's blanket rule, for
/// teams that follow it to the letter. Opt-in, since the store keeps a non-optional struct's
/// members as columns and Apple's sample filters on them.
public struct CodableStructMemberRule: PredicateRule {
    static let optionalStruct = RuleCase(
        "a member of an optional struct property (`$0.stats?.total`)", failsAt: .runtime,
        evidence: .graded(.d, "how an optional struct is stored is not documented; one app's sort through such a member "
            + "crashed, and the same app moved its predicates off the struct (reference §2.3, §2.26)"))
    static let compositeMember = RuleCase(
        "a member of a non-optional struct property (`$0.location.name`)", failsAt: .never,
        evidence: .notAClaim("the predicate guide says never to filter on Codable struct data; the store keeps such a "
            + "member as a column, and Apple's sample \"Filtering and sorting persistent data\" filters on one"))

    public static let description = RuleDescription(
        id: "codable-struct-member",
        severity: .warning,
        summary: "Keep what you filter on out of Codable struct properties",
        rationale: """
            The predicate guide says never to filter on data inside a Codable struct property. \
            The store is kinder than that for a non-optional struct: SwiftData keeps each of \
            its stored members as a column of the model's row (a composite attribute), and \
            Apple's sample filters earthquakes on `location.name`. For an optional struct \
            nothing is documented, and the one report is of a sort through such a member \
            that crashed. This rule is the guide's rule, for teams that follow it to the \
            letter: it reports both, and is off unless enabled. Until it moved here (and out \
            of the default rules) this was a case of `codable-property`, whose id still \
            silences it. Keep the value you filter on in a stored property of its own.
            """,
        cases: [optionalStruct, compositeMember],
        isOptIn: true,
        aliases: ["codable-property"],
        triggering: [
            Example("#Predicate<Movie> { $0.↓budget.amount > 1_000_000 }"),
            Example(#"#Predicate<Movie> { $0.↓boxOffice?.currency == "USD" }"#),
            Example(#"#Predicate<Movie> { $0.↓budget.currency.localizedStandardContains("EU") }"#),
        ],
        nonTriggering: [
            Example("#Predicate<Movie> { $0.boxOffice == nil }"),
            Example("#Predicate<Movie> { $0.rating > 4 }"),
            // A struct evaluated in memory is a struct.
            Example("""
            struct Ticket { var price = Money(amount: 0, currency: "USD") }
            let predicate = #Predicate<Ticket> { $0.price.amount > 10 }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        context.keyPaths.memberUses.compactMap { use in
            guard let member = use.member, use.access.nextMember != nil else { return nil }
            let storage = context.models.storage(of: member)
            let ruleCase: RuleCase
            switch storage.kind {
            case .optionalStruct: ruleCase = Self.optionalStruct
            case .compositeAttribute: ruleCase = Self.compositeMember
            default: return nil
            }
            guard context.reports(ruleCase) else { return nil }
            let name = use.nameToken.text
            let detail = storage.kind == .optionalStruct
                ? "an optional struct, which SwiftData does not document storing in a way a query can read"
                : "a Codable struct; the store keeps its members as columns, but the predicate guide says not to filter on them"
            return context.finding(
                self, at: use.nameToken,
                message: "`\(name)` is `\(storage.typeName)`, \(detail). Keep the value you filter on in a stored property of its own")
        }
    }
}
