import SwiftSyntax

/// Whether code is already guarded for the systems it needs: inside `if #available(…)`, after
/// `guard #available(…)`, or in a declaration marked `@available(…)` that names every platform
/// of the deployment target that predates the release, at the release's version or later. Where
/// the target is only assumed (the platforms are not known), a guard for any of them counts.
public enum AvailabilityGuards {
    /// `file`: where the file's `guard #available` statements are found once, for all its
    /// predicates (scanning each enclosing block from every predicate would take time
    /// quadratic in the number of predicates).
    public static func guards(_ node: some SyntaxProtocol, for release: DeploymentTarget.Release,
                              on target: DeploymentTarget, in file: FileFacts) -> Bool {
        let needed = target.platforms(before: release)
        guard !needed.isEmpty else { return true }
        func covers(_ arguments: AvailabilityArgumentListSyntax) -> Bool {
            let stated = versions(in: arguments)
            let guarded = needed.filter { platform in
                guard let version = stated[platform], let required = release.versions[platform] else { return false }
                return DeploymentTarget.compare(version, required) >= 0
            }
            return target.isAssumed ? !guarded.isEmpty : guarded.count == needed.count
        }
        var child = Syntax(node)
        while let parent = child.parent {
            defer { child = parent }
            if let attributes = parent.asProtocol(WithAttributesSyntax.self)?.attributes {
                for attribute in attributes {
                    if let attribute = attribute.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == "available",
                       case .availability(let arguments)? = attribute.arguments, covers(arguments) {
                        return true
                    }
                }
            }
            if let ifExpression = parent.as(IfExprSyntax.self), ifExpression.body.id == child.id,
               ifExpression.conditions.contains(where: { condition in
                   condition.condition.as(AvailabilityConditionSyntax.self).map {
                       $0.availabilityKeyword.tokenKind == .poundAvailable && covers($0.availabilityArguments)
                   } ?? false
               }) {
                return true
            }
            // `guard #available(…) else { return }` earlier in the same block.
            if parent.is(CodeBlockItemListSyntax.self) {
                for guardStatement in file.availabilityGuardStatements
                where guardStatement.parent?.parent?.id == parent.id && guardStatement.position < child.position {
                    if guardStatement.conditions.contains(where: { condition in
                        condition.condition.as(AvailabilityConditionSyntax.self).map {
                            $0.availabilityKeyword.tokenKind == .poundAvailable && covers($0.availabilityArguments)
                        } ?? false
                    }) {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// `iOS 18, macOS 15.1, *` → iOS: 18, macOS: 15.1.
    static func versions(in arguments: AvailabilityArgumentListSyntax) -> [DeploymentTarget.Platform: [Int]] {
        var versions: [DeploymentTarget.Platform: [Int]] = [:]
        for argument in arguments {
            guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                  let platform = DeploymentTarget.Platform(rawValue: restriction.platform.text),
                  let text = restriction.version?.trimmedDescription,
                  let version = DeploymentTarget.version(text) else { continue }
            versions[platform] = version
        }
        return versions
    }
}
