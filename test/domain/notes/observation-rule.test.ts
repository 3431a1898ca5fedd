import { expect } from 'chai';
import { observationIssue } from '../../../domain/notes/observation-rule.ts';

describe('observation rule', () => {
  it('given no observation or 250 characters (accents count once), then there is no issue', () => {
    expect(observationIssue(undefined)).to.equal(undefined);
    expect(observationIssue('é'.repeat(250))).to.equal(undefined);
  });

  it('given 251 characters, then the length and the limit are stated', () => {
    expect(observationIssue('x'.repeat(251))).to.deep.equal({ field: 'observation', message: 'has 251 characters; at most 250 are allowed' });
  });
});
