import type { Command } from 'commander';
import { CertificateWarnings } from '../../application/certificates/certificate-warnings.ts';
import { UnreadableCertificateError } from '../../application/ports/certificate-toolkit.ts';
import { MissingSecretsKeyError } from '../../application/ports/secret-cipher.ts';
import type { StoredCertificate } from '../../domain/certificates/stored-certificate.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { ENVIRONMENTS } from '../../domain/tenancy/scopes.ts';
import { CLI_CONTEXT, CliError, print, requiredEnvironment, withContainer } from './cli-context.ts';
import { readInputFile, readStdinLine } from './input-file.ts';

/** What operators see of a certificate: never its key, only how the key is kept. */
function certificateJson(environment: string, certificate: StoredCertificate) {
  return {
    id: certificate.certificateId,
    environment,
    origin: certificate.origin,
    subject: certificate.subject,
    issuer: certificate.issuer,
    serial_number: certificate.serialNumber,
    valid_from: certificate.validFrom,
    valid_to: certificate.validTo,
    fingerprint_sha256: certificate.fingerprint,
    key_protection: certificate.privateKey.protection,
    recorded_at: certificate.recordedAt,
  };
}

const describe = (c: ReturnType<typeof certificateJson>) =>
  `${c.id}  ${c.environment}  ${c.origin}\n  subject: ${c.subject}\n  issuer: ${c.issuer}\n  serial: ${c.serial_number}\n  valid to: ${c.valid_to}`;


interface ImportOptions {
  tenant: string;
  env: string;
  file: string;
  passwordStdin?: boolean;
  json?: boolean;
}

async function importCertificate(options: ImportOptions): Promise<void> {
  const environment = requiredEnvironment(options.env);
  const pkcs12 = readInputFile('--file', options.file);
  const password = options.passwordStdin ? await readStdinLine('--password-stdin', process.stdin) : '';
  await withContainer(async (container) => {
    if (!(await container.tenants.find(options.tenant))) throw new CliError(`--tenant: no tenant with id ${options.tenant}`);
    try {
      const kept = certificateJson(environment, await container.certificates.import({ tenantId: options.tenant, environment, pkcs12, password }, CLI_CONTEXT));
      print(!!options.json, kept, `certificate imported for ${environment}:\n${describe(kept)}`);
    } catch (error) {
      if (error instanceof UnreadableCertificateError) throw new CliError(`--file ${options.file}: ${error.message}`);
      if (error instanceof MissingSecretsKeyError) throw new CliError(error.message, 2);
      if (error instanceof DomainError) throw new CliError(`--file ${options.file}: ${error.message}`);
      throw error;
    }
  });
}

async function listCertificates(options: { tenant: string; json?: boolean }): Promise<void> {
  await withContainer(async (container) => {
    if (!(await container.tenants.find(options.tenant))) throw new CliError(`--tenant: no tenant with id ${options.tenant}`);
    const warnings = new CertificateWarnings(container.certificates);
    const certificates = [];
    const notices = [];
    for (const environment of ENVIRONMENTS) {
      const registry = await container.certificates.registry(options.tenant, environment);
      certificates.push(...registry.certificates.map((certificate) => certificateJson(environment, certificate)));
      notices.push(...(await warnings.warningsFor(options.tenant, environment, new Date())).map((warning) => ({ environment, ...warning })));
    }
    const text = [
      ...certificates.map(describe),
      ...notices.map((warning) => `warning (${warning.environment}): ${warning.code}: ${warning.message}`),
    ].join('\n');
    print(!!options.json, { certificates, warnings: notices }, text || `no certificates for tenant ${options.tenant}`);
  });
}

export function registerCertificateCommands(program: Command): void {
  const certificates = program.command('certificates').description('signing certificates of a company (XAdES-EPES)');

  certificates
    .command('import')
    .description('import a PKCS#12 (.p12/.pfx): its private key is kept encrypted with SECRETS_KEY (required)')
    .requiredOption('--tenant <id>', 'tenant id')
    .requiredOption('--env <environment>', 'test or live')
    .requiredOption('--file <path>', 'the PKCS#12 file')
    .option('--password-stdin', 'read the file’s password from standard input (else: no password)')
    .option('--json', 'print JSON')
    .action(importCertificate);

  certificates
    .command('list')
    .description('list the certificates of a tenant (never the keys), with expiry warnings')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--json', 'print JSON')
    .action(listCertificates);
}
