#!/usr/bin/env python3
"""Which file Chromium picks for each image of a built page, by screen density.

    python3 Tests/browser/image_sources.py --site public --page apps/ --selector img.app-icon --scale 1 2

Serves the site on 127.0.0.1, loads the page in headless Chromium at each
device scale factor, waits for its images, and prints one JSON line:
{"1": ["/images/icon.72.png", ...], "2": [...]}: the `currentSrc` path of each
element matching the selector, in document order. Exits 3 when a tool is
missing (selenium, chromium or chromedriver).
"""
import argparse
import json
import os
import sys
import time
from urllib.parse import urlparse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", required=True, help="a built site (the output folder)")
    ap.add_argument("--page", required=True, help="site path of the page")
    ap.add_argument("--selector", default="img", help="CSS selector of the images")
    ap.add_argument("--scale", nargs="+", type=float, default=[1, 2], help="device scale factors")
    args = ap.parse_args()
    try:
        browser.find_tools()
    except browser.MissingTool as e:
        print("MISSING: %s" % e, file=sys.stderr)
        return 3
    picked = {}
    with browser.serve(args.site) as base, browser.chromium() as driver:
        for scale in args.scale:
            # A fresh scale needs a fresh page: Chromium keeps a picked source for the page's life.
            driver.get("about:blank")
            browser.set_viewport(driver, 1000, 1400, scale)
            driver.get(base + args.page.lstrip("/"))
            sources = []
            for _ in range(50):
                sources = driver.execute_script(
                    "return [...document.querySelectorAll(arguments[0])].map(i => i.complete ? i.currentSrc : '')",
                    args.selector)
                if all(sources):
                    break
                time.sleep(0.1)
            picked["%g" % scale] = [urlparse(s).path for s in sources]
    print(json.dumps(picked, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
