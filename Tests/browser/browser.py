"""Shared helpers for the theme's browser checks and screenshots.

Serves a built site over http on 127.0.0.1 (a free port) and drives Debian's
headless Chromium through chromedriver with selenium. Nothing is fetched from
the network: the driver and the browser are the ones on PATH.
"""
import contextlib
import functools
import http.server
import os
import shutil
import socketserver
import threading


class MissingTool(Exception):
    """A tool the browser checks need is not installed."""


def find_tools():
    """(chromium, chromedriver) paths, or raise MissingTool naming what is missing."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        raise MissingTool("the Python package selenium is not installed (python3 -m pip install selenium)")
    chromium = os.environ.get("CHROMIUM") or next(
        (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
    driver = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
    if not chromium:
        raise MissingTool("chromium is not on PATH (apt-get install chromium)")
    if not driver:
        raise MissingTool("chromedriver is not on PATH (apt-get install chromium-driver)")
    return chromium, driver


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


@contextlib.contextmanager
def serve(folder):
    """Serves `folder` on http://127.0.0.1:PORT/ (a free port); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=folder)
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium(width=1000, height=1400, javascript=True):
    """A headless Chromium driven by selenium, with a `width`×`height` viewport;
    `javascript=False`: pages run none of their scripts (selenium's still run)."""
    chromium_path, driver_path = find_tools()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = chromium_path
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--force-color-profile=srgb", "--no-first-run",
                "--disable-extensions", "--disable-background-networking", "--lang=en-GB",
                "--window-size=%d,%d" % (width, height)):
        options.add_argument(arg)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    try:
        set_viewport(driver, width, height)
        yield driver
    finally:
        driver.quit()


def set_viewport(driver, width, height, scale=1):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale,
                            "mobile": width < 600})


def set_color_scheme(driver, scheme):
    """Emulates `prefers-color-scheme: light|dark` (and screen media)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"media": "screen", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
