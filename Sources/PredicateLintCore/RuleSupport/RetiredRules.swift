/// Rules that were removed because what they reported is not a trap, each with why. A
/// configuration or suppression comment that still names one is not an error: the tool says
/// once that the rule is gone, and carries on.
public enum RetiredRules {
    public static let reasons: [String: String] = [
        "constant-predicate": "`#Predicate { _ in true }` failed only in the iOS 17 betas; Apple's release notes for "
            + "iOS 17 and macOS 14 list the bug as fixed, and apps have used such predicates since",
    ]

    /// The retired rules a file's suppression comments name.
    public static func named(in suppressions: Suppressions) -> Set<String> {
        Set(suppressions.commands.flatMap(\.rules).filter { reasons[$0] != nil })
    }
}
