"""An unlisted album in a real browser: the site a visitor can walk (album list, album
navigation, tag pages, feeds, sitemap) never leads to it, yet its own address works, says
noindex, and passes axe-core light and dark."""
import json, os, unittest
import xml.etree.ElementTree as ElementTree

from selenium.webdriver.common.by import By

import browser
import site_fixtures


def gallery(folder):
    return site_fixtures.build(folder, f"""title: Our year
base_url: {site_fixtures.BASE_URL}
thumbnails: {{ widths: [320, 1280] }}
albums:
  - title: Spring
    images:
      - src: photos/harbour.jpg
        tags: [sea]
  - title: Family
    unlisted: true
    images:
      - src: photos/dunes.jpg
        tags: [sea, family]
      - src: photos/tower.jpg
  - title: Autumn
    images:
      - src: photos/boats.jpg
        tags: [sea]
""", site_fixtures.PHOTOS)


class UnlistedAlbum(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(gallery), scheme="light")
        found = [name for name in os.listdir(cls.site) if name.startswith("family-")]
        assert len(found) == 1, found
        cls.folder = found[0]

    def open(self, path):
        self.driver.get(self.server.url(path))
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete", message=path)

    def links(self):
        return [a.get_attribute("href") or "" for a in self.driver.find_elements(By.CSS_SELECTOR, "a[href]")]

    def test_its_address_is_hard_to_guess(self):
        self.assertRegex(self.folder, r"^family-[a-z0-9]{10}$")
        self.assertFalse(os.path.exists(os.path.join(self.site, "family")))

    def test_no_page_a_visitor_can_walk_to_links_it(self):
        """Every page reachable from the front page by following links, none of them its."""
        seen, queue = set(), ["index.html"]
        while queue:
            path = queue.pop()
            if path in seen:
                continue
            seen.add(path)
            self.open(path)
            for href in self.links():
                self.assertNotIn("family", href, f"{path} links {href}")
                if href.startswith(self.server.url("")) and href.endswith((".html", "/")):
                    relative = href[len(self.server.url("")):].split("#")[0]
                    queue.append(relative + "index.html" if relative.endswith("/") or relative == "" else relative)
        self.assertIn("spring/index.html", seen)
        self.assertIn("autumn/index.html", seen)
        # Spring's next album is Autumn, past the unlisted one.
        self.open("spring/index.html")
        self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, ".album-next").get_attribute("href").endswith("autumn/index.html"))
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "h1").text, "Spring")

    def test_sitemap_feeds_and_tags_leave_it_out(self):
        for name in ["sitemap.xml"] + [os.path.relpath(os.path.join(parent, f), self.site)
                                       for parent, _, files in os.walk(self.site) for f in files if f == "feed.xml"]:
            with open(os.path.join(self.site, name), encoding="utf-8") as f:
                text = f.read()
            ElementTree.fromstring(text)
            self.assertNotIn("family", text, name)
            self.assertNotIn("Dunes", text, name)
        self.assertTrue(os.path.exists(os.path.join(self.site, "feed.xml")), "the site's feed")
        tags = os.path.join(self.site, "tags")
        self.assertTrue(os.path.isdir(tags), "tag pages")
        for parent, _, files in os.walk(tags):
            for name in files:
                with open(os.path.join(parent, name), encoding="utf-8") as f:
                    self.assertNotIn("family-", f.read(), os.path.join(parent, name))
        # The tag only its photos carry has no page at all.
        self.assertFalse(any("family" in name for name in os.listdir(tags)), os.listdir(tags))
        # Hosts serve _headers and galgen's marker as files too: neither names the address.
        token = self.folder.split("-")[-1]
        for name in ("_headers", ".galgen-site"):
            with open(os.path.join(self.site, name), encoding="utf-8") as f:
                self.assertNotIn(token, f.read(), name)

    def test_its_own_pages_work_say_noindex_and_pass_axe(self):
        for path in (f"{self.folder}/index.html", f"{self.folder}/dunes/index.html"):
            self.open(path)
            robots = self.driver.find_element(By.CSS_SELECTOR, 'meta[name="robots"]').get_attribute("content")
            self.assertEqual(robots, "noindex", path)
            self.assertTrue(browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="photos"))
            for scheme in ("light", "dark"):
                with self.subTest(path=path, scheme=scheme):
                    browser.color_scheme(self.driver, scheme, reduced_motion=True)
                    violations = browser.axe_violations(self.driver)
                    self.assertEqual(violations, [], json.dumps(violations, indent=1)[:3000])
            browser.color_scheme(self.driver, "light", reduced_motion=True)
        # The listed albums' pages do not say noindex.
        self.open("spring/index.html")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'meta[name="robots"]'), [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
