"""Photo pages in a real browser: every photo's own page with and without JavaScript, moving
between them in place (history, a stale response, fetching ahead), old #slug links, link
previews, file://, a sub-path, escaping, console errors and axe-core; albums, formats and
screenshots."""
import gzip, json, os, shutil, time, unittest

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
import site_fixtures

SCREENSHOTS = os.path.join(site_fixtures.ROOT, ".build", "screenshots")
SLUGS = site_fixtures.SLUGS
TITLES = {"harbour": "Harbour", "dunes": "Dunes", "tower": "Tower", "boats": "Boats"}
BASE = "sub/gallery/"


class PageTestCase(unittest.TestCase):
    """The four-photo album served from a sub-folder, as on GitHub Pages project sites, and
    one browser (with or without JavaScript)."""
    javascript = True

    @classmethod
    def setUpClass(cls):
        cls.work = site_fixtures.temporary()
        cls.addClassCleanup(shutil.rmtree, cls.work, ignore_errors=True)
        cls.site = site_fixtures.shared(site_fixtures.single_album)
        browser.mount(cls.site, os.path.join(cls.work, "www"), BASE.rstrip("/"))
        cls.server = browser.Server(os.path.join(cls.work, "www"))
        cls.addClassCleanup(cls.server.stop)
        cls.driver = browser.chrome(javascript=cls.javascript)
        cls.addClassCleanup(cls.driver.quit)
        browser.record_csp_violations(cls.driver)
        # No transitions to wait for.
        browser.color_scheme(cls.driver, "light", reduced_motion=True)

    def open(self, path=""):
        self.driver.get(self.server.url(BASE + path))
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete",
                         message="the page to load")
        if self.javascript:
            browser.wait_for(lambda: self.driver.execute_script(
                "return document.documentElement.classList.contains('js')"), message="gallery.js to start")

    def url(self, path=""):
        return self.server.url(BASE + path)

    def tab(self, slug):
        return self.driver.find_element(By.ID, "tab." + slug)

    def selected(self):
        """The slugs of the segments marked selected (one, always)."""
        return [t.get_attribute("id").removeprefix("tab.") for t in self.driver.find_elements(By.CSS_SELECTOR, '[role="tab"]')
                if t.get_attribute("aria-selected") == "true"]

    def shown(self):
        """The title of the photo on the page."""
        return self.driver.execute_script(
            "const h = document.querySelector('[role=\"tabpanel\"] figcaption h2'); return h && h.textContent")

    def photo_loaded(self):
        return self.driver.execute_script(
            "const i = document.querySelector('[role=\"tabpanel\"] img.photo'); return i && i.complete && i.naturalWidth > 0")

    def step_label(self, which):
        """The name of the previous or next link ("Next photo: Tower"), None if there is none."""
        labels = self.driver.find_elements(By.CSS_SELECTOR, f".step--{which} .visually-hidden")
        return labels[0].get_attribute("textContent") if labels else None

    def severe_console_messages(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def assert_shows(self, slug):
        title = TITLES[slug]
        browser.wait_for(lambda: self.shown() == title, message=f"{title} to show")
        self.assertEqual(self.selected(), [slug])
        self.assertEqual(self.driver.current_url, self.url(f"{slug}/index.html"))
        self.assertEqual(self.driver.title, f"{title} \u2014 Coast trip")
        panel = self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"]')
        self.assertEqual(panel.get_attribute("aria-labelledby"), "tab." + slug)
        self.assertEqual(self.tab(slug).get_attribute("aria-controls"), panel.get_attribute("id"))


class WithoutJavaScript(PageTestCase):
    javascript = False

    def test_each_photo_page_selects_its_segment_without_javascript(self):
        for number, slug in enumerate(SLUGS, start=1):
            with self.subTest(slug=slug):
                self.open(f"{slug}/index.html")
                self.assert_shows(slug)
                # Visibly selected: the raised pill, and only on it.
                for other in SLUGS:
                    pill = self.tab(other).value_of_css_property("box-shadow")
                    self.assertEqual(pill != "none", other == slug, other)
                self.assertEqual(self.tab(slug).value_of_css_property("font-weight"), "600")
                self.assertEqual(self.tab(slug).get_attribute("aria-posinset"), str(number))
                self.assertEqual(self.tab(slug).get_attribute("aria-setsize"), "4")
                self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"]').get_attribute("aria-label"),
                                 f"{number} of 4")

    def test_previous_and_next_links_walk_the_album(self):
        self.open("harbour/index.html")
        self.assertIsNone(self.step_label("prev"))
        walked = [self.shown()]
        while self.driver.find_elements(By.CSS_SELECTOR, ".step--next"):
            expected = self.step_label("next").removeprefix("Next photo: ")
            self.driver.find_element(By.CSS_SELECTOR, ".step--next").click()
            browser.wait_for(lambda: self.shown() == expected, message=expected)
            walked.append(self.shown())
        self.assertEqual(walked, [TITLES[slug] for slug in SLUGS])
        self.assertEqual(self.driver.current_url, self.url("boats/index.html"))
        self.assertEqual(self.step_label("prev"), "Previous photo: Tower")
        self.driver.find_element(By.CSS_SELECTOR, ".step--prev").click()
        browser.wait_for(lambda: self.shown() == "Tower", message="back to the tower")
        self.assertEqual(self.selected(), ["tower"])

    def test_segments_are_links_to_each_photos_page(self):
        self.open("harbour/index.html")
        self.tab("tower").click()
        browser.wait_for(lambda: self.shown() == "Tower", message="the tower's page")
        self.assert_shows("tower")

    def test_overview_link_leads_to_the_page_holding_the_photo(self):
        self.open("tower/index.html")
        link = self.driver.find_element(By.CSS_SELECTOR, ".overview-link")
        self.assertEqual(link.text, "All 4 photos")
        link.click()
        browser.wait_for(lambda: self.driver.current_url == self.url("index.html#grid.tower"), message="the overview")
        self.assertTrue(self.driver.execute_script("return document.getElementById('grid.tower').matches(':target')"))
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "main.overview a.tile")), 4)

    def test_old_hash_links_show_the_overview(self):
        self.open("index.html#dunes")
        self.assertEqual(self.driver.current_url, self.url("index.html#dunes"))
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "a.tile")), 4)

    def test_a_hostile_caption_is_text(self):
        self.open("dunes/index.html")
        caption = self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"] .caption')
        self.assertEqual(caption.text, site_fixtures.XSS)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'img[src="x"]'), [])

    def test_every_image_has_size_alt_and_a_placeholder(self):
        for slug in SLUGS:
            with self.subTest(slug=slug):
                self.open(f"{slug}/index.html")
                photo = self.driver.find_element(By.CSS_SELECTOR, "[role=tabpanel] img.photo")
                self.assertEqual(photo.get_attribute("alt"), "A lighthouse against the sky." if slug == "tower" else TITLES[slug])
                self.assertTrue(int(photo.get_attribute("width")) > 0 and int(photo.get_attribute("height")) > 0)
                self.assertTrue(photo.get_attribute("data-largest"))
                placeholder = self.driver.find_element(By.CSS_SELECTOR, "[role=tabpanel] img.placeholder")
                self.assertTrue(placeholder.get_attribute("src").startswith("data:image/bmp;base64,"))
                self.assertEqual(placeholder.get_attribute("alt"), "")


class ShareTags(PageTestCase):
    javascript = False

    def meta(self, key):
        found = self.driver.find_elements(By.CSS_SELECTOR, f'meta[property="{key}"], meta[name="{key}"]')
        return found[0].get_attribute("content") if found else None

    def test_photo_page_has_its_own_share_tags(self):
        images = set()
        for slug in SLUGS:
            with self.subTest(slug=slug):
                self.open(f"{slug}/index.html")
                canonical = site_fixtures.BASE_URL + slug + "/"
                self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, 'link[rel="canonical"]').get_attribute("href"),
                                 canonical)
                self.assertEqual(self.meta("og:url"), canonical)
                self.assertIn(TITLES[slug], self.meta("og:title"))
                image = self.meta("og:image")
                self.assertTrue(image.startswith(site_fixtures.BASE_URL + "images/" + slug + "-"), image)
                self.assertTrue(int(self.meta("og:image:width")) > 0 and int(self.meta("og:image:height")) > 0)
                self.assertEqual(self.meta("og:image:alt"),
                                 "A lighthouse against the sky." if slug == "tower" else TITLES[slug])
                self.assertEqual(self.meta("twitter:card"), "summary_large_image")
                images.add(image)
        self.assertEqual(len(images), 4, "each photo page previews its own photo")
        # A caption becomes the description, escaped.
        self.open("dunes/index.html")
        self.assertEqual(self.meta("og:description"), site_fixtures.XSS)


class WithJavaScript(PageTestCase):
    def mark(self):
        self.driver.execute_script("window.notReloaded = true")

    def not_reloaded(self):
        return self.driver.execute_script("return window.notReloaded === true")

    def test_old_hash_links_redirect_to_the_photo_page(self):
        self.open("index.html#tower")
        browser.wait_for(lambda: self.driver.current_url == self.url("tower/index.html"), message="the redirect")
        self.assert_shows("tower")
        # The grid's own anchors are left alone.
        self.open("index.html#grid.tower")
        time.sleep(0.3)
        self.assertEqual(self.driver.current_url, self.url("index.html#grid.tower"))

    def test_moving_keeps_the_document(self):
        self.open("harbour/index.html")
        self.mark()
        self.driver.find_element(By.CSS_SELECTOR, ".step--next").click()
        self.assert_shows("dunes")
        # Focus stays on the link pressed, which now leads on.
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("class"), "step step--next")
        self.assertEqual(self.step_label("next"), "Next photo: Tower")
        self.tab("boats").click()
        self.assert_shows("boats")
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "tab.boats")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".step--next"), [])
        # Arrow keys outside the tab list step too.
        self.driver.execute_script("document.activeElement.blur()")
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        self.assert_shows("tower")
        browser.wait_for(self.photo_loaded, message="the tower photo")
        self.assertTrue(self.not_reloaded(), "the page was reloaded")
        # The overview link follows the photo.
        self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, ".overview-link").get_attribute("href")
                        .endswith("/index.html#grid.tower"))

    def test_back_and_forward_follow_the_photo(self):
        self.open("harbour/index.html")
        self.mark()
        self.tab("dunes").click()
        self.assert_shows("dunes")
        self.tab("tower").click()
        self.assert_shows("tower")
        self.driver.back()
        self.assert_shows("dunes")
        self.driver.back()
        self.assert_shows("harbour")
        self.driver.forward()
        self.assert_shows("dunes")
        self.assertTrue(self.not_reloaded(), "the page was reloaded")

    def test_arrow_keys_home_and_end_move_focus_and_selection(self):
        self.open("harbour/index.html")
        self.mark()
        self.tab("harbour").click()
        # Four photos: the window is the whole album, so the keys wrap around.
        steps = [(Keys.ARROW_RIGHT, "dunes"), (Keys.ARROW_RIGHT, "tower"), (Keys.ARROW_LEFT, "dunes"),
                 (Keys.END, "boats"), (Keys.ARROW_RIGHT, "harbour"), (Keys.ARROW_LEFT, "boats"), (Keys.HOME, "harbour")]
        for key, expected in steps:
            self.driver.switch_to.active_element.send_keys(key)
            self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "tab." + expected, key)
            self.assert_shows(expected)
            self.assertEqual(self.tab(expected).get_attribute("tabindex"), "0")
            self.assertEqual([t.get_attribute("tabindex") for t in self.driver.find_elements(By.CSS_SELECTOR, '[role="tab"]')].count("0"), 1)
        self.assertTrue(self.not_reloaded())

    def test_the_next_photo_is_preloaded(self):
        self.open("harbour/index.html")
        # In idle time after load, the next page and its photo (a hidden copy of its <picture>).
        browser.wait_for(lambda: self.driver.execute_script("""
            const warm = document.querySelectorAll('.preload img');
            return warm.length === 1 && warm[0].complete && warm[0].naturalWidth > 0;"""), message="the next photo")
        self.server.requests.clear()
        moved = self.driver.execute_script("""
            document.querySelector('.step--next').click();
            const photo = document.querySelector('[role="tabpanel"] img.photo');
            return [document.querySelector('[role="tabpanel"] h2').textContent, photo.complete && photo.naturalWidth > 0];""")
        self.assertEqual(moved, ["Dunes", True], "the next photo did not show at once")
        self.assert_shows("dunes")
        time.sleep(0.2)
        fetched = [path for path in self.server.requests if "/images/dunes" in path or path.endswith("dunes/index.html")]
        self.assertEqual(fetched, [], "fetched again on moving")
        # And now its own neighbours, both sides.
        browser.wait_for(lambda: self.driver.execute_script(
            "return document.querySelectorAll('.preload img').length") == 3, message="dunes's neighbours")

    def test_a_stale_response_never_wins(self):
        self.server.delays[self.server_path("dunes/index.html")] = 1.5
        try:
            self.open("harbour/index.html")
            self.mark()
            self.tab("dunes").click()   # on its way, for 1.5 s
            self.assertEqual(self.selected(), ["dunes"])
            self.tab("tower").click()   # here at once
            self.assert_shows("tower")
            time.sleep(2)
            self.assert_shows("tower")
            self.assertTrue(self.not_reloaded())
            # Back to the slow one, which has arrived by now.
            self.driver.back()
            self.assert_shows("dunes")
        finally:
            self.server.delays.clear()

    def server_path(self, path):
        return "/" + BASE + path

    def test_a_failed_fetch_falls_back_to_loading_the_page(self):
        self.open("harbour/index.html")
        self.mark()
        # The page is there for the browser's own load, but not for fetch().
        self.driver.execute_script("window.fetch = () => Promise.reject(new TypeError('offline'))")
        self.tab("boats").click()
        browser.wait_for(lambda: not self.not_reloaded(), message="a page load")
        self.assert_shows("boats")

    def test_a_hostile_caption_is_text_after_moving(self):
        self.open("harbour/index.html")
        self.tab("dunes").click()
        self.assert_shows("dunes")
        caption = self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"] .caption')
        self.assertEqual(caption.text, site_fixtures.XSS)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'img[src="x"]'), [])
        with self.assertRaises(NoAlertPresentException):
            self.driver.switch_to.alert.text

    def test_no_console_errors(self):
        self.open("harbour/index.html")
        self.driver.get_log("browser")
        self.tab("tower").click()
        self.assert_shows("tower")
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        self.assert_shows("boats")
        self.driver.back()
        self.assert_shows("tower")
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images")
        self.assertEqual(self.severe_console_messages(), [])
        self.assertEqual(browser.csp_violations(self.driver), [])

    def test_axe_finds_no_violations_light_and_dark(self):
        for scheme in ("light", "dark"):
            with self.subTest(scheme=scheme):
                browser.color_scheme(self.driver, scheme, reduced_motion=True)
                self.open("dunes/index.html")
                violations = browser.axe_violations(self.driver)
                self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])
                # After a move in place too.
                self.tab("tower").click()
                self.assert_shows("tower")
                violations = browser.axe_violations(self.driver)
                self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])
        browser.color_scheme(self.driver, "light", reduced_motion=True)


class FromFile(PageTestCase):
    def test_file_url_falls_back_to_page_loads(self):
        self.driver.get("file://" + os.path.join(self.site, "dunes", "index.html"))
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete", message="load")
        self.assertEqual(self.selected(), ["dunes"])
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images from file://")
        self.driver.execute_script("window.notReloaded = true")
        self.driver.find_element(By.CSS_SELECTOR, ".step--next").click()
        browser.wait_for(lambda: self.driver.current_url.endswith("/tower/index.html"), message="the tower's page")
        self.assertFalse(self.driver.execute_script("return window.notReloaded === true"))
        self.assertEqual(self.selected(), ["tower"])
        # Arrow keys move focus only; Enter opens the page.
        self.driver.execute_script("arguments[0].focus()", self.tab("tower"))
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.driver.switch_to.active_element.get_attribute("id"), "tab.boats")
        self.assertTrue(self.driver.current_url.endswith("/tower/index.html"))
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        browser.wait_for(lambda: self.driver.current_url.endswith("/boats/index.html"), message="the boats' page")
        self.assertEqual(self.selected(), ["boats"])
        # An old link from file:// too.
        self.driver.get("file://" + os.path.join(self.site, "index.html") + "#harbour")
        browser.wait_for(lambda: self.driver.current_url.endswith("/harbour/index.html"), message="the redirect")
        self.assertEqual(self.severe_console_messages(), [])


class SiteTestCase(unittest.TestCase):
    """A fixture site (`make_site`) served from its root, and one browser."""
    make_site = None

    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(cls.make_site))

    def severe_console_messages(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]


class Albums(SiteTestCase):
    make_site = staticmethod(site_fixtures.albums)

    def test_the_index_lists_albums_with_covers_and_links_both_ways(self):
        self.driver.get(self.server.url("index.html"))
        cards = self.driver.find_elements(By.CSS_SELECTOR, ".albums a")
        self.assertEqual([c.get_attribute("href").split("/")[-2] for c in cards], ["north", "south"])
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="album covers")
        self.assertEqual(browser.axe_violations(self.driver), [])
        cards[0].click()
        browser.wait_for(lambda: self.driver.title == "North \u2014 Travels", message="the album's overview")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "a.tile")), 2)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".album-prev"), [])
        self.driver.find_element(By.CSS_SELECTOR, ".album-next").click()
        browser.wait_for(lambda: self.driver.title == "South \u2014 Travels", message="the next album")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".album-next"), [])
        self.driver.find_element(By.CSS_SELECTOR, ".album-prev").click()
        browser.wait_for(lambda: self.driver.title == "North \u2014 Travels", message="back to north")
        self.driver.find_element(By.ID, "grid.tower").click()
        browser.wait_for(lambda: self.driver.title == "Tower \u2014 North \u2014 Travels", message="a photo's page")
        self.assertEqual(self.driver.current_url, self.server.url("north/tower/index.html"))
        self.driver.find_element(By.CSS_SELECTOR, ".crumbs a").click()
        browser.wait_for(lambda: self.driver.current_url == self.server.url("index.html"), message="back to the index")


class ManyPhotos(SiteTestCase):
    make_site = staticmethod(site_fixtures.many)

    def test_a_photo_page_and_its_assets_stay_within_budget(self):
        assets = sorted(os.listdir(os.path.join(self.site, "assets")))
        # The fingerprinted stylesheet and script the pages link (cached for good once fetched).
        self.assertEqual(len(assets), 2, assets)
        sizes = {}
        for path in ["p25/index.html", "index.html"] + ["assets/" + name for name in assets]:
            with open(os.path.join(self.site, path), "rb") as f:
                sizes[path.rsplit(".", 2)[-1] if path.startswith("assets/") else path] = len(gzip.compress(f.read(), 9))
        print(f"\n50-photo album, bytes gzipped: {sizes}; a photo page's first view: "
              f"{sizes['p25/index.html'] + sizes['css'] + sizes['js']}")
        # The stylesheet's: 5 KB until the details panel's three rules (issue 44) took it to 5,171 bytes.
        budget = {"p25/index.html": 4 * 1024, "index.html": 6 * 1024, "css": 5 * 1024 + 256, "js": 10 * 1024}
        for name, limit in budget.items():
            self.assertLessEqual(sizes[name], limit, name)

    def test_the_selected_segment_is_in_view(self):
        for slug in ("p1", "p25", "p50"):
            self.driver.get(self.server.url(f"{slug}/index.html"))
            browser.wait_for(lambda: self.driver.execute_script("return document.documentElement.classList.contains('js')"))
            self.assertTrue(self.in_bar("tab." + slug), slug)
        self.driver.find_element(By.ID, "tab.p50").click()
        self.driver.switch_to.active_element.send_keys(Keys.HOME)
        first = self.driver.switch_to.active_element.get_attribute("id")
        self.assertEqual(first, "tab.p40")  # the window: eleven segments, at the album's end
        browser.wait_for(lambda: self.in_bar(first), message="the first segment scrolled into view")

    def in_bar(self, tab_id):
        return self.driver.execute_script("""
            const list = document.querySelector('[role="tablist"]').getBoundingClientRect();
            const tab = document.getElementById(arguments[0]).getBoundingClientRect();
            return tab.left >= list.left - 1 && tab.right <= list.right + 1;""", tab_id)


class Formats(SiteTestCase):
    """HEIC, AVIF, WebP, PNG, JPEG XL and JPEG in; JPEG XL, AVIF, WebP and JPEG out, offered in a
    <picture> with JPEG XL first. The Chromium these tests run (156) shows JPEG XL, so it takes
    galgen's JPEG XL renditions and decodes them."""
    make_site = staticmethod(site_fixtures.formats)

    def test_every_photo_shows_and_chromium_takes_the_jpeg_xl(self):
        self.driver.get(self.server.url("index.html"))
        slugs = [t.get_attribute("id").removeprefix("grid.") for t in self.driver.find_elements(By.CSS_SELECTOR, "a.tile")]
        self.assertEqual(len(slugs), 6)
        self.driver.get(self.server.url(slugs[0] + "/index.html"))
        for number, slug in enumerate(slugs):
            if number > 0:
                self.driver.find_element(By.CSS_SELECTOR, ".step--next").click()
            browser.wait_for(lambda: self.driver.current_url.endswith(f"/{slug}/index.html"), message=slug)
            browser.wait_for(lambda: self.driver.execute_script(
                "const img = document.querySelector('[role=\"tabpanel\"] img.photo');"
                "return img.complete && img.naturalWidth > 0 && img.currentSrc;"), message=f"{slug} to load")
            source = self.driver.execute_script("return document.querySelector('[role=\"tabpanel\"] img.photo').currentSrc")
            self.assertTrue(source.endswith(".jxl"), f"{slug}: {source}")
            # Its placeholder goes once it has loaded: a transparent rendition must not show it through.
            browser.wait_for(lambda: self.driver.execute_script(
                "const p = document.querySelector('[role=\"tabpanel\"] .placeholder'); return !p || p.hidden;"),
                message=f"{slug}'s placeholder to go")
            first = self.driver.execute_script(
                "return document.querySelector('[role=\"tabpanel\"] picture source').getAttribute('type')")
            self.assertEqual(first, "image/jxl", slug)
        # No other format of the photo on show was fetched besides its JPEG XL.
        fetched = self.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        shown = slugs[-1]
        self.assertFalse([name for name in fetched if f"/{shown}-" in name and name.endswith((".avif", ".webp"))], fetched)
        self.assertEqual(self.severe_console_messages(), [])


class Screenshots(unittest.TestCase):
    """A photo page and an overview page of 3, 30 and 3,000 photos, at desktop and phone sizes,
    light and dark, under .build/screenshots/ for people to look at; and the zoom."""

    def test_take_screenshots(self):
        sites = {3: site_fixtures.shared(site_fixtures.three), 30: site_fixtures.shared(site_fixtures.many, 30),
                 3000: site_fixtures.shared(site_fixtures.many, 3000)}
        root = os.path.dirname(os.path.dirname(sites[3]))
        server = browser.Server(root)
        self.addCleanup(server.stop)
        folders = {count: os.path.relpath(site, root) for count, site in sites.items()}
        pages = []
        for count, photo, overview in ((3, "tower", "index.html"), (30, "p14", "index.html"), (3000, "p1502", "page/16/index.html")):
            pages.append((f"photo-{count}", f"{folders[count]}/{photo}/index.html"))
            pages.append((f"overview-{count}", f"{folders[count]}/{overview}"))
        os.makedirs(SCREENSHOTS, exist_ok=True)
        for device, (width, height) in {"desktop": (1366, 900), "phone": (390, 844)}.items():
            driver = browser.chrome()
            try:
                browser.viewport(driver, width, height, phone=device == "phone")
                for scheme in ("light", "dark"):
                    # Motion allowed, so the 3-photo album shows its slideshow button.
                    browser.color_scheme(driver, scheme)
                    for name, path in pages:
                        driver.get(server.url(path))
                        browser.wait_for(lambda: browser.visible_images_loaded(driver), message=f"images of {path}")
                        self.assertTrue(driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}-{device}-{scheme}.png")))
                    driver.get(server.url(pages[2][1]))
                    browser.wait_for(lambda: browser.visible_images_loaded(driver), message="the photo")
                    driver.find_element(By.CSS_SELECTOR, ".tool--zoom").click()
                    browser.wait_for(lambda: driver.execute_script(
                        "const i = document.querySelector('.zoom-img');"
                        "return i.complete && i.naturalWidth > 0 && i.currentSrc.endsWith(document.querySelector('img.photo').dataset.largest.split('/').pop())"),
                        message="the largest rendition")
                    driver.find_element(By.CSS_SELECTOR, ".zoom-in").click()
                    time.sleep(0.3)
                    self.assertTrue(driver.save_screenshot(os.path.join(SCREENSHOTS, f"zoom-{device}-{scheme}.png")))
            finally:
                driver.quit()


if __name__ == "__main__":
    unittest.main(verbosity=2)
