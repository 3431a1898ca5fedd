import { expect } from 'chai';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { cuneFromXml } from '../../../support/artifacts/unique-codes-from-xml.ts';
import { find, findAll, parseXml, textAt, type XmlElement } from '../../../support/artifacts/xml-tree.ts';
import { download } from './artifact-http.ts';
import { BASES, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

describe('the payroll XMLs agree with the document: NominaIndividual and NominaIndividualDeAjuste (Eliminar)', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<IssuedFamily, Record<string, any>>;
  let payroll: XmlElement;
  let deletion: XmlElement;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    issued = await issueOneOfEach(app, tenant.key);
    const xmlOf = async (family: IssuedFamily) => parseXml((await download(app, BASES[family], issued[family].id, 'xml', tenant.key)).bytes.toString('utf8'));
    payroll = await xmlOf('payroll');
    deletion = await xmlOf('payroll-adjustment');
  });
  after(() => app.close());

  it('the payroll states its number, the CUNE, and the CUNE recomputed from its own fields is the same', () => {
    const record = issued.payroll;
    const info = find(payroll, 'InformacionGeneral')!.attributes;

    expect(payroll.name).to.equal('NominaIndividual');
    expect(find(payroll, 'NumeroSecuenciaXML')!.attributes).to.include({ Prefijo: 'NE', Numero: record.number });
    expect(info).to.include({ CUNE: record.cune, EncripCUNE: 'CUNE-SHA384', TipoXML: '102', Ambiente: '2', FechaGen: record.issue_date, HoraGen: record.issue_time });
    expect(cuneFromXml(payroll)).to.equal(record.cune);
  });

  it('the payroll’s totals are the record’s, and each accrual and deduction is in its DIAN element', () => {
    const { totals, accruals, deductions, worker } = issued.payroll;

    expect(textAt(payroll, 'DevengadosTotal')).to.equal(totals.accrued_total);
    expect(textAt(payroll, 'DeduccionesTotal')).to.equal(totals.deducted_total);
    expect(textAt(payroll, 'ComprobanteTotal')).to.equal(totals.net_total);
    expect(find(payroll, 'Devengados/Basico')!.attributes).to.deep.equal({ DiasTrabajados: String(worker.days_worked), SueldoTrabajado: accruals.basic_salary.amount });
    expect(find(payroll, 'Devengados/Transporte')!.attributes).to.deep.equal({ AuxilioTransporte: accruals.transport_allowance[0].amount });
    expect(find(payroll, 'Devengados/HEDs/HED')!.attributes).to.include({ Cantidad: '5', Porcentaje: '25.00', Pago: '79545.45', HoraInicio: '2026-05-06T18:00:00' });
    expect(textAt(payroll, 'Devengados/Comisiones/Comision')).to.equal(accruals.commissions[0].amount);
    expect(find(payroll, 'Deducciones/Salud')!.attributes).to.deep.equal({ Porcentaje: deductions.health.percentage, Deduccion: deductions.health.amount });
    expect(find(payroll, 'Deducciones/FondoPension')!.attributes).to.deep.equal({ Porcentaje: deductions.pension.percentage, Deduccion: deductions.pension.amount });
  });

  it('the payroll names the employer (the issuer), the worker and the payment', () => {
    const { issuer, worker, payment, settlement_period: period } = issued.payroll;

    expect(find(payroll, 'Empleador')!.attributes).to.include({ NIT: issuer.nit, DV: issuer.dv, RazonSocial: issuer.legal_name });
    expect(find(payroll, 'Trabajador')!.attributes).to.include({
      NumeroDocumento: worker.identification_number,
      PrimerNombre: worker.first_name,
      PrimerApellido: worker.first_surname,
      Sueldo: worker.salary,
      LugarTrabajoMunicipioCiudad: worker.municipality_code,
    });
    expect(find(payroll, 'Pago')!.attributes).to.include({ Metodo: payment.payment_method_code, Banco: payment.bank_name, NumeroCuenta: payment.account_number });
    expect(textAt(payroll, 'FechasPagos/FechaPago')).to.equal(payment.payment_date);
    expect(find(payroll, 'Periodo')!.attributes).to.include({ FechaIngreso: worker.entry_date, FechaLiquidacionInicio: '2026-05-01', FechaLiquidacionFin: '2026-05-31' });
    expect(find(payroll, 'InformacionGeneral')!.attributes.PeriodoNomina).to.equal(period.payroll_period_code);
  });

  it('the payroll’s CodigoQR holds DIAN’s lines and the catalogo-vpfe-hab URL', () => {
    const { number, cune, totals, worker } = issued.payroll;
    const qr = textAt(payroll, 'CodigoQR');

    expect(qr).to.contain(`NumNIE: ${number}`);
    expect(qr).to.contain(`DocEmp: ${worker.identification_number}`);
    expect(qr).to.contain(`ValTol: ${totals.net_total}`);
    expect(qr).to.contain(`CUNE: ${cune}`);
    expect(qr).to.contain(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${cune}`);
  });

  it('the adjustment note deletes (TipoNota 2, Eliminar) the payroll it names, with no worker and no amounts', () => {
    const record = issued['payroll-adjustment'];
    const eliminar = find(deletion, 'Eliminar')!;

    expect(deletion.name).to.equal('NominaIndividualDeAjuste');
    expect(textAt(deletion, 'TipoNota')).to.equal('2');
    expect(find(deletion, 'Reemplazar')).to.equal(undefined);
    expect(find(eliminar, 'EliminandoPredecesor')!.attributes).to.deep.equal({
      NumeroPred: issued.payroll.number,
      CUNEPred: issued.payroll.cune,
      FechaGenPred: issued.payroll.issue_date,
    });
    expect(find(eliminar, 'NumeroSecuenciaXML')!.attributes).to.include({ Prefijo: 'NIAE', Numero: record.number });
    expect(find(eliminar, 'InformacionGeneral')!.attributes).to.include({ CUNE: record.cune, TipoXML: '103' });
    expect(findAll(eliminar, 'Trabajador')).to.have.length(0);
    expect(textAt(eliminar, 'Notas')).to.equal('Enviada por error');
  });

  it('the CUNE of the deletion, recomputed from its own fields with 0.00 and DocEmp 0, is the record’s', () => {
    expect(cuneFromXml(deletion)).to.equal(issued['payroll-adjustment'].cune);
    expect(textAt(deletion, 'Eliminar/CodigoQR')).to.contain('ValDev: 0.00');
    expect(textAt(deletion, 'Eliminar/CodigoQR')).to.contain('DocEmp: 0');
  });
});
