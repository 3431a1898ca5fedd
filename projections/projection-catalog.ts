import type { ProjectionDefinition } from '../application/projections/projection-definition.ts';
import { documentsProjection } from './documents/documents-projection-definition.ts';

/** Every rebuildable projection of the service. */
export const PROJECTIONS: readonly ProjectionDefinition[] = [documentsProjection];

export function projectionNamed(name: string): ProjectionDefinition | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}
