import type { ManifestOptions } from 'vite-plugin-pwa';
import { paths } from '../config/paths.ts';

/**
 * The web app manifest (issue 17): what a browser needs to offer "Install Parlo". Icons are rendered from
 * the logo by scripts/make-app-icons.ts; screenshots are real screens at phone and desktop width.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Parlo — learn a language in short daily lessons',
  short_name: 'Parlo',
  description: 'Learn English, German, French or Spanish in short daily lessons, online or offline.',
  lang: 'en',
  start_url: paths.dashboard,
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#4f46e5',
  background_color: '#ffffff',
  categories: ['education'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/dashboard-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'The dashboard: topics, points and streak',
    },
    {
      src: '/screenshots/lesson-narrow.png',
      sizes: '375x812',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'A lesson on a phone',
    },
  ],
};
