import { templateNamed } from '../../domain/messages/template-catalog.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Brand } from '../../domain/messages/brand.ts';
import type { Environment, Scope } from '../../domain/tenancy/scopes.ts';
import type { ContainerOptions } from '../../infrastructure/composition/container.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export const SENDER = 'facturas@emisor.example';
export const CLI = { actor: 'test', correlationId: 'test' };

export interface MessagingTenant {
  tenantId: string;
  key: string;
  keyId: string;
}

/** The test app wired to a loopback SMTP server (or the outbox), with the sender address configured. */
export async function startMessagingApp(
  env: Record<string, string> = {},
  options: ContainerOptions & { workers?: boolean } = {},
): Promise<TestApp> {
  return startTestApp({ MAIL_FROM: SENDER, MESSAGES_DEFAULT_BRAND: 'default', ...env }, options);
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'einvoicing-messages-'));
}

export async function messagingTenant(
  app: TestApp,
  options: { environment?: Environment; scopes?: Scope[]; nit?: string } = {},
): Promise<MessagingTenant> {
  const tenant = await app.createTenant({
    nit: options.nit ?? '900825759',
    environment: options.environment ?? 'live',
    scopes: options.scopes ?? ['messages:send', 'invoices:read', 'invoices:write'],
  });
  return tenant;
}

export function brand(overrides: Partial<Brand> = {}): Brand {
  return {
    slug: 'acme',
    name: 'ACME Facturación',
    logoUrl: 'https://cdn.acme.example/logo.png',
    colors: { primary: '#123456', secondary: '#abcdef' },
    legal: {
      legalName: 'ACME S.A.S.',
      nit: '900825759-7',
      address: 'Calle 100 # 10-20, Bogotá',
      phone: '+57 601 555 0100',
      email: 'contacto@acme.example',
      website: 'https://acme.example',
    },
    applications: [],
    allApplications: true,
    ...overrides,
  };
}

export async function registerBrand(app: TestApp, tenantId: string, overrides: Partial<Brand> = {}): Promise<Brand> {
  return app.container.messages.brands.register(tenantId, brand(overrides), CLI);
}

export const otpData = () => ({ codigo: '482913', proposito: 'iniciar sesión', vigenciaMinutos: 10, nombre: 'Ana Gómez', dispositivo: 'Chrome en Windows', ubicacion: 'Bogotá' });

/** The catalog's own sample, with a short code and attachment name the assertions look for. */
export const invoiceData = (): Record<string, any> => ({
  ...structuredClone(templateNamed('factura-electronica')!.sampleData),
  cufe: 'abc123',
  nombreAdjunto: 'factura.zip',
});
