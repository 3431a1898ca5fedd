import { join } from 'node:path';
import type { CoordinationStore } from '../../application/ports/coordination-store.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { ReadModelStore } from '../../application/ports/read-model-store.ts';
import type { Config } from '../config/config.ts';
import { SqliteCoordinationStore } from '../coordination/sqlite-coordination-store.ts';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store.ts';
import { SqliteReadModelStore } from '../read-models/sqlite/sqlite-read-model-store.ts';
import { EMBEDDED_STORE_FILES } from '../sqlite/embedded-store-files.ts';

/** The three stores a service process works with. */
export interface Stores {
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** Where instances share leases and limits: beside the read models (MongoDB), or a SQLite file of its own. */
  coordination: CoordinationStore;
}

const fileOf = (config: Config, store: keyof typeof EMBEDDED_STORE_FILES) => join(config.dataDir, EMBEDDED_STORE_FILES[store]);

/** The read models' SQLite file, or undefined when they are in MongoDB. */
export const readModelsFile = (config: Config): string | undefined => (config.mongodbUrl ? undefined : fileOf(config, 'readModels'));

/** KurrentDB and MongoDB when their URLs are set; otherwise SQLite files under DATA_DIR. */
export async function openStores(config: Config): Promise<Stores> {
  const eventStore = config.eventStoreUrl
    ? (await import('../event-store/kurrentdb/kurrentdb-event-store.ts')).KurrentDbEventStore.open(config.eventStoreUrl, {
        namespace: config.eventStoreNamespace,
        maxAppendBytes: config.maxAppendBytes,
      })
    : new SqliteEventStore(fileOf(config, 'events'), { maxAppendBytes: config.maxAppendBytes, pollIntervalMs: config.pollIntervalMs });
  const readModels = config.mongodbUrl
    ? await (await import('../read-models/mongodb/mongodb-read-model-store.ts')).MongoDbReadModelStore.open(config.mongodbUrl)
    : new SqliteReadModelStore(fileOf(config, 'readModels'));
  const coordination = config.mongodbUrl
    ? new (await import('../coordination/mongodb-coordination-store.ts')).MongoDbCoordinationStore(config.mongodbUrl)
    : new SqliteCoordinationStore(fileOf(config, 'coordination'));
  return { eventStore, readModels, coordination };
}

/** The SQLite files the stores of `openStores` use (none for the stores on servers). */
export function embeddedFiles(config: Config): string[] {
  return [
    ...(config.eventStoreUrl ? [] : [fileOf(config, 'events')]),
    ...(config.mongodbUrl ? [] : [fileOf(config, 'readModels'), fileOf(config, 'coordination')]),
  ];
}
