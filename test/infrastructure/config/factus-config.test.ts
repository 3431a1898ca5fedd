import { expect } from 'chai';
import { ConfigError } from '../../../infrastructure/config/config-error.ts';
import { loadConfig } from '../../../infrastructure/config/config.ts';

const FACTUS = {
  PROVIDER: 'factus',
  FACTUS_URL: 'https://api-sandbox.factus.com.co/',
  FACTUS_CLIENT_ID: 'client-id',
  FACTUS_CLIENT_SECRET: 'client-secret',
  FACTUS_USERNAME: 'sandbox@factus.com.co',
  FACTUS_PASSWORD: 'sandbox-password',
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  expect.fail(`${JSON.stringify(env)} was accepted`);
}

describe('loadConfig: provider', () => {
  it('given no PROVIDER, then the built-in sandbox (FACTUS_* are not needed)', () => {
    const config = loadConfig({});
    expect(config.provider).to.equal('sandbox');
    expect(config.factus).to.equal(undefined);
  });

  it('given PROVIDER=factus and every setting, then the Factus account (trailing slash dropped), 30 s timeout, 80 requests a minute', () => {
    expect(loadConfig(FACTUS).factus).to.deep.equal({
      url: 'https://api-sandbox.factus.com.co',
      clientId: 'client-id',
      clientSecret: 'client-secret',
      username: 'sandbox@factus.com.co',
      password: 'sandbox-password',
      timeoutMs: 30_000,
      requestsPerMinute: 80,
    });
    expect(loadConfig({ ...FACTUS, FACTUS_TIMEOUT_MS: '5000', FACTUS_REQUESTS_PER_MINUTE: '40' }).factus).to.include({ timeoutMs: 5000, requestsPerMinute: 40 });
  });

  for (const missing of ['FACTUS_URL', 'FACTUS_CLIENT_ID', 'FACTUS_CLIENT_SECRET', 'FACTUS_USERNAME', 'FACTUS_PASSWORD']) {
    it(`given PROVIDER=factus without ${missing}, then a ConfigError names ${missing}`, () => {
      const error = configError({ ...FACTUS, [missing]: '' });
      expect(error.variable).to.equal(missing);
      expect(error.message).to.equal(`${missing}: is required when PROVIDER=factus`);
    });
  }

  it('given several settings missing, then the message names them all', () => {
    const error = configError({ PROVIDER: 'factus', FACTUS_URL: 'https://api.factus.com.co' });
    expect(error.variable).to.equal('FACTUS_CLIENT_ID');
    expect(error.message).to.contain('FACTUS_CLIENT_SECRET, FACTUS_USERNAME, FACTUS_PASSWORD');
  });

  for (const [variable, value] of [
    ['PROVIDER', 'carvajal'],
    ['FACTUS_URL', 'not a url'],
    ['FACTUS_URL', 'ftp://api.factus.com.co'],
    ['FACTUS_TIMEOUT_MS', 'soon'],
    ['FACTUS_TIMEOUT_MS', '10'],
    ['FACTUS_REQUESTS_PER_MINUTE', '81'],
    ['FACTUS_REQUESTS_PER_MINUTE', '0'],
  ] as const) {
    it(`given ${variable}="${value}", then a ConfigError names ${variable}`, () => {
      const error = configError({ ...FACTUS, [variable]: value });
      expect(error.variable).to.equal(variable);
      expect(error.message.startsWith(`${variable}: `)).to.equal(true);
    });
  }
});
