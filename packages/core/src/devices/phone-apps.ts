/**
 * SPEC §2 /mobile.html: phones (not tablets or desktops) are offered the store apps before the web app.
 * One rule for the server, which redirects a phone's first request before sending any page, and for the
 * web app, which applies it when the service worker answered the navigation instead (issue 29, items 6–7).
 */
const PHONE_USER_AGENT = /iPhone|iPod|Android.+Mobile|Windows Phone|IEMobile|BlackBerry|Opera Mini/i;

export function isPhoneUserAgent(userAgent: string): boolean {
  return PHONE_USER_AGENT.test(userAgent);
}

/** The app offer's own address. */
export const PHONE_APPS_PATH = '/mobile.html';

/**
 * The device's choice to stay on the web, kept in a cookie rather than local storage: logout wipes local
 * storage (SPEC §4), but this is a device choice. The server reads it too.
 */
export const WEB_ON_PHONE_COOKIE = 'parlo-web-on-phone';

/**
 * Pages a phone must reach in the browser: the app offer itself, legal texts, and everything a mail or a
 * forgotten password leads to (the apps cannot open a reset or unsubscribe link).
 */
const PAGES_OPEN_ON_PHONES = new Set([
  PHONE_APPS_PATH,
  '/passrecovery',
  '/reset-password',
  '/unsubscribe',
  '/terms',
  '/privacy',
  '/contacts',
]);

export interface PhoneVisit {
  pathname: string;
  /** The query string (`?token=…` or empty): a link carrying a token came from a mail. */
  search: string;
  userAgent: string;
  /** The device chose "continue on the web" (WEB_ON_PHONE_COOKIE). */
  webChosen: boolean;
  /** A store listing is configured (APP_STORE_URL or PLAY_STORE_URL): without one there is no app to offer. */
  appsListed: boolean;
}

/** Whether this visit goes to /mobile.html instead of the page asked for. */
export function shouldOfferPhoneApps(visit: PhoneVisit): boolean {
  if (!visit.appsListed || visit.webChosen || !isPhoneUserAgent(visit.userAgent)) return false;
  const path = visit.pathname.length > 1 ? visit.pathname.replace(/\/+$/, '') : visit.pathname;
  if (PAGES_OPEN_ON_PHONES.has(path)) return false;
  return !new URLSearchParams(visit.search).has('token');
}
