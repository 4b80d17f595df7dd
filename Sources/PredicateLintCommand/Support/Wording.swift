/// How the tool counts things in what it prints.
enum Wording {
    /// `1 finding`, `3 findings`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
