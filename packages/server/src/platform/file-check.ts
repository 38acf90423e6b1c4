import { crc32 } from 'node:zlib';

/**
 * Structural checks of the file kinds BPM accepts, beyond their magic bytes: a polyglot (HTML with
 * `%PDF-` near the top, `GIF89a<script>…`) has the magic but not the structure. Each walks the
 * format's own framing (chunks, blocks, segments) to its end marker; no decoding of pixels.
 */
export function isWellFormed(mime: string, data: Buffer): boolean {
  try {
    switch (mime) {
      case 'application/pdf':
        return pdfOk(data);
      case 'image/png':
        return pngOk(data);
      case 'image/gif':
        return gifOk(data);
      case 'image/jpeg':
        return jpegOk(data);
      case 'image/webp':
        return webpOk(data);
      default:
        return false;
    }
  } catch {
    return false;
  }
}

/** The header at byte 0 (`%PDF-1.x` / `%PDF-2.x`) and `%%EOF` in the last KiB. */
function pdfOk(d: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(d.subarray(0, 8).toString('latin1'))) return false;
  return d.subarray(Math.max(0, d.length - 1024)).includes('%%EOF');
}

/** Signature, IHDR first, every chunk's length and CRC, IEND last. */
function pngOk(d: Buffer): boolean {
  let pos = 8;
  let first = true;
  while (pos + 12 <= d.length) {
    const len = d.readUInt32BE(pos);
    const type = d.subarray(pos + 4, pos + 8).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type) || pos + 12 + len > d.length) return false;
    if (first && (type !== 'IHDR' || len !== 13)) return false;
    first = false;
    const crc = d.readUInt32BE(pos + 8 + len);
    if (crc32(d.subarray(pos + 4, pos + 8 + len)) !== crc) return false;
    pos += 12 + len;
    if (type === 'IEND') return true;
  }
  return false;
}

/** Skips GIF data sub-blocks (size byte, bytes … until a 0 size); answers the position after them. */
function skipSubBlocks(d: Buffer, pos: number): number {
  for (;;) {
    if (pos >= d.length) throw new Error('truncated');
    const size = d[pos]!;
    pos += 1;
    if (size === 0) return pos;
    pos += size;
  }
}

/** Header, screen descriptor and colour table, then image and extension blocks up to the trailer. */
function gifOk(d: Buffer): boolean {
  if (d.length < 14) return false;
  let pos = 13;
  const packed = d[10]!;
  if (packed & 0x80) pos += 3 * 2 ** ((packed & 7) + 1);
  let images = 0;
  while (pos < d.length) {
    const b = d[pos]!;
    if (b === 0x3b) return images > 0;
    if (b === 0x21) pos = skipSubBlocks(d, pos + 2);
    else if (b === 0x2c) {
      if (pos + 10 > d.length) return false;
      const local = d[pos + 9]!;
      pos += 10;
      if (local & 0x80) pos += 3 * 2 ** ((local & 7) + 1);
      pos = skipSubBlocks(d, pos + 1); // LZW minimum code size, then the image data
      images++;
    } else return false;
  }
  return false;
}

/** SOI, marker segments with their lengths up to the scan, and EOI at the end. */
function jpegOk(d: Buffer): boolean {
  if (d.length < 4 || d[0] !== 0xff || d[1] !== 0xd8) return false;
  let pos = 2;
  while (pos + 4 <= d.length) {
    if (d[pos] !== 0xff) return false;
    const marker = d[pos + 1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    const len = d.readUInt16BE(pos + 2);
    if (len < 2 || pos + 2 + len > d.length) return false;
    if (marker === 0xda) {
      // Entropy-coded data follows: the file must end with EOI (trailing zero padding tolerated).
      let end = d.length;
      while (end > 0 && d[end - 1] === 0) end--;
      return end >= 2 && d[end - 2] === 0xff && d[end - 1] === 0xd9;
    }
    pos += 2 + len;
  }
  return false;
}

/** RIFF size matching the file, WEBP with a VP8/VP8L/VP8X first chunk. */
function webpOk(d: Buffer): boolean {
  if (d.length < 20) return false;
  const size = d.readUInt32LE(4);
  if (size + 8 !== d.length && size + 9 !== d.length) return false;
  return ['VP8 ', 'VP8L', 'VP8X'].includes(d.subarray(12, 16).toString('latin1'));
}
