"""A headless Chromium from Debian driven by Selenium, and a loopback server for a site."""
import functools, http.server, os, shutil, threading, time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def chrome(javascript=True, width=1280, height=900):
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-color-profile=srgb"):
        options.add_argument(argument)
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if binary:
        options.binary_location = binary
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver_path = shutil.which("chromedriver")
    service = Service(executable_path=driver_path) if driver_path else Service()
    return webdriver.Chrome(options=options, service=service)


def color_scheme(driver, scheme, reduced_motion=False):
    """Emulates light or dark (and, for audits, reduced motion: no colour caught mid-transition)."""
    features = [{"name": "prefers-color-scheme", "value": scheme},
                {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"}]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def wait_for(condition, timeout=10, message="condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {message}")


def visible_images_loaded(driver):
    """Every visible photo (not placeholder) downloaded and decoded, so a screenshot shows it."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        // Shown: laid out, not a placeholder, and inside the viewport and its scrolling bar
        // (lazy thumbnails scrolled out of the bar are not loaded, rightly).
        const inside = (r, box) => r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
        const viewport = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
        const shown = Array.from(document.images).filter(i => {
            if (i.offsetParent === null || i.classList.contains('placeholder')) return false;
            const r = i.getBoundingClientRect(), bar = i.closest('[role="tablist"]');
            return inside(r, viewport) && (!bar || inside(r, bar.getBoundingClientRect()));
        });
        if (!shown.every(i => i.complete && i.naturalWidth > 0)) return done(false);
        Promise.all(shown.map(i => i.decode().catch(() => null)))
            .then(() => setTimeout(() => done(true), 100));""")


class Server:
    """Serves `root` on 127.0.0.1 and a free port; `url(path)` for a path under it."""

    def __init__(self, root):
        handler = functools.partial(Quiet, directory=root)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path=""):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{path}"

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def mount(site, root, sub_path):
    """Puts `site` at root/sub_path, so it is served from a sub-folder."""
    target = os.path.join(root, sub_path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copytree(site, target)
    return target
