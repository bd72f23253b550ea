"""The viewer on a photo page: the windowed tab list by keyboard, every control reachable with
a visible focus ring, touch swipes and double-taps (CDP touch events), full screen, zoom,
reduced motion, the whole photo in view, and no layout shift while loading or moving."""
import json, os, time, unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
import site_fixtures

ALBUM = "Waterfalls"
# site_fixtures.many lists harbour (3:2), tower (2:3) and boats (4:3) in turn: p1, p2, p3, p4, ...
PORTRAIT, LANDSCAPE = "p14", "p13"


class ViewerTestCase(unittest.TestCase):
    """A 30-photo album (thumbnail segments, a window of 11) served from its root."""
    count = 30

    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(site_fixtures.many, cls.count), scheme="light", layout_shifts=True)

    def setUp(self):
        browser.viewport(self.driver, 1366, 900)

    def open(self, slug):
        self.driver.get(self.server.url(f"{slug}/index.html"))
        browser.wait_for(lambda: self.script("return document.readyState") == "complete", message="the page to load")
        browser.wait_for(lambda: self.script("return document.documentElement.classList.contains('js')"),
                         message="gallery.js to start")
        self.script("window.notReloaded = true")

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def active(self):
        return self.driver.switch_to.active_element

    def press(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def selected(self):
        return self.script("""return Array.from(document.querySelectorAll('[role="tab"][aria-selected="true"]'),
                                                t => t.id.slice(4))""")

    def window(self):
        """The segments shown, by slug."""
        return self.script("return Array.from(document.querySelectorAll('[role=\"tab\"]'), t => t.id.slice(4))")

    def assert_shows(self, slug):
        title = "Photo " + slug[1:]
        browser.wait_for(lambda: self.script("return document.querySelector('[role=\"tabpanel\"] h2').textContent") == title,
                         message=f"{title} to show")
        self.assertEqual(self.selected(), [slug])
        self.assertEqual(self.driver.current_url, self.server.url(f"{slug}/index.html"))
        self.assertEqual(self.driver.title, f"{title} \u2014 {ALBUM}")
        self.assertTrue(self.script("return window.notReloaded === true"), "the page was reloaded")

    def photo_box(self):
        return self.script("""const r = document.querySelector('[role="tabpanel"] img.photo').getBoundingClientRect();
                              return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
                                      innerWidth: innerWidth, innerHeight: innerHeight}""")


class Keyboard(ViewerTestCase):
    def test_arrow_keys_home_and_end_in_the_window(self):
        self.open("p14")
        self.assertEqual(self.window(), [f"p{n}" for n in range(9, 20)])
        self.driver.find_element(By.ID, "tab.p14").click()
        for number in range(15, 22):
            self.active().send_keys(Keys.ARROW_RIGHT)
            self.assertEqual(self.active().get_attribute("id"), f"tab.p{number}")
            self.assert_shows(f"p{number}")
            # The window follows: five segments either side of the photo shown.
            browser.wait_for(lambda: self.window() == [f"p{n}" for n in range(number - 5, number + 6)],
                             message=f"the window around p{number}")
            self.assertEqual(self.active().get_attribute("id"), f"tab.p{number}", "focus left the tab")
        self.active().send_keys(Keys.HOME)
        self.assertEqual(self.active().get_attribute("id"), "tab.p16")
        self.assert_shows("p16")
        self.active().send_keys(Keys.END)
        browser.wait_for(lambda: self.active().get_attribute("id") == "tab.p21", message="End")
        self.assert_shows("p21")
        self.active().send_keys(Keys.ARROW_LEFT)
        self.assert_shows("p20")
        # Enter on the selected segment keeps it.
        self.active().send_keys(Keys.ENTER)
        self.assert_shows("p20")

    def test_the_keys_stop_at_the_ends_of_the_album(self):
        self.open("p1")
        self.driver.find_element(By.ID, "tab.p1").click()
        self.active().send_keys(Keys.ARROW_LEFT)
        self.assertEqual(self.active().get_attribute("id"), "tab.p1")
        self.assert_shows("p1")
        self.active().send_keys(Keys.END)
        self.assert_shows("p11")
        self.open("p30")
        self.driver.find_element(By.ID, "tab.p30").click()
        self.active().send_keys(Keys.ARROW_RIGHT)
        self.assertEqual(self.active().get_attribute("id"), "tab.p30")
        self.assert_shows("p30")

    def test_every_control_is_reachable_with_visible_focus(self):
        self.open("p14")
        self.script("document.activeElement.blur()")
        reached = []
        for _ in range(20):
            self.press(Keys.TAB)
            element = self.active()
            if self.script("return document.activeElement === document.body"):
                break   # past the last control
            key = self.script("""const e = arguments[0];
                return e.id || e.getAttribute('aria-label') || e.className || e.textContent.trim()""", element)
            if key in [k for k, _ in reached]:
                break
            reached.append((key, browser.focus_ring(self.driver, element)))
        names = [key for key, _ in reached]
        for expected in ("tab.p14", "overview-link", "step step--prev", "step step--next", "Zoom", "Full screen", "photo"):
            self.assertIn(expected, names)
        # Tab enters the tab list once, at the selected segment (a roving tabindex).
        self.assertEqual([n for n in names if n.startswith("tab.")], ["tab.p14"])
        for key, ring in reached:
            self.assertIsNotNone(ring, f"{key} shows no focus ring")
        # The buttons have names, and say what they do.
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, ".tool--zoom").get_attribute("aria-haspopup"), "dialog")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, ".tool--fullscreen").get_attribute("aria-pressed"), "false")
        # Enter on the next link moves, and focus stays on it; a status says where it went.
        self.script("document.querySelector('.step--next').focus()")
        self.press(Keys.ENTER)
        self.assert_shows("p15")
        self.assertEqual(self.active().get_attribute("class"), "step step--next")
        self.assertIsNotNone(browser.focus_ring(self.driver, self.active()))
        self.assertEqual(self.script("return document.querySelector('.viewer [role=\"status\"]').textContent"),
                         "Photo 15, 15 of 30")

    def test_focus_stays_on_a_step_link_until_it_goes(self):
        self.open("p28")
        self.script("document.querySelector('.step--next').focus()")
        self.press(Keys.ENTER)
        self.assert_shows("p29")
        self.press(Keys.ENTER)
        self.assert_shows("p30")
        # No photo after the last: focus goes to the way back.
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".step--next"), [])
        self.assertEqual(self.active().get_attribute("class"), "step step--prev")
        self.press(Keys.ENTER)
        self.assert_shows("p29")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, ".step--next")), 1)


class Touch(ViewerTestCase):
    def setUp(self):
        browser.viewport(self.driver, 390, 844, phone=True)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    def tearDown(self):
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    def touch(self, points, pause=0.016):
        """One finger along `points` (viewport coordinates), through CDP touch events."""
        (x, y), rest = points[0], points[1:]
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for x, y in rest:
            time.sleep(pause)
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def swipe(self, dx, dy=0):
        box = self.photo_box()
        x, y = box["innerWidth"] / 2, box["top"] + box["height"] / 2
        self.touch([(x - dx / 2 + dx * i / 8, y - dy / 2 + dy * i / 8) for i in range(9)])

    def test_touch_swipe_moves(self):
        self.open(PORTRAIT)
        self.assertEqual(self.script("return getComputedStyle(document.querySelector('.mat')).touchAction"),
                         "pan-y pinch-zoom")
        self.swipe(-200)
        self.assert_shows("p15")
        self.swipe(200)
        self.assert_shows("p14")
        self.swipe(200)
        self.assert_shows("p13")
        # Short or mostly vertical moves are not swipes.
        self.swipe(-20)
        self.swipe(-60, 200)
        time.sleep(0.3)
        self.assert_shows("p13")

    def test_double_tap_zooms(self):
        self.open(PORTRAIT)
        box = self.photo_box()
        x, y = box["left"] + box["width"] / 2, box["top"] + box["height"] / 3
        self.touch([(x, y)])
        time.sleep(0.1)
        self.touch([(x, y)])
        browser.wait_for(lambda: self.script("return document.querySelector('dialog.zoom').open"), message="the zoom")
        self.assertGreater(self.script("return parseFloat(/scale\\(([\\d.]+)\\)/.exec(document.querySelector('.zoom-img').style.transform)[1])"), 1)
        # A drag pans the zoomed photo.
        before = self.script("return document.querySelector('.zoom-img').style.transform")
        self.touch([(200, 400), (230, 420), (260, 440), (300, 460)])
        self.assertNotEqual(self.script("return document.querySelector('.zoom-img').style.transform"), before)
        # Two fingers apart zoom in, together zoom out.
        scale = self.scale()
        self.pinch(60, 160)
        self.assertGreater(self.scale(), scale)
        scale = self.scale()
        self.pinch(160, 80)
        self.assertLess(self.scale(), scale)
        self.driver.find_element(By.CSS_SELECTOR, ".zoom-close").click()
        browser.wait_for(lambda: not self.script("return document.querySelector('dialog.zoom').open"), message="closed")
        self.assert_shows(PORTRAIT)

    def scale(self):
        return self.script("return parseFloat(/scale\\(([\\d.]+)\\)/.exec(document.querySelector('.zoom-img').style.transform)[1])")

    def pinch(self, start, end, steps=6):
        """Two fingers, `start` then `end` px apart, about the middle of the screen."""
        def points(distance):
            return [{"x": 195 - distance / 2, "y": 420, "id": 1}, {"x": 195 + distance / 2, "y": 420, "id": 2}]
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
        for step in range(1, steps + 1):
            time.sleep(0.016)
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": "touchMove", "touchPoints": points(start + (end - start) * step / steps)})
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


class FullscreenAndZoom(ViewerTestCase):
    def dialog_open(self):
        return self.script("return document.querySelector('dialog.zoom').matches(':modal')")

    def scale(self):
        return self.script("return parseFloat(/scale\\(([\\d.]+)\\)/.exec(document.querySelector('.zoom-img').style.transform)[1])")

    def test_fullscreen_keeps_focus_inside_and_returns_it(self):
        self.open(PORTRAIT)
        button = self.driver.find_element(By.CSS_SELECTOR, ".tool--fullscreen")
        button.click()
        # (fullscreenchange comes a frame after document.fullscreenElement is set)
        browser.wait_for(lambda: button.get_attribute("aria-pressed") == "true", message="full screen")
        self.assertTrue(self.script("return document.fullscreenElement === document.querySelector('.viewer')"))
        self.assertTrue(self.script("return document.querySelector('.masthead').inert && document.querySelector('.colophon').inert"))
        # The photo fills the screen, whole.
        box = self.photo_box()
        self.assertGreaterEqual(box["top"], 0)
        self.assertLessEqual(box["bottom"], box["innerHeight"] + 0.5)
        # Tab goes round the viewer (by way of the browser's own controls, where focus is on
        # no element of the page), never to the page hidden behind.
        for _ in range(15):
            self.press(Keys.TAB)
            self.assertTrue(self.script("""const e = document.activeElement;
                return e === document.body || document.querySelector('.viewer').contains(e)"""), "focus left the viewer")
        # Moving works in full screen too.
        self.script("document.querySelector('.step--next').focus()")
        self.press(Keys.ENTER)
        self.assert_shows("p15")
        self.press(Keys.ESCAPE)
        browser.wait_for(lambda: button.get_attribute("aria-pressed") == "false", message="leaving full screen")
        self.assertIsNone(self.script("return document.fullscreenElement"))
        self.assertEqual(self.active().get_attribute("class"), "tool tool--fullscreen")
        self.assertFalse(self.script("return document.querySelector('.masthead').inert"))

    def test_zoom_shows_the_largest_rendition_and_esc_returns_focus(self):
        self.open(PORTRAIT)
        zoom = self.driver.find_element(By.CSS_SELECTOR, ".tool--zoom")
        self.script("arguments[0].focus()", zoom)
        self.press(Keys.ENTER)
        browser.wait_for(self.dialog_open, message="the zoom dialog")
        largest = self.script("return new URL(document.querySelector('[role=\"tabpanel\"] img.photo').dataset.largest, location.href).href")
        browser.wait_for(lambda: self.script(
            "const i = document.querySelector('.zoom-img'); return i.complete && i.naturalWidth > 0 && i.currentSrc") == largest,
            message="the largest rendition")
        self.assertEqual(self.active().get_attribute("aria-label"), "Close")
        self.assertEqual(self.script("return document.querySelector('.zoom-title').textContent"), "Photo 14")
        self.assertEqual(self.script("return document.querySelector('.zoom-img').alt"), "Photo 14")
        self.assertEqual(self.scale(), 1)
        self.press("+")
        self.assertAlmostEqual(self.scale(), 1.5)
        self.press("+")
        before = self.script("return document.querySelector('.zoom-img').style.transform")
        self.press(Keys.ARROW_LEFT)
        self.press(Keys.ARROW_UP)
        self.assertNotEqual(self.script("return document.querySelector('.zoom-img').style.transform"), before)
        self.assertEqual(self.selected(), [PORTRAIT], "the arrow keys moved to another photo")
        self.press("-")
        self.assertAlmostEqual(self.scale(), 1.5)
        # Focus stays in the dialog, and every button in it is named.
        inside = 0
        for _ in range(8):
            self.press(Keys.TAB)
            if self.script("return document.activeElement === document.body"):
                continue   # the browser's own controls
            self.assertTrue(self.script("return document.querySelector('dialog.zoom').contains(document.activeElement)"),
                            "focus left the dialog")
            self.assertTrue(self.active().get_attribute("aria-label"))
            inside += 1
        self.assertGreaterEqual(inside, 6)
        self.press(Keys.ESCAPE)
        browser.wait_for(lambda: not self.dialog_open(), message="Esc to close the zoom")
        self.assertEqual(self.active().get_attribute("class"), "tool tool--zoom")
        self.assertIsNotNone(browser.focus_ring(self.driver, self.active()))

    def test_double_click_zooms_where_pressed(self):
        self.open(LANDSCAPE)
        photo = self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"] img.photo')
        ActionChains(self.driver).double_click(photo).perform()
        browser.wait_for(self.dialog_open, message="the zoom dialog")
        self.assertAlmostEqual(self.scale(), 2.5)
        # The dialog's own double-click goes back to the whole photo.
        ActionChains(self.driver).double_click(self.driver.find_element(By.CSS_SELECTOR, ".zoom-view")).perform()
        self.assertEqual(self.scale(), 1)
        self.driver.find_element(By.CSS_SELECTOR, ".zoom-close").click()
        browser.wait_for(lambda: not self.dialog_open(), message="closed")
        self.assert_shows(LANDSCAPE)

    def test_axe_finds_no_violations_in_the_zoom_light_and_dark(self):
        for scheme in ("light", "dark"):
            with self.subTest(scheme=scheme):
                browser.color_scheme(self.driver, scheme, reduced_motion=True)
                self.open(PORTRAIT)
                self.driver.find_element(By.CSS_SELECTOR, ".tool--zoom").click()
                browser.wait_for(self.dialog_open, message="the zoom dialog")
                violations = browser.axe_violations(self.driver)
                self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])
        browser.color_scheme(self.driver, "light", reduced_motion=True)

    def test_reduced_motion(self):
        durations = """return ['.segment', '.zoom-img', '.step'].map(s =>
                           getComputedStyle(document.querySelector(s)).transitionDuration)"""
        browser.color_scheme(self.driver, "light", reduced_motion=False)
        self.open(PORTRAIT)
        self.assertNotEqual(self.script(durations), ["0s", "0s", "0s"])
        browser.color_scheme(self.driver, "light", reduced_motion=True)
        self.open(PORTRAIT)
        self.assertEqual(self.script(durations), ["0s", "0s", "0s"])


class Layout(ViewerTestCase):
    def test_the_whole_photo_fits(self):
        for width, height, phone in ((1366, 900, False), (390, 844, True), (1280, 720, False), (844, 390, True)):
            browser.viewport(self.driver, width, height, phone=phone)
            for slug in (PORTRAIT, LANDSCAPE, "p15"):
                with self.subTest(viewport=f"{width}x{height}", slug=slug):
                    self.open(slug)
                    box = self.photo_box()
                    self.assertGreaterEqual(box["left"], 0)
                    self.assertGreaterEqual(box["top"], 0)
                    self.assertLessEqual(box["right"], width + 0.5)
                    self.assertLessEqual(box["bottom"], height + 0.5, box)
                    self.assertGreater(box["height"], min(height / 3, 150), "the photo is tiny")

    def test_no_layout_shift_while_loading_and_moving(self):
        for width, height, phone in ((1366, 900, False), (390, 844, True)):
            with self.subTest(viewport=f"{width}x{height}"):
                browser.viewport(self.driver, width, height, phone=phone)
                # Slow enough that the photos arrive after the page is laid out.
                self.driver.execute_cdp_cmd("Network.enable", {})
                self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                    "offline": False, "latency": 150, "downloadThroughput": 400_000, "uploadThroughput": 400_000})
                try:
                    self.open(PORTRAIT)
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), timeout=30, message="images")
                    self.driver.find_element(By.CSS_SELECTOR, ".step--next").click()      # to a 4:3
                    self.assert_shows("p15")
                    self.driver.find_element(By.CSS_SELECTOR, ".step--next").click()      # to a 3:2
                    self.assert_shows("p16")
                    self.driver.find_element(By.ID, "tab.p19").click()                    # further than the neighbours
                    self.assert_shows("p19")
                    # Moves without input: history.
                    for expected, go in (("p16", self.driver.back), ("p15", self.driver.back), ("p16", self.driver.forward)):
                        go()
                        self.assert_shows(expected)
                        time.sleep(0.6)   # past the 500 ms that hadRecentInput covers
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), timeout=30, message="images")
                finally:
                    self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
                shifts = browser.layout_shifts(self.driver)
                self.assertIsNotNone(shifts)
                print(f"\nlayout shifts at {width}x{height}: {shifts}")
                self.assertEqual(sum(s["value"] for s in shifts if not s["recent"]), 0, shifts)
                self.assertEqual(sum(s["value"] for s in shifts), 0, shifts)


class Slideshow(ViewerTestCase):
    """Three photos with `viewer: { slideshow: 2 }`."""

    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(site_fixtures.three), scheme="light", reduced_motion=False)

    def shown_title(self):
        return self.script("return document.querySelector('[role=\"tabpanel\"] h2').textContent")

    def play_button(self):
        found = self.driver.find_elements(By.CSS_SELECTOR, ".tool--slideshow")
        return found[0] if found else None

    def test_the_slideshow_starts_on_demand_and_stops_when_the_page_is_used(self):
        self.open("harbour")
        button = self.play_button()
        # The rotation control comes first in the carousel.
        self.assertEqual(self.script("return document.querySelector('.viewer .controls').firstElementChild.className"),
                         "tool tool--slideshow")
        self.assertEqual(button.get_attribute("aria-label"), "Start slideshow")
        time.sleep(2.5)
        self.assertEqual(self.shown_title(), "Harbour", "it started by itself")
        button.click()
        self.assertEqual(button.get_attribute("aria-label"), "Stop slideshow")
        self.assertEqual(self.script("return document.querySelector('.viewer [role=\"status\"]').getAttribute('aria-live')"), "off")
        browser.wait_for(lambda: self.shown_title() == "Tower", timeout=4, message="the next photo")
        self.assertTrue(self.script("return window.notReloaded === true"))
        self.assertTrue(self.driver.current_url.endswith("/tower/index.html"))
        # Using the page stops it: here, Tab to the segments.
        self.press(Keys.TAB)
        self.assertEqual(button.get_attribute("aria-label"), "Start slideshow")
        time.sleep(2.5)
        self.assertEqual(self.shown_title(), "Tower")
        # Started again, it ends with the album.
        button.click()
        browser.wait_for(lambda: self.shown_title() == "Boats", timeout=4, message="the last photo")
        browser.wait_for(lambda: button.get_attribute("aria-label") == "Start slideshow", timeout=2, message="the end")

    def test_no_slideshow_under_reduced_motion(self):
        browser.color_scheme(self.driver, "light", reduced_motion=True)
        try:
            self.open("harbour")
            self.assertIsNone(self.play_button())
        finally:
            browser.color_scheme(self.driver, "light", reduced_motion=False)

    def test_the_original_file_is_offered(self):
        self.open("tower")
        link = self.driver.find_element(By.XPATH, "//p[@class='meta']/a[normalize-space(.)='Download']")
        self.assertIsNotNone(link.get_attribute("download"))
        self.assertIn("-original.", link.get_attribute("href"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
