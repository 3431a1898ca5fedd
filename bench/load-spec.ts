import type { Buckets } from './service-histogram.ts';

/** What the load client (bench/load-client.ts, its own process) is asked to do; passed as JSON in the file BENCH_LOAD_SPEC_FILE names. */
interface CommonSpec {
  /** The URL POSTed to: the sample invoice, each request with its own Idempotency-Key. */
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Prefix of the Idempotency-Keys, unique per run. */
  label: string;
  /** Where the client writes its result (JSON); too big for a pipe's tail on long open-loop runs. */
  outFile: string;
}

/** autocannon: a thrown-away warm-up, then the measured run, `connections` requests in flight at all times. */
export interface ClosedLoopSpec extends CommonSpec {
  mode: 'closed';
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** Requests started on a fixed schedule whatever the answers: `warmupRate` for `warmupSeconds`, then `rate`. */
export interface OpenLoopSpec extends CommonSpec {
  mode: 'open';
  rate: number;
  durationSeconds: number;
  warmupRate: number;
  warmupSeconds: number;
  /** Sockets the client may hold open; a request waiting for one starts late. */
  maxConnections: number;
  /** A request that a connection starts to write more than this after its scheduled time was not sent on time (a client limit). */
  lateMs: number;
}

/** One document at a time: POST, poll its GET until it is final, then the next. */
export interface SequentialSpec extends CommonSpec {
  mode: 'sequential';
  count: number;
  /** Nothing is polled before this (the sandbox's delay: no document can be validated sooner). */
  firstPollAfterMs: number;
  pollMs: number;
  /** A document not final after this fails the run. */
  timeoutMs: number;
}

/** One kind of list read one request at a time: its paths in turn, or each page after the one before (next_cursor). */
export type GetKind =
  | { kind: string; warmUp: number; paths: string[]; expectTotal?: number }
  | { kind: string; warmUp: number; requests: number; follow: string };

/** GETs one at a time with the key, each kind after the other (the lists of goal 5). */
export interface GetsSpec {
  mode: 'gets';
  baseUrl: string;
  headers: Record<string, string>;
  kinds: GetKind[];
  /** The service's /metrics, scraped around each kind's measured requests for its own durations of them. */
  metricsPath?: string;
  outFile: string;
}

export type LoadSpec = ClosedLoopSpec | OpenLoopSpec | SequentialSpec | GetsSpec;

/** The load client's own CPU use over the measured window (not the warm-up). */
export interface ClientCpu {
  userMs: number;
  systemMs: number;
  wallMs: number;
  /** (user + system) / wall: 1 is one core busy all the time. */
  coreShare: number;
}

export interface ClosedLoopResult {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  totalRequests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** 2xx answers of the warm-up and the measured run together: the documents the service accepted. */
  accepted: number;
  clientCpu: ClientCpu;
}

export interface OpenLoopResult {
  rate: number;
  durationSeconds: number;
  /** Requests of the measured window, sent / answered (any status) / failed without an answer. */
  sent: number;
  answered: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Requests of the measured window that started more than lateMs after their scheduled time, and the worst delay. */
  late: number;
  maxLateMs: number;
  /** Socket assigned → answer read, over the measured window. */
  p50Ms: number;
  p99Ms: number;
  /** Ids of the documents accepted (202) in the measured window and in the warm-up. */
  acceptedIds: string[];
  warmupAcceptedIds: string[];
  /** Wall-clock (Date.now()) start and end of the measured schedule, to line up the service's lag samples. */
  measuredStartEpochMs: number;
  measuredEndEpochMs: number;
  clientCpu: ClientCpu;
}

export interface SequentialResult {
  count: number;
  statusCodes: Record<string, number>;
  acceptedIds: string[];
  /** Documents not final within timeoutMs. */
  notFinal: number;
  clientCpu: ClientCpu;
}

export interface GetsResult {
  /** Per kind, the measured requests' times (request to the body's last byte, ms), warm-up left out. */
  kinds: Array<{ kind: string; times: number[]; serviceBuckets?: Buckets }>;
  clientCpu: ClientCpu;
}
