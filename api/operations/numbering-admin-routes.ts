import { Router, type Request, type RequestHandler, type Response } from 'express';
import { MissingSecretsKeyError } from '../../application/ports/secret-cipher.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { resolutionView, softwareView } from '../../application/numbering/resolution-view.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import type { NumberingModule } from '../../infrastructure/composition/numbering-module.ts';
import { authenticate, requireScope } from '../http/authentication.ts';
import { Problem } from '../http/problem.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';

interface NumberingAdminServices {
  apiKeys: ApiKeys;
  validator: SchemaValidator;
  numbering: NumberingModule;
}

const OPERATOR = (correlationId: unknown) => ({ actor: 'operator', correlationId: String(correlationId ?? 'operator') });

/** Refusals of the operator's input read as the operator needs them: fields named, unknown companies 404. */
function operatorAnswer(handler: (req: Request, res: Response) => Promise<void>) {
  return async (req: Request, res: Response) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'validation_failed') {
        throw new Problem(422, 'validation_failed', 'Validation failed', error.message, (error.details.issues as ValidationIssue[]) ?? []);
      }
      if (error instanceof DomainError && error.code === 'not_found') throw new Problem(404, 'not_found', 'Not found', error.message);
      if (error instanceof MissingSecretsKeyError) throw new Problem(503, 'secrets_key_missing', 'Secrets key missing', error.message);
      throw error;
    }
  };
}

/** Operator endpoints (scope `admin`) beside `resolutions` and `software` of the CLI. */
export function numberingAdminRoutes({ apiKeys, validator, numbering }: NumberingAdminServices, json: RequestHandler): Router {
  const router = Router();
  router.use(['/admin/v1/tenants', '/admin/v1/resolutions'], authenticate(apiKeys), requireScope('admin'));
  const body = (schema: string, value: unknown) => {
    const issues = validator.validate(schema, value);
    if (issues.length > 0) throw new Problem(422, 'validation_failed', 'Validation failed', `the ${schema} body is not valid`, issues);
    return value as Record<string, unknown>;
  };

  router.post('/admin/v1/tenants/:tenantId/resolutions', json, operatorAnswer(async (req, res) => {
    const input = body('ResolutionInput', req.body);
    const resolution = await numbering.catalog.register(
      String(req.params.tenantId),
      {
        environment: String(input.environment),
        family: String(input.family),
        prefix: String(input.prefix),
        from: Number(input.from),
        to: Number(input.to),
        number: String(input.number),
        validFrom: String(input.valid_from),
        validTo: String(input.valid_to),
        technicalKey: typeof input.technical_key === 'string' ? input.technical_key : null,
      },
      OPERATOR(res.locals.correlationId),
    );
    res.status(201).json(resolutionView(resolution));
  }));

  router.get('/admin/v1/tenants/:tenantId/resolutions', operatorAnswer(async (req, res) => {
    const environment = typeof req.query.environment === 'string' ? req.query.environment : undefined;
    if (environment !== undefined && environment !== 'test' && environment !== 'live') {
      throw new Problem(422, 'validation_failed', 'Validation failed', 'environment must be test or live', [{ field: 'environment', message: 'must be test or live' }]);
    }
    const usages = await numbering.usages.of(String(req.params.tenantId), environment, new Date());
    res.json({ data: usages.map((usage) => resolutionView(usage.resolution, usage)) });
  }));

  router.post('/admin/v1/resolutions/:id/retire', operatorAnswer(async (req, res) => {
    res.json(resolutionView(await numbering.catalog.retire(String(req.params.id), OPERATOR(res.locals.correlationId))));
  }));

  router.put('/admin/v1/tenants/:tenantId/software/:environment', json, operatorAnswer(async (req, res) => {
    const input = body('SoftwareIdentityInput', req.body);
    const view = await numbering.software.set(
      String(req.params.tenantId),
      {
        environment: String(req.params.environment),
        softwareId: String(input.software_id),
        pin: String(input.pin),
        testSetId: typeof input.test_set_id === 'string' ? input.test_set_id : null,
        payrollTestSetId: typeof input.payroll_test_set_id === 'string' ? input.payroll_test_set_id : null,
      },
      OPERATOR(res.locals.correlationId),
    );
    res.json(softwareView(view));
  }));

  router.get('/admin/v1/tenants/:tenantId/software/:environment', operatorAnswer(async (req, res) => {
    const view = await numbering.software.view(String(req.params.tenantId), String(req.params.environment));
    if (!view) throw new Problem(404, 'not_found', 'Not found', `no software identity for ${String(req.params.environment)}`);
    res.json(softwareView(view));
  }));
  return router;
}
