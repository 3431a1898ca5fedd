import type { SettingsStore } from '../ports/read-model-store.ts';

/**
 * Which version of each projection serves reads, and which one a rebuild is building. Version 1 keeps the plain
 * names (collection `documents`, checkpoint `documents`); later versions are `documents_v2`, `documents@v2`.
 */
export class ProjectionVersions {
  constructor(private readonly settings: SettingsStore) {}

  async active(name: string): Promise<number> {
    return Number((await this.settings.get(`projection:${name}:active`)) ?? 1);
  }

  async building(name: string): Promise<number | undefined> {
    const value = await this.settings.get(`projection:${name}:building`);
    return value === undefined ? undefined : Number(value);
  }

  /** The version a rebuild should build: the one already under construction (resume), else the next one. */
  async startBuilding(name: string): Promise<number> {
    const existing = await this.building(name);
    if (existing !== undefined) return existing;
    const next = (await this.active(name)) + 1;
    await this.settings.set(`projection:${name}:building`, String(next));
    return next;
  }

  /** Switches readers to `version`, written by `revision` of the projection's definition. */
  async switchTo(name: string, version: number, revision: number): Promise<void> {
    // Interrupted between the two, the revision stays the older one: a rebuild more, never a stale version kept.
    await this.settings.set(`projection:${name}:active`, String(version));
    await this.settings.set(`projection:${name}:revision`, String(revision));
    await this.settings.set(`projection:${name}:building`, undefined);
  }

  /** The revision of the definition that wrote the active version's rows; undefined when none was recorded. */
  async revision(name: string): Promise<number | undefined> {
    const value = await this.settings.get(`projection:${name}:revision`);
    return value === undefined ? undefined : Number(value);
  }

  async recordRevision(name: string, revision: number): Promise<void> {
    await this.settings.set(`projection:${name}:revision`, String(revision));
  }
}

export function physicalName(collection: string, version: number): string {
  return version === 1 ? collection : `${collection}_v${version}`;
}

export function checkpointName(projection: string, version: number): string {
  return version === 1 ? projection : `${projection}@v${version}`;
}
