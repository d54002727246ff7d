#!/usr/bin/env python3
"""What the search index adds to a cold build (issue 28: at most 10 % and 100 MB at 10,000 posts).

usage: search_cost.py SITE WORK BLOGBUILD [BLOGBUILD...] [--pairs 4]

Copies SITE (a bench/gen_corpus.py site, left as it is) to WORK/on and to WORK/off,
the second with `search: false` in its site.yml. Then, --pairs times, for each binary
in turn: a cold build of off, then of on, the same binary (output folder and image
cache removed outside the timing; /usr/bin/time: wall, user + system CPU, peak
resident set). Each pair gives the index's cost as on / off; the binaries alternate,
so two of them (a change and what it changes) meet the same load. Prints every
build, then per binary the median of its pairs and every pair (the spread).
Run it with TMPDIR on a RAM disk and `nice` on a busy machine: the numbers are
only as good as the pairs are alike.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile


def site_yml(site):
    for path in ("content/site.yml", "site.yml"):
        if os.path.exists(os.path.join(site, path)):
            return os.path.join(site, path)
    raise SystemExit("error: no site.yml in %s (content/site.yml or site.yml)" % site)


def build(binary, site):
    shutil.rmtree(os.path.join(site, "public"), ignore_errors=True)
    shutil.rmtree(os.path.join(site, ".blogbuild-cache", "images"), ignore_errors=True)
    with tempfile.NamedTemporaryFile("r") as times:
        run = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", times.name, binary, "build"],
                             cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            raise SystemExit("error: %s build in %s failed:\n%s" % (binary, site, run.stderr))
        wall, user, system, rss = times.read().split()
    return float(wall), float(user) + float(system), int(rss) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site")
    parser.add_argument("work", help="where the two copies go (made anew)")
    parser.add_argument("blogbuild", nargs="+")
    parser.add_argument("--pairs", type=int, default=4)
    args = parser.parse_args()
    sites = {}
    for kind in ("off", "on"):
        sites[kind] = os.path.join(args.work, kind)
        shutil.rmtree(sites[kind], ignore_errors=True)
        shutil.copytree(args.site, sites[kind], symlinks=True)
    with open(site_yml(sites["off"]), "a", encoding="utf-8") as f:
        f.write("\nsearch: false\n")
    pairs = {b: [] for b in args.blogbuild}
    for n in range(1, args.pairs + 1):
        for binary in args.blogbuild:
            got = {kind: build(binary, sites[kind]) for kind in ("off", "on")}
            pairs[binary].append(got)
            for kind in ("off", "on"):
                print("%s pair %d %-3s wall %.2f s  cpu %.2f s  peak %.0f MB  load %s" % (
                    binary, n, kind, *got[kind], open("/proc/loadavg").read().split()[0]), flush=True)
    for binary, got in pairs.items():
        def show(values, unit):
            return "median %s (pairs %s)" % (unit % statistics.median(values), ", ".join(unit % v for v in values))
        print("%s: %d pairs, without the index: cpu %.2f s, wall %.2f s (medians)" % (
            binary, len(got), statistics.median(p["off"][1] for p in got), statistics.median(p["off"][0] for p in got)))
        print("  cpu  " + show([100 * (p["on"][1] / p["off"][1] - 1) for p in got], "%+.1f %%"))
        print("  wall " + show([100 * (p["on"][0] / p["off"][0] - 1) for p in got], "%+.1f %%"))
        print("  peak " + show([p["on"][2] - p["off"][2] for p in got], "%+.0f MB"))


if __name__ == "__main__":
    main()
