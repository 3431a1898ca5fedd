import { expect } from 'chai';
import { documentsQuery, filterProblems, filtersFromSearch, filtersToSearch, NO_FILTERS } from '../../console/src/documents/list-query.ts';
import { asOfFromLocal, localFromInstant } from '../../console/src/documents/as-of.ts';
import { familyByPath, familyOfItem } from '../../console/src/documents/families.ts';
import { archiveQuery } from '../../console/src/audit/archive-query.ts';
import { bookQuery } from '../../console/src/audit/book-query.ts';
import { exportQuery } from '../../console/src/audit/export-query.ts';
import { consolePath, matchRoute } from '../../console/src/routing/route-match.ts';

describe('Console queries and routes', () => {
  describe('the documents list', () => {
    it('asks GET /v1/documents with only the filters set, the page size and the cursor', () => {
      const filters = { ...NO_FILTERS, status: 'validated', number: ' SETP990000001 ', issuedFrom: '2026-01-01' };
      expect(documentsQuery(filters, 25)).to.equal('/v1/documents?status=validated&number=SETP990000001&issued_from=2026-01-01&limit=25');
      expect(documentsQuery({ ...NO_FILTERS, family: 'credit-notes' }, 10, 'abc+/=')).to.equal('/v1/documents?family=credit-notes&limit=10&cursor=abc%2B%2F%3D');
    });

    it('keeps the filters in the console’s address and reads them back', () => {
      const filters = { ...NO_FILTERS, family: 'payrolls', issuedTo: '2026-02-28' };
      const search = filtersToSearch(filters);
      expect(search).to.equal('?family=payrolls&issued_to=2026-02-28');
      expect(filtersFromSearch(search)).to.deep.equal(filters);
      expect(filtersToSearch(NO_FILTERS)).to.equal('');
    });

    it('says in Spanish what is wrong before asking', () => {
      expect(filterProblems(NO_FILTERS)).to.deep.equal([]);
      expect(filterProblems({ ...NO_FILTERS, status: 'lost', family: 'receipts' })).to.deep.equal(['Tipo de documento desconocido: receipts', 'Estado desconocido: lost']);
      expect(filterProblems({ ...NO_FILTERS, issuedFrom: '2026-03-02', issuedTo: '2026-03-01' })).to.deep.equal(['«Emitido desde» es posterior a «Emitido hasta»']);
    });
  });

  describe('the as-of control (Bogotá, UTC−5 all year)', () => {
    it('turns the datetime-local value into the as_of the API takes', () => {
      expect(asOfFromLocal('2026-03-01T10:00')).to.equal('2026-03-01T10:00:00-05:00');
      expect(asOfFromLocal('2026-03-01T10:00:05.25')).to.equal('2026-03-01T10:00:05.250-05:00');
      expect(asOfFromLocal('2026-02-30T10:00')).to.equal(undefined);
      expect(asOfFromLocal('ayer')).to.equal(undefined);
    });

    it('shows an event’s instant in the input to the millisecond, and round-trips it', () => {
      expect(localFromInstant('2026-03-01T15:00:05.453Z')).to.equal('2026-03-01T10:00:05.453');
      expect(new Date(asOfFromLocal(localFromInstant('2026-03-01T03:00:05.453Z'))!).toISOString()).to.equal('2026-03-01T03:00:05.453Z');
    });
  });

  describe('families', () => {
    it('finds a list item’s family by its link, or by its family name singular or plural', () => {
      expect(familyOfItem({ family: 'x', links: { self: '/payrolls/v1/adjustment-payrolls/1' } })?.path).to.equal('adjustment-payrolls');
      expect(familyOfItem({ family: 'credit-notes' })?.path).to.equal('credit-notes');
      expect(familyOfItem({ family: 'sales-invoice' })?.path).to.equal('sales-invoices');
      expect(familyOfItem({ family: 'payroll-adjustment' })?.path).to.equal('adjustment-payrolls');
      expect(familyOfItem({ family: 'receipt' })).to.equal(undefined);
    });

    it('knows which downloads, e-mail and acceptance events each family has', () => {
      expect(familyByPath('sales-invoices')).to.include({ email: true, acceptance: true });
      expect(familyByPath('sales-invoices')!.formats).to.deep.equal(['pdf', 'xml', 'attached-xml', 'zip']);
      expect(familyByPath('support-documents')!.formats).to.deep.equal(['pdf', 'xml']);
      expect(familyByPath('payrolls')).to.include({ email: false, acceptance: false });
    });
  });

  describe('the audit export', () => {
    it('builds the export request or says what is missing', () => {
      expect(exportQuery('2026-01-01', '2026-01-31', 'csv', '')).to.deep.equal({ path: '/v1/audit/export?from=2026-01-01&to=2026-01-31&format=csv' });
      expect(exportQuery('2026-01-01', '2026-01-31', 'jsonl', 'payrolls').path).to.equal('/v1/audit/export?from=2026-01-01&to=2026-01-31&format=jsonl&family=payrolls');
      expect(exportQuery('', '2026-01-31', 'csv', '').problem).to.match(/fechas/);
      expect(exportQuery('2026-02-01', '2026-01-31', 'csv', '').problem).to.match(/posterior/);
    });

    it('asks the archive of the period with the family and the files chosen (all files: no formats parameter)', () => {
      expect(archiveQuery('2026-01-01', '2026-01-31', '', ['xml', 'attached-xml', 'pdf'])).to.deep.equal({ path: '/v1/documents/archive?from=2026-01-01&to=2026-01-31' });
      expect(archiveQuery('2026-01-01', '2026-01-31', 'sales-invoices', ['xml', 'pdf']).path)
        .to.equal('/v1/documents/archive?from=2026-01-01&to=2026-01-31&family=sales-invoices&formats=xml%2Cpdf');
      expect(archiveQuery('2026-01-01', '2026-01-31', '', []).problem).to.match(/al menos un tipo/);
      expect(archiveQuery('2026-02-01', '2026-01-31', '', ['xml']).problem).to.match(/posterior/);
    });

    it('asks the book chosen for the period', () => {
      expect(bookQuery('sales-book', '2026-01-01', '2026-01-31')).to.deep.equal({ path: '/v1/reports/sales-book?from=2026-01-01&to=2026-01-31' });
      expect(bookQuery('purchases-book', '2026-01-01', '2026-01-31').path).to.equal('/v1/reports/purchases-book?from=2026-01-01&to=2026-01-31');
      expect(bookQuery('payroll-book', '2026-01-01', '2026-01-31').path).to.equal('/v1/reports/payroll-book?from=2026-01-01&to=2026-01-31');
      expect(bookQuery('sales-book', '2026-01-01', '').problem).to.match(/fechas/);
      expect(bookQuery('ledger', '2026-01-01', '2026-01-31').problem).to.match(/libro/);
    });
  });

  describe('client routes', () => {
    it('matches literal segments and decodes parameters', () => {
      expect(matchRoute('/documentos/:family/:id', '/documentos/credit-notes/abc')).to.deep.equal({ family: 'credit-notes', id: 'abc' });
      expect(matchRoute('/mensajes/:id', '/mensajes/msg_%C3%B1')).to.deep.equal({ id: 'msg_ñ' });
      expect(matchRoute('/documentos', '/documentos/')).to.deep.equal({});
      expect(matchRoute('/documentos/:family/:id', '/documentos/x')).to.equal(undefined);
      expect(matchRoute('/mensajes/:id', '/mensajes/%E0%A4%A')).to.equal(undefined);
    });

    it('reads the path under /console', () => {
      expect(consolePath('/console')).to.equal('/');
      expect(consolePath('/console/')).to.equal('/');
      expect(consolePath('/console/operaciones')).to.equal('/operaciones');
    });
  });
});
