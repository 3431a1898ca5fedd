import type { Logger } from 'pino';
import { AuditExport } from '../../application/audit/audit-export.ts';
import type { DocumentHistory } from '../../application/documents/document-history.ts';
import type { DocumentRow } from '../../application/documents/document-row.ts';
import { ListEveryFamily } from '../../application/documents/list-every-family.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';

interface AuditDependencies {
  /** The documents read model (its active version). */
  documents: ReadModelCollection<DocumentRow>;
  history: DocumentHistory;
  logger: Logger;
}

/** What auditors read across documents: the list over every family, and a period's documents with their events. */
export class AuditModule {
  readonly listEveryFamily: ListEveryFamily;
  readonly auditExport: AuditExport;

  constructor({ documents, history, logger }: AuditDependencies) {
    this.listEveryFamily = new ListEveryFamily(documents);
    this.auditExport = new AuditExport(documents, history, logger.child({ component: 'audit-export' }));
  }
}
