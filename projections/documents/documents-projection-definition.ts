import { DOCUMENTS_COLLECTION } from '../../application/documents/document-row.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { DocumentsProjection } from './documents-projection.ts';

export const documentsProjection: ProjectionDefinition = {
  name: 'documents',
  description: 'Every document of every family, for lists and filters',
  collections: [DOCUMENTS_COLLECTION],
  create: ({ collections, watermarks }) => new DocumentsProjection(collections.of(DOCUMENTS_COLLECTION), watermarks),
};
