import { expect } from 'chai';
import { familyNamed } from '../../../domain/documents/families/index.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import type { TestApp } from '../../support/test-app.ts';
import { expectProblem, expectSchema } from '../../support/api-test-helpers.ts';
import {
  adjustmentNoteBody,
  create,
  issueValidated,
  noteBody,
  PATHS,
  periodNoteBody,
  REJECTED_IDENTIFICATION,
  supportDocumentBody,
  UNKNOWN_ID,
  type FamilyName,
} from '../../support/family-test-helpers.ts';
import { CLI, messagingTenant, SENDER, startMessagingApp, type MessagingTenant } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';
import { getMessage } from './message-test-helpers.ts';

const RECIPIENT = 'contabilidad@cliente.example';

describe('POST {base}/{id}/email (seed 000) through the messages face', () => {
  let smtp: SmtpTestServer;
  let app: TestApp;
  let tenant: MessagingTenant;
  let invoice: Record<string, any>;

  const email = (family: FamilyName, id: string, body: unknown, key = tenant.key) => http(app.baseUrl, 'POST', `${PATHS[family]}/${id}/email`, { key, body });

  before(async () => {
    smtp = await SmtpTestServer.start();
    app = await startMessagingApp({ SMTP_URL: smtp.url });
    tenant = await messagingTenant(app, { environment: 'test' });
    await app.container.messages.recipients.allow(tenant.tenantId, RECIPIENT, CLI);
    invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
  });
  after(async () => {
    await app.close();
    await smtp.close();
  });

  const bodies: Record<FamilyName, () => Promise<unknown>> = {
    'sales-invoice': async () => sampleInvoice(),
    'credit-note': async () => noteBody({ bill_number: invoice.number }),
    'debit-note': async () => periodNoteBody(),
    'support-document': async () => supportDocumentBody(),
    'adjustment-note': async () => adjustmentNoteBody((await issueValidated(app, 'support-document', tenant.key, supportDocumentBody())).number),
  };
  const expectedFiles: Record<FamilyName, (number: string) => string[]> = {
    'sales-invoice': (n) => [`z${n}.zip`],
    'credit-note': (n) => [`z${n}.zip`],
    'debit-note': (n) => [`z${n}.zip`],
    'support-document': (n) => [`${n}.pdf`, `${n}.xml`],
    'adjustment-note': (n) => [`${n}.pdf`, `${n}.xml`],
  };

  for (const family of Object.keys(PATHS) as FamilyName[]) {
    it(`${family}: 202, then an e-mail with the factura-electronica template, the DIAN subject and the artifacts, listed on the record with its status`, async () => {
      const document = await issueValidated(app, family, tenant.key, await bodies[family]());
      const answer = await email(family, document.id, { email: RECIPIENT });
      expect(answer.status, answer.text).to.equal(202);
      expectSchema('DocumentEmailAccepted', answer.body);
      expect(answer.body).to.deep.include({ status: 'queued', links: { message: `/v1/messages/${answer.body.message_id}`, document: `${PATHS[family]}/${document.id}` } });
      await app.settle();

      const received = smtp.received.find((r) => r.mail.messageId?.startsWith(`<${answer.body.message_id}@`));
      expect(received, 'the e-mail arrived').to.not.equal(undefined);
      const { mail, recipients } = received!;
      const typeCode = familyNamed(family).typeCode;
      expect(mail.subject).to.equal(`900825759;Company 900825759;${document.number};${typeCode};Trade 900825759`);
      expect(recipients).to.deep.equal([RECIPIENT]);
      expect(mail.from?.value[0]).to.deep.equal({ address: SENDER, name: 'Trade 900825759' });
      expect(mail.html).to.contain(document.number).and.contain(document.cufe ?? document.cude ?? document.cuds);
      expect(mail.text).to.contain(`${document.number}`).and.contain('Total a pagar');
      expect(mail.attachments.map((a) => a.filename)).to.deep.equal(expectedFiles[family](document.number));

      const state = await app.container.getDocument.execute(familyNamed(family), document.id, { tenantId: tenant.tenantId, environment: 'test' });
      for (const attachment of mail.attachments) {
        const format = attachment.filename!.endsWith('.zip') ? 'zip' : attachment.filename!.endsWith('.pdf') ? 'pdf' : 'xml';
        const artifact = await app.container.provider.render(state, format);
        expect(attachment.content.equals(artifact!.bytes), `${attachment.filename} bytes`).to.equal(true);
      }

      const message = (await getMessage(app, tenant.key, answer.body.message_id)).body;
      expect(message).to.deep.include({ status: 'sent', template: { slug: 'factura-electronica', design: 'moderno' } });
      expect(message.document).to.deep.equal({ family, id: document.id, number: document.number });
      const record = (await http(app.baseUrl, 'GET', `${PATHS[family]}/${document.id}`, { key: tenant.key })).body;
      expectSchema('DocumentRecord', record);
      expect(record.emails).to.deep.equal([{ id: answer.body.message_id, to: [RECIPIENT], status: 'sent' }]);
    });
  }

  it('given the company’s profile, then its built-in brand shows the address, phone and e-mail in the footer, and replies go to that e-mail', async () => {
    const company = await messagingTenant(app, { environment: 'test', nit: '860034313' });
    await app.container.messages.recipients.allow(company.tenantId, RECIPIENT, CLI);
    const profile = { address: 'Calle 100 # 8A-55', municipality_code: '05001', phone: '604 444 5555', email: 'cartera@empresa.example' };
    await app.container.updateCompanyProfile.execute(company.tenantId, profile, CLI);
    const document = await issueValidated(app, 'sales-invoice', company.key, sampleInvoice());

    const answer = await email('sales-invoice', document.id, { email: RECIPIENT }, company.key);
    expect(answer.status, answer.text).to.equal(202);
    await app.settle();

    const { mail } = smtp.received.find((r) => r.mail.messageId?.startsWith(`<${answer.body.message_id}@`))!;
    expect(mail.replyTo?.value.map((address) => address.address)).to.deep.equal(['cartera@empresa.example']);
    expect(mail.html).to.contain('Calle 100 # 8A-55, Medellín').and.to.contain('604 444 5555').and.to.contain('cartera@empresa.example');
  });

  it('given a recipient off a test key’s list, then 202 blocked, nothing sent, and the record lists it blocked', async () => {
    const before = smtp.received.length;
    const answer = await email('sales-invoice', invoice.id, { email: 'otro@fuera.example' });
    expect(answer.status).to.equal(202);
    expect(answer.body.status).to.equal('blocked');
    expect(answer.body.status_detail).to.contain('otro@fuera.example');
    await app.settle();
    expect(smtp.received.length).to.equal(before);
    const record = (await http(app.baseUrl, 'GET', `${PATHS['sales-invoice']}/${invoice.id}`, { key: tenant.key })).body;
    expect(record.emails.map((e: { status: string }) => e.status)).to.include('blocked');
  });

  it('given a document with no number yet (rejected), then 409 and nothing is created', async () => {
    const rejected = await create(app, 'sales-invoice', tenant.key, sampleInvoice({ identification: REJECTED_IDENTIFICATION }));
    await app.settle();
    const problem = expectProblem(await email('sales-invoice', rejected.id, { email: RECIPIENT }), 409, 'document_not_numbered');
    expect(problem.document_status).to.equal('rejected');
    await app.settle();
    const record = (await http(app.baseUrl, 'GET', `${PATHS['sales-invoice']}/${rejected.id}`, { key: tenant.key })).body;
    expect(record.emails).to.deep.equal([]);
  });

  it('given a missing or invalid address, an id that is not a UUID, or extra fields, then 422 naming the field', async () => {
    expect(expectProblem(await email('sales-invoice', invoice.id, {}), 422).errors[0].field).to.equal('email');
    expect(expectProblem(await email('sales-invoice', invoice.id, { email: 'no-es-correo' }), 422).errors[0].field).to.equal('email');
    expect(expectProblem(await email('sales-invoice', 'not-a-uuid', { email: RECIPIENT }), 422).errors[0].field).to.equal('id');
    expect(expectProblem(await email('sales-invoice', invoice.id, { email: RECIPIENT, customer: true }), 422).errors[0].field).to.equal('customer');
  });

  it('given an unknown id, another company’s document, or the wrong family, then 404', async () => {
    expectProblem(await email('sales-invoice', UNKNOWN_ID, { email: RECIPIENT }), 404);
    const other = await messagingTenant(app, { environment: 'test', nit: '800197268' });
    expectProblem(await email('sales-invoice', invoice.id, { email: RECIPIENT }, other.key), 404);
    expectProblem(await email('credit-note', invoice.id, { email: RECIPIENT }), 404);
  });

  it('given no key, then 401; a key without invoices:write, then 403', async () => {
    expectProblem(await http(app.baseUrl, 'POST', `${PATHS['sales-invoice']}/${invoice.id}/email`, { body: { email: RECIPIENT } }), 401);
    const reader = await app.createKey(tenant.tenantId, ['invoices:read', 'messages:send'], 'test');
    expectProblem(await email('sales-invoice', invoice.id, { email: RECIPIENT }, reader.key), 403, 'insufficient_scope');
  });

  it('given payrolls, then there is no e-mail operation', async () => {
    const answer = await http(app.baseUrl, 'POST', `/payrolls/v1/payrolls/${UNKNOWN_ID}/email`, { key: tenant.key, body: { email: RECIPIENT } });
    expect(answer.status).to.equal(404);
  });
});
