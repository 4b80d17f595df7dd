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

/// A rule over a file's suppression comments, run once every predicate rule has reported and
/// the comments have silenced what they silence.
public protocol SuppressionRule: Rule {
    func check(_ context: SuppressionContext) -> [Finding]
}
