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

  async switchTo(name: string, version: number): Promise<void> {
    await this.settings.set(`projection:${name}:active`, String(version));
    await this.settings.set(`projection:${name}:building`, undefined);
  }
}

export function physicalName(collection: string, version: number): string {
  return version === 1 ? collection : `${collection}_v${version}`;
}

export function checkpointName(projection: string, version: number): string {
  return version === 1 ? projection : `${projection}@v${version}`;
}
