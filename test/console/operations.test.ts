import { expect } from 'chai';
import { etaFromReadings, etaText, percentOf, phaseLabel, rebuildPercent } from '../../console/src/operations/progress.ts';
import { fileNameOf, problemMessage } from '../../console/src/http/problem-message.ts';
import { sectionsFor, type Identity } from '../../console/src/session/identity.ts';
import { warningText } from '../../console/src/session/warning-text.ts';
import { refusalText } from '../../console/src/session/refusal-text.ts';
import { ApiError } from '../../console/src/http/api-client.ts';
import { counterpartyOf } from '../../console/src/documents/party.ts';
import { webhookReasonLabel } from '../../console/src/format/webhook-reasons.ts';
import { projectionDescription } from '../../console/src/operations/projection-descriptions.ts';
import { PROJECTIONS } from '../../projections/projection-catalog.ts';

const identity = (scopes: string[]): Identity => ({
  key: { id: 'k', prefix: 'fe_test_k', name: null, created_at: '2026-01-01T00:00:00Z' },
  company: scopes.includes('admin') ? null : { id: 't', name: 'Empresa', tax_id: '900123456', check_digit: '8' },
  environment: scopes.includes('admin') ? null : 'test',
  scopes,
});

describe('Console operations, problems and permissions', () => {
  it('words each warning of /v1/me in Spanish with its dates in Colombian time, and keeps the API\'s words for a code it does not know', () => {
    expect(warningText({ code: 'api_key_expiring', message: 'x', key_id: 'k', expires_at: '2026-03-31T05:00:00.000Z', days_left: 1 })).to.equal(
      'Esta clave vence el 31/03/2026, 12:00:00 a. m. (en 1 día): pida una nueva al operador y cambie a ella antes.',
    );
    expect(warningText({ code: 'resolution_running_out', message: 'x', resolution_number: '18760000001', prefix: 'SETP', remaining: 12, size: 100 })).to.equal(
      'A la resolución 18760000001 (prefijo SETP) le quedan 12 de 100 números.',
    );
    expect(warningText({ code: 'resolution_expiring', message: 'x', resolution_number: '1876', prefix: 'FE', valid_to: '2026-04-30', days_left: 9 })).to.equal(
      'La resolución 1876 (prefijo FE) vence el 30/04/2026 (en 9 días).',
    );
    expect(warningText({ code: 'certificate_missing', message: 'x' })).to.equal('No hay certificado de firma para producción: importe el PKCS#12 de la empresa.');
    expect(warningText({ code: 'something_new', message: 'the API says so' })).to.equal('the API says so');
  });

  it('says when a refused key expired, and otherwise that it is unknown or revoked', () => {
    expect(refusalText(new ApiError(401, { code: 'unauthorized', expired_at: '2026-03-31T05:00:00.000Z' }))).to.equal(
      'Clave rechazada: venció el 31/03/2026, 12:00:00 a. m.; pida una nueva al operador.',
    );
    expect(refusalText(new ApiError(401, { code: 'unauthorized' }))).to.equal('Clave rechazada: no existe o fue revocada. Revise que la copió completa.');
  });

  it('computes progress in whole percent from log positions given as decimal strings', () => {
    expect(percentOf('50', '200')).to.equal(25);
    expect(percentOf('9007199254740993', '18014398509481986')).to.equal(50);
    expect(percentOf('300', '200')).to.equal(100);
    expect(percentOf('0', '0')).to.equal(100);
    expect(percentOf(null, '10')).to.equal(0);
  });

  it('shows a finished rebuild at 100 % and a paused or failed one where it stopped', () => {
    expect(rebuildPercent({ started_at: 'a', finished_at: null, error: null, phase: 'building', position: '40', head: '160' })).to.equal(25);
    expect(rebuildPercent({ started_at: 'a', finished_at: 'b', error: null, phase: 'done', position: '159', head: '160' })).to.equal(100);
    expect(rebuildPercent({ started_at: 'a', finished_at: 'b', error: null, phase: 'interrupted', position: '40', head: '160' })).to.equal(25);
    expect(rebuildPercent({ started_at: 'a', finished_at: 'b', error: 'boom', position: '40', head: '160' })).to.equal(25);
    expect(rebuildPercent({ started_at: 'a', finished_at: null, error: null, phase: 'switching', position: '160', head: '160' })).to.equal(99);
  });

  it('estimates the time left from two readings of a count, and nothing before it has a pace', () => {
    expect(etaFromReadings({ done: 1_000, at: 0 }, { done: 3_000, at: 1_000 }, 10_000)).to.equal(3.5);
    expect(etaFromReadings(undefined, { done: 3_000, at: 1_000 }, 10_000)).to.equal(null);
    expect(etaFromReadings({ done: 3_000, at: 0 }, { done: 3_000, at: 1_000 }, 10_000)).to.equal(null);
    expect(etaFromReadings({ done: 1_000, at: 0 }, { done: 3_000, at: 1_000 }, null)).to.equal(null);
  });

  it('writes the time left and the phase in Spanish', () => {
    expect(etaText(null)).to.equal('—');
    expect(etaText(0.2)).to.equal('1 s');
    expect(etaText(0)).to.equal('menos de 1 s');
    expect(etaText(45)).to.equal('45 s');
    expect(etaText(185)).to.equal('3 min 05 s');
    expect(etaText(3720)).to.equal('1 h 02 min');
    expect(phaseLabel('switching')).to.equal('cambiando a la nueva versión');
    expect(phaseLabel('indexing')).to.equal('creando índices');
  });

  it('turns a problem into one Spanish sentence with the API’s detail and fields', () => {
    expect(problemMessage(401, { code: 'unauthorized', detail: 'the API key is unknown or revoked' })).to.equal(
      'La clave de API no es válida o fue revocada. Detalle: the API key is unknown or revoked.',
    );
    expect(problemMessage(400, { code: 'validation_failed', errors: [{ field: 'status', message: 'must be one of …' }] })).to.equal(
      'Algún dato no es válido. Campos: status must be one of ….',
    );
    expect(problemMessage(502, undefined)).to.equal('El servicio respondió con un error (502).');
  });

  it('reads the file name of a download', () => {
    expect(fileNameOf('attachment; filename="z123.zip"', 'x')).to.equal('z123.zip');
    expect(fileNameOf(null, 'fallback.pdf')).to.equal('fallback.pdf');
  });

  it('opens the sections the key’s scopes allow', () => {
    expect(sectionsFor(identity(['invoices:read'])).map((s) => s.label)).to.deep.equal(['Documentos', 'Auditoría']);
    expect(sectionsFor(identity(['invoices:read', 'messages:send', 'webhooks:read'])).map((s) => s.label)).to.deep.equal(['Documentos', 'Auditoría', 'Mensajes', 'Webhooks']);
    expect(sectionsFor(identity(['admin'])).map((s) => s.label)).to.deep.equal(['Operaciones']);
  });

  it('says why a webhook endpoint needs attention, telling a disabled one from one still failing', () => {
    expect(webhookReasonLabel('gone', true)).to.equal('el receptor respondió 410: ya no existe');
    expect(webhookReasonLabel('failing', true)).to.equal('sus entregas fallaron durante 3 días');
    expect(webhookReasonLabel('failing', false)).to.equal('sus entregas están fallando');
    expect(webhookReasonLabel('requested', true)).to.equal('desactivado a pedido de la empresa');
  });

  it('describes every projection of the catalog in Spanish, and an unknown one with the API’s words', () => {
    const undescribed = PROJECTIONS.map((projection) => projection.name).filter((name) => projectionDescription(name, '(api)') === '(api)');
    expect(undescribed).to.deep.equal([]);
    expect(projectionDescription('new-projection', 'Every new thing')).to.equal('Every new thing');
  });

  it('names the other party of any family', () => {
    expect(counterpartyOf({ customer: { company: 'ACME', identification: '900', dv: '1' } })).to.deep.equal({ role: 'Cliente', name: 'ACME', identification: '900-1' });
    expect(counterpartyOf({ provider: { names: 'Ana', surname: 'Gómez', identification: '52' } })).to.deep.equal({ role: 'Proveedor', name: 'Ana Gómez', identification: '52' });
    expect(counterpartyOf({})).to.equal(undefined);
  });
});
