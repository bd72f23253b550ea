"""Videos and Live Photos in a real browser: a folder of clips made by ffmpeg at test time (a
landscape H.264 .mov with sound, a portrait phone video stored sideways with a rotation, a Live
Photo pair: a JPEG and a .MOV of the same name) and a photo, built by the real galgen. Each video
plays muted in Chromium from its page, with its poster, its size reserved (no layout shift) and
a way to download it; the overview and the segments mark videos and Live Photos; moving away
pauses a video; arrow keys seek a focused video; the slideshow waits for a video's end; a Live
Photo's motion plays and stops by keyboard and by press and hold; axe-core, light and dark; and
screenshots under .build/screenshots/."""
import json, os, re, shutil, subprocess, time, unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
import site_fixtures

SCREENSHOTS = os.path.join(site_fixtures.ROOT, ".build", "screenshots")
FFMPEG = shutil.which("ffmpeg")
# The clips, by file name (sorted by name in the album: the order below). Two more photos after
# them make six items: segments with thumbnails.
PHOTO, LANDSCAPE, PORTRAIT, LIVE = 0, 1, 2, 3
FILES = ["1-harbour.jpg", "2-landscape.mov", "3-portrait.mp4", "IMG_0004.JPG", "J-tower.jpg", "K-dunes.jpg"]
DURATION = re.compile(r"^\d+:\d\d$")
BASE_URL = "https://clips.example.com/trip/"


def ffmpeg(*arguments):
    subprocess.run([FFMPEG, "-nostdin", "-loglevel", "error", "-y", *arguments], check=True)


def clips_album(folder):
    """The six items in one folder, sorted by name, with the viewer's slideshow on (2 s a photo)."""
    clips = os.path.join(folder, "clips")
    os.makedirs(clips)
    source = ["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine=frequency=440"]
    h264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"]
    for name, fixture in zip(FILES[:1] + FILES[4:], ("Landscape_1.jpg", "Portrait_3.jpg", "Landscape_6.jpg")):
        shutil.copy(os.path.join(site_fixtures.FIXTURES, "orientation", fixture), os.path.join(clips, name))
    ffmpeg(*source, "-t", "3", *h264, os.path.join(clips, FILES[LANDSCAPE]))
    # As a phone stores a portrait video: landscape pixels and a rotation of 90° to show them upright
    # (ffmpeg 5 writes the display matrix when it copies the stream, not when it encodes it).
    sideways = os.path.join(folder, "sideways.mp4")
    ffmpeg(*source, "-t", "2", *h264, sideways)
    ffmpeg("-i", sideways, "-c", "copy", "-metadata:s:v:0", "rotate=90", os.path.join(clips, FILES[PORTRAIT]))
    os.remove(sideways)
    # A Live Photo: the still and its short motion, the same stem (the still is 4:3, so is the motion).
    shutil.copy(os.path.join(site_fixtures.FIXTURES, "photos", "dn_canon_a2500.jpg"), os.path.join(clips, FILES[LIVE]))
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=640x480:rate=30", "-f", "lavfi", "-i", "sine", "-t", "1.5", *h264,
           os.path.join(clips, "IMG_0004.MOV"))
    with open(os.path.join(folder, "gallery.yml"), "w") as f:
        f.write(f"title: Clips\nbase_url: {BASE_URL}\nsort: name\nthumbnails: {{ widths: [320, 1280] }}\n"
                "viewer: { slideshow: 2 }\nimages:\n  - src: clips/\n")
    result = subprocess.run([site_fixtures.GALGEN, "build", "--quiet"], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"galgen build failed ({result.returncode}):\n{result.stderr}")
    return os.path.join(folder, "_site")


class VideoTestCase(unittest.TestCase):
    """The clips album served from its root, one browser, light, reduced motion."""

    @classmethod
    def setUpClass(cls):
        browser.serve_to_class(cls, site_fixtures.shared(clips_album), scheme="light", layout_shifts=True)
        browser.record_csp_violations(cls.driver)
        cls.driver.get(cls.server.url("index.html"))
        # The items' pages in the album's order, from the overview.
        cls.pages = [bare(t.get_attribute("href")).removeprefix(cls.server.url())
                     for t in cls.driver.find_elements(By.CSS_SELECTOR, "a.tile")]

    def setUp(self):
        browser.viewport(self.driver, 1280, 900)
        browser.color_scheme(self.driver, "light", reduced_motion=True)

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def open(self, item):
        self.driver.get(self.server.url(self.pages[item]))
        browser.wait_for(lambda: self.script("return document.documentElement.classList.contains('js')"),
                         message="gallery.js to start")

    def video(self):
        return self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"] video.video')

    def shown(self):
        return self.script("return location.href.replace(/[?#].*$/, '')").removeprefix(self.server.url())

    def plays_muted(self, selector='[role="tabpanel"] video.video'):
        """Plays the video muted, as a test may without a gesture; its state after a moment."""
        return self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1], video = document.querySelector(arguments[0]);
            video.muted = true;
            video.play().then(() => {
                const first = video.currentTime;
                setTimeout(() => done({readyState: video.readyState, first: first, later: video.currentTime,
                                       paused: video.paused}), 600);
            }, (error) => done({error: String(error)}));""", selector)

    def motion_state(self):
        """The Live Photo's motion and its button, as shown."""
        return self.script("""
            const m = document.querySelector('[role="tabpanel"] video.motion'), b = document.querySelector('button.live');
            return {playing: !m.paused && m.currentTime > 0, paused: m.paused, time: m.currentTime,
                    visible: getComputedStyle(m).visibility === 'visible', pressed: b.getAttribute('aria-pressed')};""")

    def severe_console_messages(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]


def bare(href):
    return href.split("#")[0]


class Published(VideoTestCase):
    def test_the_album_has_every_item_videos_and_the_live_photo_included(self):
        # A galgen that skipped videos would list four: the photos and the Live Photo's still.
        self.assertEqual(len(self.pages), len(FILES), self.pages)

    def test_a_video_page_has_its_player_poster_size_sources_and_download_link(self):
        for item in (LANDSCAPE, PORTRAIT):
            with self.subTest(item=FILES[item]):
                self.open(item)
                video = self.video()
                for name in ("controls", "playsinline"):
                    self.assertIsNotNone(video.get_attribute(name), name)
                self.assertIsNone(video.get_attribute("autoplay"))
                self.assertEqual(video.get_attribute("preload"), "metadata")
                self.assertTrue(video.get_attribute("poster"))
                width, height = int(video.get_attribute("width")), int(video.get_attribute("height"))
                # Upright: the portrait one was stored sideways.
                self.assertEqual(width > height, item == LANDSCAPE, (width, height))
                sources = self.script("return Array.from(arguments[0].querySelectorAll('source'), s => [s.src, s.type])", video)
                self.assertTrue(sources)
                self.assertTrue(all(t.startswith("video/mp4") for _, t in sources), sources)
                self.assertTrue(any("avc1" in t for _, t in sources), sources)
                fallback = video.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
                download = self.driver.find_element(By.CSS_SELECTOR, ".meta a[download]")
                self.assertEqual(download.text, "Download")
                self.assertEqual(download.get_attribute("href"), fallback)
                self.assertTrue(os.path.isfile(os.path.join(self.site, fallback.removeprefix(self.server.url()))))
                # The duration leads the line under the title (then the date and device, when known).
                facts = self.driver.find_element(By.CSS_SELECTOR, "figcaption .facts").text
                self.assertTrue(DURATION.match(facts.split(" · ")[0]), facts)
                # A link preview that plays: the H.264 MP4, absolute, with its type and size.
                og = {m.get_attribute("property"): m.get_attribute("content")
                      for m in self.driver.find_elements(By.CSS_SELECTOR, 'meta[property^="og:video"]')}
                self.assertEqual(og.get("og:video"), BASE_URL + fallback.removeprefix(self.server.url()), og)
                self.assertTrue(og.get("og:video:type", "").startswith("video/mp4"), og)
                self.assertEqual((og.get("og:video:width"), og.get("og:video:height")), (str(width), str(height)))
                # A video is not zoomed: no zoom button where one is.
                self.assertFalse(self.driver.find_element(By.CSS_SELECTOR, ".tool--zoom").is_displayed())

    def test_each_video_plays_muted_with_no_console_error(self):
        for item in (LANDSCAPE, PORTRAIT):
            with self.subTest(item=FILES[item]):
                self.open(item)
                self.driver.get_log("browser")
                state = self.plays_muted()
                self.assertNotIn("error", state, state)
                self.assertGreaterEqual(state["readyState"], 2, state)
                self.assertGreater(state["later"], state["first"], state)
                shown = self.script("const v = arguments[0]; return [v.videoWidth, v.videoHeight, v.currentSrc]", self.video())
                self.assertEqual(shown[0] > shown[1], item == LANDSCAPE, shown)
                self.assertEqual(self.severe_console_messages(), [])
        self.assertEqual(browser.csp_violations(self.driver), [])

    def test_the_player_does_not_move_when_the_video_and_poster_arrive(self):
        for item in (LANDSCAPE, PORTRAIT):
            with self.subTest(item=FILES[item]):
                self.open(item)
                video = self.video()
                poster = video.get_attribute("poster").removeprefix(self.server.url())
                source = video.find_element(By.CSS_SELECTOR, "source").get_attribute("src").removeprefix(self.server.url())
                # Held back, so both arrive after the page is laid out (a fresh URL: not from the cache).
                for path in (poster, source):
                    self.server.delays["/" + path] = 1.0
                self.driver.execute_cdp_cmd("Network.enable", {})
                self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
                try:
                    self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
                        document.addEventListener('DOMContentLoaded', () => {
                            const v = document.querySelector('video.video'), r = v.getBoundingClientRect();
                            window.__early = [r.left, r.top, r.width, r.height, v.readyState];
                        });"""})
                    self.open(item)
                    browser.wait_for(lambda: self.script("return document.querySelector('video.video').readyState >= 1"),
                                     message="the video's metadata")
                    poster_url = self.server.url(poster)
                    browser.wait_for(lambda: self.script("return performance.getEntriesByName(arguments[0]).some(e => e.responseEnd > 0)", poster_url),
                                     message="the poster")
                    time.sleep(0.2)
                finally:
                    self.server.delays.clear()
                    self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
                early = self.script("return window.__early")
                late = self.script("const r = document.querySelector('video.video').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]")
                self.assertEqual(early[4], 0, "the video had arrived before the page was laid out")
                for a, b in zip(early[:4], late):
                    self.assertAlmostEqual(a, b, delta=0.5, msg=(early, late))
                shifts = browser.layout_shifts(self.driver)
                self.assertEqual(sum(s["value"] for s in shifts), 0, shifts)


class Marked(VideoTestCase):
    def test_overview_tiles_show_a_play_badge_duration_and_say_video(self):
        self.driver.get(self.server.url("index.html"))
        tiles = self.driver.find_elements(By.CSS_SELECTOR, "a.tile")
        for item, tile in enumerate(tiles):
            with self.subTest(item=FILES[item]):
                badges = tile.find_elements(By.CSS_SELECTOR, ".badge")
                title = self.script("return arguments[0].querySelector('img').alt", tile)
                if item in (LANDSCAPE, PORTRAIT):
                    self.assertEqual(len(badges), 1)
                    self.assertTrue(badges[0].is_displayed())
                    self.assertEqual(badges[0].get_attribute("aria-hidden"), "true")
                    self.assertTrue(DURATION.match(badges[0].text), badges[0].text)
                    self.assertEqual(self.script("return getComputedStyle(arguments[0], '::before').maskImage !== 'none'", badges[0]), True)
                    self.assertEqual(tile.accessible_name, f"Video: {title}, {badges[0].text}")
                elif item == LIVE:
                    self.assertEqual([b.text for b in badges], ["LIVE"])
                else:
                    self.assertEqual(badges, [])
                    self.assertEqual(tile.accessible_name, title)

    def test_segments_show_a_play_badge_and_say_video(self):
        self.open(PHOTO)
        tabs = self.driver.find_elements(By.CSS_SELECTOR, '[role="tab"]')
        self.assertEqual(len(tabs), len(FILES))
        self.assertIn("segmented--thumbs", self.driver.find_element(By.CSS_SELECTOR, '[role="tablist"]').get_attribute("class"))
        for item, tab in enumerate(tabs):
            with self.subTest(item=FILES[item]):
                name = tab.accessible_name
                if item in (LANDSCAPE, PORTRAIT):
                    badge = tab.find_element(By.CSS_SELECTOR, ".badge--video")
                    self.assertTrue(badge.is_displayed())
                    self.assertTrue(re.match(r"^Video: .+, \d+:\d\d$", name), name)
                else:
                    self.assertFalse(name.startswith("Video"), name)
                    badges = [b.get_attribute("textContent") for b in tab.find_elements(By.CSS_SELECTOR, ".badge")]
                    self.assertEqual(badges, ["LIVE"] if item == LIVE else [])

    def test_axe_finds_no_violations_light_and_dark(self):
        for scheme in ("light", "dark"):
            browser.color_scheme(self.driver, scheme, reduced_motion=True)
            for item in (LANDSCAPE, PORTRAIT, LIVE, None):
                with self.subTest(scheme=scheme, item=item):
                    if item is None:
                        self.driver.get(self.server.url("index.html"))
                    else:
                        self.open(item)
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images")
                    violations = browser.axe_violations(self.driver)
                    self.assertEqual(violations, [], json.dumps(violations, indent=1)[:4000])


class Moving(VideoTestCase):
    def test_moving_away_pauses_a_playing_video(self):
        self.open(LANDSCAPE)
        self.script("window.notReloaded = true")
        self.assertNotIn("error", self.plays_muted())
        self.script("window.__playing = document.querySelector('video.video')")
        self.driver.find_element(By.CSS_SELECTOR, ".step--next").click()
        browser.wait_for(lambda: self.shown() == self.pages[PORTRAIT], message="the next item")
        self.assertTrue(self.script("return window.notReloaded === true"))
        self.assertTrue(self.script("return window.__playing.paused"))
        # The video moved to is a player too, and plays.
        state = self.plays_muted()
        self.assertGreater(state.get("later", 0), state.get("first", 0), state)

    def test_moving_in_place_to_a_live_photo_keeps_its_button_working(self):
        self.open(PORTRAIT)
        self.script("window.notReloaded = true")
        self.driver.find_element(By.CSS_SELECTOR, ".step--next").click()
        browser.wait_for(lambda: self.shown() == self.pages[LIVE], message="the Live Photo")
        self.assertTrue(self.script("return window.notReloaded === true"))
        button = self.driver.find_element(By.CSS_SELECTOR, "button.live")
        button.click()
        browser.wait_for(lambda: self.motion_state()["playing"], message="the motion to play")

    def test_the_next_videos_poster_is_fetched_ahead(self):
        self.open(LANDSCAPE)
        poster = "/" + self.video().get_attribute("poster").removeprefix(self.server.url())
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        try:
            self.server.requests.clear()
            self.open(PHOTO)
            browser.wait_for(lambda: poster in self.server.requests, message="the next video's poster")
        finally:
            self.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        self.assertFalse(any(path.endswith(".mp4") for path in self.server.requests), self.server.requests)

    def test_arrow_keys_seek_a_focused_video_and_move_elsewhere(self):
        self.open(LANDSCAPE)
        self.script("arguments[0].focus()", self.video())
        ActionChains(self.driver).send_keys(Keys.ARROW_RIGHT).perform()
        time.sleep(0.3)
        self.assertEqual(self.shown(), self.pages[LANDSCAPE])
        self.script("document.querySelector('[role=\"tabpanel\"]').focus()")
        ActionChains(self.driver).send_keys(Keys.ARROW_RIGHT).perform()
        browser.wait_for(lambda: self.shown() == self.pages[PORTRAIT], message="the next item")

    def test_a_swipe_on_the_controls_does_not_move_but_one_on_the_picture_does(self):
        # (Chromium's controls keep their pointer events to themselves; gallery.touch.js leaves the
        # controls' strip alone too, for browsers that pass them on.)
        browser.viewport(self.driver, 390, 844, phone=True)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        try:
            self.open(LANDSCAPE)
            box = self.script("const r = document.querySelector('video.video').getBoundingClientRect();"
                              "return [r.left, r.top, r.width, r.height]")
            for y in (box[1] + box[3] - 20, box[1] + box[3] / 3):
                points = [(box[0] + box[2] * (0.8 - 0.6 * i / 8), y) for i in range(9)]
                self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points[0][0], "y": y}]})
                for x, _ in points[1:]:
                    time.sleep(0.016)
                    self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
                self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                time.sleep(0.4)
                if y > box[1] + box[3] / 2:
                    self.assertEqual(self.shown(), self.pages[LANDSCAPE], "a drag on the controls moved")
            browser.wait_for(lambda: self.shown() == self.pages[PORTRAIT], message="the swipe to move")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    def test_the_slideshow_waits_for_a_video_to_end(self):
        browser.color_scheme(self.driver, "light", reduced_motion=False)
        self.open(LANDSCAPE)
        # A slide lasts 2 s; the video 3 s. It plays (muted) and the move waits for its end.
        self.script("""
            const video = document.querySelector('video.video'), h2 = document.querySelector('[role="tabpanel"] h2');
            window.__moved = null;
            new MutationObserver(() => {
                if (window.__moved === null) window.__moved = {ended: video.ended, time: video.currentTime, duration: video.duration};
            }).observe(document.querySelector('[role="tabpanel"]'), {childList: true});""")
        self.driver.find_element(By.CSS_SELECTOR, ".tool--slideshow").click()
        browser.wait_for(lambda: self.script("return window.__moved"), timeout=15, message="the slideshow to move on")
        moved = self.script("return window.__moved")
        self.assertTrue(moved["ended"], moved)
        self.assertEqual(self.shown(), self.pages[PORTRAIT])
        self.driver.find_element(By.CSS_SELECTOR, ".tool--slideshow").click()


class LivePhoto(VideoTestCase):
    def test_the_live_photo_is_its_still_with_a_muted_motion(self):
        self.open(LIVE)
        photo = self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"] img.photo')
        browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="the still")
        self.assertTrue(photo.is_displayed())
        motion = self.driver.find_element(By.CSS_SELECTOR, '[role="tabpanel"] video.motion')
        self.assertTrue(self.script("return arguments[0].muted", motion))
        self.assertEqual(motion.get_attribute("preload"), "none")
        self.assertIsNone(motion.get_attribute("controls"))
        self.assertIsNone(motion.get_attribute("autoplay"))
        button = self.driver.find_element(By.CSS_SELECTOR, "button.live")
        self.assertEqual(button.accessible_name, "Play Live Photo motion")
        self.assertEqual(button.get_attribute("aria-pressed"), "false")
        self.assertEqual(self.motion_state()["visible"], False)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'meta[property="og:video"]'), [])
        # Nothing plays by itself.
        time.sleep(0.5)
        self.assertTrue(self.motion_state()["paused"])

    def test_enter_plays_the_motion_and_enter_again_stops_it(self):
        self.open(LIVE)
        self.driver.get_log("browser")
        self.script("document.querySelector('button.live').focus()")
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        browser.wait_for(lambda: self.motion_state()["playing"], message="the motion to play")
        state = self.motion_state()
        self.assertEqual((state["pressed"], state["visible"]), ("true", True), state)
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        browser.wait_for(lambda: self.motion_state()["paused"], message="the motion to stop")
        state = self.motion_state()
        self.assertEqual((state["pressed"], state["visible"]), ("false", False), state)
        # Space too; and at its end the still shows again by itself.
        ActionChains(self.driver).send_keys(Keys.SPACE).perform()
        browser.wait_for(lambda: self.motion_state()["playing"], message="the motion to play")
        browser.wait_for(lambda: self.motion_state()["pressed"] == "false", timeout=5, message="the motion to end")
        self.assertFalse(self.motion_state()["visible"])
        self.assertEqual(self.severe_console_messages(), [])

    def test_press_and_hold_plays_while_held(self):
        self.open(LIVE)
        button = self.driver.find_element(By.CSS_SELECTOR, "button.live")
        ActionChains(self.driver).click_and_hold(button).perform()
        try:
            browser.wait_for(lambda: self.motion_state()["playing"], message="the motion to play while held")
        finally:
            ActionChains(self.driver).release().perform()
        browser.wait_for(lambda: self.motion_state()["paused"], message="the motion to stop on release")
        time.sleep(0.2)
        # The release's click does not start it again.
        state = self.motion_state()
        self.assertEqual((state["paused"], state["pressed"], state["visible"]), (True, "false", False), state)


class WithoutJavaScript(unittest.TestCase):
    """The pages as they are, with no script: the player is the browser's own."""

    @classmethod
    def setUpClass(cls):
        cls.server = browser.Server(site_fixtures.shared(clips_album))
        cls.addClassCleanup(cls.server.stop)
        cls.driver = browser.chrome(javascript=False)
        cls.addClassCleanup(cls.driver.quit)
        cls.driver.get(cls.server.url("index.html"))
        cls.pages = [bare(t.get_attribute("href")).removeprefix(cls.server.url())
                     for t in cls.driver.find_elements(By.CSS_SELECTOR, "a.tile")]

    def test_a_video_has_its_player_and_a_live_photo_no_dead_button(self):
        # (No script runs here, the test's own neither: WebDriver's commands only.)
        self.driver.get(self.server.url(self.pages[LANDSCAPE]))
        video = self.driver.find_element(By.CSS_SELECTOR, "video.video")
        self.assertIsNotNone(video.get_attribute("controls"))
        self.assertGreater(video.size["height"], 100)
        self.driver.get(self.server.url(self.pages[LIVE]))
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "button.live").value_of_css_property("display"), "none")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "video.motion").value_of_css_property("visibility"), "hidden")
        self.assertGreater(self.driver.find_element(By.CSS_SELECTOR, "img.photo").size["height"], 100)


class Screenshots(VideoTestCase):
    def test_take_screenshots(self):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        for device, (width, height, phone) in {"desktop": (1280, 900, False), "phone": (390, 844, True)}.items():
            browser.viewport(self.driver, width, height, phone=phone)
            for scheme in ("light", "dark"):
                browser.color_scheme(self.driver, scheme, reduced_motion=True)
                for name, item in (("video", LANDSCAPE), ("video-portrait", PORTRAIT), ("live", LIVE), ("video-overview", None)):
                    if item is None:
                        self.driver.get(self.server.url("index.html"))
                    else:
                        self.open(item)
                    browser.wait_for(lambda: browser.visible_images_loaded(self.driver), message="images")
                    if item is not None and item != LIVE:
                        browser.wait_for(lambda: self.script("return document.querySelector('video.video').readyState >= 1"),
                                         message="the video's metadata")
                    self.assertTrue(self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}-{device}-{scheme}.png")))
                    if item == LIVE:
                        self.driver.find_element(By.CSS_SELECTOR, "button.live").click()
                        browser.wait_for(lambda: self.script("return document.querySelector('.frame.is-playing')"), message="the motion")
                        time.sleep(0.3)
                        self.assertTrue(self.driver.save_screenshot(os.path.join(SCREENSHOTS, f"live-playing-{device}-{scheme}.png")))


if __name__ == "__main__":
    if not FFMPEG:
        raise SystemExit("test_video needs ffmpeg (apt-get install ffmpeg)")
    else:
        unittest.main(verbosity=2)
