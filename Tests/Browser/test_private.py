"""A private album in Chromium, over a loopback server that answers Range requests: the entry
page asks for the password (axe-clean, light and dark, phone and desktop), a wrong one is
refused and shows nothing, the right one opens the album: every page and photo decrypted by the
service worker (pixels checked on a canvas), a video that plays and seeks, a reload within the
session, and "Lock" that ends it. The public site around it names and shows nothing of it."""
import os, re, shutil, subprocess, tempfile, unittest
import http.server

from selenium.webdriver.common.by import By

import browser
import site_fixtures

PASSWORD = "correct horse battery staple"
FFMPEG = shutil.which("ffmpeg")
SHOTS = os.path.join(site_fixtures.ROOT, ".build", "screenshots")


class Ranged(browser.Quiet):
    """The loopback server with `Range: bytes=a-b` answered by 206, as real hosts do."""

    def send_head(self):
        match = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        path = self.translate_path(self.path)
        if not match or not os.path.isfile(path):
            return super().send_head()
        size = os.path.getsize(path)
        start = int(match.group(1))
        end = min(size - 1, int(match.group(2))) if match.group(2) else size - 1
        if start >= size:
            self.send_error(416)
            return None
        handle = open(path, "rb")
        handle.seek(start)
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        self.server.ranges = getattr(self.server, "ranges", []) + [(self.path, start, end)]
        return _Slice(handle, end - start + 1)


class _Slice:
    def __init__(self, handle, length):
        self.handle, self.left = handle, length

    def read(self, size=-1):
        size = self.left if size < 0 else min(size, self.left)
        data = self.handle.read(size)
        self.left -= len(data)
        return data

    def close(self):
        self.handle.close()


def private_gallery(folder):
    clips = os.path.join(folder, "photos")
    os.makedirs(clips, exist_ok=True)
    subprocess.run([FFMPEG, "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
                    "-t", "4", "-c:v", "libx264", "-pix_fmt", "yuv420p", os.path.join(clips, "clip.mp4")], check=True)
    yaml = """title: Our year
base_url: https://photos.example.com/
thumbnails: { widths: [320, 1280] }
albums:
  - title: Spring
    images:
      - { src: photos/harbour.jpg, title: Harbour }
  - title: Family secrets
    description: Only for the family.
    private: { password_env: GALGEN_TEST_PASSWORD }
    images:
      - { src: photos/dunes.jpg, title: Grandma at the dunes, tags: [family] }
      - { src: photos/harbour.jpg, caption: The harbour again }
      - { src: photos/clip.mp4, title: Kite flying }
"""
    os.environ["GALGEN_TEST_PASSWORD"] = PASSWORD
    return site_fixtures.build(folder, yaml, {"harbour.jpg": "orientation/Landscape_1.jpg", "dunes.jpg": "orientation/Landscape_6.jpg"})


class PrivateAlbum(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="galgen-private-")
        cls.addClassCleanup(shutil.rmtree, cls.folder)
        cls.site = private_gallery(cls.folder)
        cls.album = next(name for name in os.listdir(cls.site) if name.startswith("p-"))
        handler = lambda *a, **k: Ranged(*a, directory=cls.site, **k)
        cls.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        cls.httpd.delays, cls.httpd.requests = {}, []
        import threading
        threading.Thread(target=cls.httpd.serve_forever, daemon=True).start()
        cls.addClassCleanup(cls.httpd.server_close)
        cls.addClassCleanup(cls.httpd.shutdown)
        cls.base = f"http://127.0.0.1:{cls.httpd.server_address[1]}/"
        os.makedirs(SHOTS, exist_ok=True)

    def setUp(self):
        self.driver = browser.chrome()
        self.addCleanup(self.driver.quit)
        self.driver.set_script_timeout(30)

    def open_entry(self):
        self.driver.get(self.base + self.album + "/")
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete")

    def unlock(self, password=PASSWORD, remember=False):
        self.open_entry()
        field = browser.wait_for(lambda: self.driver.find_element(By.ID, "password").is_displayed()
                                 and self.driver.find_element(By.ID, "password"), message="the password field")
        field.send_keys(password)
        if remember:
            self.driver.find_element(By.ID, "remember").click()
        field.submit()

    def wait_for_album(self):
        return browser.wait_for(lambda: "Family secrets" in self.driver.title, timeout=20, message="the opened album")

    def test_the_entry_page_asks_for_the_password_and_says_nothing_of_the_album(self):
        self.open_entry()
        html = self.driver.page_source
        for word in ("Family", "Grandma", "dunes", "Kite", "harbour again"):
            self.assertNotIn(word, html)
        label = self.driver.find_element(By.CSS_SELECTOR, 'label[for="password"]')
        self.assertEqual(label.text, "Password")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "password")
        for scheme in ("light", "dark"):
            browser.color_scheme(self.driver, scheme)
            self.assertEqual(browser.axe_violations(self.driver), [], scheme)
        for name, width, height, phone in (("desktop", 1280, 800, False), ("phone", 390, 844, True)):
            browser.viewport(self.driver, width, height, phone)
            for scheme in ("light", "dark"):
                browser.color_scheme(self.driver, scheme)
                self.driver.save_screenshot(os.path.join(SHOTS, f"private-entry-{name}-{scheme}.png"))

    def test_from_a_file_or_without_javascript_the_page_says_what_is_needed(self):
        needed = "Opening a private album needs JavaScript"
        self.driver.get("file://" + os.path.join(self.site, self.album, "index.html"))
        browser.wait_for(lambda: self.driver.find_element(By.ID, "needs").is_displayed(), message="the note from file://")
        self.assertIn(needed, self.driver.find_element(By.ID, "needs").text)
        self.assertFalse(self.driver.find_element(By.ID, "unlock").is_displayed())
        plain = browser.chrome(javascript=False)
        self.addCleanup(plain.quit)
        plain.get(self.base + self.album + "/")
        self.assertIn(needed, plain.find_element(By.TAG_NAME, "body").text)
        self.assertFalse(plain.find_element(By.ID, "unlock").is_displayed())

    def test_a_wrong_password_is_refused_and_shows_nothing(self):
        self.unlock("not the password at all")
        alert = browser.wait_for(lambda: self.driver.find_element(By.ID, "wrong").text, message="the alert")
        self.assertEqual(alert, "That password does not open this album.")
        self.assertEqual(self.driver.find_element(By.ID, "wrong").get_attribute("role"), "alert")
        self.assertNotIn("Family secrets", self.driver.title)
        self.assertEqual(self.driver.execute_script("return navigator.serviceWorker.controller"), None)

    def test_the_right_password_opens_every_page_and_photo(self):
        self.unlock()
        self.wait_for_album()
        self.assertIn("Only for the family.", self.driver.page_source)
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), timeout=20, message="the album's photos")
        # The photos are decrypted pixels, not broken images: draw one and read it back.
        colours = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const image = Array.from(document.images).find(i => i.naturalWidth > 100);
            const canvas = document.createElement('canvas');
            canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
            const context = canvas.getContext('2d');
            context.drawImage(image, 0, 0);
            const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
            let sum = 0, distinct = new Set();
            for (let i = 0; i < data.length; i += 4 * 97) { sum += data[i] + data[i + 1] + data[i + 2]; distinct.add(data[i]); }
            done({width: image.naturalWidth, mean: sum / (data.length / (4 * 97)) / 3, distinct: distinct.size});""")
        self.assertGreater(colours["width"], 100)
        self.assertGreater(colours["distinct"], 20, colours)
        self.driver.save_screenshot(os.path.join(SHOTS, "private-album-desktop.png"))
        # The opened album, with its Lock link, is as accessible as any album, light and dark.
        for scheme in ("light", "dark"):
            browser.color_scheme(self.driver, scheme)
            self.assertEqual(browser.axe_violations(self.driver), [], scheme)
        browser.viewport(self.driver, 390, 844, phone=True)
        browser.color_scheme(self.driver, "dark")
        self.driver.save_screenshot(os.path.join(SHOTS, "private-album-phone-dark.png"))
        browser.viewport(self.driver, 1280, 900)
        # Each item's page opens too, through the same worker.
        links = [a.get_attribute("href") for a in self.driver.find_elements(By.CSS_SELECTOR, "main a[href]")]
        item = next(link for link in links if "/grandma-at-the-dunes/" in link)
        self.driver.get(item)
        browser.wait_for(lambda: "Grandma at the dunes" in self.driver.title, timeout=20, message="the item page")
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), timeout=20, message="the item's photo")

    def test_the_viewer_moves_between_items_without_a_reload(self):
        from selenium.webdriver.common.keys import Keys
        self.unlock()
        self.wait_for_album()
        links = [a.get_attribute("href") for a in self.driver.find_elements(By.CSS_SELECTOR, "main a[href]")]
        self.driver.get(next(link for link in links if "/grandma-at-the-dunes/" in link))
        browser.wait_for(lambda: "Grandma at the dunes" in self.driver.title, timeout=20, message="the first item")
        self.driver.execute_script("window.notReloaded = true")
        tab = self.driver.find_element(By.CSS_SELECTOR, '[role="tab"][aria-selected="true"]')
        tab.click()
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        browser.wait_for(lambda: "Grandma at the dunes" not in self.driver.title, timeout=20, message="the next item")
        self.assertTrue(self.driver.execute_script("return window.notReloaded === true"), "the page was reloaded")
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), timeout=20, message="the next item's photo")

    def test_a_video_plays_and_seeks_through_range_requests(self):
        self.unlock()
        self.wait_for_album()
        links = [a.get_attribute("href") for a in self.driver.find_elements(By.CSS_SELECTOR, "main a[href]")]
        self.driver.get(next(link for link in links if "/kite-flying/" in link))
        browser.wait_for(lambda: "Kite flying" in self.driver.title, timeout=20, message="the video page")
        state = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const video = document.querySelector('video');
            video.muted = true;
            video.play().then(() => setTimeout(() => {
              const playing = video.currentTime;
              video.currentTime = 3;
              video.addEventListener('seeked', () => done({playing, seeked: video.currentTime, error: video.error && video.error.code,
                                                            duration: video.duration}), {once: true});
            }, 700), (e) => done({error: String(e)}));""")
        self.assertIsNone(state.get("error"), state)
        self.assertGreater(state["playing"], 0)
        self.assertGreaterEqual(state["seeked"], 2.9)
        self.assertAlmostEqual(state["duration"], 4, delta=0.2)
        ranged = [r for r in getattr(self.httpd, "ranges", []) if r[0].endswith(".bin")]
        self.assertTrue(ranged, "the worker fetched the sealed video by byte ranges")

    def test_a_reload_stays_open_and_lock_ends_it(self):
        self.unlock()
        self.wait_for_album()
        self.driver.refresh()
        self.wait_for_album()
        lock = self.driver.find_element(By.CSS_SELECTOR, "a.galgen-lock")
        self.assertEqual(lock.text, "Lock")
        self.assertEqual(lock.value_of_css_property("position"), "fixed")
        lock.click()
        browser.wait_for(lambda: self.driver.find_elements(By.ID, "password"), timeout=10, message="the password form again")
        self.driver.refresh()
        browser.wait_for(lambda: self.driver.find_elements(By.ID, "password"), timeout=10, message="still locked after a reload")
        self.assertNotIn("Family secrets", self.driver.title)

    def test_the_public_site_names_and_shows_nothing_of_it(self):
        public = []
        for root, _, names in os.walk(self.site):
            if os.path.relpath(root, self.site).startswith(self.album):
                continue
            public += [os.path.join(root, name) for name in names]
        for path in public:
            with open(path, "rb") as handle:
                data = handle.read()
            for word in (b"Family secrets", b"Grandma", b"Kite", b"harbour again", b"family", self.album.encode()):
                self.assertNotIn(word, data, f"{word!r} in {os.path.relpath(path, self.site)}")
        # Inside the album's folder, only the entry page and galgen's own scripts are in the clear.
        clear = sorted(name for name in os.listdir(os.path.join(self.site, self.album)) if not name.endswith(".bin"))
        self.assertEqual(clear, ["index.html", "private.css", "private.entry.js", "private.open.js", "sw.js"])


class PrivateAlbumRebuilt(unittest.TestCase):
    """An album open in the browser while the site is rebuilt with a changed caption: the next
    page shows the new words (a changed file gets a new sealed name; the worker asks for the
    manifest on each page)."""

    def test_the_next_page_after_a_rebuild_shows_the_change(self):
        folder = tempfile.mkdtemp(prefix="galgen-private-rebuilt-")
        self.addCleanup(shutil.rmtree, folder)
        site = private_gallery(folder)
        album = next(name for name in os.listdir(site) if name.startswith("p-"))
        handler = lambda *a, **k: Ranged(*a, directory=site, **k)
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        httpd.delays, httpd.requests = {}, []
        import threading
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        self.addCleanup(httpd.server_close)
        self.addCleanup(httpd.shutdown)
        driver = browser.chrome()
        self.addCleanup(driver.quit)
        driver.get(f"http://127.0.0.1:{httpd.server_address[1]}/{album}/")
        field = browser.wait_for(lambda: driver.find_element(By.ID, "password").is_displayed()
                                 and driver.find_element(By.ID, "password"), message="the password field")
        field.send_keys(PASSWORD)
        field.submit()
        browser.wait_for(lambda: "Only for the family." in driver.page_source, timeout=20, message="the album")
        with open(os.path.join(folder, "gallery.yml")) as f:
            yaml = f.read()
        with open(os.path.join(folder, "gallery.yml"), "w") as f:
            f.write(yaml.replace("Only for the family.", "Only for the family, and Aunt Jo."))
        result = subprocess.run([site_fixtures.GALGEN, "build", "--quiet"], cwd=folder, capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        driver.refresh()
        browser.wait_for(lambda: "and Aunt Jo." in driver.page_source, timeout=20, message="the new description")
        browser.wait_for(lambda: browser.visible_images_loaded(driver), timeout=20, message="the photos after the rebuild")


class PrivateAlbumInServe(unittest.TestCase):
    """`galgen serve` previews a private album with the password from the same variable."""

    def test_serve_opens_the_private_album_with_its_password(self):
        from test_serve import Serve
        folder = tempfile.mkdtemp(prefix="galgen-private-serve-")
        self.addCleanup(shutil.rmtree, folder)
        private_gallery(folder)
        server = Serve(folder)
        self.addCleanup(server.stop)
        album = next(name for name in os.listdir(os.path.join(folder, "_site")) if name.startswith("p-"))
        driver = browser.chrome()
        self.addCleanup(driver.quit)
        driver.get(server.url(album + "/"))
        field = browser.wait_for(lambda: driver.find_element(By.ID, "password").is_displayed()
                                 and driver.find_element(By.ID, "password"), timeout=20, message="the password field")
        field.send_keys(PASSWORD)
        field.submit()
        browser.wait_for(lambda: "Family secrets" in driver.title, timeout=20, message="the opened album")
        browser.wait_for(lambda: browser.visible_images_loaded(driver), timeout=20, message="the album's photos")


if __name__ == "__main__":
    unittest.main(verbosity=2)
