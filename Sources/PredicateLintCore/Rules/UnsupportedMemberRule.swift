import SwiftSyntax

/// Calls outside the macro's short allowlist, global functions and initializers, and the few
/// members that build but that SwiftData cannot translate. The rule of last resort: more
/// specific rules claim their constructs first (see `RuleRegistry`).
public struct UnsupportedMemberRule: PredicateRule {
    static let unsupportedCall = RuleCase(
        "a call outside the allowlist, a global function or initializer", failsAt: .build,
        evidence: .checkedAgainstMacro(""))
    static let firstOrLast = RuleCase(
        "`first` or `last`", failsAt: .runtime,
        evidence: .graded(.c, "the predicate guide; "
            + "Foundation's own converter turns them into FIRST and LAST, which the guide reports failing in SwiftData"))
    static let localizedCase = RuleCase(
        "`localizedLowercase` and the other localized case properties", failsAt: .runtime,
        evidence: .graded(.b, "several independent reports of the crash"))

    public static let description = RuleDescription(
        id: "unsupported-member",
        severity: .error,
        summary: "Calls and members that predicates do not support",
        rationale: """
            A predicate can call only \(MacroSupport.supportedCallsList) (`flatMap` on optionals \
            only: on an array it fails with "no exact matches in call to static method \
            'build_flatMap'", so nest `contains` calls instead). The macro rejects the build for anything else, such as `hasSuffix`, \
            `lowercased()`, `map`, `reduce`, `count(where:)`, `first(where:)` or `sorted()`, and \
            for every global function or initializer, such as `Date()`. Properties always build, \
            but SwiftData cannot translate `first`, `last` or the localized case variants of a \
            string, and the fetch crashes.
            """,
        cases: [unsupportedCall, firstOrLast, localizedCase],
        triggering: [
            Example(#"#Predicate<Movie> { $0.name.↓hasSuffix("Returns") }"#),
            Example(#"#Predicate<Movie> { $0.name.↓lowercased() == "titanic" }"#),
            Example(#"#Predicate<Movie> { $0.cast.↓map { $0.name }.contains("Kate") }"#),
            Example("#Predicate<Movie> { $0.cast.↓reduce(0) { $0 + $1.age } > 100 }"),
            Example("#Predicate<Movie> { $0.cast.↓count(where: { $0.age > 60 }) > 2 }"),
            Example("#Predicate<Movie> { $0.cast.↓first(where: { $0.age > 60 }) != nil }"),
            Example(#"#Predicate<Movie> { $0.tags.↓sorted().contains("a") }"#),
            Example("#Predicate<Movie> { $0.releaseDate < ↓Date() }"),
            Example(#"#Predicate<Movie> { $0.cast.↓flatMap { $0.movies }.isEmpty }"#),
            Example(#"#Predicate<Movie> { $0.tags.↓first == "classic" }"#, failsAt: .runtime),
            Example(#"#Predicate<Movie> { $0.name.↓localizedLowercase == "titanic" }"#, failsAt: .runtime),
        ],
        nonTriggering: [
            Example(#"#Predicate<Movie> { $0.cast.contains { $0.name == "Kate" } }"#),
            Example("#Predicate<Movie> { $0.cast.filter { $0.age > 60 }.count > 2 }"),
            Example(#"#Predicate<Movie> { $0.name.contains("classic") && $0.cast.allSatisfy { $0.age > 18 } }"#),
            Example("""
            let now = Date()
            let predicate = #Predicate<Movie> { $0.releaseDate < now }
            """),
            // Evaluated in memory: `first` and the localized case properties work there.
            Example("""
            struct Ticket { var tags: [String] = []; var title = "" }
            let predicate = #Predicate<Ticket> { $0.tags.first == "classic" || $0.title.localizedLowercase == "heat" }
            """),
            Example(#"#Predicate<Movie> { $0.director.flatMap { $0.name.starts(with: "S") } ?? false }"#),
            Example(#"#Predicate<Movie> { $0.cast.contains { actor in actor.movies.contains { $0.name == "Heat" } } }"#),
            Example(#"#Predicate<Movie> { $0.tags.max() == "z" }"#),
        ],
        corrections: [
            (Example("#Predicate<Movie> { $0.cast.↓count(where: { $0.age > 60 }) > 2 }"),
             "#Predicate<Movie> { $0.cast.filter { $0.age > 60 }.count > 2 }"),
            (Example("#Predicate<Movie> { movie in movie.cast.↓count { actor in actor.age > 60 } > 2 }"),
             "#Predicate<Movie> { movie in movie.cast.filter { actor in actor.age > 60 }.count > 2 }"),
            (Example("""
            func released(before cutoff: Date) -> Predicate<Movie> {
                #Predicate<Movie> { $0.releaseDate.↓addingTimeInterval(3600) < cutoff }
            }
            """), """
            func released(before cutoff: Date) -> Predicate<Movie> {
                let bound = cutoff.addingTimeInterval(-3600)
                return #Predicate<Movie> { $0.releaseDate < bound }
            }
            """),
            (Example("""
            func released() -> Predicate<Movie> {
                #Predicate<Movie> { $0.releaseDate < ↓Date() }
            }
            """), """
            func released() -> Predicate<Movie> {
                let date = Date()
                return #Predicate<Movie> { $0.releaseDate < date }
            }
            """),
        ])

    public init() {}

    /// Members that build (any property does) but that SwiftData cannot find in the store.
    static let untranslatableProperties: Set<String> = [
        "first", "last", "localizedLowercase", "localizedUppercase", "localizedCapitalized", "capitalized",
    ]

    /// What to do instead of a call, for the calls people reach for most.
    static let advice: [String: String] = [
        "hasSuffix": "store the part you match on in its own property, or filter the results in memory",
        "lowercased": "capture a lowercased copy of the value outside the predicate, or match with `localizedStandardContains(_:)`",
        "uppercased": "capture an uppercased copy of the value outside the predicate, or match with `localizedStandardContains(_:)`",
        "map": "test the elements with `contains(where:)`, `allSatisfy(_:)` or `filter(_:)`",
        "compactMap": "test the elements with `contains(where:)`, `allSatisfy(_:)` or `filter(_:)`",
        "reduce": "store the aggregate in its own property, or compute it in memory",
        "count": "use `filter { … }.count`",
        "first": "use `contains(where:)`",
        "sorted": "sort with the query's sort descriptors instead",
    ]

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for call in context.facts.calls where context.reports(Self.unsupportedCall) {
            guard let name = call.calleeToken else { continue }
            if call.isGlobalCall {
                let correction = ValueHoisting.correction(hoisting: ExprSyntax(call), title: "Capture the value before the predicate", context)
                let noFix = ValueHoisting.noFixSuffix(correction, context)
                findings.append(context.finding(
                    self, at: name,
                    message: "`\(name.text)(…)` cannot be called in a predicate: initializers and global "
                        + "functions are not supported; compute the value before the predicate and capture it in a `let`" + noFix,
                    correction: correction))
            } else if name.text == "flatMap", let receiver = call.receiver, let type = context.keyPaths.type(of: receiver),
                      Self.isCollection(type) {
                findings.append(context.finding(
                    self, at: name,
                    message: "`flatMap` on a collection does not build in a predicate (the macro's `flatMap` unwraps "
                        + "optionals only); nest the tests instead: `contains { g in g.items.contains { … } }`"))
            } else if call.receiver != nil, !MacroSupport.isSupported(call) {
                let shape = call.callShapes?.first?.description ?? "\(name.text)(…)"
                let help = Self.advice[name.text] ?? "predicates can call only \(MacroSupport.supportedCallsList)"
                let correction = Self.countWhereCorrection(call) ?? Self.boundCorrection(call, context)
                // A call reading nothing of the predicate is what hoisting moves out, where a statement can hold it.
                let noFix = ValueHoisting.isIndependent(ExprSyntax(call), context) ? ValueHoisting.noFixSuffix(correction, context) : ""
                findings.append(context.finding(
                    self, at: name, message: "`\(shape)` is not supported in a predicate; \(help)" + noFix,
                    correction: correction))
            }
        }
        // These properties build; they fail only where SwiftData runs the predicate.
        for member in context.facts.memberAccesses {
            let name = member.declName.baseName
            guard Self.untranslatableProperties.contains(name.text), let base = member.base,
                  !isClosureParameter(base, context.fileFacts) else { continue }
            let isFirstOrLast = name.text == "first" || name.text == "last"
            guard context.reports(isFirstOrLast ? Self.firstOrLast : Self.localizedCase) else { continue }
            findings.append(context.finding(
                self, at: name,
                message: "`\(name.text)` builds but SwiftData cannot translate it, and the fetch crashes; "
                    + (isFirstOrLast
                        ? "test the elements with `contains(where:)`"
                        : "store a normalized copy in its own property, or match with `localizedStandardContains(_:)`")))
        }
        return findings
    }

    /// `xs.count(where: { … })` or `xs.count { … }` → `xs.filter { … }.count`: the same number,
    /// in a form the macro builds (a `SUBQUERY` counted in the store).
    static func countWhereCorrection(_ call: FunctionCallExprSyntax) -> Correction? {
        guard call.calleeName == "count", let member = call.calledExpression.as(MemberAccessExprSyntax.self), let receiver = member.base
        else { return nil }
        let test: String
        if let closure = call.trailingClosure, call.arguments.isEmpty, call.additionalTrailingClosures.isEmpty {
            test = " " + closure.trimmedDescription
        } else if call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "where" {
            test = argument.expression.is(ClosureExprSyntax.self) ? " " + argument.expression.trimmedDescription
                : "(" + argument.expression.trimmedDescription + ")"
        } else {
            return nil
        }
        return Correction(title: "Count with filter { … }.count",
                          edits: [TextEdit(replacing: call, with: "\(receiver.trimmedDescription)\(member.period.text)filter\(test).count")])
    }

    /// `$0.date.addingTimeInterval(x) < cutoff` → `let bound = cutoff.addingTimeInterval(-x)`
    /// before the statement and `$0.date < bound`: the interval moves to the captured side of an
    /// ordered comparison, as `date-arithmetic` does for `+` and `-`.
    static func boundCorrection(_ call: FunctionCallExprSyntax, _ context: RuleContext) -> Correction? {
        guard call.calleeName == "addingTimeInterval", call.trailingClosure == nil, call.arguments.count == 1,
              let interval = call.arguments.first, interval.label == nil,
              let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
              context.isInputKeyPath(receiver), context.keyPaths.type(of: receiver) == .named("Date"),
              let comparison = call.parent?.as(InfixOperatorExprSyntax.self), let op = comparison.operatorText,
              ["<", "<=", ">", ">="].contains(op) else { return nil }
        let other = comparison.leftOperand.id == call.id ? comparison.rightOperand : comparison.leftOperand
        guard ValueHoisting.isIndependent(other, context), ValueHoisting.isIndependent(interval.expression, context),
              let hoisting = StatementHoisting(before: context.site.macro),
              let name = hoisting.freeName("bound", at: context.site.macro, fileScope: context.fileFacts) else { return nil }
        let amount = interval.expression.trimmedDescription
        let negated = interval.expression.is(IntegerLiteralExprSyntax.self) || interval.expression.is(FloatLiteralExprSyntax.self)
            || interval.expression.is(DeclReferenceExprSyntax.self) ? "-" + amount : "-(\(amount))"
        let otherText = other.is(DeclReferenceExprSyntax.self) || other.is(MemberAccessExprSyntax.self) ? other.trimmedDescription
            : "(\(other.trimmedDescription))"
        return Correction(title: "Compute the bound before the predicate", edits: [
            hoisting.declaration(name, "\(otherText).addingTimeInterval(\(negated))"),
            TextEdit(replacing: call, with: receiver.trimmedDescription),
            TextEdit(replacing: other, with: name),
        ])
    }

    /// An array or set itself, not an optional one (`Optional.flatMap` builds).
    static func isCollection(_ type: WrittenType) -> Bool {
        switch type {
        case .array, .set: true
        default: false
        }
    }

    /// `$0` or `movie` itself: a model may well have a stored property named `first` or `last`.
    private func isClosureParameter(_ expression: ExprSyntax, _ fileScope: FileFacts) -> Bool {
        guard let reference = expression.as(DeclReferenceExprSyntax.self),
              case .closureParameter? = LexicalLookup.binding(of: reference.baseName.text, from: reference, fileScope: fileScope) else { return false }
        return true
    }
}
