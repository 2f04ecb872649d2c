import { describe, expect, it } from 'vitest';
import { shouldOfferPhoneApps, type PhoneVisit } from './phone-apps.ts';

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const androidPhone =
  'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const androidTablet =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const phoneAtHome: PhoneVisit = {
  pathname: '/',
  search: '',
  userAgent: iPhone,
  webChosen: false,
  appsListed: true,
};

describe('shouldOfferPhoneApps', () => {
  it('sends phones to the app offer when a store listing is configured', () => {
    expect(shouldOfferPhoneApps(phoneAtHome)).toBe(true);
    expect(shouldOfferPhoneApps({ ...phoneAtHome, userAgent: androidPhone, pathname: '/login' })).toBe(true);
  });

  it('leaves tablets and desktops alone', () => {
    expect(shouldOfferPhoneApps({ ...phoneAtHome, userAgent: androidTablet })).toBe(false);
    expect(shouldOfferPhoneApps({ ...phoneAtHome, userAgent: desktop })).toBe(false);
  });

  it('keeps phones on the web when no store listing is configured (no app to offer)', () => {
    expect(shouldOfferPhoneApps({ ...phoneAtHome, appsListed: false })).toBe(false);
  });

  it('keeps phones on the web once the device chose it', () => {
    expect(shouldOfferPhoneApps({ ...phoneAtHome, webChosen: true })).toBe(false);
  });

  it('never redirects a link carrying a token, the recovery pages or the offer itself', () => {
    for (const [pathname, search] of [
      ['/reset-password', '?token=abc'],
      ['/unsubscribe', '?token=abc'],
      ['/dashboard', '?token=abc'],
      ['/', '?x=1&token=abc'],
      ['/passrecovery', ''],
      ['/passrecovery/', ''],
      ['/reset-password', ''],
      ['/mobile.html', ''],
      ['/terms', ''],
    ] as const) {
      expect(shouldOfferPhoneApps({ ...phoneAtHome, pathname, search }), `${pathname}${search}`).toBe(false);
    }
  });
});
