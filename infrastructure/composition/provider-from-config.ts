import type { Clock } from '../../application/ports/clock.ts';
import type { CoordinationStore } from '../../application/ports/coordination-store.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { Config } from '../config/config.ts';
import { createFactusProvider } from '../providers/factus/create-factus-provider.ts';
import { SandboxNumbering } from '../providers/sandbox/sandbox-numbering.ts';
import { SandboxProvider } from '../providers/sandbox/sandbox-provider.ts';
import type { RenderServices } from '../providers/sandbox/artifacts/render-services.ts';

/** PROVIDER=factus selects Factus (its settings were checked at start-up); the built-in sandbox otherwise. */
export function providerFromConfig(config: Config, eventStore: EventStore, clock: Clock, coordination: CoordinationStore, renderServices: RenderServices): DocumentProvider {
  if (config.provider === 'factus' && config.factus) return createFactusProvider(config.factus, { clock, coordination });
  return new SandboxProvider(new SandboxNumbering(eventStore), clock, config.sandboxDelayMs, renderServices);
}
