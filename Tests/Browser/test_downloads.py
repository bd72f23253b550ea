"""Album downloads in a real browser: an album with `downloads: zip` offers "Download all" on
its overview, every photo page a "Download" link; each link's href is a real file of the site
with a sensible `download` name, the zip reads back with every photo, and axe-core finds
nothing, light and dark."""
import io, json, os, unittest, urllib.request, zipfile

from selenium.webdriver.common.by import By

import browser
import site_fixtures


def gallery(folder):
    return site_fixtures.build(folder, """title: Downloads
viewer: { originals: true }
thumbnails: { widths: [320, 1280] }
albums:
  - title: Coast
    downloads: zip
    images: [photos/harbour.jpg, photos/dunes.jpg, photos/tower.jpg]
  - title: Harbour boats
    images: [photos/boats.jpg, photos/oppo.jpg]
""", {**site_fixtures.PHOTOS, "oppo.jpg": "photos/dn_oppo_r7plus.jpg"})


class AlbumDownloads(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(gallery), scheme="light")

    def open(self, path):
        self.driver.get(self.server.url(path))
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete", message=path)

    def fetch(self, url):
        """The bytes the server gives for `url` (an absolute URL of the site)."""
        with urllib.request.urlopen(url) as response:
            self.assertEqual(response.status, 200, url)
            return response.read()

    def site_file(self, url):
        """The file of the site that `url` names."""
        return os.path.join(self.site, url.removeprefix(self.server.url()))

    def test_the_overview_offers_the_album_as_one_zip(self):
        self.open("coast/index.html")
        link = self.driver.find_element(By.XPATH, "//a[starts-with(normalize-space(.), 'Download all')]")
        self.assertRegex(link.text, r"^Download all \(3 photos, [\d.]+ (KB|MB)\)$")
        self.assertEqual(link.get_dom_attribute("download"), "coast.zip")
        href = link.get_attribute("href")
        self.assertRegex(href, r"/coast/coast\.[0-9a-f]{8}\.zip$")
        self.assertTrue(os.path.isfile(self.site_file(href)), href)
        size = os.path.getsize(self.site_file(href))
        with zipfile.ZipFile(io.BytesIO(self.fetch(href))) as archive:
            self.assertIsNone(archive.testzip())
            self.assertEqual(archive.namelist(), ["harbour.jpg", "dunes.jpg", "tower.jpg"])
            self.assertTrue(all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist()))
        # The link's size is the file's, as the site writes sizes ("1.2 MB").
        shown = link.text.split(", ")[1].rstrip(")")
        number, unit = shown.split()
        self.assertAlmostEqual(float(number) * {"KB": 1e3, "MB": 1e6}[unit], size, delta=size * 0.06)

    def test_an_album_without_downloads_has_no_zip(self):
        self.open("harbour-boats/index.html")
        self.assertEqual(self.driver.find_elements(By.XPATH, "//a[starts-with(normalize-space(.), 'Download all')]"), [])
        self.assertFalse([name for name in os.listdir(os.path.join(self.site, "harbour-boats")) if name.endswith(".zip")])

    def test_every_photo_page_has_a_download_link_to_a_real_file(self):
        for path, name, original in [("coast/harbour/index.html", "harbour.jpg", True),
                                     ("harbour-boats/oppo/index.html", "oppo.jpg", False)]:
            with self.subTest(path=path):
                self.open(path)
                link = self.driver.find_element(By.CSS_SELECTOR, "figcaption .meta a[download]")
                self.assertEqual(link.text, "Download")
                self.assertEqual(link.get_dom_attribute("download"), name)
                href = link.get_attribute("href")
                self.assertTrue(os.path.isfile(self.site_file(href)), href)
                body = self.fetch(href)
                self.assertTrue(body.startswith(b"\xff\xd8"), "a JPEG")
                # harbour's original is published; the Oppo's records where it was taken, so it
                # is withheld and the link gives its largest rendition, the page's Full size.
                self.assertEqual("-original." in href, original, href)
                # Full size stays beside it, a link to view rather than to save.
                full = self.driver.find_element(By.XPATH, "//p[@class='meta']/a[starts-with(normalize-space(.), 'Full size')]")
                self.assertIsNone(full.get_dom_attribute("download"))
                if not original:
                    self.assertEqual(full.get_attribute("href"), href)

    def test_axe_finds_nothing_light_and_dark(self):
        try:
            for scheme in ["light", "dark"]:
                browser.color_scheme(self.driver, scheme, reduced_motion=True)
                for path in ["coast/index.html", "coast/dunes/index.html"]:
                    with self.subTest(scheme=scheme, path=path):
                        self.open(path)
                        violations = browser.axe_violations(self.driver)
                        self.assertEqual(violations, [], json.dumps(violations, indent=1)[:3000])
        finally:
            browser.color_scheme(self.driver, "light", reduced_motion=True)


if __name__ == "__main__":
    unittest.main()
