#!/usr/bin/env python3
"""Checks the *.expect.json files against the fixtures they describe.

    python3 Tests/Fixtures/Import/verify_expectations.py [--no-build]

- every located entry ({source, line, match}) has `match` on that 1-based line;
- `translated` counts equal the entries of `translated_at`;
- every named file exists, images are valid PNGs, and files stay under 20 KB;
- WordPress: old_urls are exactly the <link> paths of published posts and
  pages, and code_must_contain holds after decoding the entities once;
- unless --no-build, and when `jekyll` / `hugo` are on PATH: the fixture is
  copied to a temporary folder, built there with the real tool, and the HTML
  files it writes must be exactly old_urls plus the HTML ones of other_urls.

The fixtures themselves are never built in place (no _site/, public/ or
.jekyll-cache/ appears next to them). Exit status 1 on any mismatch.
"""
import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
problems = []


def fail(msg):
    problems.append(msg)
    print("FAIL:", msg)


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def located(entries):
    for key in ("translated_at", "must_be_listed", "planted_broken_links", "planted_missing_uploads"):
        for e in entries.get(key, []):
            yield key, e


def check_locations(kind, exp):
    root = os.path.join(HERE, kind)
    for key, e in located(exp):
        path = os.path.join(root, e["source"])
        if not os.path.isfile(path):
            fail(f"{kind}: {key}: no file {e['source']}")
            continue
        ls = lines(path)
        if not (1 <= e["line"] <= len(ls)) or e["match"] not in ls[e["line"] - 1]:
            fail(f"{kind}: {key}: {e['source']}:{e['line']} does not contain {e['match']!r}")
    counts = {}
    for e in exp.get("translated_at", []):
        counts[e["kind"]] = counts.get(e["kind"], 0) + 1
    if counts != exp["translated"]:
        fail(f"{kind}: translated {exp['translated']} != counted {counts}")
    urls = []
    for p in exp["pages"]:
        urls.append(p["url"])
        urls += p.get("aliases", [])
    if sorted(urls) != exp["old_urls"]:
        fail(f"{kind}: old_urls is not the sorted union of pages[].url and aliases")
    base = exp["base_path"]
    for u in exp["old_urls"]:
        if not u.startswith(base) or "?" in u or "#" in u:
            fail(f"{kind}: old URL {u} is not a path under {base}")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def check_files(kind, exp):
    root = os.path.join(HERE, kind)
    named = list(exp.get("static_files", [])) + list(exp.get("upload_files", [])) + list(exp.get("not_content", []))
    named += [p["source"] for p in exp["pages"]] + [d for d in exp["drafts"] if "#" not in d]
    named += [u for u in exp["unpublished"] if "#" not in u]
    named += [b["source"] for b in exp.get("bundle_files", [])]
    for rel in named:
        if not os.path.isfile(os.path.join(root, rel)):
            fail(f"{kind}: named file {rel} does not exist")
    total = 0
    for dirpath, dirnames, filenames in os.walk(root):
        for bad in ("_site", "public", ".jekyll-cache", "resources"):
            if bad in dirnames:
                fail(f"{kind}: build output {os.path.join(dirpath, bad)} must not be in the fixture")
        for name in filenames:
            path = os.path.join(dirpath, name)
            size = os.path.getsize(path)
            total += size
            if name != "export.xml" and size >= 20 * 1024:
                fail(f"{kind}: {path} is {size} bytes (>= 20 KB)")
            if name.endswith(".png") and png_size(path) is None:
                fail(f"{kind}: {path} is not a valid PNG")
    if total > 150 * 1024:
        fail(f"{kind}: fixture is {total} bytes (> 150 KB)")
    return total


def html_urls(site, base):
    """Every .html file the tool wrote, as a URL path under base."""
    urls = set()
    for dirpath, _, filenames in os.walk(site):
        for name in filenames:
            if not name.endswith(".html"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, name), site).replace(os.sep, "/")
            if rel == "index.html":
                urls.add(base)
            elif rel.endswith("/index.html"):
                urls.add(base + rel[: -len("index.html")])
            else:
                urls.add(base + rel)
    return urls


def check_build(kind, exp, command):
    tool = command[0]
    if shutil.which(tool) is None:
        print(f"skip: {tool} is not on PATH, {kind} old_urls not rebuilt")
        return
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "src")
        out = os.path.join(tmp, "site")
        shutil.copytree(os.path.join(HERE, kind), src)
        run = subprocess.run(command + [out], cwd=src, capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"{kind}: {' '.join(command)} failed:\n{run.stdout}\n{run.stderr}")
            return
        got = html_urls(out, exp["base_path"])
        want = set(exp["old_urls"]) | {u for u in exp.get("other_urls", []) if u.endswith("/") or u.endswith(".html")}
        for u in sorted(want - got):
            fail(f"{kind}: {tool} did not write {u}")
        for u in sorted(got - want):
            fail(f"{kind}: {tool} wrote {u}, which the expectation does not name")
        print(f"ok: {tool} wrote exactly the {len(got)} HTML URLs named in {kind}.expect.json")


WP = "{http://wordpress.org/export/1.2/}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}encoded"


def check_wordpress(exp):
    tree = ET.parse(os.path.join(HERE, "wordpress", "export.xml"))
    channel = tree.getroot().find("channel")
    site = channel.find("link").text.rstrip("/")
    published, by_id = set(), {}
    for item in channel.iter("item"):
        pid = int(item.find(WP + "post_id").text)
        by_id[pid] = item
        if item.find(WP + "status").text == "publish" and item.find(WP + "post_type").text in ("post", "page"):
            published.add(item.find("link").text[len(site):])
    if published != set(exp["old_urls"]):
        fail(f"wordpress: published <link> paths {sorted(published)} != old_urls")
    for ref, status in [(d, "draft") for d in exp["drafts"]] + [(u, None) for u in exp["unpublished"]]:
        item = by_id[int(ref.split("#")[1])]
        st = item.find(WP + "status").text
        if (status and st != status) or (not status and st not in ("private", "pending")):
            fail(f"wordpress: {ref} has status {st}")
    for c in exp["code_must_contain"]:
        body = by_id[c["post_id"]].find(CONTENT).text
        blocks = re.findall(r"\[(?:code|sourcecode)[^\]]*\](.*?)\[/(?:code|sourcecode)\]", body, re.S)
        if not any(c["text"] in html.unescape(b) for b in blocks):
            fail(f"wordpress: no code block of post {c['post_id']} contains {c['text']!r} once decoded")
    uploads = os.path.join(HERE, "wordpress", "uploads")
    referenced = set(re.findall(r"https://blog\.example\.net/wp-content/uploads/([^\"'\s<\]]+)", open(os.path.join(HERE, "wordpress", "export.xml"), encoding="utf-8").read()))
    missing = {r for r in referenced if not os.path.isfile(os.path.join(uploads, r))}
    want_missing = {m["target"][len("uploads/"):] for m in exp["planted_missing_uploads"]}
    if missing != want_missing:
        fail(f"wordpress: missing uploads {sorted(missing)} != planted {sorted(want_missing)}")


def main():
    build = "--no-build" not in sys.argv[1:]
    for kind in ("jekyll", "hugo", "wordpress"):
        with open(os.path.join(HERE, f"{kind}.expect.json"), encoding="utf-8") as f:
            exp = json.load(f)
        check_locations(kind, exp)
        size = check_files(kind, exp)
        print(f"checked {kind}: {size} bytes")
    if build:
        jekyll = json.load(open(os.path.join(HERE, "jekyll.expect.json"), encoding="utf-8"))
        # The fixture has a Gemfile; Debian's Jekyll must not try Bundler.
        os.environ["JEKYLL_NO_BUNDLER_REQUIRE"] = "true"
        check_build("jekyll", jekyll, ["jekyll", "build", "--quiet", "--disable-disk-cache", "-d"])
        hugo = json.load(open(os.path.join(HERE, "hugo.expect.json"), encoding="utf-8"))
        check_build("hugo", hugo, ["hugo", "--quiet", "--destination"])
    check_wordpress(json.load(open(os.path.join(HERE, "wordpress.expect.json"), encoding="utf-8")))
    if problems:
        print(f"{len(problems)} problem(s)")
        sys.exit(1)
    print("all expectations hold")


if __name__ == "__main__":
    main()
