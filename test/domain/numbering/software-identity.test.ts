import { expect } from 'chai';
import { softwareIdentityDecider, softwareIssues } from '../../../domain/numbering/software-identity.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const spec = deciderSpec(softwareIdentityDecider);
const now = new Date('2026-03-01T15:00:00.000Z');
const set = (softwareId: string, sealedPin = 'sealed:1') =>
  ({ type: 'SetSoftwareIdentity', tenantId: 't-1', environment: 'live', softwareId, sealedPin, testSetId: null, now }) as const;

describe('software identity (decider and rules)', () => {
  it('given an identity, when set again, then the latest one holds (id, sealed PIN, test set)', () => {
    const { state, events } = spec.given(set('soft-1')).when(set('soft-2', 'sealed:2'));
    expect(events[0].data).to.deep.include({ softwareId: 'soft-2', sealedPin: 'sealed:2', at: now.toISOString() });
    expect(state).to.deep.equal({ softwareId: 'soft-2', sealedPin: 'sealed:2', testSetId: null, payrollTestSetId: null, updatedAt: now.toISOString() });
  });

  it('given a payroll test set, when set, then it is kept beside the invoices\' one; an event without one reads as null', () => {
    const { state, events } = spec.given().when({ ...set('soft-1'), testSetId: 'set-fe', payrollTestSetId: 'set-ne' });
    expect(events[0].data).to.deep.include({ testSetId: 'set-fe', payrollTestSetId: 'set-ne' });
    expect(state).to.deep.include({ testSetId: 'set-fe', payrollTestSetId: 'set-ne' });
    const older = { type: 'SoftwareIdentitySet' as const, data: { tenantId: 't-1', environment: 'test', softwareId: 's', sealedPin: 'p', testSetId: 'x', at: now.toISOString() } };
    expect(softwareIdentityDecider.evolve(softwareIdentityDecider.initialState(), older).payrollTestSetId).to.equal(null);
  });

  it('given an identity, when its PIN is sealed again, then only the sealed PIN changes; the same value decides nothing, and without an identity it is refused', () => {
    const reseal = (sealedPin: string) => ({ type: 'ResealSoftwarePin', tenantId: 't-1', environment: 'live', sealedPin, now: new Date('2026-04-01T00:00:00.000Z') }) as const;
    const { state, events } = spec.given({ ...set('soft-1'), testSetId: 'set-fe' }).when(reseal('sealed:again'));

    expect(events).to.deep.equal([{ type: 'SoftwarePinResealed', data: { tenantId: 't-1', environment: 'live', sealedPin: 'sealed:again', at: '2026-04-01T00:00:00.000Z' } }]);
    expect(state).to.deep.equal({ softwareId: 'soft-1', sealedPin: 'sealed:again', testSetId: 'set-fe', payrollTestSetId: null, updatedAt: now.toISOString() });
    expect(spec.given(set('soft-1')).when(reseal('sealed:1')).events).to.deep.equal([]);
    expect(spec.given().refused(reseal('sealed:1')).code).to.equal('not_found');
  });

  it('given a software id with spaces, when set, then it is refused naming software_id', () => {
    expect(spec.given().refused(set('soft 1')).details.issues).to.deep.equal([{ field: 'software_id', message: 'must be the software id DIAN gave: letters, digits and hyphens, at most 64' }]);
  });

  it('given a bad environment, PIN and test set, then each is named', () => {
    const fields = softwareIssues({ environment: 'prod', softwareId: 'ok-1', pin: '12 34', testSetId: 'x y', payrollTestSetId: 'a/b' }).map((issue) => issue.field);
    expect(fields).to.deep.equal(['environment', 'pin', 'test_set_id', 'payroll_test_set_id']);
    expect(softwareIssues({ environment: 'test', softwareId: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345' })).to.deep.equal([]);
  });
});
