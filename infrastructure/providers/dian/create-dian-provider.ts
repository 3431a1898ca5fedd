import type { Clock } from '../../../application/ports/clock.ts';
import type { EventStore } from '../../../application/ports/event-store.ts';
import type { DianSettings } from '../../config/provider-config.ts';
import type { DianWebServices } from '../../dian/web-services/dian-web-services.ts';
import type { RenderServices } from '../../rendering/render-services.ts';
import type { SigningKeys } from '../../signing/xades-signer.ts';
import { DianApplicationResponses } from './dian-application-responses.ts';
import { DianCalls } from './dian-calls.ts';
import { DianFileRegister } from './dian-file-register.ts';
import { DianProvider, type DianNumbering } from './dian-provider.ts';

export interface DianProviderDependencies {
  /** DIAN's SOAP client (or a double). */
  webServices: DianWebServices;
  eventStore: EventStore;
  numbering: DianNumbering;
  /** The companies' certificates: they sign the documents and the WS-Security header. */
  keys: SigningKeys;
  renderServices: RenderServices;
  clock: Clock;
}

/** PROVIDER=dian: the provider wired with its file names and kept answers in the event store. */
export function createDianProvider(settings: DianSettings, dependencies: DianProviderDependencies): DianProvider {
  const { webServices, eventStore, numbering, keys, renderServices, clock } = dependencies;
  return new DianProvider({
    webServices,
    calls: new DianCalls(settings, keys),
    numbering,
    files: new DianFileRegister(eventStore),
    responses: new DianApplicationResponses(eventStore, () => clock.now()),
    renderServices,
    clock,
    timeoutMs: settings.timeoutMs,
  });
}
