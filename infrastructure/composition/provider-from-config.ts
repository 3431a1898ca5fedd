import type { Clock } from '../../application/ports/clock.ts';
import type { CoordinationStore } from '../../application/ports/coordination-store.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { Config } from '../config/config.ts';
import type { DianWebServices } from '../dian/web-services/dian-web-services.ts';
import { createDianProvider } from '../providers/dian/create-dian-provider.ts';
import { createFactusProvider } from '../providers/factus/create-factus-provider.ts';
import { SandboxProvider, type SandboxNumbering } from '../providers/sandbox/sandbox-provider.ts';
import type { RenderServices } from '../rendering/render-services.ts';
import type { SigningKeys } from '../signing/xades-signer.ts';

/** What PROVIDER=dian needs besides the settings: the event store and the companies' certificates (and a double of DIAN in tests). */
export interface DianProviderInputs {
  /** DIAN's SOAP client (or a double). */
  webServices?: DianWebServices;
  eventStore: EventStore;
  keys: SigningKeys;
}

/**
 * PROVIDER=factus selects Factus (its settings were checked at start-up; Factus numbers on its own ranges); PROVIDER=dian
 * DIAN's web services directly, numbering from the company's resolutions; the built-in sandbox otherwise.
 */
export function providerFromConfig(
  config: Config,
  numbering: SandboxNumbering,
  clock: Clock,
  coordination: CoordinationStore,
  renderServices: RenderServices,
  dian?: DianProviderInputs,
): DocumentProvider {
  if (config.provider === 'factus' && config.factus) return createFactusProvider(config.factus, { clock, coordination });
  if (config.provider === 'dian' && config.dian) {
    if (!dian) throw new Error('PROVIDER=dian needs the event store and the certificates');
    if (!dian.webServices) throw new Error('PROVIDER=dian needs DIAN\'s web-services client');
    return createDianProvider(config.dian, { webServices: dian.webServices, eventStore: dian.eventStore, numbering, keys: dian.keys, renderServices, clock });
  }
  return new SandboxProvider(numbering, clock, config.sandboxDelayMs, renderServices);
}
