import Database from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timeProjectionFloor } from '../../bench/projection-floor.ts';
import { timeCatchUp } from '../../bench/catch-up-timing.ts';
import { writeLog } from '../../bench/catch-up.ts';

const tableOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return {
      table: db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'rm_documents'").get(),
      rows: db.prepare('SELECT * FROM rm_documents ORDER BY id').all(),
      // The primary key's index included (no SQL of its own).
      indexes: db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_documents' ORDER BY name").all(),
    };
  } finally {
    db.close();
  }
};

describe('bench projection floor', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'projection-floor-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  for (const indexesAfter of [false, true]) {
    it(`reads every event of the log and writes the rows the projection made, with the same schema and indexes (indexes ${indexesAfter ? 'last' : 'first'})`, async () => {
      const eventsFile = join(dir, 'events.sqlite');
      const builtFile = join(dir, 'read-models.sqlite');
      const floorFile = join(dir, 'floor.sqlite');
      const { events, documents } = await writeLog(eventsFile, 30);
      await timeCatchUp({ eventsFile, readModelsFile: builtFile });

      const floor = await timeProjectionFloor({ eventsFile, builtFile, collection: 'documents', floorFile, eventsPerCommit: 500, indexesAfter });

      expect(floor).to.include({ events, rows: documents });
      expect(floor.seconds).to.be.greaterThan(0);
      const built = tableOf(builtFile);
      expect(built.rows).to.have.length(10);
      expect(built.indexes).to.have.length(8);
      expect(tableOf(floorFile)).to.deep.equal(built);
    });
  }

  it('says which file has no documents table to copy', async () => {
    const eventsFile = join(dir, 'events.sqlite');
    const empty = join(dir, 'empty.sqlite');
    await writeLog(eventsFile, 3);
    new Database(empty).close();
    let failure: unknown;
    await timeProjectionFloor({ eventsFile, builtFile: empty, collection: 'documents', floorFile: join(dir, 'floor.sqlite'), eventsPerCommit: 500, indexesAfter: false }).catch(
      (error: unknown) => (failure = error),
    );
    expect(String(failure)).to.contain(`${empty} has no rm_documents table`);
  });
});
