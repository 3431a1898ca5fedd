import { expect } from 'chai';
import { httpProcessExecArgv, SINGLE_THREADED_GC } from '../../../infrastructure/runtime/http-processes/http-process-exec-argv.ts';

describe('httpProcessExecArgv: the Node options of the HTTP processes', () => {
  const supervisor = ['--import', 'tsx'];

  it('given as many HTTP processes as cores, then they run the GC without helper threads, after the supervisor’s own options', () => {
    expect(httpProcessExecArgv(2, supervisor, 2)).to.deep.equal(['--import', 'tsx', SINGLE_THREADED_GC]);
  });

  it('given more HTTP processes than cores, then too', () => {
    expect(httpProcessExecArgv(4, supervisor, 2)).to.deep.equal(['--import', 'tsx', SINGLE_THREADED_GC]);
  });

  it('given fewer HTTP processes than cores, then they keep the supervisor’s options and V8’s parallel GC', () => {
    expect(httpProcessExecArgv(2, supervisor, 4)).to.deep.equal(['--import', 'tsx']);
  });

  it('given a supervisor already started with the flag, then it is not given twice', () => {
    expect(httpProcessExecArgv(2, [SINGLE_THREADED_GC], 2)).to.deep.equal([SINGLE_THREADED_GC]);
  });

  it('never changes the supervisor’s list', () => {
    const own = ['--import', 'tsx'];
    httpProcessExecArgv(2, own, 2);
    expect(own).to.deep.equal(['--import', 'tsx']);
  });
});
