import type { DianCall, DianResponse, DianWebServices } from '../../../infrastructure/dian/web-services/dian-web-services.ts';

type Operation = keyof DianWebServices;

/** One call the code under test made, with its arguments after the DianCall. */
export interface RecordedDianCall {
  operation: Operation;
  call: DianCall;
  args: unknown[];
}

/**
 * DianWebServices answered by the test: each operation's handler is set with `on`; an operation without one throws,
 * so a test states every call it expects. For unit tests of what sits above the SOAP client; the end-to-end tests use
 * the HTTP double of DIAN instead.
 */
export class ScriptedDianWebServices implements DianWebServices {
  readonly calls: RecordedDianCall[] = [];
  private readonly handlers = new Map<Operation, (...args: unknown[]) => unknown>();

  on<K extends Operation>(operation: K, handler: (...args: Parameters<DianWebServices[K]>) => Awaited<ReturnType<DianWebServices[K]>> | Promise<Awaited<ReturnType<DianWebServices[K]>>>): this {
    this.handlers.set(operation, handler as (...args: unknown[]) => unknown);
    return this;
  }

  callsOf(operation: Operation): RecordedDianCall[] {
    return this.calls.filter((recorded) => recorded.operation === operation);
  }

  private async run<T>(operation: Operation, call: DianCall, ...args: unknown[]): Promise<T> {
    this.calls.push({ operation, call, args });
    const handler = this.handlers.get(operation);
    if (!handler) throw new Error(`unexpected DIAN call ${operation}`);
    return (await handler(call, ...args)) as T;
  }

  sendBillSync = (call: DianCall, fileName: string, zip: Buffer) => this.run<DianResponse>('sendBillSync', call, fileName, zip);
  sendBillAsync = (call: DianCall, fileName: string, zip: Buffer) => this.run<Awaited<ReturnType<DianWebServices['sendBillAsync']>>>('sendBillAsync', call, fileName, zip);
  sendTestSetAsync = (call: DianCall, fileName: string, zip: Buffer, testSetId: string) =>
    this.run<Awaited<ReturnType<DianWebServices['sendTestSetAsync']>>>('sendTestSetAsync', call, fileName, zip, testSetId);
  getStatus = (call: DianCall, trackId: string) => this.run<DianResponse>('getStatus', call, trackId);
  getStatusZip = (call: DianCall, trackId: string) => this.run<DianResponse[]>('getStatusZip', call, trackId);
  sendNominaSync = (call: DianCall, zip: Buffer) => this.run<DianResponse>('sendNominaSync', call, zip);
  sendEventUpdateStatus = (call: DianCall, zip: Buffer) => this.run<DianResponse>('sendEventUpdateStatus', call, zip);
  getNumberingRange = (call: DianCall, query: Parameters<DianWebServices['getNumberingRange']>[1]) =>
    this.run<Awaited<ReturnType<DianWebServices['getNumberingRange']>>>('getNumberingRange', call, query);
  getXmlByDocumentKey = (call: DianCall, trackId: string) => this.run<Awaited<ReturnType<DianWebServices['getXmlByDocumentKey']>>>('getXmlByDocumentKey', call, trackId);
}

/** A DianResponse with DIAN's validated defaults, overridden by `fields`. */
export function dianResponse(fields: Partial<DianResponse> = {}): DianResponse {
  return {
    isValid: true,
    statusCode: '00',
    statusDescription: 'Procesado Correctamente.',
    statusMessage: 'La Factura electrónica SETP-990000001, ha sido autorizada.',
    errorMessages: [],
    xmlBase64Bytes: null,
    xmlDocumentKey: null,
    xmlFileName: null,
    ...fields,
  };
}
