import type { Element } from '@xmldom/xmldom';
import type { DianNumberRange, DianResponse, NumberRangeResponseList, UploadDocumentResponse, UploadProblem, XmlByDocumentKey } from './dian-web-services.ts';
import { booleanText, childElement, childElements, isNil, nullableText, text } from './xml-elements.ts';

/**
 * Readers of DIAN's data contracts (reference §4). Fields are found by local name among the element's children: the
 * data-contract namespaces (`…/2004/07/DianResponse`, …) and their prefixes are DIAN's to vary; a nil or absent
 * element reads as null (or '' / false / [] where the contract has no null).
 */
export function dianResponse(element: Element): DianResponse {
  const errorMessage = childElement(element, 'ErrorMessage');
  return {
    isValid: booleanText(element, 'IsValid'),
    statusCode: text(element, 'StatusCode'),
    statusDescription: text(element, 'StatusDescription'),
    statusMessage: text(element, 'StatusMessage'),
    errorMessages: errorMessage && !isNil(errorMessage) ? childElements(errorMessage, 'string').map((line) => line.textContent ?? '') : [],
    xmlBase64Bytes: nonEmpty(nullableText(element, 'XmlBase64Bytes')),
    xmlDocumentKey: nonEmpty(nullableText(element, 'XmlDocumentKey')),
    xmlFileName: nonEmpty(nullableText(element, 'XmlFileName')),
  };
}

/** GetStatusZipResult: an array of DianResponse. */
export function dianResponses(element: Element): DianResponse[] {
  return childElements(element, 'DianResponse').map(dianResponse);
}

export function uploadDocumentResponse(element: Element): UploadDocumentResponse {
  const list = childElement(element, 'ErrorMessageList');
  const items = list && !isNil(list) ? childElements(list, 'XmlParamsResponseTrackId') : [];
  return { zipKey: nonEmpty(nullableText(element, 'ZipKey')), problems: items.map(uploadProblem) };
}

function uploadProblem(item: Element): UploadProblem {
  return {
    documentKey: nonEmpty(nullableText(item, 'DocumentKey')),
    processedMessage: text(item, 'ProcessedMessage'),
    senderCode: nonEmpty(nullableText(item, 'SenderCode')),
    success: booleanText(item, 'Success'),
    xmlFileName: nonEmpty(nullableText(item, 'XmlFileName')),
  };
}

export function numberRangeResponseList(element: Element): NumberRangeResponseList {
  const list = childElement(element, 'ResponseList');
  const items = list && !isNil(list) ? childElements(list, 'NumberRangeResponse') : [];
  return { operationCode: text(element, 'OperationCode'), operationDescription: text(element, 'OperationDescription'), ranges: items.map(numberRange) };
}

function numberRange(item: Element): DianNumberRange {
  return {
    resolutionNumber: text(item, 'ResolutionNumber'),
    resolutionDate: text(item, 'ResolutionDate'),
    prefix: text(item, 'Prefix'),
    fromNumber: text(item, 'FromNumber'),
    toNumber: text(item, 'ToNumber'),
    validDateFrom: text(item, 'ValidDateFrom'),
    validDateTo: text(item, 'ValidDateTo'),
    technicalKey: text(item, 'TechnicalKey'),
  };
}

/** EventResponse of GetXmlByDocumentKey. */
export function xmlByDocumentKey(element: Element): XmlByDocumentKey {
  return { code: text(element, 'Code'), message: text(element, 'Message'), xmlBytesBase64: nonEmpty(nullableText(element, 'XmlBytesBase64')) };
}

function nonEmpty(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value.trim();
}
