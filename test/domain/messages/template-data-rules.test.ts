import { expect } from 'chai';
import { templateNamed, TEMPLATES } from '../../../domain/messages/template-catalog.ts';
import { checkTemplateData } from '../../../domain/messages/template-data-rules.ts';
import { invoiceData, otpData } from '../../support/messaging-app.ts';

describe('template data rules', () => {
  const invoice = templateNamed('factura-electronica')!;
  const otp = templateNamed('codigo-otp')!;

  it('given every template, then its own sample data is complete and well typed', () => {
    for (const template of TEMPLATES) expect(checkTemplateData(template, template.sampleData), template.slug).to.deep.equal({ missing: [], invalid: [] });
  });

  it('given data without required variables (absent, null or blank), then each one is listed by path, nested ones too', () => {
    const { missing } = checkTemplateData(invoice, { ...invoiceData(), numero: '  ', cufe: null, cliente: {} });
    expect(missing).to.deep.equal(['numero', 'cliente.nombre', 'cufe']);
    expect(checkTemplateData(otp, {}).missing).to.deep.equal(['codigo', 'proposito', 'vigenciaMinutos', 'nombre']);
  });

  it('given optional variables left out (fechaVencimiento, resumen, nombreAdjunto; dispositivo, ubicacion), then nothing is missing', () => {
    const { fechaVencimiento: _a, resumen: _b, nombreAdjunto: _c, ...invoiceRequired } = invoiceData();
    const { dispositivo: _d, ubicacion: _e, ...otpRequired } = otpData();
    expect(checkTemplateData(invoice, invoiceRequired).missing).to.deep.equal([]);
    expect(checkTemplateData(otp, otpRequired).missing).to.deep.equal([]);
  });

  it('given summary rows without a label or value, then each missing cell is listed', () => {
    const { missing } = checkTemplateData(invoice, { ...invoiceData(), resumen: [{ etiqueta: 'Subtotal' }, { valor: '1' }] });
    expect(missing).to.deep.equal(['resumen[0].valor', 'resumen[1].etiqueta']);
  });

  it('given variables of the wrong type, then they are invalid, named under data', () => {
    const { invalid } = checkTemplateData(otp, { ...otpData(), vigenciaMinutos: '10', codigo: 482913 });
    expect(invalid).to.deep.equal([
      { field: 'data.codigo', message: 'must be a string' },
      { field: 'data.vigenciaMinutos', message: 'must be an integer' },
    ]);
  });
});
