import SwiftSyntax

// The shapes of written types that discovery and rules ask about, written once.

extension TypeSyntax {
    /// `Movie?`, `Movie!`, `Optional<Movie>` → `Movie`.
    public var unwrappingOptional: TypeSyntax {
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.unwrappingOptional }
        if let optional = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optional.wrappedType.unwrappingOptional }
        if let identifier = self.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
           let argument = identifier.genericArgumentClause?.arguments.first,
           case .type(let wrapped) = argument.argument {
            return wrapped.unwrappingOptional
        }
        return self
    }

    /// `[Movie]`, `Array<Movie>` (optional or not) → `Movie`.
    public var arrayElement: TypeSyntax? {
        let type = unwrappingOptional
        if let array = type.as(ArrayTypeSyntax.self) { return array.element }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Array",
           let argument = identifier.genericArgumentClause?.arguments.first,
           case .type(let element) = argument.argument {
            return element
        }
        return nil
    }

    /// The type's name as written, with optionals removed: `Movie?` → `Movie`.
    public var nameWithoutOptional: String { unwrappingOptional.trimmedDescription }
}
