import SwiftSyntax

/// What the components of a query's key path reach in the models: `\.director?.name` is the
/// `director` of the root model, then the `name` of `Director`. The key path counterpart of
/// `KeyPathResolution.memberUses`.
public struct QueryKeyPathResolution {
    /// One property of the path whose base is a model.
    public struct Step {
        /// The property's name in the key path.
        public let nameToken: TokenSyntax
        /// The model the property belongs to (its qualified name).
        public let model: String
        /// What the model declares under that name; nil when it declares nothing.
        public let member: ModelMember?
        /// The property the path goes on to after this one (`uuidString` after `id` in
        /// `\.id.uuidString`); nil where the path ends here.
        public let next: TokenSyntax?
    }

    public let root: PredicateRoot
    /// The properties whose base is a model, in order; the walk stops at the first property
    /// that is not a model (a value, a collection, something unknown).
    public let steps: [Step]

    public init(keyPath: QueryKeyPath, index: ModelIndex) {
        root = keyPath.rootType.map { PredicateRoot.of($0, scope: keyPath.scope, around: keyPath.keyPath, index: index) } ?? .unknown
        var steps: [Step] = []
        let properties = keyPath.properties
        if case .model(var model) = root {
            for (depth, name) in properties.enumerated() {
                let member = index.member(name.text, of: model)
                steps.append(Step(nameToken: name, model: model, member: member,
                                  next: depth + 1 < properties.count ? properties[depth + 1] : nil))
                guard case .named(let next)? = member?.type.map(KeyPathResolution.unwrapped), index.isModel(next) else { break }
                model = next
            }
        }
        self.steps = steps
    }
}
