import SwiftSyntax

/// The `type-check-complexity` fix: each literal the predicate compares with a property of its
/// input moves into a constant declared with that property's type (`let hops3: Int32 = 3`), so
/// the compiler no longer searches for the literal's type. The calibration measured a typed
/// captured constant as the cheapest comparison there is (`TypeCheckComplexityRule.Cost`), and
/// the rule offers this fix only where its cost model, re-run with the literals hoisted, puts the
/// predicate under the budget. The constant has the type the compiler would have given the
/// literal, so the predicate selects the same.
enum LiteralHoisting {
    /// A literal operand and the type its constant is declared with.
    struct Literal {
        /// The operand as written, `-3` included.
        let operand: ExprSyntax
        let type: WrittenType
        /// The compared property's name, to name the constant after.
        let property: String
    }

    /// `operand`, compared with `property` of type `propertyType`, as a constant of the type
    /// the compiler infers for it: the property's own type, or through an optional chain the
    /// member's type (the measured cheap form, `$0.relay?.number == channel`). Nil unless that
    /// is a scalar the store keeps in a column and the project does not redeclare.
    static func literal(_ operand: ExprSyntax, comparedWith property: ExprSyntax, of propertyType: WrittenType,
                        _ context: RuleContext) -> Literal? {
        let type = property.hasOptionalChain ? KeyPathResolution.unwrapped(propertyType) : propertyType
        guard case .named(let name) = KeyPathResolution.unwrapped(type), ModelIndex.columnTypes.contains(name),
              case .unknown = context.models.lookup(name, in: context.keyPaths.scope),
              let member = property.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return nil }
        return Literal(operand: operand, type: type, property: member)
    }

    /// One constant per distinct literal and type, before the statement holding the predicate
    /// (an earlier `let` of the same type and value is reused); nil where no statement can hold
    /// them or no name is free.
    static func correction(_ literals: [Literal], _ context: RuleContext) -> Correction? {
        guard !literals.isEmpty, let hoisting = StatementHoisting(before: context.site.macro) else { return nil }
        var declared: [(name: String, value: String)] = []
        var names: [String: String] = [:]  // "Int32 3" → "hops3"
        var edits: [TextEdit] = []
        for literal in literals {
            let value = literal.operand.trimmedDescription
            let key = "\(literal.type) \(value)"
            if names[key] == nil {
                if let existing = hoisting.constant(holding: value, ofType: literal.type.description, at: context.site.macro,
                                                    fileScope: context.fileFacts) {
                    names[key] = existing
                } else {
                    let taken = Set(declared.map { $0.name.prefix { $0 != ":" } }.map(String.init))
                    guard let name = hoisting.freeName(constantName(for: literal), at: context.site.macro,
                                                       fileScope: context.fileFacts, excluding: taken) else { return nil }
                    names[key] = name
                    declared.append(("\(name): \(literal.type)", value))
                }
            }
            edits.append(TextEdit(replacing: literal.operand, with: names[key]!))
        }
        if !declared.isEmpty { edits.insert(hoisting.declarations(declared), at: 0) }
        return Correction(title: "Hoist the literals into typed constants", edits: edits)
    }

    /// `false` → `no`, `true` → `yes`; a number after the property (`hops3`, `ratingMinus1`,
    /// `rating4_5`); a one-word string after the property and the word (`statusDone`), `""`
    /// as `emptyStatus`; anything else `statusValue`.
    static func constantName(for literal: Literal) -> String {
        let operand = literal.operand
        if let boolean = operand.as(BooleanLiteralExprSyntax.self) {
            return boolean.literal.tokenKind == .keyword(.true) ? "yes" : "no"
        }
        let property = literal.property.filter { $0 != "`" }
        if let string = operand.as(StringLiteralExprSyntax.self) {
            let text = string.representedLiteralValue ?? "-"
            if text.isEmpty { return "empty" + capitalized(property) }
            if text.count <= 20, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), text.first?.isLetter == true {
                return property + capitalized(text)
            }
            return property + "Value"
        }
        let digits = operand.trimmedDescription.map { $0 == "-" ? "Minus" : $0 == "." ? "_" : String($0) }.joined()
        guard digits.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return property + "Value" }
        // `i0` and `1` → `i0_1`, not `i01`.
        let separator = property.last?.isNumber == true && digits.first?.isNumber == true ? "_" : ""
        return property + separator + (digits.first?.isNumber == true ? digits : capitalized(digits))
    }

    private static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}
