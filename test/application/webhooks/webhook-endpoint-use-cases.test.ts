import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { MissingSecretsKeyError, type SecretCipher } from '../../../application/ports/secret-cipher.ts';
import type { WebhookUrlCheck } from '../../../application/ports/webhook-url-check.ts';
import { WebhookEndpointRegistries } from '../../../application/webhooks/webhook-endpoint-registries.ts';
import { webhookEndpointsStreamId } from '../../../application/webhooks/webhook-endpoint-stream.ts';
import { WebhookEndpointUseCases } from '../../../application/webhooks/webhook-endpoint-use-cases.ts';
import { WebhookSecrets } from '../../../application/webhooks/webhook-secrets.ts';
import { WebhookEndpointNotFoundError, WebhookEndpointValidationError } from '../../../domain/webhooks/webhook-endpoint-errors.ts';
import { AesGcmCipher, NoSecretsKey } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import { contextFor, FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';

/** Refuses URLs containing "internal", as the DNS policy would a private address. */
const urls: WebhookUrlCheck = { refusal: async (url) => (url.includes('internal') ? 'resolves to 10.0.0.1, a private address' : null) };
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe('WebhookEndpointUseCases: what a company does with its endpoints', () => {
  let stores: TempStores;
  let clock: FixedClock;
  const live = contextFor('t-1', 'live');
  const test = contextFor('t-1', 'test');

  const useCases = (cipher: SecretCipher = new AesGcmCipher(randomBytes(32)), ids = new SequentialIds()) =>
    new WebhookEndpointUseCases(new WebhookEndpointRegistries(new AggregateStore(stores.events), stores.events), new WebhookSecrets(cipher, stores.events, ids, clock), urls, clock, ids);
  const streamText = async (context = live) => JSON.stringify((await stores.events.readStream(webhookEndpointsStreamId(context.tenantId, context.environment))).map((event) => event.data));

  beforeEach(() => {
    stores = openTempStores();
    clock = new FixedClock('2026-03-01T12:00:00.000Z');
  });
  afterEach(() => stores.dispose());

  it('create answers the endpoint and a whsec_ secret of 32 bytes, the same under the same ids; the registry keeps it sealed only', async () => {
    const created = await useCases().create({ url: 'https://hooks.example.com/a', events: ['document.validated'], description: 'ERP' }, live);

    expect(created.secret).to.match(SECRET);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).to.have.length(32);
    expect(created.endpoint).to.deep.equal({
      id: created.endpoint.id,
      tenantId: 't-1',
      environment: 'live',
      url: 'https://hooks.example.com/a',
      events: ['document.validated'],
      description: 'ERP',
      disabled: false,
      disabledReason: null,
      failingSince: null,
      createdAt: '2026-03-01T12:00:00.000Z',
      updatedAt: '2026-03-01T12:00:00.000Z',
    });
    expect(created.endpoint.id).to.match(/^we_/);
    const kept = await streamText();
    expect(kept).to.contain('"protection":"sealed"');
    expect(kept).to.not.contain(created.secret.slice('whsec_'.length));
    const again = await new WebhookEndpointUseCases(
      new WebhookEndpointRegistries(new AggregateStore(stores.events), stores.events), new WebhookSecrets(new NoSecretsKey(), stores.events, new SequentialIds(), clock), urls, clock, new SequentialIds(),
    ).create({ url: 'https://hooks.example.com/a', events: ['*'] }, test);
    expect(again.secret).to.equal(created.secret);
  });

  it('without SECRETS_KEY a test endpoint keeps its secret in the clear, marked test-only; a live one is refused and nothing is recorded', async () => {
    const plain = useCases(new NoSecretsKey());

    const created = await plain.create({ url: 'https://hooks.example.com/a', events: ['*'] }, test);
    expect(await streamText(test)).to.contain('"protection":"clear-test-only"');
    expect(created.secret).to.match(SECRET);
    const refused = await plain.create({ url: 'https://hooks.example.com/a', events: ['*'] }, live).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(MissingSecretsKeyError);
    expect(await streamText()).to.equal('[]');
  });

  it('a URL the policy refuses is a validation error naming url first, beside the other broken rules', async () => {
    const refused = await useCases().create({ url: 'https://internal.example.com/', events: ['nope'] }, live).catch((error: unknown) => error);

    expect(refused).to.be.instanceOf(WebhookEndpointValidationError);
    expect((refused as WebhookEndpointValidationError).issues.map((issue) => issue.field)).to.deep.equal(['url', 'events[0]']);
    expect((refused as WebhookEndpointValidationError).issues[0].message).to.equal('resolves to 10.0.0.1, a private address');
  });

  it('list pages in creation order: next is the place to continue after, null on the last page', async () => {
    const cases = useCases();
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await cases.create({ url: `https://hooks.example.com/${name}`, events: ['*'] }, live)).endpoint.id);
    await cases.remove(ids[0], live);

    const first = await cases.list(live, { limit: 1 });
    expect(first.endpoints.map((endpoint) => endpoint.id)).to.deep.equal([ids[1]]);
    const second = await cases.list(live, { limit: 1, after: first.next! });
    expect([second.endpoints.map((endpoint) => endpoint.id), second.next]).to.deep.equal([[ids[2]], null]);
    expect((await cases.list(test, { limit: 10 })).endpoints).to.deep.equal([]);
  });

  it('update changes the fields given and checks a new URL; another company or environment does not find the endpoint', async () => {
    const cases = useCases();
    const { endpoint } = await cases.create({ url: 'https://hooks.example.com/a', events: ['*'] }, live);
    clock.advance(60_000);

    const updated = await cases.update(endpoint.id, { events: ['message.sent'], description: 'mail', disabled: true }, live);
    expect(updated).to.deep.include({ events: ['message.sent'], description: 'mail', disabled: true, disabledReason: 'requested', updatedAt: '2026-03-01T12:01:00.000Z' });
    expect(await cases.update(endpoint.id, { url: 'https://internal.example.com/' }, live).catch((error: unknown) => error)).to.be.instanceOf(WebhookEndpointValidationError);
    for (const other of [contextFor('t-2', 'live'), test]) {
      expect(await cases.get(other, endpoint.id).catch((error: unknown) => error)).to.be.instanceOf(WebhookEndpointNotFoundError);
      expect(await cases.update(endpoint.id, { description: 'x' }, other).catch((error: unknown) => error)).to.be.instanceOf(WebhookEndpointNotFoundError);
      expect(await cases.remove(endpoint.id, other).catch((error: unknown) => error)).to.be.instanceOf(WebhookEndpointNotFoundError);
    }
  });

  it('rotate answers a new secret and when the previous one stops signing: 24 hours from now', async () => {
    const cases = useCases();
    const created = await cases.create({ url: 'https://hooks.example.com/a', events: ['*'] }, live);
    clock.advance(3_600_000);

    const rotated = await cases.rotateSecret(created.endpoint.id, live);
    expect(rotated.secret).to.match(SECRET).and.not.equal(created.secret);
    expect(rotated.previousSecretExpiresAt).to.equal('2026-03-02T13:00:00.000Z');
    expect(rotated.endpoint.updatedAt).to.equal('2026-03-01T13:00:00.000Z');
  });
});
