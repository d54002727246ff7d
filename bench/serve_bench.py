#!/usr/bin/env python3
"""Save-to-reload latency of `blogbuild serve` on the shared benchmark corpus.

Copies the corpus's blogbuild site to a scratch folder, starts `blogbuild serve`
on a free port, listens to the live-reload stream (Server-Sent Events) like an
open page does, then edits posts one at a time the way an editor saves them and
measures, for each save:

  save -> event   from the moment the file is closed to the SSE event naming the post's page
  save -> page    to the moment a GET of that page returns the new text (what a reloading browser gets)

Two kinds of edit: a sentence changed in the last paragraph of a post (the
common case while writing) and a title change (which also changes the lists,
tags, series and feeds that show the post). Prints p50/p95/max per kind and the
server's resident memory (current and peak, from /proc).

usage: serve_bench.py BLOGBUILD CORPUS_SITE [--edits N] [--seed S]
"""
import argparse
import os
import queue
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request


def percentile(values, p):
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(p / 100 * (len(s) - 1))))
    return s[k]


def sse_reader(port, events):
    """Reads the live-reload stream; puts (arrival time, data) on `events`."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET /_blogbuild/live-reload HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    buf = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return
        now = time.perf_counter()
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            line = line.strip(b"\r")
            if line.startswith(b"data:"):
                events.put((now, line[5:].decode("utf-8", "replace")))


def memory_kib(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0])
    return fields


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("blogbuild")
    ap.add_argument("site", help="the corpus's blogbuild folder (content/ inside)")
    ap.add_argument("--edits", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="blogbuild-serve-bench-")
    site = os.path.join(work, "site")
    shutil.copytree(os.path.join(args.site, "content"), os.path.join(site, "content"))
    posts_dir = os.path.join(site, "content", "posts")
    posts = sorted(f for f in os.listdir(posts_dir) if f.endswith(".md"))

    started = time.perf_counter()
    server = subprocess.Popen([args.blogbuild, "serve", "--site", site, "--port", "0", "--quiet"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    port = None
    for line in server.stdout:
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if m:
            port = int(m.group(1))
            break
    if port is None:
        print("serve did not start", file=sys.stderr)
        sys.exit(1)
    first_build = time.perf_counter() - started
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()  # drain its output
    events = queue.Queue()
    threading.Thread(target=sse_reader, args=(port, events), daemon=True).start()
    time.sleep(0.5)

    rng = random.Random(args.seed)
    results = {"body": ([], []), "title": ([], [])}
    try:
        for n in range(args.edits):
            for kind in ("body", "title"):
                name = rng.choice(posts)
                path = os.path.join(posts_dir, name)
                slug = name[11:-3]
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                marker = f"bench{n}{kind}{rng.randrange(10**9)}"
                if kind == "body":
                    new = text.rstrip("\n") + f" Edited {marker}.\n"
                else:
                    new = re.sub(r"^title: .*$", f"title: \"Edited {marker}\"", text, count=1, flags=re.M)
                while not events.empty():
                    events.get_nowait()
                with open(path, "w", encoding="utf-8") as f:
                    f.write(new)
                saved = time.perf_counter()
                event_at = None
                while event_at is None:
                    at, data = events.get(timeout=60)
                    if f"/{slug}/index.html" in data:
                        event_at = at
                page = re.search(r'"(/[^"]*/' + re.escape(slug) + r'/index\.html)"', data).group(1)
                url = f"http://127.0.0.1:{port}{page[:-len('index.html')]}"
                body = urllib.request.urlopen(url).read().decode("utf-8")
                page_at = time.perf_counter()
                if marker not in body:
                    print(f"the page {url} lacks the edit {marker}", file=sys.stderr)
                    sys.exit(1)
                results[kind][0].append((event_at - saved) * 1000)
                results[kind][1].append((page_at - saved) * 1000)
                time.sleep(0.15)
        mem = memory_kib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(work, ignore_errors=True)

    print(f"posts: {len(posts)}, first build + start: {first_build:.2f} s, edits: {args.edits} of each kind")
    print("| edit | save→event p50 | p95 | max | save→page p50 | p95 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for kind, (ev, pg) in results.items():
        print(f"| {kind} | {statistics.median(ev):.1f} ms | {percentile(ev, 95):.1f} ms | {max(ev):.1f} ms "
              f"| {statistics.median(pg):.1f} ms | {percentile(pg, 95):.1f} ms |")
    print(f"server memory: {mem.get('VmRSS', 0) / 1024:.0f} MiB resident, {mem.get('VmHWM', 0) / 1024:.0f} MiB peak")


if __name__ == "__main__":
    main()
