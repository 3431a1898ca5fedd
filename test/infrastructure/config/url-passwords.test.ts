import { Writable } from 'node:stream';
import { expect } from 'chai';
import { startupFailure } from '../../../api/serving/startup-failure.ts';
import { ConfigError } from '../../../infrastructure/config/config-error.ts';
import { loadConfig } from '../../../infrastructure/config/config.ts';
import { withoutUrlPasswords } from '../../../infrastructure/config/url-passwords.ts';
import { createLogger } from '../../../infrastructure/logging/logger.ts';

const SECRET = 's3cr3t-P4ss';

describe('Passwords of store URLs never printed (infrastructure/config/url-passwords)', () => {
  it('given URLs with a password, parseable or not, anywhere in a text, then each password is ***; the rest is kept', () => {
    expect(withoutUrlPasswords(`kurrentdb://admin:${SECRET}@db:2113?tls=false`)).to.equal('kurrentdb://admin:***@db:2113?tls=false');
    expect(withoutUrlPasswords(`bad "mongodb://user:${SECRET}@" and mongodb+srv://u:p@w:d@cluster/x too`)).to.equal(
      'bad "mongodb://user:***@" and mongodb+srv://u:***@cluster/x too',
    );
    expect(withoutUrlPasswords('mongodb://user@host/db https://host:443/path?a=b:c@d')).to.equal('mongodb://user@host/db https://host:443/path?a=b:c@d');
  });

  it('given a store URL that does not parse, then the configuration error names the setting without the password', () => {
    for (const [name, value] of [['EVENTSTORE_URL', `kurrentdb://admin:${SECRET}@`], ['MONGODB_URL', `mongodb://user:${SECRET}@`], ['DIAN_URL', `https://u:${SECRET}@`]]) {
      const error = (() => {
        try {
          loadConfig({ [name]: value, PROVIDER: name === 'DIAN_URL' ? 'dian' : 'sandbox' });
        } catch (failure) {
          return failure;
        }
        return expect.fail(`${name} was accepted`);
      })();
      expect(error, name).to.be.instanceOf(ConfigError);
      expect((error as Error).message, name).to.contain(name).and.to.contain('://').and.not.to.contain(SECRET);
    }
  });

  it('given an error whose message and stack echo a connection string, then the log line has neither password; other values pass', () => {
    const lines: string[] = [];
    const logger = createLogger('info', new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const error = new Error(`cannot connect to mongodb://app:${SECRET}@mongo:27017/einvoicing`, { cause: new Error(`kurrentdb://admin:${SECRET}@db refused`) });

    logger.error({ err: error }, 'store failed');
    logger.error({ err: 'a plain string' }, 'odd');

    expect(lines.join('')).to.not.contain(SECRET);
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first.err.message).to.contain('mongodb://app:***@mongo:27017/einvoicing');
    expect(first.err.stack).to.contain('mongodb://app:***@mongo');
    expect(second.err).to.equal('a plain string');
  });

  it('given a start-up failure that echoes a connection string, then the line printed has no password', () => {
    const line = startupFailure(new Error(`MongoParseError: Invalid URI mongodb://app:${SECRET}@cluster.example:27017/db`));

    expect(line).to.equal('Start-up failed: MongoParseError: Invalid URI mongodb://app:***@cluster.example:27017/db\n');
    expect(startupFailure('plain')).to.equal('Start-up failed: plain\n');
  });
});
