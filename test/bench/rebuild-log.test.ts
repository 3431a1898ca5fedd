import Database from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLog } from '../../bench/rebuild.ts';

describe('bench rebuild log', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rebuild-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds documents as the service makes them: ids scattered (not in the order written), and each its own number and later times', async () => {
    const file = join(dir, 'events.sqlite');
    expect(await writeLog(file, 60)).to.equal(60);
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT stream_id, revision, type, data FROM events ORDER BY position').all() as Array<{ stream_id: string; revision: number; type: string; data: string }>;
      expect(rows.map((row) => row.type).slice(0, 3)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
      const created = rows.filter((row) => row.type === 'DocumentCreated').map((row) => JSON.parse(row.data));
      const validated = rows.filter((row) => row.type === 'DocumentValidated').map((row) => JSON.parse(row.data));
      const ids = created.map((data) => String(data.documentId));
      expect(new Set(ids).size).to.equal(20);
      expect(rows.every((row) => ids.some((id) => row.stream_id.endsWith(id)))).to.equal(true);
      expect(ids, 'scattered as name-based UUIDs are, not counting up').to.not.deep.equal([...ids].sort());
      expect(new Set(validated.map((data) => data.number)).size).to.equal(20);
      const times = created.map((data) => Date.parse(String(data.at)));
      expect(times.every((time, i) => i === 0 || time > times[i - 1])).to.equal(true);
    } finally {
      db.close();
    }
  });
});
