import { expect } from 'chai';
import { COUNTRIES } from '../../../domain/catalogs/countries.ts';
import { CREDIT_NOTE_CONCEPTS } from '../../../domain/catalogs/credit-note-concepts.ts';
import { CUSTOMER_TRIBUTES } from '../../../domain/catalogs/customer-tributes.ts';
import { DEBIT_NOTE_CONCEPTS } from '../../../domain/catalogs/debit-note-concepts.ts';
import { departmentOf, DEPARTMENTS } from '../../../domain/catalogs/departments.ts';
import { FISCAL_RESPONSIBILITIES } from '../../../domain/catalogs/fiscal-responsibilities.ts';
import { IDENTIFICATION_DOCUMENT_TYPES } from '../../../domain/catalogs/identification-document-types.ts';
import { ITEM_TAX_RATES, ITEM_TAXES } from '../../../domain/catalogs/item-taxes.ts';
import { LEGAL_ORGANIZATIONS } from '../../../domain/catalogs/legal-organizations.ts';
import { MUNICIPALITIES } from '../../../domain/catalogs/municipalities.ts';
import { PAYMENT_FORMS } from '../../../domain/catalogs/payment-forms.ts';
import { PAYMENT_METHODS } from '../../../domain/catalogs/payment-methods.ts';
import { PRODUCT_STANDARDS } from '../../../domain/catalogs/product-standards.ts';
import { UNIT_MEASURES } from '../../../domain/catalogs/unit-measures.ts';

const codes = (catalog: ReadonlyMap<string, string>) => [...catalog.keys()];

describe('catalogs', () => {
  it('identification document types are the DIAN list plus 47 (PEP) and 48 (PPT)', () => {
    expect(codes(IDENTIFICATION_DOCUMENT_TYPES)).to.have.members(
      ['11', '12', '13', '21', '22', '31', '41', '42', '47', '48', '50', '91'],
    );
  });

  it('fiscal responsibilities are exactly the five codes in force', () => {
    expect(codes(FISCAL_RESPONSIBILITIES)).to.have.members(['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN']);
  });

  it('payment methods are the 75 DIAN codes plus 71 Bonos and 72 Vales', () => {
    expect(PAYMENT_METHODS.size).to.equal(77);
    expect(PAYMENT_METHODS.get('71')).to.equal('Bonos');
    expect(PAYMENT_METHODS.get('72')).to.equal('Vales');
    expect(PAYMENT_METHODS.get('10')).to.equal('Efectivo');
    expect(PAYMENT_METHODS.get('ZZZ')).to.equal('Acuerdo mutuo');
  });

  it('product standards add 020 Partida Arancelaria to 001, 010, 999', () => {
    expect(codes(PRODUCT_STANDARDS)).to.have.members(['001', '010', '020', '999']);
  });

  it('customer tributes are 01 and ZZ; legal organizations 1 and 2; payment forms 1 and 2', () => {
    expect(codes(CUSTOMER_TRIBUTES)).to.have.members(['01', 'ZZ']);
    expect(codes(LEGAL_ORGANIZATIONS)).to.have.members(['1', '2']);
    expect(codes(PAYMENT_FORMS)).to.have.members(['1', '2']);
  });

  it('item taxes are IVA, INC and ICUI with the official DIAN rates', () => {
    expect(codes(ITEM_TAXES)).to.have.members(['01', '04', '35']);
    expect(ITEM_TAX_RATES.get('01')).to.deep.equal(['0.00', '5.00', '16.00', '19.00']);
    expect(ITEM_TAX_RATES.get('04')).to.deep.equal(['2.00', '4.00', '8.00', '16.00']);
    expect(ITEM_TAX_RATES.get('35')).to.deep.equal(['10.00', '15.00', '20.00']);
  });

  it('geography: DIVIPOLA municipalities, their departments, and countries with Suecia restored to SE', () => {
    expect(MUNICIPALITIES.get('11001')).to.equal('Bogotá, D.c.');
    expect(MUNICIPALITIES.get('68679')).to.equal('San Gil');
    expect(MUNICIPALITIES.size).to.equal(1122);
    expect(DEPARTMENTS.get(departmentOf('68679'))).to.equal('Santander');
    expect(COUNTRIES.get('CO')).to.equal('Colombia');
    expect(COUNTRIES.get('SI')).to.equal('Eslovenia');
    expect(COUNTRIES.get('SE')).to.equal('Suecia');
  });

  it('unit measures include the usual codes', () => {
    for (const code of ['94', 'KGM', 'LTR', 'MTR', 'HUR', 'ZZ']) expect(UNIT_MEASURES.has(code), code).to.equal(true);
  });

  it('credit note concepts follow the provider 1–6; debit note concepts 1–4', () => {
    expect(codes(CREDIT_NOTE_CONCEPTS)).to.have.members(['1', '2', '3', '4', '5', '6']);
    expect(CREDIT_NOTE_CONCEPTS.get('5')).to.equal('Descuento comercial por pronto pago');
    expect(codes(DEBIT_NOTE_CONCEPTS)).to.have.members(['1', '2', '3', '4']);
  });
});
