import type { SigningKey } from '../../application/certificates/certificates.ts';
import type { DianFileConsecutives } from '../../application/dian-files/dian-file-consecutives.ts';
import { EventNotTransmittableError, type AcceptanceEventTransmitter, type EventFile, type TransmittedEvent } from '../../application/ports/acceptance-event-transmitter.ts';
import type { Clock } from '../../application/ports/clock.ts';
import { ProviderUnavailableError } from '../../application/ports/document-provider.ts';
import type { DianEventAnswer } from '../../domain/acceptance/dian-transmission.ts';
import { colombiaDateTime } from '../../domain/shared/colombia-time.ts';
import type { DianSettings } from '../config/provider-config.ts';
import { dianFileNames } from '../dian/packaging/dian-file-names.ts';
import { dianEndpoint } from '../dian/web-services/dian-endpoints.ts';
import { parseRuleLine, type DianResponse, type DianWebServices } from '../dian/web-services/dian-web-services.ts';
import { zipEntries } from '../rendering/zip.ts';

/** Where the transmitter finds the sender's key: the certificate registry (Certificates) in the service. */
export interface CredentialSource {
  signingKey(tenantId: string, environment: string, at: Date): Promise<SigningKey | null>;
}

/** DIAN's "internal error, try again" status: not an answer about the event. */
const DIAN_INTERNAL_ERROR = '500';

/** The answer kept on the trail: DIAN's rule lines, or its status description when it gave none (a refused request, 89). */
export function eventAnswerOf(response: DianResponse): DianEventAnswer {
  const lines = response.errorMessages.map(parseRuleLine);
  const messages = lines.length === 0 && !response.isValid && response.statusDescription ? [parseRuleLine(response.statusDescription)] : lines;
  return { statusCode: response.statusCode, isValid: response.isValid, messages };
}

/**
 * Sends an own event's ApplicationResponse with SendEventUpdateStatus: one `ar…xml` in a `z…zip` named with the sender's
 * yearly consecutive, to the environment's endpoint, signed (WS-Security) with the sender's certificate. DIAN's status 500
 * is retried like an outage (DianUnavailableError propagates as it is).
 */
export class DianEventTransmitter implements AcceptanceEventTransmitter {
  constructor(
    private readonly services: DianWebServices,
    private readonly settings: Pick<DianSettings, 'url' | 'payrollUrl'>,
    private readonly credentials: CredentialSource,
    private readonly consecutives: DianFileConsecutives,
    private readonly clock: Clock,
  ) {}

  async transmit(file: EventFile): Promise<TransmittedEvent> {
    const now = this.clock.now();
    const key = await this.credentials.signingKey(file.senderTenantId, file.environment, now);
    if (!key) throw new EventNotTransmittableError(`company ${file.senderNit} has no certificate valid now in ${file.environment} to sign the request to DIAN`);
    const local = colombiaDateTime(now);
    const year = Number(local.date.slice(0, 4));
    const consecutive = await this.consecutives.next(file.senderTenantId, file.environment, year);
    const names = dianFileNames({ kind: 'application-response', nit: file.senderNit, year, consecutive });
    const zip = zipEntries([{ name: names.xml, bytes: Buffer.from(file.xml, 'utf8') }], local);
    const call = { endpoint: dianEndpoint(this.settings, file.environment), credentials: { privateKeyPem: key.privateKeyPem, chainPem: key.chainPem } };
    const response = await this.services.sendEventUpdateStatus(call, zip);
    if (response.statusCode === DIAN_INTERNAL_ERROR) {
      throw new ProviderUnavailableError(`DIAN answered status 500: ${response.statusDescription || 'internal error'}`);
    }
    return { fileName: names.zip, answer: eventAnswerOf(response) };
  }
}
