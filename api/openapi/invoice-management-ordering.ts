/** How GET /v1/invoices orders and filters; the OpenAPI description and the README say the same. */
export const ORDERING = [
  'Invoices come in change order: by the position in the event log of their latest change, oldest change first. Every',
  'change of an invoice moves it after every earlier change, so an invoice that changes while you page shows up again',
  'further on (with its new state) and is never skipped; you may see an invoice twice, the later copy being newer.',
  '`updated_since` is turned into a log position: the furthest position the lists were known to show at that time (less',
  'a two-second allowance for clock differences); the page holds the invoices whose latest change comes after it, so',
  'a change that was not yet visible at that time is always included, however late the lists caught up. A synchronizing',
  'client keeps the time its previous run started (best: the `Date` of the first answer of that run) and passes it as',
  '`updated_since`: every change is then seen by the run during which it became visible or by the next one.',
].join(' ');
