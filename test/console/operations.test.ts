import { expect } from 'chai';
import { etaFromReadings, etaText, percentOf, phaseLabel, rebuildPercent } from '../../console/src/operations/progress.ts';
import { fileNameOf, problemMessage } from '../../console/src/http/problem-message.ts';
import { sectionsFor, type Identity } from '../../console/src/session/identity.ts';
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
