import PDFDocument from 'pdfkit';
import { CONTENT, PAGE } from './pdf-layout.ts';

export type Pdf = PDFKit.PDFDocument;

interface PdfMeta {
  title: string;
  author: string;
  subject: string;
  /** Fixed from the document (never the clock), so the bytes and the PDF's /ID are the same on every render. */
  createdAt: Date;
}

export function createPdf(meta: PdfMeta): Pdf {
  return new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: meta.title,
      Author: meta.author,
      Subject: meta.subject,
      Creator: 'facturacion-backend (DIAN sandbox)',
      Producer: 'facturacion-backend',
      CreationDate: meta.createdAt,
      ModDate: meta.createdAt,
    },
  });
}

/** Ends the document and collects its bytes. */
export function pdfBytes(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

/** Moves to a new page when `height` points do not fit above the content bottom. */
export function ensureSpace(pdf: Pdf, height: number): void {
  if (pdf.y + height > CONTENT.bottom) pdf.addPage();
}
