import { LEGAL_ORGANIZATIONS } from '../../../domain/catalogs/legal-organizations.ts';
import type { ProfileField } from '../../../domain/tenancy/company-profile.ts';
import type { PartyView } from '../commercial/commercial-view.ts';
import { renderedIssuer } from '../issuer-profile.ts';
import type { RenderContext } from '../render-context.ts';
import type { Pdf } from './pdf-document.ts';
import { COLOR, CONTENT, GAP } from './pdf-layout.ts';
import { drawLogo } from './pdf-logo.ts';
import { pairsAt, textAt, type Pair } from './pdf-text.ts';
import type { PdfTitles } from './pdf-titles.ts';

const BOX_WIDTH = 230;
const DEMO_COLOR = '#a40000';

/** How the demo-data note names a profile field. */
const FIELD_NAMES: Partial<Record<ProfileField, string>> = {
  address: 'dirección',
  municipality_code: 'municipio',
  organization_type: 'tipo de persona',
  tax_scheme: 'tributo',
  responsibilities: 'responsabilidades fiscales',
  email: 'correo electrónico',
};

/** The issuer (its logo first) on the left; on the right the document's title, number, dates and environment. */
export function drawHeader(pdf: Pdf, context: RenderContext, issuer: PartyView, titles: PdfTitles): void {
  const { document, number, validated } = context;
  const top = CONTENT.top;
  const leftWidth = CONTENT.width - BOX_WIDTH - GAP;
  const logoHeight = drawLogo(pdf, context.logo, context.issuer.profile?.logo ?? undefined, CONTENT.left, top);
  let left = textAt(pdf, titles.issuerRole.toUpperCase(), CONTENT.left, logoHeight > 0 ? top + logoHeight + 4 : top, leftWidth, { size: 7, color: COLOR.muted });
  left = textAt(pdf, issuer.registrationName, CONTENT.left, left, leftWidth, { bold: true, size: 13 });
  left = pairsAt(pdf, issuerPairs(context, issuer), CONTENT.left, left + 2, leftWidth);
  const { demoFields } = renderedIssuer(context.issuer);
  if (demoFields.length > 0) {
    const named = demoFields.map((field) => FIELD_NAMES[field] ?? field).join(', ');
    const note = `DATOS DE DEMOSTRACIÓN: el perfil de la empresa no tiene ${named}; este documento de pruebas muestra valores de demostración en su lugar.`;
    left = textAt(pdf, note, CONTENT.left, left + 2, leftWidth, { bold: true, size: 7, color: DEMO_COLOR }) + 1;
  }

  const x = CONTENT.right - BOX_WIDTH;
  pdf.rect(x, top, BOX_WIDTH, 92).lineWidth(0.8).stroke(COLOR.rule);
  let right = textAt(pdf, titles.title.toUpperCase(), x + 8, top + 7, BOX_WIDTH - 16, { bold: true, size: 9.5, align: 'center' });
  right = textAt(pdf, `No. ${number}`, x + 8, right + 2, BOX_WIDTH - 16, { bold: true, size: 12, align: 'center' });
  pairsAt(pdf, [
    ['Fecha de emisión', document.issueDate],
    ['Hora de emisión', document.issueTime],
    ['Validado por la DIAN', `${validated.date} ${validated.time}`],
    ['Ambiente', context.environment === '1' ? 'Producción' : 'Pruebas (habilitación)'],
  ], x + 8, right + 4, BOX_WIDTH - 16);
  pdf.y = Math.max(left, top + 92) + GAP;
}

/**
 * The issuer's identification, place, contact and tax profile. A document recorded before companies had profiles
 * shows the four lines it always showed, so its PDF stays the same.
 */
function issuerPairs(context: RenderContext, issuer: PartyView): Pair[] {
  const { address } = issuer;
  const place = [address.line, address.cityName, address.departmentName, address.postalZone && `CP ${address.postalZone}`].filter(Boolean).join(', ');
  const responsibilities: Pair = ['Responsabilidades fiscales', issuer.taxLevelCodes.join('; ')];
  if (!context.issuer.profile) {
    return [['NIT', `${issuer.identification}-${issuer.dv}`], ['Nombre comercial', issuer.tradeName], ['Dirección', place], responsibilities];
  }
  return [
    ['NIT', `${issuer.identification}-${issuer.dv}`],
    ['Nombre comercial', issuer.tradeName],
    ['Tipo de persona', issuer.organization && LEGAL_ORGANIZATIONS.get(issuer.organization)],
    ['Dirección', place],
    ['Teléfono', issuer.phone],
    ['Correo electrónico', issuer.email],
    ['Tributo', `${issuer.taxScheme.id} ${issuer.taxScheme.name}`],
    responsibilities,
    ['Actividad económica (CIIU)', issuer.industryCodes?.join('; ')],
    ['Matrícula mercantil', issuer.registrationNumber],
  ];
}
