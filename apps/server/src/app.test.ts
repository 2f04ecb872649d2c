import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './app.ts';

describe('request logging', () => {
  it('never prints the secret-access key or a reset token', () => {
    expect(withoutSecrets('/api/exercises/4?secret=s3cr3t-value')).toBe('/api/exercises/4?secret=[redacted]');
    expect(withoutSecrets('/api/lessons/1/start?x=1&SECRET=abc&y=2')).toBe(
      '/api/lessons/1/start?x=1&SECRET=[redacted]&y=2',
    );
    expect(withoutSecrets('/reset-password?token=abc.def')).toBe('/reset-password?token=[redacted]');
    expect(withoutSecrets('/api/languages')).toBe('/api/languages');
  });
});
