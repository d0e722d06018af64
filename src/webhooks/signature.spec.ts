import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signatureHeader } from './signature';

describe('webhook signatures', () => {
  it('makes secrets of 32 random bytes behind whsec_', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
  });

  it('signs as the Standard Webhooks reference library verifies', () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ id: 'evt_1', type: 'document.updated', title: 'Déjà vu 数据库' });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secret, 'evt_1', timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('gives a signature the reference library refuses for another body, id or key', () => {
    const secret = newSigningSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signatureHeader(secret, 'evt_1', timestamp, '{"a":1}');
    const headers = (id: string) => ({
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    });
    expect(() => new Webhook(secret).verify('{"a":2}', headers('evt_1'))).toThrow();
    expect(() => new Webhook(secret).verify('{"a":1}', headers('evt_2'))).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify('{"a":1}', headers('evt_1'))).toThrow();
  });

  it('matches a known answer', () => {
    // Key: 32 bytes 0x01; the value is what `openssl dgst -sha256 -mac HMAC` gives.
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect(signatureHeader(secret, 'evt_x', 1700000000, '{}')).toBe(
      'v1,bXAIOctFVgCFaIpjM9IhxfulmG9uV4xcNiV2ESEwQ7Q=',
    );
  });
});
