import { expect } from 'chai';
import { signatureOf, webhookSignature } from '../../../application/webhooks/webhook-signature.ts';

describe('webhook signature (Standard Webhooks)', () => {
  // The example of the Standard Webhooks specification and its reference libraries.
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const timestamp = 1614265330;
  const body = '{"test": 2432232314}';

  it('signs "{id}.{timestamp}.{body}" with HMAC-SHA256 over the decoded secret, as the specification’s example', () => {
    expect(signatureOf(secret, id, timestamp, body)).to.equal('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('changes with any byte of the body, the id or the timestamp', () => {
    const reference = signatureOf(secret, id, timestamp, body);
    expect(signatureOf(secret, id, timestamp, body.replace('2432', '2433'))).to.not.equal(reference);
    expect(signatureOf(secret, `${id}x`, timestamp, body)).to.not.equal(reference);
    expect(signatureOf(secret, id, timestamp + 1, body)).to.not.equal(reference);
  });

  it('lists one signature per valid secret, newest first, separated by a space', () => {
    const other = 'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=';
    expect(webhookSignature([other, secret], id, timestamp, body)).to.equal(`${signatureOf(other, id, timestamp, body)} ${signatureOf(secret, id, timestamp, body)}`);
  });
});
