import { expect } from 'chai';
import { conceptEntries } from '../../../domain/payroll/concept-entries.ts';
import type { PayrollBody } from '../../../domain/payroll/payroll-body.ts';
import { PAYROLL_CONCEPTS } from '../../../domain/payroll/payroll-concepts.ts';
import { renderDocumentArtifact } from '../../../infrastructure/rendering/render-document-artifact.ts';
import { allConceptsPayrollBody } from './all-concepts-payroll.ts';
import { validatedState } from './validated-state.ts';
import { xmllint } from '../../support/artifacts/xml-schema.ts';
import { find, findAll, parseXml, textAt, type XmlElement } from '../../support/artifacts/xml-tree.ts';

/** Attributes that count, quantify, date or describe; every other attribute of an accrual or deduction is money. */
const NOT_MONEY = new Set(['DiasTrabajados', 'Cantidad', 'Porcentaje', 'PorcentajeSub', 'HoraInicio', 'HoraFin', 'FechaInicio', 'FechaFin', 'Tipo', 'DescripcionConcepto', 'Descripcion']);

/** Σ of every amount the section states, as attributes or as element text, in cents. */
function centsIn(section: XmlElement): number {
  const own = Object.entries(section.attributes).filter(([name]) => !NOT_MONEY.has(name)).map(([, value]) => value);
  const text = section.children.length === 0 && section.text.trim() !== '' ? [section.text.trim()] : [];
  return [...own, ...text].reduce((sum, value) => sum + Math.round(Number(value) * 100), 0) + section.children.reduce((sum, child) => sum + centsIn(child), 0);
}

describe('NominaIndividual with all 42 concepts of the catalog', function () {
  this.timeout(60_000);
  const body = allConceptsPayrollBody();
  const state = validatedState('payroll', body as unknown as Record<string, unknown>, { number: 'NE7' });
  let xml: string;
  let root: XmlElement;

  before(async () => {
    xml = (await renderDocumentArtifact(state, 'xml'))!.bytes.toString('utf8');
    root = parseXml(xml);
  });

  it('validates against NominaIndividualElectronicaXSD.xsd (element order, containers, required attributes)', () => {
    const result = xmllint(xml);

    expect(result.status, result.output).to.equal(0);
  });

  it('writes each entry of each concept in the DIAN element the catalog names for it (or for its type)', () => {
    const sections = { accrual: body.accruals, deduction: body.deductions } as const;
    for (const concept of PAYROLL_CONCEPTS) {
      for (const entry of conceptEntries(sections[concept.kind][concept.name] as PayrollBody['accruals'][string])) {
        const type = concept.typeCodes?.find((candidate) => candidate.code === entry.type_code);
        const [path, attribute] = (type?.dianElement ?? concept.dianElement).split('/@');
        const elements = findAll(root, path);
        expect(elements, `${concept.kind} ${concept.name}: ${path}`).to.not.be.empty;
        if (attribute) expect(elements.some((element) => element.attributes[attribute] === entry.amount), `${concept.name} @${attribute}`).to.equal(true);
      }
    }
    expect(PAYROLL_CONCEPTS).to.have.length(42);
  });

  it('the amounts stated under Devengados and Deducciones add up to the totals, which are the record’s', () => {
    const totals = state.totals as Record<string, string>;

    expect(centsIn(find(root, 'Devengados')!)).to.equal(Math.round(Number(totals.accrued_total) * 100));
    expect(centsIn(find(root, 'Deducciones')!)).to.equal(Math.round(Number(totals.deducted_total) * 100));
    expect(textAt(root, 'DevengadosTotal')).to.equal(totals.accrued_total);
    expect(textAt(root, 'DeduccionesTotal')).to.equal(totals.deducted_total);
    expect(textAt(root, 'ComprobanteTotal')).to.equal(totals.net_total);
  });

  it('orders overtime by DIAN element and licenses MP, R, NR whatever order the body used', () => {
    const devengados = find(root, 'Devengados')!;
    const overtime = devengados.children.map((child) => child.name).filter((name) => /^H[ER]/.test(name));

    expect(overtime).to.deep.equal(['HEDs', 'HENs', 'HRNs', 'HEDDFs', 'HRDDFs', 'HENDFs', 'HRNDFs']);
    expect(find(devengados, 'Licencias')!.children.map((child) => child.name)).to.deep.equal(['LicenciaMP', 'LicenciaR', 'LicenciaNR']);
    expect(find(devengados, 'Licencias/LicenciaNR')!.attributes).to.not.have.property('Pago');
  });

  it('fills the other half of Compensacion and Sancion with 0.00, as their XSD requires both', () => {
    expect(find(root, 'Devengados/Compensaciones/Compensacion')!.attributes).to.deep.equal({ CompensacionO: '5000.00', CompensacionE: '0.00' });
    expect(find(root, 'Deducciones/Sanciones/Sancion')!.attributes).to.deep.equal({ SancionPublic: '0.00', SancionPriv: '10000.00' });
  });
});
