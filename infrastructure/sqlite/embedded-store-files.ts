/** The SQLite files under DATA_DIR of the stores that have no server configured. */
export const EMBEDDED_STORE_FILES = { events: 'events.sqlite', readModels: 'read-models.sqlite', coordination: 'coordination.sqlite' } as const;
