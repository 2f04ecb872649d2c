import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, kept for this tab across reloads (as the browser does). */
const STORAGE_KEY = 'parlo:scroll-positions';
const positions = new Map<string, number>(readPositions());

function readPositions(): Array<[string, number]> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? (saved as Array<[string, number]>) : [];
  } catch {
    return []; // No session storage (private mode, blocked): positions live until the tab reloads.
  }
}

function savePositions(): void {
  try {
    // The last 50 entries: enough for back and forward, bounded for a long session.
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // As above: nothing to keep them in.
  }
}

/** The history entry on screen; scrolling is recorded for it. */
let currentKey: string | null = null;

function recordScroll(): void {
  if (currentKey !== null) positions.set(currentKey, window.scrollY);
}

/**
 * React Router's <ScrollRestoration> belongs to its data router, which the app does not load (ADR 028):
 * a new screen starts at its top (or at the #section its address names), and back/forward or a reload
 * returns to where that screen was left. Positions are recorded as the page scrolls: by the time React
 * renders the next screen, the previous one's DOM (and so its scroll height) is already gone.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () => {
      recordScroll();
      savePositions();
    };
    window.addEventListener('scroll', recordScroll, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', recordScroll);
      window.removeEventListener('pagehide', keep);
    };
  }, []);

  // An address opened afresh has no history state, so every such entry is 'default': its path tells
  // them apart.
  const entryKey =
    location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;

  useLayoutEffect(() => {
    currentKey = entryKey;
    const saved = positions.get(entryKey);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [entryKey, location.hash, navigationType]);
}
