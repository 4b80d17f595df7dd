import SwiftSyntax

/// A prefetch key path of more than one relationship: `[\.account, \.account?.wallet]`.
public struct MultiHopPrefetchRule: KeyPathRule {
    static let multiHop = RuleCase(
        "a prefetch key path through more than one relationship", failsAt: .runtime,
        evidence: .graded(.d, "one project (dashpay/platform pull request 3691, merged 2026-05-20, iOS 26-era SwiftData): "
            + "the fetch stopped with \"Couldn't find \\T.<computed …>?.<computed …>? on T with fields\", and the fix kept "
            + "only the direct relationship"))

    public static let description = RuleDescription(
        id: "multi-hop-prefetch",
        severity: .warning,
        summary: "Prefetch only a model's own relationships, one hop at a time",
        rationale: """
            `relationshipKeyPathsForPrefetching` names relationships of the fetched model that \
            SwiftData loads along with the results. A path that goes on through the related \
            model (`\\.account?.wallet`) type-checks, and has been seen to stop the fetch with a \
            fatal error that the key path could not be found. Prefetch the direct relationship \
            (`\\.account`); to warm the next level, fetch those models with a descriptor of their \
            own that prefetches theirs. Dropping the extra hop changes no results: prefetching \
            only saves round trips. One project's fix is all the evidence, so the rule is opt-in.
            """,
        cases: [multiHop],
        isOptIn: true,
        triggering: [
            Example(#"""
            var descriptor = FetchDescriptor<Award>()
            descriptor.relationshipKeyPathsForPrefetching = [\.movie, \.movie?.↓director]
            """#),
            Example(#"""
            func recentAwards() -> FetchDescriptor<Award> {
                var descriptor = FetchDescriptor<Award>(sortBy: [SortDescriptor(\.year, order: .reverse)])
                descriptor.relationshipKeyPathsForPrefetching = [\Award.movie?.↓director]
                return descriptor
            }
            """#),
            // An app's own initializer in an extension of `FetchDescriptor` takes the same list.
            Example(#"""
            extension FetchDescriptor {
                init(relationshipKeyPathsForPrefetching paths: [PartialKeyPath<T>]) {
                    self.init()
                    relationshipKeyPathsForPrefetching = paths
                }
            }
            func awardsWithDirectors() -> FetchDescriptor<Award> {
                FetchDescriptor(relationshipKeyPathsForPrefetching: [\.movie, \.movie?.↓director])
            }
            """#),
        ],
        nonTriggering: [
            Example(#"""
            var descriptor = FetchDescriptor<Movie>()
            descriptor.relationshipKeyPathsForPrefetching = [\.director, \.cast]
            """#),
            // Not a prefetch: a list of key paths the app reads itself.
            Example(#"let columns: [PartialKeyPath<Award>] = [\.movie?.director, \.title]"#),
        ],
        corrections: [
            (Example(#"""
            var descriptor = FetchDescriptor<Award>()
            descriptor.relationshipKeyPathsForPrefetching = [\.movie, \.movie?.↓director]
            """#), #"""
            var descriptor = FetchDescriptor<Award>()
            descriptor.relationshipKeyPathsForPrefetching = [\.movie]
            """#),
            (Example(#"""
            var descriptor = FetchDescriptor<Award>()
            descriptor.relationshipKeyPathsForPrefetching = [\.movie?.↓director]
            """#), #"""
            var descriptor = FetchDescriptor<Award>()
            descriptor.relationshipKeyPathsForPrefetching = [\.movie]
            """#),
        ])

    public init() {}

    public func check(_ context: KeyPathContext) -> [Finding] {
        let properties = context.keyPath.properties
        guard context.role == .prefetch, properties.count > 1, context.reports(Self.multiHop) else { return [] }
        let direct = properties[0].text
        return [context.finding(
            self, at: properties[1],
            message: "SwiftData prefetches only the fetched model's own relationships; a path through `\(direct)` "
                + "to `\(properties[1].text)` has been seen to stop the fetch. Prefetch `\(direct)` alone, and fetch "
                + "the next level with a descriptor of its own",
            correction: Self.directHopOnly(context.keyPath.keyPath, direct: direct))]
    }

    /// `\.movie?.director` → `\.movie`; the element goes when the list already prefetches `\.movie`.
    static func directHopOnly(_ keyPath: KeyPathExprSyntax, direct: String) -> Correction? {
        let root = keyPath.root?.trimmedDescription ?? ""
        let replacement = "\\\(root).\(direct)"
        guard let element = keyPath.parent?.as(ArrayElementSyntax.self),
              let list = element.parent?.as(ArrayElementListSyntax.self) else { return nil }
        let isListed = list.contains { other in
            guard let path = other.expression.as(KeyPathExprSyntax.self), other.id != element.id else { return false }
            return path.components.count == 1 && path.components.first?.component.as(KeyPathPropertyComponentSyntax.self)?
                .declName.baseName.text == direct
        }
        guard isListed else {
            return Correction(title: "Prefetch `\(direct)` only", edits: [TextEdit(replacing: keyPath, with: replacement)])
        }
        // Drop the element with its comma: the one after it, or, for the last element, the one before.
        var range = element.positionAfterSkippingLeadingTrivia.utf8Offset..<element.endPositionBeforeTrailingTrivia.utf8Offset
        if element.trailingComma == nil, let previous = list.prefix(while: { $0.id != element.id }).last, let comma = previous.trailingComma {
            range = comma.positionAfterSkippingLeadingTrivia.utf8Offset..<range.upperBound
        } else if let comma = element.trailingComma, let next = comma.nextToken(viewMode: .sourceAccurate) {
            range = range.lowerBound..<next.positionAfterSkippingLeadingTrivia.utf8Offset
        }
        return Correction(title: "Drop the extra hop: `\(direct)` is already prefetched", edits: [TextEdit(range: range, replacement: "")])
    }
}
