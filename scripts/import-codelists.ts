import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGenericode } from './parse-genericode.ts';
import { renderCatalogModule, type CatalogModuleSpec } from './render-catalog-module.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = resolve(repoRoot, process.argv[2] ?? '../shared/dian/codelists');
const outputDir = resolve(repoRoot, process.argv[3] ?? 'domain/catalogs/generated');

const spec = (sourceFile: string, moduleName: string, exportName: string, valueColumn = 'name'): CatalogModuleSpec => ({
  sourceFile,
  moduleName,
  exportName,
  valueColumn,
});

const SPECS: CatalogModuleSpec[] = [
  spec('Municipio-2.1.gc', 'municipio', 'MUNICIPIO'),
  spec('Departamentos-2.1.gc', 'departamentos', 'DEPARTAMENTOS'),
  spec('Paises-2.1.gc', 'paises', 'PAISES'),
  spec('UnidadesMedida-2.1.gc', 'unidades-medida', 'UNIDADES_MEDIDA'),
  spec('MediosPago-2.1.gc', 'medios-pago', 'MEDIOS_PAGO'),
  spec('FormasPago-2.1.gc', 'formas-pago', 'FORMAS_PAGO'),
  spec('TipoIdFiscal-2.1.gc', 'tipo-id-fiscal', 'TIPO_ID_FISCAL'),
  spec('TipoImpuesto-2.1.gc', 'tipo-impuesto', 'TIPO_IMPUESTO'),
  spec('TipoResponsabilidad-2.1.gc', 'tipo-responsabilidad', 'TIPO_RESPONSABILIDAD'),
  spec('TipoOrganizacion-2.1.gc', 'tipo-organizacion', 'TIPO_ORGANIZACION'),
  spec('TipoCodigoProducto-2.1.gc', 'tipo-codigo-producto', 'TIPO_CODIGO_PRODUCTO'),
  spec('ConceptoNotaCredito-2.1.gc', 'concepto-nota-credito', 'CONCEPTO_NOTA_CREDITO'),
  spec('ConceptoNotaDebito-2.1.gc', 'concepto-nota-debito', 'CONCEPTO_NOTA_DEBITO'),
  spec('TarifaImpuestoIVA-2.1.gc', 'tarifa-impuesto-iva', 'TARIFA_IMPUESTO_IVA', 'description'),
  spec('TarifaImpuestoINC-2.1.gc', 'tarifa-impuesto-inc', 'TARIFA_IMPUESTO_INC', 'description'),
  spec('PeriodoNomina-2.1.gc', 'periodo-nomina', 'PERIODO_NOMINA'),
  spec('TipoContrato-2.1.gc', 'tipo-contrato', 'TIPO_CONTRATO'),
  spec('TipoTrabajador-2.1.gc', 'tipo-trabajador', 'TIPO_TRABAJADOR'),
  spec('SubTipoTrabajador-2.1.gc', 'sub-tipo-trabajador', 'SUB_TIPO_TRABAJADOR'),
];

mkdirSync(outputDir, { recursive: true });
for (const moduleSpec of SPECS) {
  const list = parseGenericode(readFileSync(join(sourceDir, moduleSpec.sourceFile), 'utf8'));
  if (list.rows.length === 0) throw new Error(`${moduleSpec.sourceFile}: no rows found`);
  const { source, data, droppedDuplicates } = renderCatalogModule(moduleSpec, list);
  const target = join(outputDir, moduleSpec.moduleName);
  writeFileSync(`${target}.ts`, source);
  writeFileSync(`${target}.json`, data);
  const note = droppedDuplicates.length ? `; duplicates dropped: ${droppedDuplicates.join(', ')}` : '';
  console.log(`${moduleSpec.sourceFile} -> ${target}.ts, .json (${list.rows.length} rows${note})`);
}
