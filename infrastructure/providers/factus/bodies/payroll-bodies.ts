import { asFamily } from '../../../../domain/documents/document-of-family.ts';
import type { DocumentState } from '../../../../domain/documents/document-state.ts';
import type { PayrollConceptSection, PayrollWorker } from '../../../../domain/payroll/payroll-body.ts';
import type { ConceptKind } from '../../../../domain/payroll/payroll-concept.ts';
import { compact } from './compact.ts';
import { FactusMappingError } from './factus-mapping-error.ts';
import { FACTUS_CONCEPT_KEYS, FACTUS_SINGLE_KEYS } from './payroll-concept-keys.ts';
import { factusEntries } from './payroll-entries.ts';

/** Payroll (§1.9): business concept names become Factus's 4-letter keys. */
export function payrollBody(document: DocumentState): Record<string, unknown> {
  const { body } = asFamily(document, 'payroll');
  const { settlement_period: period, payment } = body;
  return compact({
    reference_code: document.id,
    observation: body.observation,
    settlement_period: compact({
      month: period.month,
      year: period.year,
      payroll_period_code: period.payroll_period_code,
      // Required for a fortnightly period and absent from our body: the fortnight of the payment date.
      pay_period_half: period.payroll_period_code === '4' ? (Number(payment.payment_date.slice(8, 10)) <= 15 ? '1' : '2') : undefined,
    }),
    payment: compact({ ...payment }),
    worker: workerBody(body.worker),
    accruals: section('accrual', body.accruals),
    deductions: section('deduction', body.deductions),
  });
}

/** Payroll adjustment note (§1.9): Factus documents only the deletion ("Eliminar") of a validated payroll. */
export function payrollAdjustmentBody(document: DocumentState): Record<string, unknown> {
  const { body } = asFamily(document, 'payroll-adjustment');
  return compact({ reference_code: document.id, payroll_number: body.payroll_number, observation: body.observation });
}

function workerBody(worker: PayrollWorker): Record<string, unknown> {
  const { days_worked, ...rest } = worker;
  // Factus documents days_worked as a decimal string ("30.00").
  return compact({ ...rest, days_worked: Number(days_worked).toFixed(2) });
}

function section(kind: ConceptKind, concepts: PayrollConceptSection): Record<string, unknown> {
  const sectionName = kind === 'accrual' ? 'accruals' : 'deductions';
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(concepts)) {
    const key = FACTUS_CONCEPT_KEYS[kind][name];
    const field = `${sectionName}.${name}`;
    if (!key) throw new FactusMappingError(field, 'has no Factus payroll key');
    const entries = (Array.isArray(value) ? value : [value]).flatMap((entry) => factusEntries(kind, name, entry, field));
    if (FACTUS_SINGLE_KEYS[kind].has(key)) result[key] = entries[0];
    else result[key] = [...((result[key] as unknown[] | undefined) ?? []), ...entries];
  }
  return result;
}
