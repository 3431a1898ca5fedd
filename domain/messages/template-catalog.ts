export const TEMPLATE_SLUGS = ['factura-electronica', 'codigo-otp'] as const;
export type TemplateSlug = (typeof TEMPLATE_SLUGS)[number];

export const DESIGNS = ['clasico', 'moderno', 'minimal'] as const;
export type Design = (typeof DESIGNS)[number];
export const DEFAULT_DESIGN: Design = 'moderno';

/** A variable of a template's data, by path (`cliente.nombre`); required ones make a request fail when missing. */
export interface TemplateVariable {
  path: string;
  type: 'string' | 'integer' | 'array';
  required: boolean;
  description: string;
}

export interface TemplateDefinition {
  slug: TemplateSlug;
  name: string;
  variables: readonly TemplateVariable[];
  /** `resumen` rows: each needs these string fields. */
  rowFields?: Record<string, readonly string[]>;
  sampleData: Record<string, unknown>;
}

const v = (path: string, type: TemplateVariable['type'], required: boolean, description: string): TemplateVariable => ({ path, type, required, description });

export const TEMPLATES: readonly TemplateDefinition[] = [
  {
    slug: 'factura-electronica',
    name: 'Factura electrónica (invoice, credit note or debit note sent to the acquirer)',
    variables: [
      v('tipoDocumento', 'string', true, 'Kind of document: factura electrónica de venta, nota crédito, nota débito…'),
      v('numero', 'string', true, 'Tax authority number.'),
      v('fechaEmision', 'string', true, 'Issue date.'),
      v('fechaVencimiento', 'string', false, 'Due date; omitted on cash sales.'),
      v('cliente.nombre', 'string', true, 'Name of the acquirer.'),
      v('total', 'string', true, 'Amount payable, as it should read.'),
      v('resumen', 'array', false, 'Summary rows {etiqueta, valor}.'),
      v('cufe', 'string', true, 'CUFE (CUDE of a note).'),
      v('nombreAdjunto', 'string', false, 'Name of the attached ZIP.'),
    ],
    rowFields: { resumen: ['etiqueta', 'valor'] },
    sampleData: {
      tipoDocumento: 'Factura electrónica de venta',
      numero: 'SETP990000001',
      fechaEmision: '2026-03-01',
      fechaVencimiento: '2026-03-31',
      cliente: { nombre: 'Alan company name' },
      total: '$ 83.300,00',
      resumen: [
        { etiqueta: 'Subtotal', valor: '$ 70.000,00' },
        { etiqueta: 'IVA 19 %', valor: '$ 13.300,00' },
      ],
      cufe: '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4',
      nombreAdjunto: 'z09001234560002600000001.zip',
    },
  },
  {
    slug: 'codigo-otp',
    name: 'Código de verificación (one-time code)',
    variables: [
      v('codigo', 'string', true, 'The one-time code.'),
      v('proposito', 'string', true, 'What the code is for.'),
      v('vigenciaMinutos', 'integer', true, 'Minutes the code stays valid.'),
      v('nombre', 'string', true, 'Name of the person.'),
      v('dispositivo', 'string', false, 'Device that asked for the code.'),
      v('ubicacion', 'string', false, 'Approximate location of the request.'),
    ],
    sampleData: {
      codigo: '482913',
      proposito: 'iniciar sesión',
      vigenciaMinutos: 10,
      nombre: 'Ana Gómez',
      dispositivo: 'Chrome en Windows',
      ubicacion: 'Bogotá, Colombia',
    },
  },
];

export function templateNamed(slug: string): TemplateDefinition | undefined {
  return TEMPLATES.find((template) => template.slug === slug);
}

export function isDesign(value: string): value is Design {
  return (DESIGNS as readonly string[]).includes(value);
}
