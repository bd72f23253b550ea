"""Builds the fixture galleries the browser tests open, with the real galgen binary."""
import os, shutil, subprocess, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "..", "shared", "fixtures")
GALGEN = os.path.abspath(os.environ.get("GALGEN", os.path.join(ROOT, ".build", "debug", "galgen")))

XSS = '"><img src=x onerror=alert(1)>'


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
    "harbour.jpg": "orientation/Landscape_1.jpg",
    "dunes.jpg": "orientation/Landscape_6.jpg",
    "tower.jpg": "orientation/Portrait_3.jpg",
    "boats.jpg": "photos/dn_canon_a2500.jpg",
}


def single_album(folder):
    """Four photos, one with a hostile caption: labelled segments."""
    return build(folder, f"""title: Coast trip
description: Four days by the sea.
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


def many(folder, count=50):
    """One small photo listed `count` times: thumbnail segments that overflow the bar."""
    lines = "".join(f"  - {{ src: photos/harbour.jpg, title: Photo {i + 1}, slug: p{i + 1} }}\n" for i in range(count))
    return build(folder, "title: Fifty\nthumbnails: { widths: [320, 1280] }\nimages:\n" + lines,
                 {"harbour.jpg": PHOTOS["harbour.jpg"]})


def formats(folder):
    """A photo of every input format, published as AVIF, WebP and JPEG."""
    photos = {
        "cheers.heic": "formats/dn_cheers_1440x960.heic", "paris.avif": "formats/lav_paris_icc_exif_xmp.avif",
        "rose.webp": "formats/dn_alpha_lossy_rose.webp", "palette.png": "formats/dn_palette_trns_256.png",
        "harbour.jpg": PHOTOS["harbour.jpg"],
    }
    lines = "".join(f"  - photos/{name}\n" for name in photos)
    return build(folder, "title: Formats\nthumbnails: { widths: [320, 1280], formats: [avif, webp, jpeg] }\nimages:\n" + lines,
                 photos)


def temporary():
    return tempfile.mkdtemp(prefix="galgen-browser-")
