import { PNG } from 'pngjs';

/** An opaque PNG of one colour (RGB, no alpha), or with an alpha channel when `alpha` is set. */
export function pngLogo(width = 48, height = 24, { alpha = false, rgb = [0x1f, 0x4e, 0x79] as const } = {}): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = rgb[0];
    png.data[i + 1] = rgb[1];
    png.data[i + 2] = rgb[2];
    png.data[i + 3] = alpha ? 128 : 255;
  }
  return PNG.sync.write(png, { colorType: alpha ? 6 : 2 });
}

/** A 1×1 grey JPEG (progressive), the smallest a PDF library and pdfimages accept. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
