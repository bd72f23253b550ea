"""Animated GIFs in a real browser: a folder with an animated GIF and a still GIF (made by ffmpeg
at test time), a real animated WebP, an animated PNG (ffmpeg) and a photo, built by the real galgen. The animation is a silent MP4 that plays by
itself in a loop, muted and inline, with its still as the poster and a button that pauses and
plays it; under prefers-reduced-motion it waits, paused, until the button is pressed. The still
GIF is a photo. axe-core finds nothing, light and dark; screenshots under .build/screenshots/."""
import json, os, shutil, subprocess, time, unittest

from selenium.webdriver.common.by import By

import browser
import site_fixtures

SCREENSHOTS = os.path.join(site_fixtures.ROOT, ".build", "screenshots")
FFMPEG = shutil.which("ffmpeg")


def gifs_album(folder):
    """1-harbour.jpg, 2-spinner.gif (animated, 2 s), 3-still.gif (one frame), 4-wheel.webp (real, 101
    frames of 30 ms), 5-bounce.png (APNG, 1.5 s), sorted by name."""
    media = os.path.join(folder, "media")
    os.makedirs(media)
    shutil.copy(os.path.join(site_fixtures.FIXTURES, "orientation", "Landscape_1.jpg"), os.path.join(media, "1-harbour.jpg"))
    run = lambda *arguments: subprocess.run([FFMPEG, "-nostdin", "-loglevel", "error", "-y", *arguments], check=True)
    run("-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=2", os.path.join(media, "2-spinner.gif"))
    run("-f", "lavfi", "-i", "testsrc2=size=320x240:rate=1:duration=1", "-frames:v", "1", os.path.join(media, "3-still.gif"))
    shutil.copy(os.path.join(site_fixtures.FIXTURES, "formats", "dn_animation_lossy_101f.webp"), os.path.join(media, "4-wheel.webp"))
    run("-f", "lavfi", "-i", "testsrc2=size=160x120:rate=8:duration=1.5", "-plays", "0", "-f", "apng", os.path.join(media, "5-bounce.png"))
    with open(os.path.join(folder, "gallery.yml"), "w") as f:
        f.write("title: GIFs\nsort: name\nthumbnails: { widths: [320, 640] }\nimages:\n  - src: media/\n")
    result = subprocess.run([site_fixtures.GALGEN, "build", "--quiet"], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"galgen build failed ({result.returncode}):\n{result.stderr}")
    return os.path.join(folder, "_site")


@unittest.skipUnless(FFMPEG, "ffmpeg is not installed (make setup installs it)")
class Animation(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(gifs_album), scheme="light", reduced_motion=False)

    def setUp(self):
        browser.viewport(self.driver, 1280, 900)

    def open(self, slug, reduced):
        browser.color_scheme(self.driver, "light", reduced_motion=reduced)
        self.driver.get(self.server.url(f"{slug}/index.html"))
        browser.wait_for(lambda: self.driver.execute_script("return document.documentElement.classList.contains('js')"),
                         message="gallery.js to start")

    def state(self):
        return self.driver.execute_script("""
            const v = document.querySelector('[role="tabpanel"] video.animation'), b = document.querySelector('button.animate');
            return {paused: v.paused, time: v.currentTime, muted: v.muted, loop: v.loop, controls: v.controls,
                    autoplay: v.autoplay, inline: v.playsInline, poster: v.getAttribute('poster'),
                    pressed: b.getAttribute('aria-pressed'), name: b.getAttribute('aria-label'), label: v.getAttribute('aria-label')};""")

    def test_an_animated_webp_and_png_play_like_a_gif_with_their_own_length(self):
        for slug, length in (("4-wheel", 3.03), ("5-bounce", 1.5)):
            self.open(slug, reduced=False)
            browser.wait_for(lambda: not self.state()["paused"] and self.state()["time"] > 0.2, message=f"{slug} to play")
            state = self.state()
            self.assertEqual((state["muted"], state["loop"], state["controls"]), (True, True, False), state)
            duration = self.driver.execute_script("return document.querySelector('[role=\"tabpanel\"] video.animation').duration")
            self.assertAlmostEqual(duration, length, delta=0.05, msg=slug)
            browser.wait_for(lambda: self.state()["time"] < 0.5 and self.driver.execute_script(
                "return document.querySelector('[role=\"tabpanel\"] video.animation').played.end(0)") > length - 0.2,
                timeout=10, message=f"{slug} to loop")

    def test_an_animated_gif_plays_by_itself_muted_in_a_loop_and_its_button_pauses_it(self):
        self.open("2-spinner", reduced=False)
        browser.wait_for(lambda: not self.state()["paused"] and self.state()["time"] > 0.2, message="the animation to play")
        state = self.state()
        self.assertEqual((state["muted"], state["loop"], state["controls"], state["autoplay"], state["inline"]),
                         (True, True, False, True, True), state)
        self.assertEqual((state["pressed"], state["name"], state["label"]), ("true", "Play animation", "Animation"), state)
        self.assertTrue(state["poster"].endswith(".jpg") or state["poster"].endswith(".avif"), state)
        # It loops: past its 2 s, it goes on.
        time.sleep(2.3)
        self.assertFalse(self.state()["paused"])
        self.driver.find_element(By.CSS_SELECTOR, "button.animate").click()
        browser.wait_for(lambda: self.state()["paused"], message="the button to pause it")
        paused_at = self.state()["time"]
        time.sleep(0.4)
        self.assertEqual((self.state()["time"], self.state()["pressed"]), (paused_at, "false"))
        self.driver.find_element(By.CSS_SELECTOR, "button.animate").click()
        browser.wait_for(lambda: not self.state()["paused"], message="the button to play it again")
        self.assertEqual(self.state()["pressed"], "true")
        os.makedirs(SCREENSHOTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(SCREENSHOTS, "animation-desktop-light.png"))

    def test_under_reduced_motion_it_waits_until_pressed(self):
        self.open("2-spinner", reduced=True)
        time.sleep(0.8)
        state = self.state()
        self.assertEqual((state["paused"], state["time"], state["pressed"]), (True, 0, "false"), state)
        self.driver.find_element(By.CSS_SELECTOR, "button.animate").click()
        browser.wait_for(lambda: not self.state()["paused"] and self.state()["time"] > 0.2, message="pressed, it plays")
        self.assertEqual(self.state()["pressed"], "true")

    def test_the_overview_marks_the_animation_and_a_still_gif_is_a_photo(self):
        browser.color_scheme(self.driver, "light", reduced_motion=True)
        self.driver.get(self.server.url("index.html"))
        badges = [b.get_attribute("textContent") for b in self.driver.find_elements(By.CSS_SELECTOR, "a.tile .badge")]
        self.assertEqual(badges, ["GIF", "GIF", "GIF"], "the GIF, the WebP and the PNG that play; the still GIF is a photo")
        self.open("3-still", reduced=True)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, '[role="tabpanel"] video'), [])
        self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"] img.photo').is_displayed())

    def test_axe_finds_no_violations_light_and_dark(self):
        for scheme in ("light", "dark"):
            for slug in ("2-spinner", "3-still"):
                with self.subTest(scheme=scheme, slug=slug):
                    browser.color_scheme(self.driver, scheme, reduced_motion=True)
                    self.driver.get(self.server.url(f"{slug}/index.html"))
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images")
                    violations = browser.axe_violations(self.driver)
                    self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])


if __name__ == "__main__":
    unittest.main()
