#!/usr/bin/env python3
"""Cost of build-time highlighting: cold builds of the shared corpus with
highlighting on and with `markdown: { highlight: false }`, in turn, for RUNS
rounds; prints every round and the medians.

usage: highlight_bench.py BLOGBUILD CORPUS_SITE [--runs N]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("blogbuild")
    ap.add_argument("site", help="the corpus's blogbuild folder (content/ inside)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="blogbuild-highlight-bench-")
    try:
        for mode in ("on", "off"):
            shutil.copytree(os.path.join(args.site, "content"), os.path.join(work, mode, "content"))
        with open(os.path.join(work, "off", "content", "site.yml"), "a") as f:
            f.write("\nmarkdown: { highlight: false }\n")
        times = {"on": [], "off": []}
        for r in range(1, args.runs + 1):
            for mode in ("on", "off"):
                site = os.path.join(work, mode)
                shutil.rmtree(os.path.join(site, "public"), ignore_errors=True)
                start = time.perf_counter()
                subprocess.run([args.blogbuild, "build", "--quiet", "--site", site], check=True)
                t = time.perf_counter() - start
                times[mode].append(t)
                print(f"round {r}, highlight {mode}: {t:.2f} s", flush=True)
        spans = 0
        for folder, _, files in os.walk(os.path.join(work, "on", "public")):
            for name in files:
                if name.endswith(".html"):
                    with open(os.path.join(folder, name), encoding="utf-8") as f:
                        spans += f.read().count('class="tok-')
        on, off = statistics.median(times["on"]), statistics.median(times["off"])
        print(f"median: highlight on {on:.2f} s, off {off:.2f} s, overhead {(on / off - 1) * 100:+.1f}% "
              f"({spans} token spans in the HTML)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
