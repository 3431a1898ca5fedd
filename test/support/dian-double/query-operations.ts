import { refused, unknownTrack } from './dian-response.ts';
import type { DocumentRegistry } from './document-registry.ts';
import { escapeXml, NS } from './namespaces.ts';
import type { RecordedRequest } from './recorded-request.ts';
import { dianResponseReply, resultReply, statusZipReply, type Reply } from './soap-replies.ts';
import type { TestSets } from './test-sets.ts';

/** One range GetNumberingRange answers (NumberRangeResponse, reference §4). */
export interface NumberingRange {
  resolutionNumber: string;
  resolutionDate: string;
  prefix: string;
  fromNumber: string;
  toNumber: string;
  validDateFrom: string;
  validDateTo: string;
  technicalKey: string;
}

/** The habilitación range (reference §8, dian-factus.md §2.1). */
export const SETP_RANGE: NumberingRange = {
  resolutionNumber: '18760000001',
  resolutionDate: '2019-01-19',
  prefix: 'SETP',
  fromNumber: '990000000',
  toNumber: '995000000',
  validDateFrom: '2019-01-19',
  validDateTo: '2030-01-19',
  technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
};

/** Who GetNumberingRange answers for; an undefined code accepts any. */
export interface NumberingOptions {
  accountCode?: string;
  softwareCode?: string;
  ranges?: NumberingRange[];
}

export interface QueryContext {
  registry: DocumentRegistry;
  testSets: TestSets;
  numbering: NumberingOptions;
  now: Date;
  record: RecordedRequest;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function getStatus(trackId: string, context: QueryContext): Reply {
  if (!trackId) return dianResponseReply('GetStatus', refused('TrackId es nulo o vacío.'), context.now);
  if (trackId.length < 20) return dianResponseReply('GetStatus', refused('TrackId inválido (Length).'), context.now);
  const answer = context.registry.status(trackId);
  context.record.statusCode = answer.statusCode;
  return dianResponseReply('GetStatus', answer, context.now);
}

function getStatusZip(trackId: string, context: QueryContext): Reply {
  if (!trackId) return statusZipReply([refused('TrackId es nulo o vacío.')], context.now);
  if (!GUID.test(trackId)) return statusZipReply([refused('Formato trackId inválido.')], context.now);
  const items = context.testSets.poll(trackId) ?? [unknownTrack()];
  context.record.statusCode = items[0]?.statusCode ?? null;
  return statusZipReply(items, context.now);
}

function rangeXml(range: NumberingRange): string {
  const fields: [string, string][] = [['ResolutionNumber', range.resolutionNumber], ['ResolutionDate', range.resolutionDate], ['Prefix', range.prefix],
    ['FromNumber', range.fromNumber], ['ToNumber', range.toNumber], ['ValidDateFrom', range.validDateFrom], ['ValidDateTo', range.validDateTo], ['TechnicalKey', range.technicalKey]];
  return `<c:NumberRangeResponse>${fields.map(([name, value]) => `<c:${name}>${escapeXml(value)}</c:${name}>`).join('')}</c:NumberRangeResponse>`;
}

/** 100 with the configured ranges; 301 for another NIT, 302 for another software (texts of 301/302 are the double's own). */
function getNumberingRange(params: Record<string, string>, context: QueryContext): Reply {
  const { accountCode, softwareCode, ranges = [SETP_RANGE] } = context.numbering;
  const reply = (code: string, description: string, list: NumberingRange[]) => {
    context.record.statusCode = code;
    const responseList = list.length === 0 ? '<b:ResponseList i:nil="true"/>' : `<b:ResponseList xmlns:c="${NS.range}">${list.map(rangeXml).join('')}</b:ResponseList>`;
    return resultReply('GetNumberingRange', NS.rangeList, `<b:OperationCode>${code}</b:OperationCode><b:OperationDescription>${escapeXml(description)}</b:OperationDescription>${responseList}`, context.now);
  };
  if (accountCode !== undefined && params.accountCode !== accountCode) return reply('301', `No se encontraron rangos de numeración para el NIT ${params.accountCode ?? ''}.`, []);
  if (softwareCode !== undefined && params.softwareCode !== softwareCode) return reply('302', `No se encontraron prefijos asociados al código de software ${params.softwareCode ?? ''}.`, []);
  return reply('100', 'Acción completada OK.', ranges);
}

/** EventResponse: the stored document's XML (codes and texts are the double's own). */
function getXmlByDocumentKey(trackId: string, context: QueryContext): Reply {
  const stored = context.registry.get(trackId);
  const content = stored
    ? `<b:Code>100</b:Code><b:Message>Accion completada OK</b:Message><b:XmlBytesBase64>${Buffer.from(stored.facts.xml, 'utf8').toString('base64')}</b:XmlBytesBase64>`
    : '<b:Code>404</b:Code><b:Message>No se encontró el documento con el TrackId indicado.</b:Message><b:XmlBytesBase64 i:nil="true"/>';
  context.record.statusCode = stored ? '100' : '404';
  return resultReply('GetXmlByDocumentKey', NS.eventResponse, content, context.now);
}

/** GetStatus, GetStatusZip, GetNumberingRange, GetXmlByDocumentKey. */
export function handleQuery(operation: string, params: Record<string, string>, context: QueryContext): Reply {
  const trackId = (params.trackId ?? '').trim();
  switch (operation) {
    case 'GetStatus': return getStatus(trackId, context);
    case 'GetStatusZip': return getStatusZip(trackId, context);
    case 'GetNumberingRange': return getNumberingRange(params, context);
    default: return getXmlByDocumentKey(trackId, context);
  }
}
