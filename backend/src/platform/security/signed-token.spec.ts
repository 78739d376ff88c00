import { signToken, verifyToken } from './signed-token';

const secret = 's'.repeat(32);

describe('signed tokens', () => {
  it('gives back the value of a token it signed', () => {
    expect(verifyToken(secret, 'unsubscribe', signToken(secret, 'unsubscribe', 'abc123'))).toBe('abc123');
  });

  it('refuses an altered value, another purpose, another secret and garbage', () => {
    const token = signToken(secret, 'unsubscribe', 'abc123');
    expect(verifyToken(secret, 'unsubscribe', token.replace('abc123', 'abc124'))).toBeUndefined();
    expect(verifyToken(secret, 'restore-cart', token)).toBeUndefined();
    expect(verifyToken('t'.repeat(32), 'unsubscribe', token)).toBeUndefined();
    expect(verifyToken(secret, 'unsubscribe', token.slice(0, -2))).toBeUndefined();
    expect(verifyToken(secret, 'unsubscribe', 'nodot')).toBeUndefined();
    expect(verifyToken(secret, 'unsubscribe', '.onlymac')).toBeUndefined();
  });
});
