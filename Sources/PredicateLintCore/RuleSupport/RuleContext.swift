import SwiftSyntax

/// What a predicate rule sees of one predicate.
public struct RuleContext: SiteContext {
    public let file: SourceFile
    public let site: PredicateSite
    public let facts: PredicateFacts
    /// The models of every linted file.
    public let models: ModelIndex
    /// What the predicate's member chains reach in those models.
    public let keyPaths: KeyPathResolution
    /// The oldest systems the app supports: found in its project, configured, or SwiftData's.
    public let deploymentTarget: DeploymentTarget
    /// What the whole file says, shared by its predicates.
    public let fileFacts: FileFacts
    private let translation = TranslationOnce()

    public init(file: SourceFile, site: PredicateSite, facts: PredicateFacts, models: ModelIndex, keyPaths: KeyPathResolution,
                deploymentTarget: DeploymentTarget, fileFacts: FileFacts) {
        self.file = file
        self.site = site
        self.facts = facts
        self.models = models
        self.keyPaths = keyPaths
        self.deploymentTarget = deploymentTarget
        self.fileFacts = fileFacts
    }

    /// The terms of the predicate's translation that have a shape of the store-limits table.
    public func storeTerms(_ id: StoreLimit.ID) -> [StoreTerm] {
        let limit = StoreLimit.limit(id)
        return storeQuery.terms.filter(limit.matches)
    }

    /// Whether the predicate's body spells any of `words` as a token (`??`, `!`, `true`): what
    /// a rule asks before it reads the translation, so that a predicate without the operator
    /// a failing shape is made of is not translated at all.
    public func bodyMentions(_ words: Set<String>) -> Bool {
        site.closure.statements.tokens(viewMode: .sourceAccurate).contains { words.contains($0.text) }
    }

    /// The tokens from which the translation makes a conditional (`TERNARY`): `??`, `?.`,
    /// `flatMap`, `?:`, `if` and `switch` expressions.
    public static let conditionalMakers: Set<String> = ["??", "?", "flatMap", "if", "switch"]

    /// Whether the predicate reads a property the store keeps as `kind` (and, if asked, one
    /// declared optional).
    public func reads(_ kind: PropertyStorage.Kind, optionalOnly: Bool = false) -> Bool {
        keyPaths.memberUses.contains { use in
            guard let member = use.member else { return false }
            let storage = models.storage(of: member)
            return storage.kind == kind && (!optionalOnly || storage.isOptional)
        }
    }

    /// What SwiftData asks the store for, worked out the first time a rule asks.
    public var storeQuery: StoreQuery {
        translation.query { StoreTranslator.translate(site, keyPaths: keyPaths, fileFacts: fileFacts) }
    }

    /// What the predicate's input is. SwiftData's runtime rules apply only where
    /// `root.mayReachSwiftData`: a predicate over a plain type is evaluated in memory.
    public var root: PredicateRoot { keyPaths.root }

    /// Whether `expression` reads the predicate's input anywhere in it (rather than being
    /// captured and worked out before the store sees it), as the translation decides it.
    public func readsInput(_ expression: ExprSyntax) -> Bool {
        StoreTranslator.readsInput(expression, of: site, fileFacts: fileFacts)
    }

    /// Whether `expression` is a key path into the predicate's input: a member chain (through
    /// `?.`, `!`, calls and subscripts) that starts at a closure parameter (`$0.a?.b`), rather
    /// than a captured value (`user.id`).
    public func isInputKeyPath(_ expression: ExprSyntax) -> Bool {
        var current = expression.withoutParentheses
        while true {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base { current = base.withoutParentheses }
            else if let chain = current.as(OptionalChainingExprSyntax.self) { current = chain.expression }
            else if let unwrap = current.as(ForceUnwrapExprSyntax.self) { current = unwrap.expression }
            else if let call = current.as(FunctionCallExprSyntax.self), let receiver = call.receiver { current = receiver }
            else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) { current = subscriptCall.calledExpression }
            else { break }
        }
        guard let reference = current.as(DeclReferenceExprSyntax.self),
              case .closureParameter? = LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: fileFacts)
        else { return false }
        return true
    }
}

extension RuleContext {
    /// A regex constant a predicate captures: declared in this file, or elsewhere in the
    /// project (a global `let`, a `static let` of an enclosing type).
    public func isCapturedRegex(_ reference: DeclReferenceExprSyntax) -> Bool {
        if reference.isCapturedRegex(fileScope: fileFacts) { return true }
        guard LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: fileFacts) == nil else { return false }
        return models.constant(reference.baseName.text, in: keyPaths.scope) == .regex
    }

    /// A regex of any kind, in this file or from the project's constants.
    public func isRegexValue(_ expression: ExprSyntax) -> Bool {
        if expression.isRegexValue { return true }
        return expression.as(DeclReferenceExprSyntax.self).map(isCapturedRegex) ?? false
    }
}

/// What a suppression rule sees of one file, after the predicate rules have run.
public struct SuppressionContext {
    public let file: SourceFile
    public let suppressions: Suppressions
    /// Indexes in `suppressions.commands` of the commands that silenced a finding.
    public let usedCommands: Set<Int>
    /// The ids of the rules running on this file.
    public let runningRuleIDs: Set<String>

    /// A finding of `Rule` at a suppression comment.
    public func finding<Rule: SuppressionRule>(_ rule: Rule, at command: Suppressions.Command, message: String) -> Finding {
        let description = Rule.description
        return Finding(ruleID: description.id, severity: description.severity, path: file.path,
                       line: command.line, column: command.column, offset: command.offset,
                       message: message, correction: nil, coveredOffsets: [])
    }
}

/// A predicate's translation, worked out once for all the rules that read it: most
/// predicates have nothing a translation-reading rule looks for, and skip the work.
private final class TranslationOnce {
    private var query: StoreQuery?

    func query(_ make: () -> StoreQuery) -> StoreQuery {
        if let query { return query }
        let made = make()
        query = made
        return made
    }
}
