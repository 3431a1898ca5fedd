import { expect } from 'chai';
import type { DocumentCommand } from '../../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../../../domain/documents/document-errors.ts';
import type { DocumentEvent } from '../../../../domain/documents/document-events.ts';
import type { DocumentState } from '../../../../domain/documents/document-state.ts';
import { evolveDocument } from '../../../../domain/documents/evolve-document.ts';
import type { DraftDocument } from '../../../../domain/documents/drafts/draft-commands.ts';
import { enteredIssuance } from '../../../../domain/documents/drafts/entered-issuance.ts';
import { salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { DomainError } from '../../../../domain/shared/domain-error.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';

const NOW = new Date('2024-03-01T03:15:20.000Z');
const LATER = new Date('2024-03-01T04:00:00.000Z');
const issuer = { nit: '900825759', dv: '7', legal_name: 'Emisor SAS', trade_name: 'Emisor' };
const family = salesInvoiceFamily;

const draft = (body: Record<string, unknown> = sampleInvoice()): DraftDocument => ({
  type: 'DraftDocument', family, documentId: 'doc-1', tenantId: 't', environment: 'test', idempotencyKey: 'k', requestHash: 'h', issuer, body, now: NOW,
});
const finalize = { type: 'FinalizeDocument', family, now: LATER } as const;
const transmit = (requestKey = 'r1') => ({ type: 'RequestTransmission', family, transactionId: 'tx-1', requestKey, now: LATER }) as const;
const discard = { type: 'DiscardDraft', now: LATER } as const;

function given(...commands: DocumentCommand[]): DocumentState {
  return commands.reduce((state, command) => documentDecider.decide(command, state).reduce(evolveDocument, state), documentDecider.initialState());
}
const when = (state: DocumentState, command: DocumentCommand): DocumentEvent[] => documentDecider.decide(command, state);
function refused(state: DocumentState, command: DocumentCommand): DomainError {
  try {
    documentDecider.decide(command, state);
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  expect.fail(`${command.type} was accepted`);
}

describe('documentDecider: the draft path (draft → issued → pending)', () => {
  it('given nothing, when drafted with an incomplete body, then DocumentDrafted keeps it as sent and the draft has not entered issuance', () => {
    const [event] = when(given(), draft({ customer: {} }));

    expect(event.type).to.equal('DocumentDrafted');
    const state = evolveDocument(given(), event);
    expect(state).to.include({ status: 'draft', draftedAt: NOW.toISOString(), createdAt: '', transactionId: '' });
    expect(state.body).to.deep.equal({ customer: {} });
    expect(enteredIssuance(state)).to.equal(false);
  });

  it('given a draft, when drafted again with the same request, then nothing; with another request, then already_exists', () => {
    const state = given(draft());
    expect(when(state, draft())).to.deep.equal([]);
    expect(refused(state, { ...draft(), requestHash: 'other' }).code).to.equal('already_exists');
  });

  it('given a draft, when edited, then the whole new body is recorded', () => {
    const [event] = when(given(draft()), { type: 'EditDraft', body: { observation: 'x' }, now: LATER });
    expect(event).to.deep.equal({ type: 'DocumentDraftEdited', data: { documentId: 'doc-1', body: { observation: 'x' }, at: LATER.toISOString() } });
  });

  it('given a draft breaking the rules, when finalized, then a DocumentValidationError names the fields', () => {
    const body = sampleInvoice();
    body.items[0].quantity = '0.00';
    expect(() => when(given(draft(body)), finalize)).to.throw(DocumentValidationError).with.property('issues').that.is.not.empty;
  });

  it('given a valid draft, when finalized, then issued with the normalized body, totals and the Colombian issue date', () => {
    const state = given(draft(), finalize);
    expect(state).to.include({ status: 'issued', issueDate: '2024-02-29', createdAt: '' });
    expect(state.totals).to.include({ payable_amount: '83300.00' });
    expect(when(state, finalize)).to.deep.equal([]);
    expect(refused(state, { type: 'EditDraft', body: {}, now: LATER })).to.include({ code: 'not_editable' });
  });

  it('given an issued document, when transmission is requested, then pending with a transaction and createdAt: it entered issuance', () => {
    const state = given(draft(), finalize, transmit());
    expect(state).to.include({ status: 'pending', transactionId: 'tx-1', transmissionKey: 'r1', createdAt: LATER.toISOString() });
    expect(enteredIssuance(state)).to.equal(true);
  });

  it('given a transmitted document, when the same request asks again, then nothing; another request is refused naming the status', () => {
    const state = given(draft(), finalize, transmit('r1'));
    expect(when(state, transmit('r1'))).to.deep.equal([]);
    const error = refused(state, transmit('r2'));
    expect(error.code).to.equal('not_issuable');
    expect(error.details.status).to.equal('pending');
  });

  it('given a draft, when transmission is requested, then not_issuable (finalize first)', () => {
    expect(refused(given(draft()), transmit()).details.status).to.equal('draft');
  });

  it('given an issued document whose body no longer passes the rules, when transmitted, then a DocumentValidationError', () => {
    const state = { ...given(draft(), finalize), body: { ...sampleInvoice(), items: [] } };
    expect(() => when(state, transmit())).to.throw(DocumentValidationError);
  });

  it('given a draft or an issued document, when discarded, then cancelled; again → nothing; a transmitted one → not_discardable', () => {
    expect(given(draft(), discard).status).to.equal('cancelled');
    const discarded = given(draft(), finalize, discard);
    expect(discarded.status).to.equal('cancelled');
    expect(when(discarded, discard)).to.deep.equal([]);
    expect(refused(given(draft(), finalize, transmit()), discard).code).to.equal('not_discardable');
  });

  it('given no document, then editing, finalizing, transmitting and discarding are not_found', () => {
    for (const command of [{ type: 'EditDraft', body: {}, now: LATER } as const, finalize, transmit(), discard]) {
      expect(refused(given(), command).code).to.equal('not_found');
    }
  });
});
