import type { DocumentRow } from '../../application/documents/document-row.ts';
import { ListEveryFamily } from '../../application/documents/list-every-family.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';

interface AuditDependencies {
  /** The documents read model (its active version). */
  documents: ReadModelCollection<DocumentRow>;
}

/** What auditors read besides one document's history: the list over every family. */
export class AuditModule {
  readonly listEveryFamily: ListEveryFamily;

  constructor({ documents }: AuditDependencies) {
    this.listEveryFamily = new ListEveryFamily(documents);
  }
}
