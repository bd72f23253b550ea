"""The page in a real browser: the segmented control, with and without JavaScript,
deep links, history, file://, a sub-path, escaping, console errors and axe-core."""
import gzip, json, os, shutil, unittest

from axe_selenium_python import Axe
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
import site_fixtures

SCREENSHOTS = os.path.join(site_fixtures.ROOT, ".build", "screenshots")


class PageTestCase(unittest.TestCase):
    javascript = True

    @classmethod
    def setUpClass(cls):
        cls.work = site_fixtures.temporary()
        cls.site = site_fixtures.single_album(os.path.join(cls.work, "project"))
        # Served from a sub-folder, as on GitHub Pages project sites.
        browser.mount(cls.site, os.path.join(cls.work, "www"), "sub/gallery")
        cls.server = browser.Server(os.path.join(cls.work, "www"))
        cls.driver = browser.chrome(javascript=cls.javascript)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()
        shutil.rmtree(cls.work, ignore_errors=True)

    def open(self, fragment=""):
        self.driver.get(self.server.url("sub/gallery/index.html" + fragment))
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete",
                         message="the page to load")
        if self.javascript:
            browser.wait_for(lambda: self.driver.execute_script(
                "return document.documentElement.classList.contains('js')"), message="gallery.js to start")

    def tab(self, slug):
        return self.driver.find_element(By.ID, "tab." + slug)

    def visible_panels(self):
        return [p.get_attribute("id") for p in self.driver.find_elements(By.CSS_SELECTOR, '[role="tabpanel"]')
                if p.is_displayed()]

    def selected_tabs(self):
        return [t.get_attribute("aria-controls") for t in self.driver.find_elements(By.CSS_SELECTOR, '[role="tab"]')
                if t.get_attribute("aria-selected") == "true"]

    def hash(self):
        return self.driver.execute_script("return location.hash")

    def severe_console_messages(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]


class WithJavaScript(PageTestCase):
    def test_first_photo_is_shown_without_a_hash(self):
        self.open()
        self.assertEqual(self.visible_panels(), ["harbour"])
        self.assertEqual(self.selected_tabs(), ["harbour"])
        self.assertEqual(self.driver.title, "Harbour \u2014 Coast trip")
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="the first photo")

    def test_clicking_a_segment_shows_its_panel_and_only_it(self):
        self.open()
        self.tab("dunes").click()
        self.assertEqual(self.visible_panels(), ["dunes"])
        self.assertEqual(self.selected_tabs(), ["dunes"])
        self.assertEqual(self.hash(), "#dunes")
        self.assertEqual(self.driver.title, "Dunes \u2014 Coast trip")
        self.assertEqual(self.tab("dunes").get_attribute("tabindex"), "0")
        self.assertEqual(self.tab("harbour").get_attribute("tabindex"), "-1")
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="the dunes photo")

    def test_arrow_keys_home_and_end_move_focus_and_selection(self):
        self.open()
        self.tab("harbour").click()
        steps = [(Keys.ARROW_RIGHT, "dunes"), (Keys.ARROW_RIGHT, "tower"), (Keys.ARROW_LEFT, "dunes"),
                 (Keys.END, "boats"), (Keys.ARROW_RIGHT, "harbour"), (Keys.ARROW_LEFT, "boats"), (Keys.HOME, "harbour")]
        for key, expected in steps:
            self.driver.switch_to.active_element.send_keys(key)
            self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "tab." + expected, key)
            self.assertEqual(self.selected_tabs(), [expected])
            self.assertEqual(self.visible_panels(), [expected])
            self.assertEqual(self.hash(), "#" + expected)
        self.assertEqual(self.driver.title, "Harbour \u2014 Coast trip")

    def test_a_deep_link_opens_that_photo(self):
        self.open("#tower")
        self.assertEqual(self.visible_panels(), ["tower"])
        self.assertEqual(self.selected_tabs(), ["tower"])
        self.assertEqual(self.driver.title, "Tower \u2014 Coast trip")
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="the tower photo")
        # With JavaScript the selected segment keeps its raised pill, deep link or not.
        browser.wait_for(lambda: self.tab("tower").value_of_css_property("box-shadow") != "none", message="the pill")

    def test_back_and_forward_follow_the_selection(self):
        self.open()
        self.tab("dunes").click()
        self.tab("tower").click()
        self.driver.back()
        browser.wait_for(lambda: self.visible_panels() == ["dunes"], message="back to dunes")
        self.assertEqual(self.selected_tabs(), ["dunes"])
        self.driver.back()
        browser.wait_for(lambda: self.visible_panels() == ["harbour"], message="back to the first photo")
        self.driver.forward()
        browser.wait_for(lambda: self.visible_panels() == ["dunes"], message="forward to dunes")
        self.assertEqual(self.driver.title, "Dunes \u2014 Coast trip")

    def test_a_hostile_caption_is_text(self):
        self.open("#dunes")
        caption = self.driver.find_element(By.CSS_SELECTOR, "#dunes .caption")
        self.assertEqual(caption.text, site_fixtures.XSS)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'img[src="x"]'), [])
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text

    def test_every_image_has_size_alt_and_a_placeholder(self):
        self.open()
        for panel in self.driver.find_elements(By.CSS_SELECTOR, '[role="tabpanel"]'):
            photo = panel.find_element(By.CSS_SELECTOR, "img.photo")
            self.assertTrue(photo.get_attribute("alt"))
            self.assertTrue(int(photo.get_attribute("width")) > 0 and int(photo.get_attribute("height")) > 0)
            placeholder = panel.find_element(By.CSS_SELECTOR, "img.placeholder")
            self.assertTrue(placeholder.get_attribute("src").startswith("data:image/bmp;base64,"))
            self.assertEqual(placeholder.get_attribute("alt"), "")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "#tower img.photo").get_attribute("alt"),
                         "A lighthouse against the sky.")

    def test_no_console_errors(self):
        self.open()
        self.tab("tower").click()
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images")
        self.assertEqual(self.severe_console_messages(), [])

    def test_axe_finds_no_violations_light_and_dark(self):
        for scheme in ("light", "dark"):
            with self.subTest(scheme=scheme):
                browser.color_scheme(self.driver, scheme, reduced_motion=True)
                self.open("#dunes")
                axe = Axe(self.driver)
                axe.inject()
                violations = axe.run()["violations"]
                self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])
        browser.color_scheme(self.driver, "light")


class WithoutJavaScript(PageTestCase):
    javascript = False

    def test_segments_are_links_that_switch_photos(self):
        self.open()
        self.assertFalse(self.driver.execute_script("return 1") is None and False)
        self.assertEqual(self.visible_panels(), ["harbour"])
        self.tab("tower").click()
        browser.wait_for(lambda: self.visible_panels() == ["tower"], message="tower via :target")
        self.tab("dunes").click()
        browser.wait_for(lambda: self.visible_panels() == ["dunes"], message="dunes via :target")
        self.assertTrue(self.driver.current_url.endswith("#dunes"))
        # The first segment, still aria-selected in the markup, no longer looks selected.
        first = self.tab("harbour")
        # Waited for: the segment's shadow fades out with a transition.
        browser.wait_for(lambda: first.value_of_css_property("box-shadow") == "none",
                         message="the first segment's shadow to fade out")
        self.assertNotEqual(first.value_of_css_property("font-weight"), "600")

    def test_a_deep_link_works_too(self):
        self.open("#boats")
        self.assertEqual(self.visible_panels(), ["boats"])


class FromFile(PageTestCase):
    def test_the_site_works_from_a_file_url(self):
        self.driver.get("file://" + os.path.join(self.site, "index.html") + "#dunes")
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete", message="load")
        self.assertEqual(self.visible_panels(), ["dunes"])
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images from file://")
        self.tab("tower").click()
        self.assertEqual(self.visible_panels(), ["tower"])
        self.assertEqual(self.severe_console_messages(), [])


class SiteTestCase(unittest.TestCase):
    """A fixture site (`make_site`) served from its root, and one browser."""
    make_site = None

    @classmethod
    def setUpClass(cls):
        cls.work = site_fixtures.temporary()
        cls.site = cls.make_site(os.path.join(cls.work, "project"))
        cls.server = browser.Server(cls.site)
        cls.driver = browser.chrome()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()
        shutil.rmtree(cls.work, ignore_errors=True)


class Albums(SiteTestCase):
    make_site = staticmethod(site_fixtures.albums)

    def test_the_index_lists_albums_with_covers_and_links_both_ways(self):
        self.driver.get(self.server.url("index.html"))
        cards = self.driver.find_elements(By.CSS_SELECTOR, ".albums a")
        self.assertEqual([c.get_attribute("href").split("/")[-2] for c in cards], ["north", "south"])
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="album covers")
        cards[0].click()
        browser.wait_for(lambda: self.driver.title == "Harbour \u2014 North \u2014 Travels", message="the album page")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".album-prev"), [])
        self.driver.find_element(By.CSS_SELECTOR, ".album-next").click()
        browser.wait_for(lambda: self.driver.title == "Dunes \u2014 South \u2014 Travels", message="the next album")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".album-next"), [])
        self.driver.find_element(By.CSS_SELECTOR, ".album-prev").click()
        browser.wait_for(lambda: self.driver.title == "Harbour \u2014 North \u2014 Travels", message="back to north")
        self.driver.find_element(By.CSS_SELECTOR, ".crumbs a").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("index.html"), message="back to the index")
        axe = Axe(self.driver)
        axe.inject()
        self.assertEqual(axe.run()["violations"], [])


class ManyPhotos(SiteTestCase):
    make_site = staticmethod(site_fixtures.many)

    def test_fifty_photos_weigh_at_most_15_kb_gzipped(self):
        total = 0
        assets = sorted(os.listdir(os.path.join(self.site, "assets")))
        # The fingerprinted stylesheet and script the page links.
        self.assertEqual(len(assets), 2, assets)
        for path in ["index.html"] + ["assets/" + name for name in assets]:
            with open(os.path.join(self.site, path), "rb") as f:
                total += len(gzip.compress(f.read(), 9))
        print(f"\n50-photo album: HTML + CSS + JS = {total} bytes gzipped")
        self.assertLessEqual(total, 15 * 1024)

    def test_the_selected_segment_scrolls_into_view(self):
        self.driver.get(self.server.url("index.html"))
        browser.wait_for(lambda: self.driver.execute_script("return document.documentElement.classList.contains('js')"))
        self.driver.find_element(By.ID, "tab.p1").click()
        self.driver.switch_to.active_element.send_keys(Keys.END)
        inside = self.driver.execute_script("""
            const list = document.querySelector('[role="tablist"]').getBoundingClientRect();
            const tab = document.getElementById('tab.p50').getBoundingClientRect();
            return tab.left >= list.left - 1 && tab.right <= list.right + 1;""")
        self.assertTrue(inside)


class Formats(SiteTestCase):
    """HEIC, AVIF, WebP, PNG and JPEG in; AVIF, WebP and JPEG out, offered in a <picture>."""
    make_site = staticmethod(site_fixtures.formats)

    def test_every_photo_shows_and_chromium_takes_the_avif(self):
        self.driver.get(self.server.url("index.html"))
        slugs = [t.get_attribute("aria-controls") for t in self.driver.find_elements(By.CSS_SELECTOR, '[role="tab"]')]
        self.assertEqual(len(slugs), 5)
        for slug in slugs:
            self.driver.find_element(By.ID, "tab." + slug).click()
            browser.wait_for(lambda: self.driver.execute_script(
                "const img = document.querySelector('#' + CSS.escape(arguments[0]) + ' img.photo');"
                "return img.complete && img.naturalWidth > 0;", slug), message=f"{slug} to load")
            source = self.driver.execute_script(
                "return document.querySelector('#' + CSS.escape(arguments[0]) + ' img.photo').currentSrc;", slug)
            self.assertTrue(source.endswith(".avif"), f"{slug}: {source}")
            # Its placeholder goes once it has loaded: a transparent AVIF must not show it through.
            browser.wait_for(lambda: self.driver.execute_script(
                "const p = document.querySelector('#' + CSS.escape(arguments[0]) + ' .placeholder');"
                "return !p || p.hidden;", slug), message=f"{slug}'s placeholder to go")
        self.assertEqual(self.severe_console_messages(), [])

    def severe_console_messages(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]


class Screenshots(unittest.TestCase):
    """Desktop and phone, light and dark, under .build/screenshots/ for people to look at."""

    def test_take_screenshots(self):
        work = site_fixtures.temporary()
        try:
            site = site_fixtures.single_album(os.path.join(work, "project"))
            many = site_fixtures.many(os.path.join(work, "many"), count=12)
            server = browser.Server(work)
            os.makedirs(SCREENSHOTS, exist_ok=True)
            for device, (width, height) in {"desktop": (1280, 900), "phone": (390, 844)}.items():
                driver = browser.chrome(width=max(width, 500), height=height)
                try:
                    if device == "phone":
                        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                               {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
                    for scheme in ("light", "dark"):
                        browser.color_scheme(driver, scheme)
                        for name, path in (("page", "project/_site/index.html#dunes"), ("thumbs", "many/_site/index.html#p3")):
                            driver.get(server.url(path))
                            browser.wait_for(lambda: browser.visible_images_loaded(driver), message="images")
                            file = os.path.join(SCREENSHOTS, f"{name}-{device}-{scheme}.png")
                            self.assertTrue(driver.save_screenshot(file))
                finally:
                    driver.quit()
            server.stop()
        finally:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if not os.path.isdir(site_fixtures.FIXTURES):
        print(f"skipping the browser tests: no fixtures at {site_fixtures.FIXTURES}")
    else:
        unittest.main(verbosity=2)
