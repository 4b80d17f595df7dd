import PredicateLintCore
import SwiftSyntax

extension Plan {
    /// The stand-in's text: the prelude, the types nested as the app nests them, then the
    /// predicate in a function whose parameters are its captured values.
    mutating func standIn() throws -> StandIn {
        var bodies: [String: (header: String, lines: [String])] = [:]
        for name in needed {
            bodies[name] = try declaration(of: name)
        }
        // A type nested in one the predicate does not need: its container becomes a namespace.
        for name in bodies.keys {
            let parts = name.split(separator: ".").map(String.init)
            for length in 1..<max(1, parts.count) {
                let container = parts.prefix(length).joined(separator: ".")
                if bodies[container] == nil { bodies[container] = ("enum \(parts[length - 1])", []) }
            }
        }
        var out = StandInPrelude.calibration
        func emit(_ name: String, depth: Int) {
            let pad = String(repeating: "    ", count: depth)
            let (header, lines) = bodies[name]!
            out += "\(pad)\(header) {\n" + lines.map { "\(pad)    \($0)\n" }.joined()
            for child in bodies.keys.sorted() where child.hasPrefix(name + ".") && !child.dropFirst(name.count + 1).contains(".") {
                emit(child, depth: depth + 1)
            }
            out += "\(pad)}\n"
        }
        for name in bodies.keys.sorted() where !name.contains(".") { emit(name, depth: 0) }

        let site = context.site
        let rootIsWritten = site.macro.genericArgumentClause != nil
        let parameterList = parameters.map { "\(Self.identifier($0.name)): \($0.type)" }.joined(separator: ", ")
        out += "\nenum __Measured {\n"
        out += aliases.sorted { $0.key < $1.key }.map { "    typealias \($0.key) = \($0.value)\n" }.joined()
        out += "    static func predicate(\(parameterList)) {\n"
        out += "        let _\(rootIsWritten ? "" : ": Predicate<\(root)>") = \(site.macro.trimmedDescription)\n"
        out += "    }\n}\n"
        return StandIn(source: out, root: root, rootIsWritten: rootIsWritten, tally: TypeCheckComplexityRule.tally(context))
    }

    /// One type's stand-in declaration: a model with the members read, a struct with its
    /// stored properties, an enum with its plain cases.
    func declaration(of name: String) throws -> (header: String, lines: [String]) {
        let simpleName = String(name.split(separator: ".").last!)
        let declaration = types.declaration(name)
        let inheritance = Set(declaration?.inheritance ?? [])
        var lines: [String] = []
        for member in (statics[name] ?? []).sorted() {
            guard let type = types.staticProperties[name]?[member] else { continue }
            lines.append("static var \(Self.identifier(member)): \(index.resolve(type, in: name)) { fatalError() }")
        }
        let comparable = inheritance.contains("Comparable")
        switch index.kind(of: name) {
        case .model?:
            lines += (modelMembers[name] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
            lines.append("init() { fatalError() }")
            return ("final class \(simpleName): PersistentModel", lines)
        case .struct?:
            guard let declaration else { throw Self.skip("referenced type not stubbable", "\(name): several declarations") }
            for property in declaration.storedProperties {
                lines.append("var \(Self.identifier(property.name)): \(index.resolve(property.type!, in: name))")
            }
            if comparable { lines.append("static func < (lhs: Self, rhs: Self) -> Bool { false }") }
            return ("struct \(simpleName): Codable, Hashable\(comparable ? ", Comparable" : "")", lines)
        case .enum?:
            guard let declaration else { throw Self.skip("referenced type not stubbable", "\(name): several declarations") }
            let raw = declaration.inheritance.first.flatMap { StandIn.rawValueTypes.contains($0) ? $0 : nil }
            let conformances = [raw, "Codable", "Hashable", comparable ? "Comparable" : nil,
                                inheritance.contains("CaseIterable") ? "CaseIterable" : nil].compactMap { $0 }
            // An enum of cases with associated values only: one plain case, or it cannot be Codable.
            let cases = declaration.cases.isEmpty ? ["__standIn"] : declaration.cases
            lines.insert("case " + cases.map { "`\($0)`" }.joined(separator: ", "), at: 0)
            // Comparable is synthesized for an enum without a raw type, not for one with.
            if comparable && raw != nil { lines.append("static func < (lhs: Self, rhs: Self) -> Bool { false }") }
            return ("enum \(simpleName): " + conformances.joined(separator: ", "), lines)
        case let kind:
            throw Self.skip("referenced type not stubbable", "\(name) is a \(kind.map { "\($0)" } ?? "missing type")")
        }
    }
}
