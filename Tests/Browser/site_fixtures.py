"""Builds the fixture galleries the browser tests open, with the real galgen binary."""
import atexit, os, shutil, subprocess, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")   # in the repository: SOURCES.md there
GALGEN = os.path.abspath(os.environ.get("GALGEN", os.path.join(ROOT, ".build", "debug", "galgen")))

XSS = '"><img src=x onerror=alert(1)>'
BASE_URL = "https://photos.example.com/coast/"


def build(folder, yaml, photos):
    os.makedirs(os.path.join(folder, "photos"), exist_ok=True)
    for name, fixture in photos.items():
        shutil.copy(os.path.join(FIXTURES, fixture), os.path.join(folder, "photos", name))
    with open(os.path.join(folder, "gallery.yml"), "w") as f:
        f.write(yaml)
    result = subprocess.run([GALGEN, "build", "--quiet"], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"galgen build failed ({result.returncode}):\n{result.stderr}")
    return os.path.join(folder, "_site")


PHOTOS = {
    "harbour.jpg": "orientation/Landscape_1.jpg",   # 3:2
    "dunes.jpg": "orientation/Landscape_6.jpg",     # 3:2 once turned upright (EXIF orientation 6)
    "tower.jpg": "orientation/Portrait_3.jpg",      # 2:3
    "boats.jpg": "photos/dn_canon_a2500.jpg",       # 4:3
}
SLUGS = ["harbour", "dunes", "tower", "boats"]


def single_album(folder):
    """Four photos, one portrait and one with a hostile caption: labelled segments; with a
    base_url, so every page has its link preview."""
    return build(folder, f"""title: Coast trip
description: Four days by the sea.
base_url: {BASE_URL}
thumbnails: {{ widths: [320, 1280] }}
images:
  - src: photos/harbour.jpg
    title: Harbour
    caption: Boats at rest.
  - src: photos/dunes.jpg
    title: Dunes
    caption: '{XSS}'
  - src: photos/tower.jpg
    title: Tower
    alt: A lighthouse against the sky.
  - src: photos/boats.jpg
    title: Boats
""", PHOTOS)


def three(folder):
    """The smallest album that still needs a control: three labelled segments; with the viewer's
    options on (a slideshow of 2 s a photo, links to the original files)."""
    return build(folder, """title: Weekend
description: Three photos from a short trip.
thumbnails: { widths: [320, 1280] }
viewer: { slideshow: 2, originals: true }
images:
  - { src: photos/harbour.jpg, title: Harbour, caption: Boats at rest. }
  - { src: photos/tower.jpg, title: Tower, caption: A lighthouse against the sky. }
  - { src: photos/boats.jpg, title: Boats }
""", {name: PHOTOS[name] for name in ("harbour.jpg", "tower.jpg", "boats.jpg")})


def albums(folder):
    return build(folder, """title: Travels
albums:
  - title: North
    description: Cold and clear.
    images:
      - { src: photos/harbour.jpg, title: Harbour }
      - { src: photos/tower.jpg, title: Tower }
  - title: South
    images:
      - { src: photos/dunes.jpg, title: Dunes }
""", PHOTOS)


def many(folder, count=50, widths="[320, 1280]", formats="[avif, jpeg]", title=None):
    """Three photos of three shapes (3:2, 2:3, 4:3) listed in turn `count` times as p1, p2, ...:
    thumbnail segments that overflow the bar, justified rows, and pages of the overview."""
    names = ["harbour.jpg", "tower.jpg", "boats.jpg"]
    lines = "".join(f"  - {{ src: photos/{names[i % 3]}, title: Photo {i + 1}, slug: p{i + 1} }}\n"
                    for i in range(count))
    return build(folder, f"title: {title or 'Waterfalls'}\nthumbnails: {{ widths: {widths}, formats: {formats} }}\n"
                         "images:\n" + lines, {name: PHOTOS[name] for name in names})


def big(folder, count=10_000):
    """A `count`-photo album made of three sources (rendered once each, in the default formats):
    page weight and DOM size."""
    return many(folder, count)


def formats(folder):
    """A photo of every input format (a JPEG XL made by cjxl from a fixture JPEG), published as
    JPEG XL, AVIF, WebP and JPEG."""
    photos = {
        "beach.heic": "formats/mk_beach_1440x960.heic", "paris.avif": "formats/lav_paris_icc_exif_xmp.avif",
        "rose.webp": "formats/dn_alpha_lossy_rose.webp", "palette.png": "formats/dn_palette_trns_256.png",
        "harbour.jpg": PHOTOS["harbour.jpg"],
    }
    os.makedirs(os.path.join(folder, "photos"), exist_ok=True)
    cjxl = shutil.which("cjxl") or "cjxl"
    subprocess.run([cjxl, os.path.join(FIXTURES, PHOTOS["boats.jpg"]), os.path.join(folder, "photos", "boats.jxl"),
                    "--quiet"], check=True, capture_output=True)
    lines = "".join(f"  - photos/{name}\n" for name in list(photos) + ["boats.jxl"])
    return build(folder, "title: Formats\nthumbnails: { widths: [320, 1280], formats: [jxl, avif, webp, jpeg] }\nimages:\n" + lines,
                 photos)


def temporary():
    return tempfile.mkdtemp(prefix="galgen-browser-")


_built = {}
_session = None


def shared(maker, *arguments):
    """`maker(folder, *arguments)` built once per test run (a site several test classes read)."""
    global _session
    key = (maker.__name__,) + arguments
    if key not in _built:
        if _session is None:
            _session = temporary()
            atexit.register(shutil.rmtree, _session, ignore_errors=True)
        folder = os.path.join(_session, "-".join(str(part) for part in key))
        _built[key] = maker(folder, *arguments)
    return _built[key]
