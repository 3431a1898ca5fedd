import type { InvoiceManagementUseCases } from '../../application/invoice-management/invoice-management-use-cases.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';

/** What the routes of the invoice management face need. */
export interface InvoiceManagementServices {
  apiKeys: ApiKeys;
  validator: SchemaValidator;
  invoiceManagement: InvoiceManagementUseCases;
}
