import { describe, expect, it } from 'vitest';
import { isWellFormed } from '../src/platform/file-check';
import { SAMPLE } from './helpers';

// Issue 8 item 7: uploads are parsed by structure, not accepted by magic bytes alone.
/** A 1×1 GIF89a: header, screen descriptor, 2-colour table, one image, trailer. */
const GIF = Buffer.from('47494638396101000100800000000000ffffff2c00000000010001000002024401003b', 'hex');

describe('isWellFormed', () => {
  it('accepts well-formed PNG, GIF and PDF', () => {
    expect(isWellFormed('image/png', SAMPLE.png)).toBe(true);
    expect(isWellFormed('image/gif', GIF)).toBe(true);
    expect(isWellFormed('application/pdf', SAMPLE.pdf)).toBe(true);
  });

  it('refuses polyglots that only carry the magic bytes', () => {
    const html = Buffer.from('<html><body>%PDF-1.4 <script>alert(1)</script></body></html>\n%%EOF\n');
    expect(isWellFormed('application/pdf', html)).toBe(false);
    expect(isWellFormed('image/gif', Buffer.from('GIF89a<script>alert(1)</script>'))).toBe(false);
    expect(isWellFormed('image/png', Buffer.concat([SAMPLE.png.subarray(0, 16), Buffer.from('<script>')]))).toBe(false);
    expect(isWellFormed('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x3c, 0x73, 0x63, 0x72]))).toBe(false);
    expect(isWellFormed('image/webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 <script>'))).toBe(false);
  });

  it('refuses a PNG whose chunk checksum is wrong or that has no end chunk', () => {
    const broken = Buffer.from(SAMPLE.png);
    broken[broken.length - 20] = broken[broken.length - 20]! ^ 0xff;
    expect(isWellFormed('image/png', broken)).toBe(false);
    expect(isWellFormed('image/png', SAMPLE.png.subarray(0, SAMPLE.png.length - 12))).toBe(false);
  });
});
