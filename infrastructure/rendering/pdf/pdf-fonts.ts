import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkit';
import type { Pdf } from './pdf-document.ts';
import { FONT } from './pdf-layout.ts';

/** What Helvetica can print: pdfkit writes the standard fonts in Windows-1252, where any other character prints as a wrong one. */
const WINDOWS_1252 = /^[\t\n\r\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

// pdfkit takes a parsed fontkit font as a font's source, though its types list only names and bytes.
type FontSource = PDFKit.Mixins.PDFFontSource;
let unicodeFonts: { regular: FontSource; bold: FontSource } | undefined;

const require = createRequire(import.meta.url);
const parse = (file: string) => create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as unknown as FontSource;

/**
 * Selects the font for `text`: Helvetica when it has every character, as almost every document's text does; otherwise
 * DejaVu Sans Condensed (its widths near Helvetica's), embedded as a subset of the glyphs used. Embedding is the
 * slower path (shaping each word and writing the subset made a whole PDF about 70 % slower), so it is taken only for
 * the texts that need it. The fonts are read and parsed on first use, once per process, and shared by every document.
 */
export function useFont(pdf: Pdf, text: string, bold = false): Pdf {
  if (WINDOWS_1252.test(text)) return pdf.font(bold ? FONT.bold : FONT.regular);
  unicodeFonts ??= { regular: parse('DejaVuSansCondensed.ttf'), bold: parse('DejaVuSansCondensed-Bold.ttf') };
  // Named, so that a document embeds each font once however many texts select it.
  return bold ? pdf.font(unicodeFonts.bold, 'DejaVuSansCondensed-Bold') : pdf.font(unicodeFonts.regular, 'DejaVuSansCondensed');
}
