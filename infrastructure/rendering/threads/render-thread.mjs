// A render thread (piscina): worker threads do not inherit the parent's TypeScript loader, so register tsx first, then
// load the task the pool names.
import { workerData } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const { renderTask } = await import(workerData.entry);

export default renderTask;
