import type { EventStore } from '../ports/event-store.ts';
import { revisionOf, type ProjectionDefinition } from './projection-definition.ts';
import type { ProjectionVersions } from './projection-versions.ts';

/** A projection whose active rows an older revision of its definition wrote. */
export interface OutdatedProjection {
  definition: ProjectionDefinition;
  built: number;
  current: number;
}

/**
 * The projections whose rows an older revision of their definition wrote. On an empty log (a new deployment) every
 * row will be written by the current code: each projection's revision is recorded as the current one. A projection
 * with no record on a log with events was built before revisions were recorded: revision 1. (Not by its checkpoint:
 * one is stored every so many events, so rows can exist before it.)
 */
export async function outdatedProjections(
  definitions: readonly ProjectionDefinition[],
  versions: ProjectionVersions,
  events: EventStore,
): Promise<OutdatedProjection[]> {
  const outdated: OutdatedProjection[] = [];
  const newDeployment = (await events.headPosition()) === 0n;
  for (const definition of definitions) {
    const current = revisionOf(definition);
    let built = await versions.revision(definition.name);
    if (built === undefined) {
      if (newDeployment) {
        await versions.recordRevision(definition.name, current);
        continue;
      }
      built = 1;
    }
    if (built < current) outdated.push({ definition, built, current });
  }
  return outdated;
}
