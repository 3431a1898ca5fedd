import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError } from '../../../infrastructure/config/config-error.ts';
import { loadConfig } from '../../../infrastructure/config/config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  expect.fail(`${JSON.stringify(env)} was accepted`);
}

describe('loadConfig', () => {
  it('given an empty environment, then the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).to.include({ port: 3000, dataDir: resolve('./data'), logLevel: 'info', sandboxDelayMs: 50 });
    expect(config.eventStoreUrl).to.equal(undefined);
    expect(config.mongodbUrl).to.equal(undefined);
    expect(config.workersNice).to.equal(0);
    expect(config.httpProcesses).to.equal(1);
    expect(config.pollIntervalMs).to.equal(250);
    expect(config.projectionsAutoRebuild).to.equal(true);
    expect(config.renderThreads).to.equal(Math.min(4, Math.max(1, availableParallelism() - 1)));
  });

  it('given valid values, then they are read (DATA_DIR resolved to an absolute path)', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: 'tmp/x',
      LOG_LEVEL: 'debug',
      SANDBOX_DELAY_MS: '0',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGODB_URL: 'mongodb://localhost:27017/fe',
      WORKERS_NICE: '10',
      HTTP_PROCESSES: '2',
      EVENTSTORE_POLL_MS: '1000',
      PROJECTIONS_AUTO_REBUILD: 'false',
      RENDER_THREADS: '0',
    });
    expect(config).to.include({
      renderThreads: 0,
      projectionsAutoRebuild: false,
      workersNice: 10,
      httpProcesses: 2,
      pollIntervalMs: 1000,
      port: 8080,
      dataDir: resolve('tmp/x'),
      logLevel: 'debug',
      sandboxDelayMs: 0,
      eventStoreUrl: 'esdb://localhost:2113?tls=false',
      mongodbUrl: 'mongodb://localhost:27017/fe',
    });
  });

  it('given empty strings, then the defaults apply', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '', EVENTSTORE_URL: '', DATA_DIR: '' })).to.include({ port: 3000, logLevel: 'info', dataDir: resolve('./data') });
  });

  for (const [variable, value] of [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['LOG_LEVEL', 'loud'],
    ['EVENTSTORE_URL', 'not a url'],
    ['EVENTSTORE_URL', 'http://x'],
    ['MONGODB_URL', 'postgres://x'],
    ['MONGODB_URL', 'nonsense'],
    ['SANDBOX_DELAY_MS', '-1'],
    ['SANDBOX_DELAY_MS', 'soon'],
    ['EVENTSTORE_NAMESPACE', 'has-dash_'],
    ['EVENTSTORE_NAMESPACE', 'noUnderscore'],
    ['EVENTSTORE_MAX_APPEND_BYTES', '1000'],
    ['RECONNECT_GRACE_S', '0'],
    ['RECONNECT_GRACE_S', 'a minute'],
    ['SECRETS_KEY', 'too short'],
    ['SECRETS_KEY', 'ab'.repeat(31)],
    ['WORKERS_NICE', '20'],
    ['WORKERS_NICE', '-5'],
    ['WORKERS_NICE', 'low'],
    ['HTTP_PROCESSES', '0'],
    ['HTTP_PROCESSES', '65'],
    ['HTTP_PROCESSES', 'two'],
    ['EVENTSTORE_POLL_MS', '5'],
    ['EVENTSTORE_POLL_MS', 'often'],
    ['RENDER_THREADS', '65'],
    ['RENDER_THREADS', 'two'],
    ['PROJECTIONS_AUTO_REBUILD', 'yes'],
  ] as const) {
    it(`given ${variable}="${value}", then a ConfigError names ${variable}`, () => {
      const error = configError({ [variable]: value });
      expect(error.variable).to.equal(variable);
      expect(error.message.startsWith(`${variable}: `)).to.equal(true);
      expect(error.name).to.equal('ConfigError');
    });
  }

  it('given the production stores, then kurrent:// and kurrentdb:// are accepted, with a namespace, an append limit and a grace period', () => {
    for (const url of ['kurrent://db:2113?tls=false', 'kurrentdb://db:2113?tls=false', 'kurrentdb+discover://db:2113', 'esdb://db:2113?tls=false']) {
      expect(loadConfig({ EVENTSTORE_URL: url }).eventStoreUrl).to.equal(url);
    }
    const config = loadConfig({ EVENTSTORE_NAMESPACE: 'staging_', EVENTSTORE_MAX_APPEND_BYTES: '2097152', RECONNECT_GRACE_S: '90' });
    expect(config).to.include({ eventStoreNamespace: 'staging_', maxAppendBytes: 2_097_152, reconnectGraceMs: 90_000 });
    expect(loadConfig({})).to.include({ maxAppendBytes: 1_048_576, reconnectGraceMs: 60_000, eventStoreNamespace: undefined });
  });

  it('given SECRETS_KEY as 64 hexadecimal digits or 32 bytes of base64, then the same 32-byte key', () => {
    const hex = '0f'.repeat(32);
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey?.toString('hex')).to.equal(hex);
    expect(loadConfig({ SECRETS_KEY: Buffer.from(hex, 'hex').toString('base64') }).secretsKey?.toString('hex')).to.equal(hex);
    expect(loadConfig({}).secretsKey).to.equal(undefined);
  });

  it('given SECRETS_KEY_PREVIOUS, then the keys SECRETS_KEY replaced, in order; a bad one is named by its place, and it needs SECRETS_KEY and must not repeat it', () => {
    const [current, first, second] = ['0f'.repeat(32), '1e'.repeat(32), '2d'.repeat(32)];
    const previous = loadConfig({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: `${first}, ${Buffer.from(second, 'hex').toString('base64')}` }).secretsKeysPrevious;
    expect(previous.map((key) => key.toString('hex'))).to.deep.equal([first, second]);
    expect(loadConfig({ SECRETS_KEY: current }).secretsKeysPrevious).to.deep.equal([]);

    expect(configError({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: `${first},abc` }).message).to.equal(
      'SECRETS_KEY_PREVIOUS: key 2 of 2 is not 32 random bytes as 64 hexadecimal digits or base64 (make one with `openssl rand -base64 32`); separate keys with commas',
    );
    expect(configError({ SECRETS_KEY_PREVIOUS: first }).message).to.contain('SECRETS_KEY is not');
    expect(configError({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: current }).message).to.contain('is SECRETS_KEY itself');
  });

  describe('<NAME>_FILE for the settings that hold secrets', () => {
    let dir: string;
    const file = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'einvoicing-secret-files-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('reads the secret from the file without its final line break, as if the variable held it', () => {
      const key = '0f'.repeat(32);
      const config = loadConfig({
        SECRETS_KEY_FILE: file('key', `${key}\n`),
        SECRETS_KEY_PREVIOUS_FILE: file('previous', `${'1e'.repeat(32)}\r\n`),
        MONGODB_URL_FILE: file('mongo', 'mongodb://app:p%40ss@db:27017/einvoicing'),
      });

      expect(config.secretsKey?.toString('hex')).to.equal(key);
      expect(config.secretsKeysPrevious.map((each) => each.toString('hex'))).to.deep.equal(['1e'.repeat(32)]);
      expect(config.mongodbUrl).to.equal('mongodb://app:p%40ss@db:27017/einvoicing');
    });

    it('refuses a missing, empty, oversized or non-regular file, or the variable set beside its file, naming the variable and never the contents', () => {
      const secret = 'mongodb://app:hunter2@db:27017/x';
      const messages = [
        configError({ MONGODB_URL_FILE: join(dir, 'absent') }).message,
        configError({ MONGODB_URL_FILE: file('empty', '\n') }).message,
        configError({ MONGODB_URL_FILE: file('large', 'x'.repeat(70_000)) }).message,
        configError({ MONGODB_URL_FILE: dir }).message,
        configError({ MONGODB_URL_FILE: file('mongo', secret), MONGODB_URL: secret }).message,
        configError({ MONGODB_URL_FILE: file('bad', 'postgres://app:hunter2@db/x') }).message,
      ];

      expect(messages.slice(0, 5)).to.deep.equal([
        `MONGODB_URL_FILE: ${join(dir, 'absent')} does not exist`,
        `MONGODB_URL_FILE: ${join(dir, 'empty')} is empty`,
        `MONGODB_URL_FILE: ${join(dir, 'large')} holds 70000 bytes, more than a secret's 65536`,
        `MONGODB_URL_FILE: ${dir} is not a regular file`,
        'MONGODB_URL_FILE: is set and so is MONGODB_URL: set one of them',
      ]);
      expect(messages[5]).to.match(/^MONGODB_URL: must use one of the schemes/);
      for (const message of messages) expect(message).to.not.contain('hunter2');
    });
  });

  it('given a value out of range, then the message says the range and the value', () => {
    expect(configError({ PORT: '70000' }).message).to.contain('65535').and.to.contain('70000');
  });

  it('given a URL with the wrong scheme, then the message lists the accepted schemes', () => {
    const message = configError({ MONGODB_URL: 'postgres://x' }).message;
    expect(message).to.contain('mongodb').and.to.contain('"postgres"');
  });
});
