"""Private albums' format, opened in Chromium with WebCrypto (private.open.js) from what
GalgenCrypto sealed (Tests/Fixtures/private, held to the Swift code by BrowserVectorsTests): the
right password unwraps the key, a wrong one is refused, a file opens whole and by byte ranges
from its own chunks, and any changed byte is refused."""
import json, os, shutil, tempfile, unittest

import browser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VECTORS = os.path.join(ROOT, "Tests", "Fixtures", "private")
SCRIPT = os.path.join(ROOT, "Sources", "GalgenSiteTemplate", "private-album", "private.open.js")

# Runs in the page: loads the vectors and the sealed file, and hands back what the test checks.
HARNESS = """
const done = arguments[arguments.length - 1];
const scenario = arguments[0];
(async () => {
  const vectors = await (await fetch('vectors.json')).json();
  const sealed = new Uint8Array(await (await fetch(vectors.file)).arrayBuffer());
  const expected = Uint8Array.from({length: vectors.plaintextLength}, (_, i) => (i * 31 + (i >> 8)) & 255);
  const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
  const P = GalgenPrivate;
  const refused = async (promise) => { try { await promise; return false; } catch (e) { return true; } };
  const keys = await P.unwrapAny(vectors.records, vectors.password, vectors.album);
  if (scenario === 'whole') {
    const started = performance.now();
    await P.unwrapAny(vectors.records, vectors.password, vectors.album);
    const unwrapMs = performance.now() - started;
    const plain = await P.openFile(keys, sealed);
    return {same: same(plain, expected), length: plain.length, unwrapMs,
            name: await P.sealedName(keys, vectors.path), expectedName: vectors.sealedName,
            sealedLength: P.sealedLength(vectors.plaintextLength), actualLength: sealed.length};
  }
  if (scenario === 'wrong') {
    return {wrong: await refused(P.unwrapAny(vectors.records, vectors.password + ' ', vectors.album)),
            otherAlbum: await refused(P.unwrapAny(vectors.records, vectors.password, vectors.album + 'x')),
            oldPassword: !(await refused(P.unwrapAny(vectors.records, 'an old password', vectors.album)))};
  }
  if (scenario === 'ranges') {
    const header = sealed.subarray(0, P.HEADER);
    const reader = await P.reader(keys, header);
    const results = [];
    for (const [start, end] of [[0, 2], [65530, 65545], [131072, 132072], [100, 131100]]) {
      const span = P.chunks(start, end, vectors.plaintextLength);
      const last = P.chunkCount(vectors.plaintextLength) - 1;
      const parts = [];
      let offset = span.from;
      for (let i = span.first; i <= span.last; i++) {
        const to = Math.min(span.to, offset + P.CHUNK + P.TAG);
        parts.push(await reader.open(sealed.slice(offset, to), i, i === last));
        offset = to;
      }
      const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) { joined.set(p, at); at += p.length; }
      const base = span.first * P.CHUNK;
      results.push(same(joined.subarray(start - base, end - base), expected.subarray(start, end)) && offset === span.to);
    }
    return {results};
  }
  if (scenario === 'tampered') {
    const results = [];
    for (const position of [0, 6, 40, 65600, sealed.length - 1]) {
      const changed = sealed.slice();
      changed[position] ^= 1;
      results.push(await refused(P.openFile(keys, changed)));
    }
    results.push(await refused(P.openFile(keys, sealed.slice(0, P.HEADER + P.CHUNK + P.TAG))));
    results.push(await refused(P.openFile(keys, sealed.slice(0, sealed.length - 1))));
    return {results};
  }
})().then(done, (e) => done({error: String(e)}));
"""


class PrivateFormatInTheBrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = tempfile.mkdtemp(prefix="galgen-private-open-")
        cls.addClassCleanup(shutil.rmtree, cls.root)
        for name in ("vectors.json", "sealed.bin"):
            shutil.copy(os.path.join(VECTORS, name), cls.root)
        shutil.copy(SCRIPT, cls.root)
        with open(os.path.join(cls.root, "index.html"), "w") as page:
            page.write('<!doctype html><meta charset="utf-8"><title>vectors</title><script src="private.open.js"></script>')
        cls.server = browser.Server(cls.root)
        cls.addClassCleanup(cls.server.stop)
        cls.driver = browser.chrome()
        cls.addClassCleanup(cls.driver.quit)
        cls.driver.set_script_timeout(60)
        cls.driver.get(cls.server.url("index.html"))

    def run_scenario(self, name):
        result = self.driver.execute_async_script(HARNESS, name)
        self.assertNotIn("error", result, result)
        return result

    def test_the_right_password_opens_the_whole_file_and_names_match(self):
        result = self.run_scenario("whole")
        self.assertTrue(result["same"], result)
        self.assertEqual(result["name"], result["expectedName"])
        self.assertEqual(result["sealedLength"], result["actualLength"])
        print(f"  PBKDF2 at 600,000 iterations and the unwrap: {result['unwrapMs']:.0f} ms in this Chromium")

    def test_a_wrong_password_or_another_album_is_refused_and_any_listed_password_opens(self):
        result = self.run_scenario("wrong")
        self.assertEqual(result, {"wrong": True, "otherAlbum": True, "oldPassword": True})

    def test_byte_ranges_open_from_their_own_chunks(self):
        self.assertEqual(self.run_scenario("ranges")["results"], [True] * 4)

    def test_a_changed_or_cut_file_is_refused(self):
        self.assertEqual(self.run_scenario("tampered")["results"], [True] * 7)


if __name__ == "__main__":
    unittest.main(verbosity=2)
