#!/usr/bin/env python3
"""Reference colours for FormatRenderingTests: each non-JPEG fixture as vips 8.14 (Debian's
libvips-tools, over libheif, libwebp, libpng and Little CMS) shows it, 320 px wide, converted to
sRGB (when it has a profile), flattened onto galgen's light background (245, 245, 247), upright.

    vipsthumbnail FILE --size 320x [--export-profile srgb] -o ref.v
    vips flatten ref.v flat.v --background "245 245 247"      # only when it has alpha
    vips copy flat.v ref.ppm

Prints one Swift array line per file: the mean R, G, B of three boxes (each 1/8 of the width and
height) centred at 25 %, 50 % and 75 % along the diagonal. Run by hand:
    Tests/Fixtures/format-references.py ../shared/fixtures/formats/*.*
"""
import os, subprocess, sys, tempfile


def ppm(path):
    data = open(path, "rb").read()
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace(): at += 1
        if data[at:at + 1] == b"#":
            at = data.index(b"\n", at)
            continue
        start = at
        while not data[at:at + 1].isspace(): at += 1
        fields.append(data[start:at])
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[at + 1:]


def boxes(width, height, pixels, channels=3):
    out = []
    for fraction in (0.25, 0.5, 0.75):
        bw, bh = max(1, width // 8), max(1, height // 8)
        x0, y0 = int(width * fraction) - bw // 2, int(height * fraction) - bh // 2
        sums = [0, 0, 0]
        for y in range(y0, y0 + bh):
            for x in range(x0, x0 + bw):
                at = (y * width + x) * channels
                for c in range(3): sums[c] += pixels[at + (c if channels == 3 else 0)]
        out += [round(s / (bw * bh)) for s in sums]
    return out


def main():
    for path in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as work:
            thumb = os.path.join(work, "t.v")
            fields = subprocess.run(["vipsheader", "-a", path], capture_output=True, text=True).stdout
            # Only a photo with a profile is converted: vips's sRGB round trip moves untagged colours.
            convert = ["--export-profile", "srgb"] if "icc-profile-data" in fields else []
            done = subprocess.run(["vipsthumbnail", path, "--size", "320x", *convert, "-o", thumb],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                print(f"// {os.path.basename(path)}: vips fails: {done.stderr.strip().splitlines()[-1:]}")
                continue
            bands = int(subprocess.run(["vipsheader", "-f", "bands", thumb], capture_output=True, text=True).stdout)
            source = thumb
            if bands in (2, 4):
                source = os.path.join(work, "f.v")
                subprocess.run(["vips", "flatten", thumb, source, "--background", "245 245 247"], check=True)
            if bands in (1, 2):
                colour = os.path.join(work, "c.v")
                subprocess.run(["vips", "colourspace", source, colour, "srgb"], check=True)
                source = colour
            out = os.path.join(work, "r.ppm")
            subprocess.run(["vips", "cast", source, os.path.join(work, "u.v"), "uchar"], check=True)
            subprocess.run(["vips", "copy", os.path.join(work, "u.v"), out], check=True)
            width, height, pixels = ppm(out)
            print(f'("{os.path.basename(path)}", {width}, {height}, {boxes(width, height, pixels)}),')


main()
