import type { SettingsStore } from '../ports/read-model-store.ts';

/**
 * Which version of each projection serves reads, and which one a rebuild is building. Version 1 keeps the plain
 * names (collection `documents`, checkpoint `documents`); later versions are `documents_v2`, `documents@v2`.
 */
export class ProjectionVersions {
  constructor(private readonly settings: SettingsStore) {}

  async active(name: string): Promise<number> {
    return (await this.numberAt(name, 'active')) ?? 1;
  }

  async building(name: string): Promise<number | undefined> {
    return this.numberAt(name, 'building');
  }

  /**
   * The version a rebuild of `revision` should build: the one already under construction when the same revision
   * began it (resume), else the next one. A version begun by another revision (an upgrade in the middle of a rebuild)
   * is abandoned, not resumed with rows of two revisions in it: answered, for its collections to be dropped.
   */
  async startBuilding(name: string, revision: number): Promise<{ version: number; abandoned: number | undefined }> {
    const existing = await this.building(name);
    const begunBy = (await this.numberAt(name, 'building-revision')) ?? 1;
    if (existing !== undefined && begunBy === revision) return { version: existing, abandoned: undefined };
    const next = Math.max(existing ?? 0, await this.active(name)) + 1;
    // In this order: interrupted between the two, the new version is abandoned in turn (it has no rows yet).
    await this.settings.set(`projection:${name}:building`, String(next));
    await this.settings.set(`projection:${name}:building-revision`, String(revision));
    return { version: next, abandoned: existing };
  }

  /** Switches readers to `version`, written by `revision` of the projection's definition. */
  async switchTo(name: string, version: number, revision: number): Promise<void> {
    // Interrupted between the two, the revision stays the older one: a rebuild more, never a stale version kept.
    await this.settings.set(`projection:${name}:active`, String(version));
    await this.settings.set(`projection:${name}:revision`, String(revision));
    await this.settings.set(`projection:${name}:building`, undefined);
    await this.settings.set(`projection:${name}:building-revision`, undefined);
  }

  /** The revision of the definition that wrote the active version's rows; undefined when none was recorded. */
  async revision(name: string): Promise<number | undefined> {
    return this.numberAt(name, 'revision');
  }

  async recordRevision(name: string, revision: number): Promise<void> {
    await this.settings.set(`projection:${name}:revision`, String(revision));
  }

  private async numberAt(name: string, setting: string): Promise<number | undefined> {
    const value = await this.settings.get(`projection:${name}:${setting}`);
    return value === undefined ? undefined : Number(value);
  }
}

export function physicalName(collection: string, version: number): string {
  return version === 1 ? collection : `${collection}_v${version}`;
}

export function checkpointName(projection: string, version: number): string {
  return version === 1 ? projection : `${projection}@v${version}`;
}
