import SwiftSyntax

/// Predicates whose comparisons, together, exhaust the type checker's budget.
public struct TypeCheckComplexityRule: PredicateRule {
    static let timeOut = RuleCase(
        "more comparisons than the type checker solves in time", failsAt: .build,
        evidence: .graded(.b, "several independent reports of the time-out, "
            + "and our measurements against swiftc 6.3.1 (TypeCheckComplexityCalibrationTests; the real apps' "
            + "predicates and their boundary variants in docs/TypeCheckCalibration.tsv, 2026-12-01 and -02, "
            + "measured again on 2026-12-06); "
            + "the budget depends on the compiler version"))

    public static let description = RuleDescription(
        id: "type-check-complexity",
        severity: .warning,
        summary: "Too many comparisons in one predicate can exhaust the type checker",
        rationale: """
            The macro turns a predicate into one large generic expression, and the compiler \
            infers all of its types at once: the work grows with every comparison, by a factor \
            that depends on what is compared. Past a budget it gives up with "unable to \
            type-check this expression in reasonable time", after seconds of building. Measured \
            with Swift 6.3.1, counting how many of one kind time out: a property compared with a \
            captured value or with `nil`, ten; one through an optional chain \
            (`$0.relay?.number == limit`), five; a literal of the property's own default type (an \
            integer against `Int`, `false` against `Bool`, a string), seven; a literal that needs \
            another type (an integer against `Int16`, `Int32` or `Double`, one through an optional \
            chain, every floating-point literal), four, and once one does, the compiler tries other \
            types for the other literals too; a literal against a property declared optional, \
            three; two of the input's own properties of one type tested for equality, three \
            (ordered by `<` they cost less: two tested for equality and one ordered build, and a \
            fourth, ordered, times out). `contains` and `starts(with:)`, whose names have many \
            overloads, cost about one and a half captured comparisons and make literals dearer \
            (more so in a file that imports RegexBuilder); a method with one overload \
            (`localizedStandardContains`) costs little. `if`/`else` and ternaries do not help: \
            their comparisons count like any other. The rule adds these costs and reports only \
            shapes measured to time out: it flags none of the 1,796 predicates in \
            docs/TypeCheckCalibration.tsv that build (1,729 of them rebuilt from 56 public apps \
            with stand-in models; the slowest took 14 s), and 16 of the 23 that time out. A \
            literal moved into a constant of the compared property's type (`let hops3: Int32 = \
            3`) costs what a captured value costs; the fix does that where the same costs, \
            added again, fall under the budget, and the message says whether they do. Otherwise \
            write `!flag` for `flag == false`, or split the predicate and combine the parts with \
            `evaluate` (iOS 17.4).
            """,
        cases: [timeOut],
        triggering: [
            Example("↓#Predicate<Message> { $0.isRead == false && $0.isMuted == false && $0.isPinned == false && $0.hops != 3 }"),
            Example("↓#Predicate<Message> { m in m.hops != 1 && m.hops != 2 && m.hops < 30 && m.hops > 0 }"),
            Example("""
            let channel: Int32 = 2
            let predicate = ↓#Predicate<Message> { m in
                if m.hops == channel {
                    m.text == "ping" && m.isRead == false
                } else if m.hops != 0 {
                    m.isMuted == false && m.isPinned == false || m.isArchived == false
                } else {
                    m.text != "" && m.hops != channel
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            let maximumHops: Int32 = 3
            let predicate = #Predicate<Message> { !$0.isRead && !$0.isMuted && !$0.isPinned && $0.hops != maximumHops }
            """),
            Example("#Predicate<Message> { $0.isRead == false && $0.isMuted == false && $0.isPinned == false && $0.isArchived == false }"),
            Example("#Predicate<Message> { $0.text.count > 3 && $0.text.count < 10 && $0.text.count != 5 && $0.isRead == false }"),
            Example("""
            let channel: Int32 = 2
            let predicate = #Predicate<Message> { m in m.sender != nil && m.relay?.number == channel && m.via?.number == channel }
            """),
        ],
        corrections: [
            (Example("""
            func unread() -> Predicate<Message> {
                ↓#Predicate<Message> { $0.isRead == false && $0.isMuted == false && $0.isPinned == false && $0.hops != 3 }
            }
            """), """
            func unread() -> Predicate<Message> {
                let no: Bool = false
                let hops3: Int32 = 3
                return #Predicate<Message> { $0.isRead == no && $0.isMuted == no && $0.isPinned == no && $0.hops != hops3 }
            }
            """),
            (Example("""
            func nearby() -> Predicate<Message> {
                let predicate = ↓#Predicate<Message> { m in m.hops != 1 && m.hops != 2 && m.hops < 30 && m.hops > 0 }
                return predicate
            }
            """), """
            func nearby() -> Predicate<Message> {
                let hops1: Int32 = 1
                let hops2: Int32 = 2
                let hops30: Int32 = 30
                let hops0: Int32 = 0
                let predicate = #Predicate<Message> { m in m.hops != hops1 && m.hops != hops2 && m.hops < hops30 && m.hops > hops0 }
                return predicate
            }
            """),
        ])

    public init() {}

    /// What one part of a predicate asks of the type checker, in hundredths of its budget;
    /// measured with swiftc 6.3.1 (see `TypeCheckComplexityCalibrationTests`).
    enum Cost {
        static let budget = 100
        /// `$0.hops == limit`: the other side's type is known, nothing to infer. Also `nil`
        /// compared with a property (measured: two such beside seven captured comparisons
        /// build, where ten captured comparisons do not), and two properties of two types.
        static let capturedValue = 10
        /// `$0.relay?.number == limit`: the chain's optional adds overloads of `==` to try
        /// (measured: five time out, four build; three beside six captured ones time out,
        /// two beside six build).
        static let capturedThroughOptionalChain = 18
        /// `$0.name.localizedStandardContains(text)`: one method of that name.
        static let methodCall = 5
        /// `$0.name.contains(text)`, `$0.name.starts(with: text)`: names with many overloads
        /// (`Sequence`, `StringProtocol`, with and without a closure), which also make
        /// literals dearer (`literalBesideCalls`). Dearer still in a file that imports
        /// RegexBuilder, which adds overloads; measured without it, as app files are written.
        static let overloadedCall = 15
        static let overloadedNames: Set<String> = ["contains", "starts"]
        /// `$0.count == 3` (`Int`), `$0.isRead == false`.
        static let literalOfDefaultType = 15
        /// `$0.name == "x"`: a string literal may also be a `Character` or a `Substring`.
        static let stringLiteral = 16
        /// The same in a predicate that also calls an overloaded method.
        static let literalBesideCalls = 20
        /// `$0.hops == 3` (`Int32`), `$0.rating > 4.5`, `$0.retries == 0` (`Int?`): the compiler
        /// tries the literal's default type first and backtracks. Once one literal does, Bool
        /// and string literals are charged this too; integer literals of their default type
        /// only once two literals do (measured: one `Int32` literal beside three `Int` ones
        /// builds, beside three `false` it does not).
        static let literalOfOtherType = 25
        /// `$0.retries == 3` where `retries` is declared `Int?`: dearer still (measured: three
        /// time out, two build). Through an optional chain (`$0.relay?.hops == 3`) a literal
        /// costs `literalOfOtherType` (four time out, three build).
        static let literalOfOptionalType = 34
        /// `$0.start == $0.end`: two of the root's own properties of one type tested for
        /// equality, both sides generic (three time out; two of them and one ordered pair
        /// build). Ordered pairs and pairs through an optional chain cost less (below); pairs
        /// of two types are charged as a captured value.
        static let twoProperties = 34
        /// `$0.start < $0.end`: the same pair ordered (two equal pairs and one ordered pair
        /// build; with a fourth, ordered, they time out).
        static let twoPropertiesOrdered = 20
        /// `$0.relay?.hops == $0.limit`: two of the input's properties, one through an optional
        /// chain (four time out, three build).
        static let twoPropertiesThroughOptionalChain = 25
    }

    /// What a predicate's parts cost, by kind. Public for the type-check calibration, which
    /// records each measured predicate's tally beside the compiler's verdict.
    public struct Tally: Equatable, Sendable {
        public var capturedValues = 0
        public var capturedThroughOptionalChains = 0
        public var methodCalls = 0
        public var overloadedCalls = 0
        public var integerLiteralsOfDefaultType = 0
        public var otherLiteralsOfDefaultType = 0
        public var stringLiterals = 0
        public var literalsOfOtherType = 0
        /// Of `literalsOfOtherType`: those compared with a property declared optional.
        public var literalsOfOptionalType = 0
        public var propertyPairs = 0
        public var orderedPropertyPairs = 0
        public var propertyPairsThroughOptionalChains = 0

        public init() {}

        /// In hundredths of the budget the compiler was measured to give up at.
        public var cost: Int {
            let defaultLiteral = overloadedCalls > 0 ? Cost.literalBesideCalls : Cost.literalOfDefaultType
            let literal = literalsOfOtherType > 0 ? Cost.literalOfOtherType : defaultLiteral
            let integer = literalsOfOtherType > 1 ? Cost.literalOfOtherType : defaultLiteral
            let stringLiteral = literalsOfOtherType > 0 ? Cost.literalOfOtherType : max(Cost.stringLiteral, defaultLiteral)
            return capturedValues * Cost.capturedValue + capturedThroughOptionalChains * Cost.capturedThroughOptionalChain
                + methodCalls * Cost.methodCall + overloadedCalls * Cost.overloadedCall
                + literalsOfOtherType * Cost.literalOfOtherType
                + literalsOfOptionalType * (Cost.literalOfOptionalType - Cost.literalOfOtherType)
                + otherLiteralsOfDefaultType * literal
                + integerLiteralsOfDefaultType * integer + stringLiterals * stringLiteral
                + propertyPairs * Cost.twoProperties + orderedPropertyPairs * Cost.twoPropertiesOrdered
                + propertyPairsThroughOptionalChains * Cost.twoPropertiesThroughOptionalChain
        }

        public var exceedsBudget: Bool { cost >= Cost.budget }
    }

    /// `hoisting`: asked of each literal compared with a property of a known type; when it says
    /// yes, the comparison is charged as the typed constant the fix would put there.
    public static func tally(_ context: RuleContext,
                             hoisting: (_ operand: ExprSyntax, _ property: ExprSyntax, _ type: WrittenType) -> Bool = { _, _, _ in false }) -> Tally {
        var tally = Tally()
        for call in context.facts.calls where call.receiver != nil {
            if Cost.overloadedNames.contains(call.calleeName ?? "") { tally.overloadedCalls += 1 } else { tally.methodCalls += 1 }
        }
        for comparison in context.facts.infixOperators {
            guard comparison.isComparison, let operatorText = comparison.operatorText else { continue }
            let (left, right) = (comparison.leftOperand.withoutParentheses, comparison.rightOperand.withoutParentheses)
            let literalSide = [left, right].first { $0.is(NilLiteralExprSyntax.self) || literal($0) != nil }
            if let literalSide, let other = [left, right].first(where: { $0.id != literalSide.id }),
               context.keyPaths.type(of: other) == nil {
                // `search == nil`, `text == ""`: the captured side's type is declared, so the
                // literal's is known at once (measured on two public apps' predicates that build).
                tally.capturedValues += 1
            } else if left.is(NilLiteralExprSyntax.self) || right.is(NilLiteralExprSyntax.self) {
                tally.capturedValues += 1
            } else if let (literal, operand, other) = literal(left).map({ ($0, left, right) }) ?? literal(right).map({ ($0, right, left) }) {
                // Through an optional chain the compared value is optional, whatever the
                // member's own type (`$0.relay?.hops == 3` compares an `Int?`).
                let type = context.keyPaths.type(of: other)
                if let type, hoisting(operand, other, type) {
                    if other.hasOptionalChain { tally.capturedThroughOptionalChains += 1 } else { tally.capturedValues += 1 }
                } else if other.hasOptionalChain || needsOtherType(literal, comparedWith: type) {
                    tally.literalsOfOtherType += 1
                    if !other.hasOptionalChain, case .optional? = type { tally.literalsOfOptionalType += 1 }
                } else if literal.is(StringLiteralExprSyntax.self) {
                    tally.stringLiterals += 1
                } else if literal.is(IntegerLiteralExprSyntax.self) || literal.is(PrefixOperatorExprSyntax.self) {
                    tally.integerLiteralsOfDefaultType += 1
                } else {
                    tally.otherLiteralsOfDefaultType += 1
                }
            } else if isOwnPropertyPair(left, right, context) {
                if ["==", "!="].contains(operatorText) { tally.propertyPairs += 1 } else { tally.orderedPropertyPairs += 1 }
            } else if left.hasOptionalChain || right.hasOptionalChain {
                if context.isInputKeyPath(left) && context.isInputKeyPath(right) {
                    tally.propertyPairsThroughOptionalChains += 1
                } else {
                    tally.capturedThroughOptionalChains += 1
                }
            } else {
                tally.capturedValues += 1
            }
        }
        return tally
    }

    /// `$0.start == $0.end`: two non-optional properties of the predicate's input, of one type.
    static func isOwnPropertyPair(_ left: ExprSyntax, _ right: ExprSyntax, _ context: RuleContext) -> Bool {
        func ownProperty(_ side: ExprSyntax) -> WrittenType? {
            guard let access = side.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self),
                  case .closureParameter? = LexicalLookup.binding(of: base.baseName.text, from: base, fileScope: context.fileFacts),
                  let type = context.keyPaths.type(of: side) else { return nil }
            if case .optional = type { return nil }
            return type
        }
        guard let leftType = ownProperty(left), let rightType = ownProperty(right) else { return false }
        return leftType == rightType
    }

    /// A literal operand: `3`, `-3`, `4.5`, `true`, `"x"`.
    static func literal(_ expression: ExprSyntax) -> ExprSyntax? {
        var expression = expression
        if let negative = expression.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-" {
            expression = negative.expression.withoutParentheses
        }
        let literalKinds: [SyntaxKind] = [.integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .stringLiteralExpr]
        return literalKinds.contains(expression.kind) ? expression : nil
    }

    /// Whether the compiler must look past the literal's default type. An operand whose type we
    /// do not know is taken to match: we would rather miss a time-out than report one.
    static func needsOtherType(_ literal: ExprSyntax, comparedWith type: WrittenType?) -> Bool {
        if literal.is(FloatLiteralExprSyntax.self) { return true }
        guard let type else { return false }
        let defaultType = literal.is(IntegerLiteralExprSyntax.self) ? "Int"
            : literal.is(BooleanLiteralExprSyntax.self) ? "Bool" : "String"
        return type != .named(defaultType)
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let tally = Self.tally(context)
        guard tally.exceedsBudget else { return [] }
        var literals: [LiteralHoisting.Literal] = []
        let hoisted = Self.tally(context) { operand, property, type in
            guard let literal = LiteralHoisting.literal(operand, comparedWith: property, of: type, context) else { return false }
            literals.append(literal)
            return true
        }
        let enough = !literals.isEmpty && !hoisted.exceedsBudget
        let correction = enough ? LiteralHoisting.correction(literals, context) : nil
        let advice = !enough ? Self.splitAdvice(literalsHoistable: literals.count)
            : "; hoisting its " + Self.count(literals.count, "literal") + " into `let`s of the compared properties' types "
                + "brings it under the limit measured with swiftc 6.3.1"
                + (correction == nil ? ValueHoisting.reasonForNoFix(context).map { " (\($0))" } ?? "" : "")
        return [context.finding(self, at: context.site.macro.pound, message: Self.message(for: tally) + advice, correction: correction)]
    }

    /// What to do when hoisting literals is not enough.
    static func splitAdvice(literalsHoistable: Int) -> String {
        (literalsHoistable > 0 ? "; hoisting its literals into typed `let`s would not be enough" : "")
            + "; write `!flag` for `flag == false`, or split the predicate and combine the parts with `evaluate`"
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    static func message(for tally: Tally) -> String {
        var dearest: [String] = []
        let pairs = tally.propertyPairs + tally.orderedPropertyPairs + tally.propertyPairsThroughOptionalChains
        if pairs > 0 { dearest.append(count(pairs, "comparison") + " of two properties") }
        if tally.literalsOfOtherType > 0 {
            dearest.append(count(tally.literalsOfOtherType, "literal") + " of a type other than its default")
        }
        let literals = tally.integerLiteralsOfDefaultType + tally.otherLiteralsOfDefaultType + tally.stringLiterals
        if literals > 0 { dearest.append(count(literals, tally.literalsOfOtherType > 0 ? "other literal" : "literal")) }
        if tally.capturedThroughOptionalChains > 0 {
            dearest.append(count(tally.capturedThroughOptionalChains, "comparison") + " through an optional chain")
        }
        if tally.capturedValues > 0 {
            dearest.append(count(tally.capturedValues, dearest.isEmpty ? "comparison" : "other comparison"))
        }
        if tally.overloadedCalls > 0 { dearest.append(count(tally.overloadedCalls, "call") + " of `contains` or `starts`") }
        if tally.methodCalls > 0 { dearest.append(count(tally.methodCalls, tally.overloadedCalls > 0 ? "other method call" : "method call")) }
        return "The compiler may give up type-checking this predicate (" + dearest.joined(separator: ", ") + ")"
    }
}
