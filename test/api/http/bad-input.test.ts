import { expect } from 'chai';
import { http, type HttpAnswer } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { appendsNothing, BASE, expectNamesField, expectProblem, newIdempotencyKey } from '../../support/api-test-helpers.ts';

type Body = Record<string, any>;

/** A mutation of the valid sample and the field the answer must name. */
interface BadBody {
  description: string;
  mutate: (body: Body) => unknown;
  field: string;
}

const BAD_BODIES: BadBody[] = [
  // wrong JSON types
  { description: 'quantity as a JSON number', mutate: (b) => ((b.items[0].quantity = 1), b), field: 'items[0].quantity' },
  { description: 'price as a JSON number', mutate: (b) => ((b.items[1].price = 20000), b), field: 'items[1].price' },
  { description: 'payment amount as a JSON number', mutate: (b) => ((b.payment_details[0].amount = 83300), b), field: 'payment_details[0].amount' },
  { description: 'customer as a string', mutate: (b) => ((b.customer = 'Alan'), b), field: 'customer' },
  { description: 'items as an object', mutate: (b) => ((b.items = { 0: b.items[0] }), b), field: 'items' },
  { description: 'responsibilities as a string', mutate: (b) => ((b.customer.responsibilities = 'R-99-PN'), b), field: 'customer.responsibilities' },
  { description: 'taxes rate as a number', mutate: (b) => ((b.items[0].taxes[0].rate = 19), b), field: 'items[0].taxes[0].rate' },
  { description: 'an invalid customer e-mail', mutate: (b) => ((b.customer.email = 'not-an-email'), b), field: 'customer.email' },
  { description: 'a body that is a JSON array', mutate: (b) => [b], field: '(body)' },
  // missing required fields
  { description: 'no customer', mutate: (b) => (delete b.customer, b), field: 'customer' },
  { description: 'no items', mutate: (b) => (delete b.items, b), field: 'items' },
  { description: 'no payment_details', mutate: (b) => (delete b.payment_details, b), field: 'payment_details' },
  { description: 'no items[0].price', mutate: (b) => (delete b.items[0].price, b), field: 'items[0].price' },
  { description: 'no items[1].quantity', mutate: (b) => (delete b.items[1].quantity, b), field: 'items[1].quantity' },
  { description: 'no customer.identification', mutate: (b) => (delete b.customer.identification, b), field: 'customer.identification' },
  { description: 'no payment_details[0].amount', mutate: (b) => (delete b.payment_details[0].amount, b), field: 'payment_details[0].amount' },
  { description: 'an empty items array', mutate: (b) => ((b.items = []), b), field: 'items' },
  { description: 'an empty payment_details array', mutate: (b) => ((b.payment_details = []), b), field: 'payment_details' },
  // unknown fields
  { description: 'an unknown top-level field', mutate: (b) => ((b.discount = '10.00'), b), field: 'discount' },
  { description: 'an unknown customer field', mutate: (b) => ((b.customer.nickname = 'Al'), b), field: 'customer.nickname' },
  { description: 'an unknown item field', mutate: (b) => ((b.items[1].colour = 'red'), b), field: 'items[1].colour' },
  { description: 'an unknown tax field', mutate: (b) => ((b.items[0].taxes[0].base = '1.00'), b), field: 'items[0].taxes[0].base' },
  { description: 'an unknown payment field', mutate: (b) => ((b.payment_details[0].bank = 'X'), b), field: 'payment_details[0].bank' },
  // unknown catalog codes
  { description: 'identification_document_code "99"', mutate: (b) => ((b.customer.identification_document_code = '99'), b), field: 'customer.identification_document_code' },
  { description: 'municipality_code "99999"', mutate: (b) => ((b.customer.municipality_code = '99999'), b), field: 'customer.municipality_code' },
  { description: 'an unknown unit measure', mutate: (b) => ((b.items[0].unit_measure_code = 'XYZ'), b), field: 'items[0].unit_measure_code' },
  { description: 'an unknown tax code', mutate: (b) => ((b.items[0].taxes[0].code = '99'), b), field: 'items[0].taxes[0].code' },
  { description: 'an unknown payment method', mutate: (b) => ((b.payment_details[0].payment_method_code = '999'), b), field: 'payment_details[0].payment_method_code' },
  { description: 'an unknown payment form', mutate: (b) => ((b.payment_details[0].payment_form = '7'), b), field: 'payment_details[0].payment_form' },
  { description: 'an unknown legal organization', mutate: (b) => ((b.customer.legal_organization = '9'), b), field: 'customer.legal_organization' },
  { description: 'an unknown standard code', mutate: (b) => ((b.items[0].standard_code = '555'), b), field: 'items[0].standard_code' },
  { description: 'an unknown fiscal responsibility', mutate: (b) => ((b.customer.responsibilities = ['R-00-XX']), b), field: 'customer.responsibilities[0]' },
  // decimals
  { description: 'a price with three decimals "1.005"', mutate: (b) => ((b.items[0].price = '1.005'), b), field: 'items[0].price' },
  { description: 'a quantity with three decimals', mutate: (b) => ((b.items[0].quantity = '1.005'), b), field: 'items[0].quantity' },
  { description: 'a negative price "-5.00"', mutate: (b) => ((b.items[0].price = '-5.00'), b), field: 'items[0].price' },
  { description: 'a negative quantity', mutate: (b) => ((b.items[0].quantity = '-1.00'), b), field: 'items[0].quantity' },
  { description: 'a negative payment amount', mutate: (b) => ((b.payment_details[0].amount = '-83300.00'), b), field: 'payment_details[0].amount' },
  { description: 'a zero quantity', mutate: (b) => ((b.items[0].quantity = '0.00'), b), field: 'items[0].quantity' },
  { description: 'a price written with a comma', mutate: (b) => ((b.items[0].price = '10000,00'), b), field: 'items[0].price' },
  { description: 'a discount rate above 100', mutate: (b) => ((b.items[0].discount_rate = '100.01'), b), field: 'items[0].discount_rate' },
  { description: 'a VAT rate that does not exist', mutate: (b) => ((b.items[0].taxes[0].rate = '17.00'), b), field: 'items[0].taxes[0].rate' },
  // business rules
  {
    description: 'payment details that do not add up to the payable amount',
    mutate: (b) => ((b.payment_details[0].amount = '83299.99'), b),
    field: 'payment_details',
  },
  {
    description: 'two payment details that add up to more than the payable amount',
    mutate: (b) => ((b.payment_details = [{ ...b.payment_details[0], amount: '80000.00' }, { ...b.payment_details[0], amount: '4000.00' }]), b),
    field: 'payment_details',
  },
  { description: 'a wrong NIT check digit with code 31', mutate: (b) => ((b.customer.dv = '5'), b), field: 'customer.dv' },
  { description: 'a NIT with dots and dash', mutate: (b) => ((b.customer.identification = '123.456.789-6'), b), field: 'customer.identification' },
  { description: 'a due date that is not a calendar date', mutate: (b) => ((b.payment_details[0].due_date = '2026-02-30'), b), field: 'payment_details[0].due_date' },
  { description: 'the same tax twice on one line', mutate: (b) => (b.items[0].taxes.push({ code: '01', rate: '19.00' }), b), field: 'items[0].taxes[1].code' },
];

describe('Bad input on POST /invoices/v1/sales-invoices', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    await app.settle();
  });
  after(() => app.close());

  const refused = (send: () => Promise<HttpAnswer>) => appendsNothing(app, send);

  const post = (options: { body?: unknown; rawBody?: string; headers?: Record<string, string> }) =>
    http(app.baseUrl, 'POST', BASE, { key: tenant.key, ...options, headers: { 'Idempotency-Key': newIdempotencyKey(), ...options.headers } });

  it('given the valid sample, then it is accepted (the baseline of every mutation below)', async () => {
    expect((await post({ body: sampleInvoice() })).status).to.equal(202);
    await app.settle();
  });

  for (const bad of BAD_BODIES) {
    it(`given ${bad.description}, then 422 names ${bad.field} and nothing is appended`, async () => {
      const answer = await refused(() => post({ body: bad.mutate(sampleInvoice()) }));

      const problem = expectProblem(answer, 422, 'validation_failed');
      expect(problem.errors, answer.text).to.be.an('array').that.is.not.empty;
      for (const issue of problem.errors) {
        expect(issue.field).to.be.a('string').and.not.equal('');
        expect(issue.message).to.be.a('string').and.not.equal('');
      }
      expectNamesField(problem, bad.field);
    });
  }

  it('given several faults at once, then errors[] names each of them', async () => {
    const body = sampleInvoice();
    body.items[0].price = '1.005';
    body.customer.municipality_code = '99999';
    body.payment_details[0].payment_method_code = '999';

    const problem = expectProblem(await refused(() => post({ body })), 422);

    for (const field of ['items[0].price', 'customer.municipality_code', 'payment_details[0].payment_method_code']) expectNamesField(problem, field);
  });

  it('given a wrong check digit, then the message states the right one', async () => {
    const body = sampleInvoice();
    body.customer.dv = '5';

    const problem = expectProblem(await refused(() => post({ body })), 422);

    const issue = problem.errors.find((e: { field: string }) => e.field === 'customer.dv');
    expect(issue.message).to.contain('6');
  });

  it('given a check digit on a document that is not a NIT, then it is not compared', async () => {
    const body = sampleInvoice();
    body.customer.identification_document_code = '13';
    body.customer.identification = '1234567890';
    body.customer.dv = '0';

    expect((await post({ body })).status).to.equal(202);
    await app.settle();
  });

  it('given malformed JSON, then 400 malformed_json and nothing is appended', async () => {
    const answer = await refused(() => post({ rawBody: '{"customer": {', headers: { 'Content-Type': 'application/json' } }));

    expectProblem(answer, 400, 'malformed_json');
  });

  it('given malformed JSON, then the problem still carries the request path in instance', async () => {
    const problem = expectProblem(await post({ rawBody: '{oops}' }), 400);

    expect(problem.instance.startsWith(BASE)).to.equal(true);
  });

  it('given an empty JSON body, then a 4xx problem and nothing is appended', async () => {
    const answer = await refused(() => post({ rawBody: '', headers: { 'Content-Type': 'application/json' } }));

    expect(answer.status).to.be.within(400, 499);
    expectProblem(answer, answer.status);
  });

  it('given the JSON literal null, then 422 and nothing is appended', async () => {
    const answer = await refused(() => post({ rawBody: 'null' }));

    expectProblem(answer, 422, 'validation_failed');
  });

  it('given a body over 1 MiB, then 413 payload_too_large and nothing is appended', async () => {
    const body = sampleInvoice({ observation: 'x'.repeat(1_100_000) });

    const answer = await refused(() => post({ body }));

    expectProblem(answer, 413, 'payload_too_large');
  });

  it('given a body just under 1 MiB that breaks a length rule, then it is parsed and refused as 422, not 413', async () => {
    const body = sampleInvoice({ observation: 'x'.repeat(1_000_000) });

    const problem = expectProblem(await refused(() => post({ body })), 422);

    expectNamesField(problem, 'observation');
  });

  it('given a text/plain content type, then 415 and nothing is appended', async () => {
    const answer = await refused(() => post({ rawBody: JSON.stringify(sampleInvoice()), headers: { 'Content-Type': 'text/plain' } }));

    expectProblem(answer, 415, 'unsupported_media_type');
  });

  it('given a form-encoded body, then 415 and nothing is appended', async () => {
    const answer = await refused(() => post({ rawBody: 'customer=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }));

    expectProblem(answer, 415, 'unsupported_media_type');
  });

  it('given no body and no content type, then a 4xx problem and nothing is appended', async () => {
    const answer = await refused(() => http(app.baseUrl, 'POST', BASE, { key: tenant.key, headers: { 'Idempotency-Key': newIdempotencyKey() } }));

    expect(answer.status).to.be.within(400, 499);
    expectProblem(answer, answer.status);
  });

  it('given a body that claims gzip but is not, then a 400 problem and nothing is appended', async () => {
    const answer = await refused(async () => {
      const response = await fetch(`${app.baseUrl}${BASE}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tenant.key}`, 'Idempotency-Key': newIdempotencyKey(), 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: JSON.stringify(sampleInvoice()),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
    });

    expectProblem(answer, 400);
  });

  it('given an unsupported content encoding, then 415 and nothing is appended', async () => {
    const answer = await refused(() => post({ rawBody: JSON.stringify(sampleInvoice()), headers: { 'Content-Encoding': 'compress' } }));

    expectProblem(answer, 415, 'unsupported_media_type');
  });

  it('given an unsupported charset, then 415', async () => {
    const answer = await refused(() => post({ rawBody: JSON.stringify(sampleInvoice()), headers: { 'Content-Type': 'application/json; charset=latin-9' } }));

    expectProblem(answer, 415, 'unsupported_media_type');
  });

  it('given application/json with an explicit utf-8 charset, then it is accepted', async () => {
    const answer = await post({ rawBody: JSON.stringify(sampleInvoice()), headers: { 'Content-Type': 'application/json; charset=utf-8' } });

    expect(answer.status, answer.text).to.equal(202);
    await app.settle();
  });
});
