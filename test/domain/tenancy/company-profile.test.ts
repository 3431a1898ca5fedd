import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { EMPTY_COMPANY_PROFILE, type ProfilePatch } from '../../../domain/tenancy/company-profile.ts';
import { InvalidCompanyProfileError } from '../../../domain/tenancy/company-profile-errors.ts';
import { MAX_LOGO_BYTES } from '../../../domain/tenancy/logo-image.ts';
import { missingProfileFields } from '../../../domain/tenancy/required-profile-fields.ts';
import { tenantDecider, type RegisterTenant, type UpdateCompanyProfile } from '../../../domain/tenancy/tenant.ts';
import { deciderSpec } from '../../support/decider-spec.ts';
import { pngLogo, TINY_JPEG } from '../../support/logo-images.ts';

const NOW = new Date('2026-03-01T15:30:00.000Z');
const LATER = new Date('2026-03-02T15:30:00.000Z');
const spec = deciderSpec(tenantDecider);
const register: RegisterTenant = { type: 'RegisterTenant', tenantId: 't-1', nit: '900825759-7', legalName: 'Emisor SAS', now: NOW };
const update = (patch: ProfilePatch, now = LATER): UpdateCompanyProfile => ({ type: 'UpdateCompanyProfile', patch, now });

const COMPLETE: ProfilePatch = {
  address: '  Calle 100 # 8A-55 Of. 301 ',
  municipality_code: '11001',
  postal_code: '110111',
  phone: '+57 601 555 1234',
  email: 'facturas@emisor.co',
  organization_type: '1',
  tax_scheme: '01',
  responsibilities: ['O-13', 'O-15'],
  ciiu: ['6201', '4711'],
  registration: '12345-1',
};

/** The issues a patch is refused with, as `field: message` pairs. */
function refusal(patch: ProfilePatch, ...given: UpdateCompanyProfile[]) {
  const error = spec.given(register, ...given).refused(update(patch));
  expect(error).to.be.instanceOf(InvalidCompanyProfileError);
  return (error as InvalidCompanyProfileError).issues;
}

function refusedField(patch: ProfilePatch, field: string, message: RegExp | string, ...given: UpdateCompanyProfile[]) {
  const issues = refusal(patch, ...given);
  expect(issues.map((issue) => issue.field), JSON.stringify(issues)).to.deep.equal([field]);
  if (typeof message === 'string') expect(issues[0].message).to.contain(message);
  else expect(issues[0].message).to.match(message);
}

describe('company profile (tenant decider)', () => {
  describe('updates', () => {
    it('given no tenant, when its profile is updated, then not_found', () => {
      expect(spec.given().refused(update(COMPLETE)).code).to.equal('not_found');
    });

    it('given a tenant, when a complete profile is set, then CompanyProfileUpdated holds the whole profile (trimmed) and the fields it changed', () => {
      const { events, state } = spec.given(register).when(update(COMPLETE));

      const profile = { ...EMPTY_COMPANY_PROFILE, ...COMPLETE, address: 'Calle 100 # 8A-55 Of. 301' };
      expect(events).to.deep.equal([
        {
          type: 'CompanyProfileUpdated',
          data: {
            tenantId: 't-1',
            profile,
            changed: ['address', 'municipality_code', 'postal_code', 'phone', 'email', 'organization_type', 'tax_scheme', 'responsibilities', 'ciiu', 'registration'],
            at: LATER.toISOString(),
          },
        },
      ]);
      expect(state.profile).to.deep.equal(profile);
      expect(state.profileUpdatedAt).to.equal(LATER.toISOString());
      expect(state.legalName).to.equal('Emisor SAS');
    });

    it('given a profile, when the same values are sent again, then nothing is recorded', () => {
      expect(spec.given(register, update(COMPLETE)).when(update({ municipality_code: '11001', ciiu: ['6201', '4711'] })).events).to.deep.equal([]);
    });

    it('given a profile, when a merge patch names one field, then only that field changes', () => {
      const { events, state } = spec.given(register, update(COMPLETE)).when(update({ phone: '3001234567' }));

      expect(events[0].type === 'CompanyProfileUpdated' && events[0].data.changed).to.deep.equal(['phone']);
      expect(state.profile).to.include({ phone: '3001234567', municipality_code: '11001', email: 'facturas@emisor.co' });
    });

    it('given a profile, when fields are sent as null, then they are removed: lists empty, the country Colombia again', () => {
      const { state } = spec.given(register, update(COMPLETE)).when(update({ address: null, responsibilities: null, ciiu: [], postal_code: null, phone: null }));

      expect(state.profile).to.deep.include({ address: null, responsibilities: [], ciiu: [], postal_code: null, phone: null, country_code: 'CO' });
    });

    it('given several broken rules, then every field is named at once and nothing is recorded', () => {
      const issues = refusal({ municipality_code: '99999', email: 'not-an-address', organization_type: '3', tax_scheme: '04' });

      expect(issues.map((issue) => issue.field)).to.deep.equal(['municipality_code', 'email', 'organization_type', 'tax_scheme']);
    });
  });

  describe('address, municipality, postal code, country', () => {
    it('refuses an empty address, one over 200 characters, one with a line break, and one that is not a string', () => {
      refusedField({ address: '   ' }, 'address', 'send null to remove it');
      refusedField({ address: 'x'.repeat(201) }, 'address', 'at most 200');
      refusedField({ address: 'Calle 1\nPiso 2' }, 'address', 'one line');
      refusedField({ address: 12 }, 'address', 'must be a string');
    });

    it('takes a municipality of the DIAN list and refuses an unknown code, naming the field', () => {
      expect(spec.given(register).when(update({ municipality_code: '05001' })).state.profile.municipality_code).to.equal('05001');
      refusedField({ municipality_code: '99999' }, 'municipality_code', /"99999" is not a Colombian municipality code/);
      refusedField({ municipality_code: '5001' }, 'municipality_code', 'is not a Colombian municipality');
    });

    it('takes a Colombian postal code of the municipality’s department and refuses another department’s or a malformed one', () => {
      expect(spec.given(register).when(update({ municipality_code: '05001', postal_code: '050001' })).state.profile.postal_code).to.equal('050001');
      refusedField({ municipality_code: '11001', postal_code: '050001' }, 'postal_code', 'department 11');
      refusedField({ postal_code: '11011' }, 'postal_code', 'six digits');
      refusedField({ municipality_code: '11001' }, 'municipality_code', 'department 11', update({ municipality_code: '05001', postal_code: '050001' }));
    });

    it('takes a country of the DIAN list (Colombia by default) and refuses an unknown one', () => {
      expect(spec.given(register).state.profile.country_code).to.equal('CO');
      expect(spec.given(register).when(update({ country_code: 'US', postal_code: '10001-1' })).state.profile).to.include({ country_code: 'US', postal_code: '10001-1' });
      refusedField({ country_code: 'XX' }, 'country_code', '"XX" is not a country code');
    });

    it('refuses a municipality outside Colombia, blaming the field the patch changed', () => {
      refusedField({ country_code: 'US', municipality_code: '11001' }, 'municipality_code', 'remove municipality_code');
      refusedField({ country_code: 'US' }, 'country_code', 'is for Colombia', update({ municipality_code: '11001' }));
    });
  });

  describe('contact', () => {
    it('takes a phone with digits, spaces, dashes, parentheses and a leading +; refuses anything else', () => {
      expect(spec.given(register).when(update({ phone: '+57 (601) 555-1234' })).state.profile.phone).to.equal('+57 (601) 555-1234');
      refusedField({ phone: 'call me' }, 'phone', 'must be a phone number');
      refusedField({ phone: '12345' }, 'phone', 'must be a phone number');
    });

    it('takes an e-mail address and refuses a string that is not one', () => {
      expect(spec.given(register).when(update({ email: 'contacto@emisor.com.co' })).state.profile.email).to.equal('contacto@emisor.com.co');
      refusedField({ email: 'contacto@' }, 'email', 'is not an e-mail address');
    });
  });

  describe('organization type, tax scheme, responsibilities', () => {
    it('takes organization type 1 or 2 and refuses any other, or a number', () => {
      expect(spec.given(register).when(update({ organization_type: '2' })).state.profile.organization_type).to.equal('2');
      refusedField({ organization_type: '3' }, 'organization_type', 'allowed: 1 (Persona Jurídica), 2 (Persona Natural)');
      refusedField({ organization_type: 1 }, 'organization_type', 'must be a string');
    });

    it('takes tax scheme 01 or ZZ and refuses another tribute', () => {
      expect(spec.given(register).when(update({ tax_scheme: 'ZZ' })).state.profile.tax_scheme).to.equal('ZZ');
      refusedField({ tax_scheme: '04' }, 'tax_scheme', 'allowed: 01 (IVA), ZZ (No aplica)');
    });

    it('takes fiscal responsibilities of the DIAN list; refuses an obsolete one, a repeated one, and R-99-PN with others', () => {
      expect(spec.given(register).when(update({ responsibilities: ['O-23', 'O-47'] })).state.profile.responsibilities).to.deep.equal(['O-23', 'O-47']);
      expect(spec.given(register).when(update({ responsibilities: ['R-99-PN'] })).state.profile.responsibilities).to.deep.equal(['R-99-PN']);
      refusedField({ responsibilities: ['O-13', 'O-99'] }, 'responsibilities', '[1] "O-99" is not a fiscal responsibility in force');
      refusedField({ responsibilities: ['O-13', 'O-13'] }, 'responsibilities', 'listed twice');
      refusedField({ responsibilities: ['R-99-PN', 'O-13'] }, 'responsibilities', 'cannot be combined');
      refusedField({ responsibilities: 'O-13' }, 'responsibilities', 'must be an array of strings');
    });
  });

  describe('economic activities and commercial registration', () => {
    it('takes up to four CIIU codes of four digits; refuses a short code, 0000, a repeated code and a fifth one', () => {
      expect(spec.given(register).when(update({ ciiu: ['6201', '4711', '4719', '7020'] })).state.profile.ciiu).to.have.length(4);
      refusedField({ ciiu: ['62'] }, 'ciiu', '"62" must be a CIIU code of four digits');
      refusedField({ ciiu: ['0000'] }, 'ciiu', 'four digits');
      refusedField({ ciiu: ['6201', '6201'] }, 'ciiu', 'listed twice');
      refusedField({ ciiu: ['6201', '4711', '4719', '7020', '1011'] }, 'ciiu', 'at most 4');
    });

    it('takes a commercial registration number and refuses an empty or symbol-laden one', () => {
      expect(spec.given(register).when(update({ registration: '01-234567-02' })).state.profile.registration).to.equal('01-234567-02');
      refusedField({ registration: '' }, 'registration', 'must not be empty');
      refusedField({ registration: 'abc;drop' }, 'registration', 'commercial registration number');
    });
  });

  describe('logo', () => {
    it('given PNG bytes, then the profile names them by SHA-256 with their media type, size and pixels', () => {
      const png = pngLogo(48, 24);
      const { state } = spec.given(register).when(update({ logo: png }));

      expect(state.profile.logo).to.deep.equal({
        sha256: createHash('sha256').update(png).digest('hex'),
        content_type: 'image/png',
        size: png.length,
        width: 48,
        height: 24,
      });
    });

    it('given JPEG bytes, then they are recognised as image/jpeg from their start-of-frame', () => {
      expect(spec.given(register).when(update({ logo: TINY_JPEG })).state.profile.logo).to.include({ content_type: 'image/jpeg', width: 1, height: 1 });
    });

    it('given a logo, when null is sent, then the logo is removed', () => {
      expect(spec.given(register, update({ logo: pngLogo() })).when(update({ logo: null })).state.profile.logo).to.equal(null);
    });

    it('refuses bytes that are neither PNG nor JPEG, whatever the file was called (a GIF, text)', () => {
      refusedField({ logo: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary') }, 'logo', 'must be a PNG or JPEG image');
      refusedField({ logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }, 'logo', 'must be a PNG or JPEG image');
      refusedField({ logo: new Uint8Array() }, 'logo', 'is empty');
    });

    it('refuses a logo over 256 KB', () => {
      const noisy = Buffer.concat([pngLogo(), Buffer.alloc(MAX_LOGO_BYTES)]);
      refusedField({ logo: noisy }, 'logo', `at most ${MAX_LOGO_BYTES} (256 KB)`);
    });

    it('refuses a damaged PNG (its image data cut short) and a JPEG without a frame header', () => {
      const png = pngLogo(64, 64, { alpha: true });
      refusedField({ logo: png.subarray(0, png.length - 30) }, 'logo', 'not a readable PNG');
      refusedField({ logo: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) }, 'logo', 'not a readable JPEG');
    });

    it('refuses a logo wider than 4096 pixels', () => {
      refusedField({ logo: pngLogo(5000, 1) }, 'logo', 'at most 4096 per side');
    });
  });
});

describe('missingProfileFields: what DIAN requires of the issuer', () => {
  const complete = spec.given(register, update(COMPLETE)).state.profile;

  it('given an empty profile, then the six fields UBL documents need: address, municipality, organization type, tax scheme, responsibilities, e-mail', () => {
    expect(missingProfileFields(EMPTY_COMPANY_PROFILE)).to.deep.equal(['address', 'municipality_code', 'organization_type', 'tax_scheme', 'responsibilities', 'email']);
  });

  it('given an empty profile, then a payroll needs only the employer’s address and municipality', () => {
    expect(missingProfileFields(EMPTY_COMPANY_PROFILE, 'payroll')).to.deep.equal(['address', 'municipality_code']);
  });

  it('given a complete profile without phone, postal code, activities, registration or logo, then nothing is missing', () => {
    expect(missingProfileFields({ ...complete, phone: null, postal_code: null, ciiu: [], registration: null })).to.deep.equal([]);
  });
});
