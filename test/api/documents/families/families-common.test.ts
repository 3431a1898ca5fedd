import { expect } from 'chai';
import { http } from '../../../support/http.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { expectNamesField, expectProblem, expectSchema, shiftDate } from '../../../support/api-test-helpers.ts';
import {
  PATHS,
  REJECTED_IDENTIFICATION,
  UNKNOWN_ID,
  adjustmentNoteBody,
  create,
  issueValidated,
  list,
  newKey,
  periodNoteBody,
  post,
  read,
  record,
  remove,
  supportDocumentBody,
  type FamilyName,
} from '../../../support/family-test-helpers.ts';

/** The four non-invoice emission families of seed 000 and what tells them apart on the wire. */
const FAMILIES: Array<{ family: FamilyName; codeName: 'cude' | 'cuds'; prefix: RegExp }> = [
  { family: 'credit-note', codeName: 'cude', prefix: /^NC\d+$/ },
  { family: 'debit-note', codeName: 'cude', prefix: /^ND\d+$/ },
  { family: 'support-document', codeName: 'cuds', prefix: /^SEDS\d+$/ },
  { family: 'adjustment-note', codeName: 'cuds', prefix: /^NAS\d+$/ },
];

/**
 * A valid body of the family; `rejected` uses the sandbox's rejected counterparty; `observation` changes the content.
 * Adjustment notes need the number of a validated support document of the same tenant.
 */
function bodyOf(family: FamilyName, options: { rejected?: boolean; observation?: string; supportDocumentNumber?: string } = {}) {
  const identification = options.rejected ? REJECTED_IDENTIFICATION : undefined;
  const extra = options.observation ? { observation: options.observation } : {};
  switch (family) {
    case 'credit-note':
    case 'debit-note':
      return periodNoteBody(extra, { identification });
    case 'support-document':
      return supportDocumentBody(extra, identification ? { identification } : {});
    case 'adjustment-note':
      if (!options.supportDocumentNumber) throw new Error('an adjustment note needs a support document number');
      return adjustmentNoteBody(options.supportDocumentNumber, extra, identification ? { identification } : {});
    default:
      throw new Error(`no body for ${family}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectEmpty200(answer: { status: number; text: string }): void {
  expect(answer.status, answer.text).to.equal(200);
  expect(answer.text).to.equal('');
}

describe('Non-invoice emission families: shared operations (credit notes, debit notes, support documents, adjustment notes)', () => {
  describe('lists: filters, pagination, most recent first, tenant scoping', () => {
    let app: TestApp;
    let outsider: TestTenant;
    /** Per family: its own tenant, and three documents oldest first: validated, rejected, validated. */
    const fixtures = new Map<FamilyName, { tenant: TestTenant; ids: string[]; records: Array<Record<string, any>> }>();

    before(async function () {
      this.timeout(60_000);
      app = await startTestApp();
      outsider = await app.createTenant({ nit: '860069804' });
      let nit = 900100001;
      for (const { family } of FAMILIES) {
        const tenant = await app.createTenant({ nit: String(nit++) });
        let supportDocumentNumber: string | undefined;
        if (family === 'adjustment-note') {
          supportDocumentNumber = (await issueValidated(app, 'support-document', tenant.key, supportDocumentBody())).number;
        }
        // A document of a sibling family in the same tenant: it must never show in this family's list.
        if (family === 'credit-note') await create(app, 'debit-note', tenant.key, periodNoteBody());
        if (family === 'debit-note') await create(app, 'credit-note', tenant.key, periodNoteBody());
        if (family === 'support-document') await create(app, 'sales-invoice', tenant.key, sampleInvoice());
        const ids: string[] = [];
        for (const rejected of [false, true, false]) {
          ids.push((await create(app, family, tenant.key, bodyOf(family, { rejected, supportDocumentNumber }))).id);
          await sleep(5);
        }
        fixtures.set(family, { tenant, ids, records: [] });
      }
      // The outsider has one document of every family too (its own support document for its adjustment note).
      const outsiderDocument = await issueValidated(app, 'support-document', outsider.key, supportDocumentBody());
      for (const { family } of FAMILIES) await create(app, family, outsider.key, bodyOf(family, { supportDocumentNumber: outsiderDocument.number }));
      await app.settle();
      for (const { family } of FAMILIES) {
        const fixture = fixtures.get(family)!;
        for (const id of fixture.ids) fixture.records.push(await record(app, family, fixture.tenant.key, id));
      }
    });
    after(() => app.close());

    for (const { family, codeName, prefix } of FAMILIES) {
      describe(family, () => {
        it('given three documents, when listed without parameters, then all three, most recent first, with exact pagination and summary fields', async () => {
          const { tenant, ids, records } = fixtures.get(family)!;
          expect(records.map((document) => document.status)).to.deep.equal(['validated', 'rejected', 'validated']);

          const answer = await list(app, family, tenant.key);

          expect(answer.status, answer.text).to.equal(200);
          expectSchema('DocumentList', answer.body);
          expect(answer.body.pagination).to.deep.equal({ page: 1, per_page: 25, total: 3, total_pages: 1 });
          expect(answer.body.data.map((row: { id: string }) => row.id)).to.deep.equal([...ids].reverse());
          const newest = answer.body.data[0];
          expect(newest.number).to.match(prefix);
          expect(newest.number).to.equal(records[2].number);
          expect(newest[codeName]).to.equal(records[2][codeName]);
          expect(newest.payable_amount).to.equal(records[2].totals.payable_amount);
          expect(newest.links.self).to.equal(`${PATHS[family]}/${ids[2]}`);
          expect(answer.body.data[1].counterparty.identification).to.equal(REJECTED_IDENTIFICATION);
        });

        it('given status filters, then only documents in that status', async () => {
          const { tenant, ids } = fixtures.get(family)!;

          const validated = await list(app, family, tenant.key, 'status=validated');
          const rejected = await list(app, family, tenant.key, 'status=rejected');
          const pending = await list(app, family, tenant.key, 'status=pending');

          expect(validated.body.data.map((row: { id: string }) => row.id)).to.deep.equal([ids[2], ids[0]]);
          expect(rejected.body.data.map((row: { id: string }) => row.id)).to.deep.equal([ids[1]]);
          expect(pending.body.pagination.total).to.equal(0);
          expect(pending.body.data).to.deep.equal([]);
        });

        it('given number=<exact number>, then only that document; an unknown number lists nothing', async () => {
          const { tenant, ids, records } = fixtures.get(family)!;

          const found = await list(app, family, tenant.key, `number=${records[0].number}`);
          const none = await list(app, family, tenant.key, 'number=SETP990000000');

          expect(found.body.data.map((row: { id: string }) => row.id)).to.deep.equal([ids[0]]);
          expect(none.body.pagination.total).to.equal(0);
        });

        it('given issued_from / issued_to, then the bounds are inclusive issue dates', async () => {
          const { tenant, records } = fixtures.get(family)!;
          const day = records[0].issue_date as string;
          expect(records.every((document) => document.issue_date === day)).to.equal(true);

          const same = await list(app, family, tenant.key, `issued_from=${day}&issued_to=${day}`);
          const later = await list(app, family, tenant.key, `issued_from=${shiftDate(day, 1)}`);
          const earlier = await list(app, family, tenant.key, `issued_to=${shiftDate(day, -1)}`);

          expect(same.body.pagination.total).to.equal(3);
          expect(later.body.pagination.total).to.equal(0);
          expect(earlier.body.pagination.total).to.equal(0);
        });

        it('given page and per_page, then pages partition the list without overlap', async () => {
          const { tenant, ids } = fixtures.get(family)!;

          const first = await list(app, family, tenant.key, 'per_page=2&page=1');
          const second = await list(app, family, tenant.key, 'per_page=2&page=2');
          const beyond = await list(app, family, tenant.key, 'per_page=2&page=3');

          expect(first.body.pagination).to.deep.equal({ page: 1, per_page: 2, total: 3, total_pages: 2 });
          expect(second.body.pagination).to.deep.equal({ page: 2, per_page: 2, total: 3, total_pages: 2 });
          expect([...first.body.data, ...second.body.data].map((row: { id: string }) => row.id)).to.deep.equal([...ids].reverse());
          expect(beyond.body.data).to.deep.equal([]);
        });

        it('given invalid filters, then 422 naming each', async () => {
          const { tenant } = fixtures.get(family)!;
          const cases: Array<[string, string]> = [
            ['status=bogus', 'status'],
            ['page=0', 'page'],
            ['per_page=0', 'per_page'],
            ['per_page=101', 'per_page'],
            ['issued_from=2026-13-01', 'issued_from'],
            ['issued_to=yesterday', 'issued_to'],
            ['issued_from=2026-02-01&issued_to=2026-01-01', 'issued_from'],
          ];
          for (const [query, field] of cases) {
            expectNamesField(expectProblem(await list(app, family, tenant.key, query), 422, 'validation_failed'), field);
          }
        });

        it('given another tenant, then it lists only its own documents and cannot read or delete these', async () => {
          const { tenant, ids } = fixtures.get(family)!;
          const stranger = await app.createTenant({ nit: '811111111' });

          const strangerList = await list(app, family, stranger.key);
          const outsiderList = await list(app, family, outsider.key);

          expect(strangerList.body.pagination.total).to.equal(0);
          expect(strangerList.body.data).to.deep.equal([]);
          // The outsider's one document of the family (two support documents: one is its adjustment note's reference).
          expect(outsiderList.body.pagination.total).to.equal(family === 'support-document' ? 2 : 1);
          expect(outsiderList.body.data.map((row: { id: string }) => row.id)).to.not.include.members(ids);
          expectProblem(await read(app, family, outsider.key, ids[0]), 404, 'not_found');
          expectProblem(await remove(app, family, outsider.key, ids[1]), 404, 'not_found');
          expect((await record(app, family, tenant.key, ids[1])).status).to.equal('rejected');
        });

        it('given the same tenant with a live key, then the test-environment documents are neither listed nor readable', async () => {
          const { tenant, ids } = fixtures.get(family)!;
          const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');

          expect((await list(app, family, live.key)).body.pagination.total).to.equal(0);
          expectProblem(await read(app, family, live.key, ids[0]), 404, 'not_found');
        });
      });
    }
  });

  describe('GET and DELETE by id, unknown operations, credentials', () => {
    let app: TestApp;
    let tenant: TestTenant;
    const validated = new Map<FamilyName, Record<string, any>>();
    const rejected = new Map<FamilyName, string>();

    before(async function () {
      this.timeout(30_000);
      app = await startTestApp();
      tenant = await app.createTenant();
      validated.set('sales-invoice', await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice()));
      const supportDocument = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody());
      validated.set('support-document', supportDocument);
      for (const { family } of FAMILIES) {
        if (family !== 'support-document') validated.set(family, await issueValidated(app, family, tenant.key, bodyOf(family, { supportDocumentNumber: supportDocument.number })));
        rejected.set(family, (await create(app, family, tenant.key, bodyOf(family, { rejected: true, supportDocumentNumber: supportDocument.number }))).id);
      }
      await app.settle();
    });
    after(() => app.close());

    for (const { family } of FAMILIES) {
      describe(family, () => {
        it('given the id of a document of another family, when read or deleted under this family, then 404 and the other document is untouched', async () => {
          for (const other of ['sales-invoice', ...FAMILIES.map((entry) => entry.family)] as FamilyName[]) {
            if (other === family) continue;
            const foreign = validated.get(other)!;
            expectProblem(await read(app, family, tenant.key, foreign.id), 404, 'not_found');
            expectProblem(await remove(app, family, tenant.key, foreign.id), 404, 'not_found');
            expect((await record(app, other, tenant.key, foreign.id)).status).to.equal('validated');
          }
        });

        it('given an unknown UUID, then 404; given an id that is not a UUID, then 422 naming id', async () => {
          expectProblem(await read(app, family, tenant.key, UNKNOWN_ID), 404, 'not_found');
          expectProblem(await remove(app, family, tenant.key, UNKNOWN_ID), 404, 'not_found');
          expectNamesField(expectProblem(await read(app, family, tenant.key, 'not-a-uuid'), 422, 'validation_failed'), 'id');
          expectNamesField(expectProblem(await remove(app, family, tenant.key, 'not-a-uuid'), 422, 'validation_failed'), 'id');
        });

        it('given a validated document, when deleted, then 409 document_validated and it stays validated with its number', async () => {
          const document = validated.get(family)!;

          const problem = expectProblem(await remove(app, family, tenant.key, document.id), 409, 'document_validated');

          expect(problem.detail).to.contain('validated');
          const after = await record(app, family, tenant.key, document.id);
          expect(after.status).to.equal('validated');
          expect(after.number).to.equal(document.number);
        });

        it('given a rejected document, when deleted, then 200 with no body and it reads cancelled with its errors kept', async () => {
          const id = rejected.get(family)!;
          expect((await record(app, family, tenant.key, id)).status).to.equal('rejected');

          expectEmpty200(await remove(app, family, tenant.key, id));

          const after = await record(app, family, tenant.key, id);
          expect(after.status).to.equal('cancelled');
          expect(after.number).to.equal(null);
          expect(after.errors).to.be.an('array').that.is.not.empty;
        });

        it('given operations the family does not have (events, PUT, PATCH, POST on an id), then 404 problem+json', async () => {
          const id = validated.get(family)!.id;
          const base = PATHS[family];
          const attempts: Array<[string, string]> = [
            ['GET', `${base}/${id}/events`],
            ['POST', `${base}/${id}/events`],
            ['GET', `${base}/${id}/nothing-here`],
            ['PUT', `${base}/${id}`],
            ['PATCH', `${base}/${id}`],
            ['POST', `${base}/${id}`],
            ['DELETE', base],
          ];
          for (const [method, path] of attempts) {
            const answer = await http(app.baseUrl, method, path, { key: tenant.key, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
            expect(answer.status, `${method} ${path}: ${answer.text}`).to.equal(404);
            expectProblem(answer, 404, 'not_found');
          }
        });

        it('given no key, then 401; given a read-only key, then reads work and POST and DELETE are 403', async () => {
          const document = validated.get(family)!;
          const reader = await app.createKey(tenant.tenantId, ['invoices:read']);
          const body = bodyOf(family, { supportDocumentNumber: validated.get('support-document')!.number });

          expectProblem(await post(app, family, undefined, body), 401);
          expectProblem(await list(app, family, undefined), 401);
          expectProblem(await read(app, family, undefined, document.id), 401);
          expectProblem(await remove(app, family, undefined, document.id), 401);
          expectProblem(await post(app, family, reader.key, body), 403, 'insufficient_scope');
          expectProblem(await remove(app, family, reader.key, rejected.get(family)!), 403, 'insufficient_scope');
          expect((await read(app, family, reader.key, document.id)).status).to.equal(200);
          expect((await list(app, family, reader.key)).status).to.equal(200);
        });
      });
    }
  });

  describe('Idempotency-Key on every family', () => {
    let app: TestApp;
    let tenant: TestTenant;
    let supportDocumentNumber: string;

    before(async () => {
      app = await startTestApp();
      tenant = await app.createTenant();
      supportDocumentNumber = (await issueValidated(app, 'support-document', tenant.key, supportDocumentBody())).number;
    });
    after(() => app.close());

    for (const { family } of FAMILIES) {
      describe(family, () => {
        it('given no Idempotency-Key or one of 7 characters, then 400 naming the header and nothing is appended', async () => {
          await app.settle();
          const head = await app.container.eventStore.headPosition();
          const body = bodyOf(family, { supportDocumentNumber });

          expectNamesField(expectProblem(await post(app, family, tenant.key, body, null), 400, 'idempotency_key_required'), 'Idempotency-Key');
          expectNamesField(expectProblem(await post(app, family, tenant.key, body, '1234567'), 400), 'Idempotency-Key');

          expect(await app.container.eventStore.headPosition()).to.equal(head);
        });

        it('given the same key and the same body, then the same id and transaction_id, marked as a replay, and no second document', async () => {
          const key = newKey();
          const body = bodyOf(family, { supportDocumentNumber });
          const first = await create(app, family, tenant.key, body, key);
          await app.settle();
          const head = await app.container.eventStore.headPosition();

          const again = await post(app, family, tenant.key, bodyOf(family, { supportDocumentNumber }), key);

          expect(again.status, again.text).to.equal(202);
          expect(again.body.id).to.equal(first.id);
          expect(again.body.transaction_id).to.equal(first.transaction_id);
          expect(again.headers.get('idempotent-replayed')).to.equal('true');
          await app.settle();
          expect(await app.container.eventStore.headPosition()).to.equal(head);
          expect((await record(app, family, tenant.key, first.id)).status).to.equal('validated');
        });

        it('given the same key and a different body, then 409 idempotency_conflict and the first document is untouched', async () => {
          const key = newKey();
          const first = await create(app, family, tenant.key, bodyOf(family, { supportDocumentNumber }), key);
          await app.settle();
          const head = await app.container.eventStore.headPosition();

          const answer = await post(app, family, tenant.key, bodyOf(family, { supportDocumentNumber, observation: 'otro contenido' }), key);

          expectProblem(answer, 409, 'idempotency_conflict');
          expect(await app.container.eventStore.headPosition()).to.equal(head);
          expect((await record(app, family, tenant.key, first.id)).observation).to.not.equal('otro contenido');
        });

        it('given a key whose first use was refused (422), when used again with a valid body, then the document is created', async () => {
          const key = newKey();
          const invalid = { ...bodyOf(family, { supportDocumentNumber }), items: [] };
          expect((await post(app, family, tenant.key, invalid, key)).status).to.equal(422);

          const answer = await post(app, family, tenant.key, bodyOf(family, { supportDocumentNumber }), key);

          expect(answer.status, answer.text).to.equal(202);
        });
      });
    }

    it('given one key used on two families, then neither answers with the other family’s document', async () => {
      const key = newKey();
      const credit = await create(app, 'credit-note', tenant.key, periodNoteBody(), key);

      const debit = await post(app, 'debit-note', tenant.key, periodNoteBody(), key);

      expect([202, 409]).to.include(debit.status);
      if (debit.status === 202) {
        expect(debit.body.id).to.not.equal(credit.id);
        expect(debit.body.links.self).to.match(/^\/invoices\/v1\/debit-notes\//);
        expect((await read(app, 'credit-note', tenant.key, debit.body.id)).status).to.equal(404);
      }
    });
  });

  describe('discarding documents that are still pending (workers stopped)', () => {
    let app: TestApp;
    let tenant: TestTenant;

    before(async () => {
      app = await startTestApp({}, { workers: false });
      tenant = await app.createTenant();
    });
    after(() => app.close());

    for (const family of ['credit-note', 'debit-note', 'support-document'] as FamilyName[]) {
      it(`given a pending ${family}, when deleted, then 200 with no body, it reads cancelled with no number, and deleting again is 200`, async () => {
        const accepted = await create(app, family, tenant.key, bodyOf(family));
        const pending = await record(app, family, tenant.key, accepted.id);
        expect(pending.status).to.equal('pending');
        expect(pending.number).to.equal(null);

        expectEmpty200(await remove(app, family, tenant.key, accepted.id));

        const after = await record(app, family, tenant.key, accepted.id);
        expect(after.status).to.equal('cancelled');
        expect(after.number).to.equal(null);
        expectEmpty200(await remove(app, family, tenant.key, accepted.id));
      });
    }

    it('given a pending adjustment note (its support document validated first), when deleted, then 200 and cancelled; it is never submitted', async () => {
      await app.container.startWorkers();
      const supportDocument = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody());
      await app.container.runner('submission').stop();

      const accepted = await create(app, 'adjustment-note', tenant.key, adjustmentNoteBody(supportDocument.number, { concept: '2' }));
      expect((await record(app, 'adjustment-note', tenant.key, accepted.id)).status).to.equal('pending');

      expectEmpty200(await remove(app, 'adjustment-note', tenant.key, accepted.id));

      await app.container.runner('submission').start();
      await app.settle();
      const after = await record(app, 'adjustment-note', tenant.key, accepted.id);
      expect(after.status).to.equal('cancelled');
      expect(after.number).to.equal(null);
      const adjusted = await record(app, 'support-document', tenant.key, supportDocument.id);
      expect(adjusted.status, 'a discarded annulment voids nothing').to.equal('validated');
      expect(adjusted).to.not.have.property('voided_by');
    });
  });
});
