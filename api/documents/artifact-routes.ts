import { Router, type NextFunction, type Request, type Response } from 'express';
import { isArtifactFormat, type Artifact } from '../../application/ports/artifact.ts';
import type { ApiServices } from '../api-services.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { artifactRequest } from './artifact-request.ts';
import type { FamilyRoute } from './family-routes.ts';

/**
 * `GET {base}/{id}/{format}` (seed 000): the provider's XML, AttachedDocument, PDF or ZIP of a numbered document.
 * Only the four format names are this route's; any other last segment (history, events...) is left to other routes.
 */
export function artifactRoutes(services: ApiServices, route: FamilyRoute): Router {
  const router = Router();
  const formatsOnly = (req: Request, _res: Response, next: NextFunction) => next(isArtifactFormat(String(req.params.format)) ? undefined : 'router');
  router.get(`${route.base}/:id/:format`, formatsOnly, authenticate(services.apiKeys), requireScope('invoices:read'), async (req: Request, res: Response) => {
    const { id, format } = artifactRequest(req, route);
    send(res, await services.renderArtifact.execute(route.family, id, format, principalOf(res)));
  });
  return router;
}

function send(res: Response, artifact: Artifact): void {
  res
    .status(200)
    .set({
      'Content-Type': artifact.contentType,
      'Content-Disposition': `attachment; filename="${artifact.fileName}"`,
      'Cache-Control': 'private, no-cache',
      ...artifact.headers,
    })
    .send(artifact.bytes);
}
