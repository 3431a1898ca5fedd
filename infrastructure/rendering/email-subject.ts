import { dianEmailSubject } from '../../domain/messages/dian-email-subject.ts';
import type { RenderContext } from './render-context.ts';

/** DIAN's e-mail subject of the rendered document: NIT;Legal name;Number;Type code;Trade name (reference §6). */
export function emailSubject({ issuer, number, family }: RenderContext): string {
  return dianEmailSubject({
    nit: issuer.nit,
    legalName: issuer.legal_name,
    number,
    typeCode: family.typeCode,
    tradeName: issuer.trade_name,
  });
}
