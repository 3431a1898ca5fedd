import { RECEIVED_DOCUMENTS_COLLECTION, RECEPTION_INVOICES_COLLECTION } from '../../application/acceptance/received-document-row.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { ReceivedDocumentsProjection } from './received-documents-projection.ts';

export const receivedDocumentsProjection: ProjectionDefinition = {
  name: 'received-documents',
  description: 'Validated sales invoices by the NIT and environment of the company they were issued to (reception family)',
  collections: [RECEIVED_DOCUMENTS_COLLECTION, RECEPTION_INVOICES_COLLECTION],
  create: ({ collections }) =>
    new ReceivedDocumentsProjection(collections.of(RECEIVED_DOCUMENTS_COLLECTION), collections.of(RECEPTION_INVOICES_COLLECTION)),
};
