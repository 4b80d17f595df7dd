/// The oldest OS an app supports, which decides what its predicates may use.
public struct DeploymentTarget: Sendable, Equatable, CustomStringConvertible {
    public enum Platform: String, Sendable, CaseIterable {
        case iOS, macOS, tvOS, watchOS, visionOS
    }

    public let platform: Platform
    public let version: [Int]

    /// `"iOS 17.0"`, `"macOS 14"`.
    public init?(parsing text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2,
              let platform = Platform.allCases.first(where: { $0.rawValue.lowercased() == parts[0].lowercased() }) else { return nil }
        let version = parts[1].split(separator: ".").compactMap { Int($0) }
        guard !version.isEmpty, version.count == parts[1].split(separator: ".").count else { return nil }
        self.platform = platform
        self.version = version
    }

    public var description: String { "\(platform.rawValue) \(version.map(String.init).joined(separator: "."))" }

    /// Whether this target has what arrived in `release`.
    public func supports(_ release: Release) -> Bool {
        guard let required = release.versions[platform] else { return true }
        for index in 0..<max(version.count, required.count) {
            let have = index < version.count ? version[index] : 0
            let need = index < required.count ? required[index] : 0
            if have != need { return have > need }
        }
        return true
    }

    /// A set of OS versions released together.
    public struct Release: Sendable {
        public let versions: [Platform: [Int]]

        /// `PredicateExpressions.PredicateEvaluate`: calling one predicate from another.
        public static let predicateEvaluate = Release(versions: [
            .iOS: [17, 4], .macOS: [14, 4], .tvOS: [17, 4], .watchOS: [10, 4], .visionOS: [1, 1],
        ])
        /// `#Expression` and regular expressions in predicates.
        public static let expressions = Release(versions: [
            .iOS: [18], .macOS: [15], .tvOS: [18], .watchOS: [11], .visionOS: [2],
        ])

        public func name(for platform: Platform) -> String {
            "\(platform.rawValue) \((versions[platform] ?? []).map(String.init).joined(separator: "."))"
        }
    }
}
