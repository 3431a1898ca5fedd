import { setTimeout as delay } from 'node:timers/promises';
import { TestSetRuns } from '../../application/habilitacion/test-set-runs.ts';
import { systemClock } from '../../application/ports/clock.ts';
import { randomIds } from '../../application/ports/id-generator.ts';
import type { Container } from '../composition/container.ts';
import { ConfigError } from '../config/config-error.ts';
import { dianSettings, type DianSettings } from '../config/provider-config.ts';
import { DianRefusalError, DianSetupError } from '../dian/dian-setup-error.ts';
import { DianUnavailableError } from '../dian/web-services/dian-web-services.ts';
import { createDianWebServices } from '../dian/web-services/create-dian-web-services.ts';
import { DianFileConsecutives } from '../../application/dian-files/dian-file-consecutives.ts';
import type { DianTestSetParts } from '../dian/test-set/dian-test-set.ts';
import type { NumberingSyncParts } from '../dian/numbering/sync-numbering-ranges.ts';
import { XadesSigner } from '../signing/xades-signer.ts';
import { CliError } from './cli-context.ts';

/** DIAN_URL, DIAN_PAYROLL_URL, DIAN_TIMEOUT_MS, read whatever PROVIDER is: the DIAN commands call DIAN themselves. */
export function dianSettingsOrExit(): DianSettings {
  try {
    return dianSettings(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`invalid configuration: ${error.message}`, 2);
    throw error;
  }
}

/** What the DIAN commands use of the service, with the web services of the one factory. */
export function dianCliParts(container: Container, settings: DianSettings): DianTestSetParts & NumberingSyncParts {
  const { catalog, software } = container.numbering;
  return {
    tenants: container.tenants,
    software,
    catalog,
    certificates: container.certificates,
    runs: new TestSetRuns(container.aggregates, systemClock, randomIds),
    web: createDianWebServices({ timeoutMs: settings.timeoutMs }),
    files: new DianFileConsecutives(container.eventStore),
    signer: new XadesSigner(container.certificates),
    clock: systemClock,
    sleep: async (ms) => {
      await delay(ms);
    },
  };
}

/** DIAN's refusals and missing setup as operator errors (exit 1); DIAN unreachable exits 3. */
export function dianFailure(error: unknown): never {
  if (error instanceof DianSetupError || error instanceof DianRefusalError) throw new CliError(error.message);
  if (error instanceof DianUnavailableError) throw new CliError(`DIAN did not answer: ${error.message}`, 3);
  throw error;
}
