import QRCode from 'qrcode';
import type { Pdf } from './pdf-document.ts';

const QUIET_ZONE = 4;

/**
 * Draws the QR as vector squares, `width` points wide including its quiet zone. Dark modules of a row are merged into
 * runs, and each run overlaps the next row by a hair so rasterizers leave no seams between rows.
 */
export function drawQr(pdf: Pdf, text: string, x: number, y: number, width: number): void {
  // One byte-mode segment: the text is mostly lowercase hex and a URL, and the optimal-segmentation search costs more than it saves.
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const cell = width / (modules.size + 2 * QUIET_ZONE);
  pdf.rect(x, y, width, width).fill('#ffffff');
  for (let row = 0; row < modules.size; row += 1) {
    let start = -1;
    for (let column = 0; column <= modules.size; column += 1) {
      const dark = column < modules.size && modules.get(row, column) === 1;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        pdf.rect(x + (QUIET_ZONE + start) * cell, y + (QUIET_ZONE + row) * cell, (column - start) * cell, cell + 0.05);
        start = -1;
      }
    }
  }
  pdf.fill('#000000');
}
