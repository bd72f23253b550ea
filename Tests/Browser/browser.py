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


def viewport(driver, width, height, phone=False):
    """The page's viewport exactly `width` × `height` CSS pixels (a phone: 3× and mobile)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 3 if phone else 1, "mobile": phone})


def color_scheme(driver, scheme, reduced_motion=False):
    """Emulates light or dark (and, for audits, reduced motion: no colour caught mid-transition)."""
    features = [{"name": "prefers-color-scheme", "value": scheme},
                {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"}]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def axe_violations(driver, context=None):
    """axe-core 4's findings on the page as it is now (or on `context`, a selector)."""
    from axe_core_python.selenium import Axe
    return Axe().run(driver, context=context)["violations"]


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


# Runs before the page's own scripts (CDP scripts are not subject to the page's CSP): every
# layout shift from the start, with whether input had just happened.
RECORD_LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    window.__shifts.push({value: entry.value, recent: entry.hadRecentInput,
                          nodes: (entry.sources || []).map(s => s.node && (s.node.id || s.node.className || s.node.nodeName))});
}).observe({type: 'layout-shift', buffered: true});"""


# Every CSP violation of the tab, kept in sessionStorage, which outlives reloads.
RECORD_CSP_VIOLATIONS = """
document.addEventListener('securitypolicyviolation', (event) => {
  const seen = JSON.parse(sessionStorage.getItem('csp-violations') || '[]');
  seen.push(event.violatedDirective + ' ' + event.blockedURI);
  sessionStorage.setItem('csp-violations', JSON.stringify(seen));
});"""


def record_csp_violations(driver):
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_CSP_VIOLATIONS})


def csp_violations(driver):
    return driver.execute_script("return JSON.parse(sessionStorage.getItem('csp-violations') || '[]')")


def record_layout_shifts(driver):
    """From the next page load on, `layout_shifts(driver)` lists the page's layout shifts."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_LAYOUT_SHIFTS})


def layout_shifts(driver):
    return driver.execute_script("return window.__shifts || null")


def focus_ring(driver, element):
    """How `element`, focused, shows it: its outline (style, width, colour) when it matches
    :focus-visible, else None."""
    return driver.execute_script("""
        const e = arguments[0];
        if (!e.matches(':focus-visible')) return null;
        const s = getComputedStyle(e);
        return s.outlineStyle === 'none' || parseFloat(s.outlineWidth) < 2 || s.outlineColor === 'rgba(0, 0, 0, 0)'
            ? null : [s.outlineStyle, s.outlineWidth, s.outlineColor];""", element)


class Server:
    """Serves `root` on 127.0.0.1 and a free port; `url(path)` for a path under it.
    `delays[path] = seconds` holds back the answer to a request for that path."""

    def __init__(self, root):
        handler = functools.partial(Quiet, directory=root)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.delays = self.delays = {}
        self.httpd.requests = self.requests = []
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path=""):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{path}"

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        path = self.path.split("?")[0]
        self.server.requests.append(path)
        if path in self.server.delays:
            time.sleep(self.server.delays[path])
        super().do_GET()

    def end_headers(self):
        # Pages are checked with the server each time (a test may hold one back); assets are not.
        if not self.path.split("?")[0].startswith(("/images/", "/assets/")) and "/images/" not in self.path:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args):
        pass


def mount(site, root, sub_path):
    """Puts `site` at root/sub_path, so it is served from a sub-folder."""
    target = os.path.join(root, sub_path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copytree(site, target)
    return target


def serve_to_class(cls, site, scheme=None, reduced_motion=True, layout_shifts=False):
    """For a test class: serves `site` on loopback and starts a Chromium (cls.site, cls.server,
    cls.driver), both stopped when the class is done; optionally emulates a colour scheme and
    records layout shifts from the first page on."""
    cls.site = site
    cls.server = Server(site)
    cls.addClassCleanup(cls.server.stop)
    cls.driver = chrome()
    cls.addClassCleanup(cls.driver.quit)
    if layout_shifts:
        record_layout_shifts(cls.driver)
    if scheme:
        color_scheme(cls.driver, scheme, reduced_motion=reduced_motion)
