import type { LogoReference } from '../../../domain/tenancy/company-profile.ts';
import type { CompanyLogo } from '../render-services.ts';
import type { Pdf } from './pdf-document.ts';

/** The box the logo is fitted into, keeping its proportions: about 4.2 × 1.8 cm. */
export const LOGO_BOX = { width: 120, height: 50 } as const;

/**
 * Draws the company's logo at (x, y) fitted into LOGO_BOX; answers the height it took (0 without a logo). An image the
 * PDF library cannot read (checked when it was stored, so not expected) leaves the header without it rather than
 * failing the whole document.
 */
export function drawLogo(pdf: Pdf, logo: CompanyLogo | null, size: LogoReference | undefined, x: number, y: number): number {
  if (!logo || !size) return 0;
  const scale = Math.min(LOGO_BOX.width / size.width, LOGO_BOX.height / size.height);
  try {
    pdf.image(logo.bytes, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
  } catch {
    return 0;
  }
  return size.height * scale;
}
