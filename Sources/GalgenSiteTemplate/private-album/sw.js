// A private album's service worker, scoped to the album's folder: every request under it is
// answered with the file opened (GalgenPrivate, WebCrypto), found by its public path in the
// album's sealed manifest. Byte ranges (video) are answered with 206 from the chunks that hold
// them. Without the key, the album's address answers with the entry page (the password form).
importScripts('private.open.js');
const P = self.GalgenPrivate;
const SCOPE = new URL('./', self.location);
const CLEAR = new Set(['sw.js', 'private.open.js', 'private.entry.js', 'private.css']);
const DB = 'galgen-private', STORE = 'keys';
let keys = null, expires = 0, keep = 0, manifest = null;
const readers = new Map();

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function stored(action) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, 'readwrite');
    const request = action(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request && request.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

async function forget() {
  keys = null; manifest = null; readers.clear();
  await stored((store) => store.delete(SCOPE.pathname));
}

async function currentKeys() {
  if (!keys) {
    const entry = await stored((store) => store.get(SCOPE.pathname)).catch(() => null);
    if (!entry) return null;
    ({keys, expires, keep} = entry);
  }
  if (Date.now() > expires) { await forget(); return null; }
  if (keep < 24 * 3600 * 1000 && expires - Date.now() < keep - 60 * 1000) {
    // While browsing: 30 minutes from the last file asked for (written at most once a minute,
    // not once per thumbnail).
    expires = Date.now() + keep;
    stored((store) => store.put({keys, expires, keep}, SCOPE.pathname)).catch(() => {});
  }
  return keys;
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const message = event.data || {};
  const reply = (data) => (event.ports[0] || event.source).postMessage(data);
  if (message.type === 'open') {
    event.waitUntil((async () => {
      keys = message.keys; keep = message.keep; expires = Date.now() + keep; manifest = null; readers.clear();
      await stored((store) => store.put({keys, expires, keep}, SCOPE.pathname));
      reply({type: 'opened'});
    })());
  } else if (message.type === 'forget') {
    event.waitUntil(forget().then(() => reply({type: 'forgotten'})));
  }
});

async function sealedManifest(k) {
  if (manifest) return manifest;
  const response = await fetch(new URL(await P.sealedName(k, 'manifest'), SCOPE), {cache: 'no-cache'});
  if (!response.ok) throw new Error('no manifest');
  manifest = JSON.parse(new TextDecoder().decode(await P.openFile(k, await response.arrayBuffer())));
  return manifest;
}

function entryPage() {
  return fetch(new URL('index.html', SCOPE), {cache: 'no-cache'});
}

// "bytes=a-b", "bytes=a-" or "bytes=-n" against `length`; null for none or several ranges.
function byteRange(header, length) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header || '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start, end;
  if (match[1] === '') { start = Math.max(0, length - Number(match[2])); end = length; }
  else { start = Number(match[1]); end = match[2] === '' ? length : Math.min(length, Number(match[2]) + 1); }
  return start < end && start < length ? {start, end} : {start: length, end: length};
}

async function sealedBytes(name, from, to) {
  const response = await fetch(new URL(name, SCOPE), {headers: {Range: `bytes=${from}-${to - 1}`}});
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A server that ignores Range answers the whole file.
  return response.status === 206 ? bytes : bytes.subarray(from, to);
}

async function readerOf(k, name) {
  if (!readers.has(name)) readers.set(name, sealedBytes(name, 0, P.HEADER).then((header) => P.reader(k, header)));
  return readers.get(name);
}

// Each opened page gets a "Lock" link (and its style, from this folder) that forgets the key.
function withLock(html, label) {
  const escape = (text) => text.replace(/[&<>"]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'})[c]);
  const style = `<link rel="stylesheet" href="${SCOPE.pathname}private.css">`;
  // In a landmark of its own, so that every part of the page is in one.
  const link = `<nav aria-label="${escape(label)}"><a class="galgen-lock" href="${SCOPE.pathname}?lock">${escape(label)}</a></nav>`;
  return html.replace('</head>', style + '</head>').replace(/<body([^>]*)>/, (tag) => tag + link);
}

async function answer(request, path) {
  const url = new URL(request.url);
  if (url.pathname === SCOPE.pathname && url.search === '?lock') { await forget(); return Response.redirect(SCOPE.href, 303); }
  // Each page asks the host for the manifest again: a rebuilt album is seen at once (a changed
  // file has a new sealed name, so nothing older can be served for it).
  if (request.mode === 'navigate') { manifest = null; readers.clear(); }
  const k = await currentKeys();
  if (!k) return request.mode === 'navigate' ? entryPage() : fetch(request);
  let files;
  try {
    files = (await sealedManifest(k)).files;
  } catch (error) {
    // A key that does not open this build's manifest (the album got a new key): ask again.
    await forget();
    return request.mode === 'navigate' ? entryPage() : fetch(request);
  }
  const entry = files[path];
  if (!entry) return new Response('Not found', {status: 404, headers: {'Content-Type': 'text/plain'}});
  const [name, type, length] = entry;
  const range = byteRange(request.headers.get('Range'), length);
  const reader = await readerOf(k, name);
  const whole = range || {start: 0, end: length};
  const span = P.chunks(whole.start, Math.max(whole.end, whole.start + 1), length);
  const sealed = await sealedBytes(name, span.from, span.to);
  const last = P.chunkCount(length) - 1;
  const parts = [];
  for (let index = span.first, offset = 0; index <= span.last; index++) {
    const size = Math.min(sealed.length - offset, P.CHUNK + P.TAG);
    parts.push(await reader.open(sealed.subarray(offset, offset + size), index, index === last));
    offset += size;
  }
  const opened = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  parts.reduce((offset, part) => { opened.set(part, offset); return offset + part.length; }, 0);
  const base = span.first * P.CHUNK;
  let body = opened.subarray(whole.start - base, whole.end - base);
  const headers = {'Content-Type': type, 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-store'};
  if (type.startsWith('text/html')) {
    body = new TextEncoder().encode(withLock(new TextDecoder().decode(body), manifest.lock));
  }
  if (!range) return new Response(body, {status: 200, headers: {...headers, 'Content-Length': String(body.length)}});
  return new Response(body, {status: 206, headers: {...headers, 'Content-Length': String(body.length),
                                                     'Content-Range': `bytes ${whole.start}-${whole.end - 1}/${length}`}});
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname) || event.request.method !== 'GET') return;
  let path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (CLEAR.has(path) || /^[0-9a-f]{64}\.bin$/.test(path)) return;
  if (path === '' || path.endsWith('/')) path += 'index.html';
  event.respondWith(answer(event.request, path).catch((error) =>
    new Response('This private album could not be opened: ' + error, {status: 500, headers: {'Content-Type': 'text/plain'}})));
});
