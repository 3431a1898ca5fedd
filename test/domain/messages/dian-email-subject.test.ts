import { expect } from 'chai';
import { dianEmailSubject } from '../../../domain/messages/dian-email-subject.ts';

describe('DIAN e-mail subject', () => {
  it('given the annex example, then NIT;Name;Number;Type;Trade name;Business line, without spaces around ";"', () => {
    const subject = dianEmailSubject({ nit: '99998888', legalName: 'Facturador Ejemplo', number: 'FEV500', typeCode: '01', tradeName: 'Facturador Ejemplo', businessLine: 'ContabilidadBog' });
    expect(subject).to.equal('99998888;Facturador Ejemplo;FEV500;01;Facturador Ejemplo;ContabilidadBog');
  });

  it('given a field with ";" or a line break, then the separator stays unambiguous and the header stays one line', () => {
    const subject = dianEmailSubject({ nit: '901280137', legalName: 'TEXMALL; SAS\r\nBcc: x@y.z', number: 'FVET2254', typeCode: '01', tradeName: '' });
    expect(subject).to.equal('901280137;TEXMALL, SAS Bcc: x@y.z;FVET2254;01;TEXMALL, SAS Bcc: x@y.z');
  });
});
