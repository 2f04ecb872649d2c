/** Phones (not tablets or desktops) are offered the store apps first (SPEC §2 /mobile.html). */
const PHONE_USER_AGENT = /iPhone|iPod|Android.+Mobile|Windows Phone|IEMobile|BlackBerry|Opera Mini/i;

export function isPhoneUserAgent(userAgent: string): boolean {
  return PHONE_USER_AGENT.test(userAgent);
}

// A cookie rather than localStorage: logout wipes local storage (SPEC §4), but this is a device choice.
const WEB_ON_PHONE_COOKIE = 'parlo-web-on-phone';

export function prefersWebOnPhone(): boolean {
  // No document while the first screens are prerendered at build time (ADR 029).
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${WEB_ON_PHONE_COOKIE}=1`);
}

export function rememberWebOnPhone(): void {
  document.cookie = `${WEB_ON_PHONE_COOKIE}=1; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

/** Pages a phone user may still need in the browser: legal text and the mailed password-reset link. */
const PAGES_OPEN_ON_PHONES = ['/mobile.html', '/reset-password', '/terms', '/privacy', '/contacts'];

export function shouldOfferPhoneApps(pathname: string, userAgent: string, webChosen: boolean): boolean {
  return isPhoneUserAgent(userAgent) && !webChosen && !PAGES_OPEN_ON_PHONES.includes(pathname);
}
