import SwiftSyntax

/// One `#Predicate { … }` or `#Expression { … }` closure found in a file.
public struct PredicateSite: Sendable {
    public enum Kind: String, Sendable {
        case predicate = "Predicate"
        case expression = "Expression"
    }

    public let kind: Kind
    /// The `#Predicate…` expansion itself.
    public let macro: MacroExpansionExprSyntax
    /// The closure whose body is the predicate.
    public let closure: ClosureExprSyntax
    /// The names the closure gives its inputs: `movie` for `{ movie in … }`, `$0` when the
    /// closure names none, `_` when an input is ignored.
    public let parameterNames: [String]
    /// The input types where the code states them (`Movie` for `#Predicate<Movie>`, for
    /// `@Query(filter:) var movies: [Movie]`, for `-> Predicate<Movie>` …), in input order.
    /// Empty when the code does not say; rules that need a type then stay silent.
    public let inputTypes: [String]
    /// The declarations the predicate is written in, outermost first, as written: a type's
    /// name, or an extension's extended type. Input types are looked up from here, as Swift
    /// looks them up (`Trip` inside `enum SchemaV2` is `SchemaV2.Trip`).
    public let scope: [String]

    /// The root model type of a predicate: its single input type, where known.
    public var rootType: String? { inputTypes.count == 1 ? inputTypes[0] : nil }

    /// The statements of the predicate body.
    public var body: CodeBlockItemListSyntax { closure.statements }
}
