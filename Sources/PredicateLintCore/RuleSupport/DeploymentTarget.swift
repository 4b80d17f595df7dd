/// The oldest OS versions an app supports, on each platform it ships to, which decide what its
/// predicates may use and which of SwiftData's runtime traps it can meet.
public struct DeploymentTarget: Sendable, Equatable, CustomStringConvertible {
    public enum Platform: String, Sendable, CaseIterable, Comparable {
        case iOS, macOS, tvOS, watchOS, visionOS

        public static func < (lhs: Platform, rhs: Platform) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The oldest supported version of each platform; platforms not listed are not supported.
    public let minimums: [Platform: [Int]]
    /// True when the app states no target and SwiftData's oldest systems are assumed: then
    /// which platforms it ships to is not known either.
    public let isAssumed: Bool

    public init(_ minimums: [Platform: [Int]], isAssumed: Bool = false) {
        self.minimums = minimums
        self.isAssumed = isAssumed
    }

    /// What an app that states no target is taken to support: the oldest systems SwiftData
    /// runs on, so every trap of theirs counts.
    public static let swiftDataMinimum = DeploymentTarget([
        .iOS: [17], .macOS: [14], .tvOS: [17], .watchOS: [10], .visionOS: [1],
    ], isAssumed: true)

    /// `"iOS 17.0"`, `"macOS 14"`, or several: `"iOS 17.0, macOS 14"`.
    public init?(parsing text: String) {
        var minimums: [Platform: [Int]] = [:]
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2,
                  let platform = Platform.allCases.first(where: { $0.rawValue.lowercased() == parts[0].lowercased() }),
                  let version = Self.version(parts[1]), minimums[platform] == nil else { return nil }
            minimums[platform] = version
        }
        guard !minimums.isEmpty else { return nil }
        self.minimums = minimums
        isAssumed = false
    }

    /// `17`, `17.4`, `10.15.1` → their components; nil for anything else.
    public static func version(_ text: some StringProtocol) -> [Int]? {
        let components = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !components.isEmpty, components.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        return components.compactMap { $0 }
    }

    public var description: String {
        minimums.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \(Self.text($0.value))" }.joined(separator: ", ")
    }

    static func text(_ version: [Int]) -> String { version.map(String.init).joined(separator: ".") }

    /// The lower of two targets on each platform, and every platform of either: what an app
    /// whose parts state different targets can run on.
    public func lowest(with other: DeploymentTarget) -> DeploymentTarget {
        DeploymentTarget(minimums.merging(other.minimums) { Self.compare($0, $1) <= 0 ? $0 : $1 })
    }

    /// Whether every supported platform's oldest version already has `release`: no version
    /// before it is supported.
    public func supports(_ release: Release) -> Bool {
        minimums.allSatisfy { platform, minimum in
            guard let required = release.versions[platform] else { return true }
            return Self.compare(minimum, required) >= 0
        }
    }

    /// The supported platforms whose oldest version predates `release`.
    public func platforms(before release: Release) -> [Platform] {
        minimums.keys.sorted().filter { platform in
            release.versions[platform].map { Self.compare(minimums[platform]!, $0) < 0 } ?? false
        }
    }

    /// Orders two versions: negative, zero or positive, as `a` is older, the same or newer.
    public static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for index in 0..<max(a.count, b.count) {
            let (x, y) = (index < a.count ? a[index] : 0, index < b.count ? b[index] : 0)
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// A set of OS versions released together.
    public struct Release: Sendable, Equatable {
        public let versions: [Platform: [Int]]

        /// `PredicateExpressions.PredicateEvaluate`: calling one predicate from another.
        public static let predicateEvaluate = Release(versions: [
            .iOS: [17, 4], .macOS: [14, 4], .tvOS: [17, 4], .watchOS: [10, 4], .visionOS: [1, 1],
        ])
        /// `#Expression` and regular expressions in predicates.
        public static let expressions = Release(versions: [
            .iOS: [18], .macOS: [15], .tvOS: [18], .watchOS: [11], .visionOS: [2],
        ])
        /// The 2026 systems (WWDC26).
        public static let os27 = Release(versions: [
            .iOS: [27], .macOS: [27], .tvOS: [27], .watchOS: [27], .visionOS: [27],
        ])

        /// `iOS 18 / macOS 15`: the release on the platforms that matter to a message.
        public func names(for platforms: [Platform]) -> String {
            let shown = platforms.isEmpty ? [.iOS, .macOS] : platforms
            return shown.compactMap { platform in versions[platform].map { "\(platform.rawValue) \(DeploymentTarget.text($0))" } }
                .joined(separator: " / ")
        }

        /// Every platform: `iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2`.
        public var allNames: String {
            versions.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \(DeploymentTarget.text($0.value))" }.joined(separator: ", ")
        }
    }
}
