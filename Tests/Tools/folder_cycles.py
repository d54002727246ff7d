#!/usr/bin/env python3
"""Folders of Sources/BlogBuild that depend on each other in a circle, as the Swift
compiler resolved the code: prints each cycle with the symbols that make it and
exits 1; silent and 0 when there is none; exits 2 when the compiler's index cannot
be read.

usage: folder_cycles.py BUILD_DIR     (the products folder, e.g. .build/debug)
       folder_cycles.py --store STORE --sources DIR --module NAME   (any module: the test's fixture)

Why the compiler's index and not the source text: a reader of the text cannot tell
a type from a word in a string, a free function from a local one of the same name,
or which extension an `indirect enum`'s member or an overloaded `==` comes from. A
debug build writes an index store (`BUILD_DIR/index/store`, what SourceKit-LSP
reads) in which every occurrence of every symbol is resolved to its USR, with its
role: defined here, or referenced here. A file depends on another when it
references a symbol the other defines; folders depend on each other through their
files. The store is read through the toolchain's own libIndexStore.
"""
import argparse
import ctypes
import os
import shutil
import sys
from collections import defaultdict

MODULE = "BlogBuild"
SOURCES = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", MODULE))

ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
UNIT_DEPENDENCY_RECORD = 2


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace") if self.data else ""


def library():
    """libIndexStore from the toolchain that runs `swift` here."""
    candidates = []
    swift = shutil.which("swift")
    if swift:
        candidates.append(os.path.join(os.path.dirname(os.path.realpath(swift)), "..", "lib", "libIndexStore.so"))
    candidates += ["/usr/lib/libIndexStore.so", "libIndexStore.so"]
    for path in candidates:
        try:
            lib = ctypes.CDLL(path)
            break
        except OSError:
            continue
    else:
        print("folder_cycles: libIndexStore.so not found next to the swift toolchain", file=sys.stderr)
        sys.exit(2)
    p, s = ctypes.c_void_p, StringRef
    signatures = {
        "indexstore_store_create": (p, [ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_error_get_description": (ctypes.c_char_p, [p]),
        "indexstore_store_units_apply_f": (ctypes.c_bool, [p, ctypes.c_uint, p, p]),
        "indexstore_unit_reader_create": (p, [p, ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_unit_reader_dispose": (None, [p]),
        "indexstore_unit_reader_get_main_file": (s, [p]),
        "indexstore_unit_reader_get_module_name": (s, [p]),
        "indexstore_unit_reader_get_modification_time": (None, [p, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
        "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [p, p, p]),
        "indexstore_unit_dependency_get_kind": (ctypes.c_int, [p]),
        "indexstore_unit_dependency_get_name": (s, [p]),
        "indexstore_record_reader_create": (p, [p, ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_record_reader_dispose": (None, [p]),
        "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [p, p, p]),
        "indexstore_occurrence_get_symbol": (p, [p]),
        "indexstore_occurrence_get_roles": (ctypes.c_uint64, [p]),
        "indexstore_occurrence_get_line_col": (None, [p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
        "indexstore_symbol_get_usr": (s, [p]),
        "indexstore_symbol_get_name": (s, [p]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype, function.argtypes = restype, argtypes
    return lib


NAME_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, StringRef)
POINTER_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


def read_store(lib, store_path, module, sources):
    """For each source file of the module: (definitions {usr: name}, references [(usr, name, line)])."""
    error = ctypes.c_void_p()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        message = lib.indexstore_error_get_description(error) if error else b"?"
        print(f"folder_cycles: cannot open {store_path}: {message.decode()}", file=sys.stderr)
        sys.exit(2)
    units = []
    keep_units = NAME_APPLIER(lambda _, name: units.append(name.text()) or True)
    lib.indexstore_store_units_apply_f(store, 0, None, keep_units)

    # The newest unit of each source file: an older one is from before its last compile.
    newest = {}
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
        if not reader:
            continue
        try:
            main = lib.indexstore_unit_reader_get_main_file(reader).text()
            if lib.indexstore_unit_reader_get_module_name(reader).text() != module or not main:
                continue
            seconds, nanos = ctypes.c_int64(), ctypes.c_int64()
            lib.indexstore_unit_reader_get_modification_time(reader, ctypes.byref(seconds), ctypes.byref(nanos))
            records = []
            keep_record = POINTER_APPLIER(lambda _, dep: (
                records.append(lib.indexstore_unit_dependency_get_name(dep).text())
                if lib.indexstore_unit_dependency_get_kind(dep) == UNIT_DEPENDENCY_RECORD
                and lib.indexstore_unit_reader_get_main_file(reader).text() else None) or True)
            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, keep_record)
            stamp = (seconds.value, nanos.value)
            if main not in newest or stamp > newest[main][0]:
                newest[main] = (stamp, records)
        finally:
            lib.indexstore_unit_reader_dispose(reader)

    files = {}
    for main, (_, records) in newest.items():
        relative = os.path.relpath(os.path.realpath(main), sources)
        if relative.startswith("..") or not os.path.exists(main):
            continue
        definitions, references = {}, []

        def visit(_, occurrence):
            roles = lib.indexstore_occurrence_get_roles(occurrence)
            symbol = lib.indexstore_occurrence_get_symbol(occurrence)
            usr = lib.indexstore_symbol_get_usr(symbol).text()
            if roles & (ROLE_DEFINITION | ROLE_DECLARATION):
                definitions[usr] = lib.indexstore_symbol_get_name(symbol).text()
            elif roles & ROLE_REFERENCE and not roles & ROLE_IMPLICIT:
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(occurrence, ctypes.byref(line), ctypes.byref(column))
                references.append((usr, lib.indexstore_symbol_get_name(symbol).text(), line.value))
            return True

        applier = POINTER_APPLIER(visit)
        for record in records:
            reader = lib.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
            if not reader:
                continue
            try:
                lib.indexstore_record_reader_occurrences_apply_f(reader, None, applier)
            finally:
                lib.indexstore_record_reader_dispose(reader)
        files[relative] = (definitions, references)
    return files


def strongly_connected(graph):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(n):
        index[n] = low[n] = counter[0]
        counter[0] += 1
        stack.append(n)
        on.add(n)
        for m in sorted(graph.get(n, ())):
            if m not in index:
                visit(m)
                low[n] = min(low[n], low[m])
            elif m in on:
                low[n] = min(low[n], index[m])
        if low[n] == index[n]:
            component = []
            while True:
                m = stack.pop()
                on.discard(m)
                component.append(m)
                if m == n:
                    break
            out.append(component)

    for n in sorted(graph):
        if n not in index:
            visit(n)
    return out


def folder(relative):
    return relative.split(os.sep)[0] if os.sep in relative else "."


def main():
    parser = argparse.ArgumentParser(description="Folders of a Swift module that depend on each other in a circle.")
    parser.add_argument("build", nargs="?", help="the products folder of a debug build, e.g. .build/debug")
    parser.add_argument("--store", help="an index store (default: BUILD/index/store)")
    parser.add_argument("--sources", default=SOURCES, help="the module's source folder (default: Sources/BlogBuild)")
    parser.add_argument("--module", default=MODULE, help="the module's name (default: BlogBuild)")
    args = parser.parse_args()
    if not args.store and not args.build:
        parser.error("give BUILD or --store")
    store = args.store or os.path.join(args.build, "index", "store")
    sources = os.path.realpath(args.sources)
    if not os.path.isdir(store):
        print(f"folder_cycles: no index store at {store}: build in debug first (swift build)", file=sys.stderr)
        return 2
    files = read_store(library(), store, args.module, sources)
    on_disk = {os.path.relpath(os.path.join(d, f), sources)
               for d, _, names in os.walk(sources) for f in names if f.endswith(".swift")}
    missing = sorted(on_disk - set(files))
    if missing:
        print(f"folder_cycles: the index store has no record of {len(missing)} source files "
              f"({', '.join(missing[:3])}...): build in debug first (swift build)", file=sys.stderr)
        return 2
    defined_in = {}
    for relative, (definitions, _) in files.items():
        for usr in definitions:
            defined_in.setdefault(usr, relative)
    edges = defaultdict(lambda: defaultdict(set))
    for relative, (_, references) in files.items():
        for usr, name, line in references:
            owner = defined_in.get(usr)
            if owner and folder(owner) != folder(relative):
                edges[folder(relative)][folder(owner)].add(f"{name} ({relative}:{line} uses {owner})")
    cycles = [c for c in strongly_connected(edges) if len(c) > 1]
    for cycle in cycles:
        print("cycle:", sorted(cycle))
        for a in sorted(cycle):
            for b in sorted(cycle):
                if b in edges[a]:
                    why = sorted(edges[a][b])
                    print(f"   {a} -> {b}: " + "; ".join(why[:5]) + (f"; and {len(why) - 5} more" if len(why) > 5 else ""))
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
