import { expect } from 'chai';
import { documentDecider } from '../../../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../../../domain/documents/document-errors.ts';
import { evolveDocument } from '../../../../domain/documents/evolve-document.ts';
import type { DraftDocument } from '../../../../domain/documents/drafts/draft-commands.ts';
import { enteredIssuance } from '../../../../domain/documents/drafts/entered-issuance.ts';
import { salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { EMPTY_COMPANY_PROFILE } from '../../../../domain/tenancy/company-profile.ts';
import { deciderSpec } from '../../../support/decider-spec.ts';
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

const spec = deciderSpec(documentDecider);

describe('documentDecider: the draft path (draft → issued → pending)', () => {
  it('given nothing, when drafted with an incomplete body, then DocumentDrafted keeps it as sent and the draft has not entered issuance', () => {
    const [event] = spec.given().when(draft({ customer: {} })).events;

    expect(event.type).to.equal('DocumentDrafted');
    const state = evolveDocument(spec.given().state, event);
    expect(state).to.include({ status: 'draft', draftedAt: NOW.toISOString(), createdAt: '', transactionId: '' });
    expect(state.body).to.deep.equal({ customer: {} });
    expect(enteredIssuance(state)).to.equal(false);
  });

  it('given a draft, when drafted again with the same request, then nothing; with another request, then already_exists', () => {
    const drafted = spec.given(draft());
    expect(drafted.when(draft()).events).to.deep.equal([]);
    expect(drafted.refused({ ...draft(), requestHash: 'other' }).code).to.equal('already_exists');
  });

  it('given a draft, when edited, then the whole new body is recorded', () => {
    const [event] = spec.given(draft()).when({ type: 'EditDraft', body: { observation: 'x' }, now: LATER }).events;
    expect(event).to.deep.equal({ type: 'DocumentDraftEdited', data: { documentId: 'doc-1', body: { observation: 'x' }, at: LATER.toISOString() } });
  });

  it('given a draft breaking the rules, when finalized, then a DocumentValidationError names the fields', () => {
    const body = sampleInvoice();
    body.items[0].quantity = '0.00';
    expect(() => spec.given(draft(body)).when(finalize)).to.throw(DocumentValidationError).with.property('issues').that.is.not.empty;
  });

  it('given a valid draft, when finalized, then issued with the normalized body, totals and the Colombian issue date', () => {
    const issued = spec.given(draft(), finalize);
    expect(issued.state).to.include({ status: 'issued', issueDate: '2024-02-29', createdAt: '' });
    expect(issued.state.totals).to.include({ payable_amount: '83300.00' });
    expect(issued.when(finalize).events).to.deep.equal([]);
    expect(issued.refused({ type: 'EditDraft', body: {}, now: LATER })).to.include({ code: 'not_editable' });
  });

  it('given an issued document, when transmission is requested, then pending with a transaction and createdAt: it entered issuance', () => {
    const { state } = spec.given(draft(), finalize, transmit());
    expect(state).to.include({ status: 'pending', transactionId: 'tx-1', transmissionKey: 'r1', createdAt: LATER.toISOString() });
    expect(enteredIssuance(state)).to.equal(true);
  });

  it('given an issued document, when transmitted with the company as it is now, then that issuer (profile included) replaces the draft’s', () => {
    const now = { ...issuer, profile: { ...EMPTY_COMPANY_PROFILE, address: 'Calle 1 # 2-3', municipality_code: '11001' } };
    const { events, state } = spec.given(draft(), finalize).when({ ...transmit(), issuer: now });

    expect(events[0].type === 'DocumentTransmissionRequested' && events[0].data.issuer).to.deep.equal(now);
    expect(state.issuer).to.deep.equal(now);
  });

  it('given a transmission recorded without an issuer (before profiles), then the draft’s issuer stands', () => {
    expect(spec.given(draft(), finalize, transmit()).state.issuer).to.deep.equal(issuer);
  });

  it('given a transmitted document, when the same request asks again, then nothing; another request is refused naming the status', () => {
    const transmitted = spec.given(draft(), finalize, transmit('r1'));
    expect(transmitted.when(transmit('r1')).events).to.deep.equal([]);
    const error = transmitted.refused(transmit('r2'));
    expect(error.code).to.equal('not_issuable');
    expect(error.details.status).to.equal('pending');
  });

  it('given a draft, when transmission is requested, then not_issuable (finalize first)', () => {
    expect(spec.given(draft()).refused(transmit()).details.status).to.equal('draft');
  });

  it('given an issued document whose body no longer passes the rules, when transmitted, then a DocumentValidationError', () => {
    const state = { ...spec.given(draft(), finalize).state, body: { ...sampleInvoice(), items: [] } };
    expect(() => spec.givenState(state).when(transmit())).to.throw(DocumentValidationError);
  });

  it('given a draft or an issued document, when discarded, then cancelled; again → nothing; a transmitted one → not_discardable', () => {
    expect(spec.given(draft(), discard).state.status).to.equal('cancelled');
    const discarded = spec.given(draft(), finalize, discard);
    expect(discarded.state.status).to.equal('cancelled');
    expect(discarded.when(discard).events).to.deep.equal([]);
    expect(spec.given(draft(), finalize, transmit()).refused(discard).code).to.equal('not_discardable');
  });

  it('given no document, then editing, finalizing, transmitting and discarding are not_found', () => {
    for (const command of [{ type: 'EditDraft', body: {}, now: LATER } as const, finalize, transmit(), discard]) {
      expect(spec.given().refused(command).code).to.equal('not_found');
    }
  });
});
