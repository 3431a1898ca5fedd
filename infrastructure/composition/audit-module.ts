import type { Logger } from 'pino';
import { AuditExport } from '../../application/audit/audit-export.ts';
import { TrailVerifications } from '../../application/audit/trail-verifications.ts';
import { VERIFICATIONS_COLLECTION } from '../../application/audit/verification-row.ts';
import type { DocumentHistory } from '../../application/documents/document-history.ts';
import type { DocumentRow } from '../../application/documents/document-row.ts';
import { ListEveryFamily } from '../../application/documents/list-every-family.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { CoordinationStore } from '../../application/ports/coordination-store.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { IdGenerator } from '../../application/ports/id-generator.ts';
import type { ReadModelCollection, ReadModelStore } from '../../application/ports/read-model-store.ts';
import type { Config } from '../config/config.ts';

interface AuditDependencies {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  readModels: ReadModelStore;
  coordination: CoordinationStore;
  /** The documents read model (its active version). */
  documents: ReadModelCollection<DocumentRow>;
  history: DocumentHistory;
  clock: Clock;
  ids: IdGenerator;
}

/** What auditors read across documents: the list over every family, a period's documents with their events, verifications. */
export class AuditModule {
  readonly listEveryFamily: ListEveryFamily;
  readonly auditExport: AuditExport;
  readonly verifications: TrailVerifications;

  constructor({ config, logger, eventStore, readModels, coordination, documents, history, clock, ids }: AuditDependencies) {
    this.listEveryFamily = new ListEveryFamily(documents);
    this.auditExport = new AuditExport(documents, history, logger.child({ component: 'audit-export' }));
    const rows = readModels.collection(VERIFICATIONS_COLLECTION);
    // SQLite numbers the log without holes, so a hole is a deleted event even at the end of a stream.
    const options = { instanceId: config.instanceId, contiguousPositions: !config.eventStoreUrl };
    this.verifications = new TrailVerifications(eventStore, rows, coordination, clock, ids, logger.child({ component: 'trail-verification' }), options);
  }

  close(): Promise<void> {
    return this.verifications.close();
  }
}
