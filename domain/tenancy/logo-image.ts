import { inflateSync } from 'node:zlib';
import type { LogoReference } from './company-profile.ts';

/** The largest logo accepted: small enough for every PDF and for one event of the store. */
export const MAX_LOGO_BYTES = 256 * 1024;
/** Pixels per side: a logo prints a few centimetres wide; a larger image only costs memory in every render. */
export const MAX_LOGO_SIDE = 4096;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the bytes of an image say it is, or why they are not a logo the PDF can show. */
export type LogoInspection = { ok: true; image: Omit<LogoReference, 'sha256'> } | { ok: false; reason: string };

/**
 * Recognises a PNG or a JPEG by its bytes (never by a file name or a declared type): the PNG signature, its IHDR
 * header and image data that decompresses, or the JPEG start-of-image marker and a start-of-frame segment, which give
 * the size in pixels.
 */
export function inspectLogo(bytes: Uint8Array): LogoInspection {
  if (bytes.length === 0) return { ok: false, reason: 'is empty' };
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, reason: `has ${bytes.length} bytes; at most ${MAX_LOGO_BYTES} (256 KB) are allowed` };
  const dimensions = isPng(bytes) ? pngSize(bytes) : isJpeg(bytes) ? jpegSize(bytes) : undefined;
  const contentType = isPng(bytes) ? 'image/png' : 'image/jpeg';
  if (dimensions === undefined) return { ok: false, reason: 'must be a PNG or JPEG image (recognised by its bytes)' };
  if (dimensions === null) return { ok: false, reason: `is not a readable ${contentType === 'image/png' ? 'PNG' : 'JPEG'} image (it is damaged)` };
  if (Math.max(dimensions.width, dimensions.height) > MAX_LOGO_SIDE) {
    return { ok: false, reason: `is ${dimensions.width}×${dimensions.height} pixels; at most ${MAX_LOGO_SIDE} per side are allowed` };
  }
  return { ok: true, image: { content_type: contentType, size: bytes.length, ...dimensions } };
}

type Size = { width: number; height: number } | null;

const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

const uint16 = (bytes: Uint8Array, at: number) => (bytes[at] << 8) | bytes[at + 1];
const uint32 = (bytes: Uint8Array, at: number) => ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The first chunk of a PNG is IHDR (13 bytes): width, height, bit depth, colour type. The image data (the IDAT chunks
 * up to IEND) must decompress: a PDF library inflates it later, where a failure could not be reported.
 */
function pngSize(bytes: Uint8Array): Size {
  if (bytes.length < 33 || uint32(bytes, 8) !== 13 || chunkType(bytes, 12) !== 'IHDR') return null;
  const size = positive(uint32(bytes, 16), uint32(bytes, 20));
  const channels = CHANNELS[bytes[25]];
  if (!size || !channels || Math.max(size.width, size.height) > MAX_LOGO_SIDE) return size;
  const data: Uint8Array[] = [];
  for (let at = 8; at + 12 <= bytes.length; at += 12 + uint32(bytes, at)) {
    const type = chunkType(bytes, at + 4);
    if (type === 'IEND') return decompresses(data, size.height * (1 + Math.ceil((size.width * channels * bytes[24]) / 8))) ? size : null;
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + uint32(bytes, at)));
  }
  return null;
}

const chunkType = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Inflates at most twice the expected size (interlaced rows add a little), so a crafted image cannot fill memory. */
function decompresses(chunks: Uint8Array[], expected: number): boolean {
  if (chunks.length === 0) return false;
  try {
    inflateSync(Buffer.concat(chunks), { maxOutputLength: expected * 2 + 1024 });
    return true;
  } catch {
    return false;
  }
}

/** Walks the JPEG's marker segments up to its start of frame (SOF0–SOF15 but DHT, JPG and DAC), which holds the size. */
function jpegSize(bytes: Uint8Array): Size {
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = uint16(bytes, at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return at + 8 < bytes.length ? positive(uint16(bytes, at + 7), uint16(bytes, at + 5)) : null;
    at += 2 + length;
  }
  return null;
}

function positive(width: number, height: number): Size {
  return width > 0 && height > 0 ? { width, height } : null;
}
