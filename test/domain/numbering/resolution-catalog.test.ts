import { expect } from 'chai';
import type { ResolutionInput } from '../../../domain/numbering/numbering-resolution.ts';
import { resolutionCatalogDecider, type ResolutionCatalogCommand } from '../../../domain/numbering/resolution-catalog.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const spec = deciderSpec(resolutionCatalogDecider);
const now = new Date('2026-03-01T15:00:00.000Z');
const input = (overrides: Partial<ResolutionInput> = {}): ResolutionInput => ({
  environment: 'test',
  family: 'sales-invoice',
  prefix: 'FEB',
  from: 1,
  to: 3,
  number: '18764000001',
  validFrom: '2026-01-01',
  validTo: '2027-12-31',
  technicalKey: 'abc123',
  ...overrides,
});
const register = (resolutionId: string, overrides: Partial<ResolutionInput> = {}): ResolutionCatalogCommand => ({
  type: 'RegisterResolution',
  resolutionId,
  tenantId: 't-1',
  input: input(overrides),
  now,
});
const fieldsRefused = (overrides: Partial<ResolutionInput>) =>
  (spec.given().refused(register('r1', overrides)).details.issues as { field: string; message: string }[]).map((issue) => issue.field);

describe('resolution catalog (decider)', () => {
  it('given no resolution, when one is registered, then it is recorded with every field, active, oldest first', () => {
    const { events, state } = spec.given(register('r1')).when(register('r2', { prefix: 'FEC' }));
    expect(events[0]).to.deep.include({ type: 'ResolutionRegistered' });
    expect(events[0].data).to.deep.include({ id: 'r2', tenantId: 't-1', prefix: 'FEC', from: 1, to: 3, number: '18764000001', technicalKey: 'abc123', registeredAt: now.toISOString() });
    expect(state.resolutions.map((r) => [r.id, r.retiredAt])).to.deep.equal([['r1', null], ['r2', null]]);
  });

  it('given a registered resolution, when the same id is registered again (a retry), then nothing is recorded', () => {
    expect(spec.given(register('r1')).when(register('r1')).events).to.deep.equal([]);
  });

  const rules: Array<[string, Partial<ResolutionInput>, string[]]> = [
    ['from above to', { from: 5, to: 4 }, ['to']],
    ['a zero or fractional number', { from: 0, to: 2.5 }, ['from', 'to']],
    ['valid_from after valid_to', { validFrom: '2027-01-01', validTo: '2026-01-01' }, ['valid_to']],
    ['dates that are not calendar dates', { validFrom: '2026-02-30', validTo: '31/12/2027' }, ['valid_from', 'valid_to']],
    ['a prefix of 5 characters or with a dash', { prefix: 'FE-B1' }, ['prefix']],
    ['an empty prefix', { prefix: '' }, ['prefix']],
    ['an unknown family', { family: 'receipt' }, ['family']],
    ['an unknown environment', { environment: 'prod' }, ['environment']],
    ['a resolution number with letters', { number: '18764A' }, ['number']],
    ['a technical key with symbols', { technicalKey: 'k/ey' }, ['technical_key']],
    ['a live sales-invoice resolution without technical key', { environment: 'live', technicalKey: null }, ['technical_key']],
  ];
  for (const [what, overrides, fields] of rules) {
    it(`given ${what}, when registered, then it is refused naming ${fields.join(' and ')}`, () => {
      expect(fieldsRefused(overrides)).to.deep.equal(fields);
    });
  }

  it('given a live credit-note resolution without technical key, then it is accepted (only the CUFE needs one)', () => {
    expect(spec.given().when(register('r1', { environment: 'live', family: 'credit-note', technicalKey: null })).events).to.have.length(1);
  });

  it('given a resolution FEB1–FEB3, when another of the same prefix and environment overlaps it, then it is refused; a following range or another environment is not', () => {
    const given = spec.given(register('r1'));
    const refusal = given.refused(register('r2', { from: 3, to: 10 }));
    expect(refusal.message).to.contain('overlap resolution r1');
    expect(given.when(register('r3', { from: 4, to: 10 })).events).to.have.length(1);
    expect(given.when(register('r4', { environment: 'live' })).events).to.have.length(1);
  });

  it('given a registered resolution, when retired, then it is retired once; an unknown id is not found', () => {
    const retire = (resolutionId: string): ResolutionCatalogCommand => ({ type: 'RetireResolution', resolutionId, now });
    const { state, events } = spec.given(register('r1')).when(retire('r1'));
    expect(events).to.deep.equal([{ type: 'ResolutionRetired', data: { resolutionId: 'r1', at: now.toISOString() } }]);
    expect(state.resolutions[0].retiredAt).to.equal(now.toISOString());
    expect(spec.given(register('r1'), retire('r1')).when(retire('r1')).events).to.deep.equal([]);
    expect(spec.given().refused(retire('nope')).code).to.equal('not_found');
  });
});
