import { MongoServerError, type Collection } from 'mongodb';
import type { CoordinationStore, SharedRecord } from '../../application/ports/coordination-store.ts';
import { StoreUnavailableError } from '../../application/ports/store-errors.ts';
import { databaseNameOf } from '../mongodb/database-name.ts';
import { LazyMongoClient } from '../mongodb/lazy-mongo-client.ts';
import { isTransientMongoError } from '../mongodb/transient-mongo-error.ts';

interface SharedDocument {
  _id: string;
  v: number;
  value: unknown;
}

const DUPLICATE_KEY = 11000;

/**
 * Shared records in the collection `coordination` of MONGODB_URL's database, one document `{_id: key, v, value}` each.
 * A create is an insert (a duplicate key means another instance created it first); a change matches on the version
 * read. Driver errors that mean "not now" become StoreUnavailableError.
 */
export class MongoDbCoordinationStore implements CoordinationStore {
  private readonly client: LazyMongoClient;

  constructor(
    url: string,
    private readonly databaseName: string = databaseNameOf(url),
  ) {
    this.client = new LazyMongoClient(url);
  }

  async read<T>(key: string): Promise<SharedRecord<T> | undefined> {
    const found = await this.run(`reading ${key}`, (records) => records.findOne({ _id: key }));
    return found ? { value: found.value as T, version: found.v } : undefined;
  }

  async write<T>(key: string, value: T, expected: number | undefined): Promise<boolean> {
    // Through JSON, as the SQLite adapter stores it: both give back the same value (no undefined fields, no Dates).
    const stored: unknown = JSON.parse(JSON.stringify(value));
    if (expected !== undefined) {
      const updated = await this.run(`updating ${key}`, (records) => records.updateOne({ _id: key, v: expected }, { $set: { value: stored }, $inc: { v: 1 } }));
      return updated.matchedCount === 1;
    }
    try {
      await this.run(`creating ${key}`, (records) => records.insertOne({ _id: key, v: 1, value: stored }));
      return true;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async remove(key: string, expected: number): Promise<boolean> {
    const removed = await this.run(`removing ${key}`, (records) => records.deleteOne({ _id: key, v: expected }));
    return removed.deletedCount === 1;
  }

  async list<T>(prefix: string): Promise<Array<{ key: string } & SharedRecord<T>>> {
    // Every key with the prefix sorts between the prefix and the prefix followed by the highest code point.
    const range = { $gte: prefix, $lt: `${prefix}\u{10FFFF}` };
    const found = await this.run(`listing ${prefix}`, (records) => records.find({ _id: range }).sort({ _id: 1 }).toArray());
    return found.map((document) => ({ key: document._id, value: document.value as T, version: document.v }));
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async run<R>(attempted: string, operation: (records: Collection<SharedDocument>) => Promise<R>): Promise<R> {
    try {
      const db = await this.client.db(this.databaseName);
      return await operation(db.collection<SharedDocument>('coordination'));
    } catch (error) {
      if (isTransientMongoError(error)) throw new StoreUnavailableError('coordination', `${attempted}: ${(error as Error).message}`, { cause: error });
      throw error;
    }
  }
}
