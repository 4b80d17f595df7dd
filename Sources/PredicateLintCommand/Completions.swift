/// Shell completion scripts, generated from the tables the parser and `--help` read
/// (`ArgumentParser.subcommands` and `.options`), so that they cannot fall behind.
public enum Completions {
    public static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// The first sentence of a help text, punctuation kept (each shell's quoting below keeps
    /// it from meaning anything), without its closing full stop.
    static func short(_ help: String) -> String {
        let sentence = help.split(separator: "\n").first.map(String.init) ?? help
        let first = (sentence.components(separatedBy: ". ").first ?? sentence).trimmingCharacters(in: .whitespaces)
        return first.hasSuffix(".") ? String(first.dropLast()) : first
    }

    /// Text inside a single-quoted shell word (bash, zsh): each `'` closes the quote, adds an
    /// escaped quote and opens it again.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// A description inside zsh `_arguments`' brackets: backslashes and brackets escaped.
    static func zshBracketed(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }

    /// `value:description` for zsh's `_describe`: colons in the value escaped.
    static func zshDescribed(_ value: String, _ help: String) -> String {
        singleQuoted(value.replacingOccurrences(of: ":", with: "\\:") + ":" + short(help))
    }

    /// A fish single-quoted word: backslashes and quotes escaped.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static let commandNames = ArgumentParser.subcommands.map(\.name)
    static let optionNames = ArgumentParser.options.flatMap(\.names)

    // MARK: bash

    static var bash: String {
        var valueCases: [String] = []
        for option in ArgumentParser.options where option.value != .none {
            valueCases.append("        \(option.names.joined(separator: "|"))) \(bashReply(option.value)); return ;;")
        }
        for command in ArgumentParser.subcommands where command.name != "lint" && command.argument != .none {
            valueCases.append("        \(command.name)) [[ $COMP_CWORD -eq 2 ]] && { \(bashReply(command.argument)); return; } ;;")
        }
        return """
            # bash completion for predicate-lint (`predicate-lint completions bash`)
            _predicate_lint() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                # bash splits `--reporter=json` at the `=` (it is in COMP_WORDBREAKS): the value
                # after it is completed as the value of the option before it.
                if [[ "$cur" == "=" ]]; then
                    cur=""
                elif [[ "$prev" == "=" && $COMP_CWORD -ge 2 ]]; then
                    prev="${COMP_WORDS[COMP_CWORD-2]}"
                fi
                case "$prev" in
            \(valueCases.joined(separator: "\n"))
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(optionNames.joined(separator: " "))" -- "$cur"))
                elif [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(commandNames.joined(separator: " "))" -- "$cur") $(compgen -f -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _predicate_lint predicate-lint

            """
    }

    static func bashReply(_ value: LintOption.Value) -> String {
        switch value {
        case .none: "COMPREPLY=()"
        case .file, .path: #"COMPREPLY=($(compgen -f -- "$cur"))"#
        case .folder: #"COMPREPLY=($(compgen -d -- "$cur"))"#
        case .choice(let choices): #"COMPREPLY=($(compgen -W ""# + choices.map(\.value).joined(separator: " ") + #"" -- "$cur"))"#
        }
    }

    // MARK: zsh

    /// The zsh function that offers an option's values, each with its description; nil where
    /// the values have none.
    static func zshValuesFunction(_ option: LintOption) -> (name: String, body: String)? {
        guard case .choice(let choices) = option.value, choices.contains(where: { !$0.help.isEmpty }) else { return nil }
        let name = "_predicate_lint_" + option.names[0].drop { $0 == "-" }.replacingOccurrences(of: "-", with: "_")
        let values = choices.map { zshDescribed($0.value, $0.help) }.joined(separator: "\n        ")
        return (name, """
            \(name)() {
                local -a values
                values=(
                    \(values)
                )
                _describe -t values \(singleQuoted(option.placeholder.lowercased())) values
            }
            """)
    }

    static var zsh: String {
        let commands = ArgumentParser.subcommands.map { zshDescribed($0.name, $0.help) }.joined(separator: "\n        ")
        let options = ArgumentParser.options.map { option -> String in
            // `--reporter=`: the value may follow in the same word after `=`, or as the next word.
            let spelled = option.names.map { option.value != .none && $0.hasPrefix("--") ? $0 + "=" : $0 }
            let names = spelled.count == 1 ? spelled[0] : "{\(spelled.joined(separator: ","))}"
            let exclusion = option.names.count == 1 ? "" : "'(\(option.names.joined(separator: " ")))'"
            let action: String = switch option.value {
            case .none: ""
            case .file, .path: ":\(option.placeholder):_files"
            case .folder: ":\(option.placeholder):_files -/"
            case .choice(let choices):
                ":\(option.placeholder):" + (zshValuesFunction(option)?.name ?? "(\(choices.map(\.value).joined(separator: " ")))")
            }
            return "\(exclusion)\(names)" + singleQuoted("[\(zshBracketed(short(option.help)))]\(action)")
        }.joined(separator: " \\\n        ")
        let rules = ArgumentParser.subcommands.first { $0.name == "explain" }.map { command -> String in
            if case .choice(let ids) = command.argument { return ids.map(\.value).joined(separator: " ") }
            return ""
        } ?? ""
        let valueFunctions = ArgumentParser.options.compactMap(zshValuesFunction).map(\.body).joined(separator: "\n")
        return """
            #compdef predicate-lint
            # zsh completion for predicate-lint (`predicate-lint completions zsh`)
            \(valueFunctions)
            _predicate_lint() {
                local -a commands
                commands=(
                    \(commands)
                )
                if (( CURRENT == 3 )) && [[ ${words[2]} == explain ]]; then
                    compadd \(rules)
                    return
                fi
                if (( CURRENT == 3 )) && [[ ${words[2]} == completions ]]; then
                    compadd \(Shell.allCases.map(\.rawValue).joined(separator: " "))
                    return
                fi
                _arguments -s \\
                    \(options) \\
                    '1: :->first' \\
                    '*:path:_files'
                if [[ $state == first ]]; then
                    _describe 'command' commands
                    _files
                fi
            }
            _predicate_lint "$@"

            """
    }

    // MARK: fish

    static var fish: String {
        var lines = ["# fish completion for predicate-lint (`predicate-lint completions fish`)"]
        let noCommandYet = "not __fish_seen_subcommand_from \(commandNames.joined(separator: " "))"
        for command in ArgumentParser.subcommands {
            lines.append("complete -c predicate-lint -n '\(noCommandYet)' -a \(command.name) -d \(fishQuoted(short(command.help)))")
            if case .choice(let choices) = command.argument, command.name != "lint" {
                for choice in choices {
                    lines.append("complete -c predicate-lint -n '__fish_seen_subcommand_from \(command.name)' -x -a \(fishQuoted(choice.value))"
                        + (choice.help.isEmpty ? "" : " -d \(fishQuoted(short(choice.help)))"))
                }
            }
        }
        for option in ArgumentParser.options {
            var line = "complete -c predicate-lint"
            for name in option.names {
                line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
            }
            switch option.value {
            case .none: break
            case .file, .path: line += " -r -F"
            case .folder: line += " -r -a '(__fish_complete_directories)'"
            case .choice(let choices):
                // A line per value, so that each has its own description, and values without
                // one on a line without the option's (fish would print it beside each value).
                for choice in choices where !choice.help.isEmpty {
                    lines.append(line + " -x -a \(fishQuoted(choice.value)) -d \(fishQuoted(short(choice.help)))")
                }
                let plain = choices.filter(\.help.isEmpty).map(\.value)
                if !plain.isEmpty { lines.append(line + " -x -a " + fishQuoted(plain.joined(separator: " "))) }
                line += " -x"
            }
            lines.append(line + " -d \(fishQuoted(short(option.help)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
