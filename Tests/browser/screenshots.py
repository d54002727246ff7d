#!/usr/bin/env python3
"""Screenshots of a built site for the README: a post in light and dark, an
app's page in light, the home page in dark.

    python3 Tests/browser/screenshots.py --site public --out docs [--post PATH] [--app PATH]

Serves the site on 127.0.0.1 and saves OUT/post-light.png, OUT/post-dark.png,
OUT/app-light.png and OUT/home-dark.png (1000×1400 CSS pixels) from headless
Chromium, with prefers-color-scheme emulated through the DevTools protocol
(chromium --screenshot cannot do dark).
"""
import argparse
import base64
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", required=True, help="a built site (the output folder)")
    ap.add_argument("--out", required=True, help="folder for post-light.png and post-dark.png")
    ap.add_argument("--post", default="2024/03/live-activity/", help="site path of the post")
    ap.add_argument("--app", default="apps/kettle/", help="site path of an app's page")
    ap.add_argument("--width", type=int, default=1000)
    ap.add_argument("--height", type=int, default=1400)
    args = ap.parse_args()
    shots = [("post-light", args.post, "light"), ("post-dark", args.post, "dark"),
             ("app-light", args.app, "light"), ("home-dark", "", "dark")]
    for _, page, _ in shots:
        if not os.path.isfile(os.path.join(args.site, page.lstrip("/"), "index.html")):
            print("no such page in %s: /%s" % (args.site, page.lstrip("/")), file=sys.stderr)
            return 1
    try:
        browser.find_tools()
    except browser.MissingTool as e:
        print("MISSING: %s" % e, file=sys.stderr)
        return 3
    os.makedirs(args.out, exist_ok=True)
    with browser.serve(args.site) as base, browser.chromium(args.width, args.height) as driver:
        for name, page, scheme in shots:
            browser.set_viewport(driver, args.width, args.height)
            browser.set_color_scheme(driver, scheme)
            driver.get(base + page.lstrip("/"))
            # Lazy images below the fold are not needed; wait for the ones in view.
            driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                Promise.all([...document.images].filter(i => !i.complete && i.loading !== 'lazy')
                  .map(i => new Promise(r => { i.onload = i.onerror = r; }))).then(() => done());""")
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
            path = os.path.join(args.out, name + ".png")
            with open(path, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            print("wrote %s (%d bytes)" % (path, os.path.getsize(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
