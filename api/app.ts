import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { ApiServices } from './api-services.ts';
import { artifactRoutes } from './documents/artifact-routes.ts';
import { documentEmailRoutes } from './documents/document-email-routes.ts';
import { invoiceEventRoutes } from './acceptance/invoice-event-routes.ts';
import { eventXmlRoutes } from './acceptance/event-xml-routes.ts';
import { documentRoutes } from './documents/document-routes.ts';
import { documentArchiveRoutes } from './documents/document-archive-routes.ts';
import { documentListRoutes } from './documents/document-list-routes.ts';
import { bookRoutes } from './reports/book-routes.ts';
import { auditExportRoutes } from './audit/audit-export-routes.ts';
import { auditVerificationRoutes } from './audit/audit-verification-routes.ts';
import { FAMILY_ROUTES } from './documents/family-routes.ts';
import { payrollConceptRoutes } from './documents/payroll-concept-routes.ts';
import { receptionRoutes } from './receptions/reception-routes.ts';
import { correlation } from './http/correlation.ts';
import { errorHandler } from './http/error-handler.ts';
import { jsonBody } from './http/json-body.ts';
import { gatedByPath } from './http/path-gate.ts';
import { Problem } from './http/problem.ts';
import { noSniff } from './http/security-headers.ts';
import { httpMetrics } from '../infrastructure/metrics/http-metrics.ts';
import { adminRoutes } from './operations/admin-routes.ts';
import { numberingAdminRoutes } from './operations/numbering-admin-routes.ts';
import { metricsRoutes } from './operations/metrics-routes.ts';
import { docsRoutes } from './operations/docs-routes.ts';
import { consoleRoutes } from './console/console-routes.ts';
import { healthRoutes } from './operations/health-routes.ts';
import { messageRoutes } from './messages/message-routes.ts';
import { invoiceManagementRoutes } from './invoice-management/invoice-management-routes.ts';
import { webhookEndpointRoutes } from './webhooks/webhook-endpoint-routes.ts';
import { webhookEventRoutes } from './webhooks/webhook-event-routes.ts';
import { webhookDeliveryRoutes } from './webhooks/webhook-delivery-routes.ts';

interface AppOptions {
  errorsUrl: string;
  bodyLimitBytes: number;
}

export function createApp(services: ApiServices, logger: Logger, options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(correlation);
  app.use(noSniff);
  app.use(httpMetrics(services.metrics.metrics));
  // Below info there is no request line to write: skip the middleware and its per-request child logger.
  if (logger.isLevelEnabled('info')) app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => String((res as express.Response).locals?.requestId ?? ''),
      customProps: (_req, res) => ({ correlationId: (res as express.Response).locals?.correlationId }),
      serializers: { req: (req) => ({ method: req.method, url: req.url }), res: (res) => ({ statusCode: res.statusCode }) },
      autoLogging: { ignore: (req) => req.url === '/health' },
    }),
  );
  app.use(gatedByPath(healthRoutes(services.health)));
  app.use(gatedByPath(docsRoutes()));
  app.use(gatedByPath(consoleRoutes()));
  app.use(gatedByPath(adminRoutes(services, options.bodyLimitBytes)));
  app.use(gatedByPath(metricsRoutes(services.metrics)));
  const json = jsonBody(options.bodyLimitBytes);
  app.use(gatedByPath(numberingAdminRoutes(services, json)));
  app.use(gatedByPath(payrollConceptRoutes(services)));
  app.use(gatedByPath(invoiceEventRoutes(services.apiKeys, services.acceptance)));
  app.use(gatedByPath(eventXmlRoutes(services.apiKeys, services.acceptance)));
  for (const route of FAMILY_ROUTES) app.use(gatedByPath(documentRoutes(services, json, route)));
  for (const route of FAMILY_ROUTES) app.use(gatedByPath(artifactRoutes(services, route)));
  app.use(gatedByPath(documentEmailRoutes(services, json)));
  app.use(gatedByPath(documentListRoutes(services)));
  app.use(gatedByPath(documentArchiveRoutes(services)));
  app.use(gatedByPath(bookRoutes(services)));
  app.use(gatedByPath(auditExportRoutes(services)));
  app.use(gatedByPath(auditVerificationRoutes(services, json)));
  app.use(gatedByPath(receptionRoutes(services.apiKeys, services.acceptance, services.validator, json)));
  app.use(gatedByPath(messageRoutes(services)));
  app.use(gatedByPath(invoiceManagementRoutes(services, options.bodyLimitBytes)));
  app.use(gatedByPath(webhookEndpointRoutes(services, json)));
  app.use(gatedByPath(webhookEventRoutes(services.apiKeys)));
  app.use(gatedByPath(webhookDeliveryRoutes(services, json)));

  app.use((req, _res, next) => next(new Problem(404, 'not_found', 'Not found', `no operation ${req.method} ${req.path}`)));
  app.use(errorHandler(logger, options.errorsUrl));
  return app;
}
