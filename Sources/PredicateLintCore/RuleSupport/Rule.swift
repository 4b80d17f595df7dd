/// A check that PredicateLint runs. Each rule lives in its own file in `Rules/`, declares what
/// it is in `description`, and is listed in `RuleRegistry`.
///
/// To add a rule: copy a neighbour in `Rules/`, give it a new id, write its examples first, and
/// list it in `RuleRegistry`. The generic example test and the oracle test pick it up from there.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
}

/// A rule over one predicate: turns the facts of a predicate into findings.
public protocol PredicateRule: Rule {
    func check(_ context: RuleContext) -> [Finding]
}

/// A rule over one key path that a query hands to SwiftData beside its predicate: a sort or
/// section key, a prefetched relationship, a fetched property, an index key. A rule that judges
/// model members in predicates usually judges them here too, adopting both protocols.
public protocol KeyPathRule: Rule {
    func check(_ context: KeyPathContext) -> [Finding]
}

/// A rule over one fetch call and the descriptor settings in view of it.
public protocol FetchCallRule: Rule {
    /// Words without which a file holds no fetch this rule reports (`fetchIdentifiers`,
    /// `batchSize`): the prefilter parses, and the outline keeps, what mentions one.
    static var anchorWords: [String] { get }
    func check(_ context: FetchCallContext) -> [Finding]
}

/// A rule over a file's suppression comments, run once every predicate rule has reported and
/// the comments have silenced what they silence.
public protocol SuppressionRule: Rule {
    func check(_ context: SuppressionContext) -> [Finding]
}
