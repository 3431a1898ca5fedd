import { expect } from 'chai';
import { acceptanceDecider } from '../../../domain/acceptance/acceptance-decider.ts';
import type { AcceptanceEvent, AcceptanceEventRecorded } from '../../../domain/acceptance/acceptance-events.ts';
import { eventCude } from '../../../domain/unique-codes/event-cude.ts';
import { fold, invoiceFacts, PIN, RECEIVER, send, tacit, trailAfter } from './trail-fixtures.ts';

const V5 = '0d91ba25b01f5e7dbda870a11b274501d3a62a73e91932c473c86c93f12a142a2ac45876efcde3e679024a01c0be41f9';
const recorded = (events: AcceptanceEvent[]) => events.find((e): e is AcceptanceEventRecorded => e.type === 'AcceptanceEventRecorded')!;

describe('acceptance decider', () => {
  it('given invoice FE123 of 800197268 to 99998888, when the receiver sends 030 at 2019-04-30 19:48:50 COT with PIN 11111, then its CUDE is vector V5', () => {
    const [event] = acceptanceDecider.decide(
      {
        type: 'RecordReceiverEvent',
        invoice: invoiceFacts({ number: 'FE123', issuerNit: '800197268', customerIdentification: '99998888' }),
        receiver: { tenantId: 't', nit: '99998888', name: 'Buyer' },
        code: '030',
        softwarePin: '11111',
        now: new Date('2019-04-30T19:48:50-05:00'),
      },
      acceptanceDecider.initialState(),
    ) as AcceptanceEventRecorded[];

    expect(event.data).to.deep.include({ number: '1', issueDate: '2019-04-30', issueTime: '19:48:50-05:00', emitterNit: '99998888', receiverId: '800197268' });
    expect(event.data.uniqueCode).to.equal(V5);
  });

  it('given 030, when 032 is sent, then it is number 2 with the CUDE of its own fields (receiver → issuer)', () => {
    const now = new Date('2026-02-05T15:00:00Z');
    const event = recorded(send(trailAfter(['030']), '032', { now }));
    expect(event.data).to.deep.include({ code: '032', name: 'Recibo del bien y/o prestación del servicio', number: '2', effectiveAt: now.toISOString() });
    expect(event.data.actor).to.deep.equal({ role: 'receiver', nit: RECEIVER.nit, name: RECEIVER.name });
    expect(event.data.uniqueCode).to.equal(
      eventCude({
        eventNumber: '2',
        issueDate: '2026-02-05',
        issueTime: '10:00:00-05:00',
        issuerNit: RECEIVER.nit,
        receiverId: '900825759',
        responseCode: '032',
        referencedDocumentNumber: 'SETP990000001',
        referencedDocumentTypeCode: '01',
        softwarePin: PIN,
      }),
    );
  });

  it('given a credit invoice with 030, when 032 is sent on Thursday 2026-02-05, then 034 is scheduled for Wednesday 2026-02-11 00:00 COT', () => {
    const events = send(trailAfter(['030']), '032', { now: new Date('2026-02-05T15:00:00Z') });
    expect(events[1]).to.deep.equal({
      type: 'TacitAcceptanceScheduled',
      data: { invoiceId: invoiceFacts().invoiceId, goodsReceivedAt: '2026-02-05T15:00:00.000Z', dueAt: '2026-02-11T05:00:00.000Z', at: '2026-02-05T15:00:00.000Z' },
    });
  });

  it('given a cash invoice with 030, when 032 is sent, then no tacit acceptance is scheduled', () => {
    const cash = invoiceFacts({ credit: false });
    const events = send(trailAfter(['030'], cash), '032', { invoice: cash });
    expect(events.map((e) => e.type)).to.deep.equal(['AcceptanceEventRecorded']);
  });

  describe('tacit acceptance (034)', () => {
    const received = trailAfter(['030', '032']);
    const due = new Date(received.tacitDueAt!);

    it('given 032 on a credit invoice, when the deadline has not come, then nothing is recorded', () => {
      expect(tacit(received, new Date(due.getTime() - 1))).to.deep.equal([]);
    });

    it('given 032 on a credit invoice, when the deadline comes, then the issuer records 034 addressed to the customer', () => {
      const event = recorded(tacit(received, due));
      expect(event.data).to.deep.include({ code: '034', name: 'Aceptación tácita', number: '3', emitterNit: '900825759', receiverId: RECEIVER.nit });
      expect(event.data.actor).to.deep.equal({ role: 'issuer', nit: '900825759', name: 'Issuer S.A.S.' });
      expect(fold([event], received).tacitDueAt).to.equal(null);
    });

    it('given the companies here registered with the customer NIT, when 034 is recorded, then it names them (and none when there are none)', () => {
      const named = recorded(acceptanceDecider.decide({ type: 'RecordTacitAcceptance', invoice: invoiceFacts(), receiverTenantIds: ['r1', 'r2'], softwarePin: PIN, now: due }, received));
      expect(named.data.receiverTenantIds).to.deep.equal(['r1', 'r2']);
      const none = recorded(acceptanceDecider.decide({ type: 'RecordTacitAcceptance', invoice: invoiceFacts(), receiverTenantIds: [], softwarePin: PIN, now: due }, received));
      expect(none.data).to.not.have.property('receiverTenantIds');
      expect(named.data.uniqueCode).to.equal(none.data.uniqueCode);
    });

    it('given 034 was recorded, when the deadline is handled again, then nothing more is recorded', () => {
      const accepted = fold(tacit(received, due), received);
      expect(tacit(accepted, due)).to.deep.equal([]);
    });

    for (const code of ['031', '033']) {
      it(`given ${code} came before the deadline, when it comes, then no 034 is recorded`, () => {
        const settled = fold(send(received, code), received);
        expect(settled.tacitDueAt).to.equal(null);
        expect(tacit(settled, due)).to.deep.equal([]);
      });
    }

    it('given the invoice was voided before the deadline, when it comes, then the deadline is cancelled instead', () => {
      const [event] = tacit(received, due, invoiceFacts({ voided: true }));
      expect(event.type).to.equal('TacitAcceptanceCancelled');
      expect(fold([event], received).tacitDueAt).to.equal(null);
    });

    it('given 034 was recorded, when the receiver sends 031, then accepted_invoice_final refuses it', () => {
      const accepted = fold(tacit(received, due), received);
      expect(() => send(accepted, '031')).to.throw().with.property('rule', 'accepted_invoice_final');
    });
  });
});
