/// The Swift that every oracle batch starts with: the model vocabulary the rule examples use,
/// and stand-ins for what Linux's Foundation lacks, so the real `#Predicate` macro can judge
/// examples written for Apple platforms.
enum OracleFixture {
    static let prelude = #"""
        import Foundation
        import RegexBuilder

        // The model vocabulary of the rule examples. Plain classes: SwiftData does not exist on
        // Linux, and the macro treats a model like any other class.
        final class Actor { var name = ""; var age = 0; var nickname: String? = nil }
        final class Director { var name = "" }
        final class Movie {
            var name = ""; var year = 0; var rating = 0.0; var isFavorite = false
            var cast: [Actor] = []; var tags: [String] = []; var subtitle: String? = nil
            var director: Director? = nil; var releaseDate = Date()
        }
        final class Website { var url = ""; var type = "" }
        // A mesh-network message: `Int32` fields, whose literals the type checker must infer.
        // Equatable, as every SwiftData model is (`PersistentModel` is `Hashable`).
        final class Node: Equatable {
            var number: Int32 = 0
            static func == (lhs: Node, rhs: Node) -> Bool { lhs === rhs }
        }
        final class Message {
            var text = ""; var isRead = false; var isMuted = false; var isPinned = false; var isArchived = false
            var hops: Int32 = 0; var sender: Node? = nil; var relay: Node? = nil; var via: Node? = nil
        }

        // SwiftData's `@Query`, reduced to what a property initializer needs to type-check.
        @propertyWrapper struct Query<Element, Result> {
            var wrappedValue: Result
            init(filter: Predicate<Element>? = nil) where Result == [Element] { wrappedValue = [] }
        }

        infix operator ≈≈ : ComparisonPrecedence
        func ≈≈ (lhs: Double, rhs: Double) -> Bool { abs(lhs - rhs) < 0.01 }

        // Apple's Foundation defines these predicate expressions; Linux's does not, though the
        // macro accepts the calls everywhere. Without them every correction that produces
        // `localizedStandardContains` would fail here for a reason that does not exist on
        // Apple platforms.
        extension PredicateExpressions {
            struct OracleStringTest<Base: PredicateExpression, Other: PredicateExpression>: PredicateExpression
            where Base.Output: StringProtocol, Other.Output: StringProtocol {
                typealias Output = Bool
                let base: Base
                let other: Other
                func evaluate(_ bindings: PredicateBindings) throws -> Bool {
                    try base.evaluate(bindings).contains(other.evaluate(bindings))
                }
            }
            struct OracleStringOrder<Base: PredicateExpression, Other: PredicateExpression>: PredicateExpression
            where Base.Output: StringProtocol, Other.Output: StringProtocol {
                typealias Output = ComparisonResult
                let base: Base
                let other: Other
                func evaluate(_ bindings: PredicateBindings) throws -> ComparisonResult {
                    let (a, b) = (try String(base.evaluate(bindings)), try String(other.evaluate(bindings)))
                    return a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
                }
            }
            static func build_localizedStandardContains<B, O>(_ base: B, _ other: O) -> OracleStringTest<B, O> {
                OracleStringTest(base: base, other: other)
            }
            static func build_localizedCompare<B, O>(_ base: B, _ other: O) -> OracleStringOrder<B, O> {
                OracleStringOrder(base: base, other: other)
            }
            static func build_caseInsensitiveCompare<B, O>(_ base: B, _ other: O) -> OracleStringOrder<B, O> {
                OracleStringOrder(base: base, other: other)
            }
        }
        extension PredicateExpressions.OracleStringTest: Codable where Base: Codable, Other: Codable {}
        extension PredicateExpressions.OracleStringTest: Sendable where Base: Sendable, Other: Sendable {}
        extension PredicateExpressions.OracleStringTest: StandardPredicateExpression
        where Base: StandardPredicateExpression, Other: StandardPredicateExpression {}
        extension PredicateExpressions.OracleStringOrder: Codable where Base: Codable, Other: Codable {}
        extension PredicateExpressions.OracleStringOrder: Sendable where Base: Sendable, Other: Sendable {}
        extension PredicateExpressions.OracleStringOrder: StandardPredicateExpression
        where Base: StandardPredicateExpression, Other: StandardPredicateExpression {}
        extension String {
            // Only so that the type checker finds the methods the macro's output never calls.
            func localizedStandardContains(_ other: String) -> Bool { contains(other) }
        }

        """#
}
