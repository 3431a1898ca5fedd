import { createHash } from 'node:crypto';
import type { KeptWebhookSecret } from '../../domain/webhooks/webhook-endpoint-events.ts';
import type { Clock } from '../ports/clock.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import { MissingSecretsKeyError, type SecretCipher } from '../ports/secret-cipher.ts';
import { keepSealed } from '../secrets/sealed-secrets-marker.ts';
import { SECRET_PREFIX } from './webhook-signature.ts';

/** A secret as the company receives it once, and what recording it (as the registry keeps it) returned. */
export interface NewWebhookSecret<Written> {
  plain: string;
  written: Written;
}

/**
 * Makes, seals and opens the endpoints' signing secrets. Sealed with SECRETS_KEY when it is set; without it a test
 * environment's secret is kept in the clear, and a live one is refused.
 */
export class WebhookSecrets {
  constructor(
    private readonly cipher: SecretCipher,
    private readonly eventStore: EventStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /**
   * A new secret, `whsec_` and the base64 of 32 bytes drawn from the id generator (a 48-character token, hashed),
   * recorded by `write` as the registry keeps it.
   */
  async create<Written>(environment: string, write: (kept: KeptWebhookSecret) => Promise<Written>): Promise<NewWebhookSecret<Written>> {
    const bytes = createHash('sha256').update(this.ids.token(48)).digest();
    const plain = `${SECRET_PREFIX}${bytes.toString('base64')}`;
    if (this.cipher.available) {
      const sealed = { protection: 'sealed' as const, value: this.cipher.seal(plain) };
      return { plain, written: await keepSealed(this.eventStore, this.cipher, 'webhook secrets', () => this.clock.now(), () => write(sealed)) };
    }
    if (environment !== 'test') throw new MissingSecretsKeyError('keep the webhook secrets of the live environment (they are kept encrypted with it)');
    return { plain, written: await write({ protection: 'clear-test-only', value: plain }) };
  }

  open(kept: KeptWebhookSecret): string {
    return kept.protection === 'sealed' ? this.cipher.open(kept.value).toString('utf8') : kept.value;
  }
}
