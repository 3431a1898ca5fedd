import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQRModule, { type QRCode } from 'jsqr';
import { PNG } from 'pngjs';

/** jsqr ships CommonJS with a `default` export; under NodeNext the default import is the module object. */
type Decode = (data: Uint8ClampedArray, width: number, height: number) => QRCode | null;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

const scratch = mkdtempSync(join(tmpdir(), 'artifact-pdf-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

function pdfFile(bytes: Uint8Array): string {
  const file = join(scratch, `document-${(files += 1)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** The text pdftotext reads from the PDF; pages are separated by form feeds. */
export function pdfText(bytes: Uint8Array): string {
  return run('pdftotext', ['-enc', 'UTF-8', pdfFile(bytes), '-']);
}

/** The fonts the PDF uses (pdffonts), by name without a subset's tag, and whether each is embedded. */
export function pdfFonts(bytes: Uint8Array): Array<{ name: string; embedded: boolean }> {
  const rows = run('pdffonts', [pdfFile(bytes)]).split('\n').slice(2).filter((row) => row.trim() !== '');
  // Columns: name, type (one or two words), encoding, emb, sub, uni, object, ID; counted from the right.
  return rows.map((row) => {
    const cells = row.trim().split(/\s+/);
    return { name: cells[0].replace(/^[A-Z]{6}\+/, ''), embedded: cells[cells.length - 5] === 'yes' };
  });
}

/** `pdfimages -list` rows as [type, width, height, encoding]. */
export function pdfImages(bytes: Uint8Array): string[][] {
  const rows = run('pdfimages', ['-list', pdfFile(bytes)]).trim().split('\n').slice(2);
  return rows.map((line) => line.trim().split(/\s+/)).map((columns) => [columns[2], columns[3], columns[4], columns[8]]);
}

export function pdfPageCount(bytes: Uint8Array): number {
  const pages = /^Pages:\s+(\d+)$/m.exec(run('pdfinfo', [pdfFile(bytes)]));
  if (!pages) throw new Error('pdfinfo printed no page count');
  return Number(pages[1]);
}

export interface DecodedQr {
  text: string;
  /** Width of the symbol (finder pattern edge to edge, no quiet zone) in pixels at the rendering resolution. */
  widthPx: number;
}

/**
 * Renders the first page with pdftoppm at `dpi` and reads the QR back with jsQR; null when none is found. jsQR now and
 * then finds no symbol at one resolution on a page it reads at another (the suite met it once, on a debit note whose
 * QR read back in every other run), so a page it finds none on is read again at twice the resolution; the width is
 * still given at `dpi`.
 */
export function firstPageQr(bytes: Uint8Array, dpi = 150): DecodedQr | null {
  const file = pdfFile(bytes);
  for (const scale of [1, 2]) {
    const prefix = join(scratch, `page-${(files += 1)}`);
    run('pdftoppm', ['-png', '-r', String(dpi * scale), '-f', '1', '-l', '1', '-singlefile', file, prefix]);
    const png = PNG.sync.read(readFileSync(`${prefix}.png`));
    const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
    const code = jsQR(pixels, png.width, png.height);
    if (!code) continue;
    const { topLeftCorner, topRightCorner } = code.location;
    return { text: code.data, widthPx: Math.hypot(topRightCorner.x - topLeftCorner.x, topRightCorner.y - topLeftCorner.y) / scale };
  }
  return null;
}

/** Colombian notation the graphic representation uses: 83300.00 → 83.300,00. */
export function colombianAmount(value: string): string {
  const [integer, decimals] = value.split('.');
  return `${integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}`;
}
