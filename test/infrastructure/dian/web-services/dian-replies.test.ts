import { expect } from 'chai';
import { createDianWebServices } from '../../../../infrastructure/dian/web-services/create-dian-web-services.ts';
import { parseRuleLine, type DianResponse } from '../../../../infrastructure/dian/web-services/dian-web-services.ts';
import * as replies from './dian-replies.ts';
import { AR_ACCEPTED_BASE64, AR_REJECTED_BASE64, CUFE, TEST_SET_ID, ZIP_KEY } from './dian-replies.ts';
import { useSoapTestBench } from './soap-test-server.ts';

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');
const NOTIFICATION_FAJ43B = 'Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.';

function validated(overrides: Partial<DianResponse>): DianResponse {
  return {
    isValid: true,
    statusCode: '00',
    statusDescription: 'Procesado Correctamente.',
    statusMessage: 'La Factura electrónica SETP-990000001, ha sido autorizada.',
    errorMessages: [],
    xmlBase64Bytes: AR_ACCEPTED_BASE64,
    xmlDocumentKey: CUFE,
    xmlFileName: 'fv09008257590002600000001',
    ...overrides,
  };
}

describe('DIAN web services: reading DIAN\'s answers', () => {
  const bench = useSoapTestBench();
  const client = createDianWebServices({ timeoutMs: 5000 });

  it('validated', async () => {
    bench.server.soap(replies.VALIDATED);
    expect(await client.sendBillSync(bench.call, 'z.zip', ZIP)).to.deep.equal(validated({}));
  });

  it('validated with notifications', async () => {
    bench.server.soap(replies.VALIDATED_WITH_NOTIFICATIONS);
    const response = await client.sendBillSync(bench.call, 'z.zip', ZIP);
    expect(response).to.deep.equal(validated({
      statusMessage: 'La Factura electrónica SETP-990000002, ha sido autorizada.',
      errorMessages: [NOTIFICATION_FAJ43B, 'Regla: FAK24, Notificación: No fue informada la dirección.'],
      xmlFileName: 'fv09008257590002600000002',
    }));
    expect(response.errorMessages.map(parseRuleLine).map((line) => [line.code, line.kind])).to.deep.equal([['FAJ43b', 'notification'], ['FAK24', 'notification']]);
  });

  it('rejected with rules', async () => {
    bench.server.soap(replies.REJECTED);
    const response = await client.sendBillSync(bench.call, 'z.zip', ZIP);
    expect(response).to.deep.equal({
      isValid: false,
      statusCode: '99',
      statusDescription: 'Validación contiene errores en campos mandatorios.',
      statusMessage: 'Documento con errores en campos mandatorios.',
      errorMessages: ['Regla: ZE02, Rechazo: Valor de la firma inválido.', 'Regla: ZB01, Rechazo: Fallo en el esquema XML del archivo', NOTIFICATION_FAJ43B],
      xmlBase64Bytes: AR_REJECTED_BASE64,
      xmlDocumentKey: CUFE,
      xmlFileName: 'fv09008257590002600000003',
    });
    expect(response.errorMessages.map(parseRuleLine).map((line) => [line.code, line.kind])).to.deep.equal([['ZE02', 'rejection'], ['ZB01', 'rejection'], ['FAJ43b', 'notification']]);
  });

  it('already processed (rule 90) with the stored document\'s key and ApplicationResponse', async () => {
    bench.server.soap(replies.ALREADY_PROCESSED);
    expect(await client.sendBillSync(bench.call, 'z.zip', ZIP)).to.deep.equal(validated({
      isValid: false,
      statusCode: '99',
      statusDescription: 'Validación contiene errores en campos mandatorios.',
      statusMessage: 'Documento con errores en campos mandatorios.',
      errorMessages: ['Regla: 90, Rechazo: Documento procesado anteriormente.'],
    }));
  });

  it('refused (89), nil fields as null', async () => {
    bench.server.soap(replies.REFUSED_89);
    expect(await client.sendBillSync(bench.call, 'z.zip', ZIP)).to.deep.equal({
      isValid: false,
      statusCode: '89',
      statusDescription: 'NIT de la empresa no informado en el certificado.',
      statusMessage: '',
      errorMessages: [],
      xmlBase64Bytes: null,
      xmlDocumentKey: null,
      xmlFileName: null,
    });
  });

  it('in process (98)', async () => {
    bench.server.soap(replies.IN_PROCESS_98);
    expect(await client.getStatus(bench.call, CUFE)).to.deep.equal({
      isValid: false, statusCode: '98', statusDescription: 'En Proceso', statusMessage: '', errorMessages: [], xmlBase64Bytes: null, xmlDocumentKey: CUFE, xmlFileName: null,
    });
  });

  it('unknown track (66), read by namespace whatever the prefixes', async () => {
    bench.server.soap(replies.UNKNOWN_66);
    expect(await client.getStatus(bench.call, CUFE)).to.deep.equal({
      isValid: false,
      statusCode: '66',
      statusDescription: 'TrackId no existe en los registros de la DIAN.',
      statusMessage: 'TrackId no existe en los registros de la DIAN.',
      errorMessages: [],
      xmlBase64Bytes: null,
      xmlDocumentKey: null,
      xmlFileName: null,
    });
  });

  it('GetStatusZip with several items', async () => {
    bench.server.soap(replies.STATUS_ZIP_SEVERAL);
    expect(await client.getStatusZip(bench.call, ZIP_KEY)).to.deep.equal([
      validated({ statusMessage: '', xmlDocumentKey: 'aaaa1111' }),
      validated({ isValid: false, statusCode: '98', statusDescription: 'En Proceso', statusMessage: '', xmlDocumentKey: 'bbbb2222', xmlFileName: 'fv09008257590002600000002' }),
    ]);
  });

  it('GetStatusZip while the batch is pending: empty StatusCode', async () => {
    bench.server.soap(replies.STATUS_ZIP_PENDING);
    expect(await client.getStatusZip(bench.call, ZIP_KEY)).to.deep.equal([
      { isValid: false, statusCode: '', statusDescription: 'Batch en proceso de validación.', statusMessage: '', errorMessages: [], xmlBase64Bytes: null, xmlDocumentKey: null, xmlFileName: null },
    ]);
  });

  it('GetStatusZip of a closed test set: StatusCode 2', async () => {
    bench.server.soap(replies.STATUS_ZIP_TEST_SET_CLOSED);
    const [item, ...rest] = await client.getStatusZip(bench.call, ZIP_KEY);
    expect(rest).to.have.length(0);
    expect([item.statusCode, item.isValid, item.statusDescription]).to.deep.equal(['2', false, `Set de prueba con identificador ${TEST_SET_ID} se encuentra Aceptado.`]);
  });

  it('test-set upload: the ZipKey, no problems', async () => {
    bench.server.soap(replies.TEST_SET_UPLOADED);
    expect(await client.sendTestSetAsync(bench.call, 'z.zip', ZIP, TEST_SET_ID)).to.deep.equal({ zipKey: ZIP_KEY, problems: [] });
  });

  it('refused upload: no ZipKey, the ErrorMessageList items', async () => {
    bench.server.soap(replies.UPLOAD_REFUSED);
    expect(await client.sendBillAsync(bench.call, 'z.zip', ZIP)).to.deep.equal({
      zipKey: null,
      problems: [{
        documentKey: null,
        processedMessage: 'Empresa emisora con NIT 900825759 no se encuentra autorizada para enviar documentos por los lotes.',
        senderCode: '900825759',
        success: false,
        xmlFileName: 'fv09008257590002600000001',
      }],
    });
  });

  it('numbering ranges', async () => {
    bench.server.soap(replies.NUMBERING_RANGES);
    expect(await client.getNumberingRange(bench.call, { accountCode: '900825759', accountCodeT: '900825759', softwareCode: 'sw' })).to.deep.equal({
      operationCode: '100',
      operationDescription: 'Acción completada OK.',
      ranges: [{
        resolutionNumber: '18760000001',
        resolutionDate: '2019-01-19',
        prefix: 'SETP',
        fromNumber: '990000000',
        toNumber: '995000000',
        validDateFrom: '2019-01-19',
        validDateTo: '2030-01-19',
        technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
      }],
    });
  });

  it('GetXmlByDocumentKey', async () => {
    bench.server.soap(replies.XML_BY_DOCUMENT_KEY);
    expect(await client.getXmlByDocumentKey(bench.call, CUFE)).to.deep.equal({ code: '100', message: 'Accion completada OK', xmlBytesBase64: AR_ACCEPTED_BASE64 });
  });

  it('an HTTP 404 that carries the operation\'s response is read as an answer', async () => {
    bench.server.answer({ status: 404, body: replies.UNKNOWN_66 });
    expect((await client.getStatus(bench.call, CUFE)).statusCode).to.equal('66');
  });
});
