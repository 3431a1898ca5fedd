import { expect } from 'chai';
import { PendingAnswers } from '../../../infrastructure/runtime/pending-answers.ts';

describe('PendingAnswers', () => {
  it('given two questions answered out of order, then each gets the answer that carries its id', async () => {
    const questions = new PendingAnswers('the other side', 1_000);
    const sent: number[] = [];
    const first = questions.ask<string>((id) => sent.push(id));
    const second = questions.ask<string>((id) => sent.push(id));
    expect(sent).to.have.length(2);
    expect(sent[0]).to.not.equal(sent[1]);
    questions.answer(sent[1], 'second');
    questions.answer(sent[0], 'first');
    expect(await first).to.equal('first');
    expect(await second).to.equal('second');
  });

  it('given no answer in time, then the question fails naming who did not answer, and a late answer is ignored', async () => {
    const questions = new PendingAnswers('the supervisor process', 20);
    let sentId = 0;
    const asked = questions.ask((id) => (sentId = id));
    const error = await asked.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.equal('the supervisor process did not answer');
    expect(() => questions.answer(sentId, 'late')).to.not.throw();
  });

  it('given an answer for an id nobody asked, then nothing happens', () => {
    expect(() => new PendingAnswers('x', 10).answer(42, 'stray')).to.not.throw();
  });
});
