#!/usr/bin/env python3
"""Turns the JSON reports of import_real.py into the Markdown table of
docs/IMPORT-REAL.md.

usage: import_real_table.py [--sources FILE] [--notes FILE] REPORT.json...

--sources: lines of `NAME REPOSITORY COMMIT`, naming where each site came from
(a report knows only its own folder); --notes: lines of `NAME<TAB>what went
wrong`, for the last column.
"""

import argparse
import json
from pathlib import Path

SHORT = [  # how the old URLs were found, in a few words
    ("as the site is", "as is"),
    ("Liquid tags other than control flow stubbed", "plugin tags stubbed"),
    ("with only the plugins and theme installed here", "installed plugins only"),
    ("stub shortcodes instead of", "stub theme and shortcodes"),
    ("stub theme for the missing templates", "stub theme"),
    ("computed from permalink rules", "computed"),
    ("item links and feed URLs", "export"),
]


def generator(r) -> str:
    how = next((short for long, short in SHORT if long in r["old_urls_from"]), r["old_urls_from"])
    return f"{r['kind']} ({how})"


def cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("reports", nargs="+", type=Path)
    ap.add_argument("--sources", type=Path)
    ap.add_argument("--notes", type=Path)
    args = ap.parse_args()
    notes = {}
    if args.notes:
        for line in args.notes.read_text().splitlines():
            if "\t" in line:
                name, text = line.split("\t", 1)
                notes[name] = text
    sources = {}
    if args.sources:
        for line in args.sources.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3:
                sources[parts[0]] = (parts[1], parts[2][:7])
    print("| site | repository @ commit | generator (old URLs) | posts | built | old URLs kept | feeds kept | import --verify: pages, feeds | code blocks | import exit, time | build errors | check: not allowed | Liquid/shortcodes on pages | what went wrong |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |")
    for path in args.reports:
        r = json.loads(path.read_text())
        repo, commit = sources.get(r["name"], ("?", "?"))
        print("| " + " | ".join(cell(x) for x in [
            r["name"], f"{repo} @ {commit}", generator(r),
            r["posts_source"], r["posts_built"],
            f"{r['old_pages_kept']}/{r['old_pages_total']}",
            f"{r['feeds_kept']}/{r['feeds_total']}",
            (lambda v: f"{v[0]}/{v[1]}, {v[2]}/{v[3]}" if v else "not run")(r.get("verify")),
            f"{r['code_blocks_import']}/{r['code_blocks_source']}",
            f"{r['import_exit']}, {r['import_seconds']} s",
            r.get("build_error_count", "-") if r.get("build_exit") is not None else "not built",
            len(r["check_not_allowed"]) if r.get("check_exit") is not None else "-",
            f"{r.get('template_syntax_on_pages', '-')} on {r.get('template_syntax_pages', '-')} pages"
            if r.get("build_exit") == 0 else "-",
            notes.get(r["name"], ""),
        ]) + " |")


if __name__ == "__main__":
    main()
