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
        ("title", PropertyStorage(.column, typeName: "String")),
        ("length", PropertyStorage(.column, typeName: "Int16")),
        ("poster", PropertyStorage(.column, typeName: "Data", isOptional: true)),
        ("keywords", PropertyStorage(.encodedCollection, typeName: "Set<String>")),
        ("cast", PropertyStorage(.toMany, typeName: "Actor")),
        ("awards", PropertyStorage(.toMany, typeName: "Award", isOptional: true)),
        ("director", PropertyStorage(.toOne, typeName: "Director", isOptional: true)),
        ("place", PropertyStorage(.compositeAttribute, typeName: "Place")),
        ("status", PropertyStorage(.enumValue, typeName: "Status")),
        ("ratingsByCountry", PropertyStorage(.encodedCollection, typeName: "[String: Double]")),
        ("mood", PropertyStorage.unknown),
        ("isSelected", PropertyStorage(.transient)),
        ("isRated", PropertyStorage(.computed)),
    ])
    func classifiesHowEachPropertyIsStored(_ name: String, _ storage: PropertyStorage) throws {
        let member = try #require(index.member(name, of: "Movie"))
        #expect(index.storage(of: member) == storage)
    }

    /// Each row's example is kept as the row says, and its counterexample is not.
    @Test(arguments: PropertyStorage.table.map(\.kind))
    func everyStorageRowsExampleIsClassifiedByIt(_ kind: PropertyStorage.Kind) throws {
        let row = PropertyStorage.row(kind)
        func classified(_ declaration: String) throws -> PropertyStorage.Kind {
            let text = """
                import SwiftData
                struct Point: Codable { var x = 0 }
                enum Mood: String, Codable { case calm }
                @Model final class Other { var name = "" }
                @Model final class Sample {
                    \(declaration)
                }
                """
            let index = ModelIndex(files: [SourceFile(path: "Sample.swift", text: text)])
            let member = try #require(index.member("value", of: "Sample"), "\(declaration)")
            return index.storage(of: member).kind
        }
        #expect(try classified(row.example) == kind, "\(row.example)")
        #expect(try classified(row.counterexample) != kind, "\(row.counterexample)")
    }

    @Test func everyKindOfStorageHasOneRowWithItsEvidence() {
        #expect(PropertyStorage.table.map(\.kind) == PropertyStorage.Kind.allCases)
        for row in PropertyStorage.table where row.kind != .unknown {
            guard case .graded = row.evidence else { Issue.record("\(row.kind) needs a grade"); continue }
        }
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
