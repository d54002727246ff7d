#!/usr/bin/env python3
"""What `images: { resize: true }` saves a reader, and what it costs a build.

Generates a small site with photo-sized images into a scratch folder under
--bench-dir (seeded, so every run draws the same pixels; made with Pillow:
gradients, shapes and noise, so they compress like photos and screenshots,
not like flat colour):

  - the heaviest post: a hero JPEG of 4032×3024 (quality 92, with EXIF carrying
    a camera and a GPS position) and three PNG screenshots of 1290×2796 in its
    body; it is about the app below, so it shows the app's card and icon too
  - the app's page: a 1024×1024 PNG icon and five 1290×2796 PNG screenshots
  - three short text posts, so the lists and feeds are not empty

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
its runs, so a busy machine shows as a spread.

Every photo, screenshot and icon the two pages show in the after build should
be a <picture>; the report names any that is a plain <img>. The outputs of the
resize: true builds (each cold run's and the last warm run's) are compared
file by file: blogbuild's output should be byte-identical run to run, and the
report says which files differ when it is not.

Exits 1 when a build fails or warns, the after build made no <picture>, or
Chromium cannot run. Goals not met are reported, not failures.

usage: image_bench.py [BLOGBUILD] [--bench-dir DIR] [--formats avif,webp] [--runs N] [--seed S] [--keep] [--verbose]
"""
import argparse
import html.parser
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "Tests", "browser"))

PHOTO = (4032, 3024)
SCREEN = (1290, 2796)
ICON = (1024, 1024)
POST_SHOTS = 3
APP_SHOTS = 5
POST_PAGE = "/2025/05/harbour-at-dusk/"
APP_PAGE = "/apps/tidewatch/"
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
author: {{ name: Morwenna Tregear, email: morwenna@example.net, url: https://example.com/about/ }}
base_url: https://example.com/
language: en-GB
timezone: Europe/London
posts_per_page: 10
permalinks: {{ post: /:year/:month/:slug/ }}
images: {{ resize: {resize}, formats: [{formats}] }}
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
    write(os.path.join(site, "content", "site.yml"),
          SITE_YML.format(resize="true" if resize else "false", formats=", ".join(formats)))


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
    return sources


# --- builds -------------------------------------------------------------------

def build(blogbuild, site, out):
    """One `blogbuild build` into an empty `out`; returns its seconds. Fails on an
    error or a warning: numbers from a build that warns are not the site's."""
    shutil.rmtree(out, ignore_errors=True)
    started = time.perf_counter()
    r = subprocess.run([blogbuild, "build", "--quiet", "--site", site, "--output", out],
                       capture_output=True, text=True)
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


def check_outputs(before, after, formats):
    """The after build made pictures in the asked formats, the before build none.
    Returns [(page, src)] of the after build's photos, screenshots and icons
    that are plain <img>s: ones without a source in another format or a srcset."""
    with open(os.path.join(before, POST_PAGE.strip("/"), "index.html"), encoding="utf-8") as f:
        if "<picture" in f.read():
            raise BenchError("the resize: false build has <picture> elements")
    bare = []
    for page in (POST_PAGE, APP_PAGE):
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
    """Whether the JPEG at `path` carries a GPS position."""
    Image, _, _, _, ExifTags = images_module()
    with Image.open(path) as img:
        return bool(img.getexif().get_ifd(ExifTags.IFD.GPSInfo))


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


def weigh(browser, folder, viewports):
    """{(page, viewport label): measurement} for one output folder."""
    results = {}
    with browser.serve(folder) as base:
        for page in (POST_PAGE, APP_PAGE):
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("blogbuild", nargs="?", default=os.environ.get("BLOGBUILD"),
                    help="the blogbuild binary (default: $BLOGBUILD)")
    ap.add_argument("--bench-dir", default=os.environ.get("BENCH_DIR") or os.path.join(REPO, ".bench"),
                    help="where the scratch folder goes (default: $BENCH_DIR, else .bench in the repository)")
    ap.add_argument("--formats", default="webp", help="the after build's formats, e.g. avif,webp (default webp)")
    ap.add_argument("--runs", type=int, default=3, help="builds of each kind; the median is reported (default 3)")
    ap.add_argument("--seed", type=int, default=1)
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
        sources = generate(site, args.seed)
        generated = time.perf_counter() - started

        write_config(site, False, formats)
        for _ in range(args.runs):
            times["off"].append(build(blogbuild, site, outs["off"]))
        write_config(site, True, formats)
        for _ in range(args.runs):
            shutil.rmtree(cache, ignore_errors=True)
            times["cold"].append(build(blogbuild, site, outs["cold"].format(len(times["cold"]) + 1)))
        for _ in range(args.runs):
            times["warm"].append(build(blogbuild, site, outs["warm"]))
        bare = check_outputs(outs["off"], outs["warm"], formats)
        # Every resize: true build should write the same bytes (README: byte-identical run to run).
        first_cold = outs["cold"].format(1)
        same = [(f"cold build {n}", differences(first_cold, outs["cold"].format(n))) for n in range(2, args.runs + 1)]
        same.append(("the last warm build", differences(first_cold, outs["warm"])))
        hero = sources[0][0].lstrip("/")
        gps = (gps_position(os.path.join(outs["off"], hero)), gps_position(os.path.join(outs["warm"], hero)))

        try:
            before = weigh(browser, outs["off"], VIEWPORTS)
            after = weigh(browser, outs["warm"], VIEWPORTS)
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
    by_path = {p: (w, h, b) for p, w, h, b in sources}
    shots = [b for p, _, _, b in sources if "tidewatch-" in p and p.endswith(".png") and "icon" not in p]

    print(f"blogbuild: {blogbuild}")
    print(f"site: seed {args.seed}, generated in {generated:.1f} s; {len(sources)} source images, "
          f"{megapixels:.1f} megapixels, {source_bytes / 1e6:.1f} MB:")
    w, h, b = by_path["/images/posts/harbour.jpg"]
    print(f"  hero JPEG {w}×{h} {b / 1e6:.1f} MB (EXIF with GPS); {POST_SHOTS} + {APP_SHOTS} screenshots PNG "
          f"{SCREEN[0]}×{SCREEN[1]} {min(shots) / 1e6:.1f}–{max(shots) / 1e6:.1f} MB; "
          f"icon PNG {ICON[0]}×{ICON[1]} {by_path['/images/apps/tidewatch-icon.png'][2] / 1e6:.1f} MB")
    print(f"after: images: {{ resize: true, formats: [{', '.join(formats)}] }}")
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
    for page, name in ((POST_PAGE, "post"), (APP_PAGE, "app page")):
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
    print(f"hero's GPS position: {'in' if gps[0] else 'not in'} the before output, "
          f"{'STILL in' if gps[1] else 'not in'} the after output")
    for page, src in bare:
        print(f"NO <picture>: {page} shows {src} as a plain <img> (no {', '.join(formats)} source, no srcset)")
    differing = [(label, d) for label, d in same if d]
    if not differing:
        print(f"outputs: the {args.runs} cold builds and the warm build wrote the same bytes")
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
    print(f"cold cost: {extra:.2f} s over resize: false for {megapixels:.1f} megapixels of sources "
          f"= {1000 * extra / megapixels:.0f} ms per megapixel ({1000 * med['cold'] / megapixels:.0f} ms per megapixel "
          "for the whole cold build)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
