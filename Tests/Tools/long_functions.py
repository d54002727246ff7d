#!/usr/bin/env python3
"""Functions longer than a limit in Swift sources (issue 42: no function over 150
lines outside data tables).

Usage: long_functions.py LIMIT DIR... [--table FILE:LINE_TEXT_PREFIX]...

A function starts at a line declaring `func`, `init`, `subscript` or a computed
property that opens a block, and ends at the brace that closes it; braces in
string literals and `//` comments are not counted. A data table (a language's
rules, say) is named with --table as its file's path ending and the start of its
declaration, and is left out. Prints `LINES PATH:LINE declaration` for each one
over LIMIT and exits 1 if there is any.
"""
import re
import sys
from pathlib import Path

DECL = re.compile(
    r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*'
    r'(?:(?:public|private|fileprivate|internal|package|static|class|mutating|nonmutating|override|'
    r'nonisolated|consuming|borrowing|final|convenience|required)(?:\([^)]*\))?\s+)*'
    r'(?:func\s|init[?!]?\s*[(<]|subscript\s*[(<]|var\s+\w+\s*:[^={]*\{\s*$)')
STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def functions(path):
    lines = path.read_text(encoding='utf-8').split('\n')
    for start, text in enumerate(lines):
        if not DECL.match(text):
            continue
        depth, opened, end = 0, False, start
        for end in range(start, len(lines)):
            code = STRING.sub('""', lines[end]).split('//')[0]
            for ch in code:
                if ch == '{':
                    depth += 1
                    opened = True
                elif ch == '}':
                    depth -= 1
            if opened and depth <= 0:
                break
        if opened:
            yield start + 1, end - start + 1, text.strip()


def main(argv):
    limit = int(argv[0])
    tables, dirs = [], []
    rest = iter(argv[1:])
    for arg in rest:
        if arg == '--table':
            file, _, prefix = next(rest).partition(':')
            tables.append((file, prefix))
        else:
            dirs.append(Path(arg))
    long = []
    for d in dirs:
        for path in sorted(d.rglob('*.swift')):
            for line, count, text in functions(path):
                if count <= limit:
                    continue
                if any(str(path).endswith(f) and text.startswith(p) for f, p in tables):
                    continue
                long.append((count, f'{path}:{line}', text[:100]))
    for count, where, text in sorted(long, reverse=True):
        print(count, where, text)
    return 1 if long else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
