// Worker threads do not inherit the parent's TypeScript loader: register tsx here, then load the real entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
