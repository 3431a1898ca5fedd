import { isCalendarDate } from '../shared/is-calendar-date.ts';
import type { PayrollSettlementPeriod } from './payroll-body.ts';

/** First and last calendar day (YYYY-MM-DD) of the settled month; expects a period that passed the rules. */
export function settlementPeriodDates(period: PayrollSettlementPeriod): { start: string; end: string } {
  const prefix = `${String(period.year).padStart(4, '0')}-${String(period.month).padStart(2, '0')}-`;
  const lastDay = ['31', '30', '29', '28'].find((day) => isCalendarDate(`${prefix}${day}`)) ?? '28';
  return { start: `${prefix}01`, end: `${prefix}${lastDay}` };
}
