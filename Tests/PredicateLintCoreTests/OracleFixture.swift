@testable import PredicateLintCore
import TypeCheckCalibration

/// The Swift that every oracle batch starts with: the model vocabulary the rule examples use,
/// and stand-ins for what Linux's Foundation lacks, so the real `#Predicate` macro can judge
/// examples written for Apple platforms.
enum OracleFixture {
    /// The prelude, then the example app's model files as plain Swift.
    static var source: String {
        prelude + ExampleModels.files.map { withoutSwiftData($0.source) }.joined(separator: "\n") + "\n"
    }

    /// SwiftData does not exist on Linux. Its attributes come off; a model becomes a class
    /// conforming to the `PersistentModel` stand-in; the macro treats it like any other class.
    static func withoutSwiftData(_ source: String) -> String {
        source
            .replacing(/import (SwiftData|SwiftUI)\n/, with: "")
            .replacing(/@(?:SwiftData\.)?Model\s+(final\s+)?class\s+(\w+)\s*\{/) { match in
                "\(match.1 ?? "")class \(match.2): PersistentModel {"
            }
            .replacing(/@(?:SwiftData\.)?Model\s+/, with: "")
            .replacing(/@(Attribute|Relationship)(\([^)]*\))?\s+/, with: "")
            .replacing(/@Transient\s+/, with: "")
            .replacing(/#(Index|Unique)</) { match in "static let oracle\(match.1)Keys = OracleIndex<" }
    }

    static let prelude = common + standIns

    static let common = #"""
        import Foundation
        import RegexBuilder

        """# + StandInPrelude.persistentModel + #"""
        // SwiftData's `@Query`, fetch descriptor and context, reduced to what the examples'
        // initializers and calls need to type-check. `sectionBy:` (iOS 27) is written as the
        // session shows it: a key path to a `String`.
        @propertyWrapper struct Query<Element, Result> {
            var wrappedValue: Result
            init(filter: Predicate<Element>? = nil, sort: [SortDescriptor<Element>] = [],
                 sectionBy: KeyPath<Element, String>? = nil) where Result == [Element] { wrappedValue = [] }
            init<Value: Comparable>(filter: Predicate<Element>? = nil, sort: KeyPath<Element, Value>,
                                    order: SortOrder = .forward) where Result == [Element] { wrappedValue = [] }
        }
        struct FetchDescriptor<T: PersistentModel> {
            var predicate: Predicate<T>?
            var sortBy: [SortDescriptor<T>]
            var fetchLimit: Int? = nil
            var includePendingChanges = true
            var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []
            var propertiesToFetch: [PartialKeyPath<T>] = []
            init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
                self.predicate = predicate
                self.sortBy = sortBy
            }
        }
        final class ModelContext {
            func fetch<T>(_ descriptor: FetchDescriptor<T>) throws -> [T] { [] }
            func fetch<T>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws -> [T] { [] }
            func fetchIdentifiers<T>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] { [] }
            func save() throws {}
        }
        // iOS 27's observer, with the labels Apple's documentation gives it.
        struct ResultsObserver<Element: PersistentModel, SectionTitle> {
            init(filterBy: Predicate<Element>? = nil, sortBy: [SortDescriptor<Element>]? = nil,
                 modelContext: ModelContext) throws {}
        }
        // `#Index<Trip>([\.name], [\.start, \.end])` and `#Unique`, which Linux lacks, become
        // static properties of these types, so that their key paths are type-checked.
        struct OracleIndex<T> { init(_ keys: [PartialKeyPath<T>]...) {} }

        // SwiftUI's text fields, reduced to what binding one to a view's state needs.
        @propertyWrapper struct State<Value> {
            var wrappedValue: Value
            init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
            var projectedValue: Binding<Value> { Binding() }
        }
        struct Binding<Value> { var wrappedValue: Value { fatalError() } }
        protocol View {}
        extension View { func searchable(text: Binding<String>) -> Self { self } }
        struct TextField: View { init(_ title: String, text: Binding<String>) {} }

        infix operator ≈≈ : ComparisonPrecedence
        func ≈≈ (lhs: Double, rhs: Double) -> Bool { abs(lhs - rhs) < 0.01 }


        """#

    static let standIns = StandInPrelude.foundationGaps
}
