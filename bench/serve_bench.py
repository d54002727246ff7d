#!/usr/bin/env python3
"""Save-to-reload latency of `blogbuild serve` on the shared benchmark corpus.

Copies the corpus's blogbuild site to a scratch folder, starts `blogbuild serve`
on a free port, listens to the live-reload stream (Server-Sent Events) like an
open page does, then makes edits one at a time the way an editor saves them
(the new text goes to a hidden temporary file in the same folder, renamed over
the original) and measures, for each save, the time from the moment the save
is done (the rename returned) to the first SSE event after it: the moment an
open page learns what to reload.

Kinds of edit (`--kinds`, default all, in this order in every round):

  body          a sentence added to the last paragraph of a post
  title         a post's title changed (lists, tags, series and feeds show it)
  tags          a post's tag list replaced by other tags of the corpus
  date          a post's date moved to another day (moves it between home pages)
  series        a post added to a series; the next series edit takes it out again
  series_order  a post's `series_order` changed so that it moves to the front or
                the back of a series with `order: manual`
  app           a post's `app:` set, or changed to another app
  new           a new post written into content/posts
  newest        a new post dated after every other (a writer's new post): first
                on the home page, in the feeds, the newest of its tags
  deleted       a post file removed (the post `new` wrote, else a corpus post)
  renamed       a post's .md file renamed (its slug, so its URL, changes)
  draft         `draft: true` added to a post; the next draft edit removes it
  series_file   content/series/X.md edited: a sentence of its intro or its title
  app_file      content/apps/X.md edited: a sentence of its description
  css           the site's templates/assets/style.css override edited
  template      the site's templates/post.mustache override edited (an HTML
                comment): every post page changes

Every edit changes something each time (markers from a seeded RNG, `--seed`),
and every edit is checked: serve must print nothing but its one rebuild line
(no error, no warning), the events must carry no errors or warnings, the paths
they name must include what the edit changes, and a GET must show the change
(or a 404 for a page that went away). Anything else stops the run with the
evidence. Between edits the script waits until no event has come for 300 ms,
so a late event of one edit is never taken for the next one's.

Before serve starts (untimed) the scratch site gets what some kinds need: the
built-in style.css and post.mustache ejected into templates/ (unchanged, so
the site renders as before), one series switched to `order: manual` with
`series_order` 1..k on its posts, and the posts the `date` kind edits renamed
without the date in their file name (a `date:` on another day than the file
name's is a warning).

Prints a Markdown table (p50, p95, max per kind; with few edits p95 is the
max) and the server's resident memory (current and peak, from /proc).

With `--gap 0.4` each kind's edits are saved 0.4 s apart whatever the server is
doing, as a writer saving twice a second does: a save counts as told at the
first event after which the server shows it (see `Server.measure_paced`).

usage: serve_bench.py BLOGBUILD CORPUS_SITE [--edits N] [--kinds body,title,...] [--seed S] [--gap SECONDS]
"""
import argparse
import datetime
import json
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
import urllib.error
import urllib.request

KINDS = ["body", "title", "tags", "date", "series", "series_order", "app", "new", "newest", "deleted",
         "renamed", "draft", "series_file", "app_file", "css", "template"]
QUIET = 0.3          # seconds without events that end an edit
EVENT_TIMEOUT = 180  # seconds to wait for the first event after a save
DATED = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)\.md$")
REBUILD_LINE = re.compile(r"^\d\d:\d\d:\d\d .+ changed: [\d,]+ pages? written( \([\d,]+ files?\))? in \d+ ms$")
# A save the next one overtook: announced, then written with the next.
OVERTAKEN_LINE = re.compile(r"^\d\d:\d\d:\d\d .+: announced in \d+ ms; written with the next change, which came meanwhile$")


class BenchError(Exception):
    pass


def percentile(values, p):
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(p / 100 * (len(s) - 1))))
    return s[k]


def sse_reader(port, events):
    """Reads the live-reload stream; puts (arrival time, data) on `events`."""
    for attempt in range(100):
        try:
            sock = socket.create_connection(("127.0.0.1", port))
            break
        except ConnectionRefusedError:
            # The address is printed as the listener starts: a moment later it answers.
            if attempt == 99:
                raise
            time.sleep(0.05)
    sock.sendall(b"GET /_blogbuild/live-reload HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    buf = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            events.put((time.perf_counter(), None))  # the stream ended
            return
        now = time.perf_counter()
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            line = line.strip(b"\r")
            if line.startswith(b"data:"):
                events.put((now, line[5:].decode("utf-8", "replace").strip()))


def memory_kib(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0])
    return fields


# --- files ------------------------------------------------------------------

def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def save(path, text):
    """An editor's save: a hidden temporary file beside `path`, renamed over it.
    Returns the moment the save is done."""
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, f".{name}.bench-{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return time.perf_counter()


def split_front_matter(text):
    """(front matter lines without the --- fences, body)."""
    if not text.startswith("---\n"):
        raise BenchError("a file without front matter")
    end = text.index("\n---\n", 3)
    return text[4:end].split("\n"), text[end + 5:]


def join_front_matter(lines, body):
    return "---\n" + "\n".join(lines) + "\n---\n" + body


def get_key(lines, key):
    for line in lines:
        if line.startswith(key + ":"):
            return line[len(key) + 1:].strip()
    return None


def set_key(lines, key, value):
    """`key: value` replacing the key's line, or added last; value None removes it."""
    out = [line for line in lines if not line.startswith(key + ":")]
    if value is None:
        return out
    for i, line in enumerate(lines):
        if line.startswith(key + ":"):
            out.insert(i, f"{key}: {value}")
            return out
    return out + [f"{key}: {value}"]


def yaml_string(s):
    return json.dumps(s, ensure_ascii=False)


def add_sentence(body, sentence):
    """`sentence` at the end of the last prose paragraph (outside code blocks,
    lists, tables, quotes, headings and footnote definitions)."""
    lines = body.split("\n")
    fence, last = None, None
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith("```") or stripped.startswith("~~~"):
            fence = stripped[:3]
            continue
        if line[:1].isalpha() and not line.startswith("[^"):
            last = i
    if last is None:
        raise BenchError("no prose paragraph to edit")
    lines[last] = lines[last].rstrip() + " " + sentence
    return "\n".join(lines)


def slug_of(name):
    m = DATED.match(name)
    return m.group(4) if m else name[:-3]


def post_page(posts_dir, name):
    """The output path of a post's page (`/YYYY/MM/slug/index.html`, the corpus's
    permalink), from its front matter date and its file name."""
    lines, _ = split_front_matter(read(os.path.join(posts_dir, name)))
    date = get_key(lines, "date")
    m = re.match(r"(\d{4})-(\d{2})", date or "")
    if not m:
        raise BenchError(f"{name}: no date in the front matter")
    return f"/{m.group(1)}/{m.group(2)}/{slug_of(name)}/index.html"


# --- the run ----------------------------------------------------------------

class Server:
    def __init__(self, blogbuild, site, log=None):
        started = time.perf_counter()
        self.log = open(log, "w", encoding="utf-8") if log else None
        self.process = subprocess.Popen([blogbuild, "serve", "--site", site, "--port", "0"] + (["--verbose"] if log else []),
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.port = None
        startup = []
        for line in self.process.stdout:
            startup.append(line.rstrip("\n"))
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if m:
                self.port = int(m.group(1))
                break
        if self.port is None:
            raise BenchError("serve did not start:\n" + "\n".join(startup))
        self.startup = startup
        self.first_build = time.perf_counter() - started
        self.lines = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()
        self.events = queue.Queue()
        threading.Thread(target=sse_reader, args=(self.port, self.events), daemon=True).start()

    def _drain(self):
        for line in self.process.stdout:
            if self.log:
                self.log.write("%.3f %s" % (time.perf_counter(), line))
                self.log.flush()
            self.lines.put(line.rstrip("\n"))

    def output(self):
        out = []
        while True:
            try:
                out.append(self.lines.get_nowait())
            except queue.Empty:
                return out

    def url(self, path):
        if path.endswith("index.html"):
            path = path[:-len("index.html")]
        return f"http://127.0.0.1:{self.port}{path}"

    def get(self, path):
        """(status, text) of a GET."""
        try:
            with urllib.request.urlopen(self.url(path), timeout=30) as r:
                return r.status, r.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as e:
            return e.code, ""

    def settle(self):
        """Waits until no event came for QUIET seconds; returns what came."""
        came = []
        while True:
            try:
                came.append(self.events.get(timeout=QUIET))
            except queue.Empty:
                return came

    def measure(self, label, edit):
        """Runs `edit` (which saves and returns the moment the save was done) on a
        quiet server; returns (ms from the save to the first event, the paths the
        events named, the number of events, ms of each GET of `self.probe` right
        after the first event, ms from the save to the last event)."""
        stray = self.settle()
        if stray:
            raise BenchError(f"{label}: events before the save: {stray}")
        self.check_output(label, self.output(), expect_rebuild=False)
        saved = edit()
        try:
            first_at, first = self.events.get(timeout=EVENT_TIMEOUT)
        except queue.Empty:
            raise BenchError(f"{label}: no event within {EVENT_TIMEOUT} s of the save; serve printed:\n"
                             + "\n".join(self.output()))
        # Right after the event, as an open page reloads: the pages the edit changed
        # (serve renders a page it has not written yet when it is asked for).
        gets = []
        for page in self.probe:
            page = page() if callable(page) else page
            start = time.perf_counter()
            self.get(page)
            gets.append((time.perf_counter() - start) * 1000)
        # An event marked "pending" announces the edit; the rest is made in the
        # background and ends with an event that is not.
        payloads = [first]
        done_at = first_at
        while first is not None and json.loads(first).get("pending"):
            try:
                done_at, first = self.events.get(timeout=EVENT_TIMEOUT)
            except queue.Empty:
                raise BenchError(f"{label}: no final event within {EVENT_TIMEOUT} s of the save")
            payloads.append(first)
        payloads += [data for _, data in self.settle()]
        changed = set()
        for data in payloads:
            if data is None:
                raise BenchError(f"{label}: the live-reload stream ended; serve printed:\n" + "\n".join(self.output()))
            message = json.loads(data)
            if message.get("errors") or message.get("warnings"):
                raise BenchError(f"{label}: the save did not build cleanly: {data}\nserve printed:\n"
                                 + "\n".join(self.output()))
            changed.update(message.get("changed", []))
        self.check_output(label, self.output(), expect_rebuild=True)
        return (first_at - saved) * 1000, changed, len(payloads), gets, (done_at - saved) * 1000

    def measure_paced(self, kind, edits, gap, prepare):
        """Saves `edits` edits of one kind `gap` seconds apart, whatever the server is
        doing (a writer who saves twice a second, an editor's autosave). `prepare(n)`
        returns (edit, check, probe). A save counts as told at the first event after
        it once the server shows it: its check passes on that event's paths (a GET
        of the page has the edit). A save the server never told alone (it was told
        with a later one) counts until the event that told the later one. Returns
        (ms save→event for each save, ms of the GETs of the probes right after,
        the paths the events named, ms from the last save to the last event, the
        last check, for the final state)."""
        stray = self.settle()
        if stray:
            raise BenchError(f"{kind}: events before the saves: {stray}")
        self.check_output(kind, self.output(), expect_rebuild=False)
        saves = []   # [saved_at, check, probe, told_at]
        changed = set()
        gets = []
        last_event = None
        pending = [False]  # whether the last event announced work still going on

        def take(arrived, data):
            nonlocal last_event
            if data is None:
                raise BenchError(f"{kind}: the live-reload stream ended; serve printed:\n" + "\n".join(self.output()))
            message = json.loads(data)
            if message.get("errors") or message.get("warnings"):
                raise BenchError(f"{kind}: a save did not build cleanly: {data}\nserve printed:\n" + "\n".join(self.output()))
            paths = set(message.get("changed", []))
            if self.log:
                self.log.write("%.3f [bench] event: %d paths%s: %s\n" % (arrived, len(paths), " (pending)" if message.get("pending") else "",
                                                                    " ".join(sorted(paths)[:8])))
            changed.update(paths)
            last_event = arrived
            pending[0] = bool(message.get("pending"))
            for i, entry in enumerate(saves):
                saved_at, check, probe, told = entry
                if told is not None or saved_at > arrived:
                    continue
                try:
                    check(self, paths)
                except BenchError:
                    continue
                for earlier in saves[:i]:
                    if earlier[3] is None:
                        earlier[3] = arrived
                entry[3] = arrived
                if self.log:
                    self.log.write("%.3f [bench] %s edit %d told after %.0f ms\n" % (arrived, kind, i, (arrived - saved_at) * 1000))
                for page in probe:
                    start = time.perf_counter()
                    self.get(page() if callable(page) else page)
                    gets.append((time.perf_counter() - start) * 1000)

        start = time.perf_counter()
        check = None
        for n in range(edits):
            due = start + n * gap
            while True:
                wait = due - time.perf_counter()
                if wait <= 0:
                    break
                try:
                    take(*self.events.get(timeout=wait))
                except queue.Empty:
                    break
            edit, check, probe = prepare(n)
            saves.append([edit(), check, probe, None])
            if self.log:
                self.log.write("%.3f [bench] %s edit %d saved\n" % (saves[-1][0], kind, n))
        deadline = time.perf_counter() + EVENT_TIMEOUT
        while any(entry[3] is None for entry in saves):
            try:
                take(*self.events.get(timeout=max(0.01, deadline - time.perf_counter())))
            except queue.Empty:
                raise BenchError(f"{kind}: {sum(e[3] is None for e in saves)} saves never shown within "
                                 f"{EVENT_TIMEOUT} s; serve printed:\n" + "\n".join(self.output()))
        # Until everything is written: the last event is not "pending".
        while pending[0]:
            try:
                take(*self.events.get(timeout=max(0.01, deadline - time.perf_counter())))
            except queue.Empty:
                raise BenchError(f"{kind}: no final event within {EVENT_TIMEOUT} s of the last save")
        for arrived, data in self.settle():
            take(arrived, data)
        self.check_output(kind, self.output(), expect_rebuild=True)
        told = [(entry[3] - entry[0]) * 1000 for entry in saves]
        return told, gets, changed, (last_event - saves[-1][0]) * 1000, check

    @staticmethod
    def verbose_only(line):
        """A line serve prints only with --verbose (--log): stage times, files, requests."""
        return line.startswith(("  ", "Rendering into ", "GET ", "HEAD ")) or not line.strip()

    def check_output(self, label, lines, expect_rebuild):
        bad = [line for line in lines if not REBUILD_LINE.match(line) and not OVERTAKEN_LINE.match(line)
               and not (self.log and self.verbose_only(line))]
        if bad:
            raise BenchError(f"{label}: serve printed:\n" + "\n".join(lines))
        if expect_rebuild and not lines:
            raise BenchError(f"{label}: serve printed no rebuild line")


class Site:
    """The scratch site and the state the edits keep in it."""

    def __init__(self, root, blogbuild, rng, edits):
        self.root = root
        self.rng = rng
        self.posts_dir = os.path.join(root, "content", "posts")
        self.series_dir = os.path.join(root, "content", "series")
        self.apps_dir = os.path.join(root, "content", "apps")
        self.css_path = os.path.join(root, "templates", "assets", "style.css")
        self.template_path = os.path.join(root, "templates", "post.mustache")
        eject = subprocess.run([blogbuild, "theme", "eject", "--site", root, "assets/style.css", "post"],
                               capture_output=True, text=True)
        if eject.returncode != 0 or not os.path.exists(self.css_path) or not os.path.exists(self.template_path):
            raise BenchError("theme eject failed:\n" + eject.stdout + eject.stderr)

        names = sorted(f for f in os.listdir(self.posts_dir) if f.endswith(".md"))
        self.apps = sorted(f[:-3] for f in os.listdir(self.apps_dir) if f.endswith(".md"))
        self.series_names = sorted(f[:-3] for f in os.listdir(self.series_dir) if f.endswith(".md"))
        front = {name: split_front_matter(read(os.path.join(self.posts_dir, name)))[0] for name in names}
        self.tag_names = sorted({t for lines in front.values() for t in json.loads(get_key(lines, "tags") or "[]")})
        if not self.apps or len(self.series_names) < 2 or len(self.tag_names) < 4:
            raise BenchError("the corpus needs apps, two series and four tags")

        # One series in manual order, its posts numbered by date.
        by_series = {}
        for name in names:
            s = get_key(front[name], "series")
            if s:
                by_series.setdefault(s, []).append(name)
        self.manual = max(sorted(by_series), key=lambda s: len(by_series[s]))
        path = os.path.join(self.series_dir, self.manual + ".md")
        lines, body = split_front_matter(read(path))
        with open(path, "w", encoding="utf-8") as f:
            f.write(join_front_matter(set_key(lines, "order", "manual"), body))
        self.order = {}
        for i, name in enumerate(sorted(by_series[self.manual], key=lambda n: get_key(front[n], "date")), 1):
            p = os.path.join(self.posts_dir, name)
            lines, body = split_front_matter(read(p))
            with open(p, "w", encoding="utf-8") as f:
                f.write(join_front_matter(set_key(lines, "series_order", str(i)), body))
            self.order[name] = i
        self.other_series = [s for s in self.series_names if s != self.manual]

        # Each kind edits posts of its own, so no edit depends on another kind's.
        # Posts that move or go away (date, deleted, renamed) are ones no page links
        # to: a link to a page that is no longer built is a warning.
        linked = set()
        for folder, _, files in os.walk(os.path.join(root, "content")):
            for f in files:
                if f.endswith(".md"):
                    linked.update(re.findall(r"\]\((/[^)\s#?]*)", read(os.path.join(folder, f))))
        free = [n for n in names if not get_key(front[n], "series")]
        rng.shuffle(free)
        unlinked = [n for n in free if post_page(self.posts_dir, n)[:-len("index.html")] not in linked]
        per = edits + 2
        self.pool = {}
        for kind in ("date", "deleted", "renamed"):
            self.pool[kind], unlinked = unlinked[:per], unlinked[per:]
            if len(self.pool[kind]) < per:
                raise BenchError(f"the corpus has too few posts no page links to for {edits} edits of each kind")
        taken = {n for kind in self.pool for n in self.pool[kind]}
        free = [n for n in free if n not in taken]
        for kind in ("body", "title", "tags", "series", "app", "draft"):
            self.pool[kind], free = free[:per], free[per:]
            if len(self.pool[kind]) < per:
                raise BenchError(f"the corpus is too small for {edits} edits of each kind")
        # `date` moves posts to other days: their file names lose the date, which
        # would otherwise disagree with the front matter (a warning).
        undated = []
        for name in self.pool["date"]:
            new = slug_of(name) + ".md"
            if os.path.exists(os.path.join(self.posts_dir, new)):
                raise BenchError(f"{new} exists")
            os.rename(os.path.join(self.posts_dir, name), os.path.join(self.posts_dir, new))
            undated.append(new)
        self.pool["date"] = undated
        self.created = []        # posts `new` wrote, for `deleted` to remove
        self.in_series = None    # (post, series) `series` added last, for the next to take out
        self.drafted = None      # the post `draft` marked last
        self.count = len(names)  # posts now
        # The newest post's date: `newest` writes posts a minute after it, then a minute after those.
        def when(value):
            value = value.strip('"')
            return datetime.datetime.strptime(value[:16], "%Y-%m-%d %H:%M") if len(value) >= 16 \
                else datetime.datetime.strptime(value[:10], "%Y-%m-%d")
        self.latest = max(when(get_key(lines, "date")) for lines in front.values() if get_key(lines, "date"))

    def marker(self, kind):
        return f"bench{kind.replace('_', '')}{self.rng.randrange(10**9)}"

    def post_path(self, name):
        return os.path.join(self.posts_dir, name)

    def edit_front(self, name, change):
        path = self.post_path(name)
        lines, body = split_front_matter(read(path))
        return save(path, join_front_matter(change(lines), body))

    def random_date(self):
        day = datetime.date(2010, 1, 1) + datetime.timedelta(days=self.rng.randrange(15 * 365))
        return f"{day.isoformat()} {self.rng.randrange(24):02d}:{self.rng.randrange(60):02d}"

    # Each returns (edit, check): `edit` saves and returns the moment it was done;
    # `check(server, changed)` raises unless the result shows the edit.

    def body(self, n):
        name, m = self.rng.choice(self.pool["body"]), self.marker("body")
        page = post_page(self.posts_dir, name)
        self.probe = [page]

        def edit():
            lines, body = split_front_matter(read(self.post_path(name)))
            return save(self.post_path(name), join_front_matter(lines, add_sentence(body, f"Edited {m}.")))
        return edit, lambda s, changed: self.expect(s, changed, page, m)

    def title(self, n):
        name, m = self.rng.choice(self.pool["title"]), self.marker("title")
        page = post_page(self.posts_dir, name)
        self.probe = [page]
        return (lambda: self.edit_front(name, lambda l: set_key(l, "title", yaml_string(f"Edited {m}"))),
                lambda s, changed: self.expect(s, changed, page, m))

    def tags(self, n):
        name = self.rng.choice(self.pool["tags"])
        lines, _ = split_front_matter(read(self.post_path(name)))
        old = json.loads(get_key(lines, "tags") or "[]")
        new = old
        while set(new) == set(old):
            new = self.rng.sample(self.tag_names, self.rng.randint(1, 3))
        page = post_page(self.posts_dir, name)
        self.probe = [page]
        value = "[" + ", ".join(yaml_string(t) for t in new) + "]"
        return (lambda: self.edit_front(name, lambda l: set_key(l, "tags", value)),
                lambda s, changed: self.expect(s, changed, page))

    def date(self, n):
        name = self.rng.choice(self.pool["date"])
        old_page, date = post_page(self.posts_dir, name), self.random_date()
        self.probe = [lambda: post_page(self.posts_dir, name)]

        def check(s, changed):
            new_page = post_page(self.posts_dir, name)
            self.expect(s, changed, new_page, date[:4])
            if not any(p == "/index.html" or p.startswith("/page/") for p in changed):
                raise BenchError(f"date: no home page changed: {sorted(changed)[:20]}")
            if new_page != old_page:
                self.expect_gone(s, old_page)
        return lambda: self.edit_front(name, lambda l: set_key(l, "date", date)), check

    def series(self, n):
        if self.in_series:
            (name, series), self.in_series = self.in_series, None
            value = None
        else:
            name, series = self.rng.choice(self.pool["series"]), self.rng.choice(self.other_series)
            self.in_series = (name, series)
            value = series
        page = post_page(self.posts_dir, name)
        self.probe = [page]
        return (lambda: self.edit_front(name, lambda l: set_key(l, "series", value)),
                lambda s, changed: self.expect(s, changed, page, need=[f"/series/{series}/index.html"]))

    def series_order(self, n):
        name = self.rng.choice(sorted(self.order))
        low, high = min(self.order.values()), max(self.order.values())
        first = [k for k, v in self.order.items() if v == low]
        new = high + 1 if first == [name] else low - 1  # to the back if it is first, else to the front
        self.order[name] = new
        page = post_page(self.posts_dir, name)
        self.probe = [page]
        return (lambda: self.edit_front(name, lambda l: set_key(l, "series_order", str(new))),
                lambda s, changed: self.expect(s, changed, page, need=[f"/series/{self.manual}/index.html"]))

    def app(self, n):
        name = self.rng.choice(self.pool["app"])
        lines, _ = split_front_matter(read(self.post_path(name)))
        app = self.rng.choice([a for a in self.apps if a != get_key(lines, "app")])
        page = post_page(self.posts_dir, name)
        self.probe = [page]
        return (lambda: self.edit_front(name, lambda l: set_key(l, "app", app)),
                lambda s, changed: self.expect(s, changed, page, need=[f"/apps/{app}/index.html"]))

    def new_post(self, m, date, title):
        """A new post `m` dated `date`, its body a corpus post's: (save, its page)."""
        name = f"{date[:10]}-{m}.md"
        donor = self.rng.choice(self.pool["body"])
        _, body = split_front_matter(read(self.post_path(donor)))
        text = join_front_matter([f"title: {yaml_string(title + ' ' + m)}", f"date: {date}",
                                  f"summary: {yaml_string('A new post.')}",
                                  "tags: [" + ", ".join(yaml_string(t) for t in self.rng.sample(self.tag_names, 2)) + "]"], body)
        self.created.append(name)
        self.count += 1
        page = f"/{date[:4]}/{date[5:7]}/{m}/index.html"
        self.probe = [page, "/index.html"]
        return (lambda: save(self.post_path(name), text)), page

    def new(self, n):
        m = self.marker("new")
        edit, page = self.new_post(m, self.random_date(), "New post")
        return edit, lambda s, changed: self.expect(s, changed, page, m)

    def newest(self, n):
        m = self.marker("newest")
        self.latest += datetime.timedelta(minutes=1)
        edit, page = self.new_post(m, self.latest.strftime("%Y-%m-%d %H:%M"), "Newest post")

        def check(s, changed):
            self.expect(s, changed, page, m, need=["/index.html"])
            status, text = s.get("/index.html")
            if m not in text:
                raise BenchError(f"newest: the home page does not list {m}")
        return edit, check

    def deleted(self, n):
        name = self.created.pop() if self.created else self.pool["deleted"].pop()
        page = post_page(self.posts_dir, name)
        self.probe = [page]
        self.count -= 1

        def edit():
            os.remove(self.post_path(name))
            return time.perf_counter()

        def check(s, changed):
            if not changed:
                raise BenchError("deleted: the events named no changed path")
            self.expect_gone(s, page)
        return edit, check

    def renamed(self, n):
        pool = self.pool["renamed"]
        i = self.rng.randrange(len(pool))
        old, m = pool[i], self.marker("renamed")
        d = DATED.match(old)
        new = f"{d.group(1)}-{d.group(2)}-{d.group(3)}-{m}.md"
        pool[i] = new
        old_page = post_page(self.posts_dir, old)
        new_page = old_page.replace(f"/{slug_of(old)}/", f"/{m}/")
        self.probe = [new_page]

        def edit():
            os.rename(self.post_path(old), self.post_path(new))
            return time.perf_counter()

        def check(s, changed):
            self.expect(s, changed, new_page)
            self.expect_gone(s, old_page)
        return edit, check

    def draft(self, n):
        badge = '<span class="badge">Draft</span>'
        if self.drafted:
            name, self.drafted, value = self.drafted, None, None
        else:
            name = self.drafted = self.rng.choice(self.pool["draft"])
            value = "true"
        page = post_page(self.posts_dir, name)
        self.probe = [page]

        def check(s, changed):
            self.expect(s, changed, page)
            status, text = s.get(page)
            if (badge in text) != (value is not None):
                raise BenchError(f"draft: {page} {'lacks' if value else 'still has'} the Draft badge")
        return lambda: self.edit_front(name, lambda l: set_key(l, "draft", value)), check

    def series_file(self, n):
        series, m = self.rng.choice(self.series_names), self.marker("seriesfile")
        path = os.path.join(self.series_dir, series + ".md")
        lines, body = split_front_matter(read(path))
        if n % 2:
            text = join_front_matter(set_key(lines, "title", yaml_string(f"Series {m}")), body)
        else:
            text = join_front_matter(lines, add_sentence(body, f"Edited {m}."))
        self.probe = [f"/series/{series}/index.html"]
        return lambda: save(path, text), lambda s, changed: self.expect(s, changed, f"/series/{series}/index.html", m)

    def app_file(self, n):
        app, m = self.rng.choice(self.apps), self.marker("appfile")
        path = os.path.join(self.apps_dir, app + ".md")
        lines, body = split_front_matter(read(path))
        text = join_front_matter(lines, add_sentence(body, f"Edited {m}."))
        self.probe = [f"/apps/{app}/index.html"]
        return lambda: save(path, text), lambda s, changed: self.expect(s, changed, f"/apps/{app}/index.html", m)

    def css(self, n):
        m = self.marker("css")
        text = re.sub(r"\n\.bench-edit \{[^\n]*\}\n$", "\n", read(self.css_path))
        text = text.rstrip("\n") + f"\n.bench-edit {{ --bench: \"{m}\"; }}\n"
        self.probe = ["/assets/style.css"]
        return lambda: save(self.css_path, text), lambda s, changed: self.expect(s, changed, "/assets/style.css", m)

    def template(self, n):
        m = self.marker("template")
        text = re.sub(r"<!-- bench\S* -->\n", "", read(self.template_path))
        text, count = re.subn(r'(<article class="post">\n)', rf"\1<!-- {m} -->\n", text, count=1)
        if count != 1:
            raise BenchError('template: no <article class="post"> line in post.mustache')
        name = self.rng.choice(self.pool["body"])
        page = post_page(self.posts_dir, name)
        self.probe = [page]

        def check(s, changed):
            self.expect(s, changed, page, m)
            pages = sum(1 for p in changed if p.endswith("/index.html"))
            if pages < self.count:
                raise BenchError(f"template: {pages} pages changed, fewer than the {self.count} posts")
        return lambda: save(self.template_path, text), check

    # --- checks

    def expect(self, server, changed, page, marker=None, need=()):
        for path in [page, *need]:
            if path not in changed:
                raise BenchError(f"{path} is not among the changed paths ({len(changed)}: {sorted(changed)[:20]})")
        status, text = server.get(page)
        if status != 200:
            raise BenchError(f"GET {page}: {status}")
        if marker and marker not in text:
            raise BenchError(f"GET {page} lacks the edit {marker}")

    def expect_gone(self, server, page):
        status, _ = server.get(page)
        if status != 404:
            raise BenchError(f"GET {page} (a post that moved or went away): {status}, not 404")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("blogbuild")
    ap.add_argument("site", help="the corpus's blogbuild folder (content/ inside)")
    ap.add_argument("--edits", type=int, default=5, help="edits of each kind (default 5)")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated, of: " + ",".join(KINDS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", metavar="FILE", help="serve's own lines, with --verbose (each rebuild's stage times), "
                    "each after the bench's clock (time.perf_counter) when read")
    ap.add_argument("--gap", type=float, default=0, metavar="SECONDS",
                    help="save each kind's edits this far apart, whatever the server is doing "
                         "(e.g. 0.4: a writer saving twice a second); default: wait until the "
                         "server is quiet before each save")
    args = ap.parse_args()
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds or args.edits < 1:
        ap.error(f"unknown kinds {unknown}; choose from {','.join(KINDS)}" if unknown else "nothing to run")

    work = tempfile.mkdtemp(prefix="blogbuild-serve-bench-")
    root = os.path.join(work, "site")
    shutil.copytree(os.path.join(args.site, "content"), os.path.join(root, "content"))
    server = None
    results = {k: [] for k in kinds}
    get_results = {k: [] for k in kinds}
    done_results = {k: [] for k in kinds}
    changed_counts = {k: [] for k in kinds}
    extra_events = {k: 0 for k in kinds}
    try:
        rng = random.Random(args.seed)
        site = Site(root, args.blogbuild, rng, args.edits)
        posts = site.count
        server = Server(args.blogbuild, root, log=args.log)
        # (--log adds --verbose: its summary lines, and a line per file written, are expected.)
        unexpected = [l for l in server.startup if not (l.startswith("Built ") or l.startswith("Serving ")
                      or args.log and (l.startswith(("wrote ", "images: ", "time: ", "  ")) or not l.strip()))]
        if unexpected:
            raise BenchError("serve's first build printed:\n" + "\n".join(server.startup))
        time.sleep(0.5)
        unexpected = [l for l in server.output() if not l.startswith("Rendering into ") and not (args.log and Server.verbose_only(l))]
        if unexpected:
            raise BenchError("serve printed at start:\n" + "\n".join(unexpected))
        mem_start = memory_kib(server.process.pid)
        # Reset the peak (Linux: 5 → clear_refs), so the edits' own peak is known too.
        try:
            with open(f"/proc/{server.process.pid}/clear_refs", "w") as f:
                f.write("5")
            edits_peak_known = True
        except OSError:
            edits_peak_known = False
        for kind in kinds if args.gap > 0 else []:
            def prepare(n, kind=kind):
                site.probe = []
                edit, check = getattr(site, kind)(n)
                return edit, check, list(site.probe)
            told, gets, changed, done, last_check = server.measure_paced(kind, args.edits, args.gap, prepare)
            try:
                last_check(server, changed)  # the final state shows the last save
            except BenchError as e:
                raise BenchError(f"{kind} (after the last save): {e}")
            results[kind] = told
            get_results[kind] = gets
            done_results[kind] = [done]
            changed_counts[kind] = [len(changed)]
        for n in range(args.edits if args.gap == 0 else 0):
            for kind in kinds:
                label = f"{kind} #{n + 1}"
                site.probe = []
                edit, check = getattr(site, kind)(n)
                server.probe = site.probe
                ms, changed, count, gets, done = server.measure(label, edit)
                get_results[kind] += gets
                done_results[kind].append(done)
                try:
                    check(server, changed)
                except BenchError as e:
                    raise BenchError(f"{label}: {e}")
                results[kind].append(ms)
                changed_counts[kind].append(len(changed))
                extra_events[kind] += count - 1
        mem = memory_kib(server.process.pid)
    except BenchError as e:
        print(f"serve_bench: {e}", file=sys.stderr)
        sys.exit(1)
    finally:
        if server:
            server.process.terminate()
            try:
                server.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.process.kill()
        shutil.rmtree(work, ignore_errors=True)

    paced = (f", saved {args.gap:g} s apart whatever the server was doing (save→all written: from the last save)"
             if args.gap > 0 else ", each saved once the server was quiet")
    print(f"posts: {posts:,}, first build + start: {server.first_build:.2f} s, "
          f"edits: {args.edits} of each kind{paced}, seed {args.seed}")
    print()
    print("| edit | save→event p50 | p95 | max | GET after the event p50 | p95 | save→all written p50 | p95 | paths changed (median) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for kind in kinds:
        ev, gets, done = results[kind], get_results[kind], done_results[kind]
        get_text = f"{statistics.median(gets):.0f} ms | {percentile(gets, 95):.0f} ms" if gets else "– | –"
        print(f"| {kind} | {statistics.median(ev):.0f} ms | {percentile(ev, 95):.0f} ms | {max(ev):.0f} ms "
              f"| {get_text} | {statistics.median(done):.0f} ms | {percentile(done, 95):.0f} ms "
              f"| {statistics.median(changed_counts[kind]):,.0f} |")
    print()
    extra = {k: v for k, v in extra_events.items() if v}
    if extra:
        print("more than one event (rebuild) for one save: "
              + ", ".join(f"{k} {v}×" for k, v in extra.items()))
    print(f"server memory after the first build: {mem_start.get('VmRSS', 0) / 1024:.0f} MiB resident, "
          f"{mem_start.get('VmHWM', 0) / 1024:.0f} MiB peak so far")
    peak = max(mem_start.get('VmHWM', 0), mem.get('VmHWM', 0))
    during = f" (during the edits: {mem.get('VmHWM', 0) / 1024:.0f} MiB)" if edits_peak_known else ""
    print(f"server memory after the edits: {mem.get('VmRSS', 0) / 1024:.0f} MiB resident, "
          f"{peak / 1024:.0f} MiB peak ({peak * 1024 / 1e6:.0f} MB){during}")


if __name__ == "__main__":
    main()
