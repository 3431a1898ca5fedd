import { expect } from 'chai';
import {
  MongoClientClosedError,
  MongoInvalidArgumentError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  MongoWriteConcernError,
  type TopologyDescription,
} from 'mongodb';
import { isStoreUnavailable, StoreUnavailableError } from '../../../application/ports/store-errors.ts';
import { guardMongo, isTransientMongoError } from '../../../infrastructure/mongodb/transient-mongo-error.ts';

const serverError = (code: number, codeName: string, errorLabels?: string[]) => new MongoServerError({ ok: 0, code, codeName, errmsg: codeName, ...(errorLabels && { errorLabels }) });

describe('MongoDB errors: transient or not', () => {
  it('given network, timeout, server-selection and not-connected errors, then transient', () => {
    const transient = [
      new MongoNetworkError('connection 3 to 10.0.0.5:27017 closed'),
      new MongoNetworkTimeoutError('connection 3 to 10.0.0.5:27017 timed out'),
      new MongoServerSelectionError('Server selection timed out after 30000 ms', {} as TopologyDescription),
      new MongoNotConnectedError('Client must be connected before running operations'),
      new MongoServerClosedError(),
      new MongoOperationTimeoutError('Timed out during socket read (5000ms)'),
    ];
    for (const error of transient) expect(isTransientMongoError(error, false), error.name).to.equal(true);
  });

  it('given a closed topology or client, then transient unless the store closed it itself', () => {
    for (const error of [new MongoTopologyClosedError(), new MongoClientClosedError()]) {
      expect(isTransientMongoError(error, false), error.name).to.equal(true);
      expect(isTransientMongoError(error, true), `${error.name} after our close()`).to.equal(false);
    }
  });

  it('given server errors of a node that cannot answer now, then transient', () => {
    const codes: Array<[number, string]> = [
      [6, 'HostUnreachable'],
      [7, 'HostNotFound'],
      [89, 'NetworkTimeout'],
      [91, 'ShutdownInProgress'],
      [189, 'PrimarySteppedDown'],
      [262, 'ExceededTimeLimit'],
      [9001, 'SocketException'],
      [10107, 'NotWritablePrimary'],
      [11600, 'InterruptedAtShutdown'],
      [11602, 'InterruptedDueToReplStateChange'],
      [13435, 'NotPrimaryNoSecondaryOk'],
      [13436, 'NotPrimaryOrSecondary'],
    ];
    for (const [code, name] of codes) expect(isTransientMongoError(serverError(code, name), false), `${code} ${name}`).to.equal(true);
    const writeConcern = new MongoWriteConcernError({ ok: 1, writeConcernError: { code: 91, codeName: 'ShutdownInProgress', errmsg: 'shutting down' } });
    expect(isTransientMongoError(writeConcern, false)).to.equal(true);
  });

  it('given any error labelled retryable, transient-transaction or reset-pool, then transient whatever its code', () => {
    for (const label of ['RetryableWriteError', 'TransientTransactionError', 'ResetPool']) {
      expect(isTransientMongoError(serverError(2, 'BadValue', [label]), false), label).to.equal(true);
    }
  });

  it('given errors that retrying cannot fix, then not transient', () => {
    const lasting = [
      serverError(11000, 'DuplicateKey'),
      serverError(2, 'BadValue'),
      serverError(13, 'Unauthorized'),
      serverError(18, 'AuthenticationFailed'),
      new MongoInvalidArgumentError('Argument "filter" must be an object'),
      new Error('not from the driver'),
      'a string',
      undefined,
    ];
    for (const error of lasting) expect(isTransientMongoError(error, false), String((error as Error)?.message ?? error)).to.equal(false);
  });
});

describe('guardMongo', () => {
  it('given a transient failure, then StoreUnavailableError for the read models, naming the operation, with the driver error as cause', async () => {
    const cause = new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017');
    const error = await guardMongo('read models', 'find on rm_documents', () => false, () => Promise.reject(cause)).then(
      () => expect.fail('should fail'),
      (failure: unknown) => failure,
    );
    expect(error).to.be.instanceOf(StoreUnavailableError);
    expect(error).to.include({ store: 'read models', cause });
    expect((error as Error).message).to.equal('read models unavailable: MongoDB find on rm_documents: connect ECONNREFUSED 127.0.0.1:27017');
    expect(isStoreUnavailable(error)).to.equal(true);
  });

  it('given a lasting failure or a closed store, then the error passes through unchanged', async () => {
    const duplicate = serverError(11000, 'DuplicateKey');
    expect(await guardMongo('read models', 'upsert', () => false, () => Promise.reject(duplicate)).catch((error: unknown) => error)).to.equal(duplicate);
    const closed = new MongoTopologyClosedError();
    expect(await guardMongo('read models', 'get', () => true, () => Promise.reject(closed)).catch((error: unknown) => error)).to.equal(closed);
    expect(await guardMongo('read models', 'ping', () => false, async () => 'answer')).to.equal('answer');
  });
});
