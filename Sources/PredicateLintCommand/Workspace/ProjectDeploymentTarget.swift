import Foundation
import PredicateLintCore

/// The deployment target a project states, read as text (nothing is run): `platforms:` in
/// `Package.swift`, and the `*_DEPLOYMENT_TARGET` build settings of Xcode projects (the lowest
/// value across targets and configurations wins, each inheriting from the project's). Where both a manifest and Xcode projects
/// are in the project's folder, the lowest of all wins: the app runs on the oldest.
public struct ProjectDeploymentTarget: Sendable, Equatable {
    public let target: DeploymentTarget
    /// The files it was read from, relative to the project's folder.
    public let sources: [String]

    /// What the project's folder states, or nil.
    public static func read(projectFolder folder: String) -> ProjectDeploymentTarget? {
        var found: [(DeploymentTarget, String)] = []
        let entries = (FileDiscovery.directoryEntries(folder) ?? []).map(\.0).sorted()
        if entries.contains("Package.swift"), let text = read("\(folder)/Package.swift"), let target = fromPackageManifest(text) {
            found.append((target, "Package.swift"))
        }
        var projects = entries.filter { $0.hasSuffix(".xcodeproj") }
        for workspace in entries where workspace.hasSuffix(".xcworkspace") {
            projects += projectsReferenced(by: read("\(folder)/\(workspace)/contents.xcworkspacedata") ?? "")
        }
        for project in Set(projects).sorted() {
            let file = "\(project)/project.pbxproj"
            if let text = read("\(folder)/\(file)"), let target = fromXcodeProject(text) { found.append((target, file)) }
        }
        guard let first = found.first else { return nil }
        let target = found.dropFirst().reduce(first.0) { $0.lowest(with: $1.0) }
        return ProjectDeploymentTarget(target: target, sources: found.map(\.1))
    }

    private static func older(_ a: [Int], _ b: [Int]) -> [Int] {
        DeploymentTarget.compare(a, b) <= 0 ? a : b
    }

    private static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Package.swift

    /// `platforms: [.iOS(.v17), .macOS("14.4"), .watchOS(.v10_2)]`.
    public static func fromPackageManifest(_ text: String) -> DeploymentTarget? {
        let code = withoutComments(text)
        guard let start = code.range(of: "platforms:") else { return nil }
        // The list that follows, up to its closing bracket.
        var depth = 0
        var list = ""
        for character in code[start.upperBound...] {
            if character == "[" { depth += 1 } else if character == "]" {
                depth -= 1
                if depth == 0 { break }
            }
            if depth > 0 { list.append(character) }
        }
        var minimums: [DeploymentTarget.Platform: [Int]] = [:]
        for match in list.matches(of: /\.(iOS|macOS|tvOS|watchOS|visionOS)\(\s*(?:\.v(\d+(?:_\d+)*)|"(\d+(?:\.\d+)*)")/) {
            guard let platform = DeploymentTarget.Platform(rawValue: String(match.1)),
                  let version = match.2.map({ DeploymentTarget.version($0.replacingOccurrences(of: "_", with: ".")) })
                    ?? match.3.flatMap({ DeploymentTarget.version($0) }) else { continue }
            minimums[platform] = minimums[platform].map { older($0, version) } ?? version
        }
        return minimums.isEmpty ? nil : DeploymentTarget(minimums)
    }

    /// Swift source without `//` and `/* */` comments (strings are left as they are; a
    /// manifest's platforms never hold comment markers).
    static func withoutComments(_ text: String) -> String {
        text.replacing(/\/\*[\s\S]*?\*\//, with: "").replacing(/\/\/[^\n]*/, with: "")
    }

    // MARK: Xcode

    static let buildSettings: [String: DeploymentTarget.Platform] = [
        "IPHONEOS_DEPLOYMENT_TARGET": .iOS, "MACOSX_DEPLOYMENT_TARGET": .macOS, "TVOS_DEPLOYMENT_TARGET": .tvOS,
        "WATCHOS_DEPLOYMENT_TARGET": .watchOS, "XROS_DEPLOYMENT_TARGET": .visionOS,
    ]

    /// The lowest deployment target of each platform across the targets of a
    /// `project.pbxproj` and their configurations. A target's configuration inherits what it
    /// does not set from the project's configuration of the same name, so a project-level
    /// default every target overrides counts for nothing. A file whose objects cannot be read
    /// falls back to every value in it.
    public static func fromXcodeProject(_ text: String) -> DeploymentTarget? {
        var minimums: [DeploymentTarget.Platform: [Int]] = [:]
        func add(_ settings: [DeploymentTarget.Platform: [Int]]) {
            for (platform, version) in settings { minimums[platform] = minimums[platform].map { older($0, version) } ?? version }
        }
        let objects = XcodeObjects(text)
        let targetConfigurations = objects.targetConfigurations
        if targetConfigurations.isEmpty {
            add(deploymentSettings(in: Substring(text)))
        } else {
            let projectDefaults = objects.projectConfigurations
            for own in targetConfigurations {
                let configuration = projectDefaults[own.name].map { own.inheriting(from: $0) } ?? own
                // A setting for a platform the target is not built for (a template's leftover
                // `MACOSX_DEPLOYMENT_TARGET` in an iPhone app) says nothing about the app.
                add(configuration.settings.filter { configuration.platforms?.contains($0.key) ?? true })
            }
        }
        return minimums.isEmpty ? nil : DeploymentTarget(minimums)
    }

    /// The SDK names of `SUPPORTED_PLATFORMS` and `SDKROOT`.
    static let sdks: [String: DeploymentTarget.Platform] = [
        "iphoneos": .iOS, "iphonesimulator": .iOS, "macosx": .macOS, "appletvos": .tvOS, "appletvsimulator": .tvOS,
        "watchos": .watchOS, "watchsimulator": .watchOS, "xros": .visionOS, "xrsimulator": .visionOS,
    ]

    /// `IPHONEOS_DEPLOYMENT_TARGET = 17.0;` and the other platforms', the lowest of each.
    static func deploymentSettings(in text: Substring) -> [DeploymentTarget.Platform: [Int]] {
        var settings: [DeploymentTarget.Platform: [Int]] = [:]
        for match in text.matches(of: XcodePatterns.deploymentSetting) {
            guard let platform = buildSettings[String(match.1)], let version = DeploymentTarget.version(match.2) else { continue }
            settings[platform] = settings[platform].map { older($0, version) } ?? version
        }
        return settings
    }

    /// The objects of a `project.pbxproj` (an old-style property list), as much of them as the
    /// deployment target needs: build configurations, their lists, the project and its targets.
    struct XcodeObjects {
        struct Configuration {
            let name: String
            var settings: [DeploymentTarget.Platform: [Int]]
            /// From `SUPPORTED_PLATFORMS`, else `SDKROOT`; nil when neither names one (`auto`).
            var platforms: Set<DeploymentTarget.Platform>?

            init(name: String, body: Substring) {
                self.name = name
                settings = ProjectDeploymentTarget.deploymentSettings(in: body)
                let sdks = body.firstMatch(of: XcodePatterns.supportedPlatforms)?.1
                    ?? body.firstMatch(of: XcodePatterns.sdkRoot)?.1
                let named = Set((sdks ?? "").split(separator: " ").compactMap { ProjectDeploymentTarget.sdks[String($0)] })
                platforms = named.isEmpty ? nil : named
            }

            /// A target's configuration over the project's of the same name.
            func inheriting(from project: Configuration) -> Configuration {
                var merged = self
                merged.settings = project.settings.merging(settings) { _, own in own }
                merged.platforms = platforms ?? project.platforms
                return merged
            }
        }

        /// Each object's `isa` and text, by identifier.
        private var objects: [Substring: (isa: Substring, body: Substring)] = [:]

        init(_ text: String) {
            guard let start = text.range(of: "objects = {")?.upperBound else { return }
            var index = start
            // Entries are `ID /* comment */ = { … };` until the closing brace of `objects`.
            while let idStart = text[index...].firstIndex(where: { !$0.isWhitespace }), text[idStart] != "}" {
                if text[idStart...].hasPrefix("/*") {
                    guard let end = text[idStart...].range(of: "*/") else { return }
                    index = end.upperBound
                    continue
                }
                guard let equals = text[idStart...].firstIndex(of: "="),
                      let open = text[equals...].firstIndex(where: { !$0.isWhitespace && $0 != "=" }), text[open] == "{",
                      let close = Self.matchingBrace(in: text, from: open) else { return }
                let id = text[idStart..<equals].prefix { !$0.isWhitespace }
                let body = text[text.index(after: open)..<close]
                if let isa = Self.isa(of: body) { objects[id] = (isa, body) }
                index = text.index(after: close)
                if index < text.endIndex, text[index] == ";" { index = text.index(after: index) }
            }
        }

        /// `isa = PBXProject;` → `PBXProject`. Read without a regex: a project has thousands of
        /// objects, and a regex literal is compiled each time it is evaluated.
        static func isa(of body: Substring) -> Substring? {
            let bytes = body.utf8
            var search = bytes.startIndex
            while let found = body[search...].range(of: "isa") {
                search = found.upperBound
                if found.lowerBound > body.startIndex, Self.isWordByte(bytes[bytes.index(before: found.lowerBound)]) { continue }
                var index = found.upperBound
                while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { bytes.formIndex(after: &index) }
                guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else { continue }
                bytes.formIndex(after: &index)
                while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { bytes.formIndex(after: &index) }
                let start = index
                while index < bytes.endIndex, Self.isWordByte(bytes[index]) { bytes.formIndex(after: &index) }
                guard start < index else { continue }
                return body[start..<index]
            }
            return nil
        }

        private static func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }

        /// The index of the `}` that closes the `{` at `open`, skipping quoted strings and
        /// comments; read as bytes (all the delimiters are ASCII).
        private static func matchingBrace(in text: String, from open: String.Index) -> String.Index? {
            let bytes = text.utf8
            var depth = 0
            var index = open
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    bytes.formIndex(after: &index)
                    while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\") { bytes.formIndex(after: &index) }
                        if index < bytes.endIndex { bytes.formIndex(after: &index) }
                    }
                } else if byte == UInt8(ascii: "/"), bytes[index...].starts(with: "/*".utf8) {
                    guard let end = text[index...].range(of: "*/") else { return nil }
                    index = bytes.index(before: end.upperBound)
                } else if byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return index }
                }
                if index < bytes.endIndex { bytes.formIndex(after: &index) }
            }
            return nil
        }

        private func configurations(ofListIn owner: Substring) -> [Configuration] {
            guard let list = owner.firstMatch(of: XcodePatterns.configurationList)?.1,
                  let listBody = objects[list]?.body,
                  let members = listBody.firstMatch(of: XcodePatterns.configurationMembers)?.1 else { return [] }
            return members.matches(of: XcodePatterns.listMember).compactMap { member in
                guard let configuration = objects[member.1], configuration.isa == "XCBuildConfiguration" else { return nil }
                let name = configuration.body.firstMatch(of: XcodePatterns.configurationName)?.1 ?? ""
                return Configuration(name: String(name), body: configuration.body)
            }
        }

        /// The project's own configurations by name: what targets inherit.
        var projectConfigurations: [String: Configuration] {
            var byName: [String: Configuration] = [:]
            for object in objects.values where object.isa == "PBXProject" {
                for configuration in configurations(ofListIn: object.body) { byName[configuration.name] = configuration }
            }
            return byName
        }

        /// Every configuration of every target but test bundles (which compile the tests, not
        /// the app, and often keep a template's older settings).
        var targetConfigurations: [Configuration] {
            objects.values.filter { ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"].contains($0.isa) }
                .filter { !$0.body.contains("product-type.bundle.unit-test") && !$0.body.contains("product-type.bundle.ui-testing") }
                .flatMap { configurations(ofListIn: $0.body) }
        }
    }

    /// `<FileRef location = "group:App.xcodeproj">` → `App.xcodeproj`.
    static func projectsReferenced(by workspaceData: String) -> [String] {
        workspaceData.matches(of: /location\s*=\s*"(?:group|container):([^"]+\.xcodeproj)"/).map { String($0.1) }
            .filter { !$0.contains("..") }
    }
}

/// The patterns a `project.pbxproj` is read with, compiled once: a regex literal is compiled
/// each time it is evaluated, which made reading a large project most of a warm run.
/// (Matching does not change a `Regex`; several threads may match with one.)
enum XcodePatterns {
    nonisolated(unsafe) static let deploymentSetting = /([A-Z]+_DEPLOYMENT_TARGET)\s*=\s*"?(\d+(?:\.\d+)*)"?\s*;/
    nonisolated(unsafe) static let supportedPlatforms = /SUPPORTED_PLATFORMS\s*=\s*"?([^";]*)"?\s*;/
    nonisolated(unsafe) static let sdkRoot = /SDKROOT\s*=\s*"?([^";]*)"?\s*;/
    nonisolated(unsafe) static let configurationList = /buildConfigurationList\s*=\s*(\w+)/
    nonisolated(unsafe) static let configurationMembers = /buildConfigurations\s*=\s*\(([^)]*)\)/
    nonisolated(unsafe) static let listMember = /(\w+)\s*(?:\/\*[^*]*\*\/)?\s*,/
    nonisolated(unsafe) static let configurationName = /\bname\s*=\s*"?([^";]*)"?\s*;/
}
