"""An album's overview in a real browser: justified rows at phone and desktop widths, no layout
shift while its thumbnails load, pages of 100 photos with their links, axe-core light and dark;
and the size of every page of a 10,000-photo album."""
import glob, gzip, json, os, time, unittest

from selenium.webdriver.common.by import By

import browser
import site_fixtures

VIEWPORTS = ((1366, 900, False), (1024, 768, False), (390, 844, True), (320, 640, True))


class OverviewTestCase(unittest.TestCase):
    count = 30

    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(site_fixtures.many, cls.count), scheme="light", layout_shifts=True)

    def open(self, path="index.html"):
        self.driver.get(self.server.url(path))
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete",
                         message="the page to load")

    def rows(self):
        """Per row of the grid: its box, its tiles' boxes and whether it ends with a filler."""
        return self.driver.execute_script("""
            const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, height: r.height}; };
            return Array.from(document.querySelectorAll('.grid-row'), row => ({
                row: box(row), tiles: Array.from(row.querySelectorAll('a.tile'), box),
                ragged: !!row.querySelector('.tile-filler')}));""")


class Rows(OverviewTestCase):
    def test_rows_are_justified_at_phone_and_desktop(self):
        for width, height, phone in VIEWPORTS:
            browser.viewport(self.driver, width, height, phone=phone)
            for path in ("index.html",):
                with self.subTest(viewport=f"{width}x{height}", path=path):
                    self.open(path)
                    rows = self.rows()
                    self.assertGreater(len(rows), 3)
                    self.assertEqual(sum(len(r["tiles"]) for r in rows), 30)
                    for number, row in enumerate(rows):
                        tops = [t["top"] for t in row["tiles"]]
                        heights = [t["height"] for t in row["tiles"]]
                        self.assertLessEqual(max(tops) - min(tops), 1, f"row {number}: {row}")
                        self.assertLessEqual(max(heights) - min(heights), 1, f"row {number}: {row}")
                        self.assertGreater(min(heights), 40, f"row {number}: {row}")
                        if not row["ragged"]:
                            # A full row fills the width, edge to edge.
                            self.assertLessEqual(abs(row["tiles"][0]["left"] - row["row"]["left"]), 1, f"row {number}")
                            self.assertLessEqual(abs(row["tiles"][-1]["right"] - row["row"]["right"]), 1, f"row {number}")
                    # Not wider than the screen.
                    self.assertLessEqual(self.driver.execute_script("return document.documentElement.scrollWidth"), width)

    def test_tiles_lead_to_photo_pages_and_back(self):
        browser.viewport(self.driver, 1366, 900)
        self.open()
        tiles = self.driver.find_elements(By.CSS_SELECTOR, "a.tile")
        self.assertEqual([t.get_attribute("id") for t in tiles[:3]], ["grid.p1", "grid.p2", "grid.p3"])
        for tile in tiles:
            image = tile.find_element(By.TAG_NAME, "img")
            self.assertTrue(image.get_attribute("alt"))
            self.assertTrue(int(image.get_attribute("width")) > 0 and int(image.get_attribute("height")) > 0)
        tiles[16].click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("p17/index.html"), message="the photo page")
        self.driver.find_element(By.CSS_SELECTOR, ".overview-link").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("index.html#grid.p17"), message="back")
        self.assertTrue(self.driver.execute_script("return document.getElementById('grid.p17').matches(':target')"))
        # In view, not under anything.
        self.assertTrue(self.driver.execute_script("""
            const r = document.getElementById('grid.p17').getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight;"""))

    def test_no_layout_shift_while_thumbnails_load(self):
        for width, height, phone in VIEWPORTS[::2]:
            with self.subTest(viewport=f"{width}x{height}"):
                browser.viewport(self.driver, width, height, phone=phone)
                self.driver.execute_cdp_cmd("Network.enable", {})
                self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
                self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                    "offline": False, "latency": 100, "downloadThroughput": 300_000, "uploadThroughput": 300_000})
                try:
                    self.open()
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), timeout=60, message="thumbnails")
                    self.driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
                    time.sleep(0.5)
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), timeout=60, message="the last rows")
                finally:
                    self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
                    self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
                shifts = browser.layout_shifts(self.driver)
                self.assertEqual(shifts, [], shifts)

    def test_axe_finds_no_violations_light_and_dark(self):
        browser.viewport(self.driver, 1366, 900)
        for scheme in ("light", "dark"):
            with self.subTest(scheme=scheme):
                browser.color_scheme(self.driver, scheme, reduced_motion=True)
                self.open()
                violations = browser.axe_violations(self.driver)
                self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])
        browser.color_scheme(self.driver, "light", reduced_motion=True)


class Pages(OverviewTestCase):
    """3,000 photos: 30 overview pages of 100."""
    count = 3000

    def pagination(self):
        return self.driver.execute_script("""
            const nav = document.querySelector('nav.pages');
            return nav && {
                label: nav.getAttribute('aria-label'),
                numbers: Array.from(nav.querySelectorAll('a.page-number'), a => a.textContent.replace(/\\D/g, '')),
                current: Array.from(nav.querySelectorAll('[aria-current="page"]'), a => a.textContent.replace(/\\D/g, '')),
                previous: !!nav.querySelector('.page-prev'), next: !!nav.querySelector('.page-next')};""")

    def tile_ids(self):
        return [t.get_attribute("id") for t in self.driver.find_elements(By.CSS_SELECTOR, "a.tile")]

    def test_pagination_links(self):
        browser.viewport(self.driver, 1366, 900)
        self.open()
        first = self.pagination()
        self.assertEqual(first["label"], "Pages")
        self.assertEqual(first["current"], ["1"])
        self.assertFalse(first["previous"])
        self.assertTrue(first["next"])
        self.assertIn("30", first["numbers"])
        self.assertEqual(self.tile_ids()[0], "grid.p1")
        self.assertEqual(len(self.tile_ids()), 100)
        self.driver.find_element(By.CSS_SELECTOR, ".page-next").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("page/2/index.html"), message="page 2")
        self.assertEqual(self.pagination()["current"], ["2"])
        self.assertEqual(self.tile_ids()[0], "grid.p101")
        self.assertEqual(self.tile_ids()[-1], "grid.p200")
        self.driver.find_element(By.XPATH, "//nav[@class='pages']//a[normalize-space(.)='Page 30']").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("page/30/index.html"), message="page 30")
        last = self.pagination()
        self.assertEqual(last["current"], ["30"])
        self.assertTrue(last["previous"])
        self.assertFalse(last["next"])
        self.assertEqual(self.tile_ids()[-1], "grid.p3000")
        self.driver.find_element(By.CSS_SELECTOR, ".page-prev").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("page/29/index.html"), message="page 29")
        self.assertEqual(browser.axe_violations(self.driver), [])
        # A photo's way back leads to the page that holds it; an old #slug link finds its page.
        self.open("p1502/index.html")
        self.driver.find_element(By.CSS_SELECTOR, ".overview-link").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("page/16/index.html#grid.p1502"),
                         message="page 16")
        self.assertIn("grid.p1502", self.tile_ids())
        self.open("index.html#p2999")
        browser.wait_for(lambda: self.driver.current_url == self.server.url("p2999/index.html"), message="the redirect")


class TenThousandPhotos(unittest.TestCase):
    """Every page of a 10,000-photo album stays small: HTML ≤ 30 KB gzipped, ≤ 1,500 elements."""

    @classmethod
    def setUpClass(cls):
        started = time.monotonic()
        cls.site = site_fixtures.shared(site_fixtures.big, 10_000)
        print(f"\n10,000-photo album built in {time.monotonic() - started:.1f} s with {site_fixtures.GALGEN}")

    def test_every_html_file_is_at_most_30_kb_gzipped(self):
        pages = glob.glob(os.path.join(self.site, "**", "*.html"), recursive=True)
        self.assertEqual(len(pages), 10_000 + 100)
        sizes = {}
        for page in pages:
            with open(page, "rb") as f:
                sizes[os.path.relpath(page, self.site)] = (len(gzip.compress(f.read(), 6)), f.tell())
        largest = max(sizes, key=lambda p: sizes[p][0])
        print(f"\nlargest page: {largest}, {sizes[largest][0]:,} bytes gzipped ({sizes[largest][1]:,} bytes); "
              f"photo page p5000: {sizes[os.path.join('p5000', 'index.html')][0]:,} bytes gzipped")
        self.assertLessEqual(sizes[largest][0], 30 * 1024, largest)

    def test_first_middle_and_last_pages_have_at_most_1500_elements(self):
        server = browser.Server(self.site)
        self.addCleanup(server.stop)
        driver = browser.chrome()
        self.addCleanup(driver.quit)
        counts = {}
        for path in ("p1/index.html", "p5000/index.html", "p10000/index.html",
                     "index.html", "page/50/index.html", "page/100/index.html"):
            driver.get(server.url(path))
            browser.wait_for(lambda: driver.execute_script("return document.readyState") == "complete", message=path)
            # With gallery.js's additions (the zoom dialog, the buttons, photos fetched ahead).
            time.sleep(0.3)
            counts[path] = driver.execute_script("return document.getElementsByTagName('*').length")
        print(f"\nelements: {counts}")
        for path, count in counts.items():
            self.assertLessEqual(count, 1500, path)


if __name__ == "__main__":
    unittest.main(verbosity=2)
