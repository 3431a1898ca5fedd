import { Router } from 'express';
import type { RebuildJob } from '../../application/rebuilds/rebuild-jobs.ts';
import { projectionStatus } from '../../application/rebuilds/projection-status.ts';
import type { ProjectionDefinition } from '../../application/rebuilds/projection-definition.ts';
import { PROJECTIONS, projectionNamed } from '../../projections/projection-catalog.ts';
import type { ApiServices } from '../api-services.ts';
import { authenticate, requireScope } from '../http/authentication.ts';
import { jsonBody } from '../http/json-body.ts';
import { Problem } from '../http/problem.ts';
import { tenantAdminRoutes } from './tenant-admin-routes.ts';
import { attentionRepresentation } from './attention-representation.ts';

function jobJson(job: RebuildJob | undefined) {
  if (!job) return null;
  const p = job.progress;
  return {
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    error: job.error,
    ...(p && {
      phase: p.phase,
      version: p.version,
      position: p.position.toString(),
      head: p.head.toString(),
      events: p.events,
      events_per_second: Math.round(p.eventsPerSecond),
      eta_seconds: p.etaSeconds === null ? null : Math.ceil(p.etaSeconds),
    }),
  };
}

/** Operator endpoints (scope `admin`, which no tenant key carries): projections and their rebuilds, companies. */
export function adminRoutes(services: ApiServices, bodyLimitBytes: number): Router {
  const router = Router();
  const admin = services.admin;
  router.use('/admin', authenticate(services.apiKeys), requireScope('admin'));
  router.use(tenantAdminRoutes(services, jsonBody(bodyLimitBytes, { types: ['application/json', 'application/merge-patch+json'] })));

  const describe = async (definition: ProjectionDefinition) => {
    const status = await projectionStatus(definition, admin.events, admin.readModels, admin.versions);
    return {
      name: status.name,
      description: status.description,
      active_version: status.activeVersion,
      rows_revision: status.rowsRevision,
      definition_revision: status.definitionRevision,
      position: status.position,
      head: status.head,
      lag: status.lag,
      rebuild: status.rebuild,
      job: jobJson(admin.jobs.job(definition.name)),
    };
  };
  const find = (name: string) => {
    const definition = projectionNamed(name);
    if (!definition) throw new Problem(404, 'not_found', 'Not found', `no projection named ${name}; known: ${PROJECTIONS.map((p) => p.name).join(', ')}`);
    return definition;
  };

  router.get('/admin/v1/attention', async (_req, res) => {
    res.json(attentionRepresentation(await admin.attention.execute()));
  });
  router.get('/admin/v1/projections', async (_req, res) => {
    res.json({ data: await Promise.all(PROJECTIONS.map(describe)) });
  });
  router.get('/admin/v1/projections/:name', async (req, res) => {
    res.json(await describe(find(String(req.params.name))));
  });
  router.post('/admin/v1/projections/:name/rebuild', async (req, res) => {
    const definition = find(String(req.params.name));
    await admin.jobs.start(definition, new Date());
    res.status(202).location(`/admin/v1/projections/${definition.name}`).json(await describe(definition));
  });
  router.delete('/admin/v1/projections/:name/rebuild', async (req, res) => {
    const definition = find(String(req.params.name));
    if (!(await admin.jobs.stop(definition.name))) throw new Problem(404, 'not_found', 'Not found', `no rebuild of ${definition.name} is running`);
    res.status(202).json(await describe(definition));
  });
  return router;
}
