#!/usr/bin/env python3
"""What `images: { resize: true }` saves a reader, and what it costs a build.

Two sites, one per mode; either is copied or written into a scratch folder
under --bench-dir:

--example (the default): the repository's example site, its content/ and
templates/ (where there is one) copied as they are, with the `images:` line
of the copy's content/site.yml written by the bench (an `images:` setting
already there, flow or block form, is replaced; the rest of the file is
kept). The pages weighed are not fixed: after the before build, the bench
takes every post (a page at a dated permalink, /YYYY/MM/SLUG/) and every app
page (/apps/NAME/, not its child pages), adds up the bytes of the local files
their <img src> show (resolved against the page's URL to files of the before
output, each file once per page), and weighs the heaviest post and the
heaviest app page; the report names them, their image bytes and the
runner-up. Its photos and screenshots are drawn by bench/example_images.py.

--generated: a small site with photo-sized images (seeded by --seed, so
every run draws the same pixels; made with Pillow: gradients, shapes and
noise, so they compress like photos and screenshots, not like flat colour):

  - the heaviest post: a hero JPEG of 4032×3024 (quality 92, with EXIF carrying
    a camera and a GPS position) and three PNG screenshots of 1290×2796 in its
    body; it is about the app below, so it shows the app's card and icon too
  - the app's page: a 1024×1024 PNG icon and five 1290×2796 PNG screenshots
  - three short text posts, so the lists and feeds are not empty

  and the pages weighed are that post and that app page.

The sources are the site's JPEG, PNG and WebP files under content/ (in
--example every such file, shown on a page or not); the report gives their
count, megapixels and bytes, and the megapixels are what the cold build's cost
is divided by.

Page weight. The site is built twice, with `resize: false` (before) and with
`resize: true` (after; `--formats`, default webp), each output is served by
Python's http.server, and the post and the app page are loaded in headless
Chromium (a fresh browser for every load, so nothing comes from its cache) at
390 px and 1280 px wide (device scale factor 1), and at 390 px with a device
scale factor of 3 as an extra line. The page is scrolled to the bottom so lazy
images load, then the script waits until no request has started for a second
and every image is complete. The weight is the document plus every image
Resource Timing lists, in transferSize (body plus response headers; an image
with transferSize 0 came from Chromium's memory cache within the load, such as
the header logo again as the favicon, and counts 0), or in encodedBodySize
with each URL counted once where the document's transferSize is 0; the report
says which. after/before is the after weight as a percentage of the before
weight: the goal is at most 30 % at 390 px (scale 1), on both pages.

Build time. Three kinds of `blogbuild build`, each into an empty output folder,
`--runs` times (default 3), the median reported:

  resize: false     images copied as they are
  resize: true cold the image cache (SITE/.blogbuild-cache) deleted before each run
  resize: true warm the cache full from the run before

warm as a percentage of resize: false (the goal: within 5 %, so at most 105 %),
and the cold build's extra time over resize: false divided by the megapixels of
the source images (ms per megapixel). Times are wall clock around the whole
process (time.perf_counter around subprocess.run); each median is printed with
its runs, so a busy machine shows as a spread. BLOGBUILD_CACHE_DIR is removed
from the builds' environment, so the cache is the scratch site's own and the
cold builds are cold.

Every photo, screenshot and icon the two pages show in the after build should
be a <picture>; the report names any that is a plain <img>. The outputs of the
resize: true builds (each cold run's and the last warm run's) are compared
file by file: blogbuild's output should be byte-identical run to run, and the
report says which files differ when it is not. Every source with a GPS
position in its EXIF (in --example the kettle post's hero, in --generated the
harbour photo) is looked up in both outputs: the before output should still
have it, the after output not; without such a source there is no GPS line.

Exits 1 when a build fails or warns, the after build made no <picture>, or
Chromium cannot run. Goals not met are reported, not failures.

usage: image_bench.py [BLOGBUILD] [--example | --generated] [--bench-dir DIR] [--formats avif,webp] [--runs N] [--seed S] [--keep] [--verbose]
"""
import argparse
import html.parser
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "Tests", "browser"))

PHOTO = (4032, 3024)
SCREEN = (1290, 2796)
ICON = (1024, 1024)
POST_SHOTS = 3
APP_SHOTS = 5
POST_PAGE = "/2025/05/harbour-at-dusk/"   # --generated's pages; --example picks its own
APP_PAGE = "/apps/tidewatch/"
EXAMPLE_FOLDERS = ("content", "templates")  # what of the repository is the example site
POST_URL = re.compile(r"/[0-9]{4}/[0-9]{2}/[^/]+/")  # a post's page (permalinks: post: /:year/:month/:slug/)
APP_URL = re.compile(r"/apps/[^/]+/")                # an app's page, not its child pages
RASTER = (".jpg", ".jpeg", ".png", ".webp")         # the sources: what blogbuild resizes
# (label, CSS width, CSS height, device scale factor, counts towards the goal)
VIEWPORTS = [("390 px", 390, 844, 1, True), ("1280 px", 1280, 800, 1, False), ("390 px @3x", 390, 844, 3, False)]
GOAL_WEIGHT = 30.0   # after/before at 390 px, per cent, at most
GOAL_WARM = 105.0    # warm build as a percentage of resize: false, at most
IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp", ".avif", ".gif", ".svg", ".ico")
IDLE = 1.0           # seconds without a new request that end a page load
LOAD_TIMEOUT = 60    # seconds for a page and its images


class BenchError(Exception):
    pass


# --- images -------------------------------------------------------------------

def images_module():
    try:
        from PIL import Image, ImageChops, ImageDraw, ImageFilter, ExifTags
    except ImportError:
        raise BenchError("the Python package Pillow is not installed (make setup, or python3 -m pip install pillow)")
    return Image, ImageChops, ImageDraw, ImageFilter, ExifTags


class Painter:
    """Seeded photo-like and UI-like pictures. Every random choice comes from
    `rng` (noise bytes included), so a seed always gives the same pixels."""

    def __init__(self, rng):
        self.rng = rng
        self.Image, self.ImageChops, self.ImageDraw, self.ImageFilter, self.ExifTags = images_module()

    def noise(self, size, amplitude):
        """Grey noise around 128, ±amplitude."""
        w, h = size
        n = self.Image.frombytes("L", size, self.rng.randbytes(w * h))
        if amplitude < 128:
            n = n.point(lambda v: int(128 + (v - 128) * amplitude / 128))
        return n

    def blotches(self, size, cell, amplitude):
        """Smooth noise: one random value per `cell` pixels, interpolated."""
        w, h = size
        return self.noise((max(2, w // cell), max(2, h // cell)), amplitude).resize(size, self.Image.BICUBIC)

    def add_noise(self, img, n):
        return self.ImageChops.add(img, self.Image.merge("RGB", (n, n, n)), 1.0, -128)

    def gradient(self, size, top, bottom):
        g = self.Image.linear_gradient("L").resize(size, self.Image.BILINEAR)
        return self.Image.merge("RGB", [g.point(lambda v, a=a, b=b: int(a + (b - a) * v / 255))
                                        for a, b in zip(top, bottom)])

    def photo(self, size):
        """A landscape: sky and sea gradients, hills, boats, soft focus, mottling and grain."""
        rng, w, h = self.rng, size[0], size[1]
        s = w / PHOTO[0]
        img = self.gradient(size, (110, 160, 215), (235, 205, 170))
        d = self.ImageDraw.Draw(img)
        horizon = int(h * rng.uniform(0.5, 0.6))
        img.paste(self.gradient((w, h - horizon), (40, 90, 120), (20, 50, 70)), (0, horizon))
        for _ in range(5):
            base = horizon - int(rng.randint(50, 400) * s)
            points, x = [(0, horizon)], 0
            while x < w:
                x += int(rng.randint(80, 300) * s) + 1
                points.append((x, base + int(rng.randint(-150, 150) * s)))
            points += [(w, horizon)]
            c = rng.randint(40, 100)
            d.polygon(points, fill=(c, c + rng.randint(10, 50), c - rng.randint(0, 30)))
        for _ in range(40):
            x, y, r = rng.randrange(w), rng.randrange(horizon, h), int(rng.randint(20, 200) * s) + 2
            d.ellipse((x - r, y - r // 3, x + r, y + r // 3), fill=tuple(rng.randint(20, 200) for _ in range(3)))
        img = img.filter(self.ImageFilter.GaussianBlur(6 * s))
        for cell, amplitude in ((160, 36), (40, 18), (8, 12)):
            img = self.add_noise(img, self.blotches(size, max(2, int(cell * s)), amplitude))
        return self.add_noise(img, self.noise(size, 12))

    def text_line(self, d, x, y, width, height, colour):
        """A line of 'words': rounded bars of random lengths."""
        while width > 0:
            word = min(width, self.rng.randint(height, height * 5))
            d.rounded_rectangle((x, y, x + word, y + height), radius=height // 3, fill=colour)
            x += word + height // 2
            width -= word + height // 2

    def screenshot(self, size, dark):
        """An iPhone screen: status and navigation bars, a photo card, list rows
        with text-like stripes, a tab bar, and a little grain everywhere."""
        rng, (w, h) = self.rng, size
        bg, fg, sub, bar = ((28, 28, 30), (235, 235, 240), (150, 150, 160), (44, 44, 48)) if dark else \
            ((242, 242, 247), (20, 20, 24), (120, 120, 128), (255, 255, 255))
        img = self.Image.new("RGB", size, bg)
        d = self.ImageDraw.Draw(img)
        accent = tuple(rng.randint(30, 220) for _ in range(3))
        self.text_line(d, 90, 60, 130, 40, fg)
        d.rounded_rectangle((w - 260, 62, w - 90, 100), radius=10, fill=fg)
        self.text_line(d, 60, 250, rng.randint(400, 800), 80, fg)
        top, card_h = 400, rng.randint(700, 1000)
        card = self.photo((w - 120, card_h))
        mask = self.Image.new("L", card.size, 0)
        self.ImageDraw.Draw(mask).rounded_rectangle((0, 0) + card.size, radius=40, fill=255)
        img.paste(card, (60, top), mask)
        y = top + card_h + 60
        while y < h - 400:
            d.rounded_rectangle((60, y, w - 60, y + 190), radius=30, fill=bar)
            d.ellipse((100, y + 35, 220, y + 155), fill=tuple(rng.randint(30, 230) for _ in range(3)))
            self.text_line(d, 260, y + 50, rng.randint(400, 800), 36, fg)
            self.text_line(d, 260, y + 110, rng.randint(300, 700), 28, sub)
            y += 220
        d.rectangle((0, h - 250, w, h), fill=bar)
        for i in range(4):
            cx = w * (2 * i + 1) // 8
            d.rounded_rectangle((cx - 40, h - 210, cx + 40, h - 130), radius=18, fill=accent if i == 0 else sub)
        d.rounded_rectangle((w // 2 - 230, h - 40, w // 2 + 230, h - 25), radius=8, fill=fg)
        return self.add_noise(img, self.noise(size, 1))

    def icon(self, size):
        """An app icon: a diagonal gradient, a wave and a sun, lightly mottled."""
        rng, (w, h) = self.rng, size
        img = self.gradient(size, (20, 110, 140), (10, 40, 80)).rotate(-35, resample=self.Image.BICUBIC, expand=False,
                                                                       fillcolor=(10, 40, 80))
        d = self.ImageDraw.Draw(img)
        d.ellipse((w * 0.55, h * 0.12, w * 0.85, h * 0.42), fill=(250, 200, 90))
        points = [(0, h)] + [(x, h * 0.62 + rng.uniform(-40, 40) + 60 * ((x / w * 6) % 2 - 1) ** 2)
                             for x in range(0, w + 1, 32)] + [(w, h)]
        d.polygon(points, fill=(230, 245, 250))
        img = img.filter(self.ImageFilter.GaussianBlur(3))
        img = self.add_noise(img, self.blotches(size, 64, 10))
        return self.add_noise(img, self.noise(size, 2))

    def exif(self):
        """A phone camera's EXIF: make, model, time, and a GPS position."""
        E = self.ExifTags
        exif = self.Image.Exif()
        exif[E.Base.Make] = "Apple"
        exif[E.Base.Model] = "iPhone 15 Pro"
        exif[E.Base.Orientation] = 1
        exif[E.Base.DateTime] = "2025:05:01 20:41:07"
        gps = exif.get_ifd(E.IFD.GPSInfo)
        gps[E.GPS.GPSLatitudeRef] = "N"
        gps[E.GPS.GPSLatitude] = (51.0, 26.0, 57.6)
        gps[E.GPS.GPSLongitudeRef] = "W"
        gps[E.GPS.GPSLongitude] = (2.0, 37.0, 15.12)
        return exif


# --- the site -----------------------------------------------------------------

SITE_YML = """\
title: Harbour Lights
description: Notes from a small app studio by the sea.
author: { name: Morwenna Tregear, email: morwenna@example.net, url: https://example.com/about/ }
base_url: https://example.com/
language: en-GB
timezone: Europe/London
posts_per_page: 10
permalinks: { post: /:year/:month/:slug/ }
"""

PARAGRAPHS = [
    "The harbour empties twice a day, and for an hour either side of low water the boats sit on the mud "
    "at angles that look like a mistake. Tidewatch started as a way to know when that hour begins without "
    "walking down to the slipway to look.",
    "Most of the work was not the prediction itself, which is a sum of cosines anyone can copy from a "
    "textbook, but deciding what to show on a screen the size of a biscuit when the answer is a curve.",
    "The first version drew the whole day. Nobody wanted the whole day; they wanted the next turn of the "
    "tide and how long it was until then, in type large enough to read with salt on your glasses.",
    "Widgets changed the shape of the app again. A widget cannot animate and is redrawn when the system "
    "decides, so every entry of the timeline has to stand on its own as a picture of one moment.",
    "There is still no account, no server and no tracking. The harmonic constants ship with the app and "
    "every prediction is made on the phone, which is also why it works on a beach without signal.",
]


def post(title, date, body, extra=""):
    return f"---\ntitle: \"{title}\"\ndate: {date}\n{extra}---\n{body}"


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(path, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as f:
        f.write(data)


def write_config(site, resize, formats):
    """Sets the `images:` line of SITE/content/site.yml: a top-level `images:`
    already there (a flow mapping on one line, or a block mapping and its
    indented lines) is taken out, the bench's line is added at the end, and
    every other line is kept as it is."""
    path = os.path.join(site, "content", "site.yml")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    kept, inside = [], False
    for line in lines:
        if re.match(r"images\s*:", line):
            inside = True
        elif inside and (not line.strip() or line[:1] in (" ", "\t")):
            pass  # the old setting's block lines (and blank lines among them)
        else:
            inside = False
            kept.append(line)
    kept.append(f"images: {{ resize: {'true' if resize else 'false'}, formats: [{', '.join(formats)}] }}")
    write(path, "\n".join(kept) + "\n")


def copy_example(site):
    """Copies the example site (the repository's content/, and templates/ when
    it has one) to `site`; returns the folders copied."""
    copied = []
    for name in EXAMPLE_FOLDERS:
        if os.path.isdir(os.path.join(REPO, name)):
            shutil.copytree(os.path.join(REPO, name), os.path.join(site, name))
            copied.append(name)
    if "content" not in copied:
        raise BenchError(f"no example site: {os.path.join(REPO, 'content')} is not a folder")
    return copied


def raster_sources(site):
    """[(site path, width, height, bytes)] of every JPEG, PNG and WebP under
    SITE/content, sorted by path; width and height as shown (EXIF orientation
    5 to 8 swaps them)."""
    Image = images_module()[0]
    content = os.path.join(site, "content")
    sources = []
    for folder, dirs, names in os.walk(content):
        dirs.sort()
        for name in sorted(names):
            if not name.lower().endswith(RASTER):
                continue
            full = os.path.join(folder, name)
            try:
                with Image.open(full) as img:
                    w, h = img.size
                    if img.getexif().get(0x0112) in (5, 6, 7, 8):  # Orientation
                        w, h = h, w
            except Exception as e:
                raise BenchError(f"{full}: Pillow cannot read it: {e}")
            rel = os.path.relpath(full, content).replace(os.sep, "/")
            sources.append(("/" + rel, w, h, os.path.getsize(full)))
    return sources


def generate(site, seed):
    """Writes the site; returns [(site path, width, height, bytes)] of the source images."""
    painter = Painter(random.Random(seed))
    content = os.path.join(site, "content")
    sources = []

    def save(path, img, **options):
        full = os.path.join(content, path.lstrip("/"))
        os.makedirs(os.path.dirname(full), exist_ok=True)
        img.save(full, **options)
        sources.append((path, img.width, img.height, os.path.getsize(full)))

    save("/images/posts/harbour.jpg", painter.photo(PHOTO), quality=92, exif=painter.exif())
    for i in range(POST_SHOTS):
        save(f"/images/posts/tidewatch-{i + 1}.png", painter.screenshot(SCREEN, dark=i % 2 == 1))
    save("/images/apps/tidewatch-icon.png", painter.icon(ICON))
    for i in range(APP_SHOTS):
        save(f"/images/apps/tidewatch-screen-{i + 1}.png", painter.screenshot(SCREEN, dark=i % 2 == 0))

    shots = [f"![Tidewatch screen {i + 1}, {'dark' if i % 2 else 'light'} appearance: a tide curve above a list of ports]"
             f"(/images/posts/tidewatch-{i + 1}.png)" for i in range(POST_SHOTS)]
    body = "\n\n".join([PARAGRAPHS[0], "## What the app shows", PARAGRAPHS[1], shots[0], PARAGRAPHS[2],
                        shots[1], "## Widgets", PARAGRAPHS[3], shots[2], PARAGRAPHS[4]]) + "\n"
    write(os.path.join(content, "posts", "2025-05-01-harbour-at-dusk.md"), post(
        "The harbour at dusk, and an app for the tide", "2025-05-01 20:30", body,
        "tags: [Tidewatch, WidgetKit]\napp: tidewatch\nimage:\n  src: /images/posts/harbour.jpg\n"
        "  alt: The harbour at dusk at low water, boats resting on the mud below green hills\n"))
    for i, (slug, title) in enumerate([("salt-and-swift", "Salt and Swift"), ("a-quieter-timeline", "A quieter timeline"),
                                       ("why-no-server", "Why there is no server")]):
        text = "\n\n".join(PARAGRAPHS[(i + k) % len(PARAGRAPHS)] for k in range(3)) + "\n"
        write(os.path.join(content, "posts", f"2025-0{2 + i}-1{i}-{slug}.md"),
              post(title, f"2025-0{2 + i}-1{i}", text, "tags: [Tidewatch]\n" if i else ""))
    screenshots = "".join(f"  - src: /images/apps/tidewatch-screen-{i + 1}.png\n"
                          f"    alt: Tidewatch on iPhone, screen {i + 1} of {APP_SHOTS}\n" for i in range(APP_SHOTS))
    write(os.path.join(content, "apps", "tidewatch.md"),
          "---\ntitle: Tidewatch\ntagline: The next turn of the tide, at a glance\n"
          "icon: /images/apps/tidewatch-icon.png\nplatforms: [iOS, watchOS]\n"
          "app_store: https://apps.apple.com/app/id1700000000\nreleased: 2025-05-01\nstatus: available\n"
          f"screenshots:\n{screenshots}---\n" + "\n\n".join(PARAGRAPHS[1:4]) + "\n")
    write(os.path.join(content, "pages", "about.md"), "---\ntitle: About\n---\n" + PARAGRAPHS[4] + "\n")
    write(os.path.join(content, "site.yml"), SITE_YML)
    return sources


# --- builds -------------------------------------------------------------------

def build(blogbuild, site, out):
    """One `blogbuild build` into an empty `out`; returns its seconds. Fails on an
    error or a warning: numbers from a build that warns are not the site's."""
    shutil.rmtree(out, ignore_errors=True)
    # A cache elsewhere would make the cold builds warm, and deleting SITE/.blogbuild-cache would not empty it.
    env = {k: v for k, v in os.environ.items() if k != "BLOGBUILD_CACHE_DIR"}
    started = time.perf_counter()
    r = subprocess.run([blogbuild, "build", "--quiet", "--site", site, "--output", out],
                       capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - started
    said = (r.stdout + r.stderr).strip()
    if r.returncode != 0 or said:
        raise BenchError(f"blogbuild build (exit {r.returncode}) printed" + (f":\n{said}" if said else " nothing"))
    return seconds


class ImgScan(html.parser.HTMLParser):
    """The src of every JPEG, PNG or WebP <img> that is not inside a <picture>."""

    def __init__(self):
        super().__init__()
        self.depth, self.bare = 0, []

    def handle_starttag(self, tag, attrs):
        if tag == "picture":
            self.depth += 1
        elif tag == "img" and self.depth == 0:
            src = dict(attrs).get("src") or ""
            if src.lower().endswith((".jpg", ".jpeg", ".png", ".webp")):
                self.bare.append(src)

    def handle_endtag(self, tag):
        if tag == "picture":
            self.depth = max(0, self.depth - 1)


class ImgSources(html.parser.HTMLParser):
    """The src of every <img>."""

    def __init__(self):
        super().__init__()
        self.srcs = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            src = dict(attrs).get("src")
            if src:
                self.srcs.append(src)


def page_file(out, page):
    return os.path.join(out, page.strip("/"), "index.html")


def page_images(out, page):
    """{site path: bytes} of the local files the <img src> of `page` (a URL
    path such as /2020/04/kettle/) show in the output folder `out`, each once."""
    with open(page_file(out, page), encoding="utf-8") as f:
        scan = ImgSources()
        scan.feed(f.read())
    found = {}
    for src in scan.srcs:
        url = urllib.parse.urlsplit(urllib.parse.urljoin(page, src))
        if url.scheme or url.netloc:
            continue  # another site's image, or a data: URL
        path = urllib.parse.unquote(url.path)
        full = os.path.normpath(os.path.join(out, path.lstrip("/")))
        if full.startswith(os.path.normpath(out) + os.sep) and os.path.isfile(full):
            found[path] = os.path.getsize(full)
    return found


def pages_in(out):
    """The URL path of every index.html under `out`, sorted."""
    pages = []
    for folder, _, names in os.walk(out):
        if "index.html" in names:
            rel = os.path.relpath(folder, out).replace(os.sep, "/")
            pages.append("/" if rel == "." else f"/{rel}/")
    return sorted(pages)


def heaviest(out):
    """{kind: [(image bytes, page, {path: bytes})], heaviest first} of the
    posts and app pages of the output folder `out`."""
    ranked = {"post": [], "app page": []}
    for page in pages_in(out):
        kind = "post" if POST_URL.fullmatch(page) else "app page" if APP_URL.fullmatch(page) else None
        if kind:
            images = page_images(out, page)
            ranked[kind].append((sum(images.values()), page, images))
    for kind, pages in ranked.items():
        if not pages:
            raise BenchError(f"the before build has no {kind} (no page at {POST_URL.pattern if kind == 'post' else APP_URL.pattern})")
        pages.sort(key=lambda p: (-p[0], p[1]))
    return ranked


def check_outputs(before, after, formats, pages):
    """The after build made pictures in the asked formats, the before build none.
    Returns [(page, src)] of the after build's photos, screenshots and icons
    that are plain <img>s: ones without a source in another format or a srcset."""
    for page in pages:
        with open(page_file(before, page), encoding="utf-8") as f:
            if "<picture" in f.read():
                raise BenchError(f"the resize: false build has <picture> elements on {page}")
    bare = []
    for page in pages:
        with open(os.path.join(after, page.strip("/"), "index.html"), encoding="utf-8") as f:
            text = f.read()
        if "<picture" not in text:
            raise BenchError(f"the resize: true build has no <picture> on {page}: are images processed (libvips)?")
        for fmt in formats:
            if f'type="image/{fmt}"' not in text:
                raise BenchError(f"the resize: true build offers no image/{fmt} on {page}")
        scan = ImgScan()
        scan.feed(text)
        bare += [(page, src) for src in scan.bare]
    return bare


def files(root):
    """{path relative to root: absolute path} of every file under root."""
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            full = os.path.join(folder, name)
            found[os.path.relpath(full, root)] = full
    return found


def differences(a, b):
    """Sorted relative paths that are in only one of the folders or whose bytes differ."""
    fa, fb = files(a), files(b)
    out = sorted(set(fa) ^ set(fb))
    for rel in sorted(set(fa) & set(fb)):
        with open(fa[rel], "rb") as x, open(fb[rel], "rb") as y:
            if x.read() != y.read():
                out.append(rel)
    return sorted(out)


def gps_position(path):
    """Whether the image at `path` carries a GPS position in its EXIF; None
    when there is no such file."""
    Image, _, _, _, ExifTags = images_module()
    if not os.path.isfile(path):
        return None
    try:
        with Image.open(path) as img:
            return bool(img.getexif().get_ifd(ExifTags.IFD.GPSInfo))
    except Exception:
        return False


# --- the browser ---------------------------------------------------------------

WEIGHT_JS = """
const image = name => /\\.(jpe?g|png|webp|avif|gif|svg|ico)$/i.test(new URL(name).pathname);
const entry = e => ({name: e.name, transfer: e.transferSize, encoded: e.encodedBodySize});
return {document: entry(performance.getEntriesByType('navigation')[0]),
        images: performance.getEntriesByType('resource').filter(e => image(e.name)).map(entry)};
"""

PENDING_JS = """
return [performance.getEntriesByType('resource').length,
        Array.from(document.images).filter(i => !i.complete).map(i => i.currentSrc || i.src)];
"""


def load(browser, base, page, width, height, scale):
    """Loads `page` in a fresh Chromium, scrolls to the bottom, waits for the
    network to go quiet; returns what WEIGHT_JS measured."""
    with browser.chromium(width, height) as driver:
        browser.set_viewport(driver, width, height, scale)
        driver.set_page_load_timeout(LOAD_TIMEOUT)
        driver.get(base.rstrip("/") + page)
        deadline = time.monotonic() + LOAD_TIMEOUT
        while driver.execute_script(
                "window.scrollBy(0, window.innerHeight);"
                "return window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1;"):
            time.sleep(0.1)
            if time.monotonic() > deadline:
                raise BenchError(f"{page} at {width} px: still scrolling after {LOAD_TIMEOUT} s")
        count, quiet_since = -1, time.monotonic()
        while True:
            n, pending = driver.execute_script(PENDING_JS)
            now = time.monotonic()
            if n != count:
                count, quiet_since = n, now
            elif not pending and now - quiet_since >= IDLE:
                break
            if now > deadline:
                raise BenchError(f"{page} at {width} px: images still loading after {LOAD_TIMEOUT} s: {pending}")
            time.sleep(0.1)
        return driver.execute_script(WEIGHT_JS)


def weigh(browser, folder, pages, viewports):
    """{(page, viewport label): measurement} for one output folder."""
    results = {}
    with browser.serve(folder) as base:
        for page in pages:
            for label, width, height, scale, _ in viewports:
                results[page, label] = load(browser, base, page, width, height, scale)
    return results


def weight(m):
    """(bytes, field): the document plus its images. transferSize when the
    document's is non-zero (then an image with transferSize 0 came from
    Chromium's memory cache, as the header logo repeated as the favicon does,
    and costs nothing); else encodedBodySize, each URL counted once."""
    if m["document"]["transfer"] > 0:
        return m["document"]["transfer"] + sum(i["transfer"] for i in m["images"]), "transferSize"
    sizes = {i["name"]: i["encoded"] for i in m["images"]}
    return m["document"]["encoded"] + sum(sizes.values()), "encodedBodySize"


def fetched(m):
    """Images fetched over the network (not from the memory cache)."""
    if m["document"]["transfer"] > 0:
        return sum(1 for i in m["images"] if i["transfer"] > 0)
    return len({i["name"] for i in m["images"]})


def short(error):
    """An exception's message without selenium's native stack trace."""
    return str(error).split("Stacktrace:")[0].strip()


# --- the report ---------------------------------------------------------------

def kb(n):
    return f"{n / 1000:,.0f} kB"


def mb(n):
    return f"{n / 1e6:.1f} MB"


def describe_sources(sources, gps):
    """Lines naming the sources: by format, and the largest few."""
    kinds = {}
    for p, _, _, b in sources:
        ext = os.path.splitext(p)[1].lower()
        name = {".jpg": "JPEG", ".jpeg": "JPEG", ".png": "PNG", ".webp": "WebP"}[ext]
        n, total = kinds.get(name, (0, 0))
        kinds[name] = (n + 1, total + b)
    lines = ["  " + "; ".join(f"{n} {name} {mb(total)}" for name, (n, total) in sorted(kinds.items()))]
    largest = sorted(sources, key=lambda s: (-s[3], s[0]))[:4]
    lines.append("  largest: " + ", ".join(f"{p} {w}×{h} {mb(b)}" + (" (EXIF with GPS)" if p in gps else "")
                                            for p, w, h, b in largest))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("blogbuild", nargs="?", default=os.environ.get("BLOGBUILD"),
                    help="the blogbuild binary (default: $BLOGBUILD)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--example", dest="mode", action="store_const", const="example",
                      help="the repository's example site, its heaviest post and app page (the default)")
    mode.add_argument("--generated", dest="mode", action="store_const", const="generated",
                      help="a generated site with a 12-megapixel photo and screenshots (--seed)")
    ap.set_defaults(mode="example")
    ap.add_argument("--bench-dir", default=os.environ.get("BENCH_DIR") or os.path.join(REPO, ".bench"),
                    help="where the scratch folder goes (default: $BENCH_DIR, else .bench in the repository)")
    ap.add_argument("--formats", default="webp", help="the after build's formats, e.g. avif,webp (default webp)")
    ap.add_argument("--runs", type=int, default=3, help="builds of each kind; the median is reported (default 3)")
    ap.add_argument("--seed", type=int, default=1, help="--generated's pixels (default 1)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder (the site and both outputs)")
    ap.add_argument("--verbose", action="store_true", help="list every image each page load fetched")
    args = ap.parse_args()
    if not args.blogbuild:
        ap.error("name the blogbuild binary (or set BLOGBUILD)")
    blogbuild = os.path.abspath(args.blogbuild)
    if not os.access(blogbuild, os.X_OK):
        ap.error(f"not an executable: {blogbuild}")
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    if not formats or any(f not in ("webp", "avif") for f in formats):
        ap.error("--formats takes webp and/or avif")
    if args.runs < 1:
        ap.error("--runs must be at least 1")

    import browser
    try:  # before the builds, so a missing or broken Chromium fails at once
        with browser.chromium(390, 844) as driver:
            driver.get("about:blank")
    except Exception as e:  # MissingTool, or selenium's errors when Chromium or chromedriver does not start
        print(f"image_bench: Chromium cannot run: {type(e).__name__}: {short(e)}", file=sys.stderr)
        return 1

    os.makedirs(args.bench_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="image-bench-", dir=args.bench_dir)
    site = os.path.join(work, "site")
    cache = os.path.join(site, ".blogbuild-cache")
    outs = {"off": os.path.join(work, "out-before"), "cold": os.path.join(work, "out-cold-{}"),
            "warm": os.path.join(work, "out-after")}
    times = {"off": [], "cold": [], "warm": []}
    try:
        started = time.perf_counter()
        if args.mode == "example":
            copied = copy_example(site)
        else:
            generate(site, args.seed)
        prepared = time.perf_counter() - started
        sources = raster_sources(site)
        gps_sources = [p for p, _, _, _ in sources if gps_position(os.path.join(site, "content", p.lstrip("/")))]

        write_config(site, False, formats)
        for _ in range(args.runs):
            times["off"].append(build(blogbuild, site, outs["off"]))
        if args.mode == "example":
            ranked = heaviest(outs["off"])
            pages = [ranked["post"][0][1], ranked["app page"][0][1]]
        else:
            ranked = None
            pages = [POST_PAGE, APP_PAGE]
        write_config(site, True, formats)
        for _ in range(args.runs):
            shutil.rmtree(cache, ignore_errors=True)
            times["cold"].append(build(blogbuild, site, outs["cold"].format(len(times["cold"]) + 1)))
        for _ in range(args.runs):
            times["warm"].append(build(blogbuild, site, outs["warm"]))
        bare = check_outputs(outs["off"], outs["warm"], formats, pages)
        shown = {page: page_images(outs["off"], page) for page in pages}
        # Every resize: true build should write the same bytes (README: byte-identical run to run).
        first_cold = outs["cold"].format(1)
        same = [(f"cold build {n}", differences(first_cold, outs["cold"].format(n))) for n in range(2, args.runs + 1)]
        same.append(("the last warm build", differences(first_cold, outs["warm"])))
        gps = [(p, gps_position(os.path.join(outs["off"], p.lstrip("/"))),
                gps_position(os.path.join(outs["warm"], p.lstrip("/")))) for p in gps_sources]

        try:
            before = weigh(browser, outs["off"], pages, VIEWPORTS)
            after = weigh(browser, outs["warm"], pages, VIEWPORTS)
        except BenchError:
            raise
        except Exception as e:  # selenium's own errors: Chromium or chromedriver did not run
            raise BenchError(f"Chromium cannot run: {type(e).__name__}: {short(e)}")
    except BenchError as e:
        print(f"image_bench: {e}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"kept: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)

    megapixels = sum(w * h for _, w, h, _ in sources) / 1e6
    source_bytes = sum(b for _, _, _, b in sources)

    print(f"blogbuild: {blogbuild}")
    if args.mode == "example":
        print(f"site (--example): the example site, {' and '.join(f + '/' for f in copied)} copied from {REPO} "
              f"in {prepared:.1f} s, its content/site.yml's images: line set by the bench; "
              f"{len(sources)} source images (JPEG, PNG, WebP under content/), {megapixels:.1f} megapixels, "
              f"{mb(source_bytes)}:")
    else:
        print(f"site (--generated): seed {args.seed}, generated in {prepared:.1f} s; {len(sources)} source images, "
              f"{megapixels:.1f} megapixels, {mb(source_bytes)}:")
    for line in describe_sources(sources, gps_sources):
        print(line)
    print(f"after: images: {{ resize: true, formats: [{', '.join(formats)}] }}")
    if ranked:
        print("pages: the heaviest post (/YYYY/MM/SLUG/) and app page (/apps/NAME/) of the before build, by the bytes "
              "of the local files their <img src> show, each file once:")
        for kind, total in ranked.items():
            image_bytes, page, images = total[0]
            files_ = ", ".join(f"{os.path.basename(p)} {kb(b) if b >= 1000 else f'{b} B'}" for p, b in sorted(images.items(), key=lambda x: -x[1]))
            runner = (f"; next {total[1][1]} {kb(total[1][0])}" if len(total) > 1 else "")
            print(f"  {kind:<8} {page}  {kb(image_bytes)} in {len(images)} files ({files_}); "
                  f"the heaviest of {len(total)}{runner}")
    else:
        print("pages: the generated post and app page:")
        for kind, page in zip(("post", "app page"), pages):
            images = shown[page]
            print(f"  {kind:<8} {page}  {kb(sum(images.values()))} in {len(images)} files (before, by <img src>)")
    print()

    loads = [m for r in (before, after) for m in r.values()]
    fields = sorted({weight(m)[1] for m in loads})
    cached = sum(len(m["images"]) - fetched(m) for m in loads)
    print("Page weight: the document plus its images, in Chromium, after scrolling to the bottom")
    print(f"(bytes: {' and '.join(fields)} from Resource Timing"
          + (f"; {cached} image entries of the {len(loads)} loads had transferSize 0, served from Chromium's"
             " memory cache within the load, and count 0" if "transferSize" in fields and cached else "") + ")")
    print()
    rows = [("page", "viewport", "before", "after", "after/before", "images fetched", "goal")]
    met = True
    for page, name in zip(pages, ("post", "app page")):
        for label, _, _, _, goal in VIEWPORTS:
            b, a = before[page, label], after[page, label]
            pct = 100 * weight(a)[0] / weight(b)[0]
            verdict = ("met" if pct <= GOAL_WEIGHT else "NOT met") if goal else "-"
            met = met and (pct <= GOAL_WEIGHT or not goal)
            rows.append((f"{name} {page}", label, kb(weight(b)[0]), kb(weight(a)[0]), f"{pct:.1f} %",
                         f"{fetched(b)} → {fetched(a)}", verdict))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(wd) if i < 2 else c.rjust(wd) for i, (c, wd) in enumerate(zip(r, widths))).rstrip())
    print(f"goal: after ≤ {GOAL_WEIGHT:.0f} % of before at 390 px (scale 1), both pages: {'met' if met else 'NOT met'}")
    where = {True: "in", False: "not in", None: "no such file in"}
    for path, off, on in gps:
        print(f"GPS position of {path}: {where[off]} the before output, "
              f"{'STILL in' if on else where[on]} the after output")
    for page, src in bare:
        print(f"NO <picture>: {page} shows {src} as a plain <img> (no {', '.join(formats)} source, no srcset)")
    differing = [(label, d) for label, d in same if d]
    if not differing:
        print("outputs: " + (f"the {args.runs} cold builds" if args.runs > 1 else "the cold build")
              + " and the warm build wrote the same bytes")
    for label, d in differing:
        print(f"outputs DIFFER: {label} vs cold build 1: {len(d)} files ({', '.join(d[:6])}{', …' if len(d) > 6 else ''}); "
              "the page weights are of the last warm build")
    if args.verbose:
        for which, results in (("before", before), ("after", after)):
            for (page, label), m in results.items():
                print(f"  {which} {page} {label}: document transferSize {m['document']['transfer']:,} B, "
                      f"encodedBodySize {m['document']['encoded']:,} B")
                for i in m["images"]:
                    print(f"    {i['transfer']:>10,} {i['encoded']:>10,}  {i['name']}")
    print()

    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"Build time: `blogbuild build` into an empty output folder, median of {args.runs}")
    print()
    for key, label in (("off", "resize: false"), ("cold", "resize: true, cold (cache deleted)"),
                       ("warm", "resize: true, warm (cache full)")):
        runs = ", ".join(f"{t:.2f}" for t in times[key])
        print(f"  {label:<36} {med[key]:7.2f} s   ({runs})")
    warm_pct = 100 * med["warm"] / med["off"]
    print(f"warm / resize: false: {warm_pct:.1f} % (goal ≤ {GOAL_WARM:.0f} %: {'met' if warm_pct <= GOAL_WARM else 'NOT met'})")
    extra = med["cold"] - med["off"]
    if megapixels:
        print(f"cold cost: {extra:.2f} s over resize: false for {megapixels:.1f} megapixels of sources "
              f"= {1000 * extra / megapixels:.0f} ms per megapixel ({1000 * med['cold'] / megapixels:.0f} ms per "
              "megapixel for the whole cold build)")
    else:
        print(f"cold cost: {extra:.2f} s over resize: false (no source images)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
