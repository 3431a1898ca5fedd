import { performance } from 'node:perf_hooks';
import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { NumberingResolution } from '../../domain/numbering/numbering-resolution.ts';
import { numberingUnavailable, reasonOf, type Refused } from '../../domain/numbering/numbering-unavailable.ts';
import { usableOn } from '../../domain/numbering/range-decider.ts';
import { remainingIn, type RangeState } from '../../domain/numbering/range-state.ts';
import { isHabilitacion } from '../../domain/numbering/habilitacion.ts';
import type { DomainError } from '../../domain/shared/domain-error.ts';
import type { Clock } from '../ports/clock.ts';
import type { RangeStreams } from './range-streams.ts';
import type { ResolutionCatalog } from './resolution-catalog.ts';
import type { SoftwareIdentities, SoftwareKeys } from './software-identities.ts';
import { Reclaimer, type DocumentStatusOf } from './reclaimer.ts';

export interface NumberingScope {
  tenantId: string;
  environment: string;
  family: DocumentFamilyName;
}

/** A number given to a document, with what the provider computes its codes from. */
export interface AssignedNumber {
  number: string;
  resolution: NumberingResolution;
  software: SoftwareKeys;
}

/** What assign reads before it numbers a document (DocumentNumbering.lookUp). */
export interface AssignmentLookup {
  scope: NumberingScope;
  resolution: NumberingResolution | { unavailable: DomainError };
  software: SoftwareKeys | null;
}

/** Assign's answer: the number, `withdrawn` (a discarded document is never numbered), or why it cannot be numbered. */
export type Assignment = AssignedNumber | { withdrawn: true } | { unavailable: DomainError };

/**
 * Numbering from the company's own resolutions (the test environment falls back to DIAN's habilitación range, which is
 * checked but not reserved). A document accepted for issuance reserves a number of a resolution (`reserve`, from the
 * issuance precondition); when
 * the authority validates it, it gets the next consecutive of that resolution (`assign`), so numbers are gap-free
 * per resolution and a rejected document consumes none (`release`, `withdraw`).
 */
export class DocumentNumbering {
  private readonly reclaimer: Reclaimer;

  constructor(
    private readonly catalog: ResolutionCatalog,
    private readonly ranges: RangeStreams,
    private readonly software: SoftwareIdentities,
    documentStatus: DocumentStatusOf,
    private readonly clock: Clock,
  ) {
    this.reclaimer = new Reclaimer(ranges, documentStatus, clock);
  }

  /**
   * Reserves a number for the document on the resolution the body names by `prefix`, else on the oldest resolution
   * that can number it on `issueDate`; idempotent by document id. Throws 422 numbering_unavailable naming why.
   * `since`: when the request was read (the catalog and software identity looked up after it are fresh for it).
   */
  async reserve(scope: NumberingScope, documentId: string, prefix: string | undefined, issueDate: string, since?: number): Promise<NumberingResolution> {
    const unavailable = (reason: Parameters<typeof numberingUnavailable>[1], refused: Refused[] = []) =>
      numberingUnavailable({ family: scope.family, environment: scope.environment, prefix }, reason, refused);
    if (scope.environment !== 'test' && !(await this.software.view(scope.tenantId, scope.environment, since))) throw unavailable('software_not_registered');
    const all = (await this.catalog.candidateLists(scope.tenantId, scope.environment, scope.family, since)).active;
    const candidates = prefix === undefined ? all : all.filter((resolution) => resolution.prefix === prefix);
    if (candidates.length === 0) throw unavailable(all.length === 0 ? 'none_registered' : 'unknown_prefix');
    const refused: Refused[] = [];
    for (const resolution of candidates) {
      if (isHabilitacion(resolution.id)) {
        // DIAN's habilitación range (millions of numbers) is checked, not reserved: the test environment's default
        // numbers at validation as it always did, and accepting a document appends nothing but the document.
        const reason = usableOn(resolution, issueDate) ?? (remainingIn(await this.ranges.state(resolution, false), resolution.to) > 0 ? null : 'exhausted');
        if (!reason) return resolution;
        refused.push({ resolution, reason });
        continue;
      }
      const command = () => ({ type: 'Reserve' as const, documentId, issueDate, now: this.clock.now() });
      let result = await this.ranges.run(resolution, command());
      if (result.refused === 'exhausted' && (await this.reclaimer.reclaim(resolution, result.state)) > 0) result = await this.ranges.run(resolution, command());
      if (!result.refused) return resolution;
      refused.push({ resolution, reason: result.refused });
    }
    throw unavailable(reasonOf(refused), refused);
  }

  /**
   * At validation: the document's number, assigning the next consecutive of the resolution it reserved. `looked`: what
   * `lookUp` answered for it a moment before (the sandbox looks up while its delay runs), else looked up now.
   */
  async assign(document: DocumentState, looked?: AssignmentLookup): Promise<Assignment> {
    const { scope, resolution, software } = looked ?? (await this.lookUp(document));
    if ('unavailable' in resolution) return resolution;
    const result = await this.ranges.run(resolution, { type: 'Assign', documentId: document.id, now: this.clock.now() });
    if (result.refused) return { unavailable: numberingUnavailable(scope, result.refused, [{ resolution, reason: result.refused }]) };
    return this.numbered(scope, resolution, result.state, document.id, software);
  }

  /**
   * What `assign` reads before it numbers: the resolution that holds the document, and the software of its codes. As
   * fresh as at the call; the look-ups asked in one turn of the event loop (the submissions a batch of events starts)
   * share one check of each stream's revision (FoldedStreamCache's `since`): two index reads a document took about 2 %
   * of the workers thread's busy time at 700 documents/s.
   */
  async lookUp(document: DocumentState): Promise<AssignmentLookup> {
    const since = performance.now();
    const scope = scopeOf(document);
    const [lists, software] = await Promise.all([
      this.catalog.candidateLists(scope.tenantId, scope.environment, scope.family, since),
      this.software.keysFor(scope.tenantId, scope.environment, since),
    ]);
    const resolution = (await this.holding(scope, document.id, lists.all)) ?? forUnreserved(scope, lists.active, document.issueDate);
    return { scope, resolution, software };
  }

  /** A discard: the document will never be numbered, unless it already was (then its number is answered). */
  async withdraw(document: DocumentState): Promise<Assignment> {
    const scope = scopeOf(document);
    const lists = await this.catalog.candidateLists(scope.tenantId, scope.environment, scope.family);
    const resolution = (await this.holding(scope, document.id, lists.all)) ?? forUnreserved(scope, lists.active, document.issueDate);
    if ('unavailable' in resolution) return { withdrawn: true };
    const { state } = await this.ranges.run(resolution, { type: 'Withdraw', documentId: document.id, now: this.clock.now() });
    return this.numbered(scope, resolution, state, document.id, await this.software.keysFor(scope.tenantId, scope.environment));
  }

  /**
   * A rejected document gives its reservation back; with reason `rejected`, a number it was assigned too (DIAN direct
   * numbers before sending, and validates a rejected number anew).
   */
  release(document: DocumentState, reason: string): Promise<void> {
    return this.releaseReservation(scopeOf(document), document.id, reason);
  }

  /** Gives back the document's reservation, if it holds one (a number already assigned stays, unless `rejected`). */
  async releaseReservation(scope: NumberingScope, documentId: string, reason: string): Promise<void> {
    const all = await this.catalog.candidates(scope.tenantId, scope.environment, scope.family, true);
    const resolution = await this.holding(scope, documentId, all);
    if (resolution) await this.ranges.run(resolution, { type: 'Release', documentId, reason, now: this.clock.now() });
  }

  private numbered(scope: NumberingScope, resolution: NumberingResolution, state: RangeState, documentId: string, software: SoftwareKeys | null): Assignment {
    const number = state.numbers.get(documentId);
    if (!number) return { withdrawn: true };
    if (!software) return { unavailable: numberingUnavailable(scope, 'software_not_registered') };
    return { number, resolution, software };
  }

  /**
   * The resolution of `all` (the catalog's candidates, retired ones included) whose range knows the document (reserved,
   * numbered or withdrawn), read afresh when none seems to.
   */
  private async holding(scope: NumberingScope, documentId: string, all: readonly NumberingResolution[]): Promise<NumberingResolution | null> {
    for (const fresh of [false, true]) {
      // The habilitación range holds no reservations: a number another instance gave meanwhile is found by the
      // assignment's own optimistic append, so it is not read again here.
      for (const resolution of fresh ? all.filter((candidate) => !isHabilitacion(candidate.id)) : all) {
        const state = await this.ranges.state(resolution, fresh);
        if (state.reserved.has(documentId) || state.numbers.has(documentId) || state.withdrawn.has(documentId)) return resolution;
      }
    }
    return null;
  }
}

/** A document accepted before reservations existed: the first resolution that can number it, as reserve would choose. */
function forUnreserved(scope: NumberingScope, candidates: readonly NumberingResolution[], issueDate: string): NumberingResolution | { unavailable: DomainError } {
  const usable = candidates.find((resolution) => usableOn(resolution, issueDate) === null) ?? candidates[0];
  return usable ?? { unavailable: numberingUnavailable(scope, 'none_registered') };
}

function scopeOf(document: DocumentState): NumberingScope {
  if (!document.family) throw new Error(`document ${document.id} has no family`);
  return { tenantId: document.tenantId, environment: document.environment, family: document.family };
}
