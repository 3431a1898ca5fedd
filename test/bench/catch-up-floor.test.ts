import Database from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timeCatchUpFloor } from '../../bench/catch-up-floor.ts';
import { timeCatchUp } from '../../bench/catch-up-timing.ts';
import { writeLog } from '../../bench/catch-up.ts';

const tableOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return {
      rows: db.prepare('SELECT * FROM rm_documents ORDER BY id').all(),
      indexes: db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_documents' ORDER BY name").all(),
    };
  } finally {
    db.close();
  }
};

describe('bench catch-up floor', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'catch-up-floor-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every event of the log and writes the rows the catch-up made, with the same schema and indexes', async () => {
    const eventsFile = join(dir, 'events.sqlite');
    const caughtUpFile = join(dir, 'read-models.sqlite');
    const floorFile = join(dir, 'floor.sqlite');
    const { events, documents } = await writeLog(eventsFile, 30);
    await timeCatchUp({ eventsFile, readModelsFile: caughtUpFile });

    const floor = await timeCatchUpFloor({ eventsFile, caughtUpFile, floorFile });

    expect(floor).to.include({ events, rows: documents });
    expect(floor.seconds).to.be.greaterThan(0);
    const caughtUp = tableOf(caughtUpFile);
    expect(caughtUp.rows).to.have.length(10);
    expect(tableOf(floorFile)).to.deep.equal(caughtUp);
  });

  it('says which file has no documents table to copy', async () => {
    const eventsFile = join(dir, 'events.sqlite');
    const empty = join(dir, 'empty.sqlite');
    await writeLog(eventsFile, 3);
    new Database(empty).close();
    let failure: unknown;
    await timeCatchUpFloor({ eventsFile, caughtUpFile: empty, floorFile: join(dir, 'floor.sqlite') }).catch((error) => (failure = error));
    expect(String(failure)).to.contain(`${empty} has no rm_documents table`);
  });
});
