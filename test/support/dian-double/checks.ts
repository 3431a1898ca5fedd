/** One check the double made on a request, e.g. `{ name: 'ws-security-signature', ok: false, detail: 'FAIL …' }`. */
export interface Check {
  name: CheckName;
  ok: boolean;
  detail?: string;
}

export type CheckName =
  | 'content-type'
  | 'envelope'
  | 'action'
  | 'ws-security-signature'
  | 'to-signed'
  | 'to-matches-url'
  | 'timestamp-current'
  | 'zip-magic'
  | 'zip-entries-xml'
  | 'zip-single-document'
  | 'zip-file-name'
  | 'xml-file-name'
  | 'document-parses'
  | 'document-signature'
  | 'certificate-nit';

/** Collects checks in the order they were made. */
export class CheckList {
  readonly items: Check[] = [];

  add(name: CheckName, ok: boolean, detail?: string): boolean {
    this.items.push({ name, ok, ...(detail !== undefined && { detail }) });
    return ok;
  }

  failed(name: CheckName): boolean {
    return this.items.some((check) => check.name === name && !check.ok);
  }
}
