import { StoreRateLimiter } from '../../../infrastructure/rate-limiting/store-rate-limiter.ts';

/** Run as a separate process: consumes `count` points of one key on DATA_DIR's file and prints how many were allowed. */
const [dataDir, points, count] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const limiter = new StoreRateLimiter({ dataDir }, { keyPrefix: 'test', table: 'child_limits', points, durationSeconds: 60 });
const decisions = await Promise.all(Array.from({ length: count }, () => limiter.consume('shared-key')));
await limiter.close();
process.stdout.write(String(decisions.filter((decision) => decision.allowed).length));
