import { asFamily } from '../../../domain/documents/document-of-family.ts';
import { BANK_ACCOUNT_TYPES } from '../../../domain/payroll/bank-account-types.ts';
import type { PayrollBody, PayrollWorker } from '../../../domain/payroll/payroll-body.ts';
import { settlementPeriodDates } from '../../../domain/payroll/settlement-period.ts';
import { departmentOf } from '../../../domain/catalogs/departments.ts';
import type { RenderContext } from '../render-context.ts';
import { signatureExtension } from '../signature-extension.ts';
import { child, serialize, xmlRoot, type XmlNode } from '../xml/xml-node.ts';
import { conceptElements } from './concept-elements.ts';
import { employer, generalInformation, notes, numberSequence, origin } from './payroll-header.ts';
import { PAYROLL_SCHEMAS, payrollRootAttributes } from './payroll-namespaces.ts';
import { payrollQrText } from './payroll-qr-text.ts';
import { payrollSection } from './payroll-section.ts';
import { workedTime } from './worked-time.ts';

const schema = PAYROLL_SCHEMAS.individual;

/** NominaIndividual (TipoXML 102) in the XSD's element order, accruals and deductions from the concept catalog. */
export function nominaXml(context: RenderContext): string {
  const { body, totals } = asFamily(context.document, 'payroll');
  const { worker } = body;
  const period = settlementPeriodDates(body.settlement_period);
  const root = xmlRoot(schema.namespace, schema.root, payrollRootAttributes(schema));
  signatureExtension(child(root, 'ext:UBLExtensions'));
  child(root, 'Periodo', undefined, {
    FechaIngreso: worker.entry_date,
    FechaLiquidacionInicio: period.start,
    FechaLiquidacionFin: period.end,
    TiempoLaborado: workedTime(worker.entry_date, period.end),
    FechaGen: context.document.issueDate,
  });
  numberSequence(root, context, worker.employee_code);
  origin(root, context);
  child(root, 'CodigoQR', payrollQrText(context, {
    workerDocument: worker.identification_number,
    accrued: totals.accrued_total,
    deducted: totals.deducted_total,
    total: totals.net_total,
  }));
  generalInformation(root, context, '102', { PeriodoNomina: body.settlement_period.payroll_period_code, TipoMoneda: 'COP' });
  notes(root, body.observation);
  employer(root, context);
  workerElement(root, worker);
  payment(root, body);
  child(child(root, 'FechasPagos'), 'FechaPago', body.payment.payment_date);
  payrollSection(root, 'Devengados', conceptElements('accrual', body.accruals, worker.days_worked));
  payrollSection(root, 'Deducciones', conceptElements('deduction', body.deductions, worker.days_worked));
  child(root, 'Redondeo', totals.rounding_amount);
  child(root, 'DevengadosTotal', totals.accrued_total);
  child(root, 'DeduccionesTotal', totals.deducted_total);
  child(root, 'ComprobanteTotal', totals.net_total);
  return serialize(root);
}

function workerElement(parent: XmlNode, worker: PayrollWorker): void {
  const municipality = worker.municipality_code ?? '';
  child(parent, 'Trabajador', undefined, {
    TipoTrabajador: worker.worker_type_code,
    SubTipoTrabajador: worker.worker_subtype ?? '00',
    AltoRiesgoPension: String(worker.has_high_risk),
    TipoDocumento: worker.identification_document_code,
    NumeroDocumento: worker.identification_number,
    PrimerApellido: worker.first_surname,
    SegundoApellido: worker.second_surname,
    PrimerNombre: worker.first_name,
    ...(worker.other_names && { OtrosNombres: worker.other_names }),
    LugarTrabajoPais: worker.country_code,
    LugarTrabajoDepartamentoEstado: municipality && worker.country_code === 'CO' ? departmentOf(municipality) : '',
    LugarTrabajoMunicipioCiudad: municipality,
    LugarTrabajoDireccion: worker.address,
    SalarioIntegral: String(worker.has_integral_salary),
    TipoContrato: worker.contract_type,
    Sueldo: worker.salary,
    ...(worker.employee_code && { CodigoTrabajador: worker.employee_code }),
  });
}

function payment(parent: XmlNode, { payment }: PayrollBody): void {
  child(parent, 'Pago', undefined, {
    Forma: '1',
    Metodo: payment.payment_method_code,
    ...(payment.bank_name && { Banco: payment.bank_name }),
    ...(payment.account_type && { TipoCuenta: BANK_ACCOUNT_TYPES.get(payment.account_type) ?? payment.account_type }),
    ...(payment.account_number && { NumeroCuenta: payment.account_number }),
  });
}
