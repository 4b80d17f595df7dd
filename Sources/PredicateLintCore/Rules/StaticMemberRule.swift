import SwiftSyntax

/// `Date.now`, `Genre.comedy`, `Int.max`, `Self.limit`: a member of a type, which the macro turns
/// into a key path on the metatype.
public struct StaticMemberRule: PredicateRule {
    static let staticMember = RuleCase(
        "a static member or enum case", failsAt: .build,
        evidence: .checkedAgainstMacro("Fatbobman and swift-foundation issue 318 report the same errors"))

    public static let description = RuleDescription(
        id: "static-member",
        severity: .error,
        summary: "Static members and enum cases (`Date.now`) must be captured before the predicate",
        rationale: """
            Inside a predicate, `Type.member` becomes a key path rooted at the type itself. Key \
            paths cannot refer to static members or enum cases, so the build fails, often with a \
            long type-mismatch error that does not name the cause. Hoist the value into a `let` \
            before the predicate (`let now = Date.now`) and use that. A name without the type \
            (`now` inside a type that declares `static var now`) is captured as a value and is fine.
            """,
        cases: [staticMember],
        triggering: [
            Example("#Predicate<Movie> { $0.releaseDate < Date.↓now }"),
            Example("#Predicate<Movie> { $0.year < Int.↓max && $0.rating > 0 }"),
            Example("#Predicate<Movie> { $0.releaseDate > Date.↓distantPast }"),
            Example("""
            struct Catalog {
                static let cutoff = 2000
                static func recent() -> Predicate<Movie> { #Predicate { $0.year > Self.↓cutoff } }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            let now = Date.now
            let predicate = #Predicate<Movie> { $0.releaseDate < now }
            """),
            Example("""
            struct Catalog {
                static let cutoff = 2000
                static func recent() -> Predicate<Movie> { #Predicate { $0.year > cutoff } }
            }
            """),
            Example("""
            struct RecentMovies {
                static var now: Date { Date.now }
                let predicate = #Predicate<Movie> { $0.releaseDate < now }
            }
            """),
            Example(#"#Predicate<Movie> { movie in movie.director?.name == "Nolan" }"#),
            // A closure parameter that shadows the type's name is a value, not the type.
            Example("#Predicate<Movie> { Movie in Movie.year > 2000 }"),
        ],
        corrections: [
            (Example("""
            func released() -> Predicate<Movie> {
                #Predicate<Movie> { $0.releaseDate < Date.↓now }
            }
            """), """
            func released() -> Predicate<Movie> {
                let now = Date.now
                return #Predicate<Movie> { $0.releaseDate < now }
            }
            """),
            // The whole value is worked out before the predicate; one constant serves two uses.
            (Example("""
            func releasedThisWeek() -> Predicate<Movie> {
                let predicate = #Predicate<Movie> { movie in
                    movie.releaseDate > Date.↓now.addingTimeInterval(-604_800) && movie.releaseDate < Date.↓now
                        && movie.rating > 0 || movie.releaseDate == Date.↓now
                }
                return predicate
            }
            """), """
            func releasedThisWeek() -> Predicate<Movie> {
                let addingTimeInterval = Date.now.addingTimeInterval(-604_800)
                let now = Date.now
                let predicate = #Predicate<Movie> { movie in
                    movie.releaseDate > addingTimeInterval && movie.releaseDate < now
                        && movie.rating > 0 || movie.releaseDate == now
                }
                return predicate
            }
            """),
            (Example("""
            func older(than limit: Int) -> Predicate<Movie> {
                #Predicate<Movie> { $0.year < Int.↓max && $0.rating > 0 }
            }
            """), """
            func older(than limit: Int) -> Predicate<Movie> {
                let maxValue = Int.max
                return #Predicate<Movie> { $0.year < maxValue && $0.rating > 0 }
            }
            """),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        context.facts.memberAccesses.compactMap { member in
            guard let base = member.base, Self.isTypeReference(base, context.fileFacts), !Self.isTypePathComponent(member),
                  member.declName.baseName.tokenKind != .keyword(.self) else { return nil }
            let name = member.declName.baseName
            let correction = ValueHoisting.correction(hoisting: ExprSyntax(member), title: "Capture the value before the predicate", context)
            let noFix = ValueHoisting.noFixSuffix(correction, context)
            return context.finding(
                self, at: name,
                message: "`\(member.trimmedDescription)` is a static member or enum case, which a predicate cannot "
                    + "reach; hoist it into a `let` before the predicate (`let \(name.text) = \(member.trimmedDescription)`)" + noFix,
                correction: correction)
        }
    }

    /// `Date`, `Self`, `Movie.Genre`: an expression naming a type. A capitalized name that the
    /// surrounding code declares as a value is a value.
    static func isTypeReference(_ expression: ExprSyntax, _ fileScope: FileFacts) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName
            if name.tokenKind == .keyword(.Self) { return true }
            guard name.text.first?.isUppercase == true else { return false }
            return LexicalLookup.binding(of: name.text, from: reference, fileScope: fileScope) == nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return member.declName.baseName.text.first?.isUppercase == true && isTypeReference(base, fileScope)
        }
        return expression.is(GenericSpecializationExprSyntax.self)
    }

    /// `Movie.Genre` in `Movie.Genre.comedy`: part of the path to the type, not the member.
    static func isTypePathComponent(_ member: MemberAccessExprSyntax) -> Bool {
        guard let parent = member.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == member.id else { return false }
        return member.declName.baseName.text.first?.isUppercase == true
    }
}
