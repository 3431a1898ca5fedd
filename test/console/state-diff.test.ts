import { expect } from 'chai';
import { stateDiff, truncated, valueText } from '../../console/src/documents/state-diff.ts';
import { fieldLabel } from '../../console/src/documents/field-labels.ts';

describe('Console timeline: the diff of consecutive states', () => {
  it('lists the changed top-level members with before and after', () => {
    const before = { status: 'pending', number: null, updated_at: 'a' };
    const after = { status: 'validated', number: 'SETP990000001', updated_at: 'b' };
    expect(stateDiff(before, after)).to.deep.equal([
      { path: 'status', kind: 'changed', before: 'pending', after: 'validated' },
      { path: 'number', kind: 'changed', before: null, after: 'SETP990000001' },
      { path: 'updated_at', kind: 'changed', before: 'a', after: 'b' },
    ]);
  });

  it('walks into nested objects and arrays, naming the deepest path', () => {
    const before = { totals: { payable_amount: '100.00', taxes: [{ rate: '19.00' }] }, items: [{ price: '10.00' }] };
    const after = { totals: { payable_amount: '119.00', taxes: [{ rate: '5.00' }] }, items: [{ price: '10.00' }, { price: '3.00' }] };
    expect(stateDiff(before, after)).to.deep.equal([
      { path: 'totals.payable_amount', kind: 'changed', before: '100.00', after: '119.00' },
      { path: 'totals.taxes[0].rate', kind: 'changed', before: '19.00', after: '5.00' },
      { path: 'items[1]', kind: 'added', before: undefined, after: { price: '3.00' } },
    ]);
  });

  it('tells added and removed members from a change to null', () => {
    expect(stateDiff({ a: 1, gone: 'x' }, { a: 1, errors: [] })).to.deep.equal([
      { path: 'gone', kind: 'removed', before: 'x', after: undefined },
      { path: 'errors', kind: 'added', before: undefined, after: [] },
    ]);
    expect(stateDiff({ reason: 'x' }, { reason: null })).to.deep.equal([{ path: 'reason', kind: 'changed', before: 'x', after: null }]);
  });

  it('finds nothing between equal states, and a whole value where the shape changed', () => {
    expect(stateDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).to.deep.equal([]);
    expect(stateDiff({ a: [1] }, { a: { 0: 1 } })).to.deep.equal([{ path: 'a', kind: 'changed', before: [1], after: { 0: 1 } }]);
  });

  it('writes values as text and cuts long ones, saying so', () => {
    expect(valueText(undefined)).to.equal('—');
    expect(valueText('SETP1')).to.equal('SETP1');
    expect(valueText({ a: 1 })).to.equal('{"a":1}');
    expect(truncated('x'.repeat(80))).to.deep.equal({ text: 'x'.repeat(80), cut: false });
    expect(truncated('x'.repeat(96))).to.deep.equal({ text: `${'x'.repeat(80)}…`, cut: true });
  });

  it('names common paths in Spanish and leaves the others raw', () => {
    expect(fieldLabel('totals.payable_amount')).to.equal('Total a pagar');
    expect(fieldLabel('totals.withholding_total')).to.equal('Retenciones (informativo)');
    expect(fieldLabel('status')).to.equal('Estado');
    expect(fieldLabel('items[0].price')).to.equal(undefined);
  });
});
