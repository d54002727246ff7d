#!/usr/bin/env python3
"""Browser checks of the default theme on a built site.

    python3 Tests/browser/theme_check.py --site public [--post 2022/01/harmonic-constants/] [--narrow PATH ...]

Serves the site on 127.0.0.1, loads a post in headless Chromium with
prefers-color-scheme emulated as light and as dark, and checks that:

- the page background and the body text colour differ between the schemes;
- body text, muted text (dates, reading time), links and code have a WCAG
  contrast of at least 4.5:1 against what they sit on, in both schemes;
- at a 360 px wide viewport no page scrolls sideways
  (document.documentElement.scrollWidth <= clientWidth).

Prints what it measured; exits 0 when every check passes, 1 when one fails,
and 3 when a tool is missing (selenium, chromium or chromedriver).
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402

MIN_CONTRAST = 4.5
NARROW_WIDTH = 360

# Colours to measure, as (name, CSS selector of the text, selector of what it
# sits on). The first match of each selector is used; "body" is the page.
SAMPLES = [
    ("body text", ".content p", "body"),
    ("heading", "h1", "body"),
    ("muted text", ".post-meta", "body"),
    ("link", ".content a, .post-footer a", "body"),
    ("code", "pre", "pre"),
    ("series box", ".series-box", ".series-box"),
    ("series parts", ".series-parts", ".series-box"),
    ("app card", ".app-card .platforms", ".app-card"),
    ("footnotes", ".footnotes", "body"),
    # Highlighted code: one token of each colour the post's Swift uses.
    ("token keyword", "pre .tok-keyword", "pre"),
    ("token type", "pre .tok-builtin, pre .tok-type", "pre"),
    ("token function", "pre .tok-function, pre .tok-variable", "pre"),
    ("token number", "pre .tok-number", "pre"),
    ("token comment", "pre .tok-comment", "pre"),
]

MEASURE_JS = """
const samples = arguments[0];
function colour(el, prop) { return el ? getComputedStyle(el)[prop] : null; }
const out = {dark: matchMedia('(prefers-color-scheme: dark)').matches, samples: {}};
for (const [name, fg, bg] of samples) {
  const f = document.querySelector(fg), b = document.querySelector(bg);
  if (!f || !b) { out.samples[name] = null; continue; }
  out.samples[name] = {text: colour(f, 'color'), background: colour(b, 'backgroundColor')};
}
out.page = {text: colour(document.body, 'color'), background: colour(document.body, 'backgroundColor')};
return out;
"""


def parse_colour(text):
    """'rgb(1, 2, 3)' or 'rgba(1, 2, 3, 0.5)' → ((r, g, b), alpha)."""
    m = re.match(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)", text or "")
    if not m:
        raise ValueError("not an rgb() colour: %r" % text)
    r, g, b = (float(m.group(i)) for i in (1, 2, 3))
    return (r, g, b), float(m.group(4)) if m.group(4) is not None else 1.0


def relative_luminance(rgb):
    def channel(c):
        c /= 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """WCAG 2 contrast ratio of two opaque sRGB colours."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def blend(top, alpha, under):
    return tuple(t * alpha + u * (1 - alpha) for t, u in zip(top, under))


def hexcode(rgb):
    return "#%02x%02x%02x" % tuple(int(round(c)) for c in rgb)


def measure(driver, base, post, scheme, failures):
    browser.set_viewport(driver, 1000, 1000)
    browser.set_color_scheme(driver, scheme)
    driver.get(base + post)
    data = driver.execute_script(MEASURE_JS, SAMPLES)
    if data["dark"] != (scheme == "dark"):
        failures.append("%s: prefers-color-scheme emulation did not take (matchMedia says dark=%s)" % (scheme, data["dark"]))
    page_bg, page_alpha = parse_colour(data["page"]["background"])
    if page_alpha < 1:  # a transparent body: the canvas behind it is white or black
        page_bg = blend(page_bg, page_alpha, (0, 0, 0) if scheme == "dark" else (255, 255, 255))
    result = {"background": hexcode(page_bg), "text": None, "ratios": {}}
    for name, _, _ in SAMPLES:
        sample = data["samples"].get(name)
        if sample is None:
            continue
        fg, fg_alpha = parse_colour(sample["text"])
        bg, bg_alpha = parse_colour(sample["background"])
        bg = blend(bg, bg_alpha, page_bg)
        fg = blend(fg, fg_alpha, bg)
        ratio = contrast(fg, bg)
        result["ratios"][name] = {"text": hexcode(fg), "background": hexcode(bg), "contrast": round(ratio, 2)}
        if name == "body text":
            result["text"] = hexcode(fg)
        if ratio < MIN_CONTRAST:
            failures.append("%s: %s %s on %s has contrast %.2f:1, under %.1f:1"
                            % (scheme, name, hexcode(fg), hexcode(bg), ratio, MIN_CONTRAST))
    if result["text"] is None:
        failures.append("%s: no body text (.content p) on %s" % (scheme, post))
    return result


def check_narrow(driver, base, pages, failures):
    out = {}
    browser.set_viewport(driver, NARROW_WIDTH, 800)
    for scheme in ("light",):
        browser.set_color_scheme(driver, scheme)
        for page in pages:
            driver.get(base + page)
            sw, cw = driver.execute_script(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            out[page or "/"] = {"scrollWidth": sw, "clientWidth": cw}
            if sw > cw:
                # Name the widest elements, to say what to fix.
                culprits = driver.execute_script("""
                    const w = document.documentElement.clientWidth, out = [];
                    for (const el of document.body.querySelectorAll('*')) {
                      const r = el.getBoundingClientRect();
                      if (r.right > w + 0.5) out.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' right=' + Math.round(r.right));
                    }
                    return out.slice(0, 5);""")
                failures.append("%d px wide: /%s scrolls sideways (scrollWidth %d > clientWidth %d): %s"
                                % (NARROW_WIDTH, page, sw, cw, ", ".join(culprits)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", required=True, help="a built site (the output folder)")
    ap.add_argument("--post", default="2022/01/harmonic-constants/", help="site path of the post to measure")
    ap.add_argument("--narrow", nargs="*", default=None,
                    help="site paths to load at 360 px (default: the post, home, an app, the archive)")
    ap.add_argument("--json", action="store_true", help="print the measurements as JSON on the last line")
    args = ap.parse_args()
    post = args.post.lstrip("/")
    narrow = [p.lstrip("/") for p in args.narrow] if args.narrow is not None else [post, "", "archive/", "apps/", "series/"]
    for page in [post] + narrow:
        path = os.path.join(args.site, page, "index.html") if not page.endswith(".html") else os.path.join(args.site, page)
        if not os.path.isfile(path):
            print("no such page in %s: /%s" % (args.site, page), file=sys.stderr)
            return 1
    try:
        browser.find_tools()
    except browser.MissingTool as e:
        print("MISSING: %s" % e, file=sys.stderr)
        return 3

    failures = []
    with browser.serve(args.site) as base, browser.chromium() as driver:
        schemes = {scheme: measure(driver, base, post, scheme, failures) for scheme in ("light", "dark")}
        narrow_result = check_narrow(driver, base, narrow, failures)

    light, dark = schemes["light"], schemes["dark"]
    if light["background"] == dark["background"]:
        failures.append("the page background is %s in both schemes" % light["background"])
    if light["text"] and light["text"] == dark["text"]:
        failures.append("the body text is %s in both schemes" % light["text"])

    for scheme, r in schemes.items():
        print("%s: background %s, text %s" % (scheme, r["background"], r["text"]))
        for name, v in r["ratios"].items():
            print("  %-12s %s on %s  %5.2f:1" % (name, v["text"], v["background"], v["contrast"]))
    for page, v in narrow_result.items():
        print("%d px: %-32s scrollWidth %d, clientWidth %d" % (NARROW_WIDTH, page, v["scrollWidth"], v["clientWidth"]))
    for f in failures:
        print("FAIL: " + f)
    if args.json:
        print(json.dumps({"schemes": schemes, "narrow": narrow_result, "failures": failures}, sort_keys=True))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
