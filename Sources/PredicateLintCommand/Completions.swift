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

    /// The first sentence of a help text, without characters the shells' syntax gives meaning to.
    static func short(_ help: String) -> String {
        let sentence = help.split(separator: "\n").first.map(String.init) ?? help
        let first = sentence.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? sentence
        return String(first.filter { !"[]:'\"`$\\(){}".contains($0) }).trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: ".", with: "", options: .anchored, range: nil)
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
        case .choice(let choices): #"COMPREPLY=($(compgen -W ""# + choices.joined(separator: " ") + #"" -- "$cur"))"#
        }
    }

    // MARK: zsh

    static var zsh: String {
        let commands = ArgumentParser.subcommands.map { "'\($0.name):\(short($0.help))'" }.joined(separator: "\n        ")
        let options = ArgumentParser.options.map { option -> String in
            let names = option.names.count == 1 ? option.names[0] : "{\(option.names.joined(separator: ","))}"
            let exclusion = option.names.count == 1 ? "" : "'(\(option.names.joined(separator: " ")))'"
            let action: String = switch option.value {
            case .none: ""
            case .file, .path: ":\(option.placeholder):_files"
            case .folder: ":\(option.placeholder):_files -/"
            case .choice(let choices): ":\(option.placeholder):(\(choices.joined(separator: " ")))"
            }
            return "\(exclusion)\(names)'[\(short(option.help))]\(action)'"
        }.joined(separator: " \\\n        ")
        let rules = ArgumentParser.subcommands.first { $0.name == "explain" }.map { command -> String in
            if case .choice(let ids) = command.argument { return ids.joined(separator: " ") }
            return ""
        } ?? ""
        return """
            #compdef predicate-lint
            # zsh completion for predicate-lint (`predicate-lint completions zsh`)
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
            lines.append("complete -c predicate-lint -n '\(noCommandYet)' -a \(command.name) -d '\(short(command.help))'")
            if case .choice(let choices) = command.argument, command.name != "lint" {
                lines.append("complete -c predicate-lint -n '__fish_seen_subcommand_from \(command.name)' -x -a '\(choices.joined(separator: " "))'")
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
            case .choice(let choices): line += " -x -a '\(choices.joined(separator: " "))'"
            }
            lines.append(line + " -d '\(short(option.help))'")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
