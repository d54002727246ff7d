#!/usr/bin/env python3
"""Turns the JSON reports of import_real.py into the Markdown table of
docs/IMPORT-REAL.md.

usage: import_real_table.py [--sources FILE] REPORT.json...

--sources: lines of `NAME REPOSITORY COMMIT`, naming where each site came from
(a report knows only its own folder).
"""

import argparse
import json
from pathlib import Path


def cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("reports", nargs="+", type=Path)
    ap.add_argument("--sources", type=Path)
    args = ap.parse_args()
    sources = {}
    if args.sources:
        for line in args.sources.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3:
                sources[parts[0]] = (parts[1], parts[2][:7])
    print("| site | repository @ commit | generator (old URLs from) | posts | built | old URLs kept | feeds kept | code blocks | import exit, time | build errors | check: not allowed |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
    for path in args.reports:
        r = json.loads(path.read_text())
        repo, commit = sources.get(r["name"], ("?", "?"))
        print("| " + " | ".join(cell(x) for x in [
            r["name"], f"{repo} @ {commit}", f"{r['kind']} ({r['old_urls_from']})",
            r["posts_source"], r["posts_built"],
            f"{r['old_pages_kept']}/{r['old_pages_total']}",
            f"{r['feeds_kept']}/{r['feeds_total']}",
            f"{r['code_blocks_import']}/{r['code_blocks_source']}",
            f"{r['import_exit']}, {r['import_seconds']} s",
            r.get("build_error_count", "-") if r.get("build_exit") is not None else "not built",
            len(r["check_not_allowed"]) if r.get("check_exit") is not None else "-",
        ]) + " |")


if __name__ == "__main__":
    main()
