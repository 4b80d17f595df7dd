/// Why `--fix` left a finding as it was, for the summary after a fix: the user learns which of
/// the findings left are theirs to rewrite by hand, and why.
public enum UnfixedReason: String, CaseIterable, Sendable {
    /// The fix would declare a constant, and nothing before the predicate can hold one (a
    /// property initializer, a global).
    case noStatement = "with no statement before their predicate to hold a constant"
    /// The rule fixes, but not this finding: no rewrite here is sure to build and select the same.
    case noSoundRewrite = "with no sound rewrite where they are"
    /// The rule has no fix at all.
    case ruleHasNoFix = "of rules that have no fix"

    /// Why `finding`, which has no correction, was left.
    public static func of(_ finding: Finding) -> UnfixedReason {
        guard let rule = RuleRegistry.rule(withID: finding.ruleID), rule.description.isCorrectable else { return .ruleHasNoFix }
        return finding.message.contains(ValueHoisting.noStatementPhrase) ? .noStatement : .noSoundRewrite
    }
}
