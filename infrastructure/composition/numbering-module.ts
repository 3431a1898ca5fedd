import { DocumentNumbering } from '../../application/numbering/document-numbering.ts';
import { NumberingPrecondition } from '../../application/numbering/numbering-precondition.ts';
import { RangeStreams } from '../../application/numbering/range-streams.ts';
import { ResolutionCatalog } from '../../application/numbering/resolution-catalog.ts';
import { ResolutionUsages } from '../../application/numbering/resolution-warnings.ts';
import { SoftwareIdentities } from '../../application/numbering/software-identities.ts';
import { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import { systemClock, type Clock } from '../../application/ports/clock.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import { randomIds, type IdGenerator } from '../../application/ports/id-generator.ts';
import type { SecretCipher } from '../../application/ports/secret-cipher.ts';
import { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import { documentStreamId, familyNamed } from '../../domain/documents/families/index.ts';
import { NoSecretsKey } from '../secrets/aes-gcm-cipher.ts';

interface NumberingDependencies {
  eventStore: EventStore;
  aggregates?: AggregateStore;
  tenants?: TenantDirectory;
  secrets?: SecretCipher;
  clock?: Clock;
  ids?: IdGenerator;
}

/** The company's numbering wired: resolutions, software identities, reservations and assignment, warnings. */
export class NumberingModule {
  readonly catalog: ResolutionCatalog;
  readonly ranges: RangeStreams;
  readonly software: SoftwareIdentities;
  readonly numbering: DocumentNumbering;
  readonly usages: ResolutionUsages;
  readonly precondition: NumberingPrecondition;

  constructor({ eventStore, clock = systemClock, ids = randomIds, ...given }: NumberingDependencies) {
    const aggregates = given.aggregates ?? new AggregateStore(eventStore);
    const tenants = given.tenants ?? new TenantDirectory(aggregates);
    this.catalog = new ResolutionCatalog(aggregates, eventStore, tenants, clock, ids);
    this.ranges = new RangeStreams(eventStore);
    this.software = new SoftwareIdentities(aggregates, given.secrets ?? new NoSecretsKey(), tenants, clock, eventStore);
    const statusOf = async (family: Parameters<typeof familyNamed>[0], documentId: string) =>
      (await aggregates.load(documentStreamId(familyNamed(family), documentId), documentDecider)).state.status;
    this.numbering = new DocumentNumbering(this.catalog, this.ranges, this.software, statusOf, clock);
    this.usages = new ResolutionUsages(this.catalog, this.ranges);
    this.precondition = new NumberingPrecondition(this.numbering, clock);
  }
}
