import PredicateLintCore

// Writing JSON, in the key order the value holds.

extension JSON {
    public enum Layout: Sendable, Equatable {
        /// One line, no spaces: protocol messages.
        case compact
        /// Two-space indentation. Containers deeper than `inlineFrom` levels are written on
        /// one line (`{"file": "A.swift", "line": 3}`), so a list of records reads one per line.
        case indented(inlineFrom: Int = .max)
    }

    /// The text of this value, ending without a newline.
    public func serialized(_ layout: Layout = .indented()) -> String {
        var output = ""
        write(to: &output, layout: layout, depth: 0)
        return output
    }

    private func write(to output: inout String, layout: Layout, depth: Int) {
        switch self {
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, layout: layout, depth: depth) { member, output, layout in
                Self.writeString(member.key, to: &output)
                output += layout == .compact ? ":" : ": "
                member.value.write(to: &output, layout: layout, depth: depth + 1)
            }
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, layout: layout, depth: depth) { element, output, layout in
                element.write(to: &output, layout: layout, depth: depth + 1)
            }
        case .string(let text): Self.writeString(text, to: &output)
        case .integer(let value): output += String(value)
        case .number(let value): output += Self.numberText(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        }
    }

    private func writeContainer<Element>(_ elements: [Element], open: String, close: String, to output: inout String,
                                         layout: Layout, depth: Int,
                                         writeElement: (Element, inout String, Layout) -> Void) {
        guard !elements.isEmpty else { output += open + close; return }
        switch layout {
        case .indented(let inlineFrom) where depth < inlineFrom:
            let indentation = String(repeating: "  ", count: depth + 1)
            output += open + "\n"
            for (index, element) in elements.enumerated() {
                output += indentation
                writeElement(element, &output, layout)
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += String(repeating: "  ", count: depth) + close
        case .compact, .indented:
            output += open
            for (index, element) in elements.enumerated() {
                if index > 0 { output += layout == .compact ? "," : ", " }
                writeElement(element, &output, layout)
            }
            output += close
        }
    }

    /// Integral values print as integers; JSON has no infinity or NaN, so those print as null.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int(value)) }
        return String(value)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            // C1 controls too: a terminal showing the report would act on them.
            case _ where Finding.isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var output = ""
        writeString(text, to: &output)
        return output
    }
}
