import SwiftSyntax

/// A type as the source writes it, reduced to the shapes that matter for storage.
public indirect enum WrittenType: Sendable, Hashable, Codable, CustomStringConvertible {
    case named(String)
    case optional(WrittenType)
    case array(WrittenType)
    case set(WrittenType)
    case dictionary(key: WrittenType, value: WrittenType)
    /// Tuples, functions, `some P` and other shapes a stored property of a model does not take.
    case other(String)

    public init(_ type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            self = .optional(WrittenType(optional.wrappedType))
        } else if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .optional(WrittenType(optional.wrappedType))
        } else if let array = type.as(ArrayTypeSyntax.self) {
            self = .array(WrittenType(array.element))
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            self = .dictionary(key: WrittenType(dictionary.key), value: WrittenType(dictionary.value))
        } else if let identifier = type.as(IdentifierTypeSyntax.self) {
            let arguments = identifier.genericArgumentClause?.arguments.compactMap { argument -> WrittenType? in
                if case .type(let type) = argument.argument { return WrittenType(type) }
                return nil
            } ?? []
            switch (identifier.name.text, arguments.count) {
            case ("Optional", 1): self = .optional(arguments[0])
            case ("Array", 1): self = .array(arguments[0])
            case ("Set", 1): self = .set(arguments[0])
            case ("Dictionary", 2): self = .dictionary(key: arguments[0], value: arguments[1])
            case (let name, 0): self = .named(name)
            default: self = .other(type.trimmedDescription)
            }
        } else if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
                  case .named(let base) = WrittenType(member.baseType) {
            // `Foundation.Date`, `SchemaV2.Trip`: kept whole; the index resolves it.
            self = .named(base + "." + member.name.text)
        } else if let attributed = type.as(AttributedTypeSyntax.self) {
            self = WrittenType(attributed.baseType)
        } else {
            self = .other(type.trimmedDescription)
        }
    }

    /// The type of a stored property's initial value, where the value says it plainly, as
    /// Swift would infer it: `""` → String, `0` and `-1` → Int, `Date()` and `Date.now` → Date,
    /// `Genre.drama` → Genre, `[String]()` → [String], `Origin?.some(.standard)` → Origin?,
    /// `[Item]?.some([])` → [Item]?, `Set<String>()` → Set<String>.
    public init?(inferredFrom value: ExprSyntax) {
        var value = value.withoutParentheses
        if let negative = value.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-" {
            value = negative.expression
        }
        switch value.kind {
        case .stringLiteralExpr: self = .named("String")
        case .integerLiteralExpr: self = .named("Int")
        case .floatLiteralExpr: self = .named("Double")
        case .booleanLiteralExpr: self = .named("Bool")
        default:
            if let call = value.as(FunctionCallExprSyntax.self) {
                // `Date()`, `[String]()`, `Set<String>()`, `Money.init(…)`, `Origin?.some(…)`.
                if let type = WrittenType(spelledBy: call.calledExpression) { self = type; return }
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                      let type = WrittenType(spelledBy: base) else { return nil }
                switch (member.declName.baseName.text, type) {
                case ("init", _), ("some", .optional): self = type
                default: return nil  // a static function: its result type is not written here
                }
            } else if let member = value.as(MemberAccessExprSyntax.self), let base = member.base,
                      let type = WrittenType(spelledBy: base) {
                self = type  // `Genre.drama`, `Date.now`, `Movie.Genre.drama`, `Kind?.none`
            } else {
                return nil
            }
        }
    }

    /// The type an expression spells, where it plainly spells one: `Genre`, `Movie.Genre`
    /// (capitalized names), `[Item]`, `[String: Int]`, `Origin?`, `Set<String>`; nil for values
    /// such as `movie.genre`.
    init?(spelledBy expression: ExprSyntax) {
        if let name = WrittenType.typeName(expression) {
            self = .named(name)
        } else if let optional = expression.as(OptionalChainingExprSyntax.self),
                  let wrapped = WrittenType(spelledBy: optional.expression) {
            self = .optional(wrapped)
        } else if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1,
                  let element = array.elements.first.flatMap({ WrittenType(spelledBy: $0.expression) }) {
            self = .array(element)
        } else if let dictionary = expression.as(DictionaryExprSyntax.self),
                  case .elements(let elements) = dictionary.content, elements.count == 1, let only = elements.first,
                  let key = WrittenType(spelledBy: only.key), let value = WrittenType(spelledBy: only.value) {
            self = .dictionary(key: key, value: value)
        } else if let typeExpression = expression.as(TypeExprSyntax.self) {
            self = WrittenType(typeExpression.type)
        } else if let specialized = expression.as(GenericSpecializationExprSyntax.self),
                  let name = WrittenType.typeName(specialized.expression) {
            let arguments = specialized.genericArgumentClause.arguments.compactMap { argument -> WrittenType? in
                if case .type(let type) = argument.argument { return WrittenType(type) }
                return nil
            }
            switch (name, arguments.count) {
            case ("Optional", 1): self = .optional(arguments[0])
            case ("Array", 1): self = .array(arguments[0])
            case ("Set", 1): self = .set(arguments[0])
            case ("Dictionary", 2): self = .dictionary(key: arguments[0], value: arguments[1])
            default: return nil
            }
        } else {
            return nil
        }
    }

    /// The name of the type an expression spells, where it plainly does: `Genre`,
    /// `Movie.Genre` (capitalized names); nil for values such as `movie.genre`.
    public static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
           member.declName.baseName.text.first?.isUppercase == true, let baseName = typeName(base) {
            return baseName + "." + member.declName.baseName.text
        }
        return nil
    }

    /// `SchemaV2.Trip` → `SchemaV2`, `Trip`.
    public static func components(of name: String) -> [String] {
        name.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// Every type name mentioned, each component of a dotted one apart: `[String: Money]?` →
    /// `String`, `Money`; `SchemaV2.Trip` → `SchemaV2`, `Trip`.
    public var identifiers: Set<String> {
        switch self {
        case .named(let name): Set(Self.components(of: name))
        case .optional(let wrapped): wrapped.identifiers
        case .array(let element), .set(let element): element.identifiers
        case .dictionary(let key, let value): key.identifiers.union(value.identifiers)
        case .other(let text): Set(Self.components(of: text))
        }
    }

    public var description: String {
        switch self {
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .set(let element): "Set<\(element)>"
        case .dictionary(let key, let value): "[\(key): \(value)]"
        case .other(let text): text
        }
    }
}
