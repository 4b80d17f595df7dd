import SwiftSyntax

/// The fix for a predicate body of several statements: the body becomes the one expression it
/// computes. A `let` that reads the input is written where it is used, in parentheses, when it is
/// used exactly once (so nothing is evaluated twice or dropped); a `let` that reads nothing of
/// the input, and is used, moves before the statement holding the predicate, as a capture; a
/// `guard … else { return false }` becomes a condition joined with `&&` ahead of the rest, which
/// `&&` evaluates first as the `guard` did; a `guard let x = e else { return false }` opening the
/// body becomes `if let x = e { rest } else { false }`; an `if` that returns at its end, opening
/// the body, becomes `if c { … } else { rest }`, `rest` being its own `else` where it ends the
/// body. Anything else (`var`, `else if`, an `if` that may not return, a `guard` that returns
/// `true`, a `let` used twice or never) gets no fix: the folded expression would not select the
/// same, or would evaluate something twice. Comments among the statements are kept.
enum BodyFolding {
    /// Why a body is not folded.
    enum Refusal: Error {
        /// A constant that reads nothing of the input would go before the predicate, and no
        /// statement there can hold it (a property initializer, a global).
        case noStatement
        /// The body holds something folding cannot carry over unchanged.
        case unsound
    }

    /// The correction, or why there is none.
    static func correction(_ context: RuleContext) -> Result<Correction, Refusal> {
        let statements = Array(context.site.body)
        guard statements.count > 1 else { return .failure(.unsound) }
        let plan: Plan
        do { plan = try Plan(statements, context) } catch { return .failure(error) }
        var edits: [TextEdit] = []
        if !plan.hoisted.isEmpty, let hoisting = StatementHoisting(before: context.site.macro) {
            edits.append(hoisting.declarations(plan.hoisted.map { ($0.declaredName, $0.value) }))
        }
        let first = statements[0].positionAfterSkippingLeadingTrivia.utf8Offset
        let last = statements[statements.count - 1].endPositionBeforeTrailingTrivia.utf8Offset
        // The comments among the statements stay, each on its own line before the expression.
        let indentation = StatementHoisting.indentation(of: statements[0])
        let comments = Self.comments(between: statements[0], and: statements[statements.count - 1])
        edits.append(TextEdit(range: first..<last, replacement: comments.map { $0 + "\n" + indentation }.joined() + plan.expression))
        return .success(Correction(title: "Fold the body into one expression", edits: edits))
    }

    /// The comments from the start of `first` to the end of `last`, in order.
    private static func comments(between first: CodeBlockItemSyntax, and last: CodeBlockItemSyntax) -> [String] {
        let range = first.positionAfterSkippingLeadingTrivia..<last.endPositionBeforeTrailingTrivia
        return first.parent.map { SyntaxComments.all(in: $0).filter { range.contains($0.position) }.map(\.text) } ?? []
    }

    /// A `let` of the body: written in place of its one use, or captured before the predicate.
    private struct Local {
        let binding: PatternBindingSyntax
        /// The constant's name and type as declared before the predicate (`cutoff: Date`), for a hoisted one.
        var declaredName = ""
        /// The value, with earlier locals already written in.
        var value = ""
        var isHoisted = false
        /// What a use of it becomes.
        var replacement = ""
    }

    private struct Plan {
        var hoisted: [Local] = []
        var expression = ""
        private let context: RuleContext
        private var lacksStatement = false

        init(_ statements: [CodeBlockItemSyntax], _ context: RuleContext) throws(Refusal) {
            self.context = context
            expression = try fold(statements[...], locals: [:])
            // Without a statement to hold a constant, the rest is still judged, so that the
            // message blames the statement only when nothing else stands in the way.
            if lacksStatement { throw .noStatement }
        }

        /// The one expression `statements` compute, the last of them being the result.
        private mutating func fold(_ statements: ArraySlice<CodeBlockItemSyntax>, locals: [SyntaxIdentifier: Local]) throws(Refusal) -> String {
            var locals = locals
            var conditions: [String] = []
            for (index, statement) in zip(statements.indices, statements) {
                let isLast = index == statements.endIndex - 1
                if let declaration = statement.item.as(VariableDeclSyntax.self), !isLast {
                    let local = try self.local(declaration, followedBy: statements[(index + 1)...], locals: locals)
                    locals[local.binding.id] = local
                } else if let guardStatement = statement.item.as(GuardStmtSyntax.self), !isLast {
                    guard Self.returnsFalse(guardStatement.body) else { throw .unsound }
                    if let (name, value) = Self.optionalBinding(guardStatement) {
                        // `guard let x = e else { return false }; rest` is `if let x = e { rest } else { false }`,
                        // which the macro builds only as the whole body, and only where `rest` has no `$0`
                        // (the macro's closure for `x` has a named argument).
                        let rest = statements[(index + 1)...]
                        guard conditions.isEmpty, !rest.contains(where: Self.hasAnonymousArgument),
                              let valueText = Self.text(of: value, writing: locals, context) else { throw .unsound }
                        return "if let \(name) = \(valueText) { \(try fold(rest, locals: locals)) } else { false }"
                    }
                    for condition in guardStatement.conditions {
                        guard case .expression(let expression) = condition.condition,
                              let text = Self.text(of: expression, writing: locals, context) else { throw .unsound }
                        conditions.append(Self.isAtomic(expression) || Self.bindsTighterThanAnd(expression) ? text : "(\(text))")
                    }
                } else if let ifStatement = Self.ifStatement(statement.item) {
                    // `if c { …; return a }; rest` is `if c { a } else { rest }`: the `if` returns at its
                    // end, so `rest` runs exactly when `c` does not hold; a last `if c { …; return a }
                    // else { …; return b }` is `if c { a } else { b }`. Like a `guard let`, it can only
                    // be the whole body, and the body of an `if let` takes no `$0`.
                    let body = ArraySlice(Array(ifStatement.body.statements))
                    let otherwise: ArraySlice<CodeBlockItemSyntax>
                    switch ifStatement.elseBody {
                    case nil where !isLast: otherwise = statements[(index + 1)...]
                    case .codeBlock(let block)? where isLast && block.statements.last?.item.is(ReturnStmtSyntax.self) == true:
                        otherwise = ArraySlice(Array(block.statements))
                    default: throw .unsound
                    }
                    guard conditions.isEmpty, body.last?.item.is(ReturnStmtSyntax.self) == true,
                          let (condition, binds) = Self.condition(of: ifStatement, writing: locals, context),
                          !binds || !body.contains(where: Self.hasAnonymousArgument) else { throw .unsound }
                    return "if \(condition) { \(try fold(body, locals: locals)) } else { \(try fold(otherwise, locals: locals)) }"
                } else if isLast, let result = Self.result(of: statement.item),
                          !result.is(IfExprSyntax.self), !result.is(SwitchExprSyntax.self) {
                    // A last `switch` or `if` of several statements holds statements, not values.
                    guard let text = Self.text(of: result, writing: locals, context) else { throw .unsound }
                    if conditions.isEmpty { return text }
                    let last = Self.isAtomic(result) || Self.bindsTighterThanAnd(result) ? text : "(\(text))"
                    return (conditions + [last]).joined(separator: " && ")
                } else {
                    throw .unsound
                }
            }
            throw .unsound
        }

        /// A `let` of the body: hoisted when it reads nothing of the input, else written in where
        /// it is used.
        private mutating func local(_ declaration: VariableDeclSyntax, followedBy rest: ArraySlice<CodeBlockItemSyntax>,
                                    locals: [SyntaxIdentifier: Local]) throws(Refusal) -> Local {
            guard declaration.bindingSpecifier.tokenKind == .keyword(.let), declaration.bindings.count == 1,
                  declaration.attributes.isEmpty, declaration.modifiers.isEmpty,
                  let binding = declaration.bindings.first, let initializer = binding.initializer?.value,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  binding.accessorBlock == nil
            else { throw .unsound }
            let uses = Self.uses(of: binding, in: rest, context)
            guard uses > 0, let value = Self.text(of: initializer, writing: locals, context) else { throw .unsound }
            var local = Local(binding: binding, value: value)
            if ValueHoisting.isIndependent(initializer, context, movingOut: Set(hoisted.map(\.binding.id))) {
                let hoisting = StatementHoisting(before: context.site.macro)
                if hoisting == nil { lacksStatement = true }
                guard !context.site.parameterNames.contains(name),
                      let free = hoisting.map({ $0.freeName(name, at: context.site.macro, fileScope: context.fileFacts) }) ?? name,
                      !hoisted.contains(where: { $0.replacement == free })
                else { throw .unsound }
                local.isHoisted = true
                local.replacement = free
                local.declaredName = free + (binding.typeAnnotation.map { ": " + $0.type.trimmedDescription } ?? "")
                hoisted.append(local)
            } else {
                // Written in twice, it would be evaluated twice; a type annotation would be lost.
                guard uses == 1, binding.typeAnnotation == nil else { throw .unsound }
                local.replacement = Self.isAtomic(initializer) ? value : "(\(value))"
            }
            return local
        }

        /// `guard let name = value`: the one condition, an optional binding without a type.
        static func optionalBinding(_ guardStatement: GuardStmtSyntax) -> (String, ExprSyntax)? {
            guard guardStatement.conditions.count == 1, case .optionalBinding(let binding)? = guardStatement.conditions.first?.condition,
                  binding.bindingSpecifier.tokenKind == .keyword(.let), binding.typeAnnotation == nil,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = binding.initializer?.value else { return nil }
            return (name, value)
        }

        /// An `if` written as a statement.
        static func ifStatement(_ item: CodeBlockItemSyntax.Item) -> IfExprSyntax? {
            item.as(IfExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
        }

        /// An `if`'s one condition as text (`let x = value` or an expression), and whether it binds
        /// a name; nil for several conditions, a typed binding, `if let x` shorthand or `case`.
        static func condition(of ifStatement: IfExprSyntax, writing locals: [SyntaxIdentifier: Local],
                              _ context: RuleContext) -> (String, Bool)? {
            guard ifStatement.conditions.count == 1, let only = ifStatement.conditions.first?.condition else { return nil }
            switch only {
            case .expression(let expression):
                return text(of: expression, writing: locals, context).map { ($0, false) }
            case .optionalBinding(let binding):
                guard binding.bindingSpecifier.tokenKind == .keyword(.let), binding.typeAnnotation == nil,
                      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let value = binding.initializer?.value, let valueText = text(of: value, writing: locals, context)
                else { return nil }
                return ("let \(name) = \(valueText)", true)
            default:
                return nil
            }
        }

        static func hasAnonymousArgument(_ statement: CodeBlockItemSyntax) -> Bool {
            statement.tokens(viewMode: .sourceAccurate).contains { if case .dollarIdentifier = $0.tokenKind { true } else { false } }
        }

        /// The last statement's value: `return value`, or the expression itself.
        static func result(of item: CodeBlockItemSyntax.Item) -> ExprSyntax? {
            if let expression = item.as(ExprSyntax.self) { return expression }
            if let statement = item.as(ExpressionStmtSyntax.self) { return statement.expression }
            return item.as(ReturnStmtSyntax.self)?.expression
        }

        /// `else { return false }`.
        static func returnsFalse(_ body: CodeBlockSyntax) -> Bool {
            guard body.statements.count == 1, let only = body.statements.first?.item.as(ReturnStmtSyntax.self),
                  let literal = only.expression?.as(BooleanLiteralExprSyntax.self) else { return false }
            return literal.literal.tokenKind == .keyword(.false)
        }

        /// How many times the rest of the body names `binding`.
        static func uses(of binding: PatternBindingSyntax, in rest: ArraySlice<CodeBlockItemSyntax>, _ context: RuleContext) -> Int {
            rest.reduce(0) { count, statement in
                count + references(in: Syntax(statement), context).filter { $0.binding.id == binding.id }.count
            }
        }

        /// `node`'s text with every use of a body `let` replaced by what it becomes; nil when it
        /// names one not yet declared.
        static func text(of node: some SyntaxProtocol, writing locals: [SyntaxIdentifier: Local], _ context: RuleContext) -> String? {
            let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
            var edits: [TextEdit] = []
            for reference in references(in: Syntax(node), context) where reference.binding.isInside(context.site.closure) {
                guard let local = locals[reference.binding.id] else { return nil }
                let range = reference.expression.positionAfterSkippingLeadingTrivia.utf8Offset - start
                    ..< reference.expression.endPositionBeforeTrailingTrivia.utf8Offset - start
                edits.append(TextEdit(range: range, replacement: local.replacement))
            }
            return node.trimmedDescription.applying(edits)
        }

        /// The names in `node` that refer to a `let` or `var` binding.
        static func references(in node: Syntax, _ context: RuleContext) -> [(expression: DeclReferenceExprSyntax, binding: PatternBindingSyntax)] {
            node.tokens(viewMode: .sourceAccurate).compactMap { token in
                guard case .identifier = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      reference.baseName.id == token.id, reference.argumentNames == nil,
                      reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id,
                      case .variable(let binding)? = LexicalLookup.binding(of: token.text, from: reference, fileScope: context.fileFacts)
                else { return nil }
                return (reference, binding)
            }
        }

        /// Needs no parentheses wherever it is written.
        static func isAtomic(_ expression: ExprSyntax) -> Bool {
            expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self)
                || expression.is(FunctionCallExprSyntax.self) || expression.is(TupleExprSyntax.self)
                || expression.is(StringLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
                || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
                || expression.is(OptionalChainingExprSyntax.self) || expression.is(SubscriptCallExprSyntax.self)
        }

        /// An operand of `&&` as it stands: a comparison, a negation, an `&&` chain.
        static func bindsTighterThanAnd(_ expression: ExprSyntax) -> Bool {
            if expression.is(PrefixOperatorExprSyntax.self) { return true }
            guard let infix = expression.as(InfixOperatorExprSyntax.self),
                  let symbol = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            // The file's operators are folded, so the top operator is the loosest one.
            return ["&&", "==", "!=", "<", "<=", ">", ">="].contains(symbol)
        }
    }
}
