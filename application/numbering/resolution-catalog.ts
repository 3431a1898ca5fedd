import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import { habilitacionResolution } from '../../domain/numbering/habilitacion.ts';
import type { NumberingResolution, ResolutionInput } from '../../domain/numbering/numbering-resolution.ts';
import {
  resolutionCatalogDecider,
  type ResolutionCatalogCommand,
  type ResolutionCatalogEvent,
  type ResolutionCatalogState,
} from '../../domain/numbering/resolution-catalog.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { FoldedStreamCache } from '../event-sourcing/folded-stream-cache.ts';
import { readAllOfTypes } from '../event-sourcing/read-all-of-types.ts';
import type { Clock } from '../ports/clock.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';

/** The resolutions that may number a family's new documents (`active`), and those that may hold its documents (`all`). */
export interface CandidateLists {
  active: NumberingResolution[];
  all: NumberingResolution[];
}

export const resolutionCatalogStreamId = (tenantId: string) => `numberingResolutions-${tenantId}`;

const OPERATOR = { actor: 'operator', correlationId: 'operator' };

/**
 * The numbering resolutions companies registered: one small stream per company, read on every issuance; folded once
 * and re-checked by its revision on every use, so a registration or retirement made anywhere is seen at once.
 */
export class ResolutionCatalog {
  private readonly catalogs: FoldedStreamCache<ResolutionCatalogCommand, ResolutionCatalogEvent, ResolutionCatalogState>;

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly store: EventStore,
    private readonly tenants: TenantDirectory,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.catalogs = new FoldedStreamCache(aggregates, resolutionCatalogDecider);
  }

  async register(tenantId: string, input: ResolutionInput, context: { actor: string; correlationId: string } = OPERATOR): Promise<NumberingResolution> {
    if (!(await this.tenants.find(tenantId))) throw new DomainError('not_found', `no tenant ${tenantId}`);
    const resolutionId = this.ids.uuid();
    const command = { type: 'RegisterResolution' as const, resolutionId, tenantId, input, now: this.clock.now() };
    const handled = await this.aggregates.handle(resolutionCatalogStreamId(tenantId), resolutionCatalogDecider, command, {
      ...context,
      tenantId,
      environment: input.environment,
    });
    return handled.state.resolutions.find((resolution) => resolution.id === resolutionId) as NumberingResolution;
  }

  /** Retired resolutions number no new document; documents already accepted on one keep their number. */
  async retire(resolutionId: string, context: { actor: string; correlationId: string } = OPERATOR): Promise<NumberingResolution> {
    const found = await this.locate(resolutionId);
    if (!found) throw new DomainError('not_found', `no resolution ${resolutionId}`);
    const command = { type: 'RetireResolution' as const, resolutionId, now: this.clock.now() };
    const handled = await this.aggregates.handle(resolutionCatalogStreamId(found.tenantId), resolutionCatalogDecider, command, {
      ...context,
      tenantId: found.tenantId,
      environment: found.environment,
    });
    return handled.state.resolutions.find((resolution) => resolution.id === resolutionId) as NumberingResolution;
  }

  /** Every resolution of the company, oldest first, retired ones included. `since`: see FoldedStreamCache. */
  async of(tenantId: string, environment?: string, since?: number): Promise<NumberingResolution[]> {
    const state = await this.catalogs.load(resolutionCatalogStreamId(tenantId), since);
    return state.resolutions.filter((resolution) => !environment || resolution.environment === environment);
  }

  /**
   * The resolutions that may number a family's documents, oldest first: the company's own that are not retired; in the
   * test environment, DIAN's habilitación range when it has none. `all` also lists retired ones (and the habilitación
   * range in the test environment), which still number documents accepted before.
   */
  async candidates(tenantId: string, environment: string, family: DocumentFamilyName, all = false): Promise<NumberingResolution[]> {
    const lists = await this.candidateLists(tenantId, environment, family);
    return all ? lists.all : lists.active;
  }

  /** Both lists `candidates` answers (`active`: all = false), from one read of the catalog. `since`: as `of`'s. */
  async candidateLists(tenantId: string, environment: string, family: DocumentFamilyName, since?: number): Promise<CandidateLists> {
    const registered = (await this.of(tenantId, environment, since)).filter((resolution) => resolution.family === family);
    const active = registered.filter((resolution) => !resolution.retiredAt);
    const habilitacion = environment === 'test' ? [habilitacionResolution(tenantId, family)] : [];
    return { active: active.length === 0 ? habilitacion : active, all: [...registered, ...habilitacion] };
  }

  /** Every company's resolutions (metrics). */
  async everyone(): Promise<NumberingResolution[]> {
    const tenants = new Set<string>();
    for (const event of await readAllOfTypes(this.store, { eventTypes: ['ResolutionRegistered'] })) tenants.add(String(event.data.tenantId));
    const lists = await Promise.all([...tenants].map((tenantId) => this.of(tenantId)));
    return lists.flat();
  }

  private async locate(resolutionId: string): Promise<NumberingResolution | null> {
    const events = await readAllOfTypes(this.store, { eventTypes: ['ResolutionRegistered'] });
    const event = events.find((candidate) => candidate.data.id === resolutionId);
    return event ? ({ ...(event.data as ResolutionCatalogEvent['data']), retiredAt: null } as NumberingResolution) : null;
  }
}
