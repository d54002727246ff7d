#!/usr/bin/env python3
"""The search page under `blogbuild serve` follows an edit.

    python3 Tests/browser/search_serve_check.py BASE_URL MARKDOWN POST_URL WORD

BASE_URL is a running `blogbuild serve` (http://127.0.0.1:PORT/), MARKDOWN a
post's file in the site it serves, POST_URL that post's site path, WORD a word
no page has. In headless Chromium (its cache off): /search/?q=WORD finds
nothing; then WORD is written into the post (an editor's save: a temporary file
renamed over it), and /search/?q=WORD is reloaded until the post is a result
(at most 30 s). Prints a JSON report on its last line; exits 0 when the post was
found after the edit and not before, 1 otherwise, 3 when a tool is missing.
"""
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402

RESULTS_JS = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const list = document.getElementById('search-results');
const ready = () => list.dataset.state === 'done' && list.dataset.query === query;
const finish = () => done([...list.querySelectorAll('li > a')].map(a => a.getAttribute('href')));
if (ready()) { finish(); return; }
const observer = new MutationObserver(() => { if (ready()) { observer.disconnect(); finish(); } });
observer.observe(list, {attributes: true});
setTimeout(() => { observer.disconnect(); done(null); }, 8000);
"""


def save(path, text):
    tmp = os.path.join(os.path.dirname(path), ".%s.search-check.tmp" % os.path.basename(path))
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    base, markdown, post, word = sys.argv[1:]
    try:
        browser.find_tools()
    except browser.MissingTool as e:
        print("missing tool: %s" % e, file=sys.stderr)
        return 3
    page = base.rstrip("/") + "/search/?q=" + urllib.parse.quote(word)
    report = {"before": None, "after": None, "seconds": None}
    with browser.chromium() as driver:
        driver.set_script_timeout(20)
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.get(page)
        report["before"] = driver.execute_async_script(RESULTS_JS, word)
        with open(markdown, encoding="utf-8") as f:
            original = f.read()
        save(markdown, original.rstrip("\n") + "\n\nA new word for the search: %s.\n" % word)
        saved = time.monotonic()
        while time.monotonic() - saved < 30:
            time.sleep(0.5)
            driver.get(page)
            found = driver.execute_async_script(RESULTS_JS, word)
            report["after"] = found
            if found and post in found:
                report["seconds"] = round(time.monotonic() - saved, 2)
                break
    ok = report["before"] == [] and report["seconds"] is not None
    print(json.dumps(report))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
