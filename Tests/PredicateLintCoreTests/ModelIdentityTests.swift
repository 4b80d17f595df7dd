import Testing
@testable import PredicateLintCore

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
        #expect(Self.index.storage(of: kind) == PropertyStorage(.enumValue, typeName: "SchemaV2.Kind"))
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
