import { expect } from 'chai';
import { ConfigError } from '../../../infrastructure/config/config-error.ts';
import { loadConfig } from '../../../infrastructure/config/config.ts';

describe('Integrations: rate-limit configuration', () => {
  it('given nothing, then 600 requests per key every 60 s', () => {
    expect(loadConfig({})).to.include({ integrationsRateLimit: 600, integrationsRateWindowSeconds: 60 });
  });

  it('given values, then they are read', () => {
    expect(loadConfig({ INTEGRATIONS_RATE_LIMIT: '5', INTEGRATIONS_RATE_WINDOW_SECONDS: '1' })).to.include({ integrationsRateLimit: 5, integrationsRateWindowSeconds: 1 });
  });

  it('given an invalid value, then a ConfigError naming the variable', () => {
    for (const [variable, value] of [['INTEGRATIONS_RATE_LIMIT', '0'], ['INTEGRATIONS_RATE_LIMIT', 'lots'], ['INTEGRATIONS_RATE_WINDOW_SECONDS', '-1'], ['INTEGRATIONS_RATE_WINDOW_SECONDS', '86401']]) {
      expect(() => loadConfig({ [variable]: value }), `${variable}=${value}`).to.throw(ConfigError).with.property('variable', variable);
    }
  });
});
