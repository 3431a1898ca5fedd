import { NO_WORKER_SUBTYPE } from '../catalogs/worker-subtypes.ts';
import type { PayrollBody, PayrollConceptSection } from './payroll-body.ts';
import type { ConceptKind } from './payroll-concept.ts';
import { payrollConcept } from './payroll-concepts.ts';
import type { PayrollEntry } from './payroll-entry.ts';

/**
 * Fills the documented defaults, so the recorded document states every value it was issued with:
 * worker_subtype "00" (no subtype) and, on concepts with a default type, the type_code an entry omitted
 * (transport_allowance: "1", auxilio de transporte).
 */
export function normalizePayroll(body: PayrollBody): PayrollBody {
  return {
    ...body,
    worker: { ...body.worker, worker_subtype: body.worker.worker_subtype ?? NO_WORKER_SUBTYPE },
    accruals: withDefaultTypeCodes(body.accruals, 'accrual'),
    deductions: withDefaultTypeCodes(body.deductions, 'deduction'),
  };
}

function withDefaultTypeCodes(section: PayrollConceptSection, kind: ConceptKind): PayrollConceptSection {
  return Object.fromEntries(
    Object.entries(section).map(([name, value]) => {
      const typeCode = payrollConcept(kind, name)?.defaultTypeCode;
      if (typeCode === undefined) return [name, value];
      const fill = (entry: PayrollEntry): PayrollEntry => ({ ...entry, type_code: entry.type_code ?? typeCode });
      return [name, Array.isArray(value) ? value.map(fill) : fill(value as PayrollEntry)];
    }),
  );
}
