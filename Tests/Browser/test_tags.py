"""Tag pages in a real browser: a tag page (justified rows of tiles that lead to the photos' own
pages) and the tags index with counts, reached from a photo page's tag links; an unlisted album's
photos on none of them; axe-core light and dark; screenshots at phone and desktop sizes; and the
size of every tag page of a tag on 3,000 photos."""
import glob, gzip, json, os, time, unittest

from selenium.webdriver.common.by import By

import browser
import site_fixtures

SCREENSHOTS = os.path.join(site_fixtures.ROOT, ".build", "screenshots")
PHOTOS = {name: site_fixtures.PHOTOS[name] for name in ("harbour.jpg", "tower.jpg", "boats.jpg", "dunes.jpg")}


def tagged(folder):
    """Two albums sharing tags (one photo tagged in both), an unlisted album tagged too."""
    return site_fixtures.build(folder, """title: Coast trip
base_url: https://photos.example.com/
thumbnails: { widths: [320, 1280], formats: [jpeg] }
albums:
  - title: Harbour days
    slug: harbour-days
    images:
      - { src: photos/harbour.jpg, title: Harbour, tags: [Sea, Boats, Morning light] }
      - { src: photos/tower.jpg, title: Tower, alt: A lighthouse against the sky., tags: [Sea, Lighthouse] }
      - { src: photos/boats.jpg, title: Boats, tags: [Boats, Sea] }
  - title: Dunes
    slug: dunes
    images:
      - { src: photos/dunes.jpg, title: Dunes, tags: [Sand, Sea] }
      - { src: photos/harbour.jpg, title: Harbour again, slug: harbour, tags: [Sea] }
  - title: Family
    slug: family
    unlisted: true
    images:
      - { src: photos/boats.jpg, title: Family boat, slug: family-boat, tags: [Sea, Private] }
""", PHOTOS)


def many_tagged(folder, count=3000):
    """`count` photos all tagged Sea, each with a tag of its own: 30 pages of one tag, and an index of pages."""
    names = ["harbour.jpg", "tower.jpg", "boats.jpg"]
    lines = "".join(f"  - {{ src: photos/{names[i % 3]}, title: Photo {i + 1}, slug: p{i + 1}, tags: [Sea, Tag {i + 1:04d}] }}\n"
                    for i in range(count))
    return site_fixtures.build(folder, "title: Waterfalls\nthumbnails: { widths: [320, 1280], formats: [jpeg] }\nimages:\n" + lines,
                               {name: PHOTOS[name] for name in names})


class TagsTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(tagged), scheme="light")

    def open(self, path):
        self.driver.get(self.server.url(path))
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete",
                         message=f"{path} to load")


class TagPages(TagsTestCase):
    def test_a_tag_page_shows_its_photos_from_every_listed_album(self):
        browser.viewport(self.driver, 1366, 900)
        self.open("tags/sea/index.html")
        self.assertEqual(self.driver.find_element(By.TAG_NAME, "h1").text, "Sea")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, ".count").text, "5 photos")
        tiles = self.driver.find_elements(By.CSS_SELECTOR, "a.tile")
        hrefs = [t.get_attribute("href") for t in tiles]
        self.assertEqual(sorted(hrefs), sorted(self.server.url(p) for p in (
            "harbour-days/harbour/index.html", "harbour-days/tower/index.html", "harbour-days/boats/index.html",
            "dunes/dunes/index.html", "dunes/harbour/index.html")))
        self.assertEqual(len(set(t.get_attribute("id") for t in tiles)), 5)
        # Justified: the tiles of a row share their top and height.
        rows = self.driver.execute_script("""
            return Array.from(document.querySelectorAll('.grid-row'), row =>
                Array.from(row.querySelectorAll('a.tile'), t => { const r = t.getBoundingClientRect(); return [r.top, r.height]; }));""")
        for row in rows:
            self.assertLessEqual(max(t[0] for t in row) - min(t[0] for t in row), 1)
            self.assertLessEqual(max(t[1] for t in row) - min(t[1] for t in row), 1)
        tower = next(t for t in tiles if t.get_attribute("href").endswith("/tower/index.html"))
        tower.click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("harbour-days/tower/index.html"), message="the photo page")

    def test_the_tags_index_lists_every_tag_with_its_count(self):
        self.open("tags/index.html")
        entries = self.driver.execute_script("""
            return Array.from(document.querySelectorAll('.tag-list li'), li =>
                [li.querySelector('a').textContent, li.querySelector('.tag-count').textContent]);""")
        self.assertEqual(entries, [["Boats", "2 photos"], ["Lighthouse", "1 photo"], ["Morning light", "1 photo"],
                                   ["Sand", "1 photo"], ["Sea", "5 photos"]])
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, ".count").text, "5 tags")
        self.driver.find_element(By.LINK_TEXT, "Lighthouse").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("tags/lighthouse/index.html"), message="the tag page")
        self.driver.find_element(By.CSS_SELECTOR, ".crumbs a").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("tags/index.html"), message="back to the index")

    def test_a_photo_pages_tag_links_lead_to_the_tag_pages(self):
        self.open("harbour-days/harbour/index.html")
        links = self.driver.find_elements(By.CSS_SELECTOR, "figcaption .tags a.tag")
        self.assertEqual([l.text for l in links], ["Sea", "Boats", "Morning light"])
        links[2].click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("tags/morning-light/index.html"), message="the tag page")
        self.assertEqual([t.get_attribute("href") for t in self.driver.find_elements(By.CSS_SELECTOR, "a.tile")],
                         [self.server.url("harbour-days/harbour/index.html")])

    def test_the_unlisted_albums_photos_are_on_no_tag_page(self):
        for path in glob.glob(os.path.join(self.site, "tags", "**", "*.html"), recursive=True):
            with open(path, encoding="utf-8") as f:
                html = f.read()
            self.assertNotIn("family", html, path)
            self.assertNotIn("Private", html, path)
        self.assertFalse(os.path.exists(os.path.join(self.site, "tags", "private")))

    def test_axe_finds_no_violations_light_and_dark(self):
        browser.viewport(self.driver, 1366, 900)
        for scheme in ("light", "dark"):
            browser.color_scheme(self.driver, scheme, reduced_motion=True)
            for path in ("tags/index.html", "tags/sea/index.html", "harbour-days/harbour/index.html"):
                with self.subTest(scheme=scheme, path=path):
                    self.open(path)
                    violations = browser.axe_violations(self.driver)
                    self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])
        browser.color_scheme(self.driver, "light", reduced_motion=True)

    def test_take_screenshots(self):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        for device, (width, height) in {"desktop": (1366, 900), "phone": (390, 844)}.items():
            browser.viewport(self.driver, width, height, phone=device == "phone")
            for scheme in ("light", "dark"):
                browser.color_scheme(self.driver, scheme)
                for name, path in (("tag-page", "tags/sea/index.html"), ("tags-index", "tags/index.html"),
                                   ("tagged-photo", "harbour-days/harbour/index.html")):
                    self.open(path)
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message=f"images of {path}")
                    self.assertTrue(self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}-{device}-{scheme}.png")))
        browser.color_scheme(self.driver, "light", reduced_motion=True)


class ManyTaggedPhotos(unittest.TestCase):
    """A tag on 3,000 photos: 30 tag pages of 100, and 3,001 tags on 16 index pages; every one
    within the overview's budget (≤ 30 KB gzipped, ≤ 1,500 elements)."""

    @classmethod
    def setUpClass(cls):
        started = time.monotonic()
        cls.site = site_fixtures.shared(many_tagged, 3000)
        print(f"\n3,000 tagged photos built in {time.monotonic() - started:.1f} s")

    def test_every_tag_page_is_at_most_30_kb_gzipped(self):
        pages = glob.glob(os.path.join(self.site, "tags", "**", "*.html"), recursive=True)
        self.assertEqual(len(pages), 30 + 3000 + 16)
        sizes = {}
        for page in pages:
            with open(page, "rb") as f:
                sizes[os.path.relpath(page, self.site)] = len(gzip.compress(f.read(), 6))
        largest = max(sizes, key=sizes.get)
        print(f"\nlargest tag page: {largest}, {sizes[largest]:,} bytes gzipped")
        self.assertLessEqual(sizes[largest], 30 * 1024, largest)

    def test_first_middle_and_last_pages_have_at_most_1500_elements(self):
        server = browser.Server(self.site)
        self.addCleanup(server.stop)
        driver = browser.chrome()
        self.addCleanup(driver.quit)
        counts = {}
        for path in ("tags/sea/index.html", "tags/sea/page/15/index.html", "tags/sea/page/30/index.html",
                     "tags/index.html", "tags/page/8/index.html", "tags/page/16/index.html"):
            driver.get(server.url(path))
            browser.wait_for(lambda: driver.execute_script("return document.readyState") == "complete", message=path)
            time.sleep(0.3)
            counts[path] = driver.execute_script("return document.getElementsByTagName('*').length")
        print(f"\nelements: {counts}")
        for path, count in counts.items():
            self.assertLessEqual(count, 1500, path)


if __name__ == "__main__":
    unittest.main(verbosity=2)
