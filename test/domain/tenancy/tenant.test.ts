import { expect } from 'chai';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import { EMPTY_COMPANY_PROFILE } from '../../../domain/tenancy/company-profile.ts';
import { parseNit, tenantDecider, type RegisterTenant } from '../../../domain/tenancy/tenant.ts';

const NOW = new Date('2024-03-01T15:30:00.000Z');

function register(overrides: Partial<RegisterTenant> = {}): RegisterTenant {
  return { type: 'RegisterTenant', tenantId: 't-1', nit: '900825759-7', legalName: 'Emisor SAS', now: NOW, ...overrides };
}

function domainError(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  expect.fail('no DomainError was thrown');
}

describe('parseNit', () => {
  it('given a NIT with its correct check digit, then body and digit are split', () => {
    expect(parseNit('900825759-7')).to.deep.equal({ nit: '900825759', dv: '7' });
  });

  it('given a NIT without check digit, then the digit is computed', () => {
    expect(parseNit('900825759')).to.deep.equal({ nit: '900825759', dv: '7' });
    expect(parseNit('800199436')).to.deep.equal({ nit: '800199436', dv: '4' });
  });

  it('given a NIT written with dots and spaces around, then dots and spaces are ignored', () => {
    expect(parseNit(' 900.825.759-7 ')).to.deep.equal({ nit: '900825759', dv: '7' });
  });

  it('given a wrong check digit, then invalid_nit names the expected and the given digit', () => {
    const error = domainError(() => parseNit('900825759-8'));
    expect(error.code).to.equal('invalid_nit');
    expect(error.message).to.contain('check digit 7').and.to.contain('not 8');
  });

  for (const raw of ['1234', 'abc', '900825759-', '900825759-77', '1234567890123456']) {
    it(`given "${raw}", then invalid_nit`, () => {
      expect(domainError(() => parseNit(raw)).code).to.equal('invalid_nit');
    });
  }
});

describe('tenantDecider', () => {
  it('given no tenant, when registered, then TenantRegistered with split NIT and trade name defaulting to the legal name', () => {
    const events = tenantDecider.decide(register({ legalName: '  Emisor SAS  ' }), tenantDecider.initialState());
    expect(events).to.deep.equal([
      { type: 'TenantRegistered', data: { tenantId: 't-1', nit: '900825759', dv: '7', legalName: 'Emisor SAS', tradeName: 'Emisor SAS', at: NOW.toISOString() } },
    ]);
    const state = events.reduce(tenantDecider.evolve, tenantDecider.initialState());
    expect(state).to.deep.equal({
      exists: true, id: 't-1', nit: '900825759', dv: '7', legalName: 'Emisor SAS', tradeName: 'Emisor SAS', createdAt: NOW.toISOString(),
      profile: EMPTY_COMPANY_PROFILE, profileUpdatedAt: null,
    });
  });

  it('given a trade name, when registered, then it is kept (trimmed)', () => {
    const [event] = tenantDecider.decide(register({ tradeName: ' Emisor ' }), tenantDecider.initialState());
    expect(event.type === 'TenantRegistered' && event.data.tradeName).to.equal('Emisor');
  });

  it('given an existing tenant, when registered again, then already_exists', () => {
    const state = tenantDecider.decide(register(), tenantDecider.initialState()).reduce(tenantDecider.evolve, tenantDecider.initialState());
    expect(domainError(() => tenantDecider.decide(register(), state)).code).to.equal('already_exists');
  });

  it('given a blank legal name, when registered, then invalid_name', () => {
    expect(domainError(() => tenantDecider.decide(register({ legalName: '   ' }), tenantDecider.initialState())).code).to.equal('invalid_name');
  });

  it('given a wrong check digit, when registered, then invalid_nit', () => {
    expect(domainError(() => tenantDecider.decide(register({ nit: '900825759-1' }), tenantDecider.initialState())).code).to.equal('invalid_nit');
  });
});
