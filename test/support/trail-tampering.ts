import Database from 'better-sqlite3';
import { eventHash } from '../../application/audit/event-hash.ts';

/** Edits the SQLite event file directly, behind the service's back, as someone with file access could. */
export class Tamperer {
  constructor(private readonly file: string) {}

  private run(work: (db: Database.Database) => void): void {
    const db = new Database(this.file);
    try {
      db.transaction(() => work(db))();
    } finally {
      db.close();
    }
  }

  position(streamId: string, revision: number): number {
    const db = new Database(this.file, { readonly: true });
    try {
      const row = db.prepare('SELECT position FROM events WHERE stream_id = ? AND revision = ?').get(streamId, revision) as { position: number } | undefined;
      if (!row) throw new Error(`no event ${streamId}@${revision}`);
      return row.position;
    } finally {
      db.close();
    }
  }

  /** Changes one field of the event's data (json_set path like `$.body.observation`). */
  alterData(streamId: string, revision: number, path: string, value: string): void {
    this.run((db) => db.prepare('UPDATE events SET data = json_set(data, ?, ?) WHERE stream_id = ? AND revision = ?').run(path, value, streamId, revision));
  }

  alterMetadata(streamId: string, revision: number, path: string, value: string): void {
    this.run((db) => db.prepare('UPDATE events SET metadata = json_set(metadata, ?, ?) WHERE stream_id = ? AND revision = ?').run(path, value, streamId, revision));
  }

  /** Swaps the revisions of two events of a stream (through a free value: revisions are unique per stream). */
  swapRevisions(streamId: string, a: number, b: number): void {
    this.run((db) => {
      const update = db.prepare('UPDATE events SET revision = ? WHERE stream_id = ? AND revision = ?');
      update.run(-1, streamId, a);
      update.run(a, streamId, b);
      update.run(b, streamId, -1);
    });
  }

  delete(streamId: string, revision: number): void {
    this.run((db) => db.prepare('DELETE FROM events WHERE stream_id = ? AND revision = ?').run(streamId, revision));
  }

  move(streamId: string, revision: number, toStreamId: string, toRevision: number): void {
    this.run((db) =>
      db.prepare('UPDATE events SET stream_id = ?, revision = ? WHERE stream_id = ? AND revision = ?').run(toStreamId, toRevision, streamId, revision),
    );
  }

  /** Alters the data and recomputes that event's own hash, as someone who knows the formula would. */
  alterDataAndRehash(streamId: string, revision: number, path: string, value: string): void {
    this.alterData(streamId, revision, path, value);
    this.run((db) => {
      const row = db.prepare('SELECT * FROM events WHERE stream_id = ? AND revision = ?').get(streamId, revision) as Record<string, any>;
      const metadata = JSON.parse(row.metadata);
      metadata.$hash = eventHash(metadata.$previousHash, {
        streamId,
        revision: BigInt(revision),
        id: row.event_id,
        type: row.type,
        data: JSON.parse(row.data),
        metadata,
      });
      db.prepare('UPDATE events SET metadata = ? WHERE position = ?').run(JSON.stringify(metadata), row.position);
    });
  }
}
