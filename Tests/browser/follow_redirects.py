"""Opens each given path of a built site in headless Chromium and prints, as one
JSON line, where the browser ends up: {"PATH": {"path": FINAL_PATH, "title": TITLE,
"hops": N}}. A redirect page that loops never settles and is reported as "loop".

    python3 Tests/browser/follow_redirects.py --site OUTPUT /old/ '/what%3F/'
"""
import argparse
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402


def follow(driver, base, path):
    driver.get(base.rstrip("/") + path)
    seen = [urllib.parse.urlsplit(driver.current_url).path]
    # A meta refresh moves on after the page loads: wait until the address stays put.
    deadline = time.time() + 5
    stable_since = time.time()
    while time.time() < deadline:
        time.sleep(0.1)
        now = urllib.parse.urlsplit(driver.current_url).path
        if now != seen[-1]:
            seen.append(now)
            stable_since = time.time()
            if len(seen) > 10:
                return {"path": "loop", "title": "", "hops": len(seen)}
        elif time.time() - stable_since > 1.0:
            break
    return {"path": seen[-1], "title": driver.title, "hops": len(seen) - 1}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    try:
        browser.find_tools()
    except browser.MissingTool as missing:
        print(missing, file=sys.stderr)
        return 2
    with browser.serve(args.site) as base, browser.chromium() as driver:
        print(json.dumps({path: follow(driver, base, path) for path in args.paths}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
