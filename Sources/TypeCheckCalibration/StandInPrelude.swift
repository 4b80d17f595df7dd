/// Swift that stands in for what Linux lacks, so that the real `#Predicate` macro can judge
/// code written for Apple platforms: the oracle's batches and the calibration's stand-ins
/// both start with it, so both see the same declarations.
public enum StandInPrelude {
    /// What `@Model` gives a class that predicates use. SwiftData does not exist on Linux: a
    /// model becomes a class adopting this protocol, and the macro treats it like any other.
    public static let persistentModel = #"""
        // What `@Model` adds that predicates use: identity, equality and `persistentModelID`.
        struct PersistentIdentifier: Hashable, Codable, Comparable, Sendable {
            let id: Int
            static func < (lhs: Self, rhs: Self) -> Bool { lhs.id < rhs.id }
        }
        protocol PersistentModel: AnyObject, Hashable {}
        extension PersistentModel {
            static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }
            func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
            var persistentModelID: PersistentIdentifier { PersistentIdentifier(id: ObjectIdentifier(self).hashValue) }
            var id: PersistentIdentifier { persistentModelID }
        }

        """#

    #if os(Linux)
    /// What Linux's Foundation lacks (the text says why they are here). Apple's Foundation has
    /// them, so on a Mac they would be second declarations, and the calls ambiguous.
    public static let foundationGaps = #"""
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
    #else
    public static let foundationGaps = ""
    #endif

    /// What each calibration stand-in starts with. No RegexBuilder: it adds overloads of
    /// `contains`, and the apps' predicates are measured as their files are written, without it.
    public static let calibration = "import Foundation\n\n" + persistentModel + foundationGaps
}
