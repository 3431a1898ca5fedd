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

  it('given the other side gone, then every question waiting fails at once with the reason, and a later one waits as usual', async () => {
    const questions = new PendingAnswers('the workers thread', 60_000);
    const sent: number[] = [];
    const outcomes = [questions.ask((id) => sent.push(id)), questions.ask((id) => sent.push(id))].map((asked) =>
      asked.then(
        () => 'answered',
        (error: Error) => error.message,
      ),
    );
    questions.failAll(new Error('the workers thread crashed'));
    expect(await Promise.all(outcomes)).to.deep.equal(['the workers thread crashed', 'the workers thread crashed']);
    const later = questions.ask<string>((id) => sent.push(id));
    questions.answer(sent[2], 'fine');
    expect(await later).to.equal('fine');
  });

  it('given an answer for an id nobody asked, then nothing happens', () => {
    expect(() => new PendingAnswers('x', 10).answer(42, 'stray')).to.not.throw();
  });
});
