#!/usr/bin/env python3
"""Checks galgen's documentation: README.md and docs/*.md.

Run from anywhere (python3 Tests/Docs/test_docs.py); Python's standard library only.

1. README.md is at most 300 lines, every docs/*.md page at most 700.
2. Every relative link and image in README.md, docs/*.md and examples/rclone/README.md leads to a
   file that exists, and an #anchor to a heading of the target Markdown file (GitHub's slugs).
3. docs/gallery-yml.md has a "## `key`" section for every top-level key of gallery.schema.json,
   and each section's ```yaml blocks name the key and every property the schema allows under it.
4. Every heading of the README before it was split (Tests/Docs/readme-headings.txt) is still a
   heading of README.md or of a docs/*.md page.
"""

import json
import re
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
SCHEMA = ROOT / "gallery.schema.json"
GALLERY_YML = DOCS / "gallery-yml.md"
OLD_HEADINGS = ROOT / "Tests" / "Docs" / "readme-headings.txt"
README_MAX, PAGE_MAX = 300, 700

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")


def pages():
    return sorted(DOCS.glob("*.md"))


def linked_files():
    return [README, *pages(), ROOT / "examples" / "rclone" / "README.md"]


def rel(path):
    return path.relative_to(ROOT).as_posix()


def lines_outside_fences(text):
    """(line number, line) for every line that is not inside a fenced code block (nor a fence)."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)
            continue
        if fence is not None:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) and not match.group(2).strip():
                fence = None
            continue
        yield number, line


def fenced_blocks(lines):
    """(info string, body) of every fenced code block in these lines."""
    blocks, fence, info, body = [], None, "", []
    for line in lines:
        match = FENCE.match(line)
        if fence is None:
            if match:
                fence, info, body = match.group(1), match.group(2).strip().lower(), []
        elif match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) and not match.group(2).strip():
            blocks.append((info, "\n".join(body)))
            fence = None
        else:
            body.append(line)
    return blocks


def headings(path):
    """(level, text, line number) of every ATX heading outside code fences."""
    found = []
    for number, line in lines_outside_fences(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if match:
            found.append((len(match.group(1)), match.group(2).strip(), number))
    return found


def slug(text):
    """GitHub's anchor for a heading: its text as rendered, lower-case, punctuation other than
    - and _ dropped, each space a -."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML tags
    text = text.replace("`", "")
    text = re.sub(r"(\*+|(?<!\w)_+|_+(?!\w))", "", text)  # emphasis markers, not snake_case
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in "-_ " or c.isspace())
    return re.sub(r"\s", "-", text)


def anchors(path, cache={}):
    if path not in cache:
        seen, result = {}, set()
        for _, text, _ in headings(path):
            base = slug(text)
            count = seen.get(base, 0)
            result.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
        cache[path] = result
    return cache[path]


INLINE_CODE = re.compile(r"(`+)(?:.|\n)*?(?<!`)\1(?!`)")
LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(href|src)\s*=\s*[\"']([^\"']+)[\"']", re.I)


def links(path):
    """(line number, kind, target) of every link and image outside code fences and inline code."""
    found = []
    for number, line in lines_outside_fences(path.read_text(encoding="utf-8")):
        line = INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)
        for match in LINK.finditer(line):
            found.append((number, "image" if match.group(1) else "link", match.group(3)))
        for match in HTML_LINK.finditer(line):
            found.append((number, "image" if match.group(1).lower() == "src" else "link", match.group(2)))
    return found


def link_problem(source, target):
    """Why a link from `source` to `target` leads nowhere, or None."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
        return None  # http(s), mailto: not fetched
    path_part, _, anchor = target.partition("#")
    destination = source if not path_part else (source.parent / path_part).resolve()
    if not destination.exists():
        return f"{path_part} does not exist"
    try:
        destination.relative_to(ROOT)
    except ValueError:
        return f"{path_part} is outside the repository"
    if anchor:
        if destination.is_dir() or destination.suffix.lower() != ".md":
            return f"#{anchor} points into {rel(destination)}, which is not a Markdown file"
        if anchor not in anchors(destination):
            return f"{rel(destination)} has no heading whose anchor is #{anchor}"
    return None


def schema_names(node, defs, stack=()):
    """Every property name the schema allows anywhere under `node`."""
    names = set()
    if isinstance(node, list):
        for item in node:
            names |= schema_names(item, defs, stack)
        return names
    if not isinstance(node, dict):
        return names
    ref = node.get("$ref")
    if ref:
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"unsupported $ref {ref}")
        name = ref[len("#/$defs/"):]
        if name not in stack:
            names |= schema_names(defs[name], defs, stack + (name,))
    for key, value in node.get("properties", {}).items():
        names.add(key)
        names |= schema_names(value, defs, stack)
    property_names = node.get("propertyNames", {})
    if isinstance(property_names, dict):
        names |= set(property_names.get("enum", []))
    for keyword in ("items", "prefixItems", "oneOf", "anyOf", "allOf", "then", "else"):
        if keyword in node:
            names |= schema_names(node[keyword], defs, stack)
    if isinstance(node.get("additionalProperties"), dict):
        names |= schema_names(node["additionalProperties"], defs, stack)
    return names


def sections(path):
    """The `## ` sections of a page: (heading, line number, the section's lines)."""
    text = path.read_text(encoding="utf-8").split("\n")
    starts = [(number, line[3:].strip()) for number, line in lines_outside_fences("\n".join(text))
              if line.startswith("## ")]
    result = []
    for index, (number, heading) in enumerate(starts):
        end = starts[index + 1][0] - 1 if index + 1 < len(starts) else len(text)
        result.append((heading, number, text[number:end]))
    return result


def mentions(name, yaml_text):
    return re.search(r"(?<![\w.-])" + re.escape(name) + r":", yaml_text) is not None


class DocsTest(unittest.TestCase):
    longMessage = False  # the messages below say everything; no repr of the list before them


class Lengths(DocsTest):
    def test_readme_and_pages_are_short(self):
        problems = []
        count = len(README.read_text(encoding="utf-8").splitlines())
        if count > README_MAX:
            problems.append(f"README.md has {count} lines; at most {README_MAX}: move a section into docs/")
        for page in pages():
            count = len(page.read_text(encoding="utf-8").splitlines())
            if count > PAGE_MAX:
                problems.append(f"{rel(page)} has {count} lines; at most {PAGE_MAX}: split it into two pages")
        self.assertFalse(problems, "\n" + "\n".join(problems))


class Links(DocsTest):
    def test_every_relative_link_resolves(self):
        problems = []
        for source in linked_files():
            self.assertTrue(source.exists(), f"{rel(source)} is missing")
            for number, kind, target in links(source):
                problem = link_problem(source, target)
                if problem:
                    problems.append(f"{rel(source)}:{number}: {kind} '{target}': {problem}")
        self.assertFalse(problems, "broken links:\n" + "\n".join(problems))

    def test_the_slug_rule(self):
        self.assertEqual(slug("`thumbnails`"), "thumbnails")
        self.assertEqual(slug("Rebuilds, the cache and the output"), "rebuilds-the-cache-and-the-output")
        self.assertEqual(slug("Previewing: galgen serve"), "previewing-galgen-serve")
        self.assertEqual(slug("The visitor's language"), "the-visitors-language")
        self.assertEqual(slug("`base_url`"), "base_url")
        self.assertEqual(slug("HEIC, AVIF, WebP and PNG"), "heic-avif-webp-and-png")


class GalleryYmlReference(DocsTest):
    @classmethod
    def setUpClass(cls):
        cls.schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
        cls.defs = cls.schema.get("$defs", {})
        cls.keys = list(cls.schema["properties"])
        cls.sections = sections(GALLERY_YML)

    def keyed_sections(self):
        keyed, problems = {}, []
        for heading, number, body in self.sections:
            match = re.fullmatch(r"`([^`]+)`", heading)
            if match:
                key = match.group(1)
                if key not in self.schema["properties"]:
                    problems.append(f"docs/gallery-yml.md:{number}: '## {heading}' names no top-level key of "
                                    f"gallery.schema.json")
                elif key in keyed:
                    problems.append(f"docs/gallery-yml.md:{number}: a second section for `{key}`")
                else:
                    keyed[key] = (number, body)
            elif not heading.startswith("Per-"):
                problems.append(f"docs/gallery-yml.md:{number}: '## {heading}' is neither a schema key in "
                                f"backticks (## `key`) nor a 'Per-…' section")
        return keyed, problems

    def test_every_key_has_its_section(self):
        keyed, problems = self.keyed_sections()
        for key in self.keys:
            if key not in keyed:
                problems.append(f"docs/gallery-yml.md has no section '## `{key}`' for the schema's key {key}")
        self.assertFalse(problems, "\n" + "\n".join(problems))

    def test_every_section_shows_its_key_and_nested_names_in_yaml(self):
        keyed, _ = self.keyed_sections()
        problems = []
        for key in self.keys:
            if key not in keyed:
                continue  # reported by test_every_key_has_its_section
            number, body = keyed[key]
            yaml = "\n".join(text for info, text in fenced_blocks(body) if info.split()[:1] in (["yaml"], ["yml"]))
            # A long listing may live on a page of its own the section links to (`labels`: docs/labels.md).
            for page in sorted(set(re.findall(r"\]\(([a-z0-9-]+\.md)\)", "\n".join(body)))):
                if (DOCS / page).is_file() and page != GALLERY_YML.name:
                    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
                    yaml += "\n" + "\n".join(t for info, t in fenced_blocks(lines) if info.split()[:1] in (["yaml"], ["yml"]))
            if not yaml:
                problems.append(f"docs/gallery-yml.md:{number}: section `{key}` has no ```yaml block")
                continue
            if not mentions(key, yaml):
                problems.append(f"docs/gallery-yml.md:{number}: section `{key}`: no yaml block writes '{key}:'")
            nested = schema_names(self.schema["properties"][key], self.defs)
            missing = sorted(name for name in nested if not mentions(name, yaml))
            if missing:
                problems.append(f"docs/gallery-yml.md:{number}: section `{key}`: its yaml blocks do not show "
                                + ", ".join(f"'{name}:'" for name in missing))
        self.assertFalse(problems, "\n" + "\n".join(problems))


class OldHeadings(DocsTest):
    def test_every_old_readme_heading_is_still_a_heading(self):
        wanted = [line.strip() for line in OLD_HEADINGS.read_text(encoding="utf-8").splitlines() if line.strip()]
        self.assertTrue(wanted, f"{rel(OLD_HEADINGS)} is empty")
        have = [text for path in [README, *pages()] for _, text, _ in headings(path)]
        missing = [heading for heading in wanted
                   if not any(text == heading or text.startswith(heading + " ") for text in have)]
        self.assertFalse(missing, "headings of the old README that are no heading of README.md or docs/*.md:\n"
                         + "\n".join(missing))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], *sys.argv[1:]], verbosity=2)
