#!/usr/bin/env python3
"""Lists every API this package calls that is newer than the macOS its Package.swift declares.

Nothing on a Linux machine builds for macOS, and Linux's compiler ignores macOS availability, so
a call to an API that only macOS 26 has builds here and fails on every Mac. The toolchain's
modules carry that availability all the same: this script builds the package (and its tests)
with an index store, takes each symbol the code references from it, and looks the symbol up in
the symbol graphs of the standard library, Foundation, Dispatch, Synchronization and Swift
Testing. A symbol introduced after the declared macOS, or unavailable there, is printed with
where it is used, and the script exits with 1.

What it cannot see: code under `#if canImport(Darwin)` (Linux does not compile it), APIs that
exist only in Apple's Foundation or only in swift-corelibs-foundation (neither graph has the
other's), the types `_StringProcessing` and `_Concurrency` declare themselves (`Regex`, `Task`:
swift-symbolgraph-extract writes no graph for a module whose name starts with an underscore,
only their extensions of other modules), and conformances (the index records the members used,
not the conformance that made them apply). The GitHub workflow's macOS job is the proof; this
finds the common case first, on Linux.

Usage: Scripts/check-macos-availability.py [--keep DIR]
  --keep DIR  build and extract into DIR and keep them (a second run reuses the build)
Needs swift on PATH (with libIndexStore.so and swift-symbolgraph-extract beside it) and about
three minutes on two cores for the build.
"""
import ctypes
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["Swift", "_StringProcessing", "_Concurrency", "Synchronization", "Dispatch", "Foundation",
           "FoundationEssentials", "FoundationInternationalization", "Testing"]


def declared_macos():
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    match = re.search(r"\.macOS\(\.v(\d+)(?:_(\d+))?\)", text)
    if not match:
        sys.exit("Package.swift declares no macOS version: nothing to check against")
    return (int(match.group(1)), int(match.group(2) or 0))


def toolchain():
    swift = os.path.realpath(shutil.which("swift") or sys.exit("no swift on PATH"))
    return os.path.dirname(os.path.dirname(swift))  # <toolchain>/usr


def build(work):
    """The index store SwiftPM writes beside a build of the package and its tests."""
    scratch = os.path.join(work, "build")
    subprocess.run(["swift", "build", "--build-tests", "--enable-index-store", "--package-path", ROOT,
                    "--scratch-path", scratch], check=True)
    stores = glob.glob(os.path.join(scratch, "*", "debug", "index", "store")) + glob.glob(os.path.join(scratch, "debug", "index", "store"))
    if not stores:
        sys.exit(f"the build in {scratch} wrote no index store")
    return stores[0]


def availability(work):
    """USR -> (introduced, unavailable) for macOS, from the toolchain's symbol graphs."""
    graphs = os.path.join(work, "graphs")
    os.makedirs(graphs, exist_ok=True)
    info = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True)
    target = json.loads(info.stdout)["target"]["triple"]
    for module in MODULES:
        subprocess.run(["swift-symbolgraph-extract", "-module-name", module, "-target", target, "-output-dir", graphs,
                        "-minimum-access-level", "public"], capture_output=True)
    table = {}
    for path in glob.glob(os.path.join(graphs, "*.symbols.json")):
        for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
            for entry in symbol.get("availability", []):
                if entry.get("domain") != "macOS":
                    continue
                introduced = entry.get("introduced")
                version = (introduced.get("major", 0), introduced.get("minor", 0)) if introduced else None
                unavailable = entry.get("isUnconditionallyUnavailable", False) or "obsoleted" in entry
                table[symbol["identifier"]["precise"]] = (version, unavailable)
    return table


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def __str__(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace") if self.length else ""


def references(store, usr):
    """USR -> (file, line) of a first reference to it in this repository's sources."""
    lib = ctypes.CDLL(os.path.join(usr, "lib", "libIndexStore.so"))
    lib.indexstore_store_create.restype = ctypes.c_void_p
    lib.indexstore_store_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    for name in ["indexstore_unit_reader_create", "indexstore_record_reader_create"]:
        getattr(lib, name).restype = ctypes.c_void_p
        getattr(lib, name).argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    for name in ["indexstore_unit_dependency_get_name", "indexstore_unit_dependency_get_filepath", "indexstore_symbol_get_usr"]:
        getattr(lib, name).restype = StringRef
        getattr(lib, name).argtypes = [ctypes.c_void_p]
    lib.indexstore_unit_dependency_get_kind.restype = ctypes.c_int
    lib.indexstore_unit_dependency_get_kind.argtypes = [ctypes.c_void_p]
    lib.indexstore_occurrence_get_symbol.restype = ctypes.c_void_p
    lib.indexstore_occurrence_get_symbol.argtypes = [ctypes.c_void_p]
    lib.indexstore_occurrence_get_roles.restype = ctypes.c_uint64
    lib.indexstore_occurrence_get_roles.argtypes = [ctypes.c_void_p]
    lib.indexstore_occurrence_get_line_col.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]
    applier = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
    lib.indexstore_unit_reader_dependencies_apply_f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, applier]
    lib.indexstore_record_reader_occurrences_apply_f.argtypes = [ctypes.c_void_p, ctypes.c_void_p, applier]

    error = ctypes.c_void_p()
    handle = lib.indexstore_store_create(store.encode(), ctypes.byref(error))
    if not handle:
        sys.exit(f"the index store at {store} cannot be read")
    records = {}  # record name -> source file

    def dependency(_, dep):
        if lib.indexstore_unit_dependency_get_kind(dep) == 2:  # INDEXSTORE_UNIT_DEPENDENCY_RECORD
            records[str(lib.indexstore_unit_dependency_get_name(dep))] = str(lib.indexstore_unit_dependency_get_filepath(dep))
        return True
    dependency_applier = applier(dependency)
    for unit in os.listdir(os.path.join(store, "v5", "units")):
        reader = lib.indexstore_unit_reader_create(handle, unit.encode(), ctypes.byref(error))
        if reader:
            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, dependency_applier)

    found = {}
    for record, path in records.items():
        relative = os.path.relpath(path, ROOT)
        if relative.startswith("..") or relative.startswith(".build") or "/.build/" in path:
            continue
        reader = lib.indexstore_record_reader_create(handle, record.encode(), ctypes.byref(error))
        if not reader:
            continue

        def occurrence(_, occ):
            if lib.indexstore_occurrence_get_roles(occ) & (1 << 2):  # INDEXSTORE_SYMBOL_ROLE_REFERENCE
                usr_ref = str(lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(occ)))
                if usr_ref not in found:
                    line, column = ctypes.c_uint(), ctypes.c_uint()
                    lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
                    found[usr_ref] = (relative, line.value)
            return True
        lib.indexstore_record_reader_occurrences_apply_f(reader, None, applier(occurrence))
    return found


def main():
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    work = keep or tempfile.mkdtemp(prefix="macos-availability-")
    minimum = declared_macos()
    usr = toolchain()
    store = build(work)
    table = availability(work)
    used = references(store, usr)
    known = [u for u in used if u in table]
    problems = []
    for u, (path, line) in sorted(used.items(), key=lambda item: item[1]):
        if u not in table:
            continue
        version, unavailable = table[u]
        if unavailable or (version and version > minimum):
            shown = subprocess.run(["swift", "demangle", "--compact", "$s" + u.removeprefix("s:")], capture_output=True, text=True).stdout.strip()
            problems.append(f"{path}:{line}: {'unavailable on macOS' if unavailable else 'macOS %d.%d' % version}: {shown or u}")
    print(f"{len(used)} symbols referenced, {len(known)} of them with macOS availability in the toolchain's modules; "
          f"declared: macOS {minimum[0]}.{minimum[1]}")
    for problem in problems:
        print(problem)
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
