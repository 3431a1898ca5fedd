import { expect } from 'chai';
import { CheckpointTracker } from '../../../application/subscriptions/checkpoint-tracker.ts';

describe('CheckpointTracker', () => {
  it('given no checkpoint and nothing handled, then the position is undefined', () => {
    const tracker = new CheckpointTracker(undefined);
    expect(tracker.position).to.equal(undefined);
    expect(tracker.pending).to.equal(0);
  });

  it('given a start position, when nothing finished yet, then the position stays at the start', () => {
    const tracker = new CheckpointTracker(7n);
    tracker.started(9n);
    expect(tracker.position).to.equal(7n);
    expect(tracker.pending).to.equal(1);
  });

  it('given events finishing in order, then the position follows the last one', () => {
    const tracker = new CheckpointTracker(undefined);
    tracker.started(1n);
    tracker.started(4n);
    tracker.finished(1n);
    expect(tracker.position).to.equal(1n);
    tracker.finished(4n);
    expect(tracker.position).to.equal(4n);
    expect(tracker.pending).to.equal(0);
  });

  it('given later events finishing before an earlier one, then the position never passes the unfinished event', () => {
    const tracker = new CheckpointTracker(2n);
    for (const position of [3n, 5n, 8n, 9n]) tracker.started(position);
    tracker.finished(5n);
    tracker.finished(9n);
    expect(tracker.position).to.equal(2n);
    tracker.finished(3n);
    expect(tracker.position).to.equal(5n);
    tracker.finished(8n);
    expect(tracker.position).to.equal(9n);
  });

  it('given a position that never started, when finished, then nothing moves', () => {
    const tracker = new CheckpointTracker(2n);
    tracker.started(3n);
    tracker.finished(42n);
    expect(tracker.position).to.equal(2n);
    expect(tracker.pending).to.equal(1);
  });
});
