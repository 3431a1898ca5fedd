/** Letter pages with half-inch margins; the last 24 points keep the page footer clear of content. */
export const PAGE = { size: 'LETTER', width: 612, height: 792, margin: 36 } as const;
export const CONTENT = { left: 36, right: 576, width: 540, top: 36, bottom: 792 - 36 - 24 } as const;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
export const COLOR = { text: '#111111', muted: '#555555', rule: '#9a9a9a', band: '#e9edf2' } as const;

/** The QR's printed width: DIAN asks for at least 2 cm; 4 cm keeps its modules readable at ordinary print density. */
export const QR_WIDTH = (4 / 2.54) * 72;

export const GAP = 10;
