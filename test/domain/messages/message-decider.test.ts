import { expect } from 'chai';
import type { MessageCommand } from '../../../domain/messages/message-commands.ts';
import { messageDecider } from '../../../domain/messages/message-decider.ts';
import type { MessageEvent, MessageRecord } from '../../../domain/messages/message-events.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const LEASE = 5 * 60_000;

const record: MessageRecord = {
  messageId: 'msg_0123456789abcdef0123456789abcdef',
  tenantId: 't',
  environment: 'live',
  application: 'k',
  channel: 'email',
  to: ['ana@example.com'],
  template: { slug: 'codigo-otp', design: 'moderno' },
  brand: 'default',
  data: {},
  subject: 's',
  html: '<p>h</p>',
  text: 't',
  fromName: 'F',
  replyTo: null,
  attachments: [],
  attachmentsStream: null,
  idempotencyKey: null,
  document: null,
};

const spec = deciderSpec(messageDecider);

/** The history `events` followed by what `command` decides on it. */
function run(events: MessageEvent[], command: MessageCommand): MessageEvent[] {
  return [...events, ...spec.givenEvents(...events).when(command).events];
}

const accepted = (): MessageEvent[] => spec.given().when({ type: 'AcceptMessage', record, blockedReason: null, now: T0 }).events;
const start = (at: Date): MessageCommand => ({ type: 'StartAttempt', leaseMs: LEASE, now: at });
const temporary = (attempt: number, at: Date): MessageCommand => ({ type: 'RecordDelivery', attempt, outcome: { kind: 'temporary', error: '451 busy' }, now: at });

describe('message decider', () => {
  it('given nothing, when accepted, then MessageQueued; with a blocked reason, MessageBlocked and no attempt ever starts', () => {
    expect(accepted().map((e) => e.type)).to.deep.equal(['MessageQueued']);
    const blocked = spec.given().when({ type: 'AcceptMessage', record, blockedReason: 'not authorized', now: T0 });
    expect(blocked.events.map((e) => e.type)).to.deep.equal(['MessageBlocked']);
    expect(blocked.state).to.include({ status: 'blocked', statusDetail: 'not authorized' });
    expect(spec.givenEvents(...blocked.events).when(start(minutes(60))).events).to.deep.equal([]);
  });

  it('given an existing message, when accepted again, then it refuses (already_exists)', () => {
    expect(() => spec.givenEvents(...accepted()).when({ type: 'AcceptMessage', record, blockedReason: null, now: T0 })).to.throw(DomainError).with.property('code', 'already_exists');
  });

  it('given a queued message, when an attempt starts, then MessageAttemptStarted with its lease; a second start meanwhile decides nothing', () => {
    const { events, state } = spec.givenEvents(...accepted()).when(start(T0));
    expect(events).to.deep.equal([
      { type: 'MessageAttemptStarted', data: { messageId: record.messageId, attempt: 1, leaseUntil: minutes(5).toISOString(), at: T0.toISOString() } },
    ]);
    expect(state.inFlight).to.deep.equal({ attempt: 1, leaseUntil: minutes(5).toISOString() });
    expect(spec.givenEvents(...accepted(), ...events).when(start(minutes(4))).events).to.deep.equal([]);
  });

  it('given temporary failures, then retries come due after 1, 5, 15 and 60 minutes, and the fifth failure fails the message', () => {
    let events = accepted();
    let now = T0;
    const due: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      events = run(events, start(now));
      events = run(events, temporary(attempt, now));
      const failed = events.filter((e) => e.type === 'MessageAttemptFailed').at(-1)!;
      if (failed.type !== 'MessageAttemptFailed') throw new Error('unreachable');
      if (failed.data.nextAttemptAt) {
        const next = new Date(failed.data.nextAttemptAt);
        // Not a millisecond early.
        expect(spec.givenEvents(...events).when(start(new Date(next.getTime() - 1))).events).to.deep.equal([]);
        due.push(`${(next.getTime() - now.getTime()) / 60_000}`);
        now = next;
      }
    }
    expect(due).to.deep.equal(['1', '5', '15', '60']);
    const final = spec.givenEvents(...events).state;
    expect(final.status).to.equal('failed');
    expect(final.attempts).to.equal(5);
    expect(events.at(-1)!.type).to.equal('MessageFailed');
    expect(spec.givenEvents(...events).when(start(minutes(10_000))).events).to.deep.equal([]);
  });

  it('given an attempt in flight, when a permanent failure is recorded, then the message fails at once', () => {
    const events = run(accepted(), start(T0));
    const { events: decided, state } = spec.givenEvents(...events).when({ type: 'RecordDelivery', attempt: 1, outcome: { kind: 'permanent', error: '550 no such user' }, now: T0 });
    expect(decided.map((e) => e.type)).to.deep.equal(['MessageAttemptFailed', 'MessageFailed']);
    expect(decided[0].data).to.include({ permanent: true, nextAttemptAt: null });
    expect(state).to.include({ status: 'failed' });
    expect(state.statusDetail).to.contain('550 no such user');
  });

  it('given an attempt in flight, when it is sent, then MessageSent (final); a late failure for it changes nothing', () => {
    const events = run(run(accepted(), start(T0)), { type: 'RecordDelivery', attempt: 1, outcome: { kind: 'sent', response: '250 OK', rejected: [] }, now: T0 });
    expect(spec.givenEvents(...events).state.status).to.equal('sent');
    expect(spec.givenEvents(...events).when(temporary(1, T0)).events).to.deep.equal([]);
  });

  it('given an attempt whose lease expired without an outcome, when the scheduler starts one, then that attempt counts as a temporary failure', () => {
    const events = run(accepted(), start(T0));
    const { events: decided } = spec.givenEvents(...events).when(start(minutes(5)));
    expect(decided).to.have.length(1);
    expect(decided[0]).to.deep.include({ type: 'MessageAttemptFailed' });
    expect(decided[0].data).to.include({ attempt: 1, permanent: false, nextAttemptAt: minutes(6).toISOString() });
  });

  it('given a retry is waiting, when a stale failure of an older attempt arrives, then nothing is decided', () => {
    const events = run(run(accepted(), start(T0)), temporary(1, T0));
    expect(spec.givenEvents(...events).when(temporary(1, T0)).events).to.deep.equal([]);
  });
});
