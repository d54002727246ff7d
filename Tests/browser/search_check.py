#!/usr/bin/env python3
"""Browser checks of the search page (/search/) on a built site.

    python3 Tests/browser/search_check.py --site public --query cafe --expect /2024/05/x/ \\
        [--many tidemark] [--absent /2026/10/draft/] [--json]

Serves the site on 127.0.0.1 and, in headless Chromium:

- types --query into the real page's field, key by key, and checks that the
  results are drawn (#search-results[data-state=done] with the query), that the
  post --expect is among them, that every result has a link and a <mark>ed word,
  and that the count in #search-status is the page's own words for it;
- opens /search/?q=QUERY and checks the field and the results follow the address;
- keyboard only, on --many's results: ArrowDown from the field to the first
  result and on, ArrowUp back to the field, Enter on a result opens its post,
  Escape on a result returns to the field, Escape in the field clears it and the
  results;
- --more QUERY (a query with more matches than a page of results): the status
  counts every match, not only those drawn; the "more" button, reached with Tab
  from the last result and pressed with Enter, draws the next ones and moves the
  focus to the first of them; once every match is drawn the button is hidden;
- --absent (a draft's URL) is never among the results of its own title's words;
- --find QUERY=URL: URL (an app page, a series, a typo's post) is among the
  results of QUERY;
- a result's date reads as its post's page prints it (the post --expect);
- no query fetches a file the site does not have (no HTTP 404 for any file
  the page loads, the index's included);
- with JavaScript off, the page says so and links to a web search of the site;
- in the light and the dark scheme, the page's text, the results and the
  marks keep a contrast of 4.5:1, and the schemes differ;
- at 360 px wide, with results, nothing scrolls sideways;
- axe-core (axe.min.js from the installed Python package axe-core-python,
  never fetched) finds no violation on the page with results in both schemes,
  on the page without JavaScript, and on a post with the header's search field.

Exits 0 when every check passes, 1 naming each that failed, 3 when a tool is
missing (selenium, chromium, chromedriver or axe-core). The last line printed is
a JSON report.
"""
import argparse
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402
from theme_check import contrast, parse_colour  # noqa: E402

NARROW_WIDTH = 360
MIN_CONTRAST = 4.5


def axe_source():
    """axe-core's axe.min.js as the Python package axe-core-python installs it (axe-core 4.4;
    axe-selenium-python's is axe-core 3.1, which predates rules it then gets wrong)."""
    try:
        import axe_core_python
    except ImportError:
        raise browser.MissingTool("the Python package axe-core-python is not installed (make setup installs it)")
    path = os.path.join(os.path.dirname(axe_core_python.__file__), "axe.min.js")
    if not os.path.isfile(path):
        raise browser.MissingTool("axe-core-python has no axe.min.js")
    with open(path, encoding="utf-8") as f:
        return f.read()


WAIT_DONE_JS = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const list = document.getElementById('search-results');
const ready = () => list.dataset.state === 'done' && list.dataset.query === query;
if (ready()) { done(true); return; }
const observer = new MutationObserver(() => { if (ready()) { observer.disconnect(); done(true); } });
observer.observe(list, {attributes: true, childList: true});
setTimeout(() => { observer.disconnect(); done(ready()); }, 8000);
"""

RESULTS_JS = """
const list = document.getElementById('search-results');
return {
  state: list.dataset.state, query: list.dataset.query,
  status: document.getElementById('search-status').textContent,
  words: Object.assign({}, document.getElementById('search-status').dataset),
  items: [...list.children].map(li => ({
    tag: li.tagName, href: li.querySelector('a') && li.querySelector('a').getAttribute('href'),
    time: li.querySelector('time') && li.querySelector('time').textContent,
    marks: [...li.querySelectorAll('mark')].map(m => m.textContent)})),
  input: document.getElementById('search-input').value,
  focused: document.activeElement && (document.activeElement.id || document.activeElement.getAttribute('href')),
};
"""

COLOURS_JS = """
function colour(el, prop) { return el ? getComputedStyle(el)[prop] : null; }
function background(el) {
  for (; el; el = el.parentElement) {
    const c = getComputedStyle(el).backgroundColor;
    if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
  }
  return getComputedStyle(document.body).backgroundColor;
}
const out = {};
for (const [name, selector] of arguments[0]) {
  const el = document.querySelector(selector);
  out[name] = el ? {text: colour(el, 'color'), background: background(el)} : null;
}
return out;
"""

SAMPLES = [
    ("heading", "h1"),
    ("status", "#search-status"),
    ("result title", "#search-results li > a"),
    ("excerpt", "#search-results li p"),
    ("date", "#search-results li time"),
    ("mark", "#search-results mark"),
    ("field", "#search-input"),
    ("button", ".search-form button"),
]


class Checks:
    def __init__(self):
        self.failures = []

    def expect(self, ok, what):
        if not ok:
            self.failures.append(what)
        return ok


def wait_done(driver, query):
    return driver.execute_async_script(WAIT_DONE_JS, query)


def results(driver):
    return driver.execute_script(RESULTS_JS)


def count_words(words, n):
    # The page's own rule is Intl.PluralRules; English, German and Spanish take "one" for 1 only.
    return (words["one"] if n == 1 else words["other"]).replace("{n}", str(n))


def run_axe(driver, source, label, checks, report):
    driver.set_script_timeout(60)
    driver.execute_script(source)
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => "
        "({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))),"
        " e => done([{id: 'axe failed', impact: String(e), nodes: []}]));")
    report["axe"][label] = found
    checks.expect(not found, "axe-core on %s: %s" % (label, json.dumps(found)))


# Every file the page loaded that the server answered with an error (Resource Timing's
# responseStatus): a query must ask only for files the index has.
FAILED_JS = """
return performance.getEntriesByType('resource').filter(e => e.responseStatus >= 400)
  .map(e => ({url: e.name, status: e.responseStatus}));
"""


def failed_requests(driver, report):
    failed = driver.execute_script(FAILED_JS)
    report.setdefault("failed_requests", []).extend(failed)
    return failed


TOTAL_JS = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
window.blogbuildSearch.search(query, {limit: 100000}).then(a => done(a.total), e => done(-1));
"""


def total_matches(driver, query):
    """How many pages match `query`, by the page's own engine asked for every result."""
    return driver.execute_async_script(TOTAL_JS, query)


def check_more(driver, page, query, checks, report, By, Keys):
    """The "more" button: the status counts every match, Tab from the last result
    reaches the button, Enter draws the next results and moves to the first of them."""
    driver.get(page + "?q=" + urllib.parse.quote(query))
    checks.expect(wait_done(driver, query), "?q=%s: no results drawn" % query)
    first = results(driver)
    total = total_matches(driver, query)
    button = driver.find_element(By.ID, "search-more")
    more = report["more"] = {"total": total, "drawn": len(first["items"]), "status": first["status"],
                             "button": button.is_displayed(), "label": button.text}
    if not checks.expect(total > len(first["items"]), "--more %r: %d matches, all %d drawn" % (query, total, len(first["items"]))):
        return
    checks.expect(first["status"] == count_words(first["words"], total),
                  "--more %r: the status says %r for %d matches" % (query, first["status"], total))
    checks.expect(button.is_displayed() and button.text, "--more %r: the more button is not shown" % query)
    links = driver.find_elements(By.CSS_SELECTOR, "#search-results li > a")
    links[-1].send_keys(Keys.TAB)
    more["tab_from_last"] = driver.execute_script("return document.activeElement.id")
    checks.expect(more["tab_from_last"] == "search-more", "Tab from the last result does not reach the button: %s" % more)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    deadline = time.time() + 8
    after = results(driver)
    while time.time() < deadline and (len(after["items"]) <= len(first["items"]) or after["state"] != "done"):
        time.sleep(0.05)
        after = results(driver)
    drawn = len(after["items"])
    more.update({"drawn_after": drawn, "focused_after": after["focused"], "status_after": after["status"],
                 "button_after": button.is_displayed()})
    checks.expect(drawn == min(total, 2 * len(first["items"])), "--more %r: %d drawn after the button, of %d" % (query, drawn, total))
    checks.expect([i["href"] for i in after["items"][:len(first["items"])]] == [i["href"] for i in first["items"]],
                  "--more %r: the first results changed" % query)
    new_first = after["items"][len(first["items"])]["href"] if drawn > len(first["items"]) else None
    checks.expect(after["focused"] == new_first, "--more %r: the focus is on %r, not the first new result %r" % (query, after["focused"], new_first))
    checks.expect(after["status"] == first["status"], "--more %r: the status changed: %r" % (query, after["status"]))
    checks.expect(button.is_displayed() == (drawn < total), "--more %r: the button shown %s with %d of %d drawn" % (query, button.is_displayed(), drawn, total))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", required=True, help="a built site folder")
    parser.add_argument("--query", required=True, help="typed into the field; --expect must be among its results, its words marked")
    parser.add_argument("--expect", required=True, help="site path of the post --query was written for")
    parser.add_argument("--many", help="a query with at least three results, for the keyboard")
    parser.add_argument("--more", help="a query with more matches than one page of results (10) draws")
    parser.add_argument("--absent", action="append", default=[], help="QUERY=URL: URL (a draft) is never a result of QUERY")
    parser.add_argument("--post", default="", help="a page with the header's search field, for axe-core")
    parser.add_argument("--find", action="append", default=[], help="QUERY=URL: URL is among the results of QUERY")
    parser.add_argument("--quick", action="store_true",
                        help="only the results: typing, --find, --absent, dates and failed requests (no keyboard, schemes, axe-core)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    try:
        axe = axe_source()
        browser.find_tools()
    except browser.MissingTool as e:
        print("missing tool: %s" % e, file=sys.stderr)
        return 3

    checks = Checks()
    report = {"typed": None, "address": None, "keyboard": {}, "schemes": {}, "narrow": None, "axe": {}, "no_script": None}
    with browser.serve(args.site) as base:
        page = base + "search/"
        with browser.chromium() as driver:
            from selenium.webdriver.common.by import By
            from selenium.webdriver.common.keys import Keys

            # Typed key by key into the real field.
            driver.get(page)
            field = driver.find_element(By.ID, "search-input")
            checks.expect(driver.switch_to.active_element == field, "the field has the focus when the page opens")
            for ch in args.query:
                field.send_keys(ch)
                time.sleep(0.03)
            checks.expect(wait_done(driver, args.query), "typing %r: #search-results never reached data-state=done" % args.query)
            typed = results(driver)
            report["typed"] = typed
            hrefs = [i["href"] for i in typed["items"]]
            checks.expect(args.expect in hrefs, "typing %r: %s is not among the results %s" % (args.query, args.expect, hrefs))
            checks.expect(all(i["tag"] == "LI" and i["href"] for i in typed["items"]), "each result is an li with a link")
            # A post found by its body may show no matched word in its excerpt; the one the query was written for does.
            expected = [i for i in typed["items"] if i["href"] == args.expect]
            checks.expect(expected and expected[0]["marks"],
                          "typing %r: no marked word in the result of %s: %s" % (args.query, args.expect, typed["items"]))
            typed_total = total_matches(driver, args.query)
            checks.expect(typed["status"] == count_words(typed["words"], typed_total),
                          "the status says %r for %d matches" % (typed["status"], typed_total))
            checks.expect("q=" + urllib.parse.quote(args.query) in driver.current_url,
                          "the address follows the query: %s" % driver.current_url)
            # Typed key by key, each prefix a query of its own: none asked for a file that is not there.
            failed = failed_requests(driver, report)
            checks.expect(not failed, "typing %r: requests failed: %s" % (args.query, failed))

            # The result's date as the post's own page prints it.
            shown_date = expected[0]["time"] if expected else None
            driver.get(urllib.parse.urljoin(base, args.expect))
            page_dates = [t.text for t in driver.find_elements(By.CSS_SELECTOR, "main time")]
            report["dates"] = {"result": shown_date, "page": page_dates[:1]}
            checks.expect(shown_date and page_dates and shown_date == page_dates[0],
                          "the result's date %r is not the page's %r" % (shown_date, page_dates[:1]))

            # Pages of every kind, and typos.
            for pair in args.find:
                query, _, url = pair.partition("=")
                driver.get(page + "?q=" + urllib.parse.quote(query))
                checks.expect(wait_done(driver, query), "?q=%s: no results drawn" % query)
                shown = [i["href"] for i in results(driver)["items"]]
                report.setdefault("found", {})[query] = shown
                checks.expect(url in shown, "%s is not a result of %r: %s" % (url, query, shown))
                failed = failed_requests(driver, report)
                checks.expect(not failed, "?q=%s: requests failed: %s" % (query, failed))

            if args.quick:
                for pair in args.absent:
                    query, _, url = pair.partition("=")
                    driver.get(page + "?q=" + urllib.parse.quote(query))
                    checks.expect(wait_done(driver, query), "?q=%s: no results drawn" % query)
                    shown = [i["href"] for i in results(driver)["items"]]
                    report.setdefault("absent", {})[query] = shown
                    checks.expect(url not in shown, "%s is a result of %r: %s" % (url, query, shown))
                    failed = failed_requests(driver, report)
                    checks.expect(not failed, "?q=%s: requests failed: %s" % (query, failed))
                return finish(checks, report, args)

            # The address's ?q= fills the field and shows its results.
            driver.get(page + "?q=" + urllib.parse.quote(args.query))
            checks.expect(wait_done(driver, args.query), "?q=%s: no results drawn" % args.query)
            address = results(driver)
            report["address"] = address
            checks.expect(address["input"] == args.query, "?q= fills the field: %r" % address["input"])
            checks.expect([i["href"] for i in address["items"]] == hrefs, "?q= gives the same results as typing")

            if args.more:
                check_more(driver, page, args.more, checks, report, By, Keys)

            # Keyboard only.
            many = args.many or args.query
            driver.get(page + "?q=" + urllib.parse.quote(many))
            checks.expect(wait_done(driver, many), "?q=%s: no results drawn" % many)
            got = results(driver)
            links = [i["href"] for i in got["items"]]
            keys = report["keyboard"]
            keys["results"] = len(links)
            if checks.expect(len(links) >= 3, "%r has fewer than three results: %s" % (many, links)):
                active = lambda: driver.execute_script(
                    "const a = document.activeElement; return a.id || a.getAttribute('href');")
                field = driver.find_element(By.ID, "search-input")
                field.send_keys(Keys.ARROW_DOWN)
                keys["down"] = active()
                field_or_link = driver.switch_to.active_element
                field_or_link.send_keys(Keys.ARROW_DOWN)
                keys["down_down"] = active()
                driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
                keys["down_down_up"] = active()
                driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
                keys["back_to_field"] = active()
                checks.expect(keys["down"] == links[0], "ArrowDown from the field goes to the first result: %s" % keys)
                checks.expect(keys["down_down"] == links[1], "ArrowDown again goes to the second: %s" % keys)
                checks.expect(keys["down_down_up"] == links[0], "ArrowUp goes back to the first: %s" % keys)
                checks.expect(keys["back_to_field"] == "search-input", "ArrowUp on the first goes to the field: %s" % keys)
                # Escape on a result: back to the field, the query kept.
                field.send_keys(Keys.ARROW_DOWN)
                driver.switch_to.active_element.send_keys(Keys.ESCAPE)
                keys["escape_on_result"] = active()
                checks.expect(keys["escape_on_result"] == "search-input" and results(driver)["input"] == many,
                              "Escape on a result goes back to the field and keeps the query: %s" % keys)
                # Escape in the field: cleared, no results, nothing announced.
                driver.switch_to.active_element.send_keys(Keys.ESCAPE)
                cleared = results(driver)
                keys["escape_in_field"] = {"input": cleared["input"], "results": len(cleared["items"]), "status": cleared["status"]}
                checks.expect(cleared["input"] == "" and not cleared["items"] and cleared["status"] == "",
                              "Escape in the field clears it and the results: %s" % keys["escape_in_field"])
                # Enter on a result opens its post.
                driver.get(page + "?q=" + urllib.parse.quote(many))
                wait_done(driver, many)
                field = driver.find_element(By.ID, "search-input")
                field.send_keys(Keys.ARROW_DOWN)
                driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
                driver.switch_to.active_element.send_keys(Keys.ENTER)
                for _ in range(50):
                    if "/search/" not in driver.current_url:
                        break
                    time.sleep(0.1)
                keys["enter_opened"] = driver.current_url
                checks.expect(driver.current_url == urllib.parse.urljoin(base, links[1]),
                              "Enter on the second result opens %s, not %s" % (links[1], driver.current_url))

            # Drafts are never results.
            for pair in args.absent:
                query, _, url = pair.partition("=")
                driver.get(page + "?q=" + urllib.parse.quote(query))
                checks.expect(wait_done(driver, query), "?q=%s: no results drawn" % query)
                shown = [i["href"] for i in results(driver)["items"]]
                report.setdefault("absent", {})[query] = shown
                checks.expect(url not in shown, "%s is a result of %r: %s" % (url, query, shown))

            # Both schemes, with results and marks on the page.
            driver.get(page + "?q=" + urllib.parse.quote(args.query))
            wait_done(driver, args.query)
            for scheme in ("light", "dark"):
                browser.set_color_scheme(driver, scheme)
                measured = driver.execute_script(COLOURS_JS, SAMPLES)
                ratios = {}
                for name, sample in measured.items():
                    if not checks.expect(sample is not None, "%s: no %s on the page" % (scheme, name)):
                        continue
                    text, _ = parse_colour(sample["text"])
                    back, _ = parse_colour(sample["background"])
                    ratios[name] = round(contrast(text, back), 2)
                    checks.expect(ratios[name] >= MIN_CONTRAST, "%s %s: contrast %.2f" % (scheme, name, ratios[name]))
                report["schemes"][scheme] = {"ratios": ratios, "colours": measured}
                run_axe(driver, axe, "search page with results (%s)" % scheme, checks, report)
            light, dark = report["schemes"]["light"]["colours"], report["schemes"]["dark"]["colours"]
            checks.expect(light["result title"] != dark["result title"] and light["mark"] != dark["mark"],
                          "the results look the same in both schemes")
            browser.set_color_scheme(driver, "light")

            # 360 px wide, with results.
            browser.set_viewport(driver, NARROW_WIDTH, 800)
            driver.get(page + "?q=" + urllib.parse.quote(args.query))
            wait_done(driver, args.query)
            size = driver.execute_script("return {scrollWidth: document.documentElement.scrollWidth,"
                                         " clientWidth: document.documentElement.clientWidth};")
            report["narrow"] = size
            checks.expect(size["scrollWidth"] <= size["clientWidth"], "360 px: the search page scrolls sideways %s" % size)
            if args.post:
                driver.get(base + args.post)
                size = driver.execute_script("return {scrollWidth: document.documentElement.scrollWidth,"
                                             " clientWidth: document.documentElement.clientWidth};")
                checks.expect(size["scrollWidth"] <= size["clientWidth"], "360 px: /%s with the header's field scrolls sideways %s"
                              % (args.post, size))
                browser.set_viewport(driver, 1000, 1400)
                driver.get(base + args.post)
                header = driver.find_elements(By.CSS_SELECTOR, ".site-header form[role=search] input[name=q]")
                checks.expect(len(header) == 1, "/%s has the header's search field" % args.post)
                run_axe(driver, axe, "/" + args.post, checks, report)

        # Without JavaScript: the page says so, and links to a web search of the site.
        with browser.chromium(javascript=False) as driver:
            from selenium.webdriver.common.by import By
            driver.get(page + "?q=" + urllib.parse.quote(args.query))
            text = driver.find_element(By.TAG_NAME, "main").text
            links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".search-no-script a")]
            report["no_script"] = {"text": text, "links": links}
            words = driver.find_element(By.ID, "search-status").get_attribute("data-searching")
            checks.expect(bool(driver.find_elements(By.CSS_SELECTOR, ".search-no-script")) and
                          driver.find_element(By.CSS_SELECTOR, ".search-no-script").is_displayed(),
                          "without JavaScript the page does not say so: %r" % text)
            checks.expect(any(l.startswith("https://duckduckgo.com/?q=site%3A") for l in links),
                          "without JavaScript there is no web search of the site: %s" % links)
            checks.expect(words not in text, "without JavaScript nothing says it is searching")

        # axe-core needs JavaScript to run: the page as a browser without it has it, in one
        # with it: the search scripts blocked and each <noscript> replaced by its content.
        with browser.chromium() as driver:
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/assets/search.js", "*/assets/search-ui.js"]})
            driver.get(page + "?q=" + urllib.parse.quote(args.query))
            driver.execute_script("for (const n of [...document.querySelectorAll('noscript')]) n.outerHTML = n.textContent;")
            run_axe(driver, axe, "search page without JavaScript", checks, report)

    return finish(checks, report, args)


def finish(checks, report, args):
    for failure in checks.failures:
        print("FAIL: " + failure)
    if not args.json:
        print("checked the search page: %d failures" % len(checks.failures))
    print(json.dumps(report, ensure_ascii=False))
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
