import { expect } from 'chai';
import { http } from '../../support/http.ts';
import type { TestApp } from '../../support/test-app.ts';
import { expectSchema } from '../../support/api-test-helpers.ts';
import { messagingTenant, startMessagingApp } from '../../support/messaging-app.ts';
import { postMessage } from './message-test-helpers.ts';

describe('GET /v1/templates', () => {
  let app: TestApp;

  before(async () => {
    app = await startMessagingApp();
  });
  after(() => app.close());

  it('given a key with messages:send, then both templates with the three designs (moderno by default), their variables and a sample data object', async () => {
    const tenant = await messagingTenant(app);
    const answer = await http(app.baseUrl, 'GET', '/v1/templates', { key: tenant.key });
    expect(answer.status).to.equal(200);
    expectSchema('TemplateList', answer.body);
    const templates = answer.body.templates as Array<Record<string, any>>;
    expect(templates.map((t) => t.slug)).to.deep.equal(['factura-electronica', 'codigo-otp']);
    for (const template of templates) {
      expect(template.designs).to.deep.equal(['clasico', 'moderno', 'minimal']);
      expect(template.defaultDesign).to.equal('moderno');
      expect(template.sampleData).to.be.an('object');
      const required = template.variables.filter((v: { required: boolean }) => v.required).map((v: { path: string }) => v.path);
      expect(required.length).to.be.greaterThan(0);
    }
    const otp = templates.find((t) => t.slug === 'codigo-otp')!;
    expect(Object.keys(otp.sampleData)).to.deep.equal(['codigo', 'proposito', 'vigenciaMinutos', 'nombre', 'dispositivo', 'ubicacion']);
    const invoice = templates.find((t) => t.slug === 'factura-electronica')!;
    expect(Object.keys(invoice.sampleData)).to.include.members(['tipoDocumento', 'numero', 'fechaEmision', 'fechaVencimiento', 'cliente', 'total', 'resumen', 'cufe', 'nombreAdjunto']);
  });

  it('given each template’s sample data sent as is, then it is accepted', async () => {
    const tenant = await messagingTenant(app, { nit: '800197268' });
    const { templates } = (await http(app.baseUrl, 'GET', '/v1/templates', { key: tenant.key })).body;
    for (const template of templates) {
      const answer = await postMessage(app, tenant.key, { to: 'ana@example.com', template: { slug: template.slug }, data: template.sampleData });
      expect(answer.status, template.slug).to.equal(202);
    }
  });
});
