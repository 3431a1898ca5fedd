import { join } from 'node:path';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { databaseNameOf } from '../mongodb/database-name.ts';
import type { LazyMongoClient } from '../mongodb/lazy-mongo-client.ts';
import { EMBEDDED_STORE_FILES } from '../sqlite/embedded-store-files.ts';
import { openDatabase, type SqliteDatabase } from '../sqlite/open-database.ts';

/** Where the counts are kept: MongoDB when its URL is set, else the coordination file under DATA_DIR. */
export interface LimitStore {
  dataDir: string;
  mongodbUrl?: string;
}

export interface StoreLimit {
  /** Prefix of the counted keys. */
  keyPrefix: string;
  /** SQLite table or MongoDB collection of the counts (letters, digits, underscores). */
  table: string;
  points: number;
  durationSeconds: number;
}

interface Consumption {
  allowed: boolean;
  remaining: number;
  /** Until the key's window ends. */
  msBeforeNext: number;
}

/**
 * A fixed window per key (rate-limiter-flexible) counted where every process of the deployment counts:
 * RateLimiterMongo with MONGODB_URL, else RateLimiterSQLite on a connection of its own to DATA_DIR/coordination.sqlite.
 * Its consume is one upsert statement (in a transaction) that takes the file's write lock before reading the count,
 * so two processes never both take the last point. If the store fails, this process's memory counts instead
 * (insurance): an outage of the store never blocks requests. Opened on first use, so an instance that counts nothing
 * (the workers thread) opens nothing.
 */
export class StoreRateLimiter {
  private readonly insurance: RateLimiterMemory;
  private limiter: Promise<RateLimiterAbstract> | undefined;
  private mongo: LazyMongoClient | undefined;
  private sqlite: SqliteDatabase | undefined;

  constructor(
    private readonly store: LimitStore,
    private readonly limit: StoreLimit,
  ) {
    this.insurance = new RateLimiterMemory({ keyPrefix: limit.keyPrefix, points: limit.points, duration: limit.durationSeconds });
  }

  async consume(key: string): Promise<Consumption> {
    // Unable to open the store (MongoDB unreachable): the insurance counts this one, and the next call tries again.
    const limiter = await this.opened().catch(() => this.insurance);
    try {
      const res = await limiter.consume(key);
      return { allowed: true, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, remaining: rejection.remainingPoints, msBeforeNext: rejection.msBeforeNext };
    }
  }

  async close(): Promise<void> {
    this.limiter = undefined;
    await this.mongo?.close();
    if (this.sqlite?.open) this.sqlite.close();
  }

  private opened(): Promise<RateLimiterAbstract> {
    this.limiter ??= this.open().catch((error: unknown) => {
      this.limiter = undefined;
      throw error;
    });
    return this.limiter;
  }

  private async open(): Promise<RateLimiterAbstract> {
    const { keyPrefix, table, points, durationSeconds } = this.limit;
    const options = { keyPrefix, points, duration: durationSeconds, tableName: table, insuranceLimiter: this.insurance };
    const { mongodbUrl, dataDir } = this.store;
    if (mongodbUrl) {
      // Imported here, so a process on the embedded stores never loads the MongoDB driver (a tenth of its start-up).
      this.mongo ??= new (await import('../mongodb/lazy-mongo-client.ts')).LazyMongoClient(mongodbUrl);
      return new RateLimiterMongo({ ...options, storeClient: await this.mongo.connected(), dbName: databaseNameOf(mongodbUrl) });
    }
    this.sqlite ??= openDatabase(join(dataDir, EMBEDDED_STORE_FILES.coordination));
    const db = this.sqlite;
    // The table is created asynchronously; a consume before it is ready would fail over to the insurance.
    return new Promise((resolve, reject) => {
      const limiter: RateLimiterSQLite = new RateLimiterSQLite({ ...options, storeClient: db, storeType: 'better-sqlite3' }, (error) =>
        error ? reject(error) : resolve(limiter),
      );
    });
  }
}
