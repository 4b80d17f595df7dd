/// Every rule, in the order they claim constructs: when two rules report the same token, the
/// one listed first is more specific and its finding is the one kept. `unsupported-member`
/// is the catch-all among the predicate rules; suppression rules run after all of them.
///
/// A rule that is not listed here does not run: `RuleRegistrationTests` fails for a file in
/// `Rules/` whose rule is missing.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        // A body the macro cannot read at all: it claims the whole predicate.
        MultiStatementBodyRule.self,
        ParameterCountRule.self,
        // The guide's rules.
        RegexRule.self,
        CaseFoldedContainsRule.self,
        HasPrefixRule.self,
        BooleanComparisonRule.self,
        // What the models say: stored, computed, transient, relationship or Codable data.
        ComputedPropertyRule.self,
        TransientPropertyRule.self,
        CodablePropertyRule.self,
        CodableStructMemberRule.self,
        ValueTypeMemberRule.self,
        DateURLMemberRule.self,
        UnstoredSortKeyRule.self,
        ModelComparisonRule.self,
        NonCodableCaptureRule.self,
        OptionalToManyRule.self,
        // What the store cannot run, read from the predicate's translation.
        CoalesceInContainsRule.self,
        StoredCollectionRule.self,
        ForceUnwrapRule.self,
        CoalescedStringReceiverRule.self,
        CaseSensitiveContainsRule.self,
        // What the macro and SwiftData reject beyond the guide.
        CapturedSelfRule.self,
        StaticMemberRule.self,
        ImplicitMemberRule.self,
        GenericPredicateRule.self,
        DateArithmeticRule.self,
        TypeCheckComplexityRule.self,
        AvailabilityRule.self,
        // What a query hands SwiftData beside its predicate: prefetch paths, fetch settings.
        MultiHopPrefetchRule.self,
        PendingChangesFetchRule.self,
        // Catch-alls, least specific last.
        CustomOperatorRule.self,
        UnsupportedMemberRule.self,
        UnknownMemberRule.self,
        // About the suppression comments themselves.
        SuperfluousDisableRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static func rule(withID id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    public static func description(of id: String) -> RuleDescription? {
        rule(withID: id)?.description
    }

    /// The ids a suppression or baseline entry may name to cover a finding of rule `id`: its
    /// own and its aliases.
    public static func namesCovering(_ id: String) -> [String] {
        [id] + (aliasesByID[id] ?? [])
    }

    private static let aliasesByID: [String: [String]] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.description.id, $0.description.aliases) }.filter { !$0.1.isEmpty })
}
