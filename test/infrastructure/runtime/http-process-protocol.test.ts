import { expect } from 'chai';
import { isToHttpProcess, isToSupervisor } from '../../../infrastructure/runtime/http-processes/http-process-protocol.ts';

describe('HTTP process messages', () => {
  it('given the messages of the supervisor and its HTTP processes, then they are told apart from anything else on the channel', () => {
    expect(isToSupervisor({ type: 'http-process:appended' })).to.equal(true);
    expect(isToHttpProcess({ type: 'http-process:own-metrics?', id: 3 })).to.equal(true);
    // Node's cluster sends its own messages on the same channel; they are not ours.
    for (const other of [{ cmd: 'NODE_CLUSTER', act: 'online' }, { type: 'appended' }, 'http-process:appended', null, 42, { type: 7 }]) {
      expect(isToSupervisor(other), JSON.stringify(other)).to.equal(false);
      expect(isToHttpProcess(other), JSON.stringify(other)).to.equal(false);
    }
  });
});
