// Opening a private album's files in the browser, with WebCrypto only: the other half of
// GalgenCrypto (SealedFile, PasswordRecord); docs/private-albums.md has the format. Loaded by the
// album's entry page and its service worker (importScripts), so it only defines GalgenPrivate.
(function (scope) {
  'use strict';
  const subtle = scope.crypto.subtle;
  const text = (s) => new TextEncoder().encode(s);
  const CHUNK = 65536, TAG = 16, HEADER = 38;
  const MAGIC = [0x47, 0x47, 0x50, 0x31]; // "GGP1"

  function fromBase64URL(s) {
    const standard = s.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(standard + '='.repeat((4 - standard.length % 4) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }

  // The album's content key from one password's record: PBKDF2-HMAC-SHA256, then AES-256-GCM.
  // Rejects (an OperationError) when the password is not this album's. The raw key never leaves
  // this function: it comes back as two non-extractable keys, one to derive each file's key
  // (HKDF) and one to name files (HMAC).
  async function unwrap(record, password, album) {
    if (record.v !== 1) throw new Error('unknown record version ' + record.v);
    const base = await subtle.importKey('raw', text(password), 'PBKDF2', false, ['deriveKey']);
    const kek = await subtle.deriveKey(
      {name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64URL(record.salt), iterations: record.iterations},
      base, {name: 'AES-GCM', length: 256}, false, ['decrypt']);
    const raw = new Uint8Array(await subtle.decrypt(
      {name: 'AES-GCM', iv: fromBase64URL(record.nonce), additionalData: text('galgen-private-v1|' + album), tagLength: 128},
      kek, fromBase64URL(record.wrapped)));
    try {
      return {
        derive: await subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey']),
        name: await subtle.importKey('raw', raw, {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']),
      };
    } finally {
      raw.fill(0);
    }
  }

  // The first password record that opens, else the last rejection.
  async function unwrapAny(records, password, album) {
    let failure = new Error('no password record');
    for (const record of records) {
      try { return await unwrap(record, password, album); } catch (error) { failure = error; }
    }
    throw failure;
  }

  function nonce(index, last) {
    const bytes = new Uint8Array(12);
    new DataView(bytes.buffer).setUint32(7, index);
    bytes[11] = last ? 1 : 0;
    return bytes;
  }

  // A sealed file's reader, from its 38-byte header: opens its chunks one by one.
  async function reader(keys, header) {
    header = new Uint8Array(header);
    if (header.length !== HEADER || MAGIC.some((b, i) => header[i] !== b)) throw new Error('not a sealed file');
    if (header[4] !== 1 || header[5] !== 16) throw new Error('a sealed file of another version');
    const fileKey = await subtle.deriveKey(
      {name: 'HKDF', hash: 'SHA-256', salt: header.slice(6), info: text('galgen-file-v1')},
      keys.derive, {name: 'AES-GCM', length: 256}, false, ['decrypt']);
    return {
      open: async (chunk, index, last) => new Uint8Array(await subtle.decrypt(
        {name: 'AES-GCM', iv: nonce(index, last), additionalData: header, tagLength: 128}, fileKey, chunk)),
    };
  }

  function chunkCount(length) { return Math.max(1, Math.ceil(length / CHUNK)); }
  function sealedLength(length) { return HEADER + length + chunkCount(length) * TAG; }

  // The chunks holding plaintext bytes [start, end), and where they are in the sealed file.
  function chunks(start, end, length) {
    const last = chunkCount(length) - 1;
    const first = Math.min(last, Math.floor(start / CHUNK));
    const final = Math.min(last, Math.max(first, Math.floor((end - 1) / CHUNK)));
    const stride = CHUNK + TAG;
    return {first, last: final, from: HEADER + first * stride, to: Math.min(sealedLength(length), HEADER + (final + 1) * stride)};
  }

  // A whole sealed file opened (every chunk must open, and the last must say so).
  async function openFile(keys, sealed) {
    sealed = new Uint8Array(sealed);
    const open = await reader(keys, sealed.subarray(0, HEADER));
    const stride = CHUNK + TAG, body = sealed.length - HEADER;
    const count = Math.max(1, Math.ceil(body / stride));
    if (body < TAG || body - (count - 1) * stride < TAG) throw new Error('a sealed file cut short');
    const parts = [];
    for (let index = 0; index < count; index++) {
      const from = HEADER + index * stride;
      parts.push(await open.open(sealed.subarray(from, Math.min(sealed.length, from + stride)), index, index === count - 1));
    }
    const plaintext = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const part of parts) { plaintext.set(part, offset); offset += part.length; }
    return plaintext;
  }

  // A file's name in the album: HMAC-SHA256(content key, its public path), hex, ".bin".
  async function sealedName(keys, path) {
    const mac = new Uint8Array(await subtle.sign('HMAC', keys.name, text(path)));
    return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('') + '.bin';
  }

  scope.GalgenPrivate = {unwrap, unwrapAny, reader, chunks, chunkCount, sealedLength, openFile, sealedName, fromBase64URL,
                         CHUNK, TAG, HEADER};
})(self);
