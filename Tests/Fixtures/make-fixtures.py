#!/usr/bin/env python3
"""Makes Tests/Fixtures/{photos,orientation,odd,formats} from the shared corpus, once, by hand:

    Tests/Fixtures/make-fixtures.py ../shared/fixtures

The tests read only what this writes (and what is committed), never ../shared. Each file is
either a byte-identical copy of a corpus file whose licence allows redistribution, a lossless
crop of one (jpegtran -crop -copy all: the camera's own coding and every marker kept, fewer
pixels), or a file made here from such files (a HEIC and a lossless WebP encoded from them, PNGs
and HEIFs damaged on purpose). Files the corpus marks non-commercial, for testing only, or of no
licence of their own are left out; SOURCES.md beside this script says what each file is.

Needs jpegtran and djpeg (libjpeg-turbo-progs), pamscale and pnmtopng (netpbm), heif-enc
(libheif-examples), cwebp and dwebp (webp).
Deterministic: the same corpus and tools give the same bytes.
"""
import os, shutil, struct, subprocess, sys, tempfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))

# Copied byte for byte.
COPIED = {
    "orientation": [f"{shape}_{n}.jpg" for shape in ("Landscape", "Portrait") for n in range(9)],
    "photos": ["dn_nikon_d3100.jpg"],   # the one full-size camera photo: slow builds, a 14 MP import
    "odd": [
        "dn_beach_dnl_height0.jpg", "dn_minolta_dimage_ex_odd_sampling.jpg", "dn_panasonic_lc70_progressive.jpg",
        "dn_ycck_multi_icc_segments.jpg", "jd_empty_0byte.jpg", "jd_extraneous_bytes_after_sos_scan.jpg",
        "jd_lossless_sof3_gray.jpg", "jd_mozilla_cmyk_transform0.jpg", "jd_multiple_ff_before_eoi.jpg",
        "jd_non_interleaved_mcu.jpg", "jd_progressive3_444.jpg", "jd_restarts.jpg", "ljt_monkey12_12bit.jpg",
        "ljt_testimgari_arithmetic.jpg", "ljt_testorig_baseline420.jpg", "pil_app13_multiple_progressive.jpg",
        "pil_hopper_16bit_qtables_sof1.jpg", "pil_hopper_gray.jpg", "pil_icc_after_sof_gray.jpg",
        "pil_icc_profile_big_progressive.jpg", "pil_jpeg_ff00_header.jpg", "pil_junk_jpeg_header.jpg",
        "pil_sample_cmyk_adobe_ycck.jpg", "pil_sugarshack_bad_mpo_header.jpg", "pil_truncated_progressive.jpg",
        "pil_ultrahdr_gainmap.jpg",
    ],
    "formats": [
        "dn_alpha_lossless_rose.webp", "dn_alpha_lossy_rose.webp", "dn_animation_lossy_101f.webp",
        "dn_autumn_rgba_iccp_exif.png", "dn_galaxy_s10p_irot270_mdat_first.heic", "dn_galaxy_s24fe_exif6_no_irot.heic",
        "dn_grid2x2_422_800x600.avif", "dn_htc_desire_icc_exif.webp", "dn_iphone11pro_exif_at_eof.heic",
        "dn_iphone11pro_img2927.heic", "dn_iphone8_img1034.heic", "dn_iphonex_exif6_issue473.webp",
        "dn_palette_trns_256.png", "dn_photo1_vp8.webp", "lav_abc_alpha_irot.avif", "lav_cosmos1650_444_10bit_p3pq.avif",
        "lav_kodim03_gray8_gama16.png", "lav_paris_icc_exif_xmp.avif", "lu_hato_10bit_420.avif",
        "lu_kimono_irot_imir.avif", "pil_pil123rgba_adam7.png",
    ],
    "formats/odd": ["lu_plum_alpha_dup_ipma.avif"],
}

# Camera photos cropped to the middle quarter of each side: the same EXIF, XMP, ICC and APPn
# segments, quantisation and sampling, a sixteenth of the pixels.
PHOTO_CROPS = ["dn_canon_a2500.jpg", "dn_canon_eos5d.jpg", "dn_kodak_pixpro_s1.jpg", "dn_kodak_z1012.jpg",
               "dn_oppo_r7plus.jpg", "dn_samsung_note3.jpg", "dn_samsung_s7edge.jpg", "dn_samsung_s9p_issue525.jpg"]
# Odd JPEGs cropped the same way, their restart intervals (DRI, in MCUs) written again as they were.
ODD_CROPS = {"dn_canon_g2_440_portrait.jpg": None, "dn_iphone6plus_420_dri_icc.jpg": 153,
             "dn_sigma_dp1_422.jpg": 4, "pil_xmp_test_444_dri.jpg": 250}


def run(*arguments, warnings_allowed=False):
    done = subprocess.run(arguments, capture_output=True)
    # jpegtran exits 2 after a warning (a truncated source's "Premature end of JPEG file").
    if done.returncode not in ((0, 2) if warnings_allowed else (0,)):
        raise subprocess.CalledProcessError(done.returncode, arguments, done.stdout, done.stderr)


def sof_size(data):
    """(width, height) from a JPEG's SOF marker."""
    at = 2
    while at < len(data):
        marker, length = data[at + 1], struct.unpack(">H", data[at + 2:at + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC9, 0xCA):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    raise ValueError("no SOF")


def crop_jpeg(source, target, restart=None, top=False):
    """The middle quarter of each side (a sixteenth of the pixels; or of the top, where a truncated
    file still has its pixels), its corner on a 16-pixel boundary (a lossless crop's iMCU)."""
    width, height = sof_size(open(source, "rb").read())
    w, h = width // 4 // 16 * 16, height // 4 // 16 * 16
    x, y = (width - w) // 2 // 16 * 16, 0 if top else (height - h) // 2 // 16 * 16
    arguments = ["jpegtran", "-copy", "all", "-crop", f"{w}x{h}+{x}+{y}"]
    if restart: arguments += ["-restart", f"{restart}B"]
    run(*arguments, "-outfile", target, source, warnings_allowed=top)


# --- PNG ---------------------------------------------------------------------------------------

def chunks(data):
    at, out = 8, []
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        out.append([kind, data[at + 8:at + 8 + length]])
        at += 12 + length
    return out


def chunk(kind, payload, crc=None):
    crc = zlib.crc32(kind + payload) if crc is None else crc
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", crc & 0xFFFFFFFF)


def png(pairs):
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunk(kind, payload) for kind, payload in pairs)


def unfilter(raw, width, height, bpp):
    """The rows of a non-interlaced image, each filter undone."""
    stride, rows, previous, at = width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = previous[i], previous[i - bpp] if i >= bpp else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            elif kind != 0: raise ValueError(f"filter {kind}")
        rows.append(bytes(line))
        previous = line
    return rows


def up_filtered(rows):
    """Rows with the Up filter (2) on all but the first, a filter any decoder undoes alike."""
    out, previous = bytearray(), bytes(len(rows[0]))
    for index, row in enumerate(rows):
        if index == 0:
            out += b"\x00" + row
        else:
            out += b"\x02" + bytes((v - p) & 255 for v, p in zip(row, previous))
        previous = row
    return bytes(out)


def crop_png(source, target, width, height, idat_size):
    """The top-left width×height of a non-interlaced PNG; every other chunk kept, in order."""
    pairs = chunks(open(source, "rb").read())
    header = dict(pairs)[b"IHDR"]
    full_width, full_height, depth, colour = struct.unpack(">IIBB", header[:10])
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[colour] * depth // 8
    raw = zlib.decompress(b"".join(p for k, p in pairs if k == b"IDAT"))
    rows = [row[:width * bpp] for row in unfilter(raw, full_width, full_height, bpp)[:height]]
    data = zlib.compress(up_filtered(rows), 9)
    out, written = [], False
    for kind, payload in pairs:
        if kind == b"IHDR":
            out.append((kind, struct.pack(">II", width, height) + payload[8:]))
        elif kind == b"IDAT":
            if not written:
                out += [(b"IDAT", data[at:at + idat_size]) for at in range(0, len(data), idat_size)]
                written = True
        else:
            out.append((kind, payload))
    open(target, "wb").write(png(out))


def gray_profile():
    """A minimal ICC v2 gray display profile: D50 white, a gamma 2.2 curve, a description."""
    def tag_desc(text):
        ascii_ = text.encode() + b"\0"
        return b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_ + bytes(4 + 4 + 2 + 1 + 67)
    def xyz(x, y, z):
        return b"XYZ " + bytes(4) + b"".join(struct.pack(">i", round(v * 65536)) for v in (x, y, z))
    tags = [(b"desc", tag_desc("galgen test gray 2.2")), (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
            (b"kTRC", b"curv" + bytes(4) + struct.pack(">IH", 1, round(2.2 * 256))),
            (b"cprt", b"text" + bytes(4) + b"No copyright, use freely\0")]
    offset, table, body = 128 + 4 + 12 * len(tags), b"", b""
    for name, data in tags:
        data += bytes(-len(data) % 4)
        table += name + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = struct.pack(">I", size) + b"lcms" + bytes([2, 0x10, 0, 0]) + b"mntrGRAY" + b"XYZ " + bytes(12) \
        + b"acsp" + b"APPL" + bytes(4) + bytes(8) + bytes(8) + bytes(4) \
        + struct.pack(">iii", round(0.9642 * 65536), 65536, round(0.8249 * 65536)) + b"lcms" + bytes(44)
    return header + struct.pack(">I", len(tags)) + table + body


def damaged_pngs(folder, kodim, palette, adam7):
    """The damaged PNGs, each from a licensed PNG, with one fault each."""
    heat = chunks(open(palette, "rb").read())   # IHDR sRGB gAMA pHYs PLTE tRNS IDAT IEND: 256×256
    # A CRC that does not match the IHDR.
    data = b"\x89PNG\r\n\x1a\n" + b"".join(chunk(k, p, zlib.crc32(k + p) ^ 1 if k == b"IHDR" else None) for k, p in heat)
    open(os.path.join(folder, "mk_ihdr_crc.png"), "wb").write(data)
    # The IHDR renamed zHDR, and sRGB and gAMA left out: the first chunk libpng reads, PLTE, comes
    # before any IHDR. (With them, galgen's libpng keeps sRGB as an unknown chunk and says "invalid
    # location in png_set_unknown_chunks" instead.)
    open(os.path.join(folder, "mk_first_chunk_zhdr.png"), "wb").write(
        png([(b"zHDR" if k == b"IHDR" else k, p) for k, p in heat if k not in (b"sRGB", b"gAMA")]))
    # Colour type 11, which does not exist.
    open(os.path.join(folder, "mk_ihdr_color_type11.png"), "wb").write(
        png([(k, p[:9] + b"\x0b" + p[10:] if k == b"IHDR" else p) for k, p in heat]))
    gray = chunks(open(kodim, "rb").read())   # IHDR gAMA cHRM IDAT IEND: 768×512 gray
    # gAMA 0 (a division by zero for code that applies 1/gamma) beside a gray profile.
    profile = zlib.compress(gray_profile(), 9)
    pairs = []
    for kind, payload in gray:
        if kind == b"gAMA":
            pairs += [(b"iCCP", b"gray 2.2\0\0" + profile), (b"gAMA", bytes(4))]
        else:
            pairs.append((kind, payload))
    open(os.path.join(folder, "mk_gama_zero_gray.png"), "wb").write(png(pairs))
    # A row filter of 7 (valid ones are 0-4) in row 40 of the gray photo, the zlib stream and CRCs valid.
    header = dict(gray)[b"IHDR"]
    width, height = struct.unpack(">II", header[:8])
    rows = unfilter(zlib.decompress(b"".join(p for k, p in gray if k == b"IDAT")), width, height, 1)
    raw = bytearray(up_filtered(rows))
    raw[40 * (width + 1)] = 7
    pairs = [(k, p) for k, p in gray if k != b"IDAT"]
    pairs.insert(len(pairs) - 1, (b"IDAT", zlib.compress(bytes(raw), 9)))
    open(os.path.join(folder, "mk_bad_filter_type.png"), "wb").write(png(pairs))
    # The interlaced RGBA toucan with its image data damaged (CRCs fixed after) and IEND renamed kEND.
    toucan = chunks(open(adam7, "rb").read())
    pairs = []
    for kind, payload in toucan:
        if kind == b"IDAT":
            payload = bytearray(payload)
            for at in range(len(payload) // 3, len(payload) // 3 + 24): payload[at] ^= 0x5A
            payload = bytes(payload)
        pairs.append((b"kEND" if kind == b"IEND" else kind, payload))
    open(os.path.join(folder, "mk_damaged_idat_kend.png"), "wb").write(png(pairs))


# --- HEIF --------------------------------------------------------------------------------------

def boxes(data, start, end):
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        header = 8
        if size == 1: size, header = struct.unpack(">Q", data[at + 8:at + 16])[0], 16
        if size == 0: size = end - at
        yield kind, at, header, size
        at += size


def find(data, path, start=0, end=None):
    """(offset, header size, size) of the box at path (meta is a full box: its children start 4 later)."""
    end = len(data) if end is None else end
    for kind, at, header, size in boxes(data, start, end):
        if kind == path[0]:
            if len(path) == 1: return at, header, size
            inner = at + header + (4 if kind in (b"meta", b"iinf", b"iref") else 0)
            if kind == b"iinf":
                version = data[at + header]
                inner += 2 if version == 0 else 4
            return find(data, path[1:], inner, at + size)
    raise KeyError(path)


def damaged_heifs(folder, still):
    data = open(still, "rb").read()
    # The pitm box's size 14 → 6, smaller than a box header.
    at, _, _ = find(data, [b"meta", b"pitm"])
    out = bytearray(data); out[at:at + 4] = struct.pack(">I", 6)
    open(os.path.join(folder, "mk_heif_pitm_size6.heif"), "wb").write(out)
    # The first infe box's size + 0x80000000: it runs 2 GiB past the file.
    at, _, size = find(data, [b"meta", b"iinf", b"infe"])
    out = bytearray(data); out[at:at + 4] = struct.pack(">I", size | 0x80000000)
    open(os.path.join(folder, "mk_heif_infe_size_2gib.heif"), "wb").write(out)
    # iloc's offset_size 4 → 0: every extent after it is misread.
    at, header, _ = find(data, [b"meta", b"iloc"])
    out = bytearray(data); out[at + header + 4] &= 0x0F
    open(os.path.join(folder, "mk_heif_iloc_offset_size0.heif"), "wb").write(out)
    # Cut at 8,195 bytes: the meta box whole at most, the coded image gone.
    open(os.path.join(folder, "mk_heif_truncated_8k.heif"), "wb").write(data[:min(8195, len(data) // 2)])


def main():
    corpus = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../../shared/fixtures"))
    for folder, names in COPIED.items():
        os.makedirs(os.path.join(HERE, folder), exist_ok=True)
        for name in names:
            shutil.copyfile(os.path.join(corpus, folder, name), os.path.join(HERE, folder, name))
    for name in PHOTO_CROPS:
        crop_jpeg(os.path.join(corpus, "photos", name), os.path.join(HERE, "photos", name))
    for name, restart in ODD_CROPS.items():
        crop_jpeg(os.path.join(corpus, "odd", name), os.path.join(HERE, "odd", name), restart)
    # The truncated Sony: cropped, then cut at two thirds, as a camera that lost power leaves it.
    sony = os.path.join(HERE, "odd", "dn_sony_e5823_truncated.jpg")
    crop_jpeg(os.path.join(corpus, "odd", "dn_sony_e5823_truncated_8mp.jpg"), sony, top=True)
    data = open(sony, "rb").read()
    open(sony, "wb").write(data[:len(data) * 2 // 3])

    formats = os.path.join(HERE, "formats")
    # The scanned print (1 MiB IDAT chunks in the original: 256 KiB here, so it still has several)
    # and the 16-bit welder, cropped to their top-left corners.
    crop_png(os.path.join(corpus, "formats/dn_scanned_photo_rgb8.png"), os.path.join(formats, "dn_scanned_photo_rgb8.png"),
             712, 1040, 256 * 1024)
    crop_png(os.path.join(corpus, "formats/lav_weld_rgb16.png"), os.path.join(formats, "lav_weld_rgb16.png"), 560, 448, 1 << 20)
    with tempfile.TemporaryDirectory() as work:
        # A still HEIC, one HEVC item and a thumbnail, no colour box, no Exif: Landscape_1 at 1440×960.
        run("djpeg", "-outfile", os.path.join(work, "beach.ppm"), os.path.join(corpus, "orientation/Landscape_1.jpg"))
        with open(os.path.join(work, "beach.png"), "wb") as out:
            scaled = subprocess.run(["pamscale", "-width", "1440", "-height", "960", os.path.join(work, "beach.ppm")],
                                    check=True, capture_output=True).stdout
            subprocess.run(["pnmtopng"], input=scaled, check=True, stdout=out)
        still = os.path.join(formats, "mk_beach_1440x960.heic")
        run("heif-enc", "-q", "25", "-t", "240", "-o", still, os.path.join(work, "beach.png"))
        # A lossless WebP (VP8L, no alpha): the middle of the blossoming tree, decoded from its VP8.
        run("dwebp", "-ppm", "-o", os.path.join(work, "tree.ppm"), os.path.join(corpus, "formats/dn_photo1_vp8.webp"))
        run("cwebp", "-quiet", "-lossless", "-exact", "-crop", "212", "161", "600", "450",
            os.path.join(work, "tree.ppm"), "-o", os.path.join(formats, "mk_lossless_vp8l_600x450.webp"))
    odd = os.path.join(formats, "odd")
    damaged_heifs(odd, still)
    damaged_pngs(odd, os.path.join(corpus, "formats/lav_kodim03_gray8_gama16.png"),
                 os.path.join(corpus, "formats/dn_palette_trns_256.png"), os.path.join(corpus, "formats/pil_pil123rgba_adam7.png"))


if __name__ == "__main__":
    main()
