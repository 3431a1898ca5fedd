import type { IntegrationUseCases } from '../../application/integrations/integration-use-cases.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';

/** What the routes of the integrations face need. */
export interface IntegrationServices {
  apiKeys: ApiKeys;
  validator: SchemaValidator;
  integrations: IntegrationUseCases;
}
