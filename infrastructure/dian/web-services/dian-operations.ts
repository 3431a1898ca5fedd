import type { Element } from '@xmldom/xmldom';
import { dianResponse, dianResponses, numberRangeResponseList, uploadDocumentResponse, xmlByDocumentKey } from './dian-result-parsers.ts';
import type { DianWebServices } from './dian-web-services.ts';
import type { OperationParameter } from './soap-envelope.ts';

/** One of DianWebServices' methods as a SOAP operation: its name, its parameters from the method's arguments, its result reader. */
export interface DianOperation<K extends keyof DianWebServices> {
  name: string;
  parameters(...args: DianArguments<K>): OperationParameter[];
  result(element: Element): Awaited<ReturnType<DianWebServices[K]>>;
}

/** A method's arguments after the DianCall. */
export type DianArguments<K extends keyof DianWebServices> = Parameters<DianWebServices[K]> extends [unknown, ...infer Rest] ? Rest : never;

const fileName = (value: string): OperationParameter => ({ name: 'fileName', value });
const contentFile = (zip: Buffer): OperationParameter => ({ name: 'contentFile', value: zip.toString('base64') });
const trackId = (value: string): OperationParameter => ({ name: 'trackId', value });

/** The nine operations this service calls, with the parameter names of reference §3. */
export const DIAN_OPERATIONS: { [K in keyof DianWebServices]: DianOperation<K> } = {
  sendBillSync: { name: 'SendBillSync', parameters: (name, zip) => [fileName(name), contentFile(zip)], result: dianResponse },
  sendBillAsync: { name: 'SendBillAsync', parameters: (name, zip) => [fileName(name), contentFile(zip)], result: uploadDocumentResponse },
  sendTestSetAsync: {
    name: 'SendTestSetAsync',
    parameters: (name, zip, testSetId) => [fileName(name), contentFile(zip), { name: 'testSetId', value: testSetId }],
    result: uploadDocumentResponse,
  },
  getStatus: { name: 'GetStatus', parameters: (key) => [trackId(key)], result: dianResponse },
  getStatusZip: { name: 'GetStatusZip', parameters: (zipKey) => [trackId(zipKey)], result: dianResponses },
  sendNominaSync: { name: 'SendNominaSync', parameters: (zip) => [contentFile(zip)], result: dianResponse },
  sendEventUpdateStatus: { name: 'SendEventUpdateStatus', parameters: (zip) => [contentFile(zip)], result: dianResponse },
  getNumberingRange: {
    name: 'GetNumberingRange',
    parameters: (query) => [
      { name: 'accountCode', value: query.accountCode },
      { name: 'accountCodeT', value: query.accountCodeT },
      { name: 'softwareCode', value: query.softwareCode },
    ],
    result: numberRangeResponseList,
  },
  getXmlByDocumentKey: { name: 'GetXmlByDocumentKey', parameters: (key) => [trackId(key)], result: xmlByDocumentKey },
};
