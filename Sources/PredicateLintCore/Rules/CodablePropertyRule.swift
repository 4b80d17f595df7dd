import SwiftSyntax

/// A stored property whose type is an enum of the app's, a struct compared as a whole, or an
/// `@Attribute(.codable)` value: what the store keeps in a form a query cannot look into or
/// compare. Members of a non-optional struct are columns (`PropertyStorage`), and the guide's
/// blanket rule against them is the opt-in `codable-struct-member`.
public struct CodablePropertyRule: PredicateRule, KeyPathRule {
    static let storedValueMember = RuleCase(
        "reading into an enum value (`.rawValue`)", failsAt: .runtime,
        evidence: .graded(.b, "at least eight independent codebases and posts report `rawValue` failing "
            + "(\"rawValue is not a member of\")"))
    static let enumComparison = RuleCase(
        "an enum-typed property compared with an enum value", failsAt: .runtime, fixedIn: .os27,
        evidence: .graded(.b, "at least eight independent reports of the throw before the 2026 systems, and a maintainer's fix "
            + "in a public app (2026); that iOS 27 and macOS 27 accept it is reported, not documented by Apple: one blog "
            + "(2026-06-12) relaying a developer's post, grade C, and neither session 274 nor Apple's SwiftData updates page "
            + "says so (checked 2026-12-01); verify on a device"))
    static let valueComparison = RuleCase(
        "a struct-typed property compared with a captured value", failsAt: .runtime,
        evidence: .graded(.b, "the same throw (\"Captured/constant values of type … are not supported\") is r"
            + "eported for captured structs"))
    static let opaqueCodable = RuleCase(
        "an `@Attribute(.codable)` property", failsAt: .runtime,
        evidence: .graded(.a, "Apple, WWDC26 session 274 (What's new in SwiftData): a codable attribute's contents are "
            + "opaque to SwiftData and cannot be used in predicates or sort descriptors; how the failure shows is not said"))
    static let codableIndexKey = RuleCase(
        "an `@Attribute(.codable)` property as an `#Index` or `#Unique` key", failsAt: .runtime,
        evidence: .graded(.c, "Apple's WWDC26 session 274 says a type SwiftData supports natively is what gives sorting, "
            + "filtering and indexing, which we read as ruling out indexing a codable attribute; no failure is reported"))

    public static let description = RuleDescription(
        id: "codable-property",
        severity: .error,
        summary: "Enum-typed properties, whole structs and codable attributes are stored as data a predicate cannot read",
        rationale: """
            SwiftData does not keep a property of a custom enum type as a column a predicate can \
            read. A predicate that reaches into it builds, then fails: `$0.genre.rawValue` \
            stops the app with a fatal error ("rawValue is not a member of Genre"), and a \
            comparison with a captured `Genre`, or with a captured struct, throws \
            "Captured/constant values of type 'Genre' are not supported" (under `try?` the \
            result is simply empty). A non-optional struct is different: the store keeps each \
            of its stored members as a column, and Apple's own sample filters on one \
            (`quake.location.name`), so its members are left alone here; the guide's stricter \
            rule is the opt-in `codable-struct-member`. Store the part you filter on as a \
            primitive in its own property (for an enum, its raw value) and compare that. From \
            iOS 27 and macOS 27 SwiftData is reported to compare an enum-typed property with an \
            enum value (a blog relaying a developer's post, not Apple: verify on a device), so an \
            app whose deployment target is 27 is not told about those comparisons; `.rawValue` stays reported on every system, as nothing says it \
            changed. A property marked `@Attribute(.codable)` (iOS 27) is stored as one opaque \
            value: any use of it in a predicate fails, on every system, and so does sorting or \
            sectioning by it (Apple says so for both), and, in our reading of the same session, \
            indexing it with `#Index` or `#Unique`. Keep the key in a property of its own, or sort \
            the fetched array in memory with `sorted(using:)`.
            """,
        cases: [storedValueMember, enumComparison, valueComparison, opaqueCodable, codableIndexKey],
        triggering: [
            Example(#"#Predicate<Movie> { $0.↓genre.rawValue == "drama" }"#),
            // Through an optional: still reaching into it, whatever the deployment target.
            Example(#"#Predicate<Release> { $0.↓origin?.rawValue == "studio" }"#,
                    files: [ExampleFile("Release.swift", """
                        enum Origin: String, Codable { case studio, independent }
                        @Model final class Release {
                            var origin: Origin? = nil
                        }
                        """)], deploymentTarget: DeploymentTarget(parsing: "iOS 27.0")),
            Example("""
            let genres = [Genre.comedy, Genre.drama]
            let predicate = #Predicate<Movie> { genres.contains($0.↓genre) }
            """),
            Example("""
            let genre = Genre.comedy
            let predicate = #Predicate<Movie> { $0.↓genre == genre }
            """),
            // Before iOS 27 on any platform the app supports, the enum comparison throws.
            Example("""
            let genre = Genre.comedy
            let predicate = #Predicate<Movie> { $0.↓genre == genre }
            """, deploymentTarget: DeploymentTarget(parsing: "iOS 27.0, macOS 26.0")),
            // `.rawValue` is not said to work on 27.
            Example(#"#Predicate<Movie> { $0.↓genre.rawValue == "drama" }"#, deploymentTarget: DeploymentTarget(parsing: "iOS 27.0")),
            Example("""
            let budget = Money(amount: 10, currency: "USD")
            let predicate = #Predicate<Movie> { $0.↓budget == budget }
            """, deploymentTarget: DeploymentTarget(parsing: "iOS 27.0")),
            // An opaque Codable value, on every system: even a comparison with `nil`.
            Example("#Predicate<Gallery> { $0.↓poster != nil }", files: [ExampleFile("Gallery.swift", """
                struct Poster: Codable, Equatable { var url = "" }
                @Model final class Gallery {
                    @Attribute(.codable) var poster: Poster? = nil
                }
                """)]),
            // A property whose type only its initial value states, as Swift infers it.
            Example("""
            let origin = Origin.studio
            let predicate = #Predicate<Release> { $0.↓origin == origin }
            """, files: [ExampleFile("Release.swift", """
                enum Origin: String, Codable { case studio, independent }
                @Model final class Release {
                    var origin = Origin?.some(.studio)
                }
                """)]),
            // A codable attribute as a sort key, or indexed.
            Example(#"""
            struct Wall: View {
                @Query(sort: [SortDescriptor(\Gallery.↓poster?.url)]) var galleries: [Gallery]
            }
            """#, files: [gallery]),
            // `sectionBy:` (iOS 27) is looked up the same way.
            Example(#"""
            struct Wall: View {
                @Query(sectionBy: \Gallery.↓label) var galleries: [Gallery]
            }
            """#, files: [gallery]),
            Example(#"""
            extension Gallery {
                static var byLabel: FetchDescriptor<Gallery> { FetchDescriptor(sortBy: [SortDescriptor(\.↓label)]) }
            }
            """#, files: [gallery]),
            Example(#"""
            struct Cover: Codable, Hashable { var url = "" }
            @Model final class Album {
                #Index<Album>([\.title], [\.↓cover])
                var title = ""
                @Attribute(.codable) var cover = Cover()
            }
            """#),
            // An enum nested in a schema version, as versioned apps declare it.
            Example(#"#Predicate<SchemaV2.Trip> { $0.↓kind.rawValue == "beach" }"#, files: [ExampleFile("Schema.swift", """
                enum SchemaV2 {
                    enum Kind: String, Codable { case city, beach }
                    @Model final class Trip {
                        var kind = Kind.city
                    }
                }
                """)]),
        ],
        nonTriggering: [
            Example("""
            let genre = Genre.comedy.rawValue
            let predicate = #Predicate<Movie> { $0.genreName == genre }
            """),
            Example("""
            struct Showtime {
                var genre = Genre.drama
            }
            let drama = Genre.drama
            let predicate = #Predicate<Showtime> { $0.genre == drama }
            """),
            // Sorting by a stored field of the model, and sorting in memory.
            Example(#"let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.genreName), SortDescriptor(\.rating)])"#),
            Example(#"let sorted = [Gallery]().sorted(using: SortDescriptor(\.label))"#, files: [gallery]),
            // From iOS 27 and macOS 27, SwiftData compares enums.
            Example("""
            let genre = Genre.comedy
            let predicate = #Predicate<Movie> { $0.genre == genre }
            """, deploymentTarget: DeploymentTarget(parsing: "iOS 27.0, macOS 27.0")),
        ])

    static let gallery = ExampleFile("Gallery.swift", """
        import SwiftData

        struct Poster: Codable, Equatable { var url = "" }
        @Model final class Gallery {
            @Attribute(.codable) var poster: Poster? = nil
            @Attribute(.codable) var label = ""
        }
        """)

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        context.keyPaths.memberUses.compactMap { use in
            guard let member = use.member, member.kind == .stored else { return nil }
            let name = use.nameToken.text
            let access = ExprSyntax(use.access)
            let storage = context.models.storage(of: member)
            if storage.kind == .codableAttribute {
                guard context.reports(Self.opaqueCodable) else { return nil }
                return context.finding(
                    self, at: use.nameToken,
                    message: "`\(name)` is `@Attribute(.codable)`: SwiftData stores it as one opaque value that a "
                        + "predicate cannot use at all. Store what you filter on in its own property")
            }
            let typeName = storage.typeName
            guard [.enumValue, .compositeAttribute, .optionalStruct].contains(storage.kind),
                  !access.isComparedWithNil else { return nil }
            if let outer = use.access.nextMember {
                // A struct's members: columns, or undocumented (`codable-struct-member`).
                guard storage.kind == .enumValue, context.reports(Self.storedValueMember) else { return nil }
                return context.finding(
                    self, at: use.nameToken,
                    message: "`\(name)` is stored as `\(typeName)` data that a predicate cannot read; reaching into it "
                        + "(`.\(outer.declName.baseName.text)`) crashes the fetch. Store the value you filter on (such as "
                        + "the raw value) in its own property")
            }
            // Compared with a value, or looked up in a captured collection: what the reports are about.
            guard Self.isCompared(access) else { return nil }
            if storage.kind == .enumValue {
                guard context.reports(Self.enumComparison) else { return nil }
                let platforms = context.deploymentTarget.platforms(before: .os27)
                return context.finding(
                    self, at: use.nameToken,
                    message: "`\(name)` is stored as `\(typeName)` data; comparing it with an enum value throws before "
                        + "\(DeploymentTarget.Release.os27.names(for: platforms)), which the app supports (it is reported to work "
                        + "from iOS 27; not documented by Apple). Store the raw value in its own property and compare that")
            }
            guard context.reports(Self.valueComparison) else { return nil }
            return context.finding(
                self, at: use.nameToken,
                message: "`\(name)` is stored as `\(typeName)` data that a predicate cannot read; comparing it throws when "
                    + "SwiftData runs the predicate. Store the value you filter on in its own property")
        }
    }

    /// `$0.genre == genre`, `($0.genre) != .drama`, `genres.contains($0.genre)`.
    static func isCompared(_ expression: ExprSyntax) -> Bool {
        var node = Syntax(expression)
        while true {
            if let parent = node.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                node = parent
            } else if let tuple = node.parent?.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
                node = Syntax(tuple)  // parentheses
            } else {
                break
            }
        }
        if node.parent?.as(InfixOperatorExprSyntax.self)?.isComparison == true { return true }
        if let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.calleeName == "contains" {
            return true
        }
        return false
    }

    public func check(_ context: KeyPathContext) -> [Finding] {
        let ruleCase: RuleCase
        switch context.role {
        case .sort, .section: ruleCase = Self.opaqueCodable
        case .index: ruleCase = Self.codableIndexKey
        case .prefetch, .propertyToFetch: return []
        }
        guard context.reports(ruleCase) else { return [] }
        return context.steps.compactMap { step in
            guard let member = step.member, member.kind == .stored,
                  member.attributes.contains(where: ModelIndex.isCodableAttribute) else { return nil }
            return context.finding(
                self, at: step.nameToken,
                message: "`\(step.nameToken.text)` is `@Attribute(.codable)`: SwiftData stores it as one opaque value, so "
                    + "\(context.role.purpose) it is not possible. Keep the key in a property of its own")
        }
    }
}
