/// How SwiftData's default store keeps a property of a model, which decides what a predicate
/// may ask of it: the store can compare and search columns, follow relationships and count
/// them, and can do nothing with a value it keeps encoded.
///
/// `PropertyStorage.Kind.table` is the one statement of these facts: the model index
/// classifies each property into one of its rows, the translation reads them, and
/// `docs/rules/Storage.md` is generated from it.
public struct PropertyStorage: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `String`, numbers, `Bool`, `Date`, `Data`, `UUID`, `URL`, `Decimal`: one column.
        case column
        /// A non-optional Codable struct: one column per stored member, in the model's row.
        case compositeAttribute
        /// An optional Codable struct: how it is kept is not documented.
        case optionalStruct
        /// An enum of the app's: flattened into the row, compared only on some systems.
        case enumValue
        /// A collection of values (`[String]`, `Set<UUID>`, an array of structs, a dictionary):
        /// one column of encoded data.
        case encodedCollection
        /// `@Attribute(.codable)` (iOS 27): the value's encoded form, one opaque value.
        case codableAttribute
        case toOne
        case toMany
        /// A property with a getter, in the class, an extension or a protocol extension.
        case computed
        /// `@Transient`.
        case transient
        /// Another module's type, a generic, an ambiguous name: nothing is said about it.
        case unknown
    }

    public let kind: Kind
    /// The stored type's name, resolved: `String`, `Location`, `[String]`, the related model.
    public let typeName: String
    /// Declared optional: a column that can be empty, an optional relationship.
    public let isOptional: Bool

    public init(_ kind: Kind, typeName: String = "", isOptional: Bool = false) {
        self.kind = kind
        self.typeName = typeName
        self.isOptional = isOptional
    }

    public static let unknown = PropertyStorage(.unknown)

    /// Whether the store keeps the value where SQL can read into it: a column or a
    /// composite attribute's columns, or a relationship.
    public var isQueryable: Bool {
        [.column, .compositeAttribute, .toOne, .toMany].contains(kind)
    }

    /// A row of the storage table: how the store keeps one kind of property and what a
    /// predicate may do with it, with the evidence and the systems it was seen on.
    public struct Row: Sendable {
        public let kind: Kind
        /// A property declared in a model (`Point`: a Codable struct; `Mood`: an enum; `Other`:
        /// another model) that the index keeps this way, and one close to it that it does not;
        /// `ModelIndexTests` checks both.
        public let example: String
        public let counterexample: String
        public let declared: String
        public let stored: String
        public let inPredicates: String
        public let evidence: Evidence
        public let systems: String
    }

    /// `predicate-pitfalls.md` §6, in our words; the grade is the weakest claim of the row
    /// that a rule acts on.
    public static let table: [Row] = [
        Row(kind: .column, example: "var value: String? = nil", counterexample: "var value: [String] = []",
            declared: "`String`, integers, `Double`, `Float`, `Bool`, `Date`, `Data`, `UUID`, `URL`, `Decimal`, optional or not",
            stored: "one column (an optional one may be empty)",
            inPredicates: "whole values compare, sort and search; a member of the value (`id.uuidString`, `url.host`) is not a column",
            evidence: .graded(.a, "Hacking with Swift on value types; Apple's release note 109539652 (whole UUID, Date and URL "
                + "comparisons, iOS 17.0); members: three projects' fixes for UUID (B), one app's source test for URL (C)"),
            systems: "iOS 17 and later"),
        Row(kind: .compositeAttribute, example: "var value: Point = Point()", counterexample: "var value: Point? = nil",
            declared: "a non-optional Codable struct of the app's (`var location: Location`)",
            stored: "a composite attribute: each stored member of the struct is a column of the model's row",
            inPredicates: "its members compare and search (`$0.location.name`); the struct compared as a whole with a captured value is refused",
            evidence: .graded(.a, "Apple's sample \"Filtering and sorting persistent data\" filters on a member; Apple documents "
                + "`Schema.CompositeAttribute`; the column layout is Fatbobman's reading (C)"),
            systems: "iOS 17 and later"),
        Row(kind: .optionalStruct, example: "var value: Point? = nil", counterexample: "var value: Point = Point()",
            declared: "an optional Codable struct (`var stats: Stats?`)",
            stored: "not documented",
            inPredicates: "one app's sort through a member crashed; nothing says how a predicate fares",
            evidence: .graded(.d, "one app, which also moved its predicates off the struct"),
            systems: "unknown"),
        Row(kind: .enumValue, example: "var value: Mood = .calm", counterexample: "var value: String = \"calm\"",
            declared: "an enum of the app's (Codable, with or without raw or associated values)",
            stored: "flattened into the model's row",
            inPredicates: "`.rawValue` stops the app; comparing with a captured case throws before iOS 27",
            evidence: .graded(.b, "eight or more independent reports; iOS 27's change is one blog (C)"),
            systems: "fails on every system for `.rawValue`; before iOS 27 for comparisons"),
        Row(kind: .encodedCollection, example: "var value: [Point] = []", counterexample: "var value: [Other] = []",
            declared: "`[String]`, `[Int]`, `[UUID]`, `Set<String>`, a dictionary, an array of structs or enums",
            stored: "one column of encoded data (a binary property list)",
            inPredicates: "`contains` crashes the process; nothing the store can count, search or look into",
            evidence: .graded(.b, "two apps measured the crash (iOS 26.5), Hacking with Swift says so; C for sets, "
                + "dictionaries and arrays of structs, D for operations other than `contains`"),
            systems: "every system reported (iOS 17 to 26.5)"),
        Row(kind: .codableAttribute, example: "@Attribute(.codable) var value: Point = Point()", counterexample: "var value: Point = Point()",
            declared: "`@Attribute(.codable)` (iOS 27)",
            stored: "the value's encoded form, one opaque value",
            inPredicates: "cannot be filtered or sorted",
            evidence: .graded(.a, "Apple's documentation of the option and WWDC26 session 274"),
            systems: "iOS 27 and later (where the option exists)"),
        Row(kind: .toOne, example: "var value: Other? = nil", counterexample: "var value: [Other] = []",
            declared: "a model (`var parent: Parent?`)",
            stored: "a reference to the related row",
            inPredicates: "`== nil` and `?.member` work; compare identity through `persistentModelID`",
            evidence: .graded(.b, "a runtime check on macOS 26 and the reference's §2.14"),
            systems: "iOS 17 and later"),
        Row(kind: .toMany, example: "var value: [Other] = []", counterexample: "var value: Other? = nil",
            declared: "an array of models (`var children: [Child]`)",
            stored: "nothing in this row: the related rows point back",
            inPredicates: "`count`, `isEmpty`, `contains(where:)` and `filter` become SUBQUERY and `@count` and work; "
                + "an optional to-many tested for nil or counted through `?.` fails",
            evidence: .graded(.b, "a runtime check on macOS 26, Hacking with Swift; C for the optional case"),
            systems: "iOS 17 and later"),
        Row(kind: .computed, example: "var value: Int { 0 }", counterexample: "var value: Int = 0",
            declared: "a property with a getter", stored: "not stored",
            inPredicates: "stops the app at fetch (\"Couldn't find \\T.x on T\")",
            evidence: .graded(.b, "independent reports and Apple's WWDC23 lounge answer"), systems: "every system"),
        Row(kind: .transient, example: "@Transient var value = 0", counterexample: "var value = 0",
            declared: "`@Transient`", stored: "not stored",
            inPredicates: "stops the app at fetch",
            evidence: .graded(.a, "Apple documents that SwiftData does not persist it"), systems: "every system"),
        Row(kind: .unknown, example: "var value: CLLocationCoordinate2D? = nil", counterexample: "var value: Double? = nil",
            declared: "another module's type, a generic parameter, a name declared twice",
            stored: "unknown to the tool", inPredicates: "nothing is said",
            evidence: .notAClaim("the tool judges only what the project declares"), systems: "—"),
    ]

    public static func row(_ kind: Kind) -> Row { table.first { $0.kind == kind }! }
}

extension ModelIndex {
    /// The scalar types SwiftData keeps in a column of their own.
    public static let columnTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Bool", "Date", "Data", "UUID", "URL", "Decimal",
    ]

    /// How the store keeps a member of a model.
    public func storage(of member: ModelMember) -> PropertyStorage {
        switch member.kind {
        case .computed: return PropertyStorage(.computed)
        case .transient: return PropertyStorage(.transient)
        case .method, .undetermined: return .unknown
        case .stored: break
        }
        guard let type = member.type else { return .unknown }
        if member.attributes.contains(where: Self.isCodableAttribute) {
            return PropertyStorage(.codableAttribute, typeName: KeyPathResolution.unwrapped(type).description,
                                   isOptional: type.isOptional)
        }
        return storage(of: type)
    }

    /// How the store keeps a stored property of this (resolved) type.
    public func storage(of type: WrittenType) -> PropertyStorage {
        let isOptional = type.isOptional
        let plain = KeyPathResolution.unwrapped(type)
        switch plain {
        case .named(let name):
            switch kind(of: name) {
            case .model?: return PropertyStorage(.toOne, typeName: name, isOptional: isOptional)
            case .struct?: return PropertyStorage(isOptional ? .optionalStruct : .compositeAttribute, typeName: name, isOptional: isOptional)
            case .enum?: return PropertyStorage(.enumValue, typeName: name, isOptional: isOptional)
            case nil where !isDeclaredName(name) && Self.columnTypes.contains(name):
                return PropertyStorage(.column, typeName: name, isOptional: isOptional)
            default: return .unknown
            }
        case .array(let element), .set(let element):
            let elementStorage = storage(of: element)
            switch elementStorage.kind {
            case .toOne where !element.isOptional:
                return PropertyStorage(.toMany, typeName: elementStorage.typeName, isOptional: isOptional)
            case .column, .compositeAttribute, .optionalStruct, .enumValue:
                return PropertyStorage(.encodedCollection, typeName: plain.description, isOptional: isOptional)
            default: return .unknown
            }
        case .dictionary(let key, let value):
            let parts = [storage(of: key).kind, storage(of: value).kind]
            guard parts.allSatisfy({ [.column, .compositeAttribute, .enumValue].contains($0) }) else { return .unknown }
            return PropertyStorage(.encodedCollection, typeName: plain.description, isOptional: isOptional)
        case .optional, .other:
            return .unknown
        }
    }

    /// `@Attribute(.codable)`, also among other options: `@Attribute(.codable, .unique)`.
    public static func isCodableAttribute(_ attribute: String) -> Bool {
        attribute.hasPrefix("@Attribute(") && attribute.contains(".codable")
    }
}

extension WrittenType {
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}
