import { expect } from 'chai';
import type { KeptWebhookSecret } from '../../../domain/webhooks/webhook-endpoint-events.ts';
import { WebhookEndpointNotFoundError, WebhookEndpointValidationError } from '../../../domain/webhooks/webhook-endpoint-errors.ts';
import { webhookEndpointRegistryDecider, type WebhookEndpointCommand } from '../../../domain/webhooks/webhook-endpoint-registry.ts';
import { secretsSigningAt } from '../../../domain/webhooks/webhook-endpoint-registry-state.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);
const sealed = (value: string): KeptWebhookSecret => ({ protection: 'sealed', value });
const spec = deciderSpec(webhookEndpointRegistryDecider);

function create(endpointId: string, overrides: Partial<Extract<WebhookEndpointCommand, { type: 'CreateEndpoint' }>> = {}): WebhookEndpointCommand {
  return {
    type: 'CreateEndpoint',
    environment: 'live',
    endpointId,
    url: `https://hooks.example.com/${endpointId}`,
    events: ['document.validated'],
    description: null,
    secret: sealed(`sealed-${endpointId}`),
    now: T0,
    ...overrides,
  };
}
const update = (fields: Omit<Extract<WebhookEndpointCommand, { type: 'UpdateEndpoint' }>, 'type' | 'endpointId' | 'now'>, now = hours(1)): WebhookEndpointCommand => ({
  type: 'UpdateEndpoint', endpointId: 'we_1', now, ...fields,
});
const failure = (now: Date, gone = false): WebhookEndpointCommand => ({ type: 'RecordDeliveryFailure', endpointId: 'we_1', gone, now });
const success = (now: Date): WebhookEndpointCommand => ({ type: 'RecordDeliverySuccess', endpointId: 'we_1', now });

describe('webhook endpoint registry (decider)', () => {
  it('given nothing, when an endpoint is created, then it is enabled, not failing, with its sealed secret and the first place in order', () => {
    const { events, state } = spec.given().when(create('we_1', { description: 'ERP', events: ['*'] }));

    expect(events).to.deep.equal([
      {
        type: 'WebhookEndpointCreated',
        data: { endpointId: 'we_1', url: 'https://hooks.example.com/we_1', events: ['*'], description: 'ERP', secret: sealed('sealed-we_1'), at: T0.toISOString() },
      },
    ]);
    expect(state.endpoints[0]).to.deep.include({ sequence: 1, disabledReason: null, failingSince: null, previousSecret: null, createdAt: T0.toISOString(), updatedAt: T0.toISOString() });
  });

  it('given 16 endpoints, then a 17th is refused; once one is deleted another may be created, and places are never reused', () => {
    const sixteen = Array.from({ length: 16 }, (_, index) => create(`we_${index + 1}`));
    const full = spec.given(...sixteen);

    expect(full.refused(create('we_17')).code).to.equal('webhook_endpoint_limit');
    const after = spec.given(...sixteen, { type: 'DeleteEndpoint', endpointId: 'we_3', now: hours(1) }).when(create('we_17'));
    expect(after.state.endpoints.map((endpoint) => endpoint.sequence)).to.deep.equal([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
  });

  it('refuses event lists that are empty, unknown, repeated, or "*" beside others, naming each entry', () => {
    const issuesOf = (events: string[]) => (spec.given().refused(create('we_1', { events })) as WebhookEndpointValidationError).issues;

    expect(issuesOf([])).to.deep.equal([{ field: 'events', message: 'must list at least one event type, or be ["*"]' }]);
    expect(issuesOf(['document.sent', 'document.shipped', 'document.sent']).map((issue) => issue.field)).to.deep.equal(['events[1]', 'events[2]']);
    expect(issuesOf(['document.sent', 'document.shipped'])[0].message).to.match(/^"document.shipped" is not an event type; known: document.created, /);
    expect(issuesOf(['*', 'document.sent'])[0]).to.deep.include({ field: 'events' });
    expect(issuesOf(['webhook.test'])[0].field).to.equal('events[0]');
  });

  it('refuses a description over 500 characters and a URL over 2048 or not absolute, naming the field', () => {
    const refused = spec.given().refused(create('we_1', { description: 'd'.repeat(501), url: `https://example.com/${'p'.repeat(2030)}` }));

    expect(refused).to.be.instanceOf(WebhookEndpointValidationError);
    expect((refused as WebhookEndpointValidationError).issues).to.deep.equal([
      { field: 'url', message: 'must be at most 2048 characters; got 2050' },
      { field: 'description', message: 'must be at most 500 characters; got 501' },
    ]);
    expect((spec.given().refused(create('we_1', { url: '/relative' })) as WebhookEndpointValidationError).issues[0].field).to.equal('url');
    expect(spec.given().when(create('we_1', { description: 'd'.repeat(500) })).events).to.have.length(1);
  });

  it('keeps a secret in the clear only in the test environment', () => {
    const clear: KeptWebhookSecret = { protection: 'clear-test-only', value: 'whsec_x' };

    expect(spec.given().refused(create('we_1', { secret: clear })).message).to.contain('must be sealed');
    expect(spec.given().when(create('we_1', { secret: clear, environment: 'test' })).events).to.have.length(1);
  });

  it('an update changes only what it names; an update that changes nothing records nothing', () => {
    const created = spec.given(create('we_1', { description: 'ERP' }));

    const { events, state } = created.when(update({ events: ['document.sent', 'document.validated'] }));
    expect(events).to.deep.equal([
      { type: 'WebhookEndpointUpdated', data: { endpointId: 'we_1', url: 'https://hooks.example.com/we_1', events: ['document.sent', 'document.validated'], description: 'ERP', at: hours(1).toISOString() } },
    ]);
    expect(state.endpoints[0].updatedAt).to.equal(hours(1).toISOString());
    expect(created.when(update({ url: 'https://hooks.example.com/we_1', description: 'ERP', disabled: false })).events).to.deep.equal([]);
    expect(created.when(update({ description: null })).state.endpoints[0].description).to.equal(null);
    expect(created.refused(update({ events: ['nope'] }))).to.be.instanceOf(WebhookEndpointValidationError);
  });

  it('disabled: true disables as requested; disabled: false enables again and clears failing', () => {
    const failing = spec.given(create('we_1'), failure(hours(1)));
    const disabled = failing.when(update({ disabled: true }, hours(2)));

    expect(disabled.events).to.deep.equal([{ type: 'WebhookEndpointDisabled', data: { endpointId: 'we_1', reason: 'requested', at: hours(2).toISOString() } }]);
    const enabled = spec.givenEvents(...failing.events, ...disabled.events).when(update({ disabled: false }, hours(3)));
    expect(enabled.events).to.deep.equal([{ type: 'WebhookEndpointEnabled', data: { endpointId: 'we_1', at: hours(3).toISOString() } }]);
    expect(enabled.state.endpoints[0]).to.deep.include({ disabledReason: null, failingSince: null });
  });

  it('a rotation makes the new secret sign first and keeps the previous one beside it for 24 hours', () => {
    const { events, state } = spec.given(create('we_1')).when({ type: 'RotateSecret', environment: 'live', endpointId: 'we_1', secret: sealed('new'), now: hours(1) });

    expect(events).to.deep.equal([{ type: 'WebhookEndpointSecretRotated', data: { endpointId: 'we_1', secret: sealed('new'), at: hours(1).toISOString() } }]);
    const [endpoint] = state.endpoints;
    expect(endpoint.previousSecret).to.deep.equal({ secret: sealed('sealed-we_1'), expiresAt: hours(25).toISOString() });
    expect(secretsSigningAt(endpoint, hours(24))).to.deep.equal([sealed('new'), sealed('sealed-we_1')]);
    expect(secretsSigningAt(endpoint, hours(25))).to.deep.equal([sealed('new')]);
  });

  it('a reseal replaces the kept secrets (the previous one keeping its expiry) and is no change the company sees; the same values, a clear one, or a previous one where none is kept decide nothing or are refused', () => {
    const rotated = spec.given(create('we_1'), { type: 'RotateSecret', environment: 'live', endpointId: 'we_1', secret: sealed('new'), now: hours(1) });
    const reseal = (secret: KeptWebhookSecret, previousSecret: KeptWebhookSecret | null): WebhookEndpointCommand => ({ type: 'ResealSecrets', endpointId: 'we_1', secret, previousSecret, now: hours(2) });

    const { events, state } = rotated.when(reseal(sealed('new, again'), sealed('old, again')));

    expect(events).to.deep.equal([{ type: 'WebhookEndpointSecretResealed', data: { endpointId: 'we_1', secret: sealed('new, again'), previousSecret: sealed('old, again'), at: hours(2).toISOString() } }]);
    expect(state.endpoints[0]).to.deep.include({ secret: sealed('new, again'), previousSecret: { secret: sealed('old, again'), expiresAt: hours(25).toISOString() }, updatedAt: hours(1).toISOString() });
    expect(rotated.when(reseal(sealed('new'), sealed('sealed-we_1'))).events).to.deep.equal([]);
    expect(rotated.when(reseal(sealed('new, again'), null)).state.endpoints[0].previousSecret).to.deep.equal({ secret: sealed('sealed-we_1'), expiresAt: hours(25).toISOString() });
    expect(rotated.refused(reseal({ protection: 'clear-test-only', value: 'plain' }, null)).message).to.contain('never kept in the clear');
    expect(spec.given(create('we_1')).refused(reseal(sealed('x'), sealed('y'))).message).to.contain('keeps no previous secret');
    expect(spec.given().refused(reseal(sealed('x'), null))).to.be.instanceOf(WebhookEndpointNotFoundError);
  });

  it('update, rotation and deletion of an unknown or deleted endpoint are refused as not found', () => {
    const deleted = spec.given(create('we_1'), { type: 'DeleteEndpoint', endpointId: 'we_1', now: hours(1) });

    expect(deleted.state.endpoints).to.deep.equal([]);
    for (const command of [update({ description: 'x' }), { type: 'DeleteEndpoint', endpointId: 'we_1', now: hours(2) } as const]) {
      expect(deleted.refused(command)).to.be.instanceOf(WebhookEndpointNotFoundError);
    }
    expect(spec.given().refused({ type: 'RotateSecret', environment: 'live', endpointId: 'we_9', secret: sealed('s'), now: T0 }).code).to.equal('not_found');
  });

  it('the first failure marks the endpoint failing; later ones record nothing until it has failed for 3 days, then it is disabled', () => {
    const first = spec.given(create('we_1')).when(failure(hours(1)));
    expect(first.events).to.deep.equal([{ type: 'WebhookEndpointFailing', data: { endpointId: 'we_1', since: hours(1).toISOString() } }]);

    const failing = spec.given(create('we_1'), failure(hours(1)));
    expect(failing.when(failure(hours(72))).events).to.deep.equal([]);
    expect(failing.when(failure(hours(73))).events).to.deep.equal([{ type: 'WebhookEndpointDisabled', data: { endpointId: 'we_1', reason: 'failing', at: hours(73).toISOString() } }]);
  });

  it('410 Gone disables at once; a disabled or deleted endpoint records no more failures', () => {
    const gone = spec.given(create('we_1')).when(failure(hours(1), true));
    expect(gone.events).to.deep.equal([{ type: 'WebhookEndpointDisabled', data: { endpointId: 'we_1', reason: 'gone', at: hours(1).toISOString() } }]);

    expect(spec.given(create('we_1'), failure(hours(1), true)).when(failure(hours(100), true)).events).to.deep.equal([]);
    expect(spec.given().when(failure(hours(1), true)).events).to.deep.equal([]);
  });

  it('a success records Recovered only when the endpoint was failing', () => {
    expect(spec.given(create('we_1')).when(success(hours(1))).events).to.deep.equal([]);

    const recovered = spec.given(create('we_1'), failure(hours(1))).when(success(hours(2)));
    expect(recovered.events).to.deep.equal([{ type: 'WebhookEndpointRecovered', data: { endpointId: 'we_1', at: hours(2).toISOString() } }]);
    expect(recovered.state.endpoints[0].failingSince).to.equal(null);
    expect(spec.given(create('we_1'), failure(hours(1)), success(hours(2))).when(failure(hours(3))).events[0].type).to.equal('WebhookEndpointFailing');
  });
});
