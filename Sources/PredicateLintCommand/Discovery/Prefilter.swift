import PredicateLintCore

/// What a file's bytes say about whether it needs parsing, found in one pass without parsing.
///
/// A file matters to a lint only if it holds a predicate (`#Predicate`, `#Expression`) or
/// another query construct (a word of `QueryKeyPathFinder.anchorWords`), a suppression comment (which may be superfluous), a model (`@Model`), an extension of a model
/// or of a protocol a model adopts, the declaration of a type, protocol or typealias that a
/// model stores or adopts or that a predicate names as its root, or a regex constant a
/// predicate may capture (the only kind of constant a rule asks about). Most of these depend
/// on names known only once the models are, so the scan records the names that follow
/// `extension`, `struct`, `enum`, `class`, `actor`, `protocol`, `typealias`, and the roots
/// after `Predicate<` and the like; the `Workspace` decides per project. The scan may say yes
/// too often (a keyword in a comment), never no too often: a file that does not contain a
/// name's bytes cannot declare it.
public struct Prefilter: Sendable, Equatable {
    /// A predicate, or a sort, prefetch, index or fetch-setting word (see `anchorWords`).
    public var hasQuery = false
    public var hasModel = false
    public var hasSuppression = false
    /// `Movie` for `extension Movie`, `extension Module.Movie`.
    public var extendedNames: Set<String> = []
    /// Names declared by `struct`, `enum`, `class`, `actor`, `protocol`, `typealias`.
    public var declaredNames: Set<String> = []
    /// The types predicates are written over: `Trip` for `#Predicate<Trip>`, `Predicate<Trip>`,
    /// `FetchDescriptor<Trip>`, `Query<Trip, …>`, every component of a dotted name.
    public var rootNames: Set<String> = []
    /// A regex literal after `=`, or `Regex`: a regex constant a predicate may capture.
    public var mayDeclareRegex = false

    /// Nothing seen: for building one from stored parts.
    public init() {}

    public init(bytes: UnsafeBufferPointer<UInt8>) {
        // Each anchor is found by `ByteSearch`, at close to memory speed.
        hasQuery = ByteSearch.containsAny(of: Self.queryWords, in: bytes)
        hasSuppression = ByteSearch.contains("predicate-lint:", in: bytes)
        ByteSearch.forEachOffset(of: "@Model", in: bytes) { index in
            if !Self.isIdentifier(bytes, index + 6) { hasModel = true }
        }
        for (keyword, isExtension) in Self.declarationKeywords {
            ByteSearch.forEachOffset(of: keyword, in: bytes) { index in
                guard index == 0 || !Self.isIdentifier(bytes, index - 1),
                      let name = Self.name(after: index + keyword.utf8.count, in: bytes) else { return }
                if isExtension { extendedNames.insert(name) } else { declaredNames.insert(name) }
            }
        }
        for opener in Self.rootOpeners {
            ByteSearch.forEachOffset(of: opener, in: bytes) { index in
                guard index == 0 || !Self.isIdentifier(bytes, index - 1) else { return }
                rootNames.formUnion(Self.dottedName(at: index + opener.utf8.count, in: bytes))
            }
        }
        // `= /re/` or `= #/re/#`, not `= #Predicate`.
        ByteSearch.forEachOffset(of: "= ", in: bytes) { index in
            var slash = index + 2
            while slash < bytes.count, bytes[slash] == UInt8(ascii: "#") { slash += 1 }
            if slash < bytes.count, bytes[slash] == UInt8(ascii: "/") { mayDeclareRegex = true }
        }
        if ByteSearch.contains("Regex", in: bytes) { mayDeclareRegex = true }
    }

    /// A predicate or another query construct.
    private static let queryWords = ["#Predicate", "#Expression"] + QueryKeyPathFinder.anchorWords

    private static let declarationKeywords = [
        ("extension", true), ("struct", false), ("enum", false), ("class", false), ("actor", false),
        ("protocol", false), ("typealias", false),
    ]

    /// What comes before a predicate's root type.
    private static let rootOpeners = ["Predicate<", "Expression<", "FetchDescriptor<", "Query<"]

    public init(text: String) {
        var text = text
        self = text.withUTF8 { Prefilter(bytes: $0) }
    }

    /// Whether the file must be parsed for its declarations, given the names its project's
    /// models and predicates are about, and the names whose extensions can add to a model.
    public func declaresAnything(about names: Set<String>, extending extendable: Set<String>) -> Bool {
        hasModel || mayDeclareRegex || !extendedNames.isDisjoint(with: extendable) || !declaredNames.isDisjoint(with: names)
    }

    private static func isIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        guard index >= 0, index < bytes.count else { return false }
        let byte = bytes[index]
        return (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte >= 0x80
    }

    /// The components of a dotted name right at `start`: `SchemaV2.Trip>` → `SchemaV2`, `Trip`.
    private static func dottedName(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var components: [String] = []
        var index = start
        var componentStart = start
        while index <= bytes.count {
            if index < bytes.count, isIdentifier(bytes, index) { index += 1; continue }
            guard index > componentStart else { break }
            components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[componentStart..<index]), as: UTF8.self))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { break }
            index += 1
            componentStart = index
        }
        return components
    }

    /// The (last component of the) dotted name after whitespace: `  Module.Movie` → `Movie`.
    private static func name(after start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var index = start
        guard index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) else { return nil }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        var componentStart = index
        while index < bytes.count, isIdentifier(bytes, index) || bytes[index] == UInt8(ascii: ".") {
            if bytes[index] == UInt8(ascii: ".") { componentStart = index + 1 }
            index += 1
        }
        guard index > componentStart else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[componentStart..<index]), as: UTF8.self)
    }
}
