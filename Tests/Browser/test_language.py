"""Pages in the visitor's language: a German album and an Arabic one (right to left) in a real
browser: the words on the page and in gallery.js's buttons, axe-core clean in light and dark;
in Arabic the previous photo is on the right, and arrow keys, swipes and the segment bar go the
right way; screenshots of a right-to-left photo page at phone and desktop sizes."""
import json, os, shutil, time, unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
import site_fixtures

SCREENSHOTS = os.path.join(site_fixtures.ROOT, ".build", "screenshots")
NAMES = ["harbour.jpg", "tower.jpg", "boats.jpg"]


def album(folder, language, title, photo_title, count):
    """`count` photos (harbour, tower, boats in turn) as p1, p2, ... titled `photo_title` + number,
    with a slideshow, so every button gallery.js makes is there."""
    lines = "".join(f"  - {{ src: photos/{NAMES[i % 3]}, title: '{photo_title} {i + 1}', slug: p{i + 1} }}\n"
                    for i in range(count))
    yaml = (f"title: {title}\nlanguage: {language}\ndescription: '{title}'\n"
            "thumbnails: { widths: [320, 1280], formats: [jpeg] }\nviewer: { slideshow: 3 }\nimages:\n" + lines)
    return site_fixtures.build(folder, yaml, {name: site_fixtures.PHOTOS[name] for name in NAMES})


def german(folder):
    return album(folder, "de", "Küste", "Foto", 4)


def arabic(folder):
    return album(folder, "ar", "رحلة إلى البحر", "صورة", 12)


class LanguageTestCase(unittest.TestCase):
    maker = None

    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(cls.maker), scheme="light", reduced_motion=False)

    def setUp(self):
        browser.viewport(self.driver, 1366, 900)
        browser.color_scheme(self.driver, "light")

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def open(self, path):
        self.driver.get(self.server.url(path))
        browser.wait_for(lambda: self.script("return document.readyState") == "complete", message="the page to load")
        browser.wait_for(lambda: self.script("return document.documentElement.classList.contains('js')"),
                         message="gallery.js to start")
        self.script("window.notReloaded = true")

    def press(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def shown(self):
        return self.script("const h = document.querySelector('[role=\"tabpanel\"] h2'); return h && h.textContent")

    def assert_shows(self, slug, title):
        browser.wait_for(lambda: self.shown() == title, message=f"{title} to show")
        self.assertEqual(self.driver.current_url, self.server.url(f"{slug}/index.html"))
        self.assertTrue(self.script("return window.notReloaded === true"), "the page was reloaded")

    def labels(self, selector):
        return [e.get_attribute("aria-label") for e in self.driver.find_elements(By.CSS_SELECTOR, selector)]

    def assert_axe_clean(self, paths):
        for scheme in ("light", "dark"):
            browser.color_scheme(self.driver, scheme, reduced_motion=True)
            for path in paths:
                with self.subTest(scheme=scheme, path=path):
                    self.open(path)
                    violations = browser.axe_violations(self.driver)
                    self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])


class German(LanguageTestCase):
    maker = german

    def test_the_page_and_its_buttons_speak_german(self):
        self.open("p2/index.html")
        self.assertEqual(self.script("return document.documentElement.lang"), "de")
        self.assertEqual(self.script("return getComputedStyle(document.documentElement).direction"), "ltr")
        self.assertEqual(self.labels(".tool--slideshow"), ["Diashow starten"])
        self.assertEqual(self.labels(".tool--zoom"), ["Zoomen"])
        self.assertEqual(self.labels(".tool--fullscreen"), ["Vollbild"])
        self.assertEqual(self.labels(".zoom-tools button"), ["Verkleinern", "Vergrößern", "Schließen"])
        self.assertEqual(self.script("return document.querySelector('.overview-link').textContent"), "Alle 4 Fotos")
        self.assertEqual(self.script("return document.querySelector('[role=\"tabpanel\"]').getAttribute('aria-label')"),
                         "2 von 4")
        self.assertEqual(self.script("return document.querySelector('.step--next .visually-hidden').textContent"),
                         "Nächstes Foto: Foto 3")
        self.driver.find_element(By.CSS_SELECTOR, ".tool--slideshow").click()
        browser.wait_for(lambda: self.labels(".tool--slideshow") == ["Diashow beenden"], message="the slideshow to start")
        self.driver.find_element(By.CSS_SELECTOR, ".tool--slideshow").click()
        # Moving in place keeps the words of the page moved to.
        self.press(Keys.ARROW_RIGHT)
        self.assert_shows("p3", "Foto 3")
        self.assertEqual(self.script("return document.querySelector('[role=\"tabpanel\"]').getAttribute('aria-label')"),
                         "3 von 4")

    def test_axe_finds_no_violations_light_and_dark(self):
        self.assert_axe_clean(["index.html", "p2/index.html"])


class Arabic(LanguageTestCase):
    maker = arabic

    def rect(self, selector):
        return self.script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                           "return {left: r.left, right: r.right, top: r.top, width: r.width}", selector)

    def test_right_to_left_the_previous_photo_is_on_the_right(self):
        self.open("p6/index.html")
        self.assertEqual(self.script("return document.documentElement.dir"), "rtl")
        self.assertEqual(self.script("return getComputedStyle(document.documentElement).direction"), "rtl")
        previous, following = self.rect(".step--prev"), self.rect(".step--next")
        self.assertGreater(previous["left"], following["left"], "the previous photo's button is on the right")
        # The segments run right to left: the previous photo's is to the right of the selected one.
        self.assertGreater(self.rect("#tab\\.p5")["left"], self.rect("#tab\\.p6")["left"])
        # The tools are on the left (the end of the line), the overview link at the end of the bar.
        self.assertLess(self.rect(".tools")["left"], self.rect(".stage")["left"] + self.rect(".stage")["width"] / 2)
        self.assertEqual(self.labels(".tool--zoom"), ["تكبير"])
        self.assertEqual(self.labels(".zoom-tools button"), ["تصغير", "تكبير", "إغلاق"])

    def test_arrow_keys_go_the_way_they_point(self):
        self.open("p6/index.html")
        # Left: towards the next photo, which is on the left.
        self.press(Keys.ARROW_LEFT)
        self.assert_shows("p7", "صورة 7")
        self.press(Keys.ARROW_RIGHT)
        self.assert_shows("p6", "صورة 6")
        self.press(Keys.ARROW_RIGHT)
        self.assert_shows("p5", "صورة 5")
        # In the segment bar too: focus moves to the segment on the left, the next one.
        self.driver.find_element(By.ID, "tab.p5").send_keys(Keys.ARROW_LEFT)
        self.assert_shows("p6", "صورة 6")
        self.assertEqual(self.script("return document.activeElement.id"), "tab.p6")

    def test_the_selected_segment_stays_in_view_of_the_bar(self):
        browser.viewport(self.driver, 390, 844, phone=True)
        self.open("p1/index.html")
        for slug in ("p9", "p12"):
            self.driver.get(self.server.url(f"{slug}/index.html"))
            browser.wait_for(lambda: self.script("return document.readyState") == "complete", message="the page")
            time.sleep(0.3)
            bar, tab = self.rect('[role="tablist"]'), self.rect(f"#tab\\.{slug}")
            self.assertGreaterEqual(tab["left"], bar["left"] - 1, slug)
            self.assertLessEqual(tab["right"], bar["right"] + 1, slug)

    def test_swipes_pull_in_the_photo_from_the_side_they_come_from(self):
        browser.viewport(self.driver, 390, 844, phone=True)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        self.addCleanup(self.driver.execute_cdp_cmd, "Emulation.setTouchEmulationEnabled", {"enabled": False})
        self.open("p6/index.html")

        def swipe(dx):
            box = self.rect('[role="tabpanel"] img.photo')
            x, y = self.script("return innerWidth") / 2, box["top"] + 100
            points = [(x - dx / 2 + dx * i / 8, y) for i in range(9)]
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points[0][0], "y": y}]})
            for px, py in points[1:]:
                time.sleep(0.016)
                self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": px, "y": py}]})
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        # A finger moving right pulls in the photo on the left: the next one.
        swipe(200)
        self.assert_shows("p7", "صورة 7")
        swipe(-200)
        self.assert_shows("p6", "صورة 6")

    def test_axe_finds_no_violations_light_and_dark(self):
        self.assert_axe_clean(["index.html", "p6/index.html"])

    def test_take_screenshots(self):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        for device, (width, height) in {"desktop": (1366, 900), "phone": (390, 844)}.items():
            browser.viewport(self.driver, width, height, phone=device == "phone")
            for scheme in ("light", "dark"):
                browser.color_scheme(self.driver, scheme)
                for name, path in (("rtl-photo", "p6/index.html"), ("rtl-overview", "index.html")):
                    self.open(path)
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message=f"images of {path}")
                    self.assertTrue(self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}-{device}-{scheme}.png")))


if __name__ == "__main__":
    unittest.main(verbosity=2)
