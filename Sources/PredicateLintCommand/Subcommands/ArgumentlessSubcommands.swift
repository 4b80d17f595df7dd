/// The subcommands that take no arguments.
enum ArgumentlessSubcommands {
    static let rules = argumentless("rules", "List every rule with its severity and summary.", .listRules)
    static let lsp = argumentless("lsp", "Serve the Language Server Protocol on stdin/stdout (for editors).", .languageServer)
    static let mcp = argumentless("mcp", "Serve the Model Context Protocol on stdin/stdout (for coding assistants).", .mcpServer)
    static let version = argumentless("version", "Print the version (as --version does).", .version)
    static let help = argumentless("help", "Show this help (as --help does).", .help)

    private static func argumentless(_ name: String, _ help: String, _ invocation: Invocation) -> Subcommand {
        Subcommand(name: name, usage: "predicate-lint \(name)", help: help, argument: .none, parse: { arguments throws(UsageError) in
            guard arguments.isEmpty else { throw UsageError(message: "`\(name)` takes no arguments") }
            return invocation
        })
    }
}
