#!/usr/bin/env python3
"""Soak test of `blogbuild serve`: a seeded random sequence of editor saves, and
after every one the site serve wrote must equal a clean build, byte for byte.

Copies a site (content/ and templates/; default: this repository's example
site) to a scratch folder, starts `blogbuild serve --output SCRATCH/serve` on a
free port, listens to its live-reload stream (Server-Sent Events) and makes
`--steps` edits, each picked with a seeded RNG (`--seed`) from:

  body          a sentence added to a post's last paragraph
  title         a post's title changed
  tags          a post's tags replaced (sometimes with a tag no post had)
  date          a post's date moved (to another month or year, future included)
  series        a post added to a series, or taken out of its series
  series_order  a series post's `series_order` changed
  app           a post's `app:` set, changed or removed
  new           a new post (body copied from another post)
  deleted       a post removed (one `new` wrote, else one no page links to)
  renamed       a post's .md file renamed (its URL changes)
  draft         `draft: true` added to or removed from a post
  series_file   content/series/X.md: its title or a sentence of its intro
  app_file      content/apps/X.md: its tagline or a sentence of its description
  css           the templates/assets/style.css override edited
  template      the templates/partials/footer.mustache override edited
  static        a static file under content/ added, or one added before removed
  page          a page (content/pages) added, edited, or one added before deleted
  bad           a BAD save (front matter YAML broken, an unknown series, app or
                date, an unclosed template section); the next step fixes it
  burst         any text edit saved twice within 10 ms (the first save a decoy:
                another text, or a broken one), as editors do

Saves are what editors do: the new text goes to a hidden temporary file in the
same folder, renamed over the original. After each step the script waits for
serve's rebuild (the first SSE event after the save, then until no event came
for 400 ms), runs `blogbuild build --drafts` of the same site into an empty
folder and compares the two folders: the same files, the same bytes. After a
bad save serve must send an error event and keep the last good site (equal to
the last clean build), and a clean build must fail.

It also GETs `/`, the page the step edited (and 404 for one that went away)
and a random page over HTTP: status 200, and the served HTML is the file on
disk plus the live-reload script serve injects (only into responses; files on
disk carry none).

A busy machine can stop the script between making the temporary file and
renaming it: serve then hears one save as two changes and rebuilds twice, the
first time from the file as it was. When the last event of a step is not what
the save should give (errors after a good save, none after a bad one), the
script waits for a later rebuild (3 s), which serve's log must show was for
the files the step saved. Events that come before the next save fail the run
unless serve's log shows that every rebuild since the step was for the files
the step saved, the last event says what the step should (errors after a bad
save alone), and the site still equals the clean build. Such steps are listed
at the end. `--split-saves SHARE` makes that share of saves in parts on
purpose, pausing halfway through the write and before the rename.

`--gap SECONDS` (0.2: a writer saving five times a second) makes about half of
the steps a run of two to four steps saved that far apart, whatever serve is
doing; the site is compared once, after the last of them (the pages served
while the last one was announced too).

On the first difference prints the step, the edit, the differing paths (first
10) and a unified diff of the first differing text file, keeps the scratch
folder, and exits 1. Otherwise prints a summary and exits 0. The edits made are
the same for the same --seed, --steps and site.

usage: soak.py BLOGBUILD (or --binary PATH) [--site DIR] [--steps N] [--seed S] [--work DIR] [--keep] [--verbose]
                [--split-saves SHARE] [--gap SECONDS]
"""
import argparse
import difflib
import json
import os
import queue
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no bench/__pycache__ from importing serve_bench
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_bench import (add_sentence, get_key, join_front_matter, read,  # noqa: E402
                         set_key, split_front_matter, yaml_string)

KINDS = ["body", "title", "tags", "date", "series", "series_order", "app", "new", "deleted", "renamed",
         "draft", "series_file", "app_file", "css", "template", "static", "page", "bad", "burst"]
QUIET = 0.4           # seconds without events that end a step
LATE_WAIT = 3.0       # on a difference: how long to wait for a late rebuild before calling it one
DATED = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)\.md$")
SCRIPT_START = b"<script>/* blogbuild serve: live reload */"
CSS = "templates/assets/style.css"
FOOTER = "templates/partials/footer.mustache"


class Failure(Exception):
    """A check failed: serve's site or behaviour is not what it should be."""


# --- files ------------------------------------------------------------------

# --split-saves: (share of saves made in parts, its own seeded RNG)
SPLIT = None


def save(path, text):
    """An editor's save: a hidden temporary file beside `path`, renamed over it.
    With --split-saves some saves pause halfway through the write and before the
    rename, as a descheduled editor on a busy machine does."""
    folder, name = os.path.split(path)
    os.makedirs(folder, exist_ok=True)
    tmp = os.path.join(folder, f".{name}.soak-{os.getpid()}.tmp")
    if SPLIT and SPLIT[1].random() < SPLIT[0]:
        pauses = [SPLIT[1].choice([0, 0.02, 0.08, 0.2]) for _ in range(2)]
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text[:len(text) // 2])
            f.flush()
            time.sleep(pauses[0])
            f.write(text[len(text) // 2:])
        time.sleep(pauses[1])
    else:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
    os.replace(tmp, path)


def unquote(value):
    if value is None:
        return None
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def parse_list(value):
    """A YAML flow list of plain or quoted strings (`[a, "b c"]`)."""
    if not value:
        return []
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        return [unquote(v) for v in value[1:-1].split(",") if v.strip()]
    return [unquote(value)]


def slug_of(name):
    m = DATED.match(name)
    return m.group(4) if m else name[:-3]


def files_under(root):
    """Relative path → absolute path of every regular file under `root`."""
    out = {}
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for f in files:
            p = os.path.join(folder, f)
            if os.path.isfile(p) and not os.path.islink(p):
                out[os.path.relpath(p, root)] = p
    return out


def file_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def compare(served, clean):
    """(differing relative paths, sorted; the first text diff snippet)."""
    a, b = files_under(served), files_under(clean)
    differing = []
    for rel in sorted(set(a) | set(b)):
        if rel not in a:
            differing.append((rel, "only in the clean build"))
        elif rel not in b:
            differing.append((rel, "only in serve's output"))
        elif file_bytes(a[rel]) != file_bytes(b[rel]):
            differing.append((rel, "bytes differ"))
    snippet = ""
    for rel, why in differing:
        if why != "bytes differ":
            continue
        try:
            sa, sb = file_bytes(a[rel]).decode("utf-8"), file_bytes(b[rel]).decode("utf-8")
        except UnicodeDecodeError:
            continue
        lines = list(difflib.unified_diff(sb.splitlines(), sa.splitlines(), f"clean/{rel}", f"serve/{rel}",
                                          lineterm="", n=2))
        snippet = "\n".join(line[:300] for line in lines[:60])
        if len(lines) > 60:
            snippet += f"\n… ({len(lines) - 60} more diff lines)"
        break
    return differing, snippet


def strip_live_reload(body):
    """A served HTML page without the live-reload script serve injects, or None without one."""
    start = body.rfind(SCRIPT_START)
    if start < 0:
        return None
    end = body.find(b"</script>", start)
    if end < 0:
        return None
    return body[:start] + body[end + len(b"</script>"):]


# --- serve ------------------------------------------------------------------

class Server:
    def __init__(self, blogbuild, site, output, start_timeout):
        self.process = subprocess.Popen([blogbuild, "serve", "--site", site, "--output", output, "--port", "0"],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.log = []           # everything serve printed
        self.port = None
        lines = queue.Queue()
        threading.Thread(target=self._drain, args=(lines,), daemon=True).start()
        deadline = time.monotonic() + start_timeout
        while self.port is None:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise Failure(f"serve did not start within {start_timeout} s:\n" + "\n".join(self.log))
            if line is None:
                raise Failure("serve exited at start:\n" + "\n".join(self.log))
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if m:
                self.port = int(m.group(1))
        self.events = queue.Queue()
        # Subscribed before the first save: the request is sent here, the stream read on a thread.
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
        sock.sendall(b"GET /_blogbuild/live-reload HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        sock.settimeout(None)
        threading.Thread(target=self._events, args=(sock,), daemon=True).start()

    def _drain(self, lines):
        for line in self.process.stdout:
            self.log.append(line.rstrip("\n"))
            lines.put(self.log[-1])
        lines.put(None)

    def _events(self, sock):
        buf = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.events.put(None)
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                line = line.strip(b"\r")
                if line.startswith(b"data:"):
                    self.events.put(line[5:].decode("utf-8", "replace").strip())

    def tail(self, n=30):
        return "\n".join(self.log[-n:])

    def settle(self, quiet):
        """The events until none came for `quiet` seconds."""
        came = []
        while True:
            try:
                came.append(self.events.get(timeout=quiet))
            except queue.Empty:
                return came

    def wait_rebuild(self, timeout):
        """The events of the rebuild after a save: the first within `timeout`; when
        it announces the edit ("pending": the rest is still being made), the pages
        it names are fetched at once (serve renders them on request; `announced`
        keeps what they were) and the events are read until the one that ends the
        rebuild; then until quiet."""
        self.announced = {}
        try:
            first = self.events.get(timeout=timeout)
        except queue.Empty:
            return []
        came = [first]
        while came[-1] is not None and json.loads(came[-1]).get("pending"):
            # Only the last announcement's pages are the step's (an earlier one may be a save before it).
            self.announced = {}
            for path in sorted(p for p in json.loads(came[-1]).get("changed", []) if p.endswith(".html"))[:4]:
                self.announced[path] = self.get(path[:-len("index.html")] if path.endswith("/index.html") else path)
            try:
                came.append(self.events.get(timeout=timeout))
            except queue.Empty:
                break
        return came + self.settle(QUIET)

    def get(self, path):
        """(status, body bytes) of a GET; redirects are not followed."""
        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(f"http://127.0.0.1:{self.port}{path}", timeout=30) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def strip_live_reload(body):
    """A served page without the live-reload script serve adds before `</body>`."""
    start = body.find(b"<script>/* blogbuild serve: live reload */")
    if start < 0:
        return body
    end = body.find(b"</script>", start)
    return body[:start] + body[end + len(b"</script>"):] if end >= 0 else body


# --- the site and its edits ---------------------------------------------------

class Step:
    def __init__(self, kind, what, ops, pages=(), gone=(), bad=False, decoy=None):
        self.kind = kind
        self.what = what          # a line saying what the edit did
        self.ops = ops            # ("write", path, text) / ("remove", path) / ("rename", old, new)
        self.pages = list(pages)  # site paths that must answer 200 afterwards
        self.gone = list(gone)    # site paths that must answer 404 afterwards
        self.bad = bad            # a deliberately bad save: serve must report an error
        self.decoy = decoy        # a burst: (path, text) saved just before ops

    def files(self):
        """The site-relative files the step's saves touched."""
        touched = [op[1] for op in self.ops] + [op[2] for op in self.ops if op[0] == "rename"]
        return set(touched + ([self.decoy[0]] if self.decoy else []))


REBUILD_LINE = re.compile(r"^\d\d:\d\d:\d\d (\S+)(?: and \d+ more)? changed: ")


def split_save_rebuilds(lines, step):
    """Serve's rebuild lines (`HH:MM:SS content/x.md changed: …`) among `lines` that
    name a file other than those `step` saved (or their hidden temporary files):
    empty when every rebuild there was one of that step's saves, heard in two parts."""
    names = set()
    for rel in step.files():
        folder, name = os.path.split(rel)
        names.add(rel)
        names.add(os.path.join(folder, f".{name}.soak-{os.getpid()}.tmp"))
    others = []
    for line in lines:
        if not line[:2].isdigit() or " changed" not in line:
            continue  # not a rebuild line: a problem, a summary
        m = REBUILD_LINE.match(line)
        if not m or m.group(1) not in names:  # `files changed` too: the watcher could not tell which
            others.append(line)
    return others


class Site:
    def __init__(self, root, rng):
        self.root = root
        self.rng = rng
        self.n = 0
        self.created_posts = []
        self.created_pages = []
        self.static_files = []
        self.pending_fix = None   # (path, good text) after a bad save
        self.deck = []
        self.permalink = "/:year/:month/:slug/"
        m = re.search(r"^\s*permalinks:.*?\bpost:\s*([^\s,}]+)", read(self.path("content/site.yml")), re.M | re.S)
        if m:
            self.permalink = unquote(m.group(1))
        names = self.post_names()
        self.series = self.names_in("content/series")
        self.apps = self.names_in("content/apps")
        tags = set()
        for name in names:
            tags.update(parse_list(get_key(self.front(name), "tags")))
        self.tag_names = sorted(t for t in tags if t)
        # Posts that may move or go away: nothing names their file or URL, so no
        # link breaks (a link to a missing .md file is an error), and their slug is
        # theirs alone (two posts at one URL is an error).
        corpus = []
        for rel, p in sorted(files_under(self.path("content")).items()):
            if rel.endswith(".md") or rel.endswith(".yml"):
                corpus.append((rel, read(p)))
        for rel, p in sorted(files_under(self.path("templates")).items()):
            if rel.endswith(".mustache"):
                corpus.append((rel, read(p)))
        slugs = {}
        for name in names:
            slugs.setdefault(self.slug(name), []).append(name)
        self.movable = []
        for name in names:
            slug = self.slug(name)
            own = "content/posts/" + name
            if len(slugs[slug]) > 1:
                continue
            if any(rel != own and (name in text or f"/{slug}/" in text or f"/{slug})" in text) for rel, text in corpus):
                continue
            self.movable.append(name)
        self.original_posts = len(names)

    # helpers

    def path(self, rel):
        return os.path.join(self.root, rel)

    def names_in(self, folder):
        p = self.path(folder)
        if not os.path.isdir(p):
            return []
        return sorted(f[:-3] for f in os.listdir(p) if f.endswith(".md") and not f.startswith("."))

    def post_names(self):
        p = self.path("content/posts")
        return sorted(f for f in os.listdir(p) if f.endswith(".md") and not f.startswith(".")
                      and os.path.isfile(os.path.join(p, f)))

    def post_rel(self, name):
        return "content/posts/" + name

    def front(self, name):
        return split_front_matter(read(self.path(self.post_rel(name))))[0]

    def slug(self, name, lines=None):
        lines = self.front(name) if lines is None else lines
        return unquote(get_key(lines, "slug")) or slug_of(name)

    def post_url(self, name, lines=None):
        """The site path of a post's page, from its front matter (or file name) date and slug."""
        lines = self.front(name) if lines is None else lines
        date = unquote(get_key(lines, "date"))
        if not date:
            m = DATED.match(name)
            date = f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}" if m else None
        if not date or not re.match(r"\d{4}-\d{2}-\d{2}", date):
            return None
        url = self.permalink
        for key, value in ((":year", date[:4]), (":month", date[5:7]), (":day", date[8:10]),
                           (":slug", self.slug(name, lines))):
            url = url.replace(key, value)
        return None if ":" in url else url

    def marker(self, kind):
        self.n += 1
        return f"soak{kind.replace('_', '')}{self.n}x{self.rng.randrange(10**6)}"

    def random_date(self):
        y, mo, d = self.rng.randint(2012, 2031), self.rng.randint(1, 12), self.rng.randint(1, 28)
        if self.rng.random() < 0.5:
            return f"{y}-{mo:02d}-{d:02d}"
        return f"{y}-{mo:02d}-{d:02d} {self.rng.randrange(24):02d}:{self.rng.randrange(60):02d}"

    def pick_post(self):
        return self.rng.choice(self.post_names())

    def post_edit(self, kind, name, change, what):
        rel = self.post_rel(name)
        lines, body = split_front_matter(read(self.path(rel)))
        new_lines, new_body = change(lines, body)
        url = self.post_url(name, new_lines)
        old = self.post_url(name, lines)
        return Step(kind, f"{what} ({rel})", [("write", rel, join_front_matter(new_lines, new_body))],
                    pages=[url] if url else [], gone=[old] if old and old != url else [])

    def sentence_into(self, body, m):
        try:
            return add_sentence(body, f"Soak edit {m}.")
        except Exception:
            return body.rstrip("\n") + f"\n\nSoak edit {m}.\n"

    # the kinds: each returns a Step

    def body(self):
        name, m = self.pick_post(), self.marker("body")
        return self.post_edit("body", name, lambda l, b: (l, self.sentence_into(b, m)), f"body: sentence {m}")

    def title(self):
        name, m = self.pick_post(), self.marker("title")
        return self.post_edit("title", name, lambda l, b: (set_key(l, "title", yaml_string(f"Soak title {m}")), b),
                              f"title: 'Soak title {m}'")

    def tags(self):
        name = self.pick_post()
        new = self.rng.sample(self.tag_names, min(len(self.tag_names), self.rng.randint(1, 3))) if self.tag_names else []
        if self.rng.random() < 0.2 or not new:
            new.append(f"Soak Tag {self.rng.randrange(5)}")
        value = "[" + ", ".join(yaml_string(t) for t in new) + "]"
        return self.post_edit("tags", name, lambda l, b: (set_key(l, "tags", value), b), f"tags: {value}")

    def date(self):
        pool = [n for n in self.post_names() if n in self.movable or n in self.created_posts]
        if not pool:
            return self.body()
        name, date = self.rng.choice(pool), self.random_date()
        return self.post_edit("date", name, lambda l, b: (set_key(l, "date", date), b), f"date: {date}")

    def series_edit(self):
        name = self.pick_post()
        lines = self.front(name)
        if get_key(lines, "series") or not self.series:
            return self.post_edit("series", name, lambda l, b: (set_key(set_key(l, "series", None), "series_order", None), b),
                                  "series: removed (and series_order)")
        series = self.rng.choice(self.series)
        order = str(self.rng.randint(1, 9)) if self.rng.random() < 0.5 else None

        def change(l, b):
            l = set_key(l, "series", series)
            return (set_key(l, "series_order", order) if order else l), b
        return self.post_edit("series", name, change, f"series: {series}" + (f", series_order {order}" if order else ""))

    def series_order(self):
        pool = [n for n in self.post_names() if get_key(self.front(n), "series")]
        if not pool:
            return self.series_edit()
        name, order = self.rng.choice(pool), str(self.rng.randint(1, 12))
        return self.post_edit("series_order", name, lambda l, b: (set_key(l, "series_order", order), b),
                              f"series_order: {order}")

    def app(self):
        name = self.pick_post()
        current = unquote(get_key(self.front(name), "app"))
        choices = [a for a in self.apps if a != current]
        if current and (self.rng.random() < 0.3 or not choices):
            return self.post_edit("app", name, lambda l, b: (set_key(l, "app", None), b), "app: removed")
        if not choices:
            return self.body()
        app = self.rng.choice(choices)
        return self.post_edit("app", name, lambda l, b: (set_key(l, "app", app), b), f"app: {app}")

    def new(self):
        m, date = self.marker("new"), self.random_date()
        name = f"{date[:10]}-{m}.md"
        donor = self.pick_post()
        _, body = split_front_matter(read(self.path(self.post_rel(donor))))
        lines = [f"title: {yaml_string('New post ' + m)}", f"date: {date}"]
        if self.tag_names:
            lines.append("tags: [" + ", ".join(yaml_string(t) for t in self.rng.sample(self.tag_names, min(2, len(self.tag_names)))) + "]")
        if self.series and self.rng.random() < 0.3:
            lines.append(f"series: {self.rng.choice(self.series)}")
        if self.apps and self.rng.random() < 0.3:
            lines.append(f"app: {self.rng.choice(self.apps)}")
        if self.rng.random() < 0.2:
            lines.append("draft: true")
        self.created_posts.append(name)
        rel = self.post_rel(name)
        return Step("new", f"new post {rel} (body of {donor})", [("write", rel, join_front_matter(lines, body))],
                    pages=[u for u in [self.post_url(name, lines)] if u])

    def deleted(self):
        live = [n for n in self.created_posts if os.path.exists(self.path(self.post_rel(n)))]
        originals = [n for n in self.movable if os.path.exists(self.path(self.post_rel(n)))]
        # Created posts first; of the site's own, at most half go.
        if live and (self.rng.random() < 0.7 or len(originals) <= len(self.movable) // 2):
            name = self.rng.choice(live)
            self.created_posts.remove(name)
        elif len(originals) > len(self.movable) // 2:
            name = self.rng.choice(originals)
            self.movable.remove(name)
        else:
            return self.new()
        url = self.post_url(name)
        return Step("deleted", f"deleted {self.post_rel(name)}", [("remove", self.post_rel(name))],
                    gone=[url] if url else [])

    def renamed(self):
        pool = [n for n in self.post_names() if n in self.movable or n in self.created_posts]
        if not pool:
            return self.body()
        old, m = self.rng.choice(pool), self.marker("renamed")
        d = DATED.match(old)
        new = f"{d.group(1)}-{d.group(2)}-{d.group(3)}-{m}.md" if d else f"{m}.md"
        lines = self.front(old)
        old_url = self.post_url(old, lines)
        for pool_list in (self.movable, self.created_posts):
            if old in pool_list:
                pool_list[pool_list.index(old)] = new
        new_url = self.post_url(new, lines)
        return Step("renamed", f"renamed {self.post_rel(old)} → {new}",
                    [("rename", self.post_rel(old), self.post_rel(new))],
                    pages=[new_url] if new_url else [], gone=[old_url] if old_url and old_url != new_url else [])

    def draft(self):
        name = self.pick_post()
        if get_key(self.front(name), "draft") == "true":
            return self.post_edit("draft", name, lambda l, b: (set_key(l, "draft", None), b), "draft: removed")
        return self.post_edit("draft", name, lambda l, b: (set_key(l, "draft", "true"), b), "draft: true")

    def series_file(self):
        if not self.series:
            return self.body()
        series, m = self.rng.choice(self.series), self.marker("seriesfile")
        rel = f"content/series/{series}.md"
        lines, body = split_front_matter(read(self.path(rel)))
        if self.rng.random() < 0.5:
            text, what = join_front_matter(set_key(lines, "title", yaml_string(f"Series {m}")), body), f"title 'Series {m}'"
        else:
            text, what = join_front_matter(lines, self.sentence_into(body, m)), f"intro sentence {m}"
        return Step("series_file", f"{rel}: {what}", [("write", rel, text)], pages=[f"/series/{series}/"])

    def app_file(self):
        if not self.apps:
            return self.body()
        app, m = self.rng.choice(self.apps), self.marker("appfile")
        rel = f"content/apps/{app}.md"
        lines, body = split_front_matter(read(self.path(rel)))
        if self.rng.random() < 0.4:
            text, what = join_front_matter(set_key(lines, "tagline", yaml_string(f"Tagline {m}")), body), f"tagline {m}"
        else:
            text, what = join_front_matter(lines, self.sentence_into(body, m)), f"description sentence {m}"
        return Step("app_file", f"{rel}: {what}", [("write", rel, text)], pages=[f"/apps/{app}/"])

    def css(self):
        m = self.marker("css")
        text = re.sub(r"\n\.soak-edit \{[^\n]*\}\n", "\n", read(self.path(CSS)))
        rule = f".soak-edit {{ --soak: \"{m}\"; }}\n"
        if self.rng.random() < 0.5:
            text = text.rstrip("\n") + "\n" + rule
        else:
            text = rule + text
        return Step("css", f"{CSS}: rule --soak {m}", [("write", CSS, text)], pages=["/assets/style.css"])

    def template(self):
        m = self.marker("template")
        text = re.sub(r"<!-- soak\S* -->\n", "", read(self.path(FOOTER)))
        text, count = re.subn(r"(<footer[^>]*>\n)", rf"\1<!-- {m} -->\n", text, count=1)
        if count == 0:
            text = f"<!-- {m} -->\n" + text
        return Step("template", f"{FOOTER}: comment {m}", [("write", FOOTER, text)])

    def static(self):
        if self.static_files and self.rng.random() < 0.4:
            rel = self.static_files.pop(self.rng.randrange(len(self.static_files)))
            return Step("static", f"removed static {rel}", [("remove", rel)], gone=["/" + rel[len("content/"):]])
        m = self.marker("static")
        images = [rel for rel in sorted(files_under(self.path("content/images"))) if rel.endswith(".png")] \
            if os.path.isdir(self.path("content/images")) else []
        if images and self.rng.random() < 0.3:
            src = self.rng.choice(images)
            rel = f"content/images/{m}.png"
            with open(self.path("content/images/" + src), "rb") as f:
                data = f.read()
            op = ("copy", rel, data)
        else:
            rel = f"content/soak-files/{m}.txt"
            op = ("write", rel, f"A static file, {m}.\n")
        self.static_files.append(rel)
        return Step("static", f"added static {rel}", [op], pages=["/" + rel[len("content/"):]])

    def page(self):
        r = self.rng.random()
        if self.created_pages and r < 0.3:
            name = self.created_pages.pop(self.rng.randrange(len(self.created_pages)))
            rel = f"content/pages/{name}.md"
            return Step("page", f"deleted page {rel}", [("remove", rel)], gone=[f"/{name}/"])
        pages = self.names_in("content/pages")
        if pages and r < 0.65:
            name, m = self.rng.choice(pages), self.marker("page")
            rel = f"content/pages/{name}.md"
            lines, body = split_front_matter(read(self.path(rel)))
            url = unquote(get_key(lines, "permalink")) or (None if name == "404" else f"/{name}/")
            return Step("page", f"{rel}: sentence {m}", [("write", rel, join_front_matter(lines, self.sentence_into(body, m)))],
                        pages=[url] if url else [])
        m = self.marker("page")
        name = f"soak-page-{m}"
        rel = f"content/pages/{name}.md"
        self.created_pages.append(name)
        text = join_front_matter([f"title: {yaml_string('Page ' + m)}"], f"A page the soak test wrote, {m}.\n\n## A heading\n\nMore text.\n")
        return Step("page", f"new page {rel}", [("write", rel, text)], pages=[f"/{name}/"])

    def bad(self):
        how = self.rng.choice(["yaml", "series", "app", "date", "template"])
        if how == "template":
            rel = FOOTER
            good = read(self.path(rel))
            text, what = good + "{{#soak_never_closed}}\n", "an unclosed {{#section}} in the footer template"
        else:
            name = self.pick_post()
            rel = self.post_rel(name)
            good = read(self.path(rel))
            lines, body = split_front_matter(good)
            if how == "yaml":
                lines, what = set_key(lines, "title", "[Soak broken YAML"), "front matter YAML broken (title: [unclosed)"
            elif how == "series":
                lines, what = set_key(lines, "series", "soak-no-such-series"), "an unknown series"
            elif how == "app":
                lines, what = set_key(lines, "app", "soak-no-such-app"), "an unknown app"
            else:
                lines, what = set_key(lines, "date", "the soak day"), "a date that is no date"
            text = join_front_matter(lines, body)
        self.pending_fix = (rel, good)
        return Step("bad", f"BAD save: {what} ({rel})", [("write", rel, text)], bad=True)

    def fix(self):
        rel, good = self.pending_fix
        self.pending_fix = None
        what = "the good text back"
        if rel.startswith("content/posts/") and self.rng.random() < 0.5:
            m = self.marker("fix")
            lines, body = split_front_matter(good)
            good, what = join_front_matter(lines, self.sentence_into(body, m)), f"the good text back, plus sentence {m}"
        pages = []
        if rel.startswith("content/posts/"):
            url = self.post_url(os.path.basename(rel), split_front_matter(good)[0])
            pages = [url] if url else []
        return Step("fix", f"fix of the bad save: {what} ({rel})", [("write", rel, good)], pages=pages)

    def burst(self):
        base = self.rng.choice(["body", "title", "tags", "app", "draft", "series_file", "app_file", "css", "template"])
        step = getattr(self, base)()
        op = step.ops[0]
        if op[0] != "write":
            return step
        _, rel, final = op
        m = self.marker("decoy")
        if rel.endswith(".md") and self.rng.random() < 0.4:
            lines, body = split_front_matter(final)
            decoy, how = join_front_matter(set_key(lines, "title", "[Soak broken decoy"), body), "broken YAML"
        elif rel.endswith(".md"):
            decoy, how = final.rstrip("\n") + f"\n\nDecoy {m}.\n", f"text {m}"
        elif rel.endswith(".css"):
            decoy, how = final + f"/* decoy {m} */\n", f"comment {m}"
        else:
            decoy, how = final + f"<!-- decoy {m} -->\n", f"comment {m}"
        return Step("burst", f"burst of {base}: first {how}, then {step.what}", step.ops,
                    pages=step.pages, gone=step.gone, decoy=(rel, decoy))

    def next_step(self, last=False):
        if self.pending_fix:
            return self.fix()
        # Kinds come from a shuffled deck holding each once (body twice), dealt
        # out and shuffled again: every kind within any 2 × 20 steps.
        if not self.deck:
            self.deck = KINDS + ["body"]
            self.rng.shuffle(self.deck)
        kind = self.deck.pop()
        if kind == "bad" and last:  # no bad save last: its fix would not be made
            self.deck.insert(0, kind)
            kind = self.deck.pop() if len(self.deck) > 1 else "body"
        return getattr(self, "series_edit" if kind == "series" else kind)()

    def apply(self, step):
        """Makes the step's saves; returns ms between the decoy save and the last one (bursts)."""
        started = None
        if step.decoy:
            save(self.path(step.decoy[0]), step.decoy[1])
            started = time.perf_counter()
        for op in step.ops:
            if op[0] == "write":
                save(self.path(op[1]), op[2])
            elif op[0] == "copy":
                os.makedirs(os.path.dirname(self.path(op[1])), exist_ok=True)
                tmp = self.path(op[1]) + f".soak-{os.getpid()}.tmp"
                tmp = os.path.join(os.path.dirname(tmp), "." + os.path.basename(tmp))
                with open(tmp, "wb") as f:
                    f.write(op[2])
                os.replace(tmp, self.path(op[1]))
            elif op[0] == "remove":
                os.remove(self.path(op[1]))
            elif op[0] == "rename":
                os.rename(self.path(op[1]), self.path(op[2]))
        return (time.perf_counter() - started) * 1000 if started is not None else None


# --- the run ----------------------------------------------------------------

def clean_build(blogbuild, site, out):
    shutil.rmtree(out, ignore_errors=True)
    return subprocess.run([blogbuild, "build", "--drafts", "--quiet", "--site", site, "--output", out],
                          capture_output=True, text=True)


def site_path_of(rel):
    """`a/b/index.html` → `/a/b/`."""
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        return "/" + rel[:-len("index.html")]
    return "/" + rel


def check_http(server, out, step, check_rng):
    """GETs: / and the step's pages answer 200 with the bytes on disk (plus the
    live-reload script in HTML); pages that went away 404; a random page too."""
    on_disk = files_under(out)
    paths = ["/"] + [p for p in step.pages if p]
    html = sorted(rel for rel in on_disk if rel.endswith("index.html"))
    if html:
        paths.append(site_path_of(check_rng.choice(html)))
    problems = []
    for path in dict.fromkeys(paths):
        rel = path[1:] + "index.html" if path.endswith("/") else path[1:]
        status, body = server.get(path)
        if status != 200:
            problems.append(f"GET {path}: {status}, not 200" + ("" if rel in on_disk else f" (and no {rel} on disk)"))
            continue
        disk = file_bytes(on_disk[rel]) if rel in on_disk else None
        if disk is None:
            problems.append(f"GET {path}: 200, but serve's output folder has no {rel}")
        elif rel.endswith(".html"):
            stripped = strip_live_reload(body)
            if stripped is None:
                problems.append(f"GET {path}: no live-reload script in the served page")
            elif stripped != disk:
                problems.append(f"GET {path}: the served page (without the live-reload script) differs from {rel} on disk")
        elif body != disk:
            problems.append(f"GET {path}: the served bytes differ from {rel} on disk")
    for path in step.gone:
        if path in step.pages:
            continue
        status, _ = server.get(path)
        if status != 404:
            problems.append(f"GET {path} (went away): {status}, not 404")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("blogbuild", nargs="?", help="the blogbuild binary (or --binary)")
    ap.add_argument("--binary", help="the blogbuild binary")
    ap.add_argument("--site", default=REPO, help="the site folder to copy (holding content/; default: this repo's example site)")
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", default=None, help="where to make the scratch folder (default: the system's temporary folder)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder after a good run too")
    ap.add_argument("--event-timeout", type=float, default=120, help="seconds to wait for serve's event after a save")
    ap.add_argument("--verbose", action="store_true", help="print each step")
    ap.add_argument("--gap", type=float, default=0, metavar="SECONDS",
                    help="make about half the steps runs of 2-4 steps saved this far apart, compared after the last")
    ap.add_argument("--split-saves", type=float, default=0, metavar="SHARE",
                    help="make this share of saves (0–1) in parts: a pause of up to 0.2 s halfway through "
                         "writing the temporary file, and another before renaming it")
    args = ap.parse_args()
    blogbuild = args.binary or args.blogbuild
    if not blogbuild:
        ap.error("name the blogbuild binary (BLOGBUILD or --binary)")
    blogbuild = os.path.abspath(blogbuild)
    if not os.access(blogbuild, os.X_OK):
        ap.error(f"{blogbuild} is not an executable")
    if not os.path.isdir(os.path.join(args.site, "content")):
        ap.error(f"{args.site} has no content/ folder")
    if args.steps < 1:
        ap.error("--steps must be at least 1")

    started = time.perf_counter()
    work = tempfile.mkdtemp(prefix="blogbuild-soak-", dir=args.work)
    root, out, clean, failed_out = (os.path.join(work, d) for d in ("site", "serve", "clean", "clean-failed"))
    for part in ("content", "templates"):
        if os.path.isdir(os.path.join(args.site, part)):
            shutil.copytree(os.path.join(args.site, part), os.path.join(root, part), symlinks=True)
    missing = [name for name, rel in (("assets/style.css", CSS), ("partials/footer", FOOTER))
               if not os.path.exists(os.path.join(root, rel))]
    if missing:
        eject = subprocess.run([blogbuild, "theme", "eject", "--site", root, *missing], capture_output=True, text=True)
        if eject.returncode != 0 or any(not os.path.exists(os.path.join(root, r)) for r in (CSS, FOOTER)):
            print("soak: theme eject failed:\n" + eject.stdout + eject.stderr, file=sys.stderr)
            sys.exit(2)

    rng = random.Random(args.seed)
    global SPLIT
    SPLIT = (args.split_saves, random.Random(args.seed + 7_000_003)) if args.split_saves > 0 else None
    site = Site(root, rng)
    counts = {}
    bursts_ms = []
    pace_rng = random.Random(args.seed + 9_000_011)
    paced = []    # runs of steps saved --gap apart
    late = []
    split = []    # steps whose save serve heard in two parts, the second after the step's quiet window
    log_mark, last_step = 0, None
    events_total = 0
    server = None
    step_no, step = 0, None
    repro = (f"python3 bench/soak.py {blogbuild} --site {os.path.abspath(args.site)} "
             f"--steps {args.steps} --seed {args.seed}")
    try:
        first = clean_build(blogbuild, root, clean)
        if first.returncode != 0:
            raise Failure("the site does not build before any edit:\n" + first.stdout + first.stderr)
        server = Server(blogbuild, root, out, start_timeout=max(60, args.event_timeout))
        server.settle(QUIET)  # the warnings a new stream is sent, if any
        differing, snippet = compare(out, clean)
        if differing:
            raise Failure("serve's first build differs from a clean build", differing, snippet)
        print(f"soak: {len(site.post_names())} posts, {len(files_under(clean))} files; seed {args.seed}, "
              f"{args.steps} steps; scratch {work}", flush=True)
        for step_no in range(1, args.steps + 1):
            check_rng = random.Random(args.seed * 1_000_003 + step_no)
            stray = server.settle(0.05)
            if stray:
                # One save can be heard in two parts: the temporary file made, then (after a
                # busy machine let the editor run again) its rename. The second rebuild may end
                # after the step's quiet window. That is allowed when serve's log shows rebuilds
                # of that step's files alone, and the site is still what the step left.
                stray += server.settle(QUIET)
                others = split_save_rebuilds(server.log[log_mark:], last_step) if last_step else ["(no step yet)"]
                if others:
                    raise Failure(f"events before the save: {stray}; serve rebuilt for: {others}")
                payloads = [json.loads(e) for e in stray if e is not None]
                if None in stray or bool(payloads[-1].get("errors")) != last_step.bad:
                    raise Failure(f"events before the save, after a split save of step {step_no - 1}: {stray}")
                differing, snippet = compare(out, clean)
                if differing:
                    raise Failure(f"serve's output differs from a clean build after a late rebuild of step {step_no - 1}",
                                  differing, snippet)
                split.append(step_no - 1)
            step = site.next_step(last=step_no == args.steps)
            counts[step.kind] = counts.get(step.kind, 0) + 1
            if args.verbose:
                print(f"step {step_no}: {step.what}", flush=True)
            save_mark = len(server.log)
            gap = site.apply(step)
            if gap is not None:
                bursts_ms.append(gap)
            if args.gap > 0 and step_no < args.steps and pace_rng.random() < 0.5:
                # A writer's quick saves: more steps, each `--gap` after the one before, told to
                # serve whatever it is doing; their events are let go, the last step's checked.
                run = [step.kind]
                for _ in range(pace_rng.randint(1, 3)):
                    saved = time.perf_counter()
                    step = site.next_step(last=step_no == args.steps)
                    counts[step.kind] = counts.get(step.kind, 0) + 1
                    time.sleep(max(0.0, args.gap - (time.perf_counter() - saved)))
                    events_total += len(server.settle(0))
                    save_mark = len(server.log)
                    site.apply(step)
                    run.append(step.kind)
                paced.append(run)
                if args.verbose:
                    print(f"step {step_no}: saved {args.gap:g} s apart: {' → '.join(run)}; last: {step.what}", flush=True)
            events = server.wait_rebuild(args.event_timeout)
            if not events:
                raise Failure(f"no live-reload event within {args.event_timeout:.0f} s of the save")
            if None in events:
                raise Failure("the live-reload stream ended (serve exited?)")
            events_total += len(events)
            payloads = [json.loads(e) for e in events]
            if server.process.poll() is not None:
                raise Failure(f"serve exited with {server.process.returncode}")

            if bool(payloads[-1].get("errors")) != step.bad:
                # A save heard in two parts: the first rebuild read the file as it was.
                more = server.settle(LATE_WAIT)
                if more:
                    others = split_save_rebuilds(server.log[save_mark:], step)
                    if others:
                        raise Failure(f"a late rebuild after the save, for other files: {others}")
                    split.append(step_no)
                    events += more
                    payloads += [json.loads(e) for e in more if e is not None]
            if step.bad:
                errors = [p for p in payloads if p.get("errors")]
                if not errors:
                    raise Failure(f"a bad save, but serve sent no error event: {events}")
                result = clean_build(blogbuild, root, failed_out)
                if result.returncode == 0:
                    raise Failure("the bad save builds cleanly: the soak script's bad edit is not bad\n" + result.stdout)
                if files_under(failed_out):
                    raise Failure(f"a failed clean build wrote files into {failed_out}")
                # The last good site stays: `clean` still holds the last good clean build.
            else:
                if payloads[-1].get("errors"):
                    raise Failure(f"serve reported errors for a good save: {payloads[-1]['errors'][:5]}")
                result = clean_build(blogbuild, root, clean)
                if result.returncode != 0:
                    raise Failure("the clean build failed after a save meant to be good "
                                  "(a bug in the soak script's edit, or in blogbuild):\n" + result.stdout + result.stderr)
            # A page served while the edit was announced (rendered on request, not
            # yet written) is the page the clean build writes.
            for path, (status, body) in sorted(server.announced.items()):
                want = os.path.join(clean, path.lstrip("/"))
                if os.path.exists(want):
                    with open(want, "rb") as f:
                        wanted = f.read()
                    if status != 200 or strip_live_reload(body) != wanted:
                        raise Failure(f"GET {path} while the edit was announced: {status}, not the page the clean build writes",
                                      [path], strip_live_reload(body)[:2000].decode("utf-8", "replace"))
                elif status != 404:
                    raise Failure(f"GET {path} while the edit was announced: {status}, but the clean build has no such page")
            differing, snippet = compare(out, clean)
            if differing:
                # A rebuild may still be running (a burst split in two, a slow rebuild):
                # wait for it, then compare again.
                more = server.settle(LATE_WAIT)
                if more:
                    late.append(step_no)
                    differing, snippet = compare(out, clean)
            if differing:
                raise Failure("serve's output differs from a clean build", differing, snippet)
            problems = check_http(server, out, step, check_rng)
            if problems:
                raise Failure("HTTP: " + "; ".join(problems))
            log_mark, last_step = len(server.log), step
            if step_no % 50 == 0 and not args.verbose:
                print(f"  {step_no} steps, {time.perf_counter() - started:.0f} s", flush=True)
    except Failure as e:
        message, differing, snippet = e.args[0], (e.args[1] if len(e.args) > 1 else []), (e.args[2] if len(e.args) > 2 else "")
        print(f"soak: FAILED at step {step_no} of {args.steps} (seed {args.seed})", file=sys.stderr)
        if step:
            print(f"edit: [{step.kind}] {step.what}", file=sys.stderr)
            if step.decoy:
                print(f"  (burst: {step.decoy[0]} saved twice)", file=sys.stderr)
        print(message, file=sys.stderr)
        if differing:
            print(f"{len(differing)} differing paths (serve's output {out} vs clean build {clean}); first 10:",
                  file=sys.stderr)
            for rel, why in differing[:10]:
                print(f"  {rel}: {why}", file=sys.stderr)
            if snippet:
                print(snippet, file=sys.stderr)
        if server:
            print("serve printed last:\n" + server.tail(), file=sys.stderr)
        print(f"scratch folder kept: {work}\nreproduce: {repro}", file=sys.stderr)
        if server:
            server.stop()
        sys.exit(1)
    except BaseException:
        if server:
            server.stop()
        print(f"soak: stopped at step {step_no}; scratch folder kept: {work}", file=sys.stderr)
        raise
    server.stop()
    files, posts = len(files_under(clean)), len(site.post_names())
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    elapsed = time.perf_counter() - started
    print(f"soak: {args.steps} steps passed (seed {args.seed}) in {elapsed:.1f} s: after every step serve's output "
          f"equalled a clean build ({posts} posts, {files} files at the end)")
    print("kinds: " + ", ".join(f"{k} {counts[k]}" for k in sorted(counts, key=lambda k: (-counts[k], k))))
    if bursts_ms:
        print(f"bursts: {len(bursts_ms)}, the two saves {min(bursts_ms):.1f}–{max(bursts_ms):.1f} ms apart")
    if paced:
        print(f"runs of saves {args.gap:g} s apart: {len(paced)}, {sum(len(r) for r in paced)} saves in them")
    print(f"live-reload events: {events_total}" + (f"; steps whose rebuild came after the first quiet "
                                                  f"{QUIET * 1000:.0f} ms: {late}" if late else ""))
    if split:
        print(f"saves heard in two parts, the second rebuild after the quiet window: steps {split}")


if __name__ == "__main__":
    main()
