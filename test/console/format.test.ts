import { expect } from 'chai';
import { formatAmount, isAmountText } from '../../console/src/format/amount.ts';
import { formatCalendarDate, formatInstant, formatPreciseInstant } from '../../console/src/format/instant.ts';
import { statusLabel } from '../../console/src/format/statuses.ts';
import { eventTypeLabel, findingLabel } from '../../console/src/format/event-types.ts';

// Intl separates the currency sign with a no-break space; the assertions spell it out.
const NBSP = '\u00a0';

describe('Console formatting (es-CO)', () => {
  describe('amounts in Colombian pesos', () => {
    it('formats a decimal string with thousands points and decimal comma', () => {
      expect(formatAmount('83300.00')).to.equal(`$${NBSP}83.300,00`);
      expect(formatAmount('0.00')).to.equal(`$${NBSP}0,00`);
      expect(formatAmount('-1900.50')).to.equal(`-$${NBSP}1.900,50`);
    });

    it('keeps every digit of an amount beyond a float’s precision (no binary float in between)', () => {
      // As a float, 12345678901234567.89 is 12345678901234568.
      expect(formatAmount('12345678901234567.89')).to.equal(`$${NBSP}12.345.678.901.234.567,89`);
    });

    it('rounds a third decimal half away from zero on the exact decimal (1.005 is 1.00499… as a float)', () => {
      expect(formatAmount('1.005')).to.equal(`$${NBSP}1,01`);
      expect(formatAmount('2.675')).to.equal(`$${NBSP}2,68`);
    });

    it('shows an absent amount as a dash and anything that is not a decimal as it came', () => {
      expect(formatAmount(null)).to.equal('—');
      expect(formatAmount(undefined)).to.equal('—');
      expect(formatAmount('1e5')).to.equal('1e5');
    });

    it('recognises the API’s amounts (two decimals) among other strings', () => {
      expect(isAmountText('10.00')).to.equal(true);
      expect(isAmountText('19.0')).to.equal(false);
      expect(isAmountText(10)).to.equal(false);
    });
  });

  describe('dates in Colombian time', () => {
    it('shows an instant in Bogotá time (UTC−5)', () => {
      expect(formatInstant('2026-03-01T15:04:05Z')).to.match(/^1\/03\/2026, 10:04:05\sa\.\sm\.$/);
    });

    it('shows an instant to the millisecond for the timeline, 24-hour clock', () => {
      expect(formatPreciseInstant('2026-03-01T23:04:05.007Z')).to.equal('01/03/2026, 18:04:05,007');
    });

    it('shows a calendar date as the date it is, whatever the time zone', () => {
      expect(formatCalendarDate('2026-01-01')).to.equal('1/01/2026');
      expect(formatCalendarDate(null)).to.equal('—');
    });

    it('shows an absent instant as a dash and an unreadable one as it came', () => {
      expect(formatInstant(null)).to.equal('—');
      expect(formatInstant('ayer')).to.equal('ayer');
    });
  });

  describe('names in Spanish', () => {
    it('translates the statuses of documents, messages and workers', () => {
      expect(['pending', 'sent', 'validated', 'rejected', 'failed', 'cancelled', 'voided'].map(statusLabel)).to.deep.equal([
        'pendiente',
        'enviado',
        'validado',
        'rechazado',
        'fallido',
        'cancelado',
        'anulado',
      ]);
      expect(statusLabel('queued')).to.equal('en cola');
      expect(statusLabel('catching_up')).to.equal('poniéndose al día');
      expect(statusLabel('something_new')).to.equal('something_new');
    });

    it('names document events and trail findings, unknown ones as stored', () => {
      expect(eventTypeLabel('DocumentCreated')).to.equal('Creado');
      expect(eventTypeLabel('DocumentValidated')).to.equal('Validado por la DIAN');
      expect(eventTypeLabel('SomethingElse')).to.equal('SomethingElse');
      expect(findingLabel('altered')).to.match(/^alterado/);
    });
  });
});
