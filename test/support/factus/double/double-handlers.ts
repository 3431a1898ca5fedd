import { counterpartyOf, documentData, DOUBLE_VALUES, listItem, NOTIFICATION, REJECTION, DoubleNumbering, type DoubleDocument } from './double-documents.ts';

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const ok = (data: unknown, message = 'Solicitud exitosa'): Answer => ({ status: 200, body: { status: 'OK', message, data } });
const notFound = (): Answer => ({ status: 404, body: { status: 'Not Found', message: 'Documento no encontrado' } });
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Factus's documents as the double keeps them: one per reference code, as the docs promise. */
export class DoubleHandlers {
  readonly documents = new Map<string, DoubleDocument>();
  /** Documents ever created per reference code: more than one would be a duplicate submission. */
  readonly creations = new Map<string, number>();
  readonly deleted: string[] = [];
  /** References whose first send DIAN does not answer in time (reference §1.3). */
  readonly dianSlow = new Set<string>();
  radianEvents: unknown[] = [];
  private readonly numbering = new DoubleNumbering();

  constructor(private readonly now: () => Date) {}

  create(resource: string, body: Record<string, any>): Answer {
    const reference = String(body.reference_code ?? '');
    if (!reference) return validationError({ reference_code: 'El campo reference_code es obligatorio.' });
    const existing = this.documents.get(reference);
    if (existing) return this.resend(existing);
    const blocking = [...this.documents.values()].find((document) => document.resource === resource && document.state === 'rejected');
    if (blocking) return { status: 409, body: { status: 'Conflict', message: `Elimine el documento ${blocking.reference} con errores antes de enviar otro` } };
    this.creations.set(reference, (this.creations.get(reference) ?? 0) + 1);
    const document: DoubleDocument = { reference, resource, number: this.numbering.assign(resource), state: 'pending', errors: {}, validatedAt: null, body };
    this.documents.set(reference, document);
    if (this.dianSlow.delete(reference)) return created(document);
    return this.decide(document, 201);
  }

  list(resource: string, reference: string | null): Answer {
    const items = [...this.documents.values()].filter((document) => document.resource === resource && (!reference || document.reference === reference));
    return ok({ data: items.map(listItem), pagination: { total: items.length, per_page: 10, current_page: 1, last_page: 1, from: 1, to: items.length, links: [] } });
  }

  show(resource: string, number: string): Answer {
    const document = this.byNumber(resource, number);
    return document ? ok(documentData(document)) : notFound();
  }

  byReference(resource: string, reference: string): Answer {
    const document = this.documents.get(reference);
    return document && document.resource === resource ? ok(documentData(document)) : notFound();
  }

  remove(resource: string, reference: string): Answer {
    const document = this.documents.get(reference);
    if (!document || document.resource !== resource) return notFound();
    if (document.state === 'validated') return { status: 409, body: { status: 'Conflict', message: 'No se puede eliminar un documento validado por la DIAN' } };
    this.documents.delete(reference);
    this.deleted.push(reference);
    return ok(null, `Documento con el código de referencia ${reference} eliminado con éxito`);
  }

  download(resource: string, number: string, kind: string): Answer {
    const document = this.byNumber(resource, number);
    if (!document || document.state !== 'validated') return notFound();
    switch (kind) {
      case 'download-pdf':
        return ok({ file_name: `fv${number}`, pdf_base_64_encoded: base64(`%PDF-1.4 ${number}`) });
      case 'download-xml':
        return ok({ file_name: `fv${number}`, xml_base_64_encoded: base64(`<Invoice><cbc:ID>${number}</cbc:ID></Invoice>`) });
      case 'download-attached-document-xml':
        return ok({ file_name: `ad${number}`, xml_base_64_encoded: base64(`<AttachedDocument>${number}</AttachedDocument>`) });
      default:
        return ok({ subject: `900825759;HALLTEC S.A.S.;${number};01;Halltec`, attached_document: base64(`PK\u0003\u0004 ${number}`) });
    }
  }

  events(): Answer {
    return ok(this.radianEvents);
  }

  /** Factus recognizes the reference: it asks DIAN again (a pending one) and answers the same document. */
  private resend(document: DoubleDocument): Answer {
    if (document.state === 'pending') return this.decide(document, 200);
    if (document.state === 'rejected') return rejection(document);
    return { status: 200, body: { status: 'OK', message: 'Documento ya registrado', data: documentData(document) } };
  }

  private decide(document: DoubleDocument, status: number): Answer {
    const identification = counterpartyOf(document.body);
    if (identification === DOUBLE_VALUES.rejected) {
      Object.assign(document, { state: 'rejected', errors: REJECTION });
      return rejection(document);
    }
    Object.assign(document, { state: 'validated', validatedAt: factusDate(this.now()), errors: identification === DOUBLE_VALUES.notified ? NOTIFICATION : {} });
    return { ...created(document), status };
  }

  private byNumber(resource: string, number: string): DoubleDocument | undefined {
    return [...this.documents.values()].find((document) => document.resource === resource && document.number === number);
  }
}

function created(document: DoubleDocument): Answer {
  const message = `Documento con el código de referencia ${document.reference} registrado y validado con éxito`;
  return { status: 201, body: { status: 'Created', message, data: documentData(document) } };
}

/** The documented "Validation error" answer (reference §1.3). */
function rejection(document: DoubleDocument): Answer {
  return validationError(document.errors);
}

function validationError(errors: Record<string, string>): Answer {
  const message = 'El documento contiene errores de validación';
  return { status: 422, body: { status: 'Validation error', message, data: { message, errors } } };
}

/** `DD-MM-YYYY hh:mm:ss AM/PM`, Colombian time. */
export function factusDate(instant: Date): string {
  const local = new Date(instant.getTime() - 5 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = local.getUTCHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  const date = `${pad(local.getUTCDate())}-${pad(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`;
  return `${date} ${pad(twelve)}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}
