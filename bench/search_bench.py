#!/usr/bin/env python3
"""blogbuild's built-in search beside Pagefind, on the same built site (issue 28).

usage: search_bench.py BLOGBUILD CORPUS_ROOT [--sizes 1000,10000] [--work DIR] [--queries 24]
                       [--tools blogbuild,pagefind] [--extended] [--queries-file FILE] [--json FILE]

CORPUS_ROOT/N/blogbuild is bench/gen_corpus.py's site of N posts (the Makefile
makes it when it is missing). For each size:

1. Index time and memory (/usr/bin/time: wall seconds, peak resident set; the
   median of --runs runs, 3 by default): blogbuild's cold build (a fresh output
   folder and image cache) with its index and without it (`search: false` in a
   copy of site.yml), in turn after one untimed build, the index's cost being
   the difference; Pagefind 1.5.2
   (PyPI's pagefind-bin, its own binary) run on the output of the build with
   the index (`pagefind --site OUT`), which it adds `pagefind/` to.
2. Queries: at least 20, picked from the corpus by bench/search_queries.py
   (title words, body words, code identifiers, identifier parts, two words, a
   prefix), each with the post it was written for; printed with the table.
3. In headless Chromium (Debian's, through selenium), the output served by a
   plain HTTP server on 127.0.0.1, with a cold cache for every query (the
   browser's cache cleared and disabled through the DevTools protocol, the page
   loaded anew): for blogbuild, /search/, the query set as the field's value
   and an input event sent, until #search-results holds five results of the
   query (data-state="more", the first five drawn while the rest load, or
   "done"), the files and top three being read once all ten are drawn; for Pagefind, a page of this bench's own that has
   imported /pagefind/pagefind.js, from `search(q)` until the top five
   results' `data()` are loaded and drawn. Measured: the time from the query to
   the results drawn (in the page, performance.now()); every file the search
   fetched (as the server saw the requests, from the page's load to the results,
   under /search/ and /assets/search*.js for blogbuild, under /pagefind/ for
   Pagefind: its Web Worker's fetches too), in bytes as files and as a
   server sends them (each body gzip-compressed at level 6 here, from the
   served folder; a file that does not get smaller, such as Pagefind's
   already-compressed index files, counted as it is); and whether the expected
   post is in the top three.

Prints a Markdown table (p50/p95 over the queries) and the queries. Nothing is
fetched from the network; the tools are the ones `make setup` installs.
"""
import argparse
import functools
import gzip
import http.server
import json
import os
import shutil
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "browser"))
import search_queries  # noqa: E402

PAGEFIND_VERSION = "1.5.2"
BENCH_PAGE = "/__search_bench__/pagefind.html"

# The Pagefind side's page: pagefind.js imported when the page loads (as blogbuild's
# page loads search.js), then each query timed from search() to five results drawn.
PAGEFIND_PAGE = b"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Pagefind bench</title></head>
<body><ol id="results"></ol>
<script type="module">
const pagefind = await import("/pagefind/pagefind.js");
window.benchQuery = async (query) => {
  const t0 = performance.now();
  const search = await pagefind.search(query);
  const data = await Promise.all(search.results.slice(0, 5).map(r => r.data()));
  const items = data.map(d => {
    const li = document.createElement("li"), a = document.createElement("a"), p = document.createElement("p");
    a.href = d.url; a.textContent = d.meta.title; p.innerHTML = d.excerpt;
    li.append(a, p);
    return li;
  });
  document.getElementById("results").replaceChildren(...items);
  return {ms: performance.now() - t0, urls: data.map(d => d.url)};
};
window.benchReady = true;
</script></body></html>
"""

BLOGBUILD_QUERY_JS = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const input = document.getElementById('search-input'), list = document.getElementById('search-results');
const ready = () => list.dataset.state === 'done' && list.dataset.query === query;
// Five results drawn (or all of them, when there are fewer): the page draws its first five
// as soon as their records are in (data-state="more"), then the rest.
const five = () => list.dataset.query === query &&
  (list.dataset.state === 'done' || (list.dataset.state === 'more' && list.querySelectorAll('li').length >= 5));
let t0 = 0, ms = -1;
const finish = () => {
  done({ms, urls: [...list.querySelectorAll('li > a')].map(a => a.getAttribute('href'))});
};
const observer = new MutationObserver(() => {
  if (ms < 0 && five()) ms = performance.now() - t0;
  if (ready()) { observer.disconnect(); finish(); }
});
observer.observe(list, {attributes: true});
t0 = performance.now();
input.value = query;
input.dispatchEvent(new Event('input', {bubbles: true}));
setTimeout(() => { observer.disconnect(); done({ms: -1, urls: []}); }, 20000);
"""

PAGEFIND_QUERY_JS = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const wait = () => window.benchReady ? window.benchQuery(query).then(done, e => done({ms: -1, urls: [], error: String(e)}))
                                     : setTimeout(wait, 5);
wait();
"""


class BenchError(Exception):
    pass


# --- index time and memory -----------------------------------------------------

def timed(cmd, env=None):
    """(wall seconds, peak RSS in MB) of `cmd` under /usr/bin/time."""
    if not os.path.exists("/usr/bin/time"):
        raise BenchError("/usr/bin/time is missing (apt-get install time)")
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        start = time.perf_counter()
        run = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name] + cmd, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - start
        if run.returncode != 0:
            raise BenchError("%s failed (exit %d):\n%s%s" % (" ".join(cmd), run.returncode, run.stdout[-2000:], run.stderr[-2000:]))
        kib = int(out.read().strip().splitlines()[-1])
    return wall, kib / 1024


def pagefind_binary(extended=False):
    """Pagefind's own binary from PyPI; `extended`: the build that segments Chinese and Japanese."""
    package = "pagefind-bin-extended" if extended else "pagefind-bin"
    try:
        if extended:
            import pagefind_bin_extended as module
        else:
            import pagefind_bin as module
    except ImportError:
        raise BenchError("%s is not installed (python3 -m pip install %s==%s; make setup does)" % (package, package, PAGEFIND_VERSION))
    path = os.path.join(os.path.dirname(module.__file__), "pagefind_extended" if extended else "pagefind")
    version = subprocess.run([path, "--version"], stdout=subprocess.PIPE, text=True).stdout.strip()
    if PAGEFIND_VERSION not in version:
        raise BenchError("pagefind is %r, not %s (python3 -m pip install pagefind-bin==%s)" % (version, PAGEFIND_VERSION, PAGEFIND_VERSION))
    return path


def build(blogbuild, site, out, cache):
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, BLOGBUILD_CACHE_DIR=cache)
    return timed([blogbuild, "build", "--quiet", "--site", site, "--output", out], env=env)


def site_without_search(site, work):
    """A copy of `site` whose site.yml says `search: false`."""
    copy = os.path.join(work, "site-no-search")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(site, copy)
    with open(os.path.join(copy, "content", "site.yml"), "a", encoding="utf-8") as f:
        f.write("\nsearch: false\n")
    return copy


# --- serving ---------------------------------------------------------------------

class Handler(http.server.SimpleHTTPRequestHandler):
    # Every path served, in order: what a query fetched, its workers' requests included
    # (Pagefind searches in a Web Worker, whose fetches the page's resource timing never sees).
    served = []
    served_lock = threading.Lock()

    def log_message(self, *args):
        pass

    def do_GET(self):
        with Handler.served_lock:
            Handler.served.append(urllib.parse.urlsplit(self.path).path)
        if urllib.parse.urlsplit(self.path).path == BENCH_PAGE:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(PAGEFIND_PAGE)))
            self.end_headers()
            self.wfile.write(PAGEFIND_PAGE)
            return
        super().do_GET()


Handler.extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                              **{".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
                                 ".json": "application/json"})


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(folder):
    server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d" % server.server_address[1]


# --- bytes ------------------------------------------------------------------------

class Sizes:
    """Bytes of a served file, as a file and as a server sends it (gzip level 6)."""

    def __init__(self, folder):
        self.folder = folder
        self.cache = {}

    def of(self, path):
        if path not in self.cache:
            full = os.path.join(self.folder, urllib.parse.unquote(path).lstrip("/"))
            if os.path.isdir(full):
                full = os.path.join(full, "index.html")  # a page read by its folder's address
            with open(full, "rb") as f:
                body = f.read()
            self.cache[path] = (len(body), min(len(body), len(gzip.compress(body, compresslevel=6, mtime=0))))
        return self.cache[path]


def served_since(mark):
    with Handler.served_lock:
        return Handler.served[mark:]


def served_mark():
    with Handler.served_lock:
        return len(Handler.served)


def search_files(tool, paths):
    """The files of `paths` (each once) that are the search's: its scripts, its index, and for
    blogbuild the result pages its query core reads (a result's sentence, a phrase's check)."""
    paths = list(dict.fromkeys(paths))
    if tool == "blogbuild":
        return [p for p in paths if p.startswith("/search/") and p != "/search/" or p.startswith("/assets/search")
                or p != "/search/" and (p.endswith("/") or p.endswith(".html"))]
    return [p for p in paths if p.startswith("/pagefind/")]


# --- the browser -------------------------------------------------------------------

def chromium():
    import browser
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    chromium_path, driver_path = browser.find_tools()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium_path
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-extensions", "--disable-background-networking", "--window-size=1000,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_script_timeout(60)
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


def run_query(driver, base, tool, query):
    # A cold cache: nothing kept from the last query, and nothing kept during this one.
    driver.get("about:blank")
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    mark = served_mark()
    if tool == "blogbuild":
        driver.get(base + "/search/")
        # The page's own start (an empty query) has drawn: the field is live.
        for _ in range(500):
            if driver.execute_script("return document.getElementById('search-results').dataset.state === 'done';"):
                break
            time.sleep(0.01)
        got = driver.execute_async_script(BLOGBUILD_QUERY_JS, query)
    else:
        driver.get(base + BENCH_PAGE)
        got = driver.execute_async_script(PAGEFIND_QUERY_JS, query)
    if got.get("ms", -1) < 0:
        raise BenchError("%s: no results drawn for %r (%s)" % (tool, query, got.get("error", "timed out")))
    got["files"] = search_files(tool, served_since(mark))
    return got


def normal(url):
    path = urllib.parse.urlsplit(url).path
    return path[: -len("index.html")] if path.endswith("/index.html") else path


# --- the run ------------------------------------------------------------------------

def percentile(values, p):
    s = sorted(values)
    if not s:
        return float("nan")
    k = max(0, min(len(s) - 1, round(p / 100 * (len(s) - 1))))
    return s[k]


def given_queries(path):
    """`--queries-file`: one query a line, `QUERY<TAB>/site/path/` of the post it is
    written for (for a real site, whose posts search_queries.py does not know)."""
    queries = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                query, _, expected = line.rstrip("\n").partition("\t")
                queries.append(("given", query.strip(), expected.strip(), ""))
    return queries


def bench_size(args, n, tools, pagefind):
    site = os.path.join(args.corpus_root, str(n), "blogbuild")
    if not os.path.isdir(os.path.join(site, "content", "posts")):
        raise BenchError("no corpus at %s (python3 bench/gen_corpus.py %d %s)" % (site, n, os.path.dirname(site)))
    work = os.path.join(args.work, str(n))
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "public")
    cache = os.path.join(work, "cache")
    row = {"posts": n}

    plain = site_without_search(site, work)
    # One build first, not timed (the sources into the page cache), then the two kinds
    # of build in turn, so neither is the one that pays for a cold disk or a busy machine.
    print("[%d] blogbuild builds with and without the index (%d each)..." % (n, args.runs), file=sys.stderr)
    build(args.blogbuild, site, out, cache)
    without, with_index = [], []
    for _ in range(args.runs):
        without.append(build(args.blogbuild, plain, os.path.join(work, "public-no-search"), cache))
        with_index.append(build(args.blogbuild, site, out, cache))
    shutil.rmtree(os.path.join(work, "public-no-search"), ignore_errors=True)
    if not os.path.isfile(os.path.join(out, "search", "index.json")):
        raise BenchError("the build wrote no search/index.json: is this blogbuild one with the search index?")
    row["build_s"] = statistics.median(w for w, _ in without)
    row["build_mb"] = statistics.median(m for _, m in without)
    row["build_index_s"] = statistics.median(w for w, _ in with_index)
    row["build_index_mb"] = statistics.median(m for _, m in with_index)
    if "pagefind" in tools:
        print("[%d] pagefind --site ..." % n, file=sys.stderr)
        runs = []
        for _ in range(args.runs):
            shutil.rmtree(os.path.join(out, "pagefind"), ignore_errors=True)
            runs.append(timed([pagefind, "--site", out]))
        row["pagefind_s"] = statistics.median(w for w, _ in runs)
        row["pagefind_mb"] = statistics.median(m for _, m in runs)

    if args.queries_file:
        queries = given_queries(args.queries_file)
    else:
        posts = search_queries.load(os.path.join(site, "content", "posts"))
        queries = search_queries.pick(posts, count=args.queries)
    if len(queries) < (1 if args.queries_file else 20):
        raise BenchError("only %d queries could be picked from the %d-post corpus" % (len(queries), n))
    row["queries"] = [{"kind": k, "query": q, "expected": u, "title": t} for k, q, u, t in queries]

    server, base = serve(out)
    sizes = Sizes(out)
    driver = chromium()
    try:
        for tool in tools:
            measured = []
            for kind, query, expected, _ in queries:
                got = run_query(driver, base, tool, query)
                raw = sum(sizes.of(p)[0] for p in got["files"])
                gz = sum(sizes.of(p)[1] for p in got["files"])
                top = [normal(u) for u in got["urls"][:3]]
                measured.append({"query": query, "ms": got["ms"], "raw": raw, "gzip": gz, "files": len(got["files"]),
                                 "hit": expected in top, "top": top, "fetched": got["files"]})
                print("[%d] %-9s %-32r %6.1f ms %7d B gzip %7d B %2d files %s" % (
                    n, tool, query, got["ms"], gz, raw, len(got["files"]), "hit" if expected in top else "MISS"), file=sys.stderr)
            row[tool] = measured
    finally:
        driver.quit()
        server.shutdown()
    return row


def kb(b):
    return "%.1f KB" % (b / 1000)


def table(rows, tools):
    lines = ["| corpus | tool | index time | index memory | bytes per query (gzip) p50 / p95 | bytes per query (files) p50 / p95 "
             "| files per query | time to results p50 / p95 | top-3 hits |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        for tool in tools:
            m = row.get(tool)
            if m is None:
                continue
            if tool == "blogbuild":
                extra_s = row["build_index_s"] - row["build_s"]
                extra_mb = row["build_index_mb"] - row["build_mb"]
                time_text = "%+.2f s (%+.0f%% of the build: %.2f → %.2f s)" % (
                    extra_s, 100 * extra_s / row["build_s"], row["build_s"], row["build_index_s"])
                mem_text = "%+.0f MB (peak %.0f → %.0f MB)" % (extra_mb, row["build_mb"], row["build_index_mb"])
            else:
                time_text = "%.2f s (%.1f× blogbuild's whole build)" % (row["pagefind_s"], row["pagefind_s"] / row["build_index_s"])
                mem_text = "%.0f MB" % row["pagefind_mb"]
            gz = [x["gzip"] for x in m]
            raw = [x["raw"] for x in m]
            ms = [x["ms"] for x in m]
            files = [x["files"] for x in m]
            lines.append("| %s posts | %s | %s | %s | %s / %s | %s / %s | %d–%d | %.0f / %.0f ms | %d/%d |" % (
                "{:,}".format(row["posts"]), tool, time_text, mem_text, kb(percentile(gz, 50)), kb(percentile(gz, 95)),
                kb(percentile(raw, 50)), kb(percentile(raw, 95)), min(files), max(files),
                percentile(ms, 50), percentile(ms, 95), sum(x["hit"] for x in m), len(m)))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("blogbuild", help="the blogbuild binary")
    parser.add_argument("corpus_root", help="folder with N/blogbuild (bench/gen_corpus.py N ROOT/N)")
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--work", default=None, help="where builds go, kept (default: a new folder under /dev/shm, else the temp dir, removed)")
    parser.add_argument("--queries", type=int, default=24, help="queries per corpus (at least 20)")
    parser.add_argument("--runs", type=int, default=3, help="builds and Pagefind runs per size (the median is reported)")
    parser.add_argument("--tools", default="blogbuild,pagefind")
    parser.add_argument("--queries-file", help="QUERY<TAB>/expected/path/ lines, in place of the picked queries (a real site)")
    parser.add_argument("--extended", action="store_true",
                        help="Pagefind's extended build (pagefind-bin-extended), which segments Chinese and Japanese: for a CJK site")
    parser.add_argument("--json", help="also write every measurement here")
    args = parser.parse_args()
    args.blogbuild = os.path.abspath(args.blogbuild)
    tools = [t for t in args.tools.split(",") if t]
    if args.queries < 20:
        parser.error("--queries: at least 20")
    own_work = args.work is None
    if own_work:
        # Builds of 10,000 posts in memory (/dev/shm) where there is one: the disk is not what is measured.
        args.work = tempfile.mkdtemp(prefix="blogbuild-search-bench-",
                                     dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    try:
        pagefind = pagefind_binary(args.extended) if "pagefind" in tools else None
        rows = [bench_size(args, int(n), tools, pagefind) for n in args.sizes.split(",")]
    except BenchError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    finally:
        if own_work:
            shutil.rmtree(args.work, ignore_errors=True)
    commit = subprocess.run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE, text=True).stdout.strip()
    print("search bench at %s, %s" % (commit or "?", os.path.basename(args.blogbuild)))
    print()
    print(table(rows, tools))
    for row in rows:
        print()
        print("Queries on the %s-post corpus (kind, query, the post it was written for; top three per tool):" % "{:,}".format(row["posts"]))
        print()
        for i, q in enumerate(row["queries"]):
            marks = " ".join("%s %s" % (t, "hit" if row[t][i]["hit"] else "MISS") for t in tools if t in row)
            print("- %s `%s` → %s (%s)" % (q["kind"], q["query"], q["expected"], marks))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"commit": commit, "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
