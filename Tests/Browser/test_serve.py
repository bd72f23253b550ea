"""`galgen serve` in a real browser: live reload that keeps the photo shown (its own page, also
after moving to it in place), the build-error overlay over the last good page, no console
errors (the CSP lets the events through), a page and its reload with hundreds of stalled connections
open, and a site served under --base-path. Each test starts its own server on a copy of a small gallery
and stops it with Ctrl-C (SIGINT), which must end it at once with exit status 0."""
import os, re, resource, select, shutil, signal, socket, subprocess, threading, time, unittest

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

import browser
import site_fixtures

GALLERY = """title: Coast trip
thumbnails: { widths: [320, 1280], formats: [jpeg] }
images:
  - src: photos/harbour.jpg
    title: Harbour
    caption: Boats at rest.
  - src: photos/dunes.jpg
    title: Dunes
    caption: Sand in the wind.
  - src: photos/tower.jpg
    title: Tower
    caption: A lighthouse.
"""
PHOTOS = {name: site_fixtures.PHOTOS[name] for name in ("harbour.jpg", "dunes.jpg", "tower.jpg")}
# Invalid YAML on a line of its own at the end.
BROKEN = GALLERY + "title: [\n"
BROKEN_LINE = BROKEN.count("\n")

SERVING = re.compile(r"^Serving (/\S+) at http://127\.0\.0\.1:(\d+)(/\S*) \(Ctrl-C to stop\)$")
# The last line of the first build's report (or its error).
FIRST_BUILD_DONE = re.compile(r"^(Built \d+ image|\S+ is up to date|error: )")
STOP_WITHIN = 5  # seconds from SIGINT to exit


class Serve:
    """One `galgen serve --port 0` in `folder`, its output line by line, and a Ctrl-C stop."""

    def __init__(self, folder, *arguments):
        self.lines = {"stdout": [], "stderr": []}
        self.arrived = threading.Condition()
        self.process = subprocess.Popen([site_fixtures.GALGEN, "serve", "--port", "0", *arguments], cwd=folder,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        self.readers = {name: threading.Thread(target=self._read, args=(name,), daemon=True) for name in self.lines}
        for reader in self.readers.values():
            reader.start()
        try:
            serving = self.wait_for_line("stdout", SERVING, timeout=120)
            self.output, self.port, self.base_path = serving[1], int(serving[2]), serving[3]
            # Wait for the first build's report too (whether the address is announced before or
            # after it): an input changed during that build is not noticed, as the watcher's
            # first snapshot is taken after it.
            self.wait_for_line("stderr", FIRST_BUILD_DONE, timeout=120)
        except BaseException:
            self.process.kill()
            self.process.wait()
            raise

    def _read(self, name):
        for line in getattr(self.process, name):
            with self.arrived:
                self.lines[name].append(line.rstrip("\n"))
                self.arrived.notify_all()
        with self.arrived:
            self.arrived.notify_all()

    def url(self, path=""):
        return f"http://127.0.0.1:{self.port}{self.base_path}{path}"

    def mark(self):
        """Where stderr is now, to look for a line printed after this moment."""
        with self.arrived:
            return len(self.lines["stderr"])

    def wait_for_line(self, stream, pattern, timeout=10, start=0):
        deadline = time.monotonic() + timeout
        with self.arrived:
            while True:
                for line in self.lines[stream][start:]:
                    match = pattern.search(line)
                    if match:
                        return match
                start = max(start, len(self.lines[stream]))
                left = deadline - time.monotonic()
                if left <= 0 or not self.readers[stream].is_alive():
                    break
                self.arrived.wait(min(left, 0.2))
        if self.process.poll() is not None:
            for reader in self.readers.values():
                reader.join(2)  # the whole output, for the message
        raise AssertionError(f"no line matching {pattern.pattern!r} on {stream} of galgen serve "
                             f"(exit status {self.process.poll()}):\n{self.transcript()}")

    def transcript(self):
        return "\n".join(["stdout:", *self.lines["stdout"], "stderr:", *self.lines["stderr"]])

    def stop(self):
        """SIGINT, as Ctrl-C sends: the exit status (None if it had to be killed) and how long it took."""
        started = time.monotonic()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            status = self.process.wait(STOP_WITHIN)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            status = None
        took = time.monotonic() - started
        for name, reader in self.readers.items():
            reader.join(5)
            getattr(self.process, name).close()
        return status, took


class ServeTestCase(unittest.TestCase):
    """One browser per class; per test a fresh copy of the gallery (already built, so the
    server's first build has nothing to do) and its own server."""
    arguments = ()

    @classmethod
    def setUpClass(cls):
        cls.work = site_fixtures.temporary()
        cls.addClassCleanup(shutil.rmtree, cls.work, ignore_errors=True)  # also when this fails
        cls.template = os.path.join(cls.work, "template")
        site_fixtures.build(cls.template, GALLERY, PHOTOS)
        cls.driver = browser.chrome()
        cls.addClassCleanup(cls.driver.quit)
        browser.record_csp_violations(cls.driver)

    def setUp(self):
        self.folder = os.path.join(self.work, self._testMethodName)
        shutil.copytree(self.template, self.folder)
        self.driver.get("about:blank")
        self.driver.get_log("browser")  # what earlier tests left
        self.serve = Serve(self.folder, *self.arguments)
        self.addCleanup(self.stop_server)

    def stop_server(self):
        # Stopped with the page still open and listening for events, as people do.
        status, took = self.serve.stop()
        self.driver.get("about:blank")
        self.assertEqual(status, 0, f"galgen serve did not exit with 0 on SIGINT within {STOP_WITHIN} s "
                                    f"(status {status}, {took:.2f} s):\n{self.serve.transcript()}")
        self.assertLess(took, STOP_WITHIN)
        self.assertIn("Stopping.", self.serve.lines["stderr"])

    # The page

    def open(self, path=""):
        self.driver.get(self.serve.url(path))
        browser.wait_for(lambda: self.script("return document.readyState") == "complete", message="the page to load")
        browser.wait_for(lambda: self.script("return document.documentElement.classList.contains('js')"),
                         message="gallery.js to start")
        self.assertTrue(self.generation(), "the live-reload script is not on the page")

    def script(self, source):
        """A script's value, or None while the page is being replaced by a reload."""
        try:
            return self.driver.execute_script(source)
        except WebDriverException:
            return None

    def generation(self):
        """The site version the page was served at (the live-reload script's data-generation)."""
        return self.script("""const live = document.querySelector('script[src="/__galgen/live.js"]');
                              return live && live.dataset.generation""")

    def text(self, selector):
        return self.script(f"const e = document.querySelector({selector!r}); return e && e.textContent.trim()")

    def overlay_text(self):
        return self.script("""const overlay = document.getElementById('galgen-build-error');
                              return overlay && overlay.querySelector('pre').textContent""")

    def selected_tabs(self):
        return [t.get_attribute("id").removeprefix("tab.") for t in self.driver.find_elements(By.CSS_SELECTOR, '[role="tab"]')
                if t.get_attribute("aria-selected") == "true"]

    def shown(self):
        """The title of the photo on the page."""
        return self.text('[role="tabpanel"] figcaption h2')

    def severe_console_messages(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def csp_violations(self):
        return browser.csp_violations(self.driver)

    def shown_photo_loaded(self):
        """The photo of the shown panel: downloaded, decoded, from this server and base path."""
        return self.script(f"""
            const photo = Array.from(document.querySelectorAll('[role="tabpanel"] img.photo'))
                .find(i => i.offsetParent !== null);
            return photo && photo.complete && photo.naturalWidth > 0
                && photo.currentSrc.startsWith({self.serve.url()!r}) ? photo.currentSrc : null""")

    # gallery.yml

    def write_config(self, text):
        """Saves gallery.yml as an editor does, in place; the moment it was written."""
        with open(os.path.join(self.folder, "gallery.yml"), "w") as f:
            f.write(text)
        return time.monotonic()


class LiveReload(ServeTestCase):
    def test_a_saved_change_reloads_the_page_and_keeps_the_selected_photo(self):
        self.open("dunes/index.html")
        self.assertEqual(self.selected_tabs(), ["dunes"])
        browser.wait_for(self.shown_photo_loaded, message="the dunes photo")
        served = self.generation()
        mark = self.serve.mark()
        written = self.write_config(GALLERY.replace("Sand in the wind.", "Sand in the evening wind."))
        browser.wait_for(lambda: self.text("#photo .caption") == "Sand in the evening wind.", timeout=10,
                         message="the new caption")
        took = time.monotonic() - written
        rebuilt = self.serve.wait_for_line("stderr", re.compile(r"^Rebuilt in ([^:]+): (.*)$"), start=mark)
        print(f"\nlive reload: {took:.2f} s (galgen: rebuilt in {rebuilt[1]}: {rebuilt[2]})")
        self.assertNotEqual(self.generation(), served, "the page changed without being reloaded")
        self.assertEqual(self.driver.current_url, self.serve.url("dunes/index.html"))
        self.assertEqual(self.selected_tabs(), ["dunes"])
        self.assertEqual(self.shown(), "Dunes")
        self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, "#photo .caption").is_displayed())
        self.assertEqual(self.driver.title, "Dunes \u2014 Coast trip")
        browser.wait_for(self.shown_photo_loaded, message="the dunes photo after the reload")

    def test_a_broken_gallery_yml_shows_the_error_over_the_last_good_page(self):
        self.open("tower/index.html")
        self.driver.execute_script("window.notReloaded = true")
        self.write_config(BROKEN)
        error = browser.wait_for(self.overlay_text, timeout=10, message="the build-error overlay")
        overlay = self.driver.find_element(By.ID, "galgen-build-error")
        self.assertTrue(overlay.is_displayed())
        self.assertEqual(overlay.get_attribute("role"), "alert")
        location = re.search(r"gallery\.yml:(\d+)", error)
        self.assertIsNotNone(location, f"no gallery.yml:LINE in the overlay: {error!r}")
        # libyaml places a flow collection left open at the end of the input, one line on.
        self.assertIn(int(location[1]), (BROKEN_LINE, BROKEN_LINE + 1), error)
        # The last good page, as it was: not reloaded, same photo.
        self.assertEqual(self.text(".masthead h1"), "Coast trip")
        self.assertTrue(self.script("return window.notReloaded === true"))
        self.assertEqual(self.driver.current_url, self.serve.url("tower/index.html"))
        self.assertEqual(self.selected_tabs(), ["tower"])

        # Saved as it was before: the site did not change, so the overlay goes without a reload.
        self.write_config(GALLERY)
        browser.wait_for(lambda: self.overlay_text() is None and self.script("return window.notReloaded === true"),
                         timeout=10, message="the overlay to go without a reload")
        self.assertTrue(self.script("return window.notReloaded === true"))

        # Broken again, then fixed with a new title: the page reloads with it, without the overlay.
        self.write_config(BROKEN)
        browser.wait_for(self.overlay_text, timeout=10, message="the build-error overlay again")
        self.write_config(GALLERY.replace("title: Coast trip", "title: Coast trip, fixed"))
        browser.wait_for(lambda: self.text(".masthead h1") == "Coast trip, fixed", timeout=10,
                         message="the fixed title")
        self.assertIsNone(self.overlay_text())
        self.assertEqual(self.driver.find_elements(By.ID, "galgen-build-error"), [])
        self.assertEqual(self.driver.current_url, self.serve.url("tower/index.html"))
        self.assertEqual(self.selected_tabs(), ["tower"])

    def test_no_console_errors_through_reloads_and_build_errors(self):
        self.open()
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="the overview's images")
        self.driver.find_element(By.ID, "grid.harbour").click()
        browser.wait_for(lambda: self.shown() == "Harbour", message="the harbour's page")
        # Moved to in place: the reload is of the tower's own page.
        self.driver.find_element(By.ID, "tab.tower").click()
        browser.wait_for(lambda: self.shown() == "Tower", message="the tower")
        browser.wait_for(self.shown_photo_loaded, message="the tower photo")
        self.write_config(GALLERY.replace("A lighthouse.", "A lighthouse at noon."))
        browser.wait_for(lambda: self.text("#photo .caption") == "A lighthouse at noon.", timeout=10,
                         message="the reload")
        self.write_config(BROKEN)
        browser.wait_for(self.overlay_text, timeout=10, message="the build-error overlay")
        self.write_config(GALLERY.replace("A lighthouse.", "A lighthouse at dusk."))
        browser.wait_for(lambda: self.text("#photo .caption") == "A lighthouse at dusk." and self.overlay_text() is None,
                         timeout=10, message="the reload after the fix")
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images after the reloads")
        self.assertEqual(self.csp_violations(), [])
        self.assertEqual(self.severe_console_messages(), [])


class UnderLoad(ServeTestCase):
    """600 connections that send nothing and 200 that send half a request head, then a page
    opened fresh (the browser has no connection to this server yet) and a saved change. Before,
    the stalled connections took every connection slot until their timeouts, and the page took
    about a minute to load. Stopping with them still open must be as quick and clean as ever."""
    SILENT, HALF_SENT = 600, 200
    HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: stal"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # Fail in 20 s rather than wait for the old server's minute.
        cls.driver.set_page_load_timeout(20)
        # 800 sockets on this side too.
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))

    def setUp(self):
        super().setUp()
        self.stalled = []

    def stop_server(self):
        try:
            super().stop_server()  # with the stalled connections still open
        finally:
            for connection in self.stalled:
                connection.close()

    def stall(self):
        """Non-blocking connects, the silent ones first (so they hold the old server's slots for its
        60 s idle timeout). A connection the server has not taken yet is not writable; it sends
        nothing rather than hold the test up."""
        for index in range(self.SILENT + self.HALF_SENT):
            connection = socket.socket()
            connection.setblocking(False)
            self.stalled.append(connection)
            try:
                connection.connect(("127.0.0.1", self.serve.port))
            except BlockingIOError:
                pass
            if index >= self.SILENT:
                poller = select.poll()
                poller.register(connection, select.POLLOUT)
                if poller.poll(100):
                    connection.send(self.HALF_REQUEST)

    def test_a_page_and_its_reload_are_served_with_hundreds_of_stalled_connections_open(self):
        self.stall()
        # Time for the server to take what it will of them (a fast old server sometimes let the
        # browser in among them), and well within the 5 s they have to send a request head.
        time.sleep(2)
        asked = time.monotonic()
        self.open("dunes/index.html")
        browser.wait_for(self.shown_photo_loaded, message="the dunes photo")
        loaded = time.monotonic() - asked
        served = self.generation()
        written = self.write_config(GALLERY.replace("Sand in the wind.", "Sand under load."))
        browser.wait_for(lambda: self.text("#photo .caption") == "Sand under load.", timeout=10,
                         message="the new caption")
        took = time.monotonic() - written
        print(f"\nwith {self.SILENT} silent and {self.HALF_SENT} half-sent connections open: "
              f"page and photo {loaded:.2f} s, live reload {took:.2f} s")
        # Each well under a second here; the bounds leave room for a loaded machine.
        self.assertLess(loaded, 10)
        self.assertLess(took, 5)
        self.assertNotEqual(self.generation(), served)
        browser.wait_for(self.shown_photo_loaded, message="the dunes photo after the reload")
        self.assertEqual(self.severe_console_messages(), [])


class UnderABasePath(ServeTestCase):
    arguments = ("--base-path", "/sub/")

    def test_the_page_its_photos_and_live_reload_work_under_the_base_path(self):
        self.assertEqual(self.serve.base_path, "/sub/")
        # The server's root sends the browser to the base path.
        self.driver.get(f"http://127.0.0.1:{self.serve.port}/")
        browser.wait_for(lambda: self.driver.current_url == self.serve.url(), message="the redirect to /sub/")
        self.open()
        self.assertEqual(self.text(".masthead h1"), "Coast trip")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "a.tile")), 3)
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="the overview under /sub/")
        self.driver.find_element(By.ID, "grid.harbour").click()
        browser.wait_for(lambda: self.driver.current_url == self.serve.url("harbour/index.html"), message="a photo page")
        self.assertEqual(self.selected_tabs(), ["harbour"])
        browser.wait_for(self.shown_photo_loaded, message="the first photo under /sub/")
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images under /sub/")
        self.driver.find_element(By.ID, "tab.dunes").click()
        browser.wait_for(lambda: self.shown() == "Dunes", message="the dunes, moved to in place")
        self.assertEqual(self.driver.current_url, self.serve.url("dunes/index.html"))
        browser.wait_for(self.shown_photo_loaded, message="the dunes photo under /sub/")
        served = self.generation()
        written = self.write_config(GALLERY.replace("Sand in the wind.", "Sand under a base path."))
        browser.wait_for(lambda: self.text("#photo .caption") == "Sand under a base path.", timeout=10,
                         message="the new caption under /sub/")
        print(f"\nlive reload under /sub/: {time.monotonic() - written:.2f} s")
        self.assertNotEqual(self.generation(), served)
        self.assertEqual(self.driver.current_url, self.serve.url("dunes/index.html"))
        self.assertEqual(self.selected_tabs(), ["dunes"])
        browser.wait_for(self.shown_photo_loaded, message="the dunes photo after the reload")
        self.assertEqual(self.csp_violations(), [])
        self.assertEqual(self.severe_console_messages(), [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
