/** Issue 17's goals, as the results table checks them. */
export const GOALS = {
  /** Goal 1: the sustained end-to-end rate, as a share of the bare express baseline's requests/s. */
  e2eRatio: 0.15,
  /** Goal 2: POST → validated p50 one document at a time, at most this over the sandbox delay. */
  sequentialP50OverDelayMs: 5,
  /** Goal 2: at half the sustained rate, p50 and p99 at most this over the sandbox delay. */
  halfRateP50OverDelayMs: 20,
  halfRateP99OverDelayMs: 100,
  /** Goal 3: closed-loop issuance requests/s as a share of the baseline's, and its p99. */
  issuanceRatio: 0.3,
  issuanceP99Ms: 50,
  /** Goal 4: catch-up and rebuild of the documents projection, events/s. */
  projectionEventsPerSecond: 50_000,
} as const;
