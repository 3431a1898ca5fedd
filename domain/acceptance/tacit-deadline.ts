import { addBusinessDays, addCalendarDays } from '../shared/business-days.ts';
import { colombiaDateTime } from '../shared/colombia-time.ts';

/** Business days the receiver has after 032 to claim (031) or accept (033) before the acceptance is tacit. */
const TACIT_ACCEPTANCE_BUSINESS_DAYS = 3;

/**
 * When 034 falls due for goods or a service received (032) at `goodsReceivedAt`: the three business days after the
 * Colombian date of receipt must have passed whole, so it is due at 00:00 (Colombia, UTC−05:00) of the day after
 * the third one. Weekends and Colombian holidays do not count.
 */
export function tacitAcceptanceDueAt(goodsReceivedAt: Date): Date {
  const received = colombiaDateTime(goodsReceivedAt).date;
  const lastDay = addBusinessDays(received, TACIT_ACCEPTANCE_BUSINESS_DAYS);
  return new Date(`${addCalendarDays(lastDay, 1)}T00:00:00-05:00`);
}
