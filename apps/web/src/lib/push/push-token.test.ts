import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, parseSentPushToken, shouldSendPushToken } from './push-token.ts';

describe('push token (SPEC §4: sent when changed, at most every 60,000 ms)', () => {
  const at = 1_800_000_000_000;
  it('sends the first token and a changed one after a minute', () => {
    expect(shouldSendPushToken('a', null, at)).toBe(true);
    expect(shouldSendPushToken('b', { token: 'a', sentAt: at }, at + 60_000)).toBe(true);
  });
  it('does not resend the same token, nor a changed one within 60 s', () => {
    expect(shouldSendPushToken('a', { token: 'a', sentAt: at }, at + 3_600_000)).toBe(false);
    expect(shouldSendPushToken('b', { token: 'a', sentAt: at }, at + 59_999)).toBe(false);
  });
  it('reads a broken record as never sent', () => {
    expect(parseSentPushToken('{oops')).toBeNull();
    expect(parseSentPushToken('{"token":1}')).toBeNull();
    expect(parseSentPushToken(JSON.stringify({ token: 'a', sentAt: at }))).toEqual({
      token: 'a',
      sentAt: at,
    });
  });
  it('decodes a base64url VAPID key', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
