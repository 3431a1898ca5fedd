import type { Clock } from '../../application/ports/clock.ts';
import type { CoordinationStore } from '../../application/ports/coordination-store.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { Config } from '../config/config.ts';
import { createFactusProvider } from '../providers/factus/create-factus-provider.ts';
import { SandboxProvider, type SandboxNumbering } from '../providers/sandbox/sandbox-provider.ts';
import type { RenderServices } from '../rendering/render-services.ts';

/**
 * PROVIDER=factus selects Factus (its settings were checked at start-up; Factus numbers on its own ranges); the
 * built-in sandbox otherwise, numbering from the company's resolutions.
 */
export function providerFromConfig(config: Config, numbering: SandboxNumbering, clock: Clock, coordination: CoordinationStore, renderServices: RenderServices): DocumentProvider {
  if (config.provider === 'factus' && config.factus) return createFactusProvider(config.factus, { clock, coordination });
  return new SandboxProvider(numbering, clock, config.sandboxDelayMs, renderServices);
}
