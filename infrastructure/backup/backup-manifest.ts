import { EMBEDDED_STORE_FILES } from '../sqlite/embedded-store-files.ts';

/** The file a backup folder describes itself in; written last, so a folder without it is no finished backup. */
export const MANIFEST_FILE = 'backup.json';
export const MANIFEST_FORMAT = 'einvoicing-embedded-backup';
export const MANIFEST_VERSION = 1;

/** The store files a backup may hold: the log always, the read models when asked for. */
export const BACKUP_FILES = { events: EMBEDDED_STORE_FILES.events, readModels: EMBEDDED_STORE_FILES.readModels } as const;
export type BackupFileName = (typeof BACKUP_FILES)[keyof typeof BACKUP_FILES];

export interface BackedUpFile {
  name: BackupFileName;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  created_at: string;
  /** The DATA_DIR copied, as an absolute path. */
  source: string;
  files: BackedUpFile[];
  /** The log as copied: its events are numbered 1 … head_position without holes. */
  events: { count: number; head_position: number; first_at: string | null; last_at: string | null };
  /** Every stream's hash chain recomputed on the copy (`--verify-trail`): what it checked and found; null when not asked for. */
  trail: { streams: number; events: number; problems: number } | null;
}

/** A manifest that cannot be read; says what is wrong and where. */
export class BadManifestError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'BadManifestError';
  }
}

const KNOWN_FILES = new Set<string>(Object.values(BACKUP_FILES));

/** The manifest in `text` (from `file`), checked for what a restore relies on: the files, their sizes and digests. */
export function parseManifest(text: string, file: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BadManifestError(file, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const manifest = value as Partial<BackupManifest> | null;
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) throw new BadManifestError(file, 'not a JSON object');
  if (manifest.format !== MANIFEST_FORMAT) throw new BadManifestError(file, `format: expected "${MANIFEST_FORMAT}", found ${JSON.stringify(manifest.format)}`);
  if (manifest.version !== MANIFEST_VERSION) throw new BadManifestError(file, `version: expected ${MANIFEST_VERSION}, found ${JSON.stringify(manifest.version)}`);
  if (!Array.isArray(manifest.files)) throw new BadManifestError(file, 'files: expected a list');
  const names = new Set<string>();
  manifest.files.forEach((entry: Partial<BackedUpFile> | null, index) => {
    const where = `files[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new BadManifestError(file, `${where}: expected an object`);
    if (typeof entry.name !== 'string' || !KNOWN_FILES.has(entry.name)) {
      throw new BadManifestError(file, `${where}.name: expected one of ${[...KNOWN_FILES].join(', ')}, found ${JSON.stringify(entry.name)}`);
    }
    if (names.has(entry.name)) throw new BadManifestError(file, `${where}.name: ${entry.name} is listed twice`);
    names.add(entry.name);
    if (!Number.isSafeInteger(entry.bytes) || (entry.bytes as number) < 0) throw new BadManifestError(file, `${where}.bytes: expected a whole number of bytes`);
    if (typeof entry.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(entry.sha256)) throw new BadManifestError(file, `${where}.sha256: expected 64 hexadecimal digits`);
  });
  if (!names.has(BACKUP_FILES.events)) throw new BadManifestError(file, `files: ${BACKUP_FILES.events} is missing`);
  return manifest as BackupManifest;
}
