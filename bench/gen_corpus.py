#!/usr/bin/env python3
"""Deterministic developer-blog corpus generator for the blogbuild benchmarks.

usage: gen_corpus.py N OUT [--seed S]

Writes the SAME N posts (plus series, apps and an about page) in four layouts:

  OUT/blogbuild/   content/site.yml, content/posts/YYYY-MM-DD-slug.md,
                   content/series/*.md, content/apps/*.md, content/pages/about.md,
                   content/images/*.png           (the layout README.md describes)
  OUT/hugo/        config.toml, content/, layouts/, static/images/
  OUT/jekyll/      _config.yml, _posts/, _series/, _apps/, _layouts/, _plugins/
  OUT/pelican/     pelicanconf.py, content/, theme/, plugins/
  OUT/bodies.md    every post body concatenated (front matter stripped,
                   footnote labels made unique per post) for the cmark-gfm floor
  OUT/corpus.json  manifest: counts, sizes, seed, generator hash

Only the Python standard library is used.  Output depends only on N and the
seed (no clock, no hash randomisation, no set iteration), so two runs with the
same arguments produce byte-identical trees.
"""

import argparse
import hashlib
import json
import math
import os
import random
import re
import shutil
import struct
import sys
import zlib
from datetime import date, datetime, timedelta

GENERATOR_VERSION = 1

# --------------------------------------------------------------------------
# vocabulary
# --------------------------------------------------------------------------

TAGS = [
    "Swift", "SwiftUI", "iOS", "macOS", "tvOS", "watchOS", "Xcode", "UIKit",
    "AppKit", "Combine", "Concurrency", "Testing", "Performance",
    "Accessibility", "Design", "Indie Dev", "Business", "App Store",
    "Open Source", "Tooling", "Git", "CI", "Linux", "Web", "PHP", "Laravel",
    "WordPress", "JavaScript", "TypeScript", "Node", "CSS", "AppleScript",
    "Automation", "Shortcuts", "Security", "Privacy", "Networking",
    "Core Data", "Markdown", "Writing",
]
assert len(TAGS) == 40 and len(set(TAGS)) == 40

LANGS = ["swift", "javascript", "php", "css", "applescript"]
LANG_WEIGHTS = [45, 20, 15, 10, 10]
LANG_NAME = {"swift": "Swift", "javascript": "JavaScript", "php": "PHP",
             "css": "CSS", "applescript": "AppleScript"}
LANG_TAGS = {
    "swift": ["Swift", "SwiftUI", "iOS", "macOS", "UIKit", "Combine",
              "Concurrency", "Xcode", "tvOS", "watchOS", "AppKit", "Core Data"],
    "javascript": ["JavaScript", "Web", "TypeScript", "Node"],
    "php": ["PHP", "Web", "Laravel", "WordPress"],
    "css": ["CSS", "Web", "Design", "Accessibility"],
    "applescript": ["AppleScript", "Automation", "macOS", "Shortcuts"],
}
GENERIC_TAGS = ["Testing", "Performance", "Git", "CI", "Linux", "Tooling",
                "Open Source", "Indie Dev", "Business", "App Store", "Security",
                "Privacy", "Networking", "Markdown", "Writing", "Design",
                "Accessibility"]

TOPICS = {
    "swift": ["a settings screen", "list diffing", "a custom property wrapper",
              "async image loading", "a document-based app", "home screen widgets",
              "keyboard shortcuts", "a menu bar app", "state restoration",
              "in-app purchases", "background refresh", "Core Data migrations",
              "a SwiftUI sidebar", "undo support", "drag and drop",
              "the tvOS focus engine", "localised strings", "a result builder",
              "structured concurrency", "actors", "a tvOS top shelf",
              "watch complications", "deep links", "view model tests",
              "Swift packages", "a custom layout", "Codable edge cases",
              "App Intents", "a share extension", "Spotlight indexing"],
    "php": ["a contact form", "a Laravel queue", "block themes", "caching with Redis",
            "a REST endpoint", "Composer autoloading", "database migrations",
            "a webhook handler", "image resizing", "session handling",
            "a static export", "rate limiting", "a licence server",
            "Stripe webhooks"],
    "javascript": ["a service worker", "lazy loading images", "a tiny router",
                   "form validation", "web components", "a build step",
                   "fetch retries", "a dark mode toggle", "a search index",
                   "event delegation", "an RSS reader", "a Markdown preview",
                   "a copy-to-clipboard button"],
    "applescript": ["Finder automation", "Mail rules", "a Safari tab exporter",
                    "Music playlists", "a Calendar report", "window management",
                    "clipboard clean-up", "batch renaming files", "a daily backup",
                    "Xcode build scripts", "a Things import"],
    "css": ["a dark mode palette", "fluid typography", "a grid layout",
            "focus styles", "a print stylesheet", "container queries",
            "scroll snapping", "reduced motion", "a responsive nav",
            "custom properties", "a screenshot gallery"],
}

TITLE_TEMPLATES = [
    "Building {topic} in {lang}", "How I Built {topic}", "Notes on {topic}",
    "A Better Approach to {topic}", "What I Learned Shipping {topic}",
    "Debugging {topic}", "{lang} Tip: {Topic}", "Revisiting {topic}",
    "{n} Lessons from {topic}", "Why {topic} Is Harder Than It Looks",
    "Replacing {topic} with Something Simpler", "A Quick Look at {topic}",
    "Making {topic} Accessible", "Testing {topic}", "Speeding Up {topic}",
    "{Topic}, Revisited", "Everything I Know About {topic}",
    "The Case for {topic}", "Fixing {topic} on Older Devices",
]

SERIES_PREFIXES = ["Building", "Field Notes on", "Learning", "Inside",
                   "Shipping", "Rebuilding", "A Diary of", "Deep Dive into",
                   "Hands-on with", "Exploring", "Rethinking", "Maintaining"]
SERIES_SUBJECTS = ["SwiftUI", "a tvOS App", "Mac Automation", "Modern CSS",
                   "Laravel", "an Indie Business", "the App Store",
                   "Accessibility", "Core Data", "Swift Concurrency", "WidgetKit",
                   "a Static Site", "Open Source", "Web Performance",
                   "AppleScript", "a Podcast App", "a Markdown Editor",
                   "Xcode Cloud", "a Developer Blog", "App Intents",
                   "the Focus Engine", "a Side Project", "a Design System",
                   "Server-Side Swift", "a Menu Bar App", "WordPress Themes",
                   "Shortcuts", "Testing in Xcode", "a Browser Extension",
                   "Localisation", "Privacy Labels", "a Licence Server",
                   "Home Automation", "Dark Mode", "Web Components",
                   "a Plain-Text Workflow", "Continuous Integration",
                   "a Mac Catalyst Port", "Subscriptions", "Release Notes"]

APP_FIRST = ["Tiny", "Quiet", "Bright", "Daily", "Pocket", "Little", "Clear",
             "Night", "Simple", "Browser", "Morning", "Paper", "Swift", "Kind",
             "Plain", "Open", "Slow", "Field"]
APP_SECOND = ["Note", "Timer", "Ledger", "Clip", "Tabs", "Dock", "Lens",
              "Shelf", "Board", "Tally", "Feed", "Frame", "Scribe", "Harbour",
              "Quill", "Lumen", "Stack", "Pad"]
SINGLE_APP_NAMES = ["Stoutness", "Marginalia", "Overcast Lite", "Brightside",
                    "Tidy", "Kettle", "Sundial", "Waypoint"]
PLATFORMS = ["iOS", "iPadOS", "macOS", "tvOS", "watchOS", "visionOS"]

HEADINGS = ["The problem", "Background", "A first attempt", "What actually worked",
            "Measuring it", "Putting it together", "Edge cases", "Testing it",
            "Wrapping up", "Further reading", "Why not use a library?",
            "The setup", "Digging deeper", "A note on performance",
            "Trade-offs", "What I'd do differently", "The fix",
            "How it works", "Accessibility", "Lessons learned", "Next steps",
            "Caveats", "Where this breaks down", "The numbers"]

INLINE_CODE = {
    "swift": ["URLSession", "@MainActor", "Task.detached", "NavigationStack",
              "ObservableObject", "@Published", "List", "onAppear", "Codable",
              "DispatchQueue.main", "UIHostingController", "NSPersistentContainer",
              "withAnimation", "AsyncStream", "LazyVGrid", "@Environment(\\.dismiss)",
              "Sendable", "Result<Data, Error>", "guard let", "defer"],
    "php": ["array_map()", "$request->validate()", "composer dump-autoload",
            "Cache::remember()", "php artisan queue:work", "wp_enqueue_script()",
            "json_encode()", "PDO::prepare()", "str_contains()", "match"],
    "javascript": ["fetch()", "addEventListener", "IntersectionObserver",
                   "localStorage", "async/await", "Array.prototype.flatMap",
                   "customElements.define()", "structuredClone()", "import.meta.url",
                   "navigator.clipboard"],
    "applescript": ["tell application \"Finder\"", "repeat with", "do shell script",
                    "display notification", "set the clipboard to", "osascript",
                    "every window", "System Events"],
    "css": ["prefers-color-scheme", "display: grid", "clamp()", ":focus-visible",
            "@container", "scroll-snap-type", "prefers-reduced-motion",
            "--accent-color", "aspect-ratio", "color-mix()"],
    "any": ["git bisect", "make", "brew install", "xcodebuild", "rsync -av",
            "grep -r", "Info.plist", ".gitignore", "README.md", "curl -I"],
}

EXTERNAL_LINKS = [
    ("the documentation", "https://developer.apple.com/documentation/swiftui"),
    ("Apple's sample code", "https://developer.apple.com/documentation/samplecode"),
    ("the Swift forums", "https://forums.swift.org/"),
    ("the Swift evolution proposal", "https://github.com/apple/swift-evolution"),
    ("MDN", "https://developer.mozilla.org/en-US/docs/Web/API/Fetch_API"),
    ("the PHP manual", "https://www.php.net/manual/en/function.array-map.php"),
    ("the Laravel docs", "https://laravel.com/docs/queues"),
    ("this WWDC session", "https://developer.apple.com/videos/play/wwdc2023/10149/"),
    ("a great write-up", "https://www.swiftbysundell.com/articles/"),
    ("the CommonMark spec", "https://spec.commonmark.org/0.30/"),
    ("the WordPress handbook", "https://developer.wordpress.org/themes/"),
    ("the AppleScript language guide",
     "https://developer.apple.com/library/archive/documentation/AppleScript/Conceptual/AppleScriptLangGuide/"),
    ("the CSS spec", "https://www.w3.org/TR/css-grid-2/"),
    ("Can I use", "https://caniuse.com/css-container-queries"),
    ("the repository", "https://github.com/example/example-project"),
    ("the release notes", "https://developer.apple.com/documentation/xcode-release-notes"),
    ("Hacker News", "https://news.ycombinator.com/"),
    ("the App Store Review Guidelines",
     "https://developer.apple.com/app-store/review/guidelines/"),
]

PEOPLE = ["a colleague", "a reader", "my past self", "the maintainer",
          "an App Store reviewer", "a friend at a conference", "my accountant",
          "a beta tester"]

SENTENCES = [
    "I spent most of a weekend on {topic}, and the result was {em}.",
    "The obvious approach is to reach for {code}, but that falls apart once {cond}.",
    "If you have read {link}, you will recognise the pattern.",
    "This is the part where I admit I got it wrong the first time.",
    "It turns out that {code} does {strong} when {cond}.",
    "I wrote about this before in {ilink}, but a few things have changed since then.",
    "The short version: use {code} and keep the state in one place.",
    "Most of the complexity comes from {topic}, not from the code itself.",
    "After profiling, {n}% of the time was spent in {code}.",
    "That sounds like a small thing, but it made the app feel {em}.",
    "{person} pointed out that {code} already handles this case.",
    "There is a subtle bug here: {cond}, the view never updates.",
    "I'd rather have a boring solution that I understand than a clever one I don't.",
    "The fix is a single line, which is usually a sign that the bug was interesting.",
    "You can find the full project on GitHub, and {link} explains the background.",
    "Nothing here is new, but I could not find it written down in one place.",
    "On older devices the difference is {strong}: roughly {n} milliseconds per frame.",
    "The trick is to let {code} do the work and stay out of its way.",
    "I now run this check on every build, so a regression shows up within minutes.",
    "Readers asked how {topic} works, so here is the long answer.",
    "This works on {platform} too, with one small change.",
    "Some of this is opinion, and your mileage will vary.",
    "The naïve version looked fine in the simulator and fell over on a real device.",
    "A quick search led me to {link}, which saved me an afternoon.",
    "I kept the first version around for comparison, because numbers beat intuition.",
    "It is {em} how much code disappears once {topic} is handled properly.",
    "When {cond}, {code} is called twice, and that is where the flicker comes from.",
    "Here is what the finished version looks like, with the noise removed.",
    "I am not going to pretend this is the only way — it is just the one that stuck.",
    "The App Store build took {n} minutes, which is about what I expected.",
    "Accessibility came almost for free, which is not something I say often.",
    "My café-table test rig is an old iPad and a lot of patience.",
    "That is the whole idea; the rest is bookkeeping.",
    "Back in {year} I would have solved this with {code}, and I would have regretted it.",
    "You do not need a framework for this; {n} lines of {lang} will do.",
    "Plain text wins again, as it usually does.",
]
CONDS = ["the list is empty", "the app goes to the background", "the user rotates the device",
         "the network is slow", "two requests race each other", "the cache is cold",
         "dark mode is on", "the window is resized", "the file is larger than a few megabytes",
         "VoiceOver is running", "the keyboard appears", "the locale is not English"]
EMPHS = ["*much* faster", "*surprisingly* pleasant", "*noticeably* smoother",
         "*far* simpler", "*almost* boring", "*a lot* less fragile", "_genuinely_ useful"]
STRONGS = ["**exactly the wrong thing**", "**nothing at all**", "**a lot of work**",
           "**huge**", "**the right thing**", "**twice as much work**"]

LIST_ITEMS = [
    "Keep {code} out of the view layer.", "Measure before and after, on a real device.",
    "Write the test first; it is cheaper than the bug report.",
    "Prefer {code} over rolling your own.", "Log the edge case, then handle it.",
    "Check the behaviour with {cond}.", "Ship it behind a feature flag.",
    "Read {link} once, properly.", "Delete the code path nobody uses.",
    "Document the one weird trick in the README.",
    "Run the whole suite with `make test` before tagging a release.",
    "Back up the database before running {code}.",
    "Use a release build when timing anything.",
    "Remember that {topic} behaves differently on {platform}.",
]
STEP_ITEMS = [
    "Open the project and select the app target.", "Add {code} to the build settings.",
    "Run the app once so the cache is populated.", "Create a new file and paste the snippet below.",
    "Build with `xcodebuild -scheme App -configuration Release`.",
    "Commit, push and wait for CI to go green.", "Check the output with {code}.",
    "Restart the server and clear the browser cache.", "Replace the old call with {code}.",
    "Update the changelog and bump the version number.",
]
QUOTES = [
    "Make it work, make it right, make it fast.",
    "The best code is no code at all.",
    "Simple things should be simple, complex things should be possible.",
    "Premature optimisation is the root of all evil — but so is shipping something slow.",
    "If it hurts, do it more often.",
    "Every app is a collection of edge cases held together by hope.",
]
ALTS = ["Screenshot of the settings window", "The finished widget on the home screen",
        "Instruments showing the time profiler", "A diagram of the data flow between views",
        "The app running in dark mode", "Xcode's memory graph debugger",
        "Before and after comparison of the layout", "The tvOS top shelf with artwork",
        "A chart of build times over a month", "The menu bar app's popover",
        "The Safari Web Inspector network tab", "The Shortcuts editor with the new action"]
FOOTNOTES = [
    "I have since been told there is an undocumented flag for this. I have not tried it.",
    "Yes, I know about {code}. It did not exist when I wrote the first version.",
    "Measured on a {year} MacBook Air, release build, median of five runs.",
    "This changed in a later OS release, so check {link} for the current behaviour.",
    "{person} disagrees, and they may well be right.",
    "The numbers are rounded; the trend is what matters.",
]

IMAGE_NAMES = ([f"screenshot-{i:02d}.png" for i in range(1, 17)]
               + [f"diagram-{i:02d}.png" for i in range(1, 9)]
               + [f"icon-{i:02d}.png" for i in range(1, 9)])

# code snippet templates: «Name» «name» «n» «Title» are substituted
SNIPPETS = {
    "swift": [
        '''struct «Name»View: View {
    @State private var «name»s: [String] = []
    @Environment(\\.dismiss) private var dismiss

    var body: some View {
        List(«name»s, id: \\.self) { item in
            Text(item)
                .font(.body)
        }
        .navigationTitle("«Title»")
        .task {
            await load()
        }
    }

    private func load() async {
        «name»s = (1...«n»).map { "Item \\($0)" }
    }
}''',
        '''actor «Name»Cache {
    private var storage: [URL: Data] = [:]
    private let limit = «n»

    func data(for url: URL) async throws -> Data {
        if let cached = storage[url] {
            return cached
        }
        let (data, response) = try await URLSession.shared.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw URLError(.badServerResponse)
        }
        if storage.count >= limit {
            storage.removeAll(keepingCapacity: true)
        }
        storage[url] = data
        return data
    }
}''',
        '''extension «Name» {
    static let preview = «Name»(
        id: UUID(),
        title: "«Title»",
        createdAt: .now,
        tags: ["swift", "ios"]
    )

    var isRecent: Bool {
        createdAt.timeIntervalSinceNow > -Double(«n») * 86_400
    }
}''',
        '''final class «Name»Tests: XCTestCase {
    func testLoadingEmptyState() async throws {
        let model = «Name»ViewModel(service: MockService(items: []))
        await model.load()
        XCTAssertTrue(model.items.isEmpty)
        XCTAssertEqual(model.state, .empty)
    }

    func testLoadingManyItems() async throws {
        let items = (0..<«n»).map { «Name»(index: $0) }
        let model = «Name»ViewModel(service: MockService(items: items))
        await model.load()
        XCTAssertEqual(model.items.count, «n»)
    }
}''',
        '''@propertyWrapper
struct Clamped<Value: Comparable> {
    private var value: Value
    private let range: ClosedRange<Value>

    init(wrappedValue: Value, _ range: ClosedRange<Value>) {
        self.range = range
        self.value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }

    var wrappedValue: Value {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }
}

struct «Name»Settings {
    @Clamped(0...«n») var volume = 10
}''',
        '''let cancellable = NotificationCenter.default
    .publisher(for: UIApplication.didBecomeActiveNotification)
    .debounce(for: .milliseconds(«n»), scheduler: RunLoop.main)
    .sink { [weak self] _ in
        self?.«name»Store.refresh()
    }''',
    ],
    "php": [
        '''<?php

namespace App\\Http\\Controllers;

use App\\Models\\«Name»;
use Illuminate\\Http\\Request;

class «Name»Controller extends Controller
{
    public function store(Request $request)
    {
        $validated = $request->validate([
            'title' => 'required|max:255',
            'body' => 'required',
        ]);

        $«name» = «Name»::create($validated);

        return redirect()->route('«name»s.show', $«name»);
    }
}''',
        '''<?php

function «name»_cached(string $key, callable $compute, int $ttl = «n»): mixed
{
    $file = sys_get_temp_dir() . '/«name»-' . md5($key);
    if (is_file($file) && filemtime($file) > time() - $ttl) {
        return unserialize(file_get_contents($file));
    }
    $value = $compute();
    file_put_contents($file, serialize($value), LOCK_EX);
    return $value;
}''',
        '''<?php

add_action('wp_enqueue_scripts', function () {
    wp_enqueue_style(
        '«name»-style',
        get_stylesheet_directory_uri() . '/css/«name».css',
        [],
        '1.«n».0'
    );
});''',
        '''<?php

$rows = $pdo->prepare('SELECT id, title FROM «name»s WHERE published = 1 LIMIT :limit');
$rows->bindValue(':limit', «n», PDO::PARAM_INT);
$rows->execute();

foreach ($rows->fetchAll(PDO::FETCH_ASSOC) as $row) {
    echo htmlspecialchars($row['title']), PHP_EOL;
}''',
    ],
    "javascript": [
        '''const «name» = async (url, retries = «n») => {
  for (let attempt = 0; attempt < retries; attempt++) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return await response.json();
    } catch (error) {
      console.warn(`Attempt ${attempt + 1} failed`, error);
      await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 100));
    }
  }
  throw new Error('Giving up');
};''',
        '''class «Name»Element extends HTMLElement {
  connectedCallback() {
    this.button = document.createElement('button');
    this.button.textContent = '«Title»';
    this.button.addEventListener('click', () => this.toggle());
    this.append(this.button);
  }

  toggle() {
    this.toggleAttribute('open');
    this.dispatchEvent(new CustomEvent('«name»-toggle', { bubbles: true }));
  }
}

customElements.define('x-«name»', «Name»Element);''',
        '''const observer = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const img = entry.target;
    img.src = img.dataset.src;
    observer.unobserve(img);
  }
}, { rootMargin: '«n»px' });

document.querySelectorAll('img[data-src]').forEach((img) => observer.observe(img));''',
        '''self.addEventListener('fetch', (event) => {
  event.respondWith(
    caches.open('«name»-v«n»').then(async (cache) => {
      const cached = await cache.match(event.request);
      const network = fetch(event.request).then((response) => {
        cache.put(event.request, response.clone());
        return response;
      });
      return cached || network;
    })
  );
});''',
    ],
    "applescript": [
        '''tell application "Finder"
    set theFolder to folder "«Title»" of desktop
    repeat with theFile in (every file of theFolder)
        set theName to name of theFile
        if theName ends with ".png" then
            set name of theFile to "«name»-" & theName
        end if
    end repeat
end tell''',
        '''tell application "Safari"
    set output to ""
    repeat with w in windows
        repeat with t in tabs of w
            set output to output & "- [" & name of t & "](" & URL of t & ")" & linefeed
        end repeat
    end repeat
end tell
set the clipboard to output
display notification "Copied «n» tabs" with title "«Title»"''',
        '''on run argv
    set projectPath to item 1 of argv
    set buildLog to do shell script "cd " & quoted form of projectPath & " && xcodebuild -scheme «Name» build 2>&1 | tail -n «n»"
    if buildLog contains "BUILD SUCCEEDED" then
        display notification "Build finished" with title "«Name»"
    else
        display dialog buildLog buttons {"OK"} default button 1
    end if
end run''',
    ],
    "css": [
        ''':root {
  --«name»-bg: #ffffff;
  --«name»-fg: #1d1d1f;
  --«name»-accent: #0a84ff;
}

@media (prefers-color-scheme: dark) {
  :root {
    --«name»-bg: #1c1c1e;
    --«name»-fg: #f5f5f7;
  }
}

body {
  background: var(--«name»-bg);
  color: var(--«name»-fg);
}''',
        '''.«name»-grid {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(«n»rem, 1fr));
  gap: clamp(0.5rem, 2vw, 1.5rem);
}

.«name»-grid > img {
  aspect-ratio: 16 / 10;
  object-fit: cover;
  border-radius: 0.5rem;
}''',
        '''@media (prefers-reduced-motion: reduce) {
  *,
  *::before,
  *::after {
    animation-duration: 0.01ms !important;
    transition-duration: 0.01ms !important;
  }
}

a:focus-visible {
  outline: 3px solid var(--accent-color, #0a84ff);
  outline-offset: «n»px;
}''',
        '''@container card (min-width: «n»0px) {
  .«name» {
    display: flex;
    gap: 1rem;
  }

  .«name» h2 {
    font-size: clamp(1.1rem, 2.5cqi, 1.6rem);
  }
}''',
    ],
}

IDENT_NAMES = ["feed", "note", "entry", "photo", "session", "invoice", "podcast",
               "bookmark", "episode", "reminder", "article", "widget", "project",
               "snippet", "tab", "track", "draft", "record"]


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------

def slugify(s):
    s = s.lower()
    s = s.replace("'", "").replace("’", "")
    s = re.sub(r"[^a-z0-9]+", "-", s).strip("-")
    if len(s) > 60:
        s = s[:60].rsplit("-", 1)[0]
    return s


def ystr(s):
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(s, ensure_ascii=False)


def cap(s):
    return s[:1].upper() + s[1:]


def png_bytes(w, h, rgb):
    """A tiny, deterministic, valid PNG."""
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * w
    raw = row * h
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def write_bytes(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


# --------------------------------------------------------------------------
# the model: posts, series, apps
# --------------------------------------------------------------------------

class Ctx:
    def __init__(self, rng, lang, topic, earlier, year):
        self.rng = rng
        self.lang = lang
        self.topic = topic
        self.earlier = earlier   # list of (title, url) of earlier posts
        self.year = year


def fill(ctx, template):
    r = ctx.rng

    def code():
        pool = INLINE_CODE[ctx.lang] if r.random() < 0.8 else INLINE_CODE["any"]
        return "`" + r.choice(pool) + "`"

    def link():
        text, url = r.choice(EXTERNAL_LINKS)
        return f"[{text}]({url})"

    def ilink():
        if ctx.earlier:
            title, url = ctx.earlier[r.randrange(len(ctx.earlier))]
            return f"[“{title}”]({url})"
        return link()

    out = template
    # replace one slot at a time so repeated slots get different values
    for slot, fn in (("{code}", code), ("{link}", link), ("{ilink}", ilink),
                     ("{em}", lambda: r.choice(EMPHS)),
                     ("{strong}", lambda: r.choice(STRONGS)),
                     ("{cond}", lambda: r.choice(CONDS)),
                     ("{topic}", lambda: r.choice(TOPICS[ctx.lang]) if r.random() < 0.4 else ctx.topic),
                     ("{person}", lambda: r.choice(PEOPLE)),
                     ("{platform}", lambda: r.choice(PLATFORMS)),
                     ("{lang}", lambda: LANG_NAME[ctx.lang]),
                     ("{year}", lambda: str(r.randint(2008, max(2009, ctx.year - 1)))),
                     ("{n}", lambda: str(r.randint(2, 95)))):
        while slot in out:
            out = out.replace(slot, fn(), 1)
    return cap(out) if out[:1].islower() else out


def paragraph(ctx, nmin=3, nmax=6):
    r = ctx.rng
    k = r.randint(nmin, nmax)
    return " ".join(fill(ctx, r.choice(SENTENCES)) for _ in range(k))


def code_block(ctx, lang):
    r = ctx.rng
    t = r.choice(SNIPPETS[lang])
    ident = r.choice(IDENT_NAMES)
    t = (t.replace("«Name»", cap(ident)).replace("«name»", ident)
          .replace("«Title»", cap(ident) + " " + r.choice(["List", "Settings", "Archive", "Inbox"]))
          .replace("«n»", str(r.randint(3, 60))))
    return f"```{lang}\n{t}\n```"


def bullet_list(ctx, items, numbered=False):
    r = ctx.rng
    k = r.randint(3, 6)
    chosen = r.sample(items, min(k, len(items)))
    lines = []
    for i, it in enumerate(chosen, 1):
        marker = f"{i}." if numbered else "-"
        lines.append(f"{marker} {fill(ctx, it)}")
        if not numbered and r.random() < 0.12:
            lines.append(f"    - {fill(ctx, r.choice(LIST_ITEMS))}")
    return "\n".join(lines)


def table(ctx):
    r = ctx.rng
    kind = r.randrange(3)
    if kind == 0:
        rows = ["| Approach | Median time | Memory |", "| --- | ---: | ---: |"]
        for _ in range(r.randint(3, 6)):
            rows.append(f"| `{r.choice(INLINE_CODE[ctx.lang])}` | {r.randint(2, 900)} ms | {r.randint(8, 400)} MB |")
    elif kind == 1:
        rows = ["| Platform | Supported | Notes |", "| :--- | :---: | --- |"]
        for p in r.sample(PLATFORMS, r.randint(3, 5)):
            rows.append(f"| {p} | {r.choice(['Yes', 'No', 'Partly'])} | {fill(ctx, r.choice(['Needs {code}', 'Works as is', 'See {link}', 'Slower when {cond}']))} |")
    else:
        rows = ["| Version | Date | Change |", "| --- | --- | --- |"]
        y = ctx.year
        for i in range(r.randint(3, 6)):
            rows.append(f"| 1.{i} | {y}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d} | {fill(ctx, r.choice(['Fixed a crash when {cond}', 'Added {topic}', 'Faster start-up', 'Switched to {code}']))} |")
    return "\n".join(rows)


def blockquote(ctx):
    r = ctx.rng
    if r.random() < 0.5:
        return f"> {r.choice(QUOTES)}\n>\n> — {cap(r.choice(PEOPLE))}"
    return "> " + paragraph(ctx, 2, 3)


def image(ctx):
    r = ctx.rng
    name = r.choice(IMAGE_NAMES[:24])
    alt = r.choice(ALTS)
    if r.random() < 0.3:
        return f'![{alt}](/images/{name} "{alt}")'
    return f"![{alt}](/images/{name})"


def make_body(ctx, target, nfoot):
    """Return the Markdown body of one post, roughly `target` bytes long."""
    r = ctx.rng
    nhead = r.randint(2, 4)
    ncode = r.choices([1, 2, 3], [45, 40, 15])[0]
    langs = [ctx.lang if r.random() < 0.8 else r.choice(LANGS) for _ in range(ncode)]
    extras = [code_block(ctx, l) for l in langs]
    extras.append(bullet_list(ctx, LIST_ITEMS))
    if r.random() < 0.6:
        extras.append(bullet_list(ctx, STEP_ITEMS, numbered=True))
    if r.random() < 0.3:
        extras.append(blockquote(ctx))
    if r.random() < 0.15:
        extras.append(table(ctx))
    for _ in range(r.choices([0, 1, 2], [55, 35, 10])[0]):
        extras.append(image(ctx))
    r.shuffle(extras)

    sections = [[paragraph(ctx)]]               # intro
    heads = r.sample(HEADINGS, nhead)
    for h in heads:
        level = "###" if r.random() < 0.15 and len(sections) > 1 else "##"
        sections.append([f"{level} {h}", paragraph(ctx)])
    for i, e in enumerate(extras):             # spread the extras over sections
        sec = sections[1 + i % nhead]
        sec.append(e)
        sec.append(paragraph(ctx, 1, 3))

    def size():
        return sum(len(b.encode("utf-8")) + 2 for s in sections for b in s)

    # pad with prose until the target is reached
    i = 0
    while size() < target:
        sec = sections[i % len(sections)]
        sec.insert(r.randint(1, len(sec)) if len(sec) > 1 else 1, paragraph(ctx))
        i += 1

    # footnotes: attach references to random prose paragraphs
    prose = [(si, bi) for si, s in enumerate(sections) for bi, b in enumerate(s)
             if b[:1].isalpha() and not b.startswith(("#",))]
    refs = r.sample(prose, min(nfoot, len(prose)))
    refs.sort()
    for k, (si, bi) in enumerate(refs, 1):
        sections[si][bi] = sections[si][bi] + f"[^{k}]"
    blocks = [b for s in sections for b in s]
    if nfoot:
        defs = [f"[^{k}]: {fill(ctx, r.choice(FOOTNOTES))}" for k in range(1, len(refs) + 1)]
        blocks.append("\n".join(defs))
    body = "\n\n".join(blocks) + "\n"
    assert "{{" not in body and "{%" not in body, "Liquid/shortcode delimiters in corpus"
    return body


def unique(name, taken):
    base, k = name, 2
    while name in taken:
        name = f"{base}-{k}"
        k += 1
    taken.add(name)
    return name


def build_model(n, seed):
    r = random.Random(seed)
    nseries = max(1, round(n / 40))
    napps = max(1, round(n / 100))

    # ---- apps
    names = list(SINGLE_APP_NAMES) + [f"{a} {b}" for a in APP_FIRST for b in APP_SECOND]
    r.shuffle(names)
    apps, taken = [], set()
    for i in range(napps):
        nm = names[i % len(names)] + ("" if i < len(names) else f" {i // len(names) + 1}")
        slug = unique(slugify(nm), taken)
        apps.append({"slug": slug, "title": nm})

    # ---- series
    combos = [f"{p} {s}" for p in SERIES_PREFIXES for s in SERIES_SUBJECTS]
    r.shuffle(combos)
    series, taken = [], set()
    for i in range(nseries):
        nm = combos[i % len(combos)] + ("" if i < len(combos) else f" ({i // len(combos) + 1})")
        slug = unique(slugify(nm), taken)
        series.append({"slug": slug, "title": nm})

    # ---- dates: spread evenly over 2010-01-01 .. 2024-12-31, daytime only
    start = date(2010, 1, 1)
    span = (date(2024, 12, 31) - start).days
    dates = []
    for i in range(n):
        d = start + timedelta(days=min(span, int(i * span / n) + r.randint(0, max(0, span // n - 1))))
        dates.append(datetime(d.year, d.month, d.day, r.randint(8, 19), r.randint(0, 59)))
    dates.sort()

    # ---- series membership: ~25% of posts, clustered in time
    series_of = [None] * n
    target = round(0.25 * n)
    weights = [r.uniform(0.4, 1.6) for _ in series]
    tot = sum(weights)
    sizes = [max(2, round(w / tot * target)) for w in weights]
    for s, size in zip(series, sizes):
        pos = r.randrange(n)
        got = 0
        tries = 0
        while got < size and tries < 10 * n:
            if series_of[pos] is None:
                series_of[pos] = s["slug"]
                got += 1
            pos += r.randint(1, 6)
            if pos >= n:                      # ran off the end: start again elsewhere
                pos = r.randrange(n)
            tries += 1
        s["count"] = got

    # ---- app membership: ~10% of posts
    app_of = [None] * n
    target = round(0.10 * n)
    weights = [r.uniform(0.4, 1.6) for _ in apps]
    tot = sum(weights)
    sizes = [max(1, round(w / tot * target)) for w in weights]
    for a, size in zip(apps, sizes):
        pos = r.randrange(n)
        got = 0
        tries = 0
        while got < size and tries < 10 * n:
            if app_of[pos] is None:
                app_of[pos] = a["slug"]
                got += 1
            pos += r.randint(1, 12)
            if pos >= n:
                pos = r.randrange(n)
            tries += 1
        a["count"] = got
        a["platforms"] = r.sample(PLATFORMS[:5], r.randint(1, 3))
        a["icon"] = r.choice(IMAGE_NAMES[24:])
        a["released"] = date(r.randint(2010, 2023), r.randint(1, 12), r.randint(1, 28))
        a["status"] = "retired" if r.random() < 0.2 else "available"
        a["tagline"] = cap(r.choice(["a", "the"]) + " " + r.choice(
            ["calm", "tiny", "fast", "private", "friendly", "keyboard-first"]) + " " + r.choice(
            ["timer", "note-taking app", "reading list", "habit tracker", "menu bar utility",
             "podcast player", "morning briefing", "clipboard manager"]) + " for " +
            " and ".join(a["platforms"]))
        a["app_store_id"] = r.randint(1000000000, 1999999999)
        a["screens"] = [(r.choice(IMAGE_NAMES[:16]), r.choice(ALTS)) for _ in range(r.randint(1, 3))]

    series_by_slug = {s["slug"]: s for s in series}
    app_by_slug = {a["slug"]: a for a in apps}
    series_seen = {s["slug"]: 0 for s in series}
    app_seen = {a["slug"]: 0 for a in apps}

    # ---- posts
    posts, slugs, earlier = [], set(), []
    tag_pop = [1.0 / (1 + 0.15 * i) for i in range(len(GENERIC_TAGS))]
    for i in range(n):
        dt = dates[i]
        lang = r.choices(LANGS, LANG_WEIGHTS)[0]
        topic = r.choice(TOPICS[lang])
        s_slug, a_slug = series_of[i], app_of[i]
        if s_slug:
            series_seen[s_slug] += 1
            part = series_seen[s_slug]
            title = f"{series_by_slug[s_slug]['title']}, Part {part}: {cap(topic)}"
        elif a_slug:
            app_seen[a_slug] += 1
            nm = app_by_slug[a_slug]["title"]
            if app_seen[a_slug] == 1:
                title = f"Introducing {nm}"
            else:
                title = f"{nm} {1 + app_seen[a_slug] // 3}.{app_seen[a_slug] % 3}: {cap(topic)}"
        else:
            title = r.choice(TITLE_TEMPLATES).format(
                topic=topic, Topic=cap(topic), lang=LANG_NAME[lang], n=r.randint(3, 12))
        slug = unique(slugify(title), slugs)

        # tags: one from the language, 0-3 more
        ltags = LANG_TAGS[lang]
        tags = [ltags[0] if r.random() < 0.6 else r.choice(ltags)]
        for _ in range(r.choices([0, 1, 2, 3], [15, 40, 30, 15])[0]):
            t = r.choice(ltags) if r.random() < 0.5 else r.choices(GENERIC_TAGS, tag_pop)[0]
            if t not in tags:
                tags.append(t)

        # body length: log-normal around ~5.5 KB, clipped
        target = int(min(16000, max(1800, r.lognormvariate(math.log(4500), 0.40))))
        nfoot = r.choices([0, 1, 2, 3], [35, 35, 20, 10])[0]
        ctx = Ctx(r, lang, topic, earlier[-300:], dt.year)
        body = make_body(ctx, target, nfoot)
        summary = fill(ctx, r.choice([
            "How I approached {topic} in {lang}, and what I would change next time.",
            "A practical look at {topic}, with code you can copy.",
            "Notes from a week of fighting {topic}.",
            "Why {code} was the answer to {topic} after all.",
            "{topic} on {platform}: what works, what does not, and why.",
        ]))
        url = f"/{dt.year:04d}/{dt.month:02d}/{slug}/"
        posts.append({"slug": slug, "title": title, "date": dt, "tags": tags,
                      "series": s_slug, "app": a_slug, "summary": summary,
                      "body": body, "url": url, "lang": lang})
        earlier.append((title, url))

    # intros for series/apps
    for s in series:
        ctx = Ctx(r, r.choices(LANGS, LANG_WEIGHTS)[0], s["title"].lower(), earlier[-50:], 2024)
        s["description"] = fill(ctx, r.choice([
            "A series about {topic}, written as I went.",
            "Everything I learned while working on {topic}.",
            "A long-running series on {topic} in {lang}."]))
        s["body"] = "\n\n".join(paragraph(ctx) for _ in range(r.randint(1, 3))) + "\n"
    for a in apps:
        ctx = Ctx(r, "swift", a["title"], earlier[-50:], 2024)
        parts = [paragraph(ctx) for _ in range(r.randint(2, 3))]
        parts.insert(1, "## Features\n\n" + bullet_list(ctx, LIST_ITEMS))
        a["body"] = "\n\n".join(parts) + "\n"
    about_ctx = Ctx(r, "swift", "indie development", earlier[-50:], 2024)
    about = "\n\n".join(paragraph(about_ctx) for _ in range(3)) + "\n"
    return posts, series, apps, about


# --------------------------------------------------------------------------
# writers, one per layout
# --------------------------------------------------------------------------

SITE = {
    "title": "Example Dev Blog",
    "description": "Freelance iOS developer",
    "author": "Jane Doe",
    "email": "jane@example.com",
    "base_url": "https://example.com/",
}


def fname(p):
    return f"{p['date']:%Y-%m-%d}-{p['slug']}.md"


def write_images(dirpath):
    for i, name in enumerate(IMAGE_NAMES):
        rgb = ((37 * i) % 256, (91 * i + 40) % 256, (53 * i + 120) % 256)
        w, h = (64, 64) if name.startswith("icon") else (160, 100)
        write_bytes(os.path.join(dirpath, name), png_bytes(w, h, rgb))


def yaml_list(items):
    return "[" + ", ".join(ystr(x) for x in items) + "]"


# ---- blogbuild (README.md's layout) -------------------------------------

def write_blogbuild(root, posts, series, apps, about):
    c = os.path.join(root, "content")
    write(os.path.join(c, "site.yml"), f"""title: {SITE['title']}
description: {SITE['description']}
author: {{ name: {SITE['author']}, email: {SITE['email']}, url: https://example.com/about/ }}
base_url: {SITE['base_url']}
language: en-GB
timezone: Europe/London        # for dates without a zone
posts_per_page: 10
permalinks: {{ post: /:year/:month/:slug/ }}
feeds: {{ items: 20, full_content: true }}
nav: [ {{ title: Apps, url: /apps/ }}, {{ title: Series, url: /series/ }}, {{ title: About, url: /about/ }} ]
""")
    for p in posts:
        fm = [f"title: {ystr(p['title'])}", f"date: {p['date']:%Y-%m-%d %H:%M}",
              f"summary: {ystr(p['summary'])}", f"tags: {yaml_list(p['tags'])}"]
        if p["series"]:
            fm.append(f"series: {p['series']}")
        if p["app"]:
            fm.append(f"app: {p['app']}")
        write(os.path.join(c, "posts", fname(p)), "---\n" + "\n".join(fm) + "\n---\n\n" + p["body"])
    for s in series:
        write(os.path.join(c, "series", s["slug"] + ".md"),
              f"---\ntitle: {ystr(s['title'])}\ndescription: {ystr(s['description'])}\norder: date\n---\n\n{s['body']}")
    for a in apps:
        shots = "\n".join(f"  - {{ src: /images/{src}, alt: {ystr(alt)} }}" for src, alt in a["screens"])
        write(os.path.join(c, "apps", a["slug"] + ".md"), f"""---
title: {ystr(a['title'])}
tagline: {ystr(a['tagline'])}
icon: /images/{a['icon']}
platforms: {yaml_list(a['platforms'])}
app_store: https://apps.apple.com/app/id{a['app_store_id']}
website: https://{a['slug']}.example.com/
source: https://github.com/example/{a['slug']}
released: {a['released']:%Y-%m-%d}
status: {a['status']}
screenshots:
{shots}
---

{a['body']}""")
    write(os.path.join(c, "pages", "about.md"), f"---\ntitle: About\n---\n\n{about}")
    write_images(os.path.join(c, "images"))


# ---- Hugo ------------------------------------------------------------------

HUGO_CONFIG = """baseURL = "https://example.com/"
locale = "en-gb"
title = "Example Dev Blog"
timeZone = "Europe/London"
disableKinds = ["sitemap", "robotsTXT", "404"]

[pagination]
  pagerSize = 10

[services.rss]
  limit = 20

[params]
  author = "Jane Doe"

[taxonomies]
  tag = "tags"
  series = "series"

[permalinks]
  posts = "/:year/:month/:slug/"

[outputs]
  home = ["HTML", "RSS"]
  section = ["HTML"]
  taxonomy = ["HTML"]
  term = ["HTML"]

# blogbuild highlights fenced code at build time with CSS classes; so does Hugo (Chroma)
[markup.highlight]
  codeFences = true
  noClasses = false
"""

HUGO_LAYOUTS = {
    "_default/baseof.html": """<!doctype html>
<html lang="en-gb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if .IsHome }}{{ site.Title }}{{ else }}{{ .Title }} · {{ site.Title }}{{ end }}</title>
<link rel="alternate" type="application/rss+xml" href="{{ "index.xml" | absURL }}">
</head>
<body>
<header><a href="/">{{ site.Title }}</a>
<nav><a href="/apps/">Apps</a> <a href="/series/">Series</a> <a href="/tags/">Tags</a> <a href="/about/">About</a></nav></header>
<main>
{{ block "main" . }}{{ end }}
</main>
<footer>© {{ site.Params.author }}</footer>
</body>
</html>
""",
    "_default/single.html": """{{ define "main" }}<article>
<h1>{{ .Title }}</h1>
{{ if not .Date.IsZero }}<p><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2 January 2006" }}</time></p>{{ end }}
{{ with .Params.tagline }}<p class="tagline">{{ . }}</p>{{ end }}
{{ range .GetTerms "series" }}<p class="series">Part of the series <a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></p>{{ end }}
{{ with .Params.app }}<p class="app">About <a href="/apps/{{ . }}/">{{ . }}</a></p>{{ end }}
{{ .Content }}
{{ with .GetTerms "tags" }}<ul class="tags">{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>{{ end }}
</article>{{ end }}
""",
    # (site.GetPage "/posts").RegularPages, not the common `where site.RegularPages
    # "Section" "posts"`: Hugo re-evaluates the argument for every pager page, so
    # the `where` form is quadratic (10,000 posts: ~29 s instead of ~8 s).
    "index.html": """{{ define "main" }}{{ $pag := .Paginate (site.GetPage "/posts").RegularPages }}
{{ range $pag.Pages }}<article>
<h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>
<p><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2 January 2006" }}</time></p>
<p>{{ .Summary }}</p>
</article>
{{ end }}<nav class="pagination">{{ with $pag.Prev }}<a href="{{ .URL }}">Newer</a>{{ end }} {{ with $pag.Next }}<a href="{{ .URL }}">Older</a>{{ end }}</nav>
{{ end }}
""",
    # sections (/apps/) and term pages (/tags/x/, /series/x/): all posts, one page
    "_default/list.html": """{{ define "main" }}<h1>{{ .Title }}</h1>
{{ .Content }}
{{ $pages := .Pages }}{{ if eq .Data.Plural "series" }}{{ $pages = .Pages.ByDate }}{{ end }}
<ul>
{{ range $pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ if not .Date.IsZero }} <time>{{ .Date.Format "2006-01-02" }}</time>{{ end }}</li>
{{ end }}</ul>
{{ end }}
""",
    # taxonomy pages (/tags/, /series/): every term with its count
    "_default/terms.html": """{{ define "main" }}<h1>{{ .Title }}</h1>
<ul>
{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.LinkTitle }}</a> ({{ .Count }})</li>
{{ end }}</ul>
{{ end }}
""",
    "_default/rss.xml": """{{ printf "<?xml version=\\"1.0\\" encoding=\\"utf-8\\"?>" | safeHTML }}
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>{{ site.Title }}</title>
<link>{{ .Permalink }}</link>
<description>Freelance iOS developer</description>
<language>en-gb</language>
<atom:link href="{{ .Permalink }}index.xml" rel="self" type="application/rss+xml"/>
{{ range first 20 (site.GetPage "/posts").RegularPages }}<item>
<title>{{ .Title }}</title>
<link>{{ .Permalink }}</link>
<guid>{{ .Permalink }}</guid>
<pubDate>{{ .Date.Format "Mon, 02 Jan 2006 15:04:05 -0700" | safeHTML }}</pubDate>
<description>{{ .Content | html }}</description>
</item>
{{ end }}</channel>
</rss>
""",
}


def write_hugo(root, posts, series, apps, about):
    write(os.path.join(root, "config.toml"), HUGO_CONFIG)
    for name, text in HUGO_LAYOUTS.items():
        write(os.path.join(root, "layouts", name), text)
    c = os.path.join(root, "content")
    # the posts section itself gets no listing page (none of the peers has one)
    write(os.path.join(c, "posts", "_index.md"), "---\ntitle: Posts\nbuild:\n  render: never\n---\n")
    for p in posts:
        fm = [f"title: {ystr(p['title'])}", f"date: {p['date']:%Y-%m-%dT%H:%M:00}",
              f"slug: {p['slug']}", f"summary: {ystr(p['summary'])}",
              f"tags: {yaml_list(p['tags'])}"]
        if p["series"]:
            fm.append(f"series: [{p['series']}]")
        if p["app"]:
            fm.append(f"app: {p['app']}")
        write(os.path.join(c, "posts", fname(p)), "---\n" + "\n".join(fm) + "\n---\n\n" + p["body"])
    write(os.path.join(c, "series", "_index.md"), "---\ntitle: Series\n---\n")
    for s in series:
        write(os.path.join(c, "series", s["slug"], "_index.md"),
              f"---\ntitle: {ystr(s['title'])}\ndescription: {ystr(s['description'])}\n---\n\n{s['body']}")
    write(os.path.join(c, "apps", "_index.md"), "---\ntitle: Apps\n---\n")
    for a in apps:
        write(os.path.join(c, "apps", a["slug"] + ".md"),
              f"---\ntitle: {ystr(a['title'])}\ntagline: {ystr(a['tagline'])}\n---\n\n{a['body']}")
    write(os.path.join(c, "about.md"), f"---\ntitle: About\n---\n\n{about}")
    write_images(os.path.join(root, "static", "images"))


# ---- Jekyll ----------------------------------------------------------------

JEKYLL_CONFIG = """title: Example Dev Blog
description: Freelance iOS developer
author: Jane Doe
url: https://example.com
baseurl: ""
timezone: Europe/London
permalink: /:year/:month/:title/
markdown: kramdown
kramdown:
  input: GFM
  # blogbuild highlights fenced code at build time; so does Jekyll (Rouge, its default)
plugins:
  - jekyll-feed
feed:
  posts_limit: 20
collections:
  apps:
    output: true
    permalink: /apps/:name/
  series:
    output: true
    permalink: /series/:name/
defaults:
  - scope: { path: "", type: posts }
    values: { layout: post }
  - scope: { path: "", type: apps }
    values: { layout: page }
  - scope: { path: "", type: series }
    values: { layout: series }
exclude: [README.md]
"""

JEKYLL_LAYOUTS = {
    "default.html": """<!doctype html>
<html lang="en-gb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% if page.title %}{{ page.title | escape }} · {% endif %}{{ site.title }}</title>
<link rel="alternate" type="application/atom+xml" href="{{ "/feed.xml" | absolute_url }}">
</head>
<body>
<header><a href="/">{{ site.title }}</a>
<nav><a href="/apps/">Apps</a> <a href="/series/">Series</a> <a href="/tags/">Tags</a> <a href="/about/">About</a></nav></header>
<main>
{{ content }}
</main>
<footer>© {{ site.author }}</footer>
</body>
</html>
""",
    "post.html": """---
layout: default
---
<article>
<h1>{{ page.title | escape }}</h1>
<p><time datetime="{{ page.date | date_to_xmlschema }}">{{ page.date | date: "%-d %B %Y" }}</time></p>
{% if page.series %}<p class="series">Part of the series <a href="/series/{{ page.series }}/">{{ page.series_title | escape }}</a></p>{% endif %}
{% if page.app %}<p class="app">About <a href="/apps/{{ page.app }}/">{{ page.app }}</a></p>{% endif %}
{{ content }}
{% if page.tags.size > 0 %}<ul class="tags">{% for t in page.tags %}<li><a href="/tags/{{ t | slugify }}/">{{ t }}</a></li>{% endfor %}</ul>{% endif %}
</article>
""",
    "page.html": """---
layout: default
---
<article>
<h1>{{ page.title | escape }}</h1>
{% if page.tagline %}<p class="tagline">{{ page.tagline }}</p>{% endif %}
{{ content }}
</article>
""",
    "series.html": """---
layout: default
---
<h1>{{ page.title | escape }}</h1>
{{ content }}
<ul>
{% for p in page.posts %}<li><a href="{{ p.url }}">{{ p.title | escape }}</a> <time>{{ p.date | date: "%Y-%m-%d" }}</time></li>
{% endfor %}</ul>
""",
    "list.html": """---
layout: default
---
<h1>{{ page.title | escape }}</h1>
<ul>
{% for p in page.posts %}<li><a href="{{ p.url }}">{{ p.title | escape }}</a> <time>{{ p.date | date: "%Y-%m-%d" }}</time></li>
{% endfor %}</ul>
""",
    "terms.html": """---
layout: default
---
<h1>{{ page.title }}</h1>
<ul>
{% for t in page.terms %}<li><a href="{{ t.url }}">{{ t.title | escape }}</a> ({{ t.count }})</li>
{% endfor %}</ul>
""",
    "home.html": """---
layout: default
---
{% for p in page.posts %}<article>
<h2><a href="{{ p.url }}">{{ p.title | escape }}</a></h2>
<p><time datetime="{{ p.date | date_to_xmlschema }}">{{ p.date | date: "%-d %B %Y" }}</time></p>
{{ p.summary | markdownify }}
</article>
{% endfor %}<nav class="pagination">{% if page.newer %}<a href="{{ page.newer }}">Newer</a>{% endif %} {% if page.older %}<a href="{{ page.older }}">Older</a>{% endif %}</nav>
""",
}

# Jekyll has no tag pages, series pages or home pagination without plugins:
# one small generator (the documented Jekyll way) makes all three.
JEKYLL_PLUGIN = r'''# Generates tag pages, the /tags/ and /series/ and /apps/ indexes, series
# post lists and a paginated home page (10 per page, /page/N/).
module BenchPages
  class ListPage < Jekyll::PageWithoutAFile
    def initialize(site, dir, layout, data)
      super(site, site.source, dir, "index.html")
      self.data.merge!(data)
      self.data["layout"] = layout
    end
  end

  class Generator < Jekyll::Generator
    safe true
    priority :low

    def generate(site)
      posts = site.posts.docs.reverse                     # newest first
      by_series = Hash.new { |h, k| h[k] = [] }
      posts.each { |p| s = p.data["series"]; by_series[s] << p if s }

      titles = {}
      series_terms = []
      site.collections["series"].docs.each do |d|
        slug = d.basename_without_ext
        list = by_series[slug].reverse                    # oldest first
        d.data["posts"] = list
        titles[slug] = d.data["title"]
        series_terms << { "title" => d.data["title"], "url" => d.url, "count" => list.size }
      end
      posts.each { |p| s = p.data["series"]; p.data["series_title"] = titles[s] if s }
      series_terms.sort_by! { |t| t["title"].downcase }
      site.pages << ListPage.new(site, "series", "terms", "title" => "Series", "terms" => series_terms)

      tag_terms = []
      site.tags.each do |tag, tposts|
        slug = Jekyll::Utils.slugify(tag)
        site.pages << ListPage.new(site, "tags/#{slug}", "list", "title" => tag, "posts" => tposts)
        tag_terms << { "title" => tag, "url" => "/tags/#{slug}/", "count" => tposts.size }
      end
      tag_terms.sort_by! { |t| t["title"].downcase }
      site.pages << ListPage.new(site, "tags", "terms", "title" => "Tags", "terms" => tag_terms)

      app_terms = site.collections["apps"].docs.map { |d| { "title" => d.data["title"], "url" => d.url, "count" => 0 } }
      site.pages << ListPage.new(site, "apps", "terms", "title" => "Apps", "terms" => app_terms)

      slices = posts.each_slice(10).to_a
      slices.each_with_index do |slice, i|
        n = i + 1
        url = ->(k) { k == 1 ? "/" : "/page/#{k}/" }
        data = { "posts" => slice }
        data["newer"] = url.(n - 1) if n > 1
        data["older"] = url.(n + 1) if n < slices.size
        site.pages << ListPage.new(site, n == 1 ? "" : "page/#{n}", "home", data)
      end
    end
  end
end
'''


def write_jekyll(root, posts, series, apps, about):
    write(os.path.join(root, "_config.yml"), JEKYLL_CONFIG)
    for name, text in JEKYLL_LAYOUTS.items():
        write(os.path.join(root, "_layouts", name), text)
    write(os.path.join(root, "_plugins", "bench_pages.rb"), JEKYLL_PLUGIN)
    for p in posts:
        fm = [f"title: {ystr(p['title'])}", f"date: {p['date']:%Y-%m-%d %H:%M:00}",
              f"summary: {ystr(p['summary'])}", f"tags: {yaml_list(p['tags'])}"]
        if p["series"]:
            fm.append(f"series: {p['series']}")
        if p["app"]:
            fm.append(f"app: {p['app']}")
        write(os.path.join(root, "_posts", fname(p)), "---\n" + "\n".join(fm) + "\n---\n\n" + p["body"])
    for s in series:
        write(os.path.join(root, "_series", s["slug"] + ".md"),
              f"---\ntitle: {ystr(s['title'])}\ndescription: {ystr(s['description'])}\n---\n\n{s['body']}")
    for a in apps:
        write(os.path.join(root, "_apps", a["slug"] + ".md"),
              f"---\ntitle: {ystr(a['title'])}\ntagline: {ystr(a['tagline'])}\n---\n\n{a['body']}")
    write(os.path.join(root, "about.md"), f"---\ntitle: About\nlayout: page\npermalink: /about/\n---\n\n{about}")
    write_images(os.path.join(root, "images"))


# ---- Pelican ---------------------------------------------------------------

PELICAN_CONF = """# Pelican settings for the blogbuild benchmark corpus (run from this folder).
AUTHOR = "Jane Doe"
SITENAME = "Example Dev Blog"
SITEURL = "https://example.com"
PATH = "content"
TIMEZONE = "Europe/London"
DEFAULT_LANG = "en"
THEME = "theme"
PLUGIN_PATHS = ["plugins"]
PLUGINS = ["bench_series"]

ARTICLE_PATHS = ["posts"]
PAGE_PATHS = ["apps", "series", "pages"]
STATIC_PATHS = ["images"]

ARTICLE_URL = "{date:%Y}/{date:%m}/{slug}/"
ARTICLE_SAVE_AS = "{date:%Y}/{date:%m}/{slug}/index.html"
PAGE_URL = "apps/{slug}/"
PAGE_SAVE_AS = "apps/{slug}/index.html"
TAG_URL = "tags/{slug}/"
TAG_SAVE_AS = "tags/{slug}/index.html"
TAGS_SAVE_AS = "tags/index.html"
SERIES_SAVE_AS = "series/index.html"
APPS_SAVE_AS = "apps/index.html"
# no category, author or archive pages (the other peers have none)
CATEGORY_SAVE_AS = ""
CATEGORIES_SAVE_AS = ""
AUTHOR_SAVE_AS = ""
AUTHORS_SAVE_AS = ""
ARCHIVES_SAVE_AS = ""
DIRECT_TEMPLATES = ["index", "tags", "series", "apps"]

DEFAULT_PAGINATION = 10
PAGINATED_TEMPLATES = {"index": None}
PAGINATION_PATTERNS = (
    (1, "{url}", "{save_as}"),
    (2, "{base_name}/page/{number}/", "{base_name}/page/{number}/index.html"),
)

# one feed, 20 items, full content
FEED_ALL_ATOM = "feed.xml"
FEED_MAX_ITEMS = 20
CATEGORY_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
TRANSLATION_FEED_ATOM = None

# GFM-ish Markdown (tables, footnotes, fenced code) with build-time highlighting
# (Pygments through codehilite), like blogbuild
MARKDOWN = {
    "extension_configs": {
        "markdown.extensions.extra": {},
        "markdown.extensions.codehilite": {"css_class": "highlight", "guess_lang": False},
        "markdown.extensions.meta": {},
        "markdown.extensions.toc": {},     # heading ids, as Hugo and kramdown add by default
    },
    "output_format": "html5",
}

CACHE_CONTENT = False
LOAD_CONTENT_CACHE = False
DELETE_OUTPUT_DIRECTORY = False
RELATIVE_URLS = False
"""

PELICAN_PLUGIN = '''"""Attach each series' posts to its intro page, and the series title to each post."""
from pelican import signals
from pelican.generators import ArticlesGenerator, PagesGenerator


def attach(generators):
    arts = next(g for g in generators if isinstance(g, ArticlesGenerator))
    pages = next(g for g in generators if isinstance(g, PagesGenerator))
    by_series = {}
    for a in arts.articles:
        s = getattr(a, "series", None)
        if s:
            by_series.setdefault(s, []).append(a)
    titles = {}
    for p in pages.pages:
        if getattr(p, "kind", "") == "series":
            p.series_posts = sorted(by_series.get(p.slug, []), key=lambda a: a.date)
            titles[p.slug] = p.title
    for a in arts.articles:
        s = getattr(a, "series", None)
        if s:
            a.series_title = titles.get(s, s)


def register():
    signals.all_generators_finalized.connect(attach)
'''

PELICAN_TEMPLATES = {
    "base.html": """<!doctype html>
<html lang="en-gb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% block title %}{{ SITENAME }}{% endblock %}</title>
<link rel="alternate" type="application/atom+xml" href="{{ SITEURL }}/{{ FEED_ALL_ATOM }}">
</head>
<body>
<header><a href="{{ SITEURL }}/">{{ SITENAME }}</a>
<nav><a href="/apps/">Apps</a> <a href="/series/">Series</a> <a href="/tags/">Tags</a> <a href="/about/">About</a></nav></header>
<main>
{% block content %}{% endblock %}
</main>
<footer>© {{ AUTHOR }}</footer>
</body>
</html>
""",
    "article.html": """{% extends "base.html" %}
{% block title %}{{ article.title|e }} · {{ SITENAME }}{% endblock %}
{% block content %}<article>
<h1>{{ article.title|e }}</h1>
<p><time datetime="{{ article.date.isoformat() }}">{{ article.date.strftime('%-d %B %Y') }}</time></p>
{% if article.series %}<p class="series">Part of the series <a href="/series/{{ article.series }}/">{{ article.series_title|e }}</a></p>{% endif %}
{% if article.app %}<p class="app">About <a href="/apps/{{ article.app }}/">{{ article.app }}</a></p>{% endif %}
{{ article.content }}
{% if article.tags %}<ul class="tags">{% for tag in article.tags %}<li><a href="/{{ tag.url }}">{{ tag }}</a></li>{% endfor %}</ul>{% endif %}
</article>{% endblock %}
""",
    "index.html": """{% extends "base.html" %}
{% block content %}{% for article in articles_page.object_list %}<article>
<h2><a href="/{{ article.url }}">{{ article.title|e }}</a></h2>
<p><time datetime="{{ article.date.isoformat() }}">{{ article.date.strftime('%-d %B %Y') }}</time></p>
{{ article.summary }}
</article>
{% endfor %}<nav class="pagination">{% if articles_previous_page %}<a href="/{{ articles_previous_page.url }}">Newer</a>{% endif %} {% if articles_next_page %}<a href="/{{ articles_next_page.url }}">Older</a>{% endif %}</nav>
{% endblock %}
""",
    "tag.html": """{% extends "base.html" %}
{% block title %}{{ tag }} · {{ SITENAME }}{% endblock %}
{% block content %}<h1>{{ tag }}</h1>
<ul>
{% for article in articles %}<li><a href="/{{ article.url }}">{{ article.title|e }}</a> <time>{{ article.date.strftime('%Y-%m-%d') }}</time></li>
{% endfor %}</ul>
{% endblock %}
""",
    "tags.html": """{% extends "base.html" %}
{% block title %}Tags · {{ SITENAME }}{% endblock %}
{% block content %}<h1>Tags</h1>
<ul>
{% for tag, articles in tags|sort(attribute='0.name') %}<li><a href="/{{ tag.url }}">{{ tag }}</a> ({{ articles|count }})</li>
{% endfor %}</ul>
{% endblock %}
""",
    "series.html": """{% extends "base.html" %}
{% block title %}Series · {{ SITENAME }}{% endblock %}
{% block content %}<h1>Series</h1>
<ul>
{% for p in pages|sort(attribute='title') if p.kind == 'series' %}<li><a href="/{{ p.url }}">{{ p.title|e }}</a> ({{ p.series_posts|count }})</li>
{% endfor %}</ul>
{% endblock %}
""",
    "apps.html": """{% extends "base.html" %}
{% block title %}Apps · {{ SITENAME }}{% endblock %}
{% block content %}<h1>Apps</h1>
<ul>
{% for p in pages if p.kind == 'app' %}<li><a href="/{{ p.url }}">{{ p.title|e }}</a></li>
{% endfor %}</ul>
{% endblock %}
""",
    "series_page.html": """{% extends "base.html" %}
{% block title %}{{ page.title|e }} · {{ SITENAME }}{% endblock %}
{% block content %}<h1>{{ page.title|e }}</h1>
{{ page.content }}
<ul>
{% for article in page.series_posts %}<li><a href="/{{ article.url }}">{{ article.title|e }}</a> <time>{{ article.date.strftime('%Y-%m-%d') }}</time></li>
{% endfor %}</ul>
{% endblock %}
""",
    "page.html": """{% extends "base.html" %}
{% block title %}{{ page.title|e }} · {{ SITENAME }}{% endblock %}
{% block content %}<article>
<h1>{{ page.title|e }}</h1>
{% if page.tagline %}<p class="tagline">{{ page.tagline }}</p>{% endif %}
{{ page.content }}
</article>{% endblock %}
""",
}
# never rendered with the settings above, but Pelican looks some of them up
for _t in ["category", "categories", "author", "authors", "archives", "period_archives"]:
    PELICAN_TEMPLATES[_t + ".html"] = '{% extends "base.html" %}\n'


def write_pelican(root, posts, series, apps, about):
    write(os.path.join(root, "pelicanconf.py"), PELICAN_CONF)
    write(os.path.join(root, "plugins", "bench_series.py"), PELICAN_PLUGIN)
    for name, text in PELICAN_TEMPLATES.items():
        write(os.path.join(root, "theme", "templates", name), text)
    c = os.path.join(root, "content")
    for p in posts:
        md = [f"Title: {p['title']}", f"Date: {p['date']:%Y-%m-%d %H:%M}", f"Slug: {p['slug']}",
              f"Summary: {p['summary']}", f"Tags: {', '.join(p['tags'])}"]
        if p["series"]:
            md.append(f"Series: {p['series']}")
        if p["app"]:
            md.append(f"App: {p['app']}")
        write(os.path.join(c, "posts", fname(p)), "\n".join(md) + "\n\n" + p["body"])
    for s in series:
        write(os.path.join(c, "series", s["slug"] + ".md"),
              f"Title: {s['title']}\nSlug: {s['slug']}\nKind: series\nTemplate: series_page\n"
              f"URL: series/{s['slug']}/\nSave_as: series/{s['slug']}/index.html\n\n{s['body']}")
    for a in apps:
        write(os.path.join(c, "apps", a["slug"] + ".md"),
              f"Title: {a['title']}\nSlug: {a['slug']}\nKind: app\nTagline: {a['tagline']}\n\n{a['body']}")
    write(os.path.join(c, "pages", "about.md"),
          f"Title: About\nSlug: about\nURL: about/\nSave_as: about/index.html\n\n{about}")
    write_images(os.path.join(c, "images"))


# ---- the cmark-gfm floor input --------------------------------------------

def write_bodies(path, posts):
    """All post bodies, one after another; footnote labels made unique per post
    so every post's footnotes still resolve to its own definitions."""
    fn = re.compile(r"\[\^(\d+)\]")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for i, p in enumerate(posts):
            f.write(fn.sub(lambda m: f"[^p{i}-{m.group(1)}]", p["body"]))
            f.write("\n")


# --------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="number of posts")
    ap.add_argument("out", help="output folder (replaced)")
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()
    if args.n < 1:
        ap.error("N must be at least 1")

    posts, series, apps, about = build_model(args.n, args.seed)

    out = os.path.abspath(args.out)
    tmp = out + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    write_blogbuild(os.path.join(tmp, "blogbuild"), posts, series, apps, about)
    write_hugo(os.path.join(tmp, "hugo"), posts, series, apps, about)
    write_jekyll(os.path.join(tmp, "jekyll"), posts, series, apps, about)
    write_pelican(os.path.join(tmp, "pelican"), posts, series, apps, about)
    write_bodies(os.path.join(tmp, "bodies.md"), posts)

    sizes = [len(p["body"].encode("utf-8")) for p in posts]
    bb = os.path.join(tmp, "blogbuild", "content", "posts")
    file_sizes = [os.path.getsize(os.path.join(bb, fname(p))) for p in posts]
    tags_used = sorted({t for p in posts for t in p["tags"]})
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen_corpus.py"), "rb") as f:
        gen_hash = hashlib.sha256(f.read()).hexdigest()
    feats = {
        "code_blocks": sum(p["body"].count("\n```") // 2 + (p["body"].startswith("```")) for p in posts),
        "posts_with_table": sum("| --- |" in p["body"] or "| :--- |" in p["body"] for p in posts),
        "posts_with_footnotes": sum("[^1]:" in p["body"] for p in posts),
        "posts_with_image": sum("![" in p["body"] for p in posts),
        "posts_with_blockquote": sum("\n> " in p["body"] for p in posts),
    }
    manifest = {
        "generator_version": GENERATOR_VERSION,
        "generator_sha256": gen_hash,
        "n": args.n,
        "seed": args.seed,
        "posts": len(posts),
        "series": len(series),
        "apps": len(apps),
        "tags": len(tags_used),
        "posts_in_series": sum(1 for p in posts if p["series"]),
        "posts_with_app": sum(1 for p in posts if p["app"]),
        "body_bytes_total": sum(sizes),
        "body_bytes_mean": round(sum(sizes) / len(sizes)),
        "body_bytes_min": min(sizes),
        "body_bytes_max": max(sizes),
        "file_bytes_mean_blogbuild": round(sum(file_sizes) / len(file_sizes)),
        "first_date": f"{posts[0]['date']:%Y-%m-%d}",
        "last_date": f"{posts[-1]['date']:%Y-%m-%d}",
        **feats,
    }
    with open(os.path.join(tmp, "corpus.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")

    shutil.rmtree(out, ignore_errors=True)
    os.rename(tmp, out)
    print(json.dumps(manifest, indent=2))


if __name__ == "__main__":
    main()
