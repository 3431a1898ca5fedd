import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../application/documents/document-row.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import { DocumentsProjection } from './documents-projection.ts';

export const documentsProjection: ProjectionDefinition = {
  name: 'documents',
  description: 'Every document of every family, for lists and filters',
  collections: [DOCUMENTS_COLLECTION],
  create: (collections) => new DocumentsProjection(collections[DOCUMENTS_COLLECTION.name] as unknown as ReadModelCollection<DocumentRow>),
};
