import Foundation
import PredicateLintCore

/// What an Xcode project states: each target's deployment settings over the project's, with
/// test bundles and platforms a target is not built for left out; the projects a workspace
/// references. Read as text (`project.pbxproj` is an old-style property list).
extension ProjectDeploymentTarget {
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
        deploymentSettings(in: PropertyListText.assignments(in: text))
    }

    static func deploymentSettings(in assignments: [PropertyListText.Assignment]) -> [DeploymentTarget.Platform: [Int]] {
        var settings: [DeploymentTarget.Platform: [Int]] = [:]
        for assignment in assignments {
            guard case .scalar(let value) = assignment.value, let platform = buildSettings[String(assignment.key)],
                  let version = DeploymentTarget.version(value) else { continue }
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

            init(name: String, assignments: [PropertyListText.Assignment]) {
                self.name = name
                settings = ProjectDeploymentTarget.deploymentSettings(in: assignments)
                let sdks = PropertyListText.scalar("SUPPORTED_PLATFORMS", in: assignments) ?? PropertyListText.scalar("SDKROOT", in: assignments)
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
            // Read as bytes with integer offsets (every delimiter is ASCII): walking a large
            // project's characters and bridging its substrings to Foundation's searches was
            // most of a warm run.
            var text = text
            text.makeContiguousUTF8()
            let utf8 = text.utf8
            let spans = utf8.withContiguousStorageIfAvailable { Self.objectSpans(in: $0) } ?? []
            func slice(_ range: Range<Int>) -> Substring {
                text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
            }
            for span in spans { objects[slice(span.id)] = (slice(span.isa), slice(span.body)) }
        }

        /// Where each object's identifier, `isa` and body lie in the `objects = { … }` section:
        /// entries are `ID /* comment */ = { … };` until the section's closing brace. Stops at
        /// the first entry it cannot read.
        static func objectSpans(in bytes: UnsafeBufferPointer<UInt8>) -> [(id: Range<Int>, isa: Range<Int>, body: Range<Int>)] {
            var spans: [(id: Range<Int>, isa: Range<Int>, body: Range<Int>)] = []
            guard var index = ByteSearch.firstOffset(of: "objects = {", in: bytes).map({ $0 + 11 }) else { return spans }
            while true {
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else { return spans }
                let idStart = index
                if bytes[idStart...].starts(with: "/*".utf8) {
                    guard let end = ByteSearch.firstOffset(of: "*/", in: bytes, from: idStart + 2) else { return spans }
                    index = end + 2
                    continue
                }
                guard let equals = bytes[idStart...].firstIndex(of: UInt8(ascii: "=")) else { return spans }
                var open = equals
                while open < bytes.count, isSpace(bytes[open]) || bytes[open] == UInt8(ascii: "=") { open += 1 }
                guard open < bytes.count, bytes[open] == UInt8(ascii: "{"), let close = matchingBrace(in: bytes, from: open) else { return spans }
                var idEnd = idStart
                while idEnd < equals, !isSpace(bytes[idEnd]) { idEnd += 1 }
                let body = (open + 1)..<close
                if let isa = isa(in: bytes, body) { spans.append((idStart..<idEnd, isa, body)) }
                index = close + 1
                if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            }
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
        }

        /// `isa = PBXProject;` → where `PBXProject` lies. A project has thousands of objects,
        /// so this is a byte search, not a regex.
        static func isa(in bytes: UnsafeBufferPointer<UInt8>, _ body: Range<Int>) -> Range<Int>? {
            var search = body.lowerBound
            while let start = ByteSearch.firstOffset(of: "isa", in: UnsafeBufferPointer(rebasing: bytes[..<body.upperBound]), from: search) {
                let found = start..<(start + 3)
                search = found.upperBound
                if found.lowerBound > body.lowerBound, PropertyListText.isWordByte(bytes[found.lowerBound - 1]) { continue }
                var index = found.upperBound
                while index < body.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
                guard index < body.upperBound, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < body.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
                let start = index
                while index < body.upperBound, PropertyListText.isWordByte(bytes[index]) { index += 1 }
                guard start < index else { continue }
                return start..<index
            }
            return nil
        }

        /// The offset of the `}` that closes the `{` at `open`, skipping quoted strings and
        /// comments.
        private static func matchingBrace(in bytes: UnsafeBufferPointer<UInt8>, from open: Int) -> Int? {
            var depth = 0
            var index = open
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                        if index < bytes.count { index += 1 }
                    }
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    guard let end = ByteSearch.firstOffset(of: "*/", in: bytes, from: index + 2) else { return nil }
                    index = end + 1
                } else if byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return index }
                }
                if index < bytes.count { index += 1 }
            }
            return nil
        }

        private func configurations(ofListIn owner: Substring) -> [Configuration] {
            guard let list = PropertyListText.scalar("buildConfigurationList", in: PropertyListText.assignments(in: owner), depth: 0),
                  let listBody = objects[list]?.body,
                  let members = PropertyListText.list("buildConfigurations", in: PropertyListText.assignments(in: listBody)) else { return [] }
            return members.compactMap { member in
                guard let configuration = objects[member], configuration.isa == "XCBuildConfiguration" else { return nil }
                let assignments = PropertyListText.assignments(in: configuration.body)
                let name = PropertyListText.scalar("name", in: assignments, depth: 0) ?? ""
                return Configuration(name: String(name), assignments: assignments)
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

    /// `<FileRef location = "group:App.xcodeproj">` → `App.xcodeproj`. One pass: each
    /// `location` is read up to its closing quote, and the search goes on from there.
    static func projectsReferenced(by workspaceData: String) -> [String] {
        var text = workspaceData
        return text.withUTF8 { bytes -> [String] in
            var found: [String] = []
            var index = 0
            while let hit = ByteSearch.firstOffset(of: "location", in: bytes, from: index) {
                index = hit + 8
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { continue }
                let start = index + 1
                guard let end = UnsafeBufferPointer(rebasing: bytes[start...]).firstIndex(of: UInt8(ascii: "\"")).map({ start + $0 }) else { break }
                index = end + 1
                let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                for prefix in ["group:", "container:"] where value.hasPrefix(prefix) && value.hasSuffix(".xcodeproj") {
                    let project = String(value.dropFirst(prefix.count))
                    if project.count > ".xcodeproj".count, !project.contains("..") { found.append(project) }
                }
            }
            return found
        }
    }
}
