#!/usr/bin/env python3
"""Times `blogbuild check` on sites shaped like hostile input, at growing sizes,
so a step that is not linear shows: the time should roughly double with the size.

    python3 bench/hostile_bench.py BLOGBUILD [--scale 1]

Prints one line per shape and size: seconds and peak memory (from /usr/bin/time
when it is there). Each site is made in a temporary folder and removed."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

def site(folder, body, front=""):
    os.makedirs(os.path.join(folder, "content", "posts"), exist_ok=True)
    with open(os.path.join(folder, "content", "site.yml"), "w") as f:
        f.write("title: Hostile\nbase_url: https://example.org/\n")
    with open(os.path.join(folder, "content", "posts", "2021-01-05-x.md"), "w") as f:
        f.write("---\ntitle: X\n" + front + "---\n" + body)

SHAPES = {
    # name: (sizes, make(n) -> (body, front))
    "tags on one post": ([1_000, 5_000, 10_000], lambda n: ("Body.\n", "tags: [" + ", ".join(f"t{i}" for i in range(n)) + "]\n")),
    "identical headings": ([10_000, 20_000, 40_000], lambda n: ("".join("## Same\n\ntext\n\n" for _ in range(n)), "")),
    "first paragraph with no sentence end (KB)": ([100, 200, 400], lambda n: ("word " * (n * 1024 // 5) + "\n", "")),
    "one Markdown line (MB)": ([2, 5, 10], lambda n: ("x" * (n * 1024 * 1024) + "\n", "")),
}

def run(blogbuild, folder):
    timer = ["/usr/bin/time", "-f", "%M"] if os.path.exists("/usr/bin/time") else []
    start = time.monotonic()
    done = subprocess.run(timer + [blogbuild, "check", "--quiet", "--site", folder],
                          capture_output=True, text=True, timeout=300)
    seconds = time.monotonic() - start
    memory = done.stderr.strip().splitlines()[-1] if timer and done.stderr.strip() else "?"
    return seconds, memory, done.returncode

def main():
    blogbuild = sys.argv[1]
    for name, (sizes, make) in SHAPES.items():
        for n in sizes:
            folder = tempfile.mkdtemp(prefix="blogbuild-hostile-")
            try:
                body, front = make(n)
                site(folder, body, front)
                seconds, memory, code = run(blogbuild, folder)
                print(f"{name:45} {n:>7,}  {seconds:7.2f} s  {memory:>8} KB  exit {code}", flush=True)
            except subprocess.TimeoutExpired:
                print(f"{name:45} {n:>7,}  timed out (300 s)", flush=True)
            finally:
                shutil.rmtree(folder, ignore_errors=True)

if __name__ == "__main__":
    main()
