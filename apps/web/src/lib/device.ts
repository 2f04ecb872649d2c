import { isPhoneUserAgent, WEB_ON_PHONE_COOKIE } from '@parlo/core/devices/phone-apps';
import { useHydrated } from './use-hydrated.ts';

/**
 * Phones are sent to /mobile.html by the server, before any page is served (issue 29; the rule is
 * core's `shouldOfferPhoneApps`). The web app only remembers the device's choice to stay on the web.
 */
export function prefersWebOnPhone(): boolean {
  // No document while the first screens are prerendered at build time (ADR 029).
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${WEB_ON_PHONE_COOKIE}=1`);
}

export function rememberWebOnPhone(): void {
  document.cookie = `${WEB_ON_PHONE_COOKIE}=1; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

/**
 * A phone whose owner chose the web over the apps: its landing offers the apps again near the top. False
 * while a prerendered page is adopted (the build knows no device), then the device's own answer.
 */
export function usePhoneOnTheWeb(): boolean {
  return useHydrated() && isPhoneUserAgent(navigator.userAgent) && prefersWebOnPhone();
}
