import Foundation
import Testing
@testable import PredicateLintCore

/// A skeleton must declare exactly what its file declares: on real code (every Swift file in
/// this repository) and on the shapes that could fool a scan of bytes.
@Suite struct DeclarationSkeletonTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles() -> [String] {
        ["Sources", "Tests", "Examples", "Plugins", "Fuzz"].flatMap { folder -> [String] in
            let root = repository.appendingPathComponent(folder).path
            return (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") && !$0.contains(".build") }.map { "\(root)/\($0)" }
        }.sorted()
    }

    func fullAndSkeleton(_ text: String) -> (full: FileDeclarations, skeleton: FileDeclarations)? {
        // What the declarations pass does (the skeleton, parsed and walked) against a full parse.
        guard DeclarationSkeleton(text: text) != nil else { return nil }
        return (FileDeclarations(file: SourceFile(path: "A.swift", text: text)), FileDeclarations(path: "A.swift", text: text))
    }

    /// `PREDICATE_LINT_SKELETON_CORPUS=/path/to/apps swift test --filter DeclarationSkeletonTests`
    /// runs the comparison over those apps too (docs/RealAppCorpus.md has the figures).
    static let corpus = ProcessInfo.processInfo.environment["PREDICATE_LINT_SKELETON_CORPUS"]

    static func corpusFiles() -> [String] {
        guard let root = corpus else { return [] }
        return (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.map { "\(root)/\($0)" }.sorted()
    }

    @Test func everySwiftFileOfThisRepositoryDeclaresTheSameFromItsSkeleton() throws {
        let files = Self.swiftFiles() + Self.corpusFiles()
        #expect(files.count > 150)
        var withSkeleton = 0
        var bytes = 0
        var skeletonBytes = 0
        for path in files {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), ParseGuard.refusal(for: text) == nil else { continue }
            guard let (full, skeleton) = fullAndSkeleton(text) else { continue }
            withSkeleton += 1
            bytes += text.utf8.count
            skeletonBytes += DeclarationSkeleton(text: text)!.text.utf8.count
            #expect(full == skeleton, "\(path)")
        }
        // Most files have one, and it is a part of them (here under half: this repository's
        // rules keep their documentation in string constants, which a skeleton keeps).
        if !Self.corpusFiles().isEmpty { print("skeletons: \(withSkeleton) of \(files.count) files, \(skeletonBytes) of \(bytes) bytes") }
        #expect(withSkeleton * 10 >= files.count * 9, "\(withSkeleton) of \(files.count)")
        #expect(skeletonBytes * 2 < bytes, "\(skeletonBytes) of \(bytes) bytes")
    }

    @Test(arguments: [
        // Property observers keep a property stored; a getter, with or without `get`, computes.
        "@Model final class A { var x: Int = 0 { didSet { print(\"}\") } }\n var y: Int { x * 2 }\n var z: Int { get { x } set { x = newValue } } }",
        // Value generics and a keyword among a type's generic constraints.
        "struct Vector<let N: Int> where N == 3 { var items: [Int] = [] }\n@Model class B { var v: Vector<3>? }",
        // Braces inside strings, raw strings, multi-line strings and interpolations.
        "enum K: String { case a = \"{\", b = #\"}\"#, c = \"\"\"\n  { \\(\"}\")\n  \"\"\" }\nstruct S { static let s = \"\\({ \"}\" }())\" }",
        // Comments with braces, nested block comments.
        "/* { /* } */ { */\nstruct C { // }\n var v: Int }",
        // Local types and closures declare nothing outside.
        "func f() { struct Hidden { var x: Int } }\nlet g = { () -> Int in struct AlsoHidden {}; return 1 }()\nstruct Seen { }",
        // `class func` and `class var`, a closure default value, an attribute with a closure.
        "class D { class func make(x: () -> Void = { print(1) }) {} ; class var shared: D { D() }; static let r = Regex { \"a\" } }",
        // Extensions with constraints and members, typealiases, constants.
        "extension Array where Element == Int { var total: Int { reduce(0, +) } }\ntypealias Items = [Item]\nlet featured = Kind.featured",
        // An `if` expression as a stored property's value; a subscript; an init accessor.
        "struct E { var v = if true { 1 } else { 2 }\n subscript(i: Int) -> Int { get { i } set {} }\n var w: Int { @storageRestrictions(initializes: v) init { } get { 0 } } }",
        // A protocol with requirements and no bodies.
        "protocol P { func f()\n var x: Int { get }\n init()\n subscript(i: Int) -> Int { get } }\nstruct After: P { }",
        // Found on real apps: a comment ending in `.` before a type's keyword; comments inside
        // an attribute's arguments, which are part of its text.
        "private let log = Log.main\n/// Fails closed.\nenum Estimator { static let margin: Double = 1.3 }",
        "@Model class A { @Relationship(/*.cascade,*/ inverse: \\B.a) var bs: [B] = []\n @Attribute(.unique, // why\n originalName: \"x\") var x = 0 }",
        // Division, and an extended regex literal holding braces and quotes.
        "struct F { var half: Double { total / 2 }\n static let r = #/a{2}\"}/#\n var total = 0.0 }",
    ])
    func shapesThatCouldFoolTheScan(_ text: String) throws {
        let (full, skeleton) = try #require(fullAndSkeleton(text), "no skeleton for:\n\(text)")
        #expect(full == skeleton)
        #expect(!full.types.isEmpty || !full.extensions.isEmpty)
    }

    @Test func gettersStayComputedAndObservedPropertiesStayStored() throws {
        let text = "@Model final class A { var x: Int = 0 { didSet { } }\n var y: Int { x * 2 } }"
        let declarations = FileDeclarations(path: "A.swift", text: text)
        let members = try #require(declarations.types.first?.members)
        #expect(members.map(\.kind) == [.stored, .computed])
    }

    @Test func functionBodiesAreLeftOut() throws {
        let text = "struct View1 { var body: Int { let a = 1; return a }\n func f() { if true { print(\"x\") } } }"
        let skeleton = try #require(DeclarationSkeleton(text: text))
        #expect(skeleton.text == "struct View1 { var body: Int {}\n func f() {} }")
    }

    @Test(arguments: [
        "let r = /a{/\nstruct A {}",  // a bare regex literal: the scan cannot tell it from division everywhere
        "func f() -> Regex<Substring> { return /\"/ }",
        "struct A { let s = \"unterminated\n}",
        "#if os(iOS)\nextension A: P {\n#else\nextension A {\n#endif\n}",  // braces balanced only per branch
        "struct A {",
        "}",
    ])
    func declinesWhatItCannotFollow(_ text: String) {
        #expect(DeclarationSkeleton(text: text) == nil)
    }
}
