import SwiftSyntax

/// Works out a predicate's `StoreQuery` from its syntax tree, the way Foundation's conversion
/// turns the macro's `PredicateExpressions` into an `NSPredicate`:
/// - each part becomes a test or a value; a test used as a value becomes `TERNARY(test, YES,
///   NO)`, and a value used as a test `value == YES`;
/// - `??` becomes `TERNARY(x != nil, x, d)`, `x?.y` and `x.flatMap { … }` become
///   `TERNARY(x != nil, x.y, nil)`, and `?:` a `TERNARY`;
/// - `count` is `length` on text and `@count` on collections, `isEmpty` is a count of zero;
/// - `contains(where:)`, `allSatisfy` and `filter` become `SUBQUERY`s over `$_local_1`, … in
///   the order the conversion numbers them; a captured collection's `contains` is `IN`;
/// - what reads only captured values is a constant SwiftData works out first;
/// - a force unwrap, a cast, integer division and the like have no translation.
/// What the tool does not model (an unknown call, a multi-statement body) is `.unknown`,
/// and nothing that depends on it is judged.
struct StoreTranslator {
    let site: PredicateSite
    let keyPaths: KeyPathResolution
    let fileFacts: FileFacts?
    private var nextLocal = 1
    /// What a nested closure's parameter or an `if let` name stands for: a subquery's variable,
    /// or the term a `flatMap`/`if let` unwraps.
    private var bindings: [SyntaxIdentifier: StoreTerm] = [:]
    /// `x` in `x?.…`, once its test for nil is in place.
    private var unwrapped: [SyntaxIdentifier: StoreTerm] = [:]

    init(site: PredicateSite, keyPaths: KeyPathResolution, fileFacts: FileFacts?) {
        self.site = site
        self.keyPaths = keyPaths
        self.fileFacts = fileFacts
    }

    static func translate(_ site: PredicateSite, keyPaths: KeyPathResolution, fileFacts: FileFacts?) -> StoreQuery {
        guard site.kind == .predicate else { return StoreQuery(cannotKnow: "an #Expression is not a query SwiftData runs") }
        let storageUnknown: String?
        switch keyPaths.root {
        case .model: storageUnknown = nil
        case .inMemory(let name): return StoreQuery(cannotKnow: "`\(name)` is not a model: the predicate is evaluated in memory")
        case .otherModule(let name): return StoreQuery(cannotKnow: "`\(name)` belongs to another module's framework, not SwiftData")
        case .ambiguous: return StoreQuery(cannotKnow: "the input's type names two declarations")
        case .genericModel(let name), .genericUnknown(let name):
            storageUnknown = "the input is the generic `\(name)`: how its properties are stored is not known"
        case .unknown: storageUnknown = "the input is not a type the linted files declare: how its properties are stored is not known"
        }
        guard site.body.count == 1, let expression = Self.onlyExpression(of: site.body) else {
            return StoreQuery(cannotKnow: "the body is not a single expression, which the macro rejects")
        }
        var translator = StoreTranslator(site: site, keyPaths: keyPaths, fileFacts: fileFacts)
        return StoreQuery(predicate: translator.test(expression), storageUnknown: storageUnknown)
    }

    static func onlyExpression(of body: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard let item = body.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        if let statement = item.as(ReturnStmtSyntax.self) { return statement.expression }
        return item.as(ExpressionStmtSyntax.self)?.expression
    }

    // MARK: Tests and values

    /// The part as a test: a value is compared with YES.
    mutating func test(_ expression: ExprSyntax) -> StoreTerm {
        let term = translate(expression)
        guard !term.isTest, !isOpaque(term) else { return term }
        return StoreTerm(.comparison(term, "==", constant("YES", at: expression)), from: expression, readsInput: term.readsInput)
    }

    /// The part as a value: a test is wrapped in `TERNARY(test, YES, NO)`.
    mutating func value(_ expression: ExprSyntax) -> StoreTerm {
        let term = translate(expression)
        guard term.isTest else { return term }
        return StoreTerm(.ternary(term, constant("YES", at: expression), constant("NO", at: expression)),
                         from: expression, readsInput: term.readsInput)
    }

    private func isOpaque(_ term: StoreTerm) -> Bool {
        switch term.form {
        case .unknown, .noTranslation: true
        default: false
        }
    }

    private func constant(_ text: String, at node: some SyntaxProtocol) -> StoreTerm {
        StoreTerm(.constant(text), from: node, readsInput: false)
    }

    private func unknown(_ what: String, at node: some SyntaxProtocol) -> StoreTerm {
        StoreTerm(.unknown(what), from: node, readsInput: true)
    }

    // MARK: Expressions

    private mutating func translate(_ expression: ExprSyntax) -> StoreTerm {
        if let unwrappedTerm = unwrapped[expression.id] { return unwrappedTerm }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
           only.label == nil {
            return translate(only.expression)
        }
        // What reads only captured values is worked out before the store sees it, except
        // where the conversion has a translation of its own for the operator (`true && false`
        // stays `YES == YES AND NO == YES`, `-1` stays `1 * -1`).
        guard readsInput(expression) || Self.translatesWithoutInput(expression) else { return captured(expression) }
        // `a?.b`: the chain reads `a` once it is known not to be nil.
        if let chain = firstOptionalChain(in: expression) {
            let wrapped = value(chain.expression)
            unwrapped[chain.id] = wrapped
            let body = value(expression)
            unwrapped[chain.id] = nil
            return nilChecked(wrapped, then: body, otherwise: constant("nil", at: expression), at: expression)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return name(reference) }
        if let member = expression.as(MemberAccessExprSyntax.self) { return self.member(member) }
        if let infix = expression.as(InfixOperatorExprSyntax.self) { return self.infix(infix) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            let operand = prefix.expression
            switch prefix.operator.text {
            case "!": return StoreTerm(.not(test(operand)), from: expression, readsInput: true)
            case "-":
                let negated = value(operand)
                return StoreTerm(.function("multiply:by:", [negated, constant("-1", at: prefix)]), from: expression, readsInput: negated.readsInput)
            default: return unknown("prefix \(prefix.operator.text)", at: expression)
            }
        }
        if expression.is(ForceUnwrapExprSyntax.self) { return StoreTerm(.noTranslation("ForcedUnwrap"), from: expression, readsInput: true) }
        if expression.is(IsExprSyntax.self) { return StoreTerm(.noTranslation("TypeCheck"), from: expression, readsInput: true) }
        if let cast = expression.as(AsExprSyntax.self) {
            let kind = cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? "ConditionalCast" : "ForceCast"
            return StoreTerm(.noTranslation(kind), from: expression, readsInput: true)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let condition = test(ternary.condition)
            let yes = value(ternary.thenExpression), no = value(ternary.elseExpression)
            return StoreTerm(.ternary(condition, yes, no), from: expression, readsInput: true)
        }
        if let ifExpression = expression.as(IfExprSyntax.self) { return self.ifExpression(ifExpression) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return self.call(call) }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            let arguments = Array(subscriptCall.arguments)
            guard arguments.count == 1, arguments[0].label == nil else {
                return StoreTerm(.noTranslation("DictionaryKeyDefaultValueSubscript"), from: expression, readsInput: true)
            }
            let collection = value(subscriptCall.calledExpression), index = value(arguments[0].expression)
            return StoreTerm(.function("objectFrom:withIndex:", [collection, index]), from: expression, readsInput: true)
        }
        return unknown("\(expression.kind)", at: expression)
    }

    static func translatesWithoutInput(_ expression: ExprSyntax) -> Bool {
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            return ["&&", "||", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*"].contains(infix.operatorText ?? "")
                && [infix.leftOperand, infix.rightOperand].allSatisfy { literal($0.withoutParentheses) != nil || translatesWithoutInput($0.withoutParentheses) }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), ["!", "-"].contains(prefix.operator.text) {
            let operand = prefix.expression.withoutParentheses
            return literal(operand) != nil || translatesWithoutInput(operand)
        }
        return false
    }

    private func nilChecked(_ wrapped: StoreTerm, then body: StoreTerm, otherwise: StoreTerm, at node: some SyntaxProtocol) -> StoreTerm {
        let check = StoreTerm(.comparison(wrapped, "!=", constant("nil", at: node)), from: node, readsInput: wrapped.readsInput)
        return StoreTerm(.ternary(check, body, otherwise), from: node, readsInput: true)
    }

    /// The optional chain nearest the root of a postfix chain (`a?` in `a?.b?.c`), not yet
    /// unwrapped: what the macro turns into the outermost `flatMap`.
    private func firstOptionalChain(in expression: ExprSyntax) -> OptionalChainingExprSyntax? {
        var found: OptionalChainingExprSyntax?
        var current: ExprSyntax? = expression
        while let node = current {
            if let chain = node.as(OptionalChainingExprSyntax.self) {
                if unwrapped[chain.id] != nil { break }
                found = chain
                current = chain.expression
            } else if let member = node.as(MemberAccessExprSyntax.self) {
                current = member.base
            } else if let call = node.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let unwrap = node.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else {
                break
            }
        }
        return found
    }

    private func captured(_ expression: ExprSyntax) -> StoreTerm {
        let plain = expression.withoutParentheses
        if let literal = Self.literal(plain) { return constant(literal, at: expression) }
        // `let limit = 2` in view: its value is what the store receives.
        if let reference = plain.as(DeclReferenceExprSyntax.self),
           case .variable(let binding)? = LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: fileFacts),
           binding.pattern.as(IdentifierPatternSyntax.self) != nil,
           binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let),
           let initial = binding.initializer?.value.withoutParentheses, let literal = Self.literal(initial) {
            return constant(literal, at: expression)
        }
        if let prefix = plain.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           let literal = Self.literal(prefix.expression.withoutParentheses) {
            // The macro keeps `-1` as a negation: the conversion multiplies by -1.
            return StoreTerm(.function("multiply:by:", [constant(literal, at: prefix.expression), constant("-1", at: prefix)]),
                             from: expression, readsInput: false)
        }
        let text = plain.trimmedDescription.filter { !$0.isWhitespace }
        let isName = text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return StoreTerm(.captured(isName ? text : "(\(text))"), from: expression, readsInput: false)
    }

    static func literal(_ expression: ExprSyntax) -> String? {
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return boolean.literal.tokenKind == .keyword(.true) ? "YES" : "NO" }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return integer.literal.text.filter { $0 != "_" } }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return float.literal.text.filter { $0 != "_" } }
        if expression.is(NilLiteralExprSyntax.self) { return "nil" }
        if let string = expression.as(StringLiteralExprSyntax.self), string.openingPounds == nil,
           string.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) {
            let text = string.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
            return "\"" + text + "\""
        }
        return nil
    }

    /// `$0` (the input), a nested closure's parameter, an `if let` name.
    private func name(_ reference: DeclReferenceExprSyntax) -> StoreTerm {
        switch LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: fileFacts) {
        case .closureParameter(let closure)? where closure.id == site.closure.id:
            return StoreTerm(.keyPath(base: nil, components: []), from: reference, readsInput: true)
        case .closureParameter(let closure)?:
            return bindings[closure.id] ?? unknown("a closure's parameter", at: reference)
        case .optionalBinding(let binding)?:
            return bindings[binding.id] ?? unknown("an `if let` name", at: reference)
        default:
            return unknown("a name", at: reference)
        }
    }

    // MARK: Members

    private mutating func member(_ access: MemberAccessExprSyntax) -> StoreTerm {
        guard let baseExpression = access.base else { return unknown("an implicit member", at: access) }
        let name = access.declName.baseName.text
        let base = value(baseExpression)
        let baseType = keyPaths.type(of: baseExpression).map(KeyPathResolution.unwrapped)
        let isText = baseType == .named("String") || baseType == .named("Substring")
        var isCollection = false
        if case .array? = baseType { isCollection = true }
        if case .set? = baseType { isCollection = true }
        switch name {
        case "count" where isText || isCollection || base.isSubquery:
            return attach(isText ? "length" : "@count", to: base, from: access, storage: nil)
        // With the base's type unknown (an input the linted files do not declare), `isEmpty` is
        // still a collection's: the macro supports no other, and a stored `isEmpty` would be known.
        case "isEmpty" where isText || isCollection || baseType == nil:
            let count = attach(isText ? "length" : "@count", to: base, from: access, storage: nil)
            return StoreTerm(.comparison(count, "==", constant("0", at: access)), from: access, readsInput: true)
        case "first", "last":
            if case .array? = baseType {
                return StoreTerm(.function("objectFrom:withIndex:", [base, constant(name.uppercased(), at: access)]), from: access, readsInput: true)
            }
            if isCollection || isText { return StoreTerm(.noTranslation("KeyPath \(name)"), from: access, readsInput: true) }
        default:
            break
        }
        var storage: PropertyStorage?
        if case .named(let model)? = baseType, keyPaths.index.isModel(model) {
            if name == "persistentModelID" {
                storage = nil
            } else if let member = keyPaths.index.member(name, of: model) {
                storage = keyPaths.index.storage(of: member)
            } else {
                storage = .unknown
            }
        }
        return attach(name, to: base, from: access, storage: storage)
    }

    private func attach(_ component: String, to base: StoreTerm, from node: some SyntaxProtocol, storage: PropertyStorage?) -> StoreTerm {
        // A plain key path grows by string; once it holds an `@`, or on any other base, the
        // conversion attaches the component to the base as its operand.
        if case .keyPath(let inner, let components) = base.form, !components.contains(where: { $0.hasPrefix("@") }) {
            return StoreTerm(.keyPath(base: inner, components: components + [component]), from: node, readsInput: true, storage: storage)
        }
        return StoreTerm(.keyPath(base: base, components: [component]), from: node, readsInput: true, storage: storage)
    }

    // MARK: Operators

    private mutating func infix(_ infix: InfixOperatorExprSyntax) -> StoreTerm {
        let node = infix
        guard let operatorText = infix.operatorText else {
            return unknown("an operator", at: node)
        }
        switch operatorText {
        case "&&", "||":
            let left = test(infix.leftOperand), right = test(infix.rightOperand)
            return StoreTerm(operatorText == "&&" ? .and(left, right) : .or(left, right), from: node, readsInput: true)
        case "==", "!=", "<", "<=", ">", ">=":
            let left = value(infix.leftOperand), right = value(infix.rightOperand)
            return StoreTerm(.comparison(left, operatorText, right), from: node, readsInput: true)
        case "??":
            let left = value(infix.leftOperand), right = value(infix.rightOperand)
            return nilChecked(left, then: left, otherwise: right, at: node)
        case "+", "-", "*":
            let names = ["+": "add:to:", "-": "from:subtract:", "*": "multiply:by:"]
            return StoreTerm(.function(names[operatorText]!, [value(infix.leftOperand), value(infix.rightOperand)]), from: node, readsInput: true)
        case "/":
            if isInteger(infix.leftOperand) || isInteger(infix.rightOperand) {
                return StoreTerm(.noTranslation("IntDivision"), from: node, readsInput: true)
            }
            return StoreTerm(.function("divide:by:", [value(infix.leftOperand), value(infix.rightOperand)]), from: node, readsInput: true)
        case "%":
            return StoreTerm(.noTranslation("IntRemainder"), from: node, readsInput: true)
        case "...":
            return StoreTerm(.aggregate([value(infix.leftOperand), value(infix.rightOperand)]), from: node, readsInput: true)
        case "..<":
            return StoreTerm(.noTranslation("Range"), from: node, readsInput: true)
        default:
            return unknown("the operator \(operatorText)", at: node)
        }
    }

    private func isInteger(_ expression: ExprSyntax) -> Bool {
        if expression.withoutParentheses.is(IntegerLiteralExprSyntax.self) { return false }  // could be a Double
        guard case .named(let name)? = keyPaths.type(of: expression).map(KeyPathResolution.unwrapped) else { return false }
        return name.hasPrefix("Int") || name.hasPrefix("UInt")
    }

    /// `if c { a } else { b }` is a conditional; `if let v = x { a } else { b }` tests `x` for
    /// nil and reads `x` where `a` names `v` (our reading of the macro's rewrite).
    private mutating func ifExpression(_ node: IfExprSyntax) -> StoreTerm {
        guard node.conditions.count == 1, let condition = node.conditions.first?.condition,
              let elseBody = node.elseBody?.as(CodeBlockSyntax.self),
              let yesExpression = Self.onlyExpression(of: node.body.statements),
              let noExpression = Self.onlyExpression(of: elseBody.statements) else {
            return unknown("an if expression", at: node)
        }
        if let binding = condition.as(OptionalBindingConditionSyntax.self) {
            let boundExpression = binding.initializer?.value
                ?? ExprSyntax(DeclReferenceExprSyntax(baseName: binding.pattern.as(IdentifierPatternSyntax.self)?.identifier ?? .identifier("_")))
            guard binding.initializer != nil else { return unknown("an `if let` shorthand", at: node) }
            let wrapped = value(boundExpression)
            bindings[binding.id] = wrapped
            let yes = value(yesExpression), no = value(noExpression)
            return nilChecked(wrapped, then: yes, otherwise: no, at: node)
        }
        guard let expression = condition.as(ExprSyntax.self) else { return unknown("an if condition", at: node) }
        let check = test(expression)
        return StoreTerm(.ternary(check, value(yesExpression), value(noExpression)), from: node, readsInput: true)
    }

    // MARK: Calls

    private mutating func call(_ call: FunctionCallExprSyntax) -> StoreTerm {
        guard let name = call.calleeName, let receiverExpression = call.receiver else { return unknown("a call", at: call) }
        let arguments = Array(call.arguments)
        let closure = call.trailingClosure ?? arguments.first?.expression.as(ClosureExprSyntax.self)
        let receiverType = keyPaths.type(of: receiverExpression).map(KeyPathResolution.unwrapped)
        let receiverIsText = receiverType == .named("String") || receiverExpression.withoutParentheses.is(StringLiteralExprSyntax.self)
        switch (name, closure) {
        case ("contains", let closure?), ("allSatisfy", let closure?), ("filter", let closure?):
            let local = "_local_\(nextLocal)"
            nextLocal += 1
            let variable = StoreTerm(.variable(local), from: closure, readsInput: true)
            bindings[closure.id] = variable
            guard let body = Self.onlyExpression(of: closure.statements) else { return unknown("a closure", at: call) }
            let collection: StoreTerm, condition: StoreTerm
            if name == "allSatisfy" {
                let inner = test(body)
                condition = StoreTerm(.not(inner), from: body, readsInput: true)
                collection = value(receiverExpression)
            } else {
                collection = value(receiverExpression)
                condition = test(body)
            }
            let subquery = StoreTerm(.subquery(collection, variable: local, condition), from: call, readsInput: true)
            if name == "filter" { return subquery }
            let count = attach("@count", to: subquery, from: call, storage: nil)
            return StoreTerm(.comparison(count, name == "contains" ? "!=" : "==", constant("0", at: call)), from: call, readsInput: true)
        case ("flatMap", let closure?):
            guard let body = Self.onlyExpression(of: closure.statements) else { return unknown("a closure", at: call) }
            let wrapped = value(receiverExpression)
            bindings[closure.id] = wrapped
            return nilChecked(wrapped, then: value(body), otherwise: constant("nil", at: call), at: call)
        default:
            break
        }
        guard arguments.count == 1 || (arguments.isEmpty && ["max", "min"].contains(name)) else {
            return unknown("the call \(name)", at: call)
        }
        switch name {
        case "contains" where arguments[0].label == nil:
            return contains(receiverExpression, arguments[0].expression, receiverIsText: receiverIsText, call: call)
        case "starts" where arguments[0].label?.text == "with":
            return StoreTerm(.comparison(value(receiverExpression), "BEGINSWITH", value(arguments[0].expression)), from: call, readsInput: true)
        case "localizedStandardContains":
            return StoreTerm(.comparison(value(receiverExpression), "CONTAINS[cdl]", value(arguments[0].expression)), from: call, readsInput: true)
        case "caseInsensitiveCompare", "localizedCompare":
            let option = name == "caseInsensitiveCompare" ? "[c]" : "[l]"
            let left = value(receiverExpression), right = value(arguments[0].expression)
            let less = StoreTerm(.comparison(left, "<" + option, right), from: call, readsInput: true)
            let equal = StoreTerm(.comparison(left, "==" + option, right), from: call, readsInput: true)
            let order = StoreTerm(.ternary(less, constant("-1", at: call), constant("1", at: call)), from: call, readsInput: true)
            return StoreTerm(.ternary(equal, constant("0", at: call), order), from: call, readsInput: true)
        case "max", "min":
            return attach("@\(name).self", to: value(receiverExpression), from: call, storage: nil)
        default:
            return unknown("the call \(name)", at: call)
        }
    }

    /// `x.contains(y)`: text in text is `CONTAINS`, a regex `MATCHES`, a range `BETWEEN` or two
    /// comparisons, anything else `y IN x`.
    private mutating func contains(_ receiver: ExprSyntax, _ element: ExprSyntax, receiverIsText: Bool, call: FunctionCallExprSyntax) -> StoreTerm {
        let plainReceiver = receiver.withoutParentheses
        if let range = plainReceiver.as(InfixOperatorExprSyntax.self), range.operatorText == "..<" {
            let item = value(element), lower = value(range.leftOperand), upper = value(range.rightOperand)
            return StoreTerm(.and(StoreTerm(.comparison(item, ">=", lower), from: call, readsInput: true),
                                  StoreTerm(.comparison(item, "<", upper), from: call, readsInput: true)), from: call, readsInput: true)
        }
        if let range = plainReceiver.as(InfixOperatorExprSyntax.self), range.operatorText == "..." {
            let item = value(element)
            return StoreTerm(.comparison(item, "BETWEEN", value(receiver)), from: call, readsInput: true)
        }
        let plainElement = element.withoutParentheses
        if let regex = plainElement.as(RegexLiteralExprSyntax.self) {
            // The pattern is wrapped to match anywhere in the text.
            let pattern = constant("\".*" + regex.regex.text + ".*\"", at: regex)
            return StoreTerm(.comparison(value(receiver), "MATCHES", pattern), from: call, readsInput: true)
        }
        if plainElement.as(DeclReferenceExprSyntax.self)?.isCapturedRegex(fileScope: fileFacts) == true {
            return StoreTerm(.comparison(value(receiver), "MATCHES", value(element)), from: call, readsInput: true)
        }
        if receiverIsText {
            return StoreTerm(.comparison(value(receiver), "CONTAINS", value(element)), from: call, readsInput: true)
        }
        if !readsInput(receiver), let typeName = CapturedValues.declaredType(of: receiver, fileScope: fileFacts)?.description,
           let kind = typeName.split(separator: "<").first.map(String.init),
           let bounds = Self.capturedRangeBounds[kind] {
            // A captured range is compared with its bounds (a countable one becomes the list of
            // its values, by our reading of the conversion; shown the same way here).
            let item = value(element)
            let name = receiver.withoutParentheses.trimmedDescription
            let tests = bounds.map { op, bound in
                StoreTerm(.comparison(item, op, bound.isEmpty ? value(receiver) : StoreTerm(.captured(name + "." + bound), from: receiver, readsInput: false)),
                          from: call, readsInput: true)
            }
            return tests.count == 2 ? StoreTerm(.and(tests[0], tests[1]), from: call, readsInput: true) : tests[0]
        }
        return StoreTerm(.comparison(value(element), "IN", value(receiver)), from: call, readsInput: true)
    }

    /// How the conversion tests an element against a captured range: operator and bound
    /// (none: the range itself, as `{lower, upper}`).
    static let capturedRangeBounds: [String: [(String, String)]] = [
        "Range": [(">=", "lowerBound"), ("<", "upperBound")],
        "ClosedRange": [("BETWEEN", "")],
        "PartialRangeFrom": [(">=", "lowerBound")],
        "PartialRangeThrough": [("<=", "upperBound")],
        "PartialRangeUpTo": [("<", "upperBound")],
    ]

    // MARK: What reads the input

    func readsInput(_ expression: ExprSyntax) -> Bool {
        Self.readsInput(expression, of: site, fileFacts: fileFacts)
    }

    /// Whether the expression names the predicate's input, a nested closure's parameter or
    /// an `if let` inside the predicate: otherwise it is captured, and a constant to the store.
    static func readsInput(_ expression: ExprSyntax, of site: PredicateSite, fileFacts: FileFacts?) -> Bool {
        for token in expression.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else {
                if case .dollarIdentifier = token.tokenKind { return true }
                continue
            }
            if reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id == reference.id { continue }
            switch LexicalLookup.binding(of: token.text, from: reference, fileScope: fileFacts) {
            case .closureParameter(let closure)? where closure.id == site.closure.id || closure.isInside(site.closure): return true
            case .optionalBinding(let binding)? where binding.isInside(site.closure): return true
            default: continue
            }
        }
        return false
    }
}

extension StoreTerm {
    var isSubquery: Bool {
        if case .subquery = form { return true }
        return false
    }
}

extension SyntaxProtocol {
    func isInside(_ ancestor: some SyntaxProtocol) -> Bool {
        var current = parent
        while let node = current {
            if node.id == ancestor.id { return true }
            current = node.parent
        }
        return false
    }
}
