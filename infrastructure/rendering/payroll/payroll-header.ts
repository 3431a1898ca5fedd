import { departmentOf } from '../../../domain/catalogs/departments.ts';
import { renderedIssuer } from '../issuer-profile.ts';
import type { RenderContext } from '../render-context.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';

const PAYROLL_VERSION = 'V1.0: Documento Soporte de Pago de Nómina Electrónica';

/** NumeroSecuenciaXML: prefix, consecutive and full number of the document. */
export function numberSequence(parent: XmlNode, context: RenderContext, workerCode?: string): void {
  child(parent, 'NumeroSecuenciaXML', undefined, {
    ...(workerCode && { CodigoTrabajador: workerCode }),
    Prefijo: context.range.prefix,
    Consecutivo: context.consecutive,
    Numero: context.number,
  });
}

/** LugarGeneracionXML and ProveedorXML: where it was generated (the employer's municipality) and the software that generated it. */
export function origin(parent: XmlNode, context: RenderContext): void {
  const place = renderedIssuer(context.issuer);
  child(parent, 'LugarGeneracionXML', undefined, {
    Pais: place.countryCode,
    DepartamentoEstado: departmentOf(place.municipalityCode),
    MunicipioCiudad: place.municipalityCode,
    Idioma: 'es',
  });
  child(parent, 'ProveedorXML', undefined, {
    RazonSocial: context.issuer.legal_name,
    NIT: context.issuer.nit,
    DV: context.issuer.dv,
    SoftwareID: context.softwareId,
    SoftwareSC: context.softwareSecurityCode,
  });
}

/** InformacionGeneral; a payroll adds its period and currency, a deleting adjustment does not. */
export function generalInformation(parent: XmlNode, context: RenderContext, xmlType: string, extra: Record<string, string> = {}): void {
  child(parent, 'InformacionGeneral', undefined, {
    Version: PAYROLL_VERSION,
    Ambiente: context.environment,
    TipoXML: xmlType,
    CUNE: context.uniqueCode,
    EncripCUNE: 'CUNE-SHA384',
    FechaGen: context.document.issueDate,
    HoraGen: context.document.issueTime,
    ...extra,
  });
}

export function notes(parent: XmlNode, observation: string | undefined): void {
  if (observation) child(parent, 'Notas', observation);
}

/** Empleador: the issuing company at the address of its recorded profile. */
export function employer(parent: XmlNode, context: RenderContext): void {
  const place = renderedIssuer(context.issuer);
  child(parent, 'Empleador', undefined, {
    RazonSocial: context.issuer.legal_name,
    NIT: context.issuer.nit,
    DV: context.issuer.dv,
    Pais: place.countryCode,
    DepartamentoEstado: departmentOf(place.municipalityCode),
    MunicipioCiudad: place.municipalityCode,
    Direccion: place.address,
  });
}
