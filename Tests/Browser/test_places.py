"""The places pages in a real browser: the places index's map (drawn by galgen, no third-party
request) with a mark per place that is a link, reached by keyboard and zoomed with the wheel, a
drag and its buttons; readable without JavaScript; a photo page's place link; axe-core light and
dark at phone and desktop sizes; no Content-Security-Policy violation; screenshots."""
import json, os, unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains

import browser
import site_fixtures

SCREENSHOTS = os.path.join(site_fixtures.ROOT, ".build", "screenshots")
PHOTOS = {"oppo.jpg": "photos/dn_oppo_r7plus.jpg", "defense.jpg": "photos/dn_samsung_s7edge.jpg",
          "vegas.jpg": "photos/dn_samsung_note3.jpg", "china.heic": "formats/dn_iphone8_img1034.heic",
          "milan.webp": "formats/dn_htc_desire_icc_exif.webp", "nikon.jpg": "photos/dn_nikon_d3100.jpg"}
PLACES = ["La Defense, France", "Paradise, United States", "Pero, Italy", "Rodberg, Norway"]


def located(folder):
    """Phone photos from four countries in a public album, one more in an unlisted album."""
    return site_fixtures.build(folder, """title: Travels
places: true
thumbnails: { widths: [320, 1280], formats: [jpeg] }
albums:
  - title: Abroad
    slug: abroad
    images: [photos/oppo.jpg, photos/defense.jpg, photos/vegas.jpg, photos/milan.webp, photos/nikon.jpg]
  - title: Family
    slug: family
    unlisted: true
    images: [photos/china.heic]
""", PHOTOS)


class PlacesTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(located), scheme="light")
        browser.record_csp_violations(cls.driver)

    def open(self, path):
        self.driver.get(self.server.url(path))
        browser.wait_for(lambda: self.driver.execute_script("return document.readyState") == "complete", message=f"{path} to load")

    def view_box(self):
        return [float(n) for n in self.driver.find_element(By.CSS_SELECTOR, "svg.places-map").get_dom_attribute("viewBox").split()]


class PlacesMap(PlacesTestCase):
    def test_every_place_is_a_mark_and_a_link_and_the_unlisted_album_is_not(self):
        browser.viewport(self.driver, 1366, 900)
        self.open("places/index.html")
        labels = [a.get_attribute("aria-label") for a in self.driver.find_elements(By.CSS_SELECTOR, "svg.places-map a")]
        self.assertEqual(sorted(labels), [place + ", 1 photo" for place in PLACES])
        self.assertEqual([a.text for a in self.driver.find_elements(By.CSS_SELECTOR, ".tag-list a")], PLACES)
        self.assertNotIn("Xintang", self.driver.page_source)
        # A click on a mark opens its place's page, whose tile leads to the photo.
        mark = self.driver.find_element(By.CSS_SELECTOR, 'svg.places-map a[aria-label^="Rodberg"] circle')
        mark.click()
        browser.wait_for(lambda: self.driver.current_url.endswith("places/rodberg-buskerud-no/index.html"), message="the place page")
        self.assertEqual(self.driver.find_element(By.TAG_NAME, "h1").text, "Rodberg, Norway")
        self.driver.find_element(By.CSS_SELECTOR, "a.tile").click()
        browser.wait_for(lambda: self.driver.current_url.endswith("abroad/oppo/index.html"), message="the photo page")
        self.assertEqual(browser.csp_violations(self.driver), [])

    def test_the_keyboard_reaches_every_mark_and_opens_it(self):
        browser.viewport(self.driver, 1366, 900)
        self.open("places/index.html")
        self.driver.find_element(By.CSS_SELECTOR, ".crumbs a").send_keys(Keys.NULL)  # focus before the map
        reached = []
        for _ in range(12):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            label = self.driver.switch_to.active_element.get_attribute("aria-label")
            if label and label.endswith("1 photo"):
                reached.append(label)
            if len(reached) == len(PLACES):
                break
        self.assertEqual(sorted(reached), [place + ", 1 photo" for place in PLACES])
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        browser.wait_for(lambda: "/places/" in self.driver.current_url and not self.driver.current_url.endswith("places/index.html"),
                         message="a place page")

    def test_the_wheel_the_buttons_and_a_drag_zoom_and_move_the_map(self):
        browser.viewport(self.driver, 1366, 900)
        self.open("places/index.html")
        whole = self.view_box()
        radius = float(self.driver.find_element(By.CSS_SELECTOR, "svg.places-map circle").get_dom_attribute("r"))
        zoom_in = self.driver.find_element(By.CSS_SELECTOR, ".map-tools button:first-child")
        zoom_out = self.driver.find_element(By.CSS_SELECTOR, ".map-tools button:last-child")
        self.assertEqual((zoom_in.get_attribute("aria-label"), zoom_out.get_attribute("aria-label")), ("Zoom in", "Zoom out"))
        self.assertFalse(zoom_out.is_enabled())
        zoom_in.click()
        zoomed = self.view_box()
        self.assertAlmostEqual(zoomed[2], whole[2] / 2, delta=1)
        self.assertLess(float(self.driver.find_element(By.CSS_SELECTOR, "svg.places-map circle").get_dom_attribute("r")), radius,
                        "the marks keep their size on screen")
        # A drag to the right shows what was to the left.
        svg = self.driver.find_element(By.CSS_SELECTOR, "svg.places-map")
        ActionChains(self.driver).move_to_element_with_offset(svg, 0, 0).click_and_hold().move_by_offset(120, 0).release().perform()
        self.assertLess(self.view_box()[0], zoomed[0])
        # The wheel zooms in further, around the pointer.
        self.driver.execute_script("""
            const svg = arguments[0], box = svg.getBoundingClientRect();
            svg.dispatchEvent(new WheelEvent('wheel', {deltaY: -100, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2,
                                                        bubbles: true, cancelable: true}));""", svg)
        self.assertLess(self.view_box()[2], zoomed[2])
        for _ in range(6):
            if zoom_out.is_enabled():
                zoom_out.click()
        self.assertEqual(self.view_box(), whole)

    def test_without_javascript_the_map_and_its_links_are_there(self):
        driver = browser.chrome(javascript=False)
        try:
            driver.get(self.server.url("places/index.html"))
            self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, "svg.places-map a")), len(PLACES))
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, ".map-tools"), [])
            self.assertIn("GeoNames", driver.find_element(By.CSS_SELECTOR, ".credit").text)
        finally:
            driver.quit()

    def test_a_photo_page_links_its_place_and_the_unlisted_one_names_it_only(self):
        self.open("abroad/defense/index.html")
        link = self.driver.find_element(By.CSS_SELECTOR, "p.place a")
        self.assertEqual(link.text, "La Defense, France")
        link.click()
        browser.wait_for(lambda: self.driver.current_url.endswith("places/la-defense-ile-de-france-fr/index.html"), message="the place")
        self.open("abroad/nikon/index.html")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "p.place"), [], "no GPS, no place")

    def test_axe_finds_no_violations_light_dark_phone_and_desktop(self):
        for device, (width, height) in {"desktop": (1366, 900), "phone": (390, 844)}.items():
            browser.viewport(self.driver, width, height, phone=device == "phone")
            for scheme in ("light", "dark"):
                browser.color_scheme(self.driver, scheme, reduced_motion=True)
                for path in ("places/index.html", "places/pero-lombardy-it/index.html", "abroad/milan/index.html"):
                    with self.subTest(device=device, scheme=scheme, path=path):
                        self.open(path)
                        violations = browser.axe_violations(self.driver)
                        self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])
        browser.viewport(self.driver, 1366, 900)
        browser.color_scheme(self.driver, "light", reduced_motion=True)
        self.assertEqual(browser.csp_violations(self.driver), [])

    def test_take_screenshots(self):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        for device, (width, height) in {"desktop": (1366, 900), "phone": (390, 844)}.items():
            browser.viewport(self.driver, width, height, phone=device == "phone")
            for scheme in ("light", "dark"):
                browser.color_scheme(self.driver, scheme)
                for name, path in (("places-index", "places/index.html"), ("place-page", "places/pero-lombardy-it/index.html")):
                    self.open(path)
                    self.assertTrue(self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}-{device}-{scheme}.png")))
        browser.viewport(self.driver, 1366, 900)
        browser.color_scheme(self.driver, "light", reduced_motion=True)


if __name__ == "__main__":
    unittest.main()
