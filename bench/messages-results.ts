import type { MessagesBenchResult } from './messages.ts';

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const benchmark = 'Messages (seed 002)';

/** Rows of the results table for the messages benchmark (a failed or skipped run shows as one row). */
export function messagesRows(result: MessagesBenchResult | Error) {
  if (result instanceof Error) {
    const value = result.name === 'Skipped' ? 'skipped' : `error: ${result.message.split('\n')[0]}`;
    return [{ benchmark, metric: 'messages/s', value, target: '—', verdict: (result.name === 'Skipped' ? '—' : 'FAIL') as 'FAIL' | '—' }];
  }
  return [
    { benchmark, metric: 'rendered (Handlebars: subject, HTML, text)', value: `${int(result.rendersPerSecond)} messages/s`, target: '—', verdict: '—' as const },
    { benchmark, metric: 'accepted over HTTP (POST /v1/messages → 202)', value: `${int(result.acceptedPerSecond)} messages/s`, target: '—', verdict: '—' as const },
    { benchmark, metric: `rendered and delivered to loopback SMTP, ${int(result.messages)} messages`, value: `${int(result.deliveredPerSecond)} messages/s`, target: '—', verdict: '—' as const },
  ];
}

export function messagesSettings(result: MessagesBenchResult | Error): string[] {
  if (result instanceof Error) return [];
  return [
    `- Messages: rendering alone is ${int(result.renders)} renders of factura-electronica with its sample data, the three designs in turn, in the benchmark process. ` +
      'End to end: `node --import tsx api/main.ts` as a child process on SQLite (temp DATA_DIR, workers in their thread, SMTP_URL to an smtp-server on 127.0.0.1 in the benchmark process); ' +
      `autocannon POSTs ${int(result.messages)} factura-electronica messages with a live key (${result.connections} connections; status codes ${JSON.stringify(result.statusCodes)}), ` +
      "each validated, rendered and recorded as MessageQueued; the delivery process manager sends them through nodemailer's SMTP pool (5 connections). " +
      `Delivered/s counts from the first request to the last message the SMTP server accepted (${result.seconds.toFixed(1)} s). BENCH_MESSAGES and BENCH_RENDERS set the sizes.`,
  ];
}
