/**
 * A 64-bit FNV-1a hash of a string's UTF-16 code units, as 16 hex digits: for keys and digests that
 * need no cryptography (the code cache's keys, the bundled table's digest), where loading
 * node:crypto would be a tenth of a short run.
 */
export function fnv64(text: string): string {
  // The 64-bit state in four 16-bit lanes; the prime is 2^40 + 0x1b3.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    const c1 = t1 + (t0 >>> 16);
    const c2 = t2 + (c1 >>> 16);
    h0 = t0 & 0xffff;
    h1 = c1 & 0xffff;
    h2 = c2 & 0xffff;
    h3 = (t3 + (c2 >>> 16)) & 0xffff;
  }
  return [h3, h2, h1, h0].map((h) => h.toString(16).padStart(4, '0')).join('');
}

/**
 * A 64-bit digest of a text's UTF-8 bytes, as 16 hex digits: FNV-1a in two 32-bit lanes (the second
 * with MurmurHash's multiplier and a shift), taking the bytes four at a time. The bundled table's
 * digest (63 KB, read by every run): a quarter of `fnv64`'s steps, ~1 ms against ~2.5 ms before
 * the code is optimised. A check against accidents, not against an attacker.
 */
export function digest64(text: string): string {
  const size = Buffer.byteLength(text);
  // Zero-padded to whole words; `Buffer.alloc` gives a buffer of its own, at offset 0.
  const bytes = Buffer.alloc(Math.ceil(size / 4) * 4);
  bytes.write(text);
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  let a = 0x811c9dc5 | 0;
  let b = (0x811c9dc5 ^ size) | 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as number;
    a = Math.imul(a ^ w, 0x01000193);
    b = Math.imul(b ^ w, 0x5bd1e995);
    b ^= b >>> 13;
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
