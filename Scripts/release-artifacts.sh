#!/usr/bin/env bash
# The release step that makes what users who want no swift-syntax build depend on:
#
#   OUT/predicate-lint.artifactbundle      an SE-0305 artifact bundle: `predicate-lint` for this
#                                          machine's platform with every Swift library it loads
#                                          beside it (found through `$ORIGIN`, so no toolchain is
#                                          needed to run it) and their license notices
#   OUT/predicate-lint.artifactbundle.zip  the same, zipped, for a GitHub release
#   OUT/predicate-lint-plugins/            the binary plugin package (BinaryPlugin/Package.swift,
#                                          the plugins' sources, and the bundle)
#
# Usage: Scripts/release-artifacts.sh [--out DIR] [--binary PATH] [--url URL] [--no-zip]
#   --binary PATH  bundle this already built binary instead of building one (the tests use the
#                  debug build; it then still looks for libraries in the toolchain first)
#   --url URL      where the zip will be published: the plugin package then names it with its
#                  checksum instead of the bundle beside it
#   --no-zip       no zip (the tests, which use the bundle as a folder)
# Linux (x86_64 or aarch64) here; on macOS it bundles a universal binary (docs/Releasing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
out=".build/release-artifacts"
binary=""
url=""
zipped=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        --url) url="$2"; shift 2 ;;
        --no-zip) zipped=no; shift ;;
        *) echo "usage: Scripts/release-artifacts.sh [--out DIR] [--binary PATH] [--url URL] [--no-zip]" >&2; exit 2 ;;
    esac
done
version="$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/PredicateLintCommand/Support/ToolVersion.swift)"
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"

case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) triples='"x86_64-unknown-linux-gnu"'; platform="linux-x86_64" ;;
    Linux-aarch64) triples='"aarch64-unknown-linux-gnu"'; platform="linux-aarch64" ;;
    Darwin-*) triples='"x86_64-apple-macosx", "arm64-apple-macosx"'; platform="macos-universal" ;;
    *) echo "error: no artifact bundle for $(uname -s) $(uname -m) yet" >&2; exit 2 ;;
esac

stripped=no
if [ -z "$binary" ]; then
    stripped=yes
    if [ "$(uname -s)" = Darwin ]; then
        swift build -c release --product predicate-lint --arch arm64 --arch x86_64 --scratch-path .build/bundle
        binary="$(swift build -c release --arch arm64 --arch x86_64 --scratch-path .build/bundle --show-bin-path)/predicate-lint"
    else
        # Without the toolchain's folders in the binary's search path: `$ORIGIN` (which SwiftPM
        # gives every executable) finds the libraries copied beside it.
        PREDICATE_LINT_BUNDLE=1 swift build -c release --product predicate-lint --scratch-path .build/bundle \
            -Xswiftc -no-toolchain-stdlib-rpath
        binary=".build/bundle/release/predicate-lint"
    fi
fi

bundle="$out/predicate-lint.artifactbundle"
variant="predicate-lint-$version-$platform"
rm -rf "$bundle" "$bundle.zip" "$out/predicate-lint-plugins"
mkdir -p "$bundle/$variant"
cp "$binary" "$bundle/$variant/predicate-lint"
# Symbols are for debugging the build; users get the program (11 MB less on Linux).
if [ "$stripped" = yes ] && command -v strip >/dev/null; then strip "$bundle/$variant/predicate-lint"; fi

if [ "$(uname -s)" = Linux ]; then
    # Every library the binary loads from the toolchain (the Swift runtime, Foundation, ICU,
    # Dispatch, swift-syntax), one copy each; the system's own (libc, libstdc++, libgcc) stay.
    # The binary itself may no longer name the toolchain's folders: they are given for the search.
    # Only `lib/swift` is the toolchain's own: where the toolchain is installed in /usr (the
    # official swift images), /usr/lib holds the system's libraries too.
    LD_LIBRARY_PATH="$toolchain/lib/swift/linux:$toolchain/lib/swift/host${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ldd "$binary" \
        | awk '$2 == "=>" && $3 != "not" { print $3 }' | while read -r library; do
        case "$(readlink -f "$library")" in
            "$toolchain"/lib/swift/*) cp -L "$library" "$bundle/$variant/" ;;
        esac
    done
    if ldd "$bundle/$variant/predicate-lint" | grep -q "not found"; then
        echo "error: the bundled binary misses libraries:" >&2
        ldd "$bundle/$variant/predicate-lint" | grep "not found" >&2
        exit 1
    fi
fi

mkdir -p "$bundle/$variant/licenses"
# Swift-LICENSE.txt is the text every Swift project ships (the toolchain's and swift-syntax's
# are the same file), kept here because Xcode's `swift` names no toolchain folder to take it from.
cp Scripts/release-notices/* "$bundle/$variant/licenses/"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "predicate-lint": {
      "version": "$version",
      "type": "executable",
      "variants": [
        { "path": "$variant/predicate-lint", "supportedTriples": [$triples] }
      ]
    }
  }
}
JSON
if [ "$zipped" = yes ]; then (cd "$out" && zip -qry predicate-lint.artifactbundle.zip predicate-lint.artifactbundle); fi

plugins="$out/predicate-lint-plugins"
mkdir -p "$plugins/Plugins"
cp -R Plugins/PredicateLintBuildToolPlugin Plugins/PredicateLintCommandPlugin "$plugins/Plugins/"
cp BinaryPlugin/Package.swift "$plugins/Package.swift"
if [ -n "$url" ]; then
    [ "$zipped" = yes ] || { echo "error: --url needs the zip" >&2; exit 2; }
    checksum="$(swift package compute-checksum "$out/predicate-lint.artifactbundle.zip")"
    sed -i.bak "s|.binaryTarget(name: \"PredicateLintBinary\", path: \"predicate-lint.artifactbundle\")|.binaryTarget(name: \"PredicateLintBinary\", url: \"$url\", checksum: \"$checksum\")|" \
        "$plugins/Package.swift"
    rm -f "$plugins/Package.swift.bak"
else
    cp -R "$bundle" "$plugins/"
fi
echo "Wrote $bundle ($(du -sh "$bundle" | cut -f1))$([ "$zipped" = yes ] && echo ", its zip,") and the plugin package $plugins"
