#!/usr/bin/env python3
"""Draws the example site's images at the sizes real ones have.

The example site under content/ is a blog and app portfolio, and blogbuild
resizes, converts and strips its images with libvips; with tiny drawn PNGs
that work does not show. This script draws realistic stand-ins with Pillow
(gradients, shapes, DejaVu text, blur and film-like grain, so they compress
like photos and screenshots rather than flat colour) and writes them into
content/images/, where they are committed:

  posts/kettle-hero.jpg        a teal kettle on a wooden table, 3000×2000 as
                               shown, stored 2000×3000 with EXIF Orientation 6
                               (upright only when the orientation is applied),
                               and EXIF naming a camera, its serial number, the
                               time and a GPS position in Bristol: all of it
                               is what blogbuild strips
  posts/clevedon-lake.jpg      Clevedon Marine Lake at low tide, 3000×2000
  posts/tidemark-launch.jpg    a crescent moon over a dark sea and a tide curve
  posts/chalkboard-launch.jpg  a chalk menu board in a wooden frame
  posts/live-activity.png      an iPhone Lock Screen with a Live Activity
  posts/seven-years.png        seven bars, one per year since 2019
  apps/kettle-timer.png, apps/kettle-teas.png, apps/tidemark-widgets.png
                               iPhone 6.7" App Store screenshots, 1290×2796
  apps/tidemark-mac.png        a Mac screenshot, 2880×1800
  apps/chalkboard-tv.png       what the television showed, 1920×1080
  apps/*-icon.png              1024×1024 App Store icons, full-bleed square art
                               (the theme rounds the corners)
  ffion.jpg                    the author's picture (author.avatar), 160×160
  site.png                     the site's image (site.yml's image:, every page's
                               og:image without a hero or app icon), 1200×630

With --starter it draws the picture `blogbuild init` gives a new site instead
(content/images/site.png there): flat colours in a small palette, a few KB, and
writes it as Sources/BlogBuild/Scaffold/StarterImage.swift (the PNG's bytes in
base64), so the binary carries it.

Every random choice comes from a generator seeded by --seed and the file's
name, and no file carries a timestamp, so two runs write byte-identical files
(with the same Pillow and libjpeg). The PNG files the JPEGs replace are removed.

usage: python3 bench/example_images.py [--seed S] [--only NAME ...]
(run from anywhere; it writes into the content/ beside this bench/ folder)
       python3 bench/example_images.py --starter
"""
import argparse
import io
import math
import os
import random
import sys

from PIL import ExifTags, Image, ImageChops, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMAGES = os.path.join(ROOT, "content", "images")
FONTS = "/usr/share/fonts/truetype/dejavu/"
SEED = 2019


# --- drawing helpers -------------------------------------------------------------

_fonts = {}


def font(size, style="Sans"):
    """DejaVu at `size` pixels: style is the part of the file name after 'DejaVu'."""
    key = (style, int(size))
    if key not in _fonts:
        _fonts[key] = ImageFont.truetype(os.path.join(FONTS, f"DejaVu{style}.ttf"), int(size))
    return _fonts[key]


class Painter:
    """Pictures from one seeded generator: the same seed gives the same pixels."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    # noise and gradients

    def noise(self, size, amplitude):
        """Grey noise around 128, ±amplitude."""
        w, h = size
        n = Image.frombytes("L", size, self.rng.randbytes(w * h))
        return n.point(lambda v: int(128 + (v - 128) * amplitude / 128))

    def blotches(self, size, cell, amplitude):
        """Smooth noise: one random value per `cell` pixels, interpolated."""
        w, h = size
        small = self.noise((max(2, w // cell), max(2, h // cell)), amplitude)
        return small.resize(size, Image.BICUBIC).filter(ImageFilter.GaussianBlur(cell / 2))

    def streaks(self, size, length, thickness, amplitude):
        """Noise stretched sideways: wood grain, ripples, wet mud."""
        w, h = size
        return self.noise((max(2, w // length), max(2, h // thickness)), amplitude).resize(size, Image.BICUBIC)

    @staticmethod
    def add_noise(img, n):
        bands = img.getbands()
        rgb = img.convert("RGB")
        out = ImageChops.add(rgb, Image.merge("RGB", (n, n, n)), 1.0, -128)
        return out.convert(img.mode) if bands != ("R", "G", "B") else out

    def grain(self, img, amplitude, softness=0.0):
        """Film-like grain: per-pixel noise, a little softened so it is not pure static."""
        n = self.noise(img.size, amplitude)
        if softness:
            n = n.filter(ImageFilter.GaussianBlur(softness))
        return self.add_noise(img, n)

    @staticmethod
    def gradient(size, top, bottom, angle=0):
        """A linear gradient from `top` to `bottom` colours; angle turns it (degrees)."""
        w, h = size
        if angle:
            side = int(math.hypot(w, h)) + 2
            g = Image.linear_gradient("L").resize((side, side), Image.BILINEAR).rotate(angle, Image.BILINEAR)
            g = g.crop(((side - w) // 2, (side - h) // 2, (side - w) // 2 + w, (side - h) // 2 + h))
        else:
            g = Image.linear_gradient("L").resize(size, Image.BILINEAR)
        return Image.merge("RGB", [g.point(lambda v, a=a, b=b: int(a + (b - a) * v / 255))
                                   for a, b in zip(top, bottom)])

    @staticmethod
    def vignette(img, strength, centre=(0.5, 0.5)):
        """Light falloff towards the edges (0 none, 1 black corners), around `centre`."""
        w, h = img.size
        side = int(max(w, h) * 1.6)
        r = Image.radial_gradient("L").resize((side, side), Image.BILINEAR)
        cx, cy = int(centre[0] * w), int(centre[1] * h)
        r = r.crop((side // 2 - cx, side // 2 - cy, side // 2 - cx + w, side // 2 - cy + h))
        mask = r.point(lambda v: int(min(255, v * v / 255 * strength * 1.4)))
        return Image.composite(Image.new(img.mode, img.size, 0), img, mask)

    @staticmethod
    def fill(img, mask, colour_or_image, opacity=1.0):
        """Paint `mask` (L) over img with a colour or an image of the same size."""
        layer = colour_or_image if isinstance(colour_or_image, Image.Image) else Image.new("RGB", img.size, colour_or_image)
        if opacity < 1:
            mask = mask.point(lambda v: int(v * opacity))
        img.paste(layer, (0, 0), mask)

    @staticmethod
    def mask(size):
        m = Image.new("L", size, 0)
        return m, ImageDraw.Draw(m)

    # text

    def chalk(self, img, xy, s, size, colour, style="SansCondensed-Bold", anchor="la", opacity=0.9):
        """Chalk lettering: the text's strokes broken up by grain and softened."""
        m, d = self.mask(img.size)
        d.text(xy, s, font=font(size, style), fill=255, anchor=anchor)
        self.chalk_mask(img, m, colour, opacity)

    def chalk_mask(self, img, m, colour, opacity=0.9):
        box = m.getbbox()
        if not box:
            return
        x0, y0, x1, y1 = max(0, box[0] - 4), max(0, box[1] - 4), min(img.width, box[2] + 4), min(img.height, box[3] + 4)
        part = m.crop((x0, y0, x1, y1))
        grit = self.noise(part.size, 127).point(lambda v: 255 if v > 70 else 90)
        part = ImageChops.multiply(part, grit).filter(ImageFilter.GaussianBlur(0.9))
        part = part.point(lambda v: int(v * opacity))
        img.paste(Image.new("RGB", part.size, colour), (x0, y0), part)

    # shared pieces

    def photo_sea(self, size, night=False):
        """A soft seascape for wallpapers: sky, a far shore, sea, mottled and blurred."""
        rng, (w, h) = self.rng, size
        if night:
            img = self.gradient(size, (8, 14, 34), (40, 52, 86))
        else:
            img = self.gradient(size, (96, 150, 200), (238, 214, 182))
        horizon = int(h * rng.uniform(0.52, 0.6))
        sea = self.gradient((w, h - horizon), (34, 48, 80) if night else (60, 112, 140), (6, 10, 22) if night else (18, 52, 72))
        img.paste(sea, (0, horizon))
        d = ImageDraw.Draw(img)
        for _ in range(3):
            base = horizon - int(h * rng.uniform(0.01, 0.05))
            pts, x = [(0, horizon)], 0
            while x < w:
                x += int(w * rng.uniform(0.04, 0.12))
                pts.append((x, base - int(h * rng.uniform(0, 0.04))))
            c = rng.randint(20, 40) if night else rng.randint(90, 130)
            d.polygon(pts + [(w, horizon)], fill=(c, c + 8, c + 20))
        img = img.filter(ImageFilter.GaussianBlur(max(2, w / 300)))
        img = self.add_noise(img, self.blotches(size, max(4, w // 12), 26))
        return self.add_noise(img, self.blotches(size, max(2, w // 80), 10))

    @staticmethod
    def tide_height(hours, high=14.53, mean=6.6, amplitude=5.3):
        """Clevedon-ish: a semidiurnal tide, 12.42 h period, high water at `high` hours."""
        return mean + amplitude * math.cos(2 * math.pi * (hours - high) / 12.42)

    def tide_curve(self, img, box, line, fill_top, fill_bottom, now=None, width=6, labels=None, label_colour=None,
                   label_size=30):
        """Today's tide, 00:00 to 24:00, drawn in `box`: a filled area under a line, a dot at `now`."""
        x0, y0, x1, y1 = box
        lo, hi = 0.5, 12.5
        pts = []
        for i in range(0, 241):
            t = i / 10
            x = x0 + (x1 - x0) * t / 24
            y = y1 - (y1 - y0) * (self.tide_height(t) - lo) / (hi - lo)
            pts.append((x, y))
        m, md = self.mask(img.size)
        md.polygon(pts + [(x1, y1), (x0, y1)], fill=255)
        area = Image.new("RGB", img.size, fill_bottom)
        area.paste(self.gradient((x1 - x0, y1 - y0), fill_top, fill_bottom), (x0, y0))
        img.paste(area, (0, 0), m)
        d = ImageDraw.Draw(img)
        d.line(pts, fill=line, width=width, joint="curve")
        if now is not None:
            x = x0 + (x1 - x0) * now / 24
            y = y1 - (y1 - y0) * (self.tide_height(now) - lo) / (hi - lo)
            d.line((x, y0, x, y1), fill=line, width=max(1, width // 3))
            r = width * 2.2
            d.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255), outline=line, width=width)
        if labels:
            for t, s in labels:
                x = x0 + (x1 - x0) * t / 24
                y = y1 - (y1 - y0) * (self.tide_height(t) - lo) / (hi - lo)
                above = self.tide_height(t) > 6.6
                d.text((x, y - label_size * 0.6 if above else y + label_size * 0.6), s, font=font(label_size, "Sans-Bold"),
                       fill=label_colour or line, anchor="md" if above else "ma")

    @staticmethod
    def ios_status_bar(d, w, colour, time="9:41", scale=3, island=True):
        """An iPhone 14/15 Pro Max status bar: time, the Dynamic Island, signal, Wi-Fi, battery."""
        y = 27 * scale
        d.text((w * 0.17, y), time, font=font(17 * scale, "Sans-Bold"), fill=colour, anchor="mm")
        if island:
            d.rounded_rectangle((w // 2 - 63 * scale, 11 * scale, w // 2 + 63 * scale, 48 * scale), radius=19 * scale, fill=(0, 0, 0))
        x = w - 128 * scale
        for i in range(4):  # signal
            bh = (4 + 2.5 * i) * scale
            d.rounded_rectangle((x + i * 5 * scale, y + 5 * scale - bh, x + i * 5 * scale + 3 * scale, y + 5 * scale),
                                radius=scale, fill=colour)
        cx, cy = w - 93 * scale, y + 5 * scale  # Wi-Fi: three arcs and a dot
        for r in (13, 9, 5):
            d.arc((cx - r * scale, cy - r * scale, cx + r * scale, cy + r * scale), 225, 315, fill=colour, width=int(2.2 * scale))
        d.pieslice((cx - 2 * scale, cy - 2 * scale, cx + 2 * scale, cy + 2 * scale), 225, 315, fill=colour)
        bx = w - 72 * scale  # battery
        d.rounded_rectangle((bx, y - 6 * scale, bx + 25 * scale, y + 6 * scale), radius=4 * scale, outline=colour, width=scale)
        d.rounded_rectangle((bx + 2 * scale, y - 4 * scale, bx + 19 * scale, y + 4 * scale), radius=2 * scale, fill=colour)
        d.rounded_rectangle((bx + 26 * scale, y - 2 * scale, bx + 28 * scale, y + 2 * scale), radius=scale, fill=colour)

    @staticmethod
    def home_indicator(d, w, h, colour, scale=3):
        d.rounded_rectangle((w // 2 - 67 * scale, h - 13 * scale, w // 2 + 67 * scale, h - 8 * scale), radius=3 * scale, fill=colour)

    def shadow(self, img, box, radius, blur, opacity, offset=(0, 0)):
        m, d = self.mask(img.size)
        x0, y0, x1, y1 = box
        d.rounded_rectangle((x0 + offset[0], y0 + offset[1], x1 + offset[0], y1 + offset[1]), radius=radius, fill=int(255 * opacity))
        img.paste((0, 0, 0), (0, 0), m.filter(ImageFilter.GaussianBlur(blur)))

    def kettle_shape(self, size, box, handle_width=None):
        """A stovetop kettle's silhouette in `box`: body, lid, knob, spout, arched handle (an L mask)."""
        m, d = self.mask(size)
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        body_top = y0 + h * 0.38
        d.ellipse((x0, body_top, x1, y1 + h * 0.25), fill=255)
        d.rectangle((x0, y1 - h * 0.02, x1, y1 + h * 0.3), fill=0)
        d.rounded_rectangle((x0 + w * 0.05, y1 - h * 0.1, x1 - w * 0.05, y1), radius=h * 0.04, fill=255)
        d.ellipse((x0 + w * 0.26, body_top - h * 0.06, x1 - w * 0.26, body_top + h * 0.08), fill=255)  # lid
        d.ellipse((x0 + w * 0.45, body_top - h * 0.14, x1 - w * 0.45, body_top - h * 0.02), fill=255)  # knob
        d.polygon([(x1 - w * 0.08, y1 - h * 0.38), (x1 - w * 0.03, y1 - h * 0.14), (x1 + w * 0.2, y0 + h * 0.3),
                   (x1 + w * 0.23, y0 + h * 0.25), (x1 + w * 0.16, y0 + h * 0.3)], fill=255)
        hw = handle_width or max(3, int(w * 0.045))
        d.arc((x0 + w * 0.12, y0, x1 - w * 0.12, body_top + h * 0.5), 172, 368, fill=255, width=hw)
        return m, (x1 + w * 0.215, y0 + h * 0.27)


def save(path, img, **options):
    """Write `img` to content/images/`path`; returns its size in bytes."""
    buf = io.BytesIO()
    if path.endswith(".jpg"):
        img.convert("RGB").save(buf, "JPEG", quality=options.get("quality", 88), optimize=True,
                                **({"exif": options["exif"]} if "exif" in options else {}))
    else:
        img.save(buf, "PNG", compress_level=9)
    data = buf.getvalue()
    full = os.path.join(IMAGES, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(data)
    return len(data)


# --- the pictures -------------------------------------------------------------------


def kettle_hero(p):
    """A teal kettle on a wooden table by a window, steam rising; a cup out of focus."""
    W, H = 3000, 2000
    rng = p.rng
    wall = p.gradient((W, H), (244, 232, 210), (120, 100, 84), angle=90)  # bright on the left, where the window is
    img = wall
    d = ImageDraw.Draw(img)
    # the window: a bright pane and its glazing bars, far out of focus
    d.rectangle((-100, 80, 700, 1150), fill=(252, 250, 240))
    for x in (120, 400):
        d.rectangle((x, 80, x + 40, 1150), fill=(170, 150, 120))
    d.rectangle((-100, 560, 700, 600), fill=(170, 150, 120))
    # a plant on the sill on the right, a shelf, round highlights
    for _ in range(40):
        x, y, r = rng.randint(2200, 2950), rng.randint(350, 1150), rng.randint(60, 170)
        g = rng.randint(70, 120)
        d.ellipse((x - r, y - r * 0.6, x + r, y + r * 0.6), fill=(g // 2, g, g // 2 + 10))
    d.rectangle((1500, 520, 2600, 560), fill=(150, 118, 90))
    for _ in range(6):
        x = rng.randint(1550, 2500)
        d.rectangle((x, 300 + rng.randint(0, 80), x + rng.randint(60, 140), 520), fill=tuple(rng.randint(90, 200) for _ in range(3)))
    img = img.filter(ImageFilter.GaussianBlur(45))
    d = ImageDraw.Draw(img)
    for _ in range(18):
        x, y, r = rng.randint(0, W), rng.randint(100, 1100), rng.randint(30, 90)
        m, md = p.mask((W, H))
        md.ellipse((x - r, y - r, x + r, y + r), fill=rng.randint(40, 90))
        p.fill(img, m.filter(ImageFilter.GaussianBlur(6)), (255, 246, 225))
    # the table: a top in perspective with grain, an edge, a darker front
    top_y, edge_y = 1240, 1830
    wood = p.gradient((W, edge_y - top_y), (120, 82, 52), (168, 118, 76))
    wood = p.add_noise(wood, p.streaks(wood.size, 90, 3, 34))
    wood = p.add_noise(wood, p.streaks(wood.size, 20, 2, 14))
    wood = p.vignette(wood, 0.55, centre=(0.2, 0.2))
    img.paste(wood.filter(ImageFilter.GaussianBlur(1.5)), (0, top_y))
    # soft blur at the back of the table, where it leaves the focal plane
    back = img.crop((0, top_y - 40, W, top_y + 160)).filter(ImageFilter.GaussianBlur(10))
    img.paste(back, (0, top_y - 40))
    d = ImageDraw.Draw(img)
    d.rectangle((0, edge_y, W, edge_y + 10), fill=(196, 150, 104))
    front = p.gradient((W, H - edge_y - 10), (88, 58, 36), (38, 24, 16))
    img.paste(p.add_noise(front, p.streaks(front.size, 120, 4, 16)), (0, edge_y + 10))
    # the kettle's shadow, thrown right by the window light
    m, md = p.mask((W, H))
    md.ellipse((1000, 1580, 2050, 1720), fill=170)
    img.paste((30, 20, 12), (0, 0), m.filter(ImageFilter.GaussianBlur(40)))
    # the cup and saucer on the right, out of focus
    cup = img.copy()
    cd = ImageDraw.Draw(cup)
    cd.ellipse((2140, 1580, 2780, 1700), fill=(226, 218, 204))
    cd.rounded_rectangle((2260, 1330, 2660, 1640), radius=160, fill=(240, 234, 222))
    cd.rectangle((2260, 1330, 2660, 1450), fill=(240, 234, 222))
    cd.ellipse((2260, 1290, 2660, 1380), fill=(200, 190, 176))
    cd.ellipse((2285, 1300, 2635, 1370), fill=(150, 82, 34))  # tea
    cd.arc((2600, 1380, 2760, 1540), 270, 90, fill=(232, 226, 214), width=34)
    cup = cup.filter(ImageFilter.GaussianBlur(9))
    cm, cmd = p.mask((W, H))
    cmd.rectangle((2100, 1250, 2820, 1730), fill=255)
    img.paste(cup, (0, 0), cm.filter(ImageFilter.GaussianBlur(30)))
    # the kettle: teal enamel lit from the left
    box = (900, 620, 1900, 1660)
    km, spout_tip = p.kettle_shape((W, H), box, handle_width=52)
    enamel = p.gradient((W, H), (110, 206, 198), (8, 58, 64), angle=90)
    shade = p.gradient((W, H), (255, 255, 255), (120, 120, 120))
    enamel = ImageChops.multiply(enamel, shade)
    hl, hd = p.mask((W, H))
    hd.ellipse((1030, 1020, 1230, 1420), fill=210)
    hd.ellipse((1060, 860, 1180, 930), fill=160)
    hd.rectangle((1300, 1100, 1330, 1500), fill=90)
    enamel.paste((250, 255, 252), (0, 0), hl.filter(ImageFilter.GaussianBlur(28)))
    rim, rd = p.mask((W, H))
    rd.ellipse((930, 1560, 1870, 1680), fill=120)
    enamel.paste((20, 30, 30), (0, 0), rim.filter(ImageFilter.GaussianBlur(18)))
    img.paste(enamel, (0, 0), km.filter(ImageFilter.GaussianBlur(2.2)))
    # steam: three wisps from the spout, soft and translucent
    sx, sy = spout_tip
    for k in range(3):
        m, md = p.mask((W, H))
        pts = []
        phase, drift = 1.0 + rng.uniform(-0.3, 0.3), (k - 1) * 0.25
        for i in range(0, 120):
            t = i / 119
            pts.append((sx - 60 + k * 70 + 70 * math.sin(phase + t * 7) * t + drift * 300 * t, sy - 40 - t * 620))
        md.line(pts, fill=230 - k * 25, width=40, joint="curve")
        p.fill(img, m.filter(ImageFilter.GaussianBlur(18)), (255, 255, 255), opacity=0.85)
    # light falloff, mottling and grain
    img = p.vignette(img, 0.45, centre=(0.35, 0.45))
    img = p.add_noise(img, p.blotches((W, H), 120, 8))
    return p.grain(img, 8, softness=0.7)


def kettle_exif(stored_rotated):
    """EXIF a camera would write: make, model, serial, time, orientation, GPS (Bristol)."""
    E = ExifTags
    exif = Image.Exif()
    exif[E.Base.Make] = "FUJIFILM"
    exif[E.Base.Model] = "X-T30"
    exif[E.Base.Software] = "Digital Camera X-T30 Ver1.10"
    exif[E.Base.DateTime] = "2020:04:11 16:22:09"
    exif[E.Base.Orientation] = 6 if stored_rotated else 1
    sub = exif.get_ifd(E.IFD.Exif)
    sub[E.Base.DateTimeOriginal] = "2020:04:11 16:22:09"
    sub[E.Base.BodySerialNumber] = "93A41027"  # 0xA431
    sub[E.Base.ExposureTime] = 1 / 60
    sub[E.Base.FNumber] = 2.0
    sub[E.Base.ISOSpeedRatings] = 800
    sub[E.Base.FocalLength] = 35.0
    gps = exif.get_ifd(E.IFD.GPSInfo)
    gps[E.GPS.GPSVersionID] = b"\x02\x03\x00\x00"
    gps[E.GPS.GPSLatitudeRef] = "N"
    gps[E.GPS.GPSLatitude] = (51.0, 27.0, 40.56)  # Bedminster, Bristol
    gps[E.GPS.GPSLongitudeRef] = "W"
    gps[E.GPS.GPSLongitude] = (2.0, 35.0, 52.8)
    return exif


def clevedon_lake(p):
    """Clevedon Marine Lake at low tide: pale sky, Welsh hills, the Channel far out,
    shining mud, the lake's wall, the full lake, and the pier on the right."""
    W, H = 3000, 2000
    rng = p.rng
    horizon = 820
    img = p.gradient((W, H), (158, 180, 200), (236, 232, 222))
    clouds = p.noise((12, 5), 127).resize((W, horizon), Image.BICUBIC).filter(ImageFilter.GaussianBlur(80))
    clouds = clouds.point(lambda v: max(0, v - 120) * 2)
    img.paste((246, 246, 242), (0, 0), clouds)
    d = ImageDraw.Draw(img)
    # Wales across the water
    pts, x = [(0, horizon)], 0
    while x < W:
        x += rng.randint(120, 300)
        pts.append((x, horizon - 30 - int(50 * (1 + math.sin(x / 500))) - rng.randint(0, 25)))
    d.polygon(pts + [(W, horizon)], fill=(140, 150, 165))
    # the Channel, far out
    sea = p.gradient((W, 930 - horizon), (176, 184, 190), (198, 200, 196))
    img.paste(p.add_noise(sea, p.streaks(sea.size, 50, 3, 16)), (0, horizon))
    # mud: brown, shining where it is wet
    mud_top, wall_top = 930, 1250
    mud = p.gradient((W, wall_top + 120 - mud_top), (150, 132, 108), (104, 84, 62))
    shine = p.streaks(mud.size, 150, 6, 70).point(lambda v: max(0, v - 165) * 4)
    mud.paste((214, 210, 200), (0, 0), shine.filter(ImageFilter.GaussianBlur(3)))
    mud = p.add_noise(mud, p.streaks(mud.size, 40, 3, 12))
    img.paste(mud, (0, mud_top))
    # creeks across the mud
    for _ in range(4):
        y = rng.randint(mud_top + 40, wall_top - 40)
        pts = [(x, y + 18 * math.sin(x / 180 + rng.random())) for x in range(0, W + 60, 60)]
        d.line(pts, fill=(84, 70, 54), width=rng.randint(4, 10))
    img = img.filter(ImageFilter.GaussianBlur(2.5))
    d = ImageDraw.Draw(img)
    # the pier: a deck on slender legs going out from the right, a pavilion at its end
    near, far = (W + 50, 690), (2050, 800)
    legs = 12
    for i in range(legs + 1):
        t = i / legs
        x = near[0] + (far[0] - near[0]) * t ** 0.8
        y = near[1] + (far[1] - near[1]) * t ** 0.8
        foot = 1010 - 60 * t
        lw = max(4, int(22 * (1 - t) + 4))
        d.line((x, y, x, foot), fill=(52, 52, 58), width=lw)
        if i < legs:
            t2 = (i + 1) / legs
            x2 = near[0] + (far[0] - near[0]) * t2 ** 0.8
            span = abs(x - x2)
            d.arc((x2, y + 10, x2 + span, y + span * 0.9), 180, 360, fill=(52, 52, 58), width=max(3, lw // 2))
    d.line((near[0], near[1], far[0], far[1]), fill=(48, 48, 54), width=16)
    d.rectangle((far[0] - 40, far[1] - 60, far[0] + 30, far[1]), fill=(58, 58, 64))
    d.pieslice((far[0] - 48, far[1] - 100, far[0] + 38, far[1] - 20), 180, 360, fill=(58, 58, 64))
    # the lake wall: stone, running across the picture and a little downhill to the right
    wall = Image.new("RGB", (W, 200), (150, 140, 124))
    wd = ImageDraw.Draw(wall)
    wd.rectangle((0, 0, W, 34), fill=(196, 188, 172))
    for row in range(3):
        y = 40 + row * 52
        x = -rng.randint(0, 120)
        while x < W:
            bw = rng.randint(90, 200)
            c = rng.randint(110, 165)
            wd.rectangle((x + 3, y + 3, x + bw - 3, y + 49), fill=(c, c - 8, c - 22))
            x += bw
    wall = p.add_noise(wall, p.noise(wall.size, 30).filter(ImageFilter.GaussianBlur(1.2)))
    img.paste(wall, (0, wall_top))
    # the lake: full, darker, with ripples and the sky in them
    lake_top = wall_top + 196
    lake = p.gradient((W, H - lake_top), (150, 166, 170), (52, 78, 86))
    rip = p.streaks(lake.size, 70, 6, 80)
    lake.paste((210, 218, 222), (0, 0), rip.point(lambda v: max(0, v - 160) * 3).filter(ImageFilter.GaussianBlur(2)))
    lake.paste((30, 48, 56), (0, 0), rip.point(lambda v: max(0, 100 - v) * 2).filter(ImageFilter.GaussianBlur(2)))
    img.paste(lake, (0, lake_top))
    img = p.vignette(img, 0.3)
    img = p.add_noise(img, p.blotches((W, H), 200, 10))
    return p.grain(img, 8, softness=0.7)


def kettle_tab_bar(p, img, selected, tint, opacity, line, accent, grey, ink):
    """Kettle's tab bar (Timer, Teas, Settings), `tint` over what scrolls under it, and the home indicator."""
    W, H, top = img.width, img.height, 2530
    bar = img.crop((0, top, W, H)).filter(ImageFilter.GaussianBlur(30))
    img.paste(Image.blend(bar, Image.new("RGB", bar.size, tint), opacity), (0, top))
    d = ImageDraw.Draw(img)
    d.line((0, top, W, top), fill=line, width=2)
    for i, label in enumerate(("Timer", "Teas", "Settings")):
        x, c = W * (2 * i + 1) // 6, accent if i == selected else grey
        d.rounded_rectangle((x - 36, top + 36, x + 36, top + 100), radius=18, outline=c, width=8)
        d.text((x, top + 150), label, font=font(30), fill=c, anchor="mm")
    p.home_indicator(d, W, H, ink)


def kettle_timer(p):
    """Kettle's steeping timer: an Assam with a minute and twelve seconds left."""
    W, H, s = 1290, 2796, 3
    img = p.gradient((W, H), (22, 44, 48), (8, 12, 14))
    # a photo of the tea, out of focus, behind the top of the screen, fading into the background
    photo = p.gradient((W, 1300), (150, 84, 30), (40, 22, 12), angle=30)
    pd = ImageDraw.Draw(photo)
    pd.ellipse((300, 250, 1150, 900), fill=(176, 98, 34))
    pd.ellipse((360, 300, 1090, 850), fill=(120, 52, 16))
    pd.ellipse((-200, 700, 500, 1400), fill=(220, 210, 196))
    photo = photo.filter(ImageFilter.GaussianBlur(60))
    photo = p.add_noise(photo, p.blotches(photo.size, 40, 18))
    fade = Image.linear_gradient("L").rotate(180).resize(photo.size).point(lambda v: int(v * 0.55))
    img.paste(photo, (0, 0), fade)
    img.paste(p.grain(img.crop((0, 0, W, 1100)), 2), (0, 0))
    d = ImageDraw.Draw(img)
    white, grey, teal = (245, 245, 247), (152, 160, 162), (48, 196, 184)
    p.ios_status_bar(d, W, white)
    d.text((52, 178), "‹ Teas", font=font(17 * s), fill=teal)
    d.text((W - 52, 178), "Edit", font=font(17 * s), fill=teal, anchor="ra")
    d.text((60, 300), "Assam", font=font(34 * s, "Sans-Bold"), fill=white)
    d.text((62, 420), "Black tea · 100 °C · first infusion", font=font(15 * s), fill=grey)
    # the ring
    cx, cy, r, ring = W // 2, 1240, 470, 64
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(40, 64, 66), width=ring)
    left = 72 / 240
    d.arc((cx - r, cy - r, cx + r, cy + r), -90, -90 + 360 * left, fill=teal, width=ring)
    for a in (-90, -90 + 360 * left):
        ex, ey = cx + (r - ring / 2) * math.cos(math.radians(a)), cy + (r - ring / 2) * math.sin(math.radians(a))
        d.ellipse((ex - ring / 2, ey - ring / 2, ex + ring / 2, ey + ring / 2), fill=teal)
    ex, ey = cx + (r - ring / 2) * math.cos(math.radians(-90 + 360 * left)), cy + (r - ring / 2) * math.sin(math.radians(-90 + 360 * left))
    d.ellipse((ex - 22, ey - 22, ex + 22, ey + 22), fill=white)
    d.text((cx, cy - 30), "1:12", font=font(72 * s, "Sans-Bold"), fill=white, anchor="mm")
    d.text((cx, cy + 130), "of 4:00 · ready at 16:24", font=font(16 * s), fill=grey, anchor="mm")
    # buttons, as the Clock app has them
    for bx, label, fill_c, text_c in ((250, "Cancel", (52, 56, 58), white), (W - 250, "Pause", (16, 70, 66), teal)):
        d.ellipse((bx - 145, 1960 - 145, bx + 145, 1960 + 145), fill=fill_c)
        d.ellipse((bx - 160, 1960 - 160, bx + 160, 1960 + 160), outline=fill_c, width=6)
        d.text((bx, 1960), label, font=font(17 * s), fill=text_c, anchor="mm")
    # a card: what happens next
    d.rounded_rectangle((60, 2200, W - 60, 2470), radius=42, fill=(30, 36, 38))
    d.ellipse((110, 2265, 200, 2355), fill=teal)
    d.text((155, 2310), "2", font=font(14 * s, "Sans-Bold"), fill=(10, 30, 30), anchor="mm")
    d.text((240, 2250), "Second infusion: 5:00", font=font(17 * s, "Sans-Bold"), fill=white)
    d.text((240, 2330), "Your watch taps when this one is ready", font=font(14 * s), fill=grey)
    kettle_tab_bar(p, img, 0, (18, 22, 24), 1.0, (44, 50, 52), teal, grey, white)
    return img


TEAS = [
    ("Black", [("Assam", "100 °C", "4:00", (150, 70, 30)), ("English Breakfast", "100 °C", "4:00", (120, 60, 36)),
               ("Darjeeling", "95 °C", "3:00", (190, 120, 60)), ("Earl Grey", "100 °C", "3:30", (90, 110, 160)),
               ("Lapsang Souchong", "100 °C", "4:00", (80, 50, 40))]),
    ("Green", [("Sencha", "80 °C", "2:00", (110, 170, 60)), ("Gyokuro", "60 °C", "2:30", (60, 140, 70)),
               ("Genmaicha", "85 °C", "3:00", (190, 170, 90)), ("Dragon Well", "80 °C", "2:30", (150, 180, 90))]),
    ("Oolong and white", [("Tieguanyin", "90 °C", "3:00", (60, 150, 130)), ("White Peony", "85 °C", "4:00", (220, 200, 150))]),
    ("Herbal", [("Rooibos", "100 °C", "5:00", (200, 80, 50)), ("Peppermint", "100 °C", "5:00", (40, 170, 120))]),
]


def kettle_teas(p):
    """Kettle's list of teas: coloured dots, temperatures and steeping times, grouped."""
    W, H, s = 1290, 2796, 3
    bg, card, ink, grey, teal, sep = (242, 242, 247), (255, 255, 255), (20, 20, 24), (128, 128, 134), (22, 150, 140), (226, 226, 232)
    img = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(img)
    p.ios_status_bar(d, W, ink)
    d.text((W - 52, 178), "+", font=font(28 * s), fill=teal, anchor="rm")
    d.text((60, 220), "Teas", font=font(34 * s, "Sans-Bold"), fill=ink)
    d.rounded_rectangle((48, 360, W - 48, 470), radius=30, fill=(227, 227, 233))
    d.ellipse((88, 392, 128, 432), outline=grey, width=7)
    d.line((122, 428, 140, 446), fill=grey, width=7)
    d.text((165, 415), "Search", font=font(17 * s), fill=grey, anchor="lm")
    # tea of the day: a photo card (leaves in a cup, out of focus)
    y = 520
    photo = p.gradient((W - 96, 470), (90, 120, 60), (30, 44, 24), angle=20)
    ph = ImageDraw.Draw(photo)
    for _ in range(60):
        x, yy, r = p.rng.randint(0, W), p.rng.randint(0, 470), p.rng.randint(20, 70)
        g = p.rng.randint(60, 160)
        ph.ellipse((x - r, yy - r // 2, x + r, yy + r // 2), fill=(g // 2 + 20, g, g // 3))
    ph.ellipse((700, 80, 1150, 420), fill=(236, 230, 216))
    ph.ellipse((750, 110, 1100, 330), fill=(170, 150, 60))
    photo = p.add_noise(photo.filter(ImageFilter.GaussianBlur(14)), p.blotches(photo.size, 24, 20))
    photo = p.grain(photo, 6)
    cm, cmd = p.mask(photo.size)
    cmd.rounded_rectangle((0, 0) + photo.size, radius=42, fill=255)
    img.paste(photo, (48, y), cm)
    shade = p.gradient((W - 96, 470), (0, 0, 0), (0, 0, 0))
    sm = Image.linear_gradient("L").resize(photo.size).point(lambda v: int(v * 0.6))
    img.paste(shade, (48, y), ImageChops.multiply(sm, cm))
    d.text((100, y + 330), "TEA OF THE DAY", font=font(12 * s, "Sans-Bold"), fill=(230, 240, 220))
    d.text((100, y + 380), "Sencha, second flush", font=font(20 * s, "Sans-Bold"), fill=(255, 255, 255))
    y += 470 + 40
    row = 168
    for section, teas in TEAS:
        d.text((96, y + 30), section.upper(), font=font(13 * s), fill=grey)
        y += 80
        d.rounded_rectangle((48, y, W - 48, y + row * len(teas)), radius=36, fill=card)
        for i, (name, temp, time, dot) in enumerate(teas):
            ry = y + i * row
            d.ellipse((90, ry + row / 2 - 22, 134, ry + row / 2 + 22), fill=dot)
            d.text((170, ry + 34), name, font=font(17 * s), fill=ink)
            d.text((170, ry + 102), temp, font=font(13 * s), fill=grey)
            d.text((W - 140, ry + row / 2), time, font=font(17 * s), fill=grey, anchor="rm")
            d.line((W - 108, ry + row / 2 - 20, W - 92, ry + row / 2, W - 108, ry + row / 2 + 20), fill=(196, 196, 202), width=7)
            if i < len(teas) - 1:
                d.line((170, ry + row, W - 48, ry + row), fill=sep, width=2)
        y += row * len(teas) + 10
        if y > H - 400:
            break
    kettle_tab_bar(p, img, 1, (248, 248, 250), 0.75, (210, 210, 216), teal, grey, ink)
    return img


def tidemark_widgets(p):
    """An iPhone Home Screen: a sea wallpaper, a Tidemark tide-curve widget above, a
    next-high-water widget below, app icons and the dock."""
    W, H, s = 1290, 2796, 3
    img = p.grain(p.photo_sea((W, H)), 1)
    d = ImageDraw.Draw(img)
    white = (255, 255, 255)
    p.ios_status_bar(d, W, white)

    def widget(box):
        x0, y0, x1, y1 = box
        p.shadow(img, box, 66, 24, 0.35, (0, 10))
        m, md = p.mask(img.size)
        md.rounded_rectangle(box, radius=66, fill=255)
        glass = img.crop(box).filter(ImageFilter.GaussianBlur(40))
        glass = Image.blend(glass, Image.new("RGB", glass.size, (250, 252, 255)), 0.82)
        img.paste(glass, (x0, y0), m.crop(box))

    navy, grey, blue = (16, 40, 72), (110, 120, 134), (22, 110, 190)
    top = (99, 230, W - 99, 230 + 510)
    widget(top)
    d.text((top[0] + 50, top[1] + 40), "Clevedon", font=font(16 * s, "Sans-Bold"), fill=navy)
    d.text((top[2] - 50, top[1] + 40), "10:15", font=font(16 * s), fill=grey, anchor="ra")
    p.tide_curve(img, (top[0] + 50, top[1] + 130, top[2] - 50, top[3] - 60), blue, (150, 200, 240), (236, 244, 252),
                 now=10.25, width=8, labels=[(14.53, "14:32"), (8.32, "8:19")], label_colour=navy, label_size=32)
    d = ImageDraw.Draw(img)
    second = (99, 860, W - 99, 860 + 510)
    widget(second)
    d.text((second[0] + 50, second[1] + 40), "NEXT HIGH WATER", font=font(12 * s, "Sans-Bold"), fill=blue)
    d.text((second[0] + 50, second[1] + 110), "14:32", font=font(52 * s, "Sans-Bold"), fill=navy)
    d.text((second[0] + 50, second[1] + 310), "11.9 m · in 4 h 17 min", font=font(16 * s), fill=grey)
    d.text((second[0] + 50, second[1] + 380), "Spring tide · Clevedon", font=font(16 * s), fill=grey)
    bx = second[2] - 330
    d.polygon([(bx + 120, second[1] + 120), (bx + 230, second[1] + 300), (bx + 10, second[1] + 300)], fill=blue)
    d.text((top[0] + (top[2] - top[0]) // 2, top[3] + 30), "Tidemark", font=font(12 * s), fill=white, anchor="ma")
    d.text((top[0] + (top[2] - top[0]) // 2, second[3] + 18), "Tidemark", font=font(12 * s), fill=white, anchor="ma")
    # app icons: four a row, and the dock
    names = ["Calendar", "Photos", "Camera", "Mail", "Kettle", "Weather", "Maps", "Notes"]
    colours = [((250, 250, 250), (230, 230, 230)), ((250, 200, 80), (220, 80, 120)), ((90, 90, 96), (40, 40, 44)),
               ((70, 170, 250), (20, 100, 230)), ((80, 200, 190), (12, 100, 110)), ((90, 170, 240), (30, 90, 200)),
               ((120, 200, 120), (230, 210, 150)), ((255, 230, 120), (250, 200, 40))]
    icon, gap = 192, (W - 4 * 192) // 5

    def app(x, y, colour, label=None):
        m, md = p.mask((icon, icon))
        md.rounded_rectangle((0, 0, icon - 1, icon - 1), radius=icon * 0.225, fill=255)
        img.paste(p.gradient((icon, icon), *colour), (x, y), m)
        if label:
            d.text((x + icon // 2, y + icon + 18), label, font=font(12 * s), fill=white, anchor="ma")

    for i, (name, colour) in enumerate(zip(names, colours)):
        x, y = gap + (i % 4) * (icon + gap), 1500 + (i // 4) * 330
        app(x, y, colour, name)
    dock = (36, 2440, W - 36, 2440 + 300)
    m, md = p.mask(img.size)
    md.rounded_rectangle(dock, radius=110, fill=255)
    glass = img.crop(dock).filter(ImageFilter.GaussianBlur(40))
    img.paste(Image.blend(glass, Image.new("RGB", glass.size, (200, 214, 224)), 0.45), dock[:2], m.crop(dock))
    d = ImageDraw.Draw(img)
    search = (W // 2 - 130, 2330, W // 2 + 130, 2390)
    d.rounded_rectangle(search, radius=30, fill=(120, 140, 150))
    d.text((W // 2, 2360), "Search", font=font(12 * s), fill=white, anchor="mm")
    dock_colours = [((120, 230, 120), (40, 180, 60)), ((110, 200, 250), (20, 120, 240)), ((120, 230, 120), (30, 170, 60)),
                    ((250, 100, 100), (220, 40, 60))]
    for i, colour in enumerate(dock_colours):
        app(gap + i * (icon + gap), 2440 + 54, colour)
    p.home_indicator(d, W, H, white)
    return img


def tidemark_mac(p):
    """A Mac desktop with Tidemark's popover open under its menu bar item: today's
    tide curve for Clevedon, and the next high and low waters."""
    W, H, s = 2880, 1800, 2
    img = p.photo_sea((W, H))
    img.paste(p.grain(img.crop((0, 1000, W, H)), 1), (0, 1000))  # the sea, a little grainy
    # the menu bar: translucent, over the wallpaper
    bar = img.crop((0, 0, W, 48)).filter(ImageFilter.GaussianBlur(20))
    img.paste(Image.blend(bar, Image.new("RGB", bar.size, (236, 236, 238)), 0.7), (0, 0))
    d = ImageDraw.Draw(img)
    ink = (24, 24, 28)
    d.ellipse((38, 12, 62, 38), fill=ink)  # an apple-ish mark
    d.ellipse((50, 4, 58, 12), fill=ink)
    x = 100
    for i, item in enumerate(("Finder", "File", "Edit", "View", "Go", "Window", "Help")):
        d.text((x, 24), item, font=font(13 * s, "Sans-Bold" if i == 0 else "Sans"), fill=ink, anchor="lm")
        x += d.textlength(item, font=font(13 * s, "Sans-Bold" if i == 0 else "Sans")) + 44
    d.text((W - 40, 24), "Tue 10 May  10:15", font=font(13 * s), fill=ink, anchor="rm")
    d.rounded_rectangle((W - 560, 14, W - 520, 34), radius=5, outline=ink, width=3)  # battery
    d.rectangle((W - 556, 18, W - 530, 30), fill=ink)
    item = (W - 800, 4, W - 620, 44)  # Tidemark's item, highlighted because the popover is open
    d.rounded_rectangle(item, radius=8, fill=(200, 200, 204))
    d.polygon([(item[0] + 22, 32), (item[0] + 36, 14), (item[0] + 50, 32)], fill=ink)
    d.text((item[0] + 62, 24), "14:32", font=font(13 * s), fill=ink, anchor="lm")
    # the popover
    pw, ph = 760, 1110
    px = (item[0] + item[2]) // 2 - pw // 2
    box = (px, 70, px + pw, 70 + ph)
    p.shadow(img, box, 28, 30, 0.45, (0, 16))
    m, md = p.mask(img.size)
    md.rounded_rectangle(box, radius=28, fill=255)
    ax = (item[0] + item[2]) // 2
    md.polygon([(ax - 26, 72), (ax, 50), (ax + 26, 72)], fill=255)
    glass = img.filter(ImageFilter.GaussianBlur(50))
    glass = Image.blend(glass, Image.new("RGB", img.size, (244, 244, 246)), 0.78)
    img.paste(glass, (0, 0), m)
    d = ImageDraw.Draw(img)
    x0, y0 = box[0] + 44, box[1] + 40
    navy, grey, blue = (20, 30, 44), (120, 124, 132), (20, 110, 200)
    d.text((x0, y0), "Clevedon", font=font(22 * s, "Sans-Bold"), fill=navy)
    d.text((x0, y0 + 64), "Tuesday 10 May · spring tides", font=font(13 * s), fill=grey)
    d.text((box[2] - 44, y0 + 8), "⚙", font=font(18 * s), fill=grey, anchor="ra")
    curve = (x0, y0 + 150, box[2] - 44, y0 + 520)
    p.tide_curve(img, curve, blue, (150, 196, 236), (240, 244, 250), now=10.25, width=6,
                 labels=[(2.08, "02:05"), (8.32, "08:19"), (14.53, "14:32"), (20.74, "20:44")], label_colour=navy,
                 label_size=24)
    for i, hour in enumerate(("00", "06", "12", "18", "24")):
        d.text((curve[0] + (curve[2] - curve[0]) * i / 4, curve[3] + 14), hour, font=font(11 * s), fill=grey, anchor="ma")
    y = curve[3] + 80
    rows = [("High water", "14:32", "11.9 m"), ("Low water", "20:44", "1.4 m"), ("High water", "02:58", "12.3 m"),
            ("Low water", "09:10", "1.1 m")]
    for i, (kind, time, height) in enumerate(rows):
        d.line((x0, y, box[2] - 44, y), fill=(218, 218, 222), width=2)
        c = blue if kind.startswith("High") else grey
        d.polygon([(x0 + 6, y + 58), (x0 + 20, y + 36), (x0 + 34, y + 58)] if kind.startswith("High")
                  else [(x0 + 6, y + 36), (x0 + 20, y + 58), (x0 + 34, y + 36)], fill=c)
        d.text((x0 + 56, y + 48), kind + (" (tomorrow)" if i >= 2 else ""), font=font(14 * s), fill=navy, anchor="lm")
        d.text((box[2] - 220, y + 48), time, font=font(14 * s, "Sans-Bold"), fill=navy, anchor="rm")
        d.text((box[2] - 44, y + 48), height, font=font(14 * s), fill=grey, anchor="rm")
        y += 96
    d.line((x0, y, box[2] - 44, y), fill=(218, 218, 222), width=2)
    return img


SOLD_OUT = "Bara brith & butter"
CAFE_MENU = [
    ("Coffee", [("Espresso", "£2.20"), ("Flat white", "£3.10"), ("Cappuccino", "£3.20"), ("Oat latte", "£3.50")]),
    ("Tea", [("Pot of tea for one", "£2.60"), ("Fresh mint", "£2.40")]),
    ("Cakes", [("Welsh cakes (two)", "£2.40"), ("Lemon drizzle", "£3.00"), ("Bara brith & butter", "£2.80")]),
]


def chalk_board(p, size, title="Dai's · Stokes Croft"):
    """A café menu in chalk on a dark green board, prices in the right-hand column,
    a coffee cup in the bottom right corner."""
    W, H = size
    k = H / 1080
    img = Image.new("RGB", size, (30, 50, 40))
    haze = p.blotches(size, int(140 * k), 60).filter(ImageFilter.GaussianBlur(20 * k))
    img.paste((120, 140, 126), (0, 0), haze.point(lambda v: max(0, v - 120)))  # old chalk wiped off
    img = p.add_noise(img, p.blotches(size, max(2, int(6 * k)), 10))
    chalk, yellow, pink = (236, 236, 226), (240, 220, 130), (240, 170, 170)
    p.chalk(img, (W * 0.08, 70 * k), title, 76 * k, yellow, style="Serif-BoldItalic")
    m, md = p.mask(size)
    md.line((W * 0.08, 178 * k, W * 0.62, 170 * k), fill=255, width=max(2, int(6 * k)))
    p.chalk_mask(img, m, yellow, 0.7)
    y = 230 * k
    right = W * 0.72
    for section, items in CAFE_MENU:
        p.chalk(img, (W * 0.08, y), section, 50 * k, pink, style="Serif-Italic")
        y += 70 * k
        for name, price in items:
            p.chalk(img, (W * 0.11, y), name, 44 * k, chalk, style="SansCondensed")
            p.chalk(img, (right, y), price, 44 * k, chalk, style="SansCondensed", anchor="ra")
            m, md = p.mask(size)
            x = W * 0.11 + font(44 * k, "SansCondensed").getlength(name) + 20 * k
            while x < right - 150 * k and name != SOLD_OUT:
                md.ellipse((x, y + 36 * k, x + 5 * k, y + 41 * k), fill=255)
                x += 22 * k
            p.chalk_mask(img, m, chalk, 0.6)
            y += 60 * k
        y += 24 * k
    # sold out, as the board says by eleven
    m, md = p.mask(size)
    ys = y - 24 * k - 60 * k + 26 * k
    md.line((W * 0.105, ys, W * 0.45, ys - 6 * k), fill=255, width=max(2, int(5 * k)))
    p.chalk_mask(img, m, pink, 0.8)
    p.chalk(img, (W * 0.47, ys - 30 * k), "sold out!", 40 * k, pink, style="Sans-Oblique")
    # the cup, drawn in the corner
    cx, cy = W * 0.86, H * 0.72
    m, md = p.mask(size)
    lw = max(3, int(7 * k))
    md.arc((cx - 120 * k, cy - 60 * k, cx + 120 * k, cy + 220 * k), 0, 180, fill=255, width=lw)
    md.line((cx - 120 * k, cy + 80 * k, cx + 120 * k, cy + 80 * k), fill=255, width=lw)
    md.arc((cx + 90 * k, cy + 90 * k, cx + 170 * k, cy + 170 * k), 270, 110, fill=255, width=lw)
    md.ellipse((cx - 170 * k, cy + 200 * k, cx + 170 * k, cy + 250 * k), outline=255, width=lw)
    for i in (-1, 0, 1):
        pts = [(cx + i * 50 * k + 16 * k * math.sin(t / 6), cy + 50 * k - t * 6 * k) for t in range(0, 28)]
        md.line(pts, fill=255, width=lw)
    p.chalk_mask(img, m, chalk, 0.85)
    return img


def chalkboard_tv(p):
    img = chalk_board(p, (1920, 1080))
    return img


def icon_kettle(p):
    S = 1024
    img = p.gradient((S, S), (92, 214, 200), (8, 92, 104), angle=-35)
    m, (tx, ty) = p.kettle_shape((S, S), (220, 330, 660, 810))
    p.fill(img, m.filter(ImageFilter.GaussianBlur(14)).point(lambda v: v // 3), (0, 40, 44))
    sh = m.transform((S, S), Image.AFFINE, (1, 0, -14, 0, 1, -18), Image.BICUBIC)
    p.fill(img, sh.filter(ImageFilter.GaussianBlur(16)), (4, 50, 56), 0.45)
    body = p.gradient((S, S), (255, 252, 244), (214, 206, 190), angle=-35)
    img.paste(body, (0, 0), m)
    for k in range(3):
        sm, smd = p.mask((S, S))
        pts = [(tx - 70 + k * 56 + 16 * math.sin(t / 5), ty - 50 - t * 6) for t in range(0, 28)]
        smd.line(pts, fill=255, width=26, joint="curve")
        p.fill(img, sm.filter(ImageFilter.GaussianBlur(5)), (255, 255, 255), 0.75)
    return p.add_noise(img, p.blotches((S, S), 64, 8))


def icon_tidemark(p):
    S = 1024
    img = p.gradient((S, S), (10, 30, 70), (34, 112, 170))
    d = ImageDraw.Draw(img)
    for _ in range(40):
        x, y, r = p.rng.randint(0, S), p.rng.randint(0, 520), p.rng.choice((2, 3, 4))
        d.ellipse((x - r, y - r, x + r, y + r), fill=(220, 230, 250))
    m, md = p.mask((S, S))
    md.ellipse((600, 130, 860, 390), fill=255)
    md.ellipse((540, 100, 790, 350), fill=0)  # a crescent
    glow = m.filter(ImageFilter.GaussianBlur(40))
    p.fill(img, glow, (255, 236, 170), 0.6)
    img.paste((255, 240, 190), (0, 0), m)
    pts = [(x, 660 - 110 * math.cos(2 * math.pi * (x - 330) / 700)) for x in range(-20, S + 21, 8)]
    m, md = p.mask((S, S))
    md.polygon(pts + [(S + 20, S + 20), (-20, S + 20)], fill=255)
    img.paste(p.gradient((S, S), (120, 200, 240), (20, 80, 150)), (0, 0), m)
    d = ImageDraw.Draw(img)
    d.line(pts, fill=(250, 252, 255), width=34, joint="curve")
    return p.add_noise(img, p.blotches((S, S), 64, 8))


def icon_chalkboard(p):
    S = 1024
    img = Image.new("RGB", (S, S), (34, 58, 46))
    haze = p.blotches((S, S), 120, 70).filter(ImageFilter.GaussianBlur(20))
    img.paste((110, 140, 120), (0, 0), haze.point(lambda v: max(0, v - 110)))
    img = p.add_noise(img, p.blotches((S, S), 16, 6))
    m, md = p.mask((S, S))
    md.arc((250, 330, 740, 930), 0, 180, fill=255, width=30)
    md.line((250, 630, 740, 630), fill=255, width=30)
    md.arc((660, 640, 840, 820), 280, 100, fill=255, width=26)
    for i in (-1, 0, 1):
        pts = [(495 + i * 120 + 36 * math.sin(t / 6), 560 - t * 10) for t in range(0, 30)]
        md.line(pts, fill=255, width=24)
    p.chalk_mask(img, m, (240, 238, 228), 0.95)
    return img


def tidemark_launch(p):
    """A crescent moon over a dark sea, a bright tide curve rising and falling across it."""
    W, H = 2400, 1260
    img = p.photo_sea((W, H), night=True)
    m, md = p.mask((W, H))
    md.ellipse((1640, 150, 1880, 390), fill=255)
    md.ellipse((1580, 120, 1820, 360), fill=0)
    p.fill(img, m.filter(ImageFilter.GaussianBlur(60)), (255, 230, 170), 0.7)
    img.paste((250, 236, 196), (0, 0), m.filter(ImageFilter.GaussianBlur(1.5)))
    # the moon's path on the water
    rm, rmd = p.mask((W, H))
    for y in range(760, H, 14):
        half = 20 + (y - 760) * 0.35 * p.rng.uniform(0.4, 1.2)
        rmd.line((1760 - half, y, 1760 + half, y), fill=p.rng.randint(60, 170), width=5)
    p.fill(img, rm.filter(ImageFilter.GaussianBlur(7)), (250, 230, 180), 0.7)
    pts = [(x, 640 - 230 * math.cos(2 * math.pi * (x - 500) / 1500)) for x in range(-40, W + 41, 10)]
    for width, blur, opacity in ((60, 40, 0.5), (22, 8, 0.8), (10, 1, 1.0)):
        m, md = p.mask((W, H))
        md.line(pts, fill=255, width=width, joint="curve")
        p.fill(img, m.filter(ImageFilter.GaussianBlur(blur)), (150, 226, 255), opacity)
    img = p.vignette(img, 0.35)
    return p.grain(img, 4, softness=0.6)


def chalkboard_launch(p):
    """The chalk menu on a dark green board in a wooden frame, on a café wall."""
    W, H = 2400, 1260
    img = p.gradient((W, H), (196, 170, 140), (130, 104, 80), angle=90)
    img = p.add_noise(img, p.blotches((W, H), 40, 20))
    frame = (240, 60, W - 240, H - 60)
    p.shadow(img, frame, 10, 30, 0.5, (18, 24))
    wood = p.gradient((frame[2] - frame[0], frame[3] - frame[1]), (130, 84, 46), (90, 56, 30), angle=60)
    wood = p.add_noise(wood, p.streaks(wood.size, 80, 3, 40))
    img.paste(wood, frame[:2])
    inner = (frame[0] + 60, frame[1] + 60, frame[2] - 60, frame[3] - 60)
    board = chalk_board(p, (inner[2] - inner[0], inner[3] - inner[1]))
    img.paste(board, inner[:2])
    d = ImageDraw.Draw(img)
    d.rectangle(inner, outline=(60, 36, 20), width=6)
    img = p.vignette(img, 0.35, centre=(0.45, 0.4))
    return p.grain(img, 3, softness=0.6)


def live_activity(p):
    """An iPhone on a soft background: the Dynamic Island counting down a tea, and the
    Live Activity on the Lock Screen with a progress bar, in amber."""
    W, H = 2400, 1260
    amber, dim = (255, 176, 32), (150, 150, 156)
    img = p.gradient((W, H), (60, 40, 30), (20, 16, 20), angle=30)
    img = p.add_noise(img, p.blotches((W, H), 200, 20))
    # the phone, upright in the middle, its Lock Screen showing
    pw, ph = 540, 1110
    px, py = (W - pw) // 2, 80
    p.shadow(img, (px, py, px + pw, py + ph), 90, 40, 0.6, (0, 24))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((px, py, px + pw, py + ph), radius=92, fill=(40, 40, 44))
    screen = (px + 18, py + 18, px + pw - 18, py + ph - 18)
    wall = p.photo_sea((screen[2] - screen[0], screen[3] - screen[1]), night=True)
    m, md = p.mask(wall.size)
    md.rounded_rectangle((0, 0, wall.width - 1, wall.height - 1), radius=76, fill=255)
    img.paste(wall, screen[:2], m)
    cx = (screen[0] + screen[2]) // 2
    # the Dynamic Island, expanded to a compact countdown
    d.rounded_rectangle((cx - 170, screen[1] + 18, cx + 170, screen[1] + 76), radius=29, fill=(0, 0, 0))
    d.ellipse((cx - 152, screen[1] + 30, cx - 118, screen[1] + 64), outline=amber, width=6)
    d.text((cx + 150, screen[1] + 47), "1:12", font=font(30, "Sans-Bold"), fill=amber, anchor="rm")
    d.text((cx, screen[1] + 170), "Saturday 2 March", font=font(26, "Sans-Bold"), fill=(236, 236, 240), anchor="mm")
    d.text((cx, screen[1] + 290), "9:41", font=font(150, "Sans-Bold"), fill=(240, 240, 244), anchor="mm")
    # the Live Activity
    la = (screen[0] + 26, screen[1] + 700, screen[2] - 26, screen[1] + 930)
    glass = img.crop(la).filter(ImageFilter.GaussianBlur(20))
    m, md = p.mask(glass.size)
    md.rounded_rectangle((0, 0, glass.width - 1, glass.height - 1), radius=44, fill=255)
    img.paste(Image.blend(glass, Image.new("RGB", glass.size, (20, 20, 22)), 0.75), la[:2], m)
    d = ImageDraw.Draw(img)
    d.text((la[0] + 34, la[1] + 34), "Assam", font=font(34, "Sans-Bold"), fill=(240, 240, 244))
    d.text((la[0] + 34, la[1] + 84), "Ready at 16:24", font=font(24), fill=dim)
    d.text((la[2] - 34, la[1] + 40), "1:12", font=font(60, "Sans-Bold"), fill=amber, anchor="ra")
    bar = (la[0] + 34, la[3] - 56, la[2] - 34, la[3] - 34)
    d.rounded_rectangle(bar, radius=11, fill=(70, 60, 44))
    d.rounded_rectangle((bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * 0.7, bar[3]), radius=11, fill=amber)
    d.rounded_rectangle((cx - 90, screen[3] - 26, cx + 90, screen[3] - 16), radius=5, fill=(236, 236, 240))
    return img


def seven_years(p):
    """Seven rounded bars of rising height in green, teal, blue and amber."""
    W, H = 2400, 1260
    img = p.gradient((W, H), (252, 248, 240), (240, 234, 222))
    d = ImageDraw.Draw(img)
    colours = [(92, 170, 96), (60, 160, 120), (40, 160, 160), (40, 140, 190), (50, 110, 200), (220, 160, 50), (236, 140, 40)]
    base, bw, gap = 1080, 220, 70
    x = (W - 7 * bw - 6 * gap) // 2
    for i, c in enumerate(colours):
        h = 180 + i * 120
        p.shadow(img, (x, base - h, x + bw, base), 40, 12, 0.12, (0, 8))
        d = ImageDraw.Draw(img)
        d.rounded_rectangle((x, base - h, x + bw, base), radius=40, fill=c)
        d.text((x + bw // 2, base + 40), str(2019 + i), font=font(44, "Sans-Bold"), fill=(90, 84, 76), anchor="ma")
        x += bw + gap
    return img


def ffion_avatar(p):
    """The author's picture for the home page: a figure in a raincoat against the sea, 160×160."""
    size = (480, 480)
    img = p.photo_sea(size)
    m, d = p.mask(size)
    d.ellipse((60, 330, 420, 700), fill=255)  # shoulders
    d.ellipse((170, 120, 310, 290), fill=255)  # head
    d.rectangle((212, 270, 268, 350), fill=255)  # neck
    p.fill(img, m, (34, 96, 98))
    hood, d = p.mask(size)
    d.arc((150, 100, 330, 310), 180, 360, fill=255, width=26)
    p.fill(img, hood, (24, 70, 72))
    img = img.filter(ImageFilter.GaussianBlur(1.5))
    img = p.grain(img, 6)
    return img.resize((160, 160), Image.Resampling.LANCZOS)


def site_card(p):
    """The example site's link-preview picture: the wave mark and the name on the sea, 1200×630."""
    size = (1200, 630)
    img = p.gradient(size, (13, 106, 114), (8, 74, 80))
    d = ImageDraw.Draw(img)
    # the logo's two waves, large, at the left
    x0, y0, s = 110, 205, 220 / 64
    d.rounded_rectangle((x0, y0, x0 + 64 * s, y0 + 64 * s), radius=15 * s, fill=(251, 250, 247))
    for y in (26, 41):
        points = []
        for i in range(0, 81):
            t = i / 80
            points.append((x0 + (12 + 40 * t) * s, y0 + (y - 2.5 + 2.5 * math.cos(t * 4 * math.pi)) * s))
        d.line(points, fill=(13, 106, 114), width=int(5 * s), joint="curve")
    d.text((400, 255), "Low Tide Software", font=font(66, "Sans-Bold"), fill=(251, 250, 247))
    d.text((404, 350), "Small, careful apps for iPhone and Mac", font=font(34), fill=(225, 239, 238))
    return img


def starter_card():
    """The picture `blogbuild init` gives a new site: a page of a blog (a header bar, a round
    picture, lines of text) on a card, in the theme's colours; drawn without antialiasing in
    six colours so that the PNG is a few KB."""
    bg, card, accent, soft, line, faint = (225, 239, 238), (251, 250, 247), (13, 106, 114), (180, 214, 211), (90, 97, 105), (207, 201, 189)
    img = Image.new("RGB", (1200, 630), bg)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((170, 90, 1030, 630 + 40), radius=36, fill=card)
    d.rounded_rectangle((170, 90, 1030, 170), radius=36, fill=accent)
    d.rectangle((170, 134, 1030, 170), fill=accent)
    d.ellipse((240, 230, 360, 350), fill=soft)
    d.rounded_rectangle((400, 250, 880, 282), radius=16, fill=line)
    d.rounded_rectangle((400, 306, 720, 330), radius=12, fill=faint)
    for i, width in enumerate((720, 690, 705, 520)):
        y = 410 + i * 48
        d.rounded_rectangle((240, y, 240 + width, y + 20), radius=10, fill=faint)
    return img.quantize(colors=6, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def write_starter():
    """StarterImage.swift: the starter picture's PNG bytes, in base64."""
    import base64
    buf = io.BytesIO()
    starter_card().save(buf, "PNG", optimize=True)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    lines = [data[i:i + 100] for i in range(0, len(data), 100)]
    swift = ("// Generated by bench/example_images.py --starter. Do not edit.\n"
             "import Foundation\n\n"
             "/// The picture `blogbuild init` gives a new site (`image:` in site.yml, every page's\n"
             "/// og:image until the site has its own): a page of a blog on a card, 1200 × 630 px.\n"
             "enum StarterImage {\n"
             "    /// Where init writes it, under the site folder.\n"
             "    static let path = \"content/images/site.png\"\n"
             "    /// The PNG file, in base64.\n"
             "    static let base64 = \"\"\"\n"
             + "".join(f"        {line}\n" for line in lines)
             + "        \"\"\"\n\n"
             "    /// The PNG file's bytes (ScaffoldTests reads them back as the PNG they must be).\n"
             "    static var bytes: [UInt8] { Array(Data(base64Encoded: base64, options: .ignoreUnknownCharacters) ?? Data()) }\n"
             "}\n")
    out = os.path.join(ROOT, "Sources", "BlogBuild", "Scaffold", "StarterImage.swift")
    with open(out, "w") as f:
        f.write(swift)
    print(f"{len(buf.getvalue()) / 1024:8.1f} KB  1200×630  {os.path.relpath(out, ROOT)}")


# name → (painter, file under content/images/, the file it replaces, removed)
PICTURES = {
    "kettle-hero": (kettle_hero, "posts/kettle-hero.jpg", "posts/kettle-hero.png"),
    "clevedon-lake": (clevedon_lake, "posts/clevedon-lake.jpg", "posts/clevedon-lake.png"),
    "tidemark-launch": (tidemark_launch, "posts/tidemark-launch.jpg", "posts/tidemark-launch.png"),
    "chalkboard-launch": (chalkboard_launch, "posts/chalkboard-launch.jpg", "posts/chalkboard-launch.png"),
    "live-activity": (live_activity, "posts/live-activity.png", None),
    "seven-years": (seven_years, "posts/seven-years.png", None),
    "kettle-timer": (kettle_timer, "apps/kettle-timer.png", None),
    "kettle-teas": (kettle_teas, "apps/kettle-teas.png", None),
    "tidemark-widgets": (tidemark_widgets, "apps/tidemark-widgets.png", None),
    "tidemark-mac": (tidemark_mac, "apps/tidemark-mac.png", None),
    "chalkboard-tv": (chalkboard_tv, "apps/chalkboard-tv.png", None),
    "kettle-icon": (icon_kettle, "apps/kettle-icon.png", None),
    "tidemark-icon": (icon_tidemark, "apps/tidemark-icon.png", None),
    "chalkboard-icon": (icon_chalkboard, "apps/chalkboard-icon.png", None),
    "ffion-avatar": (ffion_avatar, "ffion.jpg", None),
    "site-card": (site_card, "site.png", None),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--only", nargs="*", choices=sorted(PICTURES), help="draw only these")
    parser.add_argument("--starter", action="store_true", help="draw the picture blogbuild init gives a new site instead")
    args = parser.parse_args()
    if args.starter:
        return write_starter()
    total = 0
    for name in args.only or PICTURES:
        paint, path, replaces = PICTURES[name]
        p = Painter(f"{args.seed}:{name}")
        img = paint(p)
        if name == "kettle-hero":
            # stored as the camera's sensor saw it: turned a quarter left, upright only with Orientation 6 applied
            size = save(path, img.transpose(Image.Transpose.ROTATE_90), quality=88, exif=kettle_exif(True))
        else:
            size = save(path, img, quality=88)
        if replaces and os.path.exists(os.path.join(IMAGES, replaces)):
            os.remove(os.path.join(IMAGES, replaces))
        total += size
        print(f"{size / 1024:8.0f} KB  {img.width}×{img.height}  content/images/{path}")
    print(f"{total / 1024:8.0f} KB  in all")


if __name__ == "__main__":
    sys.exit(main())
