/**
 * The young generation of the threads that run projections and process managers. Catching up, each event is parsed
 * from JSON, folded and written out as JSON again: megabytes of objects a second that die young. With V8's default
 * semi-space (16 MiB) the scavenger runs often and copies what the open batch still holds; at 64 MiB it runs a quarter
 * as often. Measured on the documents projection's catch-up: about 10 % less CPU. It costs memory only while the
 * thread allocates that fast: V8 grows the space up to this bound as needed. The service's workers thread takes it as
 * its resource limits; `npm run cli` passes it to Node as --max-semi-space-size, for the CLI's rebuild. (Node 24's V8
 * reaches 64 MiB semi-spaces by default; Node 20's and 22's stop at 16.)
 */
export const PROJECTION_SEMI_SPACE_MB = 64;

/** For `new Worker(..., { resourceLimits })`: V8 sizes a young generation at three semi-spaces. */
export const projectionThreadLimits = { maxYoungGenerationSizeMb: 3 * PROJECTION_SEMI_SPACE_MB } as const;
