import SwiftSyntax

/// The fix for a value a predicate cannot work out itself (`Date.now`, `Movie.epicThreshold`,
/// `Calendar.current.startOfDay(for: day)`): the largest expression around it that reads
/// nothing of the predicate is moved into a `let` just before the statement holding the
/// predicate (`StatementHoisting`), and the predicate captures that constant. The value is then
/// worked out when the predicate is made, which is what a capture means; nothing that depends
/// on the model leaves the predicate.
enum ValueHoisting {
    /// The correction, or nil where there is no statement to put the `let` before (a property
    /// initializer, a global) or the value cannot be moved.
    /// `spelled`: the value's text where it differs from the node's (`Status.active` for `.active`).
    static func correction(hoisting node: ExprSyntax, spelled: String? = nil, title: String, _ context: RuleContext) -> Correction? {
        let value = spelled == nil ? largestIndependentExpression(around: node, context) : node
        // A method (`Calendar.current.isDate` in `….isDate(score.date, …)`) or a receiver of one
        // would be called on a captured value inside the predicate, which does not build either.
        guard isIndependent(value, context), !isCalleeOrReceiver(value), let hoisting = StatementHoisting(before: context.site.macro)
        else { return nil }
        return hoisting.capture(spelled ?? value.trimmedDescription, replacing: value, named: constantName(for: value),
                                at: context.site.macro, fileScope: context.fileFacts).map { Correction(title: title, edits: $0) }
    }

    /// Whether a constant of this type can be captured: a scalar the store keeps in a column
    /// (and the app does not redeclare), or a type of the app's known to adopt Codable;
    /// optionals, arrays and sets of either.
    static func isCodableValue(_ type: WrittenType, _ context: RuleContext) -> Bool {
        let name: String
        switch KeyPathResolution.unwrapped(type) {
        case .named(let named): name = named
        case .array(let element), .set(let element): return isCodableValue(element, context)
        default: return false
        }
        switch context.models.lookup(name, in: context.keyPaths.scope) {
        case .unknown: return ModelIndex.columnTypes.contains(name)
        case .type(.named(let declared)): return context.models.isCodable(declared) == true
        default: return false
        }
    }

    /// `member` (`director.name`, `shelf.genreName`) captured alone, as written, where its
    /// declaration is a property whose type can be captured; nil for anything else (a method,
    /// a relationship, a type not known to be Codable).
    static func correction(capturing member: MemberAccessExprSyntax, declaredAs property: ModelMember?, title: String,
                           _ context: RuleContext) -> Correction? {
        guard let property, [.stored, .transient, .computed].contains(property.kind), let type = property.type,
              isCodableValue(type, context) else { return nil }
        return correction(hoisting: ExprSyntax(member), spelled: member.trimmedDescription, title: title, context)
    }

    /// What a message adds when `correction` is nil for want of a statement: `; ` and the reason.
    static func noFixSuffix(_ correction: Correction?, _ context: RuleContext) -> String {
        correction == nil ? reasonForNoFix(context).map { "; \($0)" } ?? "" : ""
    }

    /// Why no fix is offered, for a message: said where there is no statement to hold the `let`.
    static func reasonForNoFix(_ context: RuleContext) -> String? {
        StatementHoisting(before: context.site.macro) == nil
            ? noStatementPhrase + ", as this predicate is not in a function or initializer body, so there is no "
                + "statement before it to hold the `let`: declare the value as a `static let` of the type, or build the "
                + "predicate in `init`"
            : nil
    }

    /// How a message says that no fix is offered for want of a statement (`UnfixedReason` looks for it).
    static let noStatementPhrase = "no fix is offered here"

    /// `Date.now` → `Date.now.addingTimeInterval(-60)` → `… ?? fallback` → …, while the wider
    /// expression holds the narrower one as a member's base, a call's callee, an operand or in
    /// parentheses, and reads nothing of the predicate.
    static func largestIndependentExpression(around node: ExprSyntax, _ context: RuleContext) -> ExprSyntax {
        var current = node
        while let parent = current.parent {
            let wider: ExprSyntax?
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
                // A method is taken only with its call: `Movie.classics` stays the receiver of `.contains($0.name)`.
                let call = member.parent?.as(FunctionCallExprSyntax.self).flatMap { $0.calledExpression.id == member.id ? $0 : nil }
                wider = call.map { isIndependent(ExprSyntax($0), context) } == false ? nil : ExprSyntax(member)
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == current.id, call.trailingClosure == nil {
                wider = ExprSyntax(call)
            } else if let infix = parent.as(InfixOperatorExprSyntax.self) {
                wider = ExprSyntax(infix)
            } else if let tuple = parent.as(LabeledExprSyntax.self)?.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                wider = ExprSyntax(tuple)
            } else {
                wider = nil
            }
            guard let wider, isIndependent(wider, context) else { break }
            current = wider
        }
        return current
    }

    /// The callee of a call, or the base of a member access, around `expression`; the receiver of
    /// a call the macro supports (`ids.contains($0.id)`) is neither, as a captured value can take it.
    static func isCalleeOrReceiver(_ expression: ExprSyntax) -> Bool {
        if let member = expression.parent?.as(MemberAccessExprSyntax.self), member.base?.id == expression.id {
            guard let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id else { return true }
            return !MacroSupport.isSupported(call)
        }
        if let call = expression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id { return true }
        return false
    }

    /// Reads nothing declared inside the predicate: no closure parameter (the predicate's or a
    /// nested closure's), no `$0`, no name bound in the predicate's body, no closure at all. (What
    /// `RuleContext.readsInput` looks for, and the names it lets through.) `movingOut`: body
    /// constants that are moved before the predicate too, which may be read.
    static func isIndependent(_ expression: ExprSyntax, _ context: RuleContext, movingOut: Set<SyntaxIdentifier> = []) -> Bool {
        for token in expression.tokens(viewMode: .sourceAccurate) {
            if case .dollarIdentifier = token.tokenKind { return false }
            if token.tokenKind == .leftBrace { return false }
            guard case .identifier = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id else { continue }
            switch LexicalLookup.binding(of: token.text, from: reference, fileScope: context.fileFacts) {
            case .closureParameter(let closure)? where closure.id == context.site.closure.id || closure.isInside(context.site.closure):
                return false
            case .variable(let binding)? where binding.isInside(context.site.closure) && !movingOut.contains(binding.id):
                return false
            case .optionalBinding(let binding)? where binding.isInside(context.site.closure): return false
            default: continue
            }
        }
        return true
    }

    /// Named from what it holds: `now` for `Date.now`, `startOfDay` for
    /// `Calendar.current.startOfDay(for: day)`; a name Swift reserves, or that would hide a
    /// standard library function in the rest of the body (`max`), gets `Value` added.
    static func constantName(for expression: ExprSyntax) -> String {
        var current = expression
        while true {
            if let call = current.as(FunctionCallExprSyntax.self) { current = call.calledExpression }
            else if let infix = current.as(InfixOperatorExprSyntax.self) { current = infix.leftOperand }
            else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { current = only.expression }
            else { break }
        }
        // `ExportStatus.pending.rawValue` → `pending`: a generic last member says less than the one before.
        while let member = current.as(MemberAccessExprSyntax.self), uninformativeNames.contains(member.declName.baseName.text),
              let base = member.base, base.is(MemberAccessExprSyntax.self) {
            current = base
        }
        let name = current.as(MemberAccessExprSyntax.self)?.declName.baseName.text.filter { $0 != "`" }
            ?? current.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "value"
        // `Date` → `date`, `UUID` → `uuid`, `URLSession` → `urlSession`.
        let capitals = name.prefix { $0.isUppercase }
        let lowered = capitals.count <= 1 || capitals.count == name.count ? name.prefix(capitals.count).lowercased() + name.dropFirst(capitals.count)
            : capitals.dropLast().lowercased() + name.dropFirst(capitals.count - 1)
        return reservedNames.contains(lowered) || lowered.isEmpty ? lowered + "Value" : lowered
    }

    /// Members that name a kind of value rather than which one.
    static let uninformativeNames: Set<String> = ["rawValue", "value", "description", "uuidString", "hashValue", "absoluteString"]

    /// Keywords, and standard library functions a constant of that name would hide.
    static let reservedNames: Set<String> = [
        "default", "self", "super", "init", "deinit", "subscript", "let", "var", "func", "class", "struct", "enum", "protocol",
        "extension", "return", "true", "false", "nil", "in", "is", "as", "if", "else", "for", "while", "repeat", "switch",
        "case", "where", "guard", "defer", "do", "catch", "throw", "throws", "try", "import", "operator", "static", "type",
        "max", "min", "abs", "print", "zip", "stride", "swap", "sequence", "repeatElement", "precondition", "assert",
    ]
}
