#!/usr/bin/env python3
"""bench/first_build.py OUT: the first-build table of bench/renditions (FIRST_BUILD, issue 28).

Reads what bench/renditions's first_build left in OUT (ROOT/first): hyperfine's
timing/<row>_j<cores>.json, /usr/bin/time's timing/<row>_j<cores>.rss, the last timed run's
outputs in thumbs/<row>/j<cores>/ and the SSIM scores in quality/; prints markdown. The rows,
cores and settings come from the environment bench/renditions exports (FIRST_TOOLS,
FIRST_CORES, FIRST_VIPS_WIDTHS, CORPUS, RUNS, WARMUP, VENV, GALGEN_LIGHT). Nothing is
hard-coded but the goal's threshold (galgen defaults / sigal <= 2.0)."""
import json, os, re, subprocess, sys
from PIL import Image

GOAL = 2.0
E = os.environ
FORMAT = {'jpg': 'JPEG', 'jpeg': 'JPEG', 'avif': 'AVIF', 'webp': 'WebP'}
RENDITION = re.compile(r'-(\d+)(\.[0-9a-f]+)?\.(avif|webp|jpe?g)$')


def version(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.split()[-1]
    except (OSError, IndexError, subprocess.SubprocessError):
        return '?'


def label(row):
    vips_w = ' + '.join(E['FIRST_VIPS_WIDTHS'].split())
    return {
        'first_galgen': 'galgen, defaults (no `thumbnails:` block)',
        'first_galgen_jpeg': 'galgen, `formats: [jpeg]`',
        'first_galgen_webp': 'galgen, `formats: [webp, jpeg]`',
        'first_sigal': f"sigal {version([os.path.join(E['VENV'], 'bin', 'sigal'), '--version'])}, defaults",
        'first_vips_avif': f"vips {version(['vips', '--version']).removeprefix('vips-')} AVIF, effort 0 "
                           f"(its fastest), Q 50 (its default), {vips_w} px wide",
    }.get(row, row)


def timing(out, row, j):
    p = os.path.join(out, 'timing', f'{row}_j{j}.json')
    if not os.path.exists(p):
        return None
    r = json.load(open(p))['results'][0]
    rss = [int(f[1]) for f in (l.split() for l in open(p[:-5] + '.rss')) if len(f) > 1 and f[1].isdigit()] \
        if os.path.exists(p[:-5] + '.rss') else []
    return dict(mean=r['mean'], sd=r.get('stddev') or 0.0, n=len(r['times']),
                bad=sum(1 for c in r.get('exit_codes', []) if c), rss=max(rss) / 1024 if rss else None)


def outputs(out, row, j):
    """(path, group) of every image the last timed run made; group is a width or a folder."""
    d = os.path.join(out, 'thumbs', row, f'j{j}')
    if row.startswith('first_galgen'):
        d = os.path.join(d, '_site', 'images')
    found = []
    for dirpath, dirs, names in os.walk(d):
        dirs[:] = [x for x in dirs if x not in ('static', '_tmp')]
        for n in names:
            ext = n.rsplit('.', 1)[-1].lower()
            if ext in FORMAT:
                m = RENDITION.search(n)
                group = f"{m.group(1)} px wide" if m and not row.endswith('sigal') else \
                    ('thumbnails' if os.path.basename(dirpath) == 'thumbnails' else 'images')
                found.append((os.path.join(dirpath, n), ext, group))
    return found


def makes(files):
    if not files:
        return '-'
    total = sum(os.path.getsize(p) for p, _, _ in files)
    by_fmt = {}
    for p, ext, _ in files:
        c, b = by_fmt.get(FORMAT[ext], (0, 0))
        by_fmt[FORMAT[ext]] = (c + 1, b + os.path.getsize(p))
    fmts = ', '.join(f"{c} {f} ({b / 1e6:.1f} MB)" for f, (c, b) in sorted(by_fmt.items()))
    groups = sorted({g for _, _, g in files}, key=lambda g: (not g[0].isdigit(), int(g.split()[0]) if g[0].isdigit() else 0, g))
    if all(g[0].isdigit() for g in groups):
        shape = f"{len(groups)} widths ({', '.join(g.split()[0] for g in groups)})"
    else:
        parts = []
        for g in groups:
            sizes = [Image.open(p).size for p, _, gg in files if gg == g]
            longs = {max(s) for s in sizes}
            dims = f"{sizes[0][0]}×{sizes[0][1]}" if len(set(sizes)) == 1 else \
                f"long edge {max(longs)}" if len(longs) == 1 else f"long edge up to {max(longs)}"
            parts.append(f"{len(sizes)} {g} ({dims})")
        shape = ' + '.join(parts)
    return f"{len(files)} files, {total / 1e6:.1f} MB: {shape}; {fmts}"


def ssim(out, name):
    p = os.path.join(out, 'quality', name + '.json')
    q = json.load(open(p)) if os.path.exists(p) else None
    if not q or q.get('ssim_mean') is None:
        return None
    miss = f", {q['missing']} missing" if q['missing'] else ''
    return f"{q['ssim_mean']:.4f} ({q['ssim_min']:.4f}){miss}, {q['out_kb_mean']:.0f} KB mean"


def main(out):
    rows, cores = E['FIRST_TOOLS'].split(), E['FIRST_CORES'].split()
    jg = '2' if '2' in cores else cores[-1]
    corpus = json.load(open(os.path.join(out, 'corpus.json')))
    P = print
    P(f"First build (issue 28): every photo of {E['CORPUS']} ({corpus['n']} JPEGs, {corpus['bytes'] / 1e6:.1f} MB, "
      f"{corpus['megapixels']:.1f} MP), each tool as it comes, into an empty output folder (galgen: and an empty "
      f"cache). Time = hyperfine mean ± sd of {E['RUNS']} runs (+{E['WARMUP']} warm-up), pinned to the first "
      f"cores (taskset), galgen -j / sigal -n = cores, vips one process per core; / sigal = mean / sigal's mean "
      f"(same cores, same run); RSS = peak of the largest process (/usr/bin/time %M); what it makes = the images "
      f"of the last run (galgen: _site/images).\n")
    P("| build | cores | time s | / sigal | peak RSS MB | what it makes |")
    P("|---|---|---|---|---|---|")
    warn = []
    for row in rows:
        for j in cores:
            x, sg = timing(out, row, j), timing(out, 'first_sigal', j)
            if not x:
                continue
            if x['bad']:
                warn.append(f"{row} at {j} cores: {x['bad']} failed runs")
            P(f"| {label(row)} | {j} | {x['mean']:.2f} ± {x['sd']:.2f} | "
              + (f"{x['mean'] / sg['mean']:.2f}" if sg else '-') + " | "
              + (f"{x['rss']:.0f}" if x['rss'] is not None else '-') + f" | {makes(outputs(out, row, j))} |")
    g, s = timing(out, 'first_galgen', jg), timing(out, 'first_sigal', jg)
    value = f"{g['mean']:.2f} / {s['mean']:.2f} s = {g['mean'] / s['mean']:.2f}" if g and s else '-'
    verdict = ('met' if g['mean'] / s['mean'] <= GOAL else 'NOT met') if g and s else 'not measured'
    P(f"\n- goal: galgen defaults / sigal ≤ {GOAL} ({jg} cores): {value} — {verdict}")
    w = 1920
    scored = [(f"galgen defaults, AVIF", ssim(out, f'galgen_avif_{w}')), (f"galgen defaults, JPEG", ssim(out, f'galgen_jpg_{w}')),
              ("vips AVIF effort 0", ssim(out, f'vips_avif_{w}'))]
    scored = [(n, v) for n, v in scored if v]
    if scored:
        P(f"- SSIM at {w} px wide, mean (worst photo), against bench/renditions's reference made at each output's "
          f"own size (../shared/bench/quality.py; galgen in its light space, {E['GALGEN_LIGHT']}; vips in gamma): "
          + "; ".join(f"{n} {v}" for n, v in scored) + ". sigal's defaults make no image this wide (not scored).")
    if warn:
        P("\nWARNING: " + "; ".join(warn))
    if any(x and x['n'] < 5 for row in rows for j in cores for x in [timing(out, row, j)]):
        P("\nNOTE: fewer than 5 timed runs: a smoke test, not a result.")


if __name__ == '__main__':
    main(sys.argv[1])
