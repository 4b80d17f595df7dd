import SwiftSyntax

/// What a `Package.swift` says about which module sees which: its targets with their source
/// folders and dependencies, its products, and the local packages it depends on. Read from
/// the syntax alone (nothing is run), and only where every part is written out literally; a
/// manifest that computes any of it (names from variables, targets added in a loop) is
/// `isReadable == false`, and its files are then taken to see, and be seen by, everything.
public struct PackageManifest: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case regular, executable, test, macro, plugin, other
        }

        public let name: String
        public let kind: Kind
        /// `path:` as written, relative to the package's folder; nil for the default.
        public let path: String?
        public let dependencies: [Dependency]
        /// Every dependency was written as a literal that names a target or product.
        public let dependenciesAreKnown: Bool

        /// The folders SwiftPM looks in for the target's sources, relative to the package.
        public var sourceFolders: [String] {
            if let path { return [path] }
            let roots = switch kind {
            case .test: ["Tests", "Sources", "Source", "src", "srcs"]
            case .plugin: ["Plugins"]
            default: ["Sources", "Source", "src", "srcs"]
            }
            return roots.map { "\($0)/\(name)" }
        }
    }

    public enum Dependency: Sendable, Equatable {
        /// `"Name"` or `.byName(name:)`: a target of this package, or a product of a dependency.
        case byName(String)
        /// `.target(name:)`.
        case target(String)
        /// `.product(name:package:)`.
        case product(name: String, package: String)
    }

    /// A package this one depends on: its identity (the last component of its path or URL,
    /// lowercased, without `.git`) and, for `.package(path:)`, the path as written.
    public struct PackageDependency: Sendable, Equatable {
        public let identity: String
        public let name: String?
        public let localPath: String?
    }

    public let name: String?
    public let targets: [Target]
    /// Product name to the targets it vends.
    public let products: [String: [String]]
    public let packageDependencies: [PackageDependency]
    /// It imports `PackageDescription`: a file named `Package.swift` may be any Swift file
    /// (a protocol named `Package`), and then it says nothing about modules.
    public let isManifest: Bool
    public let isReadable: Bool
    /// `platforms: [.iOS(.v17), .macOS("14.4")]` of the `Package(…)` call, the lowest of each
    /// platform; nil when it names none.
    public let deploymentTarget: DeploymentTarget?

    /// A text the parse guard refuses, or too deeply nested to walk, says nothing (as any
    /// other file would): a manifest is parsed like every other Swift file.
    public init(text: String) {
        let visitor = ManifestVisitor(viewMode: .sourceAccurate)
        let file = SourceFile(path: "Package.swift", text: text)
        if file.isCheckable { visitor.walk(file.tree) }
        name = visitor.packageName
        targets = visitor.targets
        products = visitor.products
        packageDependencies = visitor.packageDependencies
        isManifest = visitor.importsPackageDescription
        isReadable = isManifest && visitor.sawPackage && visitor.isLiteral
        deploymentTarget = visitor.platforms.isEmpty ? nil : DeploymentTarget(visitor.platforms)
    }

    /// SwiftPM's identity of a package at a path or URL.
    public static func identity(ofLocation location: String) -> String {
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }
}

private final class ManifestVisitor: SyntaxVisitor {
    var packageName: String?
    var importsPackageDescription = false
    var sawPackage = false
    var isLiteral = true
    var targets: [PackageManifest.Target] = []
    var products: [String: [String]] = [:]
    var packageDependencies: [PackageManifest.PackageDependency] = []
    var platforms: [DeploymentTarget.Platform: [Int]] = [:]

    private static let targetKinds: [String: PackageManifest.Target.Kind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
        "plugin": .plugin, "binaryTarget": .other, "systemLibrary": .other,
    ]

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.path.first?.name.text == "PackageDescription" { importsPackageDescription = true }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = node.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Package" {
            sawPackage = true
            packageName = Self.string(node, "name")
            for element in Self.argument(node, "platforms")?.as(ArrayExprSyntax.self)?.elements ?? [] {
                guard let (platform, version) = Self.platformVersion(element.expression) else { continue }
                platforms[platform] = platforms[platform].map { DeploymentTarget.compare($0, version) <= 0 ? $0 : version } ?? version
            }
            return .visitChildren
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let name = member.declName.baseName.text
        if let kind = Self.targetKinds[name] {
            // `.target(name:)` inside a dependency list is a dependency, read with its target.
            guard let targetName = Self.string(node, "name") else {
                isLiteral = false
                return .skipChildren
            }
            var dependencies: [PackageManifest.Dependency] = []
            var known = true
            if let list = Self.argument(node, "dependencies") {
                if let array = list.as(ArrayExprSyntax.self) {
                    for element in array.elements {
                        if let dependency = Self.dependency(element.expression) { dependencies.append(dependency) } else { known = false }
                    }
                } else {
                    known = false
                }
            }
            let path = Self.string(node, "path")
            if path == nil && Self.argument(node, "path") != nil { isLiteral = false }
            targets.append(.init(name: targetName, kind: kind, path: path, dependencies: dependencies, dependenciesAreKnown: known))
            return .skipChildren
        }
        switch name {
        case "library", "executable":
            guard let productName = Self.string(node, "name"), let list = Self.argument(node, "targets")?.as(ArrayExprSyntax.self) else {
                isLiteral = false
                return .skipChildren
            }
            let names = list.elements.compactMap { Self.literal($0.expression) }
            if names.count != list.elements.count { isLiteral = false }
            products[productName, default: []] += names
            return .skipChildren
        case "package":
            if let path = Self.string(node, "path") {
                packageDependencies.append(.init(identity: PackageManifest.identity(ofLocation: path), name: Self.string(node, "name"), localPath: path))
            } else if let url = Self.string(node, "url") {
                packageDependencies.append(.init(identity: PackageManifest.identity(ofLocation: url), name: Self.string(node, "name"), localPath: nil))
            } else if Self.argument(node, "id") == nil {
                isLiteral = false
            }
            return .skipChildren
        default:
            return .visitChildren
        }
    }

    /// `.iOS(.v17)`, `.watchOS(.v10_2)`, `.macOS("14.4")` (also `SupportedPlatform.iOS(…)`).
    private static func platformVersion(_ expression: ExprSyntax) -> (DeploymentTarget.Platform, [Int])? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let platform = call.calledExpression.as(MemberAccessExprSyntax.self).flatMap({
                  DeploymentTarget.Platform(rawValue: $0.declName.baseName.text) }),
              let argument = call.arguments.first?.expression else { return nil }
        if let named = argument.as(MemberAccessExprSyntax.self)?.declName.baseName.text, named.hasPrefix("v") {
            return DeploymentTarget.version(String(named.dropFirst().map { $0 == "_" ? "." : $0 })).map { (platform, $0) }
        }
        return literal(argument).flatMap(DeploymentTarget.version).map { (platform, $0) }
    }

    private static func dependency(_ expression: ExprSyntax) -> PackageManifest.Dependency? {
        if let name = literal(expression) { return .byName(name) }
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let name = string(call, "name") else { return nil }
        switch member.declName.baseName.text {
        case "target": return .target(name)
        case "byName": return .byName(name)
        case "product": return string(call, "package").map { .product(name: name, package: $0) }
        default: return nil
        }
    }

    private static func argument(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    private static func string(_ call: FunctionCallExprSyntax, _ label: String) -> String? {
        argument(call, label).flatMap(literal)
    }

    /// A string literal without interpolation.
    private static func literal(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.openingPounds == nil else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += piece.content.text
        }
        return text
    }
}
