import Testing
@testable import PredicateLintCore

/// What the index learns from model declarations spread over several files.
@Suite struct ModelIndexTests {
    static let files = [
        SourceFile(path: "Models.swift", text: """
            import SwiftData
            typealias Minutes = Int16
            typealias Cast = [Actor]
            struct Place: Codable { var city = "" }
            enum Status: String, Codable { case active }

            @Model class Media {
                var title = ""
                var length: Minutes = 0
                var summary: String { title }
            }

            @Model final class Movie: Media {
                @Attribute(.unique) var slug: String = ""
                var rating: Double = 0 {
                    didSet { print(rating) }
                }
                var cast: Cast = []
                var director: Director?
                var awards: [Award]? = nil
                var place = Place()
                var status: Status = .active
                var ratingsByCountry: [String: Double] = [:]
                var keywords: Set<String> = []
                var poster: Data?
                var mood: Mood? = nil
                @Transient var isSelected = false
                static var defaultRating = 3.0
                var isRated: Bool { get { rating > 0 } set { } }
                func rate(_ value: Double) { rating = value }
            }
            @Model final class Actor { var name = "" }
            @Model final class Director { var name = "" }
            @Model final class Award { var year = 0 }
            final class Ticket { var seat = "" }
            """),
        SourceFile(path: "Movie+Display.swift", text: """
            extension Movie {
                var headline: String { "\\(title) (\\(rating))" }
                func share() {}
            }
            """),
    ]

    let index = ModelIndex(files: Self.files)

    @Test func knowsModelsAndNothingElse() {
        #expect(index.modelNames == ["Actor", "Award", "Director", "Media", "Movie"])
        #expect(!index.isModel("Ticket") && !index.isModel("Place"))
    }

    @Test(arguments: [
        ("slug", ModelMember.Kind.stored), ("rating", .stored), ("isSelected", .transient),
        ("isRated", .computed), ("rate", .method), ("headline", .computed), ("share", .method),
        ("title", .stored), ("summary", .computed),
    ])
    func tellsStoredFromComputedAcrossExtensionsAndSuperclasses(_ name: String, _ kind: ModelMember.Kind) {
        #expect(index.member(name, of: "Movie")?.kind == kind)
    }

    @Test func staticMembersAreNotInstanceMembers() {
        #expect(index.member("defaultRating", of: "Movie") == nil)
        #expect(index.member("headline", of: "Media") == nil, "a subclass's extension is not the superclass's")
    }

    @Test func keepsAttributesAsWritten() {
        #expect(index.member("slug", of: "Movie")?.attributes == ["@Attribute(.unique)"])
    }

    @Test(arguments: [
        ("title", ModelIndex.Storage.primitive("String")),
        ("length", .primitive("Int16")),
        ("poster", .primitive("Data")),
        ("keywords", .primitive("[String]")),
        ("cast", .toMany(model: "Actor")),
        ("awards", .toMany(model: "Award")),
        ("director", .toOne(model: "Director")),
        ("place", .composite("Place")),
        ("status", .composite("Status")),
        ("ratingsByCountry", .unknown),
        ("mood", .unknown),
    ])
    func classifiesHowEachPropertyIsStored(_ name: String, _ storage: ModelIndex.Storage) throws {
        let type = try #require(index.member(name, of: "Movie")?.type)
        #expect(index.storage(of: type) == storage)
    }

    @Test func buildsTheSameIndexInAnyFileOrder() {
        let reversed = ModelIndex(files: Self.files.reversed())
        for name in ["slug", "headline", "summary", "cast"] {
            #expect(reversed.member(name, of: "Movie") == index.member(name, of: "Movie"))
        }
    }

    /// Stored properties without a type annotation have the type Swift infers from the value.
    @Test(arguments: [
        ("var origin = Origin?.some(.standard)", "origin", WrittenType.optional(.named("Origin"))),
        ("var items = [Item]?.some([])", "items", .optional(.array(.named("Item")))),
        ("var tags = [String]()", "tags", .array(.named("String"))),
        ("var scores = [String: Int]()", "scores", .dictionary(key: .named("String"), value: .named("Int"))),
        ("var keys = Set<String>()", "keys", .set(.named("String"))),
        ("var when = Date.now", "when", .named("Date")),
        ("var count = 0", "count", .named("Int")),
        ("var offset = -1", "offset", .named("Int")),
        ("var kind = Origin.standard", "kind", .named("Origin")),
        ("var later = Optional<Date>.none", "later", .optional(.named("Date"))),
        ("var made = Item.init()", "made", .named("Item")),
    ])
    func infersStoredTypesFromInitialValues(_ declaration: String, _ name: String, _ type: WrittenType) {
        let index = ModelIndex(files: [SourceFile(path: "Inferred.swift", text: """
            enum Origin: String, Codable { case standard }
            @Model final class Item { var name = "" }
            @Model final class Box {
                \(declaration)
            }
            """)])
        #expect(index.member(name, of: "Box")?.type == type)
    }

    /// Nothing is guessed where the value does not say: a static function's result, `nil`, `[]`.
    @Test func leavesUnwrittenTypesUnknown() {
        let index = ModelIndex(files: [SourceFile(path: "Unknown.swift", text: """
            @Model final class Box {
                var a = Origin.make()
                var b = nil
                var c = []
                var d = origin.value
            }
            """)])
        for name in ["a", "b", "c", "d"] { #expect(index.member(name, of: "Box")?.type == nil, "\(name)") }
    }

    /// Codable as the project shows it: declared, added by an extension, or through the
    /// project's protocols; unknown where another module's protocol or superclass may bring it.
    @Test func knowsWhichOfTheProjectsTypesAreCodable() {
        let index = ModelIndex(files: [SourceFile(path: "Types.swift", text: """
            protocol Stored: Codable {}
            protocol Named { var name: String { get } }
            struct A: Codable {}
            struct B: Stored {}
            struct C: Identifiable, Hashable, Named { var id = 0; var name = "" }
            struct D {}
            extension D: Codable {}
            struct E: Encodable {}
            enum F: String { case a }
            struct G: SomeKit.Storable {}
            class H: NSObject {}
            @Model final class M { var name = "" }
            """)])
        let expected: [(String, Bool?)] = [("A", true), ("B", true), ("C", false), ("D", true), ("E", false), ("F", false),
                                           ("G", nil), ("H", nil), ("M", nil), ("Stored", nil), ("Missing", nil)]
        for (name, codable) in expected { #expect(index.isCodable(name) == codable, "\(name)") }
    }

    @Test func modelsInBranchesNoBuildCompilesAreNotModels() {
        let index = ModelIndex(files: [SourceFile(path: "Legacy.swift", text: """
            #if false
            @Model final class Legacy { var name = "" }
            #endif
            #if os(iOS)
            @Model final class Current { var name = "" }
            #endif
            """)])
        #expect(index.modelNames == ["Current"])
    }

    @Test func survivesInheritanceCycles() {
        let index = ModelIndex(files: [SourceFile(path: "Cycle.swift", text: """
            @Model class A: B { var a = 0 }
            @Model class B: A { var b = 0 }
            """)])
        #expect(index.member("b", of: "A")?.kind == .stored)
        #expect(index.member("missing", of: "A") == nil)
    }
}

/// Models as Swift names them: nested in schemas, through typealiases and module names,
/// extended through typealiases and protocols; ambiguity is not guessed at.
@Suite struct ModelIdentityTests {
    static let index = ModelIndex(files: [
        SourceFile(path: "MyApp/Schemas.swift", text: """
            import SwiftData
            enum SchemaV1 {
                @Model final class Trip {
                    var name = ""
                    var isLong: Bool { name.count > 10 }
                }
            }
            enum SchemaV2 {
                enum Kind: String, Codable { case city, beach }
                @Model final class Trip {
                    var name = ""
                    var isLong = false
                    var kind: Kind = .city
                    static let featured = Kind.beach
                }
            }
            typealias Trip = CurrentTrip
            typealias CurrentTrip = SchemaV2.Trip
            """),
        SourceFile(path: "MyApp/Trip+Extensions.swift", text: """
            extension Trip {
                var isFeatured: Bool { kind == .beach }
            }
            extension SchemaV2.Trip {
                var shortName: String { String(name.prefix(3)) }
            }
            extension SchemaV1 {
                struct Stop { var name = "" }
            }
            """),
        SourceFile(path: "MyApp/Rating.swift", text: """
            protocol Rateable {
                var rating: Int { get }
            }
            extension Rateable {
                var isTopRated: Bool { rating > 4 }
            }
            protocol Reviewed: Rateable {}
            extension Reviewed where Self: AnyObject {
                var isReviewed: Bool { true }
            }
            @SwiftData.Model final class Album: Reviewed {
                var rating = 0
            }
            @Model final class Song {
                var rating = 0
            }
            extension Song: Rateable {}
            let titlePattern = /Titanic/
            """),
        SourceFile(path: "AppA/Item.swift", text: "@Model final class Item { var name = \"\" }"),
        SourceFile(path: "AppB/Item.swift", text: "@Model final class Item { var title = \"\" }"),
    ])

    @Test func eachSchemaVersionIsItsOwnModel() {
        #expect(Self.index.modelNames == ["Album", "SchemaV1.Trip", "SchemaV2.Trip", "Song"])
        #expect(Self.index.member("isLong", of: "SchemaV1.Trip")?.kind == .computed)
        #expect(Self.index.member("isLong", of: "SchemaV2.Trip")?.kind == .stored)
    }

    @Test(arguments: [
        ("Trip", nil, "SchemaV2.Trip"),
        ("Trip", "SchemaV1", "SchemaV1.Trip"),
        ("Trip", "SchemaV1.Trip", "SchemaV1.Trip"),
        ("SchemaV1.Trip", "SchemaV2", "SchemaV1.Trip"),
        ("MyApp.Trip", nil, "SchemaV2.Trip"),
        ("MyApp.SchemaV1.Trip", nil, "SchemaV1.Trip"),
        ("Kind", "SchemaV2.Trip", "SchemaV2.Kind"),
        ("Stop", "SchemaV1", "SchemaV1.Stop"),
    ] as [(String, String?, String)])
    func namesResolveAsSwiftResolvesThem(_ written: String, _ scope: String?, _ expected: String) {
        #expect(Self.index.lookup(written, in: scope) == .type(.named(expected)))
    }

    /// A module qualifier names the project's own module only where a folder of its sources
    /// is named so: `FinanceKit.Trip` is FinanceKit's, not the app's `Trip`.
    @Test func anotherModulesQualifierNamesNoneOfTheProjectsTypes() {
        #expect(Self.index.lookup("FinanceKit.Trip", in: nil) == .unknown)
        #expect(Self.index.isOtherModulesType("FinanceKit.Trip"))
        #expect(!Self.index.isOtherModulesType("MyApp.Trip"))
        #expect(!Self.index.isOtherModulesType("SchemaV2.Trip"))
        let site = PredicateSiteFinder.sites(in: SourceFile(path: "MyApp/Query.swift", text: "let p = #Predicate<FinanceKit.Trip> { $0.isLong == false }").tree)[0]
        #expect(PredicateRoot.of("FinanceKit.Trip", at: site, index: Self.index) == .otherModule("FinanceKit.Trip"))
        #expect(!PredicateRoot.otherModule("FinanceKit.Trip").mayReachSwiftData)
    }

    @Test func extensionsThroughTypealiasesAndQualifiedNamesReachTheModel() {
        #expect(Self.index.member("isFeatured", of: "SchemaV2.Trip")?.kind == .computed)
        #expect(Self.index.member("shortName", of: "SchemaV2.Trip")?.kind == .computed)
        #expect(Self.index.member("isFeatured", of: "SchemaV1.Trip") == nil, "nothing is merged across versions")
    }

    @Test func protocolExtensionsGiveComputedMembersAndStoredRequirementsStayStored() {
        #expect(Self.index.member("isTopRated", of: "Album")?.kind == .computed, "through a protocol the model's protocol refines")
        #expect(Self.index.member("isTopRated", of: "Song")?.kind == .computed, "adopted in an extension")
        #expect(Self.index.member("rating", of: "Song")?.kind == .stored)
        #expect(Self.index.member("isReviewed", of: "Album")?.kind == .undetermined, "a constrained extension may not apply")
    }

    @Test func storedTypesResolveInTheirModelsScope() throws {
        let kind = try #require(Self.index.member("kind", of: "SchemaV2.Trip")?.type)
        #expect(Self.index.storage(of: kind) == .composite("SchemaV2.Kind"))
    }

    @Test func aNameThatCouldMeanTwoModelsMeansNeither() {
        #expect(Self.index.lookup("Item", in: nil) == .ambiguous)
        #expect(!Self.index.isModel("Item"))
    }

    @Test func constantsAreFoundFromWhereAPredicateIs() {
        #expect(Self.index.constant("titlePattern", in: "SchemaV2.Trip") == .regex)
        #expect(Self.index.constant("featured", in: "SchemaV2.Trip") == .member(ofType: "Kind"))
        #expect(Self.index.constant("featured", in: nil) == nil, "a static let is not in scope outside its type")
    }
}

/// Precision: what must stay silent however much it looks like a problem.
@Suite struct KeyPathPrecisionTests {
    func modelFindings(_ code: String) -> [String] {
        let modelRules: Set<String> = ["computed-property", "transient-property", "codable-property",
                                       "model-comparison", "optional-to-many", "case-sensitive-contains", "unknown-member"]
        return lint(code).map(\.ruleID).filter(modelRules.contains)
    }

    @Test(arguments: [
        // The root is not stated, or is not a model of these files.
        #"let p = #Predicate { $0.displayTitle == "x" && $0.isSelected }"#,
        #"let p = #Predicate<Film> { $0.isClassic && $0.genre.rawValue == "x" }"#,
        // Captured values named like computed and transient properties.
        """
        let isClassic = true
        let displayTitle = "Heat"
        let p = #Predicate<Movie> { $0.isFavorite == isClassic && $0.name == displayTitle }
        """,
        // The same member names on a type that is not a model: evaluated in memory.
        """
        struct Poster { var isClassic: Bool { true }; var genre = Genre.drama; var awards: [Award]? = nil }
        let drama = Genre.drama
        let p = #Predicate<Poster> { $0.isClassic && $0.genre == drama && $0.awards == nil }
        """,
        // A nested closure's `$0` is the element, not the movie: actors have a stored `name`.
        #"let p = #Predicate<Movie> { $0.cast.contains { $0.name.localizedStandardContains("Kate") } }"#,
        // A closure parameter named like a computed property.
        "let p = #Predicate<Movie> { $0.cast.contains { displayTitle in displayTitle.age > 60 } }",
        // Members of captured values are not key paths of the model.
        """
        let other = Movie()
        let year = other.year
        let p = #Predicate<Movie> { $0.year == year }
        """,
    ])
    func saysNothing(_ code: String) {
        #expect(modelFindings(code) == [])
    }

    @Test(arguments: [
        ("#Predicate<Movie> { if let director = $0.director { director.name == \"x\" && $0.isClassic } else { false } }",
         ["computed-property"]),
        ("#Predicate<Movie> { $0.director.flatMap { $0.name.contains(searchText) } ?? false }", ["case-sensitive-contains"]),
        ("#Predicate<Movie> { ($0.subtitle ?? $0.name).contains(\"x\") }", []),
        ("#Predicate<Award> { $0.year > 2000 && ($0.movie?.isClassic ?? false) }", ["computed-property"]),
        ("#Predicate<Actor> { $0.movies.filter { $0.isClassic }.count > 2 }", ["computed-property"]),
        ("#Predicate<Movie> { movie in movie.cast.contains { $0.movies.contains { $0.isSelected } } }", ["transient-property"]),
        ("#Predicate<Movie> { $0.director!.name.contains(searchText) }", ["case-sensitive-contains"]),
    ])
    func resolvesThroughOptionalsAndClosures(_ code: String, _ expected: [String]) {
        #expect(modelFindings(code) == expected)
    }
}
