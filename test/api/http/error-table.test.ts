import { expect } from 'chai';
import { InvoiceNotNumberedError } from '../../../application/acceptance/acceptance-errors.ts';
import { VerificationNotFoundError, VerificationRunningError } from '../../../application/audit/audit-errors.ts';
import { AcceptanceEventNotFoundError, EventNotOwnError } from '../../../application/acceptance/event-xml-errors.ts';
import { ArchiveTooLargeError, DocumentNotNumberedError, RenderingBusyError, RepresentationUnavailableError } from '../../../application/documents/artifact-errors.ts';
import { DocumentNotFoundError, IdempotencyConflictError } from '../../../application/documents/document-errors.ts';
import { DocumentNotAvailableError, DraftShapeError, IdempotencyKeyReusedError } from '../../../application/invoice-management/invoice-management-errors.ts';
import * as messageErrors from '../../../application/messages/message-errors.ts';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { ConcurrencyError } from '../../../application/ports/event-store.ts';
import { EventTooLargeError, StoreFullError, StoreUnavailableError } from '../../../application/ports/store-errors.ts';
import { RebuildRunningError } from '../../../application/rebuilds/rebuild-guard.ts';
import { AcceptanceInputError, EventNotAllowedError } from '../../../domain/acceptance/acceptance-errors.ts';
import { DocumentValidationError } from '../../../domain/documents/document-errors.ts';
import { DomainError, type DomainErrorCode } from '../../../domain/shared/domain-error.ts';
import { WebhookEndpointNotFoundError, WebhookEndpointValidationError } from '../../../domain/webhooks/webhook-endpoint-errors.ts';
import { MissingSecretsKeyError } from '../../../application/ports/secret-cipher.ts';
import { ApiKeyExpiredError } from '../../../application/tenancy/api-key-expired-error.ts';
import { ERROR_CODES } from '../../../api/http/error-codes.ts';
import { JsonTooDeepError } from '../../../api/http/json-body.ts';
import { DOMAIN_ANSWERS, ERROR_ROWS, faceMembers, problemOf } from '../../../api/http/error-table.ts';
import type { Face, ProblemContext } from '../../../api/http/problem-context.ts';
import { Problem, problems } from '../../../api/http/problem.ts';

const issues = [{ field: 'customer.name', message: 'is required' }];
const attachments = (code: 'too_many_attachments' | 'attachments_too_large' | 'invalid_attachment') =>
  new messageErrors.AttachmentRulesError([{ code, field: 'content.attachments', message: 'is refused' }]);

/** At least one failure of every kind the table answers, refusals of the domain apart. */
const SAMPLES: unknown[] = [
  problems.unauthorized('no key'),
  new DocumentValidationError(issues),
  new AcceptanceInputError(issues),
  new EventNotAllowedError('receipt_first', 'the receipt comes first'),
  new DocumentNotFoundError('d-1'),
  new IdempotencyConflictError('d-1'),
  new IdempotencyKeyReusedError(),
  new DraftShapeError(issues),
  new DocumentNotAvailableError('d-1', 'issued'),
  new DocumentNotNumberedError('d-1', 'pending'),
  new RepresentationUnavailableError('d-1', 'pdf'),
  new RenderingBusyError(64),
  new ArchiveTooLargeError(12_000, 10_000),
  new ProviderUnavailableError('connection refused', 7_000),
  new InvoiceNotNumberedError('d-1', 'pending'),
  new AcceptanceEventNotFoundError('d-1', '4'),
  new EventNotOwnError({ code: '030', name: 'Acuse', number: '1', uniqueCode: 'c', effectiveAt: '2026-02-05T15:00:00.000Z', actor: { role: 'receiver', nit: '800197268', name: 'R' } }),
  new messageErrors.MissingVariablesError('codigo-otp', ['codigo']),
  new messageErrors.InvalidVariablesError('codigo-otp', issues),
  new messageErrors.BrandNotFoundError('acme'),
  new messageErrors.MessageNotFoundError('m-1'),
  attachments('too_many_attachments'),
  attachments('attachments_too_large'),
  attachments('invalid_attachment'),
  new messageErrors.SendLimitExceededError(30),
  new RebuildRunningError('documents', null),
  new VerificationRunningError('ver_1'),
  new VerificationNotFoundError('ver_2'),
  new WebhookEndpointValidationError([{ field: 'url', message: 'must be an absolute http or https URL' }]),
  new WebhookEndpointNotFoundError('we_1'),
  new MissingSecretsKeyError('seal a webhook secret'),
  new ApiKeyExpiredError('k-1', '2026-03-31T05:00:00.000Z'),
  new EventTooLargeError('document-d-1', 2_000_000, 1_000_000),
  new ConcurrencyError('document-d-1', 'no_stream', 3n),
  new Error('wrapped', { cause: new StoreUnavailableError('event store', 'connection lost') }),
  new StoreFullError('event store', 'SQLite append: database or disk is full'),
  Object.assign(new Error('Unexpected token'), { type: 'entity.parse.failed', status: 400 }),
  new JsonTooDeepError(64),
  Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413, limit: 1024 }),
  Object.assign(new Error('unsupported charset "latin-9"'), { type: 'charset.unsupported', status: 415 }),
  Object.assign(new Error('invalid gzip data'), { status: 400 }),
];

const CONTEXTS: ProblemContext[] = [{}, { family: 'credit-note' }, { face: 'invoices' }, { face: 'messages' }, { face: 'acceptance' }];
const FACES: Face[] = ['invoices', 'messages', 'acceptance'];
const CODES = Object.keys(DOMAIN_ANSWERS) as DomainErrorCode[];

const refusal = (code: DomainErrorCode) => new DomainError(code, `refused: ${code}`, { status: 'validated', rule: 'receipt_first' });

function expectListed(problem: Problem, what: string): void {
  const listed = ERROR_CODES.filter((entry) => entry.code === problem.code);
  expect(listed, `${what} answers ${problem.code}, which /errors lists`).to.not.be.empty;
  // The listing gives validation_failed as 422 "(400 for headers)"; a draft of the wrong shape is also a 400.
  const statuses = problem.code === 'validation_failed' ? [422, 400] : listed.map((entry) => entry.status);
  expect(statuses, `${what}: the status of ${problem.code}`).to.include(problem.status);
}

describe('The error table (api/http)', () => {
  it('given one failure of each kind, then every row of the table answers at least one of them', () => {
    for (const [index, row] of ERROR_ROWS.entries()) {
      const answered = [...SAMPLES, refusal('not_found')].some((sample) => row(sample, {}) !== undefined);
      expect(answered, `row ${index} answers one of the samples`).to.equal(true);
    }
  });

  it('given any failure in any context, then its problem carries a code that /errors lists with that status', () => {
    for (const sample of SAMPLES) {
      for (const context of CONTEXTS) expectListed(problemOf(sample, context), `${String(sample)} in ${JSON.stringify(context)}`);
    }
  });

  it('given each refusal of the domain, then those the table words are listed; the others keep their own code as a 422', () => {
    for (const code of CODES) {
      const { answer, faces = {} } = DOMAIN_ANSWERS[code];
      for (const context of CONTEXTS) {
        const problem = problemOf(refusal(code), context);
        if (answer || (context.face && faces[context.face])) expectListed(problem, `${code} in ${JSON.stringify(context)}`);
        else expect([problem.status, problem.code, problem.title]).to.deep.equal([422, code, 'Unprocessable']);
      }
    }
  });

  it('given a failure no row recognises, then it is a 500 internal_error that does not echo the failure', () => {
    const problem = problemOf(new Error('the disk caught fire'), { face: 'invoices' });

    expect([problem.status, problem.code]).to.deep.equal([500, 'internal_error']);
    expect(problem.detail).to.not.contain('fire');
  });

  it('given the provider is unavailable, then each face words it its own way, and the messages face as seed 000 does', () => {
    const error = new ProviderUnavailableError('connection refused', 2_500);
    const answer = (face?: Face) => {
      const problem = problemOf(error, { face });
      return [problem.status, problem.code, problem.headers['Retry-After']];
    };

    expect(answer()).to.deep.equal([503, 'provider_unavailable', '3']);
    expect(answer('invoices')).to.deep.equal([503, 'service_unavailable', '3']);
    expect(answer('acceptance')).to.deep.equal([503, 'events_unavailable', '3']);
    expect(answer('messages')).to.deep.equal(answer());
  });

  it('given a store that is full or cannot be reached (itself or as the cause), then seed 000 says storage_full or store_unavailable, seed 001 service_unavailable, each with its Retry-After, never the store\'s own words', () => {
    const answer = (error: unknown, face?: Face) => {
      const problem = problemOf(error, { face });
      return [problem.status, problem.code, problem.headers['Retry-After'], /SQLite|connection lost/.test(problem.detail ?? '')];
    };
    const full = new StoreFullError('event store', 'SQLite append: database or disk is full');
    const unreachable = new StoreUnavailableError('read models', 'connection lost');

    for (const error of [full, new Error('the append failed', { cause: full })]) {
      expect(answer(error)).to.deep.equal([503, 'storage_full', '30', false]);
      expect(answer(error, 'invoices')).to.deep.equal([503, 'service_unavailable', '30', false]);
      expect(answer(error, 'messages')).to.deep.equal(answer(error));
    }
    expect(faceMembers(problemOf(full, { face: 'messages' }), { face: 'messages' })).to.deep.equal({ codigo: 'STORAGE_FULL' });
    expect(answer(unreachable)).to.deep.equal([503, 'store_unavailable', '5', false]);
    expect(answer(unreachable, 'invoices')).to.deep.equal([503, 'service_unavailable', '5', false]);
  });

  it('given every render thread busy with a full queue, then seed 000 says rendering_busy and seed 001 service_unavailable, both retrying in 1 s', () => {
    const error = new RenderingBusyError(64);
    const answer = (face?: Face) => {
      const problem = problemOf(error, { face });
      return [problem.status, problem.code, problem.headers['Retry-After']];
    };

    expect(answer()).to.deep.equal([503, 'rendering_busy', '1']);
    expect(answer('invoices')).to.deep.equal([503, 'service_unavailable', '1']);
  });

  it('given a refusal of the invoice lifecycle, then seed 001 names the invoice status and seed 000 keeps the domain code', () => {
    const error = new DomainError('not_editable', 'only a draft can be edited', { status: 'pending' });

    const invoices = problemOf(error, { face: 'invoices' });
    const seed000 = problemOf(error, {});

    expect([invoices.status, invoices.code, invoices.extra]).to.deep.equal([422, 'invoice_not_editable', { invoice_status: 'transmitting' }]);
    expect([seed000.status, seed000.code]).to.deep.equal([422, 'not_editable']);
  });

  it('given the messages face, then every problem it answers also carries codigo; no other face adds members', () => {
    const problem = problemOf(new messageErrors.BrandNotFoundError('acme'), { face: 'messages' });

    expect(faceMembers(problem, { face: 'messages' })).to.deep.equal({ codigo: 'MARCA_NO_ENCONTRADA' });
    expect(faceMembers(problems.notFound('gone'), { face: 'messages' })).to.deep.equal({ codigo: 'NO_ENCONTRADO' });
    for (const face of FACES.filter((name) => name !== 'messages')) expect(faceMembers(problem, { face })).to.deep.equal({});
    expect(faceMembers(problem, {})).to.deep.equal({});
  });
});
