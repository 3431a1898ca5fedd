import { acceptancePaths } from './acceptance-paths.ts';
import { eventXmlPaths } from './event-xml-paths.ts';
import { acceptanceSchemas } from './acceptance-schemas.ts';
import { commonSchemas } from './common-schemas.ts';
import { FAMILY_ROUTES } from '../documents/family-routes.ts';
import { documentPaths } from './document-paths.ts';
import { historySchemas } from './history-schemas.ts';
import { documentEmailPaths, messagePaths } from './message-paths.ts';
import { messageSchemas } from './message-schemas.ts';
import { noteSchemas } from './note-schemas.ts';
import { draftSchemas } from './draft-schemas.ts';
import { invoiceManagementPaths } from './invoice-management-paths.ts';
import { invoiceManagementSchemas } from './invoice-management-schemas.ts';
import { payrollSchemas } from './payroll-schemas.ts';
import { salesInvoiceSchemas } from './sales-invoice-schemas.ts';
import { supportDocumentSchemas } from './support-document-schemas.ts';
import { tenantAdminPaths } from './tenant-admin-paths.ts';
import { tenantSchemas } from './tenant-schemas.ts';
import { numberingAdminPaths } from './numbering-admin-paths.ts';
import { numberingSchemas } from './numbering-schemas.ts';
import { webhookEndpointPaths } from './webhook-endpoint-paths.ts';
import { webhookEndpointSchemas } from './webhook-endpoint-schemas.ts';
import { webhookEventPaths, webhookEventWebhooks } from './webhook-event-paths.ts';
import { webhookEventSchemas } from './webhook-event-schemas.ts';
import { webhookDeliveryPaths, webhookDeliverySchemas } from './webhook-delivery-paths.ts';
import { documentArchivePaths, documentListPaths, documentListSchemas } from './document-list-paths.ts';
import { reportPaths } from './report-paths.ts';
import { auditPaths, auditSchemas } from './audit-paths.ts';
import { attentionPaths, attentionSchemas } from './attention-paths.ts';

const problem = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };

/** The OpenAPI 3.1 document: the source of truth for request validation and the docs page. */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Electronic invoicing adapter (issuance and payroll)',
    version: '1.8.0',
    description:
      'Issues electronic documents to DIAN through a technology provider. Authenticate with `Authorization: Bearer <key>`; ' +
      'keys look like `fe_test_...` or `fe_live_...` and the prefix selects the environment. Errors are RFC 9457 problem documents ' +
      'with a stable `code` and, for validation failures, `errors[]` naming each field.',
  },
  servers: [{ url: '/' }],
  security: [{ ApiKeyAuth: [] }],
  tags: [{ name: 'Emision' }, { name: 'Nomina' }, { name: 'Recepcion' }, { name: 'Operacion' }, { name: 'Mensajes' }, { name: 'Integraciones', description: 'Seed 001: invoice management API for integrations.' }, { name: 'Webhooks', description: 'Endpoints that receive signed notifications, their delivery log, replay and the event catalog.' }, { name: 'Documentos', description: 'Every family of documents in one list, and a period’s files in one ZIP.' }, { name: 'Reportes', description: 'A period’s sales, purchases and payroll books, as CSV or JSON lines.' }, { name: 'Auditoria', description: 'A period’s documents with their events, and verifications of the company’s whole trail.' }],
  paths: {
    ...Object.assign({}, ...FAMILY_ROUTES.map(documentPaths)),
    ...acceptancePaths,
    ...eventXmlPaths,
    ...documentEmailPaths,
    ...messagePaths,
    ...invoiceManagementPaths,
    ...tenantAdminPaths,
    ...numberingAdminPaths,
    ...webhookEndpointPaths,
    ...webhookEventPaths,
    ...webhookDeliveryPaths,
    ...documentListPaths,
    ...documentArchivePaths,
    ...reportPaths,
    ...auditPaths,
    ...attentionPaths,
    '/payrolls/v1/concepts': {
      get: {
        tags: ['Nomina'],
        summary: 'The payroll concept catalog: business name, DIAN element, admitted fields, cardinality and type codes',
        responses: {
          200: {
            description: 'The 42 accrual and deduction concepts.',
            content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/PayrollConcept' } } } } } },
          },
          401: { description: 'Credential missing or invalid.', ...problem },
        },
      },
    },
    '/health': {
      get: { tags: ['Operacion'], summary: 'Liveness', security: [], responses: { 200: { description: 'The process is up.' } } },
    },
    '/health/ready': {
      get: {
        tags: ['Operacion'],
        summary: 'Readiness: stores reachable, every projection and process manager with its position and state',
        security: [],
        responses: { 200: { description: 'Ready.' }, 503: { description: 'A store is unreachable or a subscription stopped.', ...problem } },
      },
    },
  },
  webhooks: webhookEventWebhooks,
  components: {
    securitySchemes: { ApiKeyAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'fe_<test|live>_<random>' } },
    schemas: { ...commonSchemas, ...salesInvoiceSchemas, ...noteSchemas, ...supportDocumentSchemas, ...payrollSchemas, ...historySchemas, ...acceptanceSchemas, ...messageSchemas, ...invoiceManagementSchemas, ...draftSchemas, ...tenantSchemas, ...numberingSchemas, ...webhookEndpointSchemas, ...webhookEventSchemas, ...webhookDeliverySchemas, ...documentListSchemas, ...auditSchemas, ...attentionSchemas },
  },
} as const;
