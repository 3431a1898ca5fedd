import { expect } from 'chai';
import {
  MongoError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoWriteConcernError,
  type TopologyDescription,
} from 'mongodb';
import { isTransientMongoError } from '../../../infrastructure/mongodb/transient-mongo-error.ts';

const serverError = (code: number, errorLabels?: string[]) => new MongoServerError({ message: `code ${code}`, code, errorLabels });

describe('MongoDB driver errors: transient or not', () => {
  it('given the network, server selection or a client not connected, then transient', () => {
    const topology = { error: new MongoError('connect ECONNREFUSED 127.0.0.1:27017') } as unknown as TopologyDescription;
    const selection = new MongoServerSelectionError('Server selection timed out after 30000 ms', topology);
    const errors = [new MongoNetworkError('connection reset'), new MongoNetworkTimeoutError('timed out'), selection, new MongoNotConnectedError('not connected')];
    expect(errors.map(isTransientMongoError)).to.deep.equal([true, true, true, true]);
  });

  it('given each listed server code (stepdowns, shutdowns, unreachable hosts, time limits), then transient', () => {
    const codes = [6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436];
    expect(codes.filter((code) => !isTransientMongoError(serverError(code)))).to.deep.equal([]);
  });

  it('given a write concern error of a shutdown, then transient through its code', () => {
    const error = new MongoWriteConcernError({ ok: 1, writeConcernError: { code: 91, errmsg: 'interrupted at shutdown' } });
    expect(isTransientMongoError(error)).to.equal(true);
  });

  it('given a retryable, transient-transaction or reset-pool label on any code, then transient', () => {
    const labelled = ['RetryableWriteError', 'TransientTransactionError', 'ResetPool'].map((label) => serverError(1, [label]));
    const driverError = new MongoError('pool cleared');
    driverError.addErrorLabel('ResetPool');
    expect([...labelled, driverError].map(isTransientMongoError)).to.deep.equal([true, true, true, true]);
  });

  it('given a duplicate key, a validation failure, a driver error without label or a plain error, then not transient', () => {
    const errors = [serverError(11000), serverError(121), serverError(2, ['NoWritesPerformed']), new MongoError('bad option'), new Error('bug'), undefined];
    expect(errors.map(isTransientMongoError)).to.deep.equal([false, false, false, false, false, false]);
  });
});
