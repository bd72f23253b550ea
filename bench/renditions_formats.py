#!/usr/bin/env python3
"""bench/renditions_formats.py: bench/renditions' HEIC-input and AVIF/WebP-output tables (issue 16).

    bench/renditions_formats.py PHOTOS OUT_DIR
      PHOTOS   a folder of JPEGs, or bench/renditions' NUL-separated list (OUT/files.lst), so the
               output-format table is of the same photos as the JPEG table
      OUT_DIR  work files go to OUT_DIR/heic and OUT_DIR/formats, the measurements to
               OUT_DIR/heic.json and OUT_DIR/formats.json; the two markdown tables are printed
    env: GALGEN (the binary; default .build/release/galgen), RUNS (HEIC runs, default 5),
         SIZES (rendition widths, default "400 1600"), CPU (taskset core, default 1),
         REPS (runs of each encode and galgen build, default 3)

bench/renditions runs it after its JPEG table (FORMATS=1, the default) and appends what it prints
to results.md. It measures nothing its own way: bench/heic and bench/formats are imported (loaded
from their files; they are scripts without .py) and their functions do the work, so these tables
and those scripts' tables always measure the same way.

1. HEIC input: bench/heic's measure(): for each HEIC of ../shared/fixtures/formats, galgen
   (`galgen build --quiet --jobs 1`, formats [jpeg]), vipsthumbnail (libheif) and Pillow +
   pillow-heif each make the 1600 and 400 px wide renditions at JPEG quality 82 (galgen's
   default), one process at a time, not pinned; time = median wall time of RUNS runs, start-up
   included; SSIM at 1600 px against a lossless vips autorot + Lanczos-3 reference.

2. AVIF, WebP and JPEG XL output beside JPEG, galgen's own renditions: for each photo and each
   format F in jpeg, webp, avif, jxl, galgen builds that photo alone (`taskset -c CPU galgen build
   --quiet --jobs 1` with thumbnails: { widths: SIZES, quality: 82, formats: [F] }, fresh cache and
   site each run; JPEG XL as [jxl, jpeg], since gallery.yml may not list it alone, so its galgen s
   includes the JPEG row's encodes). Per photo and width:
     bytes       of galgen's rendition
     % of JPEG   bytes / galgen's JPEG rendition of that photo at that width
     SSIM        luma SSIM against bench/formats's lossless reference at that width (vips
                 autorot + one Lanczos-3 pass, height rounded as galgen rounds it), decoded
                 with djpeg / dwebp / heif-convert / djxl (bench/formats's make_refs, decode_score)
     encode s    the encode alone: the library's command-line encoder (cjpeg, cwebp,
                 heif-enc, cjxl: the libraries galgen links) at galgen's setting for F, encoding that
                 reference (the same pixels for every format), `taskset -c CPU`, median of REPS
                 (bench/formats's enc_cmd, encode_seconds). galgen's setting is read from
                 Sources/GalgenImage/OutputQuality.swift (its tables, avifSpeed, webpMethod, jxlEffort,
                 and its interpolation, redone here), so it follows that file.
   and per photo and format:
     galgen s    median of REPS wall times of that one-photo build: start-up, decode, resample
                 and the encodes of every width; decode and resample are the same for every
                 format, so the difference between formats is what F's encodes cost in galgen.
   Mean rows: bytes and seconds are means over the photos, % of JPEG is total bytes / total
   JPEG bytes, SSIM is the mean (worst photo).
"""
import importlib.machinery, importlib.util, json, math, os, re, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(HERE)


def load(name):
    """bench/<name> (a script without .py) as a module; its main() runs only as a script."""
    loader = importlib.machinery.SourceFileLoader(f'bench_{name}', os.path.join(HERE, name))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


heic = load('heic')
formats = load('formats')      # needs numpy and Pillow in this python (bench/renditions runs $PY)

QUALITY = formats.SPEED_Q      # 82, galgen's default thumbnails.quality; bench/heic's too
EXT = {'jpeg': 'jpg', 'webp': 'webp', 'avif': 'avif', 'jxl': 'jxl'}
FORMATS = ('jpeg', 'webp', 'avif', 'jxl')
OTHERS = FORMATS[1:]


def log(message):
    print(f'bench/renditions_formats: {message}', file=sys.stderr, flush=True)


# ---------------------------------------------------------------- galgen's settings

def galgen_settings():
    """OutputQuality.swift's tables and encoder settings, read from the source by bench/formats."""
    return formats.galgen_settings()


def galgen_quality(tables, fmt, quality, width):
    """OutputQuality.quality(_:forJPEG:width:)."""
    if fmt == 'jpeg':
        return quality

    def interpolate(x, points):
        if x <= points[0][0]:
            return points[0][1]
        if x >= points[-1][0]:
            return points[-1][1]
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            if x <= x1:
                return y0 + (x - x0) * (y1 - y0) / (x1 - x0)
        return points[-1][1]
    table = tables[fmt]
    a = interpolate(quality, [(j, float(a)) for j, a, _ in table])
    b = interpolate(quality, [(j, float(b)) for j, _, b in table])
    t = min(1.0, max(0.0, math.log2(max(1, width) / 400) / 2))
    return math.ceil(a + t * (b - a) - 1e-9)


# ---------------------------------------------------------------- galgen, one photo

def listed(fmt):
    """thumbnails.formats for a build of `fmt`: JPEG XL is never listed alone (its build encodes the JPEG too)."""
    return 'jxl, jpeg' if fmt == 'jxl' else fmt


def galgen_photo(binary, photo, fmt, widths, project, reps, cpu):
    """Median seconds of `reps` builds of `photo` alone with formats [fmt] ([jxl, jpeg] for JPEG XL,
    which gallery.yml may not list alone); {width: rendition}."""
    os.makedirs(project, exist_ok=True)
    config = os.path.join(project, 'gallery.yml')
    src = os.path.abspath(photo).replace('\\', '\\\\').replace('"', '\\"')
    with open(config, 'w') as f:
        f.write(f'title: bench/renditions\n'
                f'thumbnails: {{ widths: [{", ".join(map(str, widths))}], quality: {QUALITY}, formats: [{listed(fmt)}] }}\n'
                f'images:\n  - src: "{src}"\n    slug: p\n')
    site, cache = os.path.join(project, '_site'), os.path.join(project, 'cache')
    samples = []
    for _ in range(reps):
        shutil.rmtree(site, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        started = time.perf_counter()
        done = subprocess.run(['taskset', '-c', cpu, binary, 'build', '--quiet', '--jobs', '1', '--config', config,
                               '--output', site, '--cache-dir', cache], capture_output=True, text=True)
        samples.append(time.perf_counter() - started)
        if done.returncode != 0:
            sys.exit(f'galgen failed ({done.returncode}) on {photo} with formats [{listed(fmt)}]:\n{done.stderr}')
    images = os.path.join(site, 'images')
    out = {}
    for w in widths:
        got = [n for n in os.listdir(images) if n.startswith(f'p-{w}.') and n.endswith('.' + EXT[fmt])]
        if len(got) != 1:
            sys.exit(f'galgen: {len(got)} {w} px {fmt} renditions of {photo} in {images}')
        out[w] = os.path.join(images, got[0])
    return statistics.median(samples), out


# ---------------------------------------------------------------- 2. output formats

def measure_formats(photos, work, binary, widths, reps, cpu):
    tables, variants = galgen_settings()
    refs = formats.make_refs(photos, work=work, sizes=widths)
    tmp = os.path.join(work, 'tmp')
    os.makedirs(tmp, exist_ok=True)
    rows = []
    for photo in photos:
        s = formats.stem(photo)
        log(f'  {s}')
        for fmt in FORMATS:
            seconds, outs = galgen_photo(binary, photo, fmt, widths, os.path.join(work, 'galgen', s, fmt), reps, cpu)
            row = dict(photo=s, format=fmt, galgen_s=seconds, widths={})
            for w in widths:
                png, ppm = refs[(s, w)]
                q = galgen_quality(tables, fmt, QUALITY, w)
                r = formats.decode_score(fmt, outs[w], png, os.path.join(tmp, f'dec.{formats.DEC_EXT[fmt]}'), galgen=True)
                cli = os.path.join(tmp, f'cli.{EXT[fmt]}')
                r['encode_s'] = formats.encode_seconds(fmt, variants[fmt], q, w, png, ppm, cli, reps)
                r['cli_bytes'] = os.path.getsize(cli)
                r['q'] = q
                row['widths'][str(w)] = r
            rows.append(row)
    starts = {fmt: formats.startup(fmt, variants[fmt], work=work) for fmt in FORMATS}
    commands = {fmt: ' '.join(formats.enc_cmd(fmt, variants[fmt], 'Q', 1600, 'ref.png', 'ref.ppm', f'out.{EXT[fmt]}'))
                for fmt in FORMATS}
    return dict(rows=rows, startup=starts, commands=commands, versions=formats.tool_versions(),
                widths=widths, reps=reps, cpu=cpu, quality=QUALITY)


def pct(a, b):
    return f'{100.0 * a / b:.1f}%' if b else '-'


def formats_table(m, binary):
    rows, widths = m['rows'], m['widths']
    photos = sorted({r['photo'] for r in rows})
    by = {(r['photo'], r['format']): r for r in rows}
    n = len(photos)
    L = []
    p = L.append
    p(f"AVIF, WebP and JPEG XL output beside JPEG: galgen's own renditions of the {n} photos at widths "
      f"{', '.join(map(str, widths))} px, quality {m['quality']} (galgen's default; AVIF, WebP and JPEG XL at galgen's "
      f"SSIM-matched settings, q below); one galgen build per photo and format. bytes and SSIM are galgen's "
      f"rendition's (SSIM against a lossless Lanczos-3 reference at that width); encode s is the encode alone (the "
      f"library's encoder at galgen's setting on that reference, 1 core, median of {m['reps']}); galgen s is the "
      f"one-photo build with that format, all widths (1 core, median of {m['reps']}; JPEG XL's build is [jxl, jpeg], "
      f"since gallery.yml may not list it alone, so its galgen s includes the JPEG row's encodes):\n")
    head, rule = '| photo | format | q |', '|---|---|---|'
    for w in widths:
        head += f' {w} px bytes | % of JPEG | SSIM | encode s |'
        rule += '---|---|---|---|'
    p(head + ' galgen s |')
    p(rule + '---|')
    flag = lambda r: '*' if r.get('resized') else ''
    for s in photos:
        for fmt in FORMATS:
            r = by[(s, fmt)]
            cells = []
            for w in widths:
                c, j = r['widths'][str(w)], by[(s, 'jpeg')]['widths'][str(w)]
                cells.append(f"{c['bytes']:,} | {pct(c['bytes'], j['bytes'])} | {c['ssim']:.4f}{flag(c)} | {c['encode_s']:.3f}")
            q = '/'.join(str(r['widths'][str(w)]['q']) for w in widths)
            p(f"| {s} | {fmt} | {q} | " + ' | '.join(cells) + f" | {r['galgen_s']:.3f} |")
    means = {}
    for fmt in FORMATS:
        cells = []
        q = '/'.join(str(by[(photos[0], fmt)]['widths'][str(w)]['q']) for w in widths)
        for w in widths:
            cs = [by[(s, fmt)]['widths'][str(w)] for s in photos]
            js = [by[(s, 'jpeg')]['widths'][str(w)] for s in photos]
            total, jtotal = sum(c['bytes'] for c in cs), sum(c['bytes'] for c in js)
            ss = [c['ssim'] for c in cs]
            means[(fmt, w)] = dict(share=total / jtotal, ssim=statistics.mean(ss),
                                   cli_share=sum(c['cli_bytes'] for c in cs) / sum(c['cli_bytes'] for c in js),
                                   bias=[statistics.mean(c['bias'][k] for c in cs) for k in range(3)])
            cells.append(f"{total / n:,.0f} | {pct(total, jtotal)} | {statistics.mean(ss):.4f} ({min(ss):.4f}) | "
                         f"{statistics.mean(c['encode_s'] for c in cs):.3f}")
        p(f"| **mean** | {fmt} | {q} | " + ' | '.join(cells) +
          f" | {statistics.mean(by[(s, fmt)]['galgen_s'] for s in photos):.3f} |")
    p('')
    resized = sorted({f"{r['photo']} {r['format']} {w}" for r in rows for w in widths if r['widths'][str(w)].get('resized')})
    if resized:
        p(f"* galgen's rendition was not the reference's size and was resized to it (Pillow LANCZOS) before scoring: "
          f"{', '.join(resized)}.")
    for fmt in OTHERS:
        p(f"{fmt}: " + '; '.join(
            f"{w} px {100 * means[(fmt, w)]['share']:.1f}% of JPEG's bytes, SSIM {means[(fmt, w)]['ssim'] - means[('jpeg', w)]['ssim']:+.4f} "
            f"against JPEG's" for w in widths) + '.')
    share = lambda fmt: '/'.join(f"{100 * means[(fmt, w)]['cli_share']:.1f}%" for w in widths)
    p("Check of the settings: the encoders of the encode s column, run on the references, make "
      + '; '.join(f'{fmt} {share(fmt)}' for fmt in OTHERS)
      + f" of cjpeg's bytes at {'/'.join(map(str, widths))} px (galgen's own: the rows above).")
    p("Mean signed error R, G, B against the reference (a colour-space mix-up would show as a shift): " + '; '.join(
        f"{fmt} {w} px {' '.join(f'{x:+.2f}' for x in means[(fmt, w)]['bias'])}" for fmt in FORMATS for w in widths) + '.')
    p(f"Encoders (taskset -c {m['cpu']}; start-up = a 16x16 encode, included in encode s): " + '; '.join(
        f"{fmt} `{m['commands'][fmt]}` ({m['startup'][fmt]:.3f} s)" for fmt in FORMATS) + '.')
    p('Tools: ' + '; '.join(f'{k}: {v}' for k, v in m['versions'].items()) + f'; galgen: {binary}.')
    return '\n'.join(L)


# ---------------------------------------------------------------- 1. HEIC input

def heic_table(rows, runs):
    tools = ('galgen', 'vips', 'pillow')
    L = []
    p = L.append
    p(f"HEIC input: {len(rows)} HEICs of ../shared/fixtures/formats, each tool making the 1600 and 400 px wide "
      f"renditions at JPEG quality {QUALITY} from the file (galgen: galgen build --jobs 1, formats [jpeg]; vips: two "
      f"vipsthumbnail, libheif; pillow: Pillow + pillow-heif, one python process); one process at a time, not "
      f"pinned ({os.cpu_count()} cores); time = median of {runs} runs, start-up included; SSIM at 1600 px "
      f"against a lossless reference (vips autorot, one Lanczos-3 pass):\n")
    p('| photo | MP | galgen s | vips s | pillow s | vips / galgen | pillow / galgen | SSIM galgen | SSIM vips | SSIM pillow |')
    p('|---|---|---|---|---|---|---|---|---|---|')
    cell = lambda v: f'{v:.3f}' if isinstance(v, float) else (v or '-')
    ssim = lambda v: f'{v:.4f}' if v is not None else '-'
    ratio = lambda a, b: f'{a / b:.2f}' if isinstance(a, float) and isinstance(b, float) else '-'
    for r in rows:
        t, q = r['times'], r['ssims']
        mp = f"{r['megapixels']:.1f}" if r['megapixels'] is not None else '?'
        p(f"| {r['name']} | {mp} | " + ' | '.join(cell(t.get(k)) for k in tools) + ' | '
          + f"{ratio(t.get('vips'), t.get('galgen'))} | {ratio(t.get('pillow'), t.get('galgen'))} | "
          + ' | '.join(ssim(q.get(k)) for k in tools) + ' |')
    every = [r for r in rows if all(isinstance(r['times'].get(k), float) and r['ssims'].get(k) is not None for k in tools)]
    if every:
        mt = {k: statistics.mean(r['times'][k] for r in every) for k in tools}
        ms = {k: f"{statistics.mean(r['ssims'][k] for r in every):.4f} ({min(r['ssims'][k] for r in every):.4f})" for k in tools}
        p(f"| **mean** ({len(every)} read by all) | | " + ' | '.join(f'{mt[k]:.3f}' for k in tools) + ' | '
          + f"{mt['vips'] / mt['galgen']:.2f} | {mt['pillow'] / mt['galgen']:.2f} | " + ' | '.join(ms[k] for k in tools) + ' |')
    failed = [f"{k} on {r['name']} ({r['times'][k]})" for r in rows for k in tools if isinstance(r['times'].get(k), str)]
    if failed:
        p(f"\nFailed: {'; '.join(failed)}. The mean row leaves those files out.")
    return '\n'.join(L)


# ---------------------------------------------------------------- main

def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, out = sys.argv[1], os.path.abspath(sys.argv[2])
    if os.path.isdir(source):
        photos = [os.path.join(source, n) for n in os.listdir(source) if n.lower().endswith(('.jpg', '.jpeg'))]
    else:
        photos = [p.decode() for p in open(source, 'rb').read().split(b'\0') if p]
    photos.sort(key=lambda p: os.path.basename(p))
    if not photos:
        sys.exit(f'no JPEGs in {source}')
    binary = os.environ.get('GALGEN', os.path.join(REPO, '.build', 'release', 'galgen'))
    runs = int(os.environ.get('RUNS', '5'))
    reps = int(os.environ.get('REPS', '3'))
    cpu = os.environ.get('CPU', '1')
    widths = sorted({int(w) for w in os.environ.get('SIZES', '400 1600').split()})
    for t in ('vips', 'vipsheader', 'vipsthumbnail', 'cjpeg', 'djpeg', 'cwebp', 'dwebp', 'heif-enc', 'heif-convert', 'cjxl', 'djxl',
              'taskset'):
        if not shutil.which(t):
            sys.exit(f'missing tool: {t}')
    started = time.perf_counter()

    log(f'HEIC input: galgen, vips, Pillow + pillow-heif, {runs} runs each')
    heic.setup()
    shutil.rmtree(os.path.join(out, 'heic'), ignore_errors=True)
    heic_rows = heic.measure(binary, runs, work=os.path.join(out, 'heic'), log=log)
    json.dump(heic_rows, open(os.path.join(out, 'heic.json'), 'w'), indent=1)
    heic_s = time.perf_counter() - started

    log(f'output formats: {len(photos)} photos x {", ".join(FORMATS)} at {widths} px')
    work = os.path.join(out, 'formats')
    shutil.rmtree(os.path.join(work, 'galgen'), ignore_errors=True)     # references are kept (made if missing)
    m = measure_formats(photos, work, binary, widths, reps, cpu)
    json.dump(m, open(os.path.join(out, 'formats.json'), 'w'), indent=1)
    formats_s = time.perf_counter() - started - heic_s

    print(heic_table(heic_rows, runs))
    print()
    print(formats_table(m, binary))
    print(f'\n(HEIC table {heic_s:.0f} s, format table {formats_s:.0f} s)')


if __name__ == '__main__':
    main()
