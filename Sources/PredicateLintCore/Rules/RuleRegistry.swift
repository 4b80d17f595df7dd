/// Every rule, in the order they claim constructs: when two rules report the same token, the
/// one listed first is more specific and its finding is the one kept. `unsupported-member`
/// is the catch-all and comes last.
public enum RuleRegistry {
    public static let all: [any PredicateRule.Type] = [
        // The guide's rules.
        RegexRule.self,
        CaseFoldedContainsRule.self,
        HasPrefixRule.self,
        BooleanComparisonRule.self,
        // What the models say: stored, computed, transient, relationship or Codable data.
        ComputedPropertyRule.self,
        TransientPropertyRule.self,
        CodablePropertyRule.self,
        ModelComparisonRule.self,
        OptionalToManyRule.self,
        CaseSensitiveContainsRule.self,
        // What the macro and SwiftData reject beyond the guide.
        CapturedSelfRule.self,
        StaticMemberRule.self,
        ImplicitMemberRule.self,
        GenericPredicateRule.self,
        ConstantPredicateRule.self,
        ForceUnwrapRule.self,
        TypeCheckComplexityRule.self,
        AvailabilityRule.self,
        // Catch-alls, least specific last.
        CustomOperatorRule.self,
        UnsupportedMemberRule.self,
        UnknownMemberRule.self,
    ]

    public static func rule(withID id: String) -> (any PredicateRule.Type)? {
        all.first { $0.description.id == id }
    }
}

/// Every rule a user can name: the predicate rules, and the ones the `Linter` itself reports.
public enum RuleCatalog {
    public static let descriptions: [RuleDescription] = RuleRegistry.all.map { $0.description } + [SuperfluousDisable.description]

    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}
