import { describe, expect, it } from 'vitest';
import { parsePushMessage } from './push-message.ts';

describe('parsePushMessage', () => {
  it('reads the server’s payload', () => {
    const text = JSON.stringify({
      title: 'Parlo',
      body: 'Пора на урок',
      url: '/dashboard',
      notificationId: 7,
    });
    expect(parsePushMessage(text)).toEqual({
      title: 'Parlo',
      body: 'Пора на урок',
      url: '/dashboard',
      notificationId: 7,
    });
  });
  it('never opens another site, and shows something for a foreign push', () => {
    expect(parsePushMessage(JSON.stringify({ url: 'https://evil.example/' })).url).toBe('/dashboard');
    expect(parsePushMessage(JSON.stringify({ url: '//evil.example/' })).url).toBe('/dashboard');
    expect(parsePushMessage('plain words')).toMatchObject({ title: 'Parlo', body: 'plain words' });
    expect(parsePushMessage(null).title).toBe('Parlo');
  });
});
