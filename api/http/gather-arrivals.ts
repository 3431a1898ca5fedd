import type { Server } from 'node:http';
import type { ArrivalGathering } from '../../application/event-sourcing/arrival-gathering.ts';

/** Reports every request's start (before the app sees it) and end to `arrivals`, its connection as the source. */
export function gatherArrivals(server: Server, arrivals: ArrivalGathering): void {
  server.prependListener('request', (request, response) => {
    const source = request.socket;
    arrivals.requestStarted(source);
    response.once('close', () => arrivals.requestFinished(source));
  });
}
