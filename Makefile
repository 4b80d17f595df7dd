# Install PredicateLint where your shell finds it:
#
#   make install                     # /usr/local/bin/predicate-lint (may need sudo)
#   make install PREFIX=~/.local     # ~/.local/bin/predicate-lint
#   make uninstall PREFIX=~/.local
#
# It builds the release binary, copies it to $(PREFIX)/bin, and puts shell completions where
# bash, zsh and fish look for them under $(PREFIX)/share. CONFIGURATION=debug installs the
# debug build instead; BINARY=path installs that binary without building (the tests do, since
# SwiftPM lets one build at a time use a package's .build folder).

PREFIX ?= /usr/local
CONFIGURATION ?= release
BINDIR = $(PREFIX)/bin
BASH_COMPLETIONS = $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(PREFIX)/share/fish/vendor_completions.d

.PHONY: build install uninstall

build:
	swift build -c $(CONFIGURATION) --product predicate-lint

ifeq ($(BINARY),)
BINARY = $(shell swift build -c $(CONFIGURATION) --show-bin-path)/predicate-lint
install: build
endif

install:
	install -d "$(BINDIR)" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)"
	install -m 755 "$(BINARY)" "$(BINDIR)/predicate-lint"
	"$(BINDIR)/predicate-lint" completions bash > "$(BASH_COMPLETIONS)/predicate-lint"
	"$(BINDIR)/predicate-lint" completions zsh > "$(ZSH_COMPLETIONS)/_predicate-lint"
	"$(BINDIR)/predicate-lint" completions fish > "$(FISH_COMPLETIONS)/predicate-lint.fish"
	@echo "Installed $(BINDIR)/predicate-lint ($$("$(BINDIR)/predicate-lint" --version)), with completions under $(PREFIX)/share."
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "Add $(BINDIR) to your PATH to run it by name." ;; esac
	@# zsh reads completions only from the folders on its fpath: asked where zsh is installed,
	@# else assumed for the prefixes zsh builds look in (the system's, /usr/local, Homebrew's).
	@dirs=$$(command -v zsh >/dev/null 2>&1 && zsh -fc 'print -rl -- $$fpath'); \
	if [ -n "$$dirs" ]; then printf '%s\n' "$$dirs" | grep -qxF "$(ZSH_COMPLETIONS)" && exit 0; \
	else case "$(PREFIX)" in /usr|/usr/local|/opt/homebrew) exit 0 ;; esac; fi; \
	echo "For zsh completions, add this line to ~/.zshrc before compinit runs: fpath=($(ZSH_COMPLETIONS) \$$fpath)"

uninstall:
	rm -f "$(BINDIR)/predicate-lint" "$(BASH_COMPLETIONS)/predicate-lint" "$(ZSH_COMPLETIONS)/_predicate-lint" \
		"$(FISH_COMPLETIONS)/predicate-lint.fish"
	@echo "Removed predicate-lint from $(PREFIX)."
