import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// What `docs/Architecture.md` says of `PredicateLintCore` — "no file system, terminal or global
/// state" — checked on its source, so that the map and the code cannot drift apart silently:
/// no call of a file, process or terminal function, no use of a type that reaches them, and no
/// stored `var` outside a type's instances (a global, or a `static var` with storage).
@Suite struct CoreBoundaryTests {
    static let coreFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/PredicateLintCore")

    /// Free functions of the C library and the standard library that read or write files,
    /// the terminal or the process.
    static let outsideFunctions: Set<String> = [
        "fopen", "fread", "fwrite", "fclose", "open", "read", "write", "close", "stat", "lstat", "opendir", "readdir",
        "unlink", "rename", "mkdir", "print", "debugPrint", "fputs", "putchar", "getenv", "setenv", "exit", "readLine",
    ]
    /// Types whose whole job is the outside world.
    static let outsideTypes: Set<String> = ["FileManager", "FileHandle", "ProcessInfo", "Process", "InputStream", "OutputStream", "Bundle"]
    /// Initializers that read a file: `String(contentsOfFile:)`, `Data(contentsOf:)`.
    static let readingLabels: Set<String> = ["contentsOf", "contentsOfFile"]

    /// Each violation as `File.swift:line: what`.
    static func violations(in source: String, file: String) -> [String] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found.map { "\(file):\(converter.location(for: $0.position).line): \($0.what)" }
    }

    final class Finder: SyntaxVisitor {
        var found: [(position: AbsolutePosition, what: String)] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = callee.baseName.text
                if CoreBoundaryTests.outsideFunctions.contains(name) { found.append((node.positionAfterSkippingLeadingTrivia, "calls \(name)")) }
                if let label = node.arguments.first?.label?.text, CoreBoundaryTests.readingLabels.contains(label) {
                    found.append((node.positionAfterSkippingLeadingTrivia, "reads a file with \(name)(\(label):)"))
                }
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if CoreBoundaryTests.outsideTypes.contains(node.baseName.text) { found.append((node.positionAfterSkippingLeadingTrivia, "uses \(node.baseName.text)")) }
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            if CoreBoundaryTests.outsideTypes.contains(node.name.text) { found.append((node.positionAfterSkippingLeadingTrivia, "uses \(node.name.text)")) }
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard node.bindingSpecifier.tokenKind == .keyword(.var) else { return .visitChildren }
            let isStatic = node.modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
            let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true  // item, list, file
            let isStored = node.bindings.contains { binding in
                guard let accessors = binding.accessorBlock else { return true }
                // `{ willSet … }` / `{ didSet … }` observe storage; a getter computes.
                if case .accessors(let list) = accessors.accessors {
                    return list.contains { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
                }
                return false
            }
            if (isStatic || isGlobal) && isStored { found.append((node.positionAfterSkippingLeadingTrivia, "stores a \(isStatic ? "static" : "global") var")) }
            return .visitChildren
        }
    }

    @Test func theCoreTouchesNoFileTerminalOrGlobalState() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.coreFolder.path))
        let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "the core's sources are where this test expects them")
        let violations = try files.sorted().flatMap { file in
            Self.violations(in: try String(contentsOf: Self.coreFolder.appendingPathComponent(file), encoding: .utf8), file: file)
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// The check sees each kind of violation, and not the look-alikes the core does use.
    @Test func theCheckSeesWhatItLooksFor() {
        let code = """
            var counter = 0
            struct A {
                static var shared = A()
                static var computed: Int { 1 }
                var instance = 0
                func f(_ bytes: [UInt8]) -> String {
                    var output: [UInt8] = []
                    output.append(contentsOf: bytes)
                    print(output)
                    _ = FileManager.default
                    return String(contentsOfFile: "/etc/hosts")
                }
            }
            """
        #expect(Self.violations(in: code, file: "A.swift") == [
            "A.swift:1: stores a global var",
            "A.swift:3: stores a static var",
            "A.swift:9: calls print",
            "A.swift:10: uses FileManager",
            "A.swift:11: reads a file with String(contentsOfFile:)",
        ])
    }
}
