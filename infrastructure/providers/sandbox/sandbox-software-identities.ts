import type { SoftwareIdentities } from '../../../application/ports/software-identity.ts';
import { SANDBOX_SOFTWARE } from './sandbox-ranges.ts';

/** Every company uses the sandbox's registered software until companies register their own. */
export const SANDBOX_SOFTWARE_IDENTITIES: SoftwareIdentities = { of: async () => SANDBOX_SOFTWARE };
