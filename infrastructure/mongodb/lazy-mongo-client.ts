import { MongoClient, type Db } from 'mongodb';

/**
 * A MongoClient connected on first use, so an unreachable server fails operations rather than start-up. A failed
 * connect is attempted again by the next use: left to itself, the driver closes a client whose first automatic connect
 * failed, and every later operation fails with "Topology is closed".
 */
export class LazyMongoClient {
  /** For handles (databases, collections) made before the connection; operations on them must await `connected()`. */
  readonly client: MongoClient;
  private connecting: Promise<MongoClient> | undefined;

  constructor(url: string) {
    this.client = new MongoClient(url);
  }

  /** The database, once the client is connected. */
  async db(name: string): Promise<Db> {
    return (await this.connected()).db(name);
  }

  connected(): Promise<MongoClient> {
    this.connecting ??= this.client.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    this.connecting = undefined;
    await this.client.close();
  }
}
