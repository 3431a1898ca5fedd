import { expect } from 'chai';
import type { AttemptOutcome, WebhookQueueCommand } from '../../../domain/webhooks/webhook-queue-commands.ts';
import { webhookQueueDecider } from '../../../domain/webhooks/webhook-queue-decider.ts';
import type { QueuedNotification, WebhookQueueEvent } from '../../../domain/webhooks/webhook-queue-events.ts';
import { headOf } from '../../../domain/webhooks/webhook-queue-state.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const after = (ms: number) => new Date(T0.getTime() + ms);
const iso = (ms: number) => after(ms).toISOString();
const LEASE = 30 * SECOND;
const ENDPOINT = 'whe_1';

const notification = (n: number): QueuedNotification => ({
  id: `evt_${n}`,
  type: 'document.created',
  tenantId: 't',
  environment: 'test',
  createdAt: T0.toISOString(),
  subject: 'doc-1',
  source: { eventId: `e${n}`, streamId: 'salesInvoice-doc-1', revision: String(n), position: String(100 + n) },
});

const spec = deciderSpec(webhookQueueDecider);
const queue = (n: number, reason: 'event' | 'replay' = 'event', at = 0): WebhookQueueCommand => ({
  type: 'QueueDeliveries',
  endpointId: ENDPOINT,
  reason,
  deliveries: [{ deliveryId: `whd_${n}${reason === 'event' ? '' : `_${reason}`}`, notification: notification(n) }],
  now: after(at),
});
const start = (at: number, endpoint: 'active' | 'disabled' | 'deleted' = 'active'): WebhookQueueCommand => ({ type: 'StartAttempt', leaseMs: LEASE, endpoint, now: after(at) });
const answered = (status: number, excerpt = 'ok'): AttemptOutcome => ({ kind: 'answered', status, durationMs: 12, excerpt });
const record = (deliveryId: string, attempt: number, outcome: AttemptOutcome, at: number): WebhookQueueCommand => ({ type: 'RecordAttempt', deliveryId, attempt, outcome, now: after(at) });

/** Decides each command on the state the ones before it left; answers every event. */
function history(...commands: WebhookQueueCommand[]): WebhookQueueEvent[] {
  return [...spec.given(...commands).events];
}

describe('webhook queue decider', () => {
  it('given nothing, when an event is queued, then WebhookDeliveryQueued naming itself the head, due at once', () => {
    const { events, state } = spec.given().when(queue(1));
    expect(events).to.deep.equal([
      {
        type: 'WebhookDeliveryQueued',
        data: { endpointId: ENDPOINT, deliveryId: 'whd_1', reason: 'event', notification: notification(1), at: iso(0), head: 'whd_1', dueAt: iso(0) },
      },
    ]);
    expect(state.endpointId).to.equal(ENDPOINT);
  });

  it('given an event already queued from the log, when it is queued again (the dispatcher after a crash), then nothing; a replay of it is queued', () => {
    const scenario = spec.given(queue(1));
    expect(scenario.when(queue(1)).events).to.deep.equal([]);
    const replay = scenario.when(queue(1, 'replay'));
    expect(replay.events.map((event) => [event.type, event.data.deliveryId])).to.deep.equal([['WebhookDeliveryQueued', 'whd_1_replay']]);
    expect(replay.events[0].data).to.include({ head: 'whd_1', dueAt: iso(0) });
  });

  it('given a queued delivery, when an attempt starts, then the intent with its lease (the queue due at its end); a second start meanwhile decides nothing', () => {
    const { events, state } = spec.given(queue(1)).when(start(0));
    expect(events).to.deep.equal([
      { type: 'WebhookAttemptStarted', data: { endpointId: ENDPOINT, deliveryId: 'whd_1', attempt: 1, leaseUntil: iso(LEASE), at: iso(0), head: 'whd_1', dueAt: iso(LEASE) } },
    ]);
    expect(spec.givenState(state).when(start(LEASE - 1)).events).to.deep.equal([]);
  });

  it('given a 2xx, then succeeded, and the next delivery becomes the head, due at once', () => {
    const { events, state } = spec.given(queue(1), queue(2), start(0)).when(record('whd_1', 1, answered(204, ''), 20));
    expect(events).to.deep.equal([
      { type: 'WebhookAttemptSucceeded', data: { endpointId: ENDPOINT, deliveryId: 'whd_1', attempt: 1, status: 204, durationMs: 12, excerpt: '', at: iso(20), head: 'whd_2', dueAt: iso(0) } },
    ]);
    expect(state.deliveries.map((delivery) => delivery.status)).to.deep.equal(['succeeded', 'pending']);
    expect(spec.givenState(state).when(start(21)).events[0].data).to.include({ deliveryId: 'whd_2', attempt: 1 });
  });

  it('given a later delivery, then it waits while the head is retried: only the head is attempted', () => {
    const failed = spec.given(queue(1), queue(2), start(0)).when(record('whd_1', 1, answered(500, 'boom'), 0));
    expect(failed.events[0]).to.deep.include({ type: 'WebhookAttemptFailed' });
    expect(failed.events[0].data).to.include({ head: 'whd_1', dueAt: iso(5 * SECOND), retryAt: iso(5 * SECOND), status: 500, excerpt: 'boom', error: null });
    const waiting = spec.givenState(failed.state);
    expect(waiting.when(start(5 * SECOND - 1)).events, 'nothing is due before the retry').to.deep.equal([]);
    const retried = waiting.when(start(5 * SECOND)).events;
    expect(retried.map((event) => [event.type, event.data.deliveryId, (event.data as { attempt?: number }).attempt])).to.deep.equal([['WebhookAttemptStarted', 'whd_1', 2]]);
  });

  it('given failures, then attempts at 0, +5 s, +5 min, +30 min, +2 h, +5 h, +10 h, +10 h; after the 8th the delivery failed and the next one is the head', () => {
    const delays = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
    const commands: WebhookQueueCommand[] = [queue(1), queue(2)];
    const starts: number[] = [];
    let now = 0;
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      starts.push(now);
      commands.push(start(now), record('whd_1', attempt, { kind: 'unreachable', error: 'connect ECONNREFUSED', durationMs: 3 }, now));
      now += delays[attempt - 1] ?? 0;
    }
    const events = history(...commands);
    const started = events.filter((event) => event.type === 'WebhookAttemptStarted');
    expect(started.map((event) => event.data.at)).to.deep.equal(starts.map(iso));
    const failures = events.filter((event) => event.type === 'WebhookAttemptFailed');
    expect(failures.map((event) => event.type === 'WebhookAttemptFailed' && event.data.retryAt)).to.deep.equal([...starts.slice(1).map(iso), null]);
    expect(failures.every((event) => event.type === 'WebhookAttemptFailed' && event.data.error === 'connect ECONNREFUSED')).to.equal(true);
    const last = events.at(-1)!;
    expect(last.type).to.equal('WebhookDeliveryFailed');
    expect(last.data).to.include({ deliveryId: 'whd_1', failure: 'attempts_exhausted', head: 'whd_2', dueAt: iso(0) });
    const state = spec.givenEvents(...events).state;
    expect(headOf(state)?.deliveryId).to.equal('whd_2');
    expect(spec.givenState(state).when(start(now)).events[0].data).to.include({ deliveryId: 'whd_2', attempt: 1 });
  });

  it('given 410 Gone, then the delivery failed at once, with no retry', () => {
    const { events } = spec.given(queue(1), start(0)).when(record('whd_1', 1, answered(410, 'gone'), 0));
    expect(events.map((event) => event.type)).to.deep.equal(['WebhookAttemptFailed', 'WebhookDeliveryFailed']);
    expect(events[0].data).to.include({ status: 410, retryAt: null });
    expect(events[1].data).to.include({ failure: 'gone', head: null, dueAt: null });
  });

  it('given a redirect or any other non-2xx, then a failed attempt retried on schedule', () => {
    for (const status of [301, 400, 429, 503]) {
      const { events } = spec.given(queue(1), start(0)).when(record('whd_1', 1, answered(status), 0));
      expect(events.map((event) => event.type), `status ${status}`).to.deep.equal(['WebhookAttemptFailed']);
      expect(events[0].data).to.include({ retryAt: iso(5 * SECOND) });
    }
  });

  it('given a long response, then the excerpt recorded is at most 1 KB', () => {
    const { events } = spec.given(queue(1), start(0)).when(record('whd_1', 1, answered(500, 'x'.repeat(5_000)), 0));
    expect((events[0].data as { excerpt: string }).excerpt).to.have.length(1_024);
  });

  it('given an attempt whose lease expired with no outcome, when a start is asked, then it is recorded as an interrupted failure and retried on schedule', () => {
    const { events, state } = spec.given(queue(1), start(0)).when(start(LEASE));
    expect(events.map((event) => event.type)).to.deep.equal(['WebhookAttemptFailed']);
    expect(events[0].data).to.include({ attempt: 1, status: null, retryAt: iso(LEASE + 5 * SECOND) });
    expect((events[0].data as { error: string }).error).to.match(/^interrupted/);
    const late = spec.givenState(state);
    expect(late.when(record('whd_1', 1, answered(500), LEASE + 1)).events, 'a late failure of the old attempt changes nothing').to.deep.equal([]);
    expect(late.when(record('whd_1', 1, answered(200), LEASE + 1)).events.map((event) => event.type), 'a late success lands').to.deep.equal(['WebhookAttemptSucceeded']);
  });

  it('given an endpoint disabled or deleted when an attempt is due, then the delivery fails with that reason and nothing is attempted', () => {
    for (const standing of ['disabled', 'deleted'] as const) {
      const { events } = spec.given(queue(1), queue(2)).when(start(0, standing));
      expect(events.map((event) => event.type)).to.deep.equal(['WebhookDeliveryFailed']);
      expect(events[0].data).to.include({ deliveryId: 'whd_1', failure: `endpoint_${standing}`, head: 'whd_2', dueAt: iso(0) });
    }
  });

  it('given a finished delivery or an unknown one, when an outcome is recorded, then nothing', () => {
    const done = spec.given(queue(1), start(0), record('whd_1', 1, answered(200), 0));
    expect(done.when(record('whd_1', 1, answered(500), 1)).events).to.deep.equal([]);
    expect(done.when(record('whd_9', 1, answered(200), 1)).events).to.deep.equal([]);
    expect(done.when(start(1)).events, 'nothing left to attempt').to.deep.equal([]);
  });
});
