import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneToSend } from './time-zone.ts';

describe('time zone sync', () => {
  it('sends the browser zone only when it differs from the stored one', () => {
    expect(timeZoneToSend('Asia/Tokyo', 'UTC')).toBe('Asia/Tokyo');
    expect(timeZoneToSend('Asia/Tokyo', 'Asia/Tokyo')).toBeNull();
    expect(timeZoneToSend(null, 'UTC')).toBeNull();
  });
  it('reads a zone Intl knows from the browser', () => {
    const zone = browserTimeZone();
    expect(zone === null || Intl.supportedValuesOf('timeZone').concat('UTC').includes(zone)).toBe(true);
  });
});
