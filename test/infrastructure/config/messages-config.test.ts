import { expect } from 'chai';
import { ConfigError } from '../../../infrastructure/config/config-error.ts';
import { loadConfig } from '../../../infrastructure/config/config.ts';

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  expect.fail(`${JSON.stringify(env)} was accepted`);
}

describe('messages configuration', () => {
  it('given nothing, then the outbox (no SMTP_URL), a local sender, the "default" brand and 600 messages a minute per key', () => {
    expect(loadConfig({})).to.deep.include({
      smtpUrl: undefined,
      mailFrom: 'no-reply@facturacion.local',
      messagesDefaultBrand: 'default',
      messagesRateLimit: 600,
      messagesRateWindowSeconds: 60,
    });
  });

  it('given valid values, then they are read', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'facturas@empresa.com.co',
      MESSAGES_DEFAULT_BRAND: 'empresa-co',
      MESSAGES_RATE_LIMIT: '10',
      MESSAGES_RATE_WINDOW_SECONDS: '1',
    });
    expect(config).to.deep.include({ smtpUrl: 'smtps://user:pass@smtp.example.com:465', mailFrom: 'facturas@empresa.com.co', messagesDefaultBrand: 'empresa-co', messagesRateLimit: 10, messagesRateWindowSeconds: 1 });
  });

  it('given an invalid value, then a ConfigError naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL'],
      [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
      [{ MAIL_FROM: 'Facturas <facturas@x.co>' }, 'MAIL_FROM'],
      [{ MESSAGES_DEFAULT_BRAND: 'Mi Marca' }, 'MESSAGES_DEFAULT_BRAND'],
      [{ MESSAGES_RATE_LIMIT: '0' }, 'MESSAGES_RATE_LIMIT'],
      [{ MESSAGES_RATE_LIMIT: 'many' }, 'MESSAGES_RATE_LIMIT'],
      [{ MESSAGES_RATE_WINDOW_SECONDS: '-1' }, 'MESSAGES_RATE_WINDOW_SECONDS'],
    ];
    for (const [env, variable] of cases) {
      const error = failure(env);
      expect(error.variable, JSON.stringify(env)).to.equal(variable);
      expect(error.message).to.contain(variable);
    }
  });
});
