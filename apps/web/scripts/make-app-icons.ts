/**
 * Renders the install icons of the web app manifest (issue 17) from the Parlo mark (components/ui/logo.tsx)
 * with sharp. The PNGs are committed in public/icons, so a build needs no image tooling; run this again
 * when the mark changes: `node --import tsx apps/web/scripts/make-app-icons.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BRAND = '#4f46e5';
const ACCENT = '#ffc83d';
const outDir = fileURLToPath(new URL('../public/icons', import.meta.url));

/** The speech bubble of the logo, drawn in a 32-unit box. */
const bubble = `
  <path d="M9 10.5h14a2.5 2.5 0 0 1 2.5 2.5v6a2.5 2.5 0 0 1-2.5 2.5h-7l-4.5 3.5v-3.5H9A2.5 2.5 0 0 1 6.5 19v-6A2.5 2.5 0 0 1 9 10.5Z" fill="#fff"/>
  <circle cx="12" cy="16" r="1.6" fill="${BRAND}"/>
  <circle cx="16" cy="16" r="1.6" fill="${BRAND}"/>
  <circle cx="20" cy="16" r="1.6" fill="${ACCENT}"/>`;

/** 'any': the rounded tile of the logo. 'maskable': full bleed, the mark inside the 80 % safe zone. */
function iconSvg(purpose: 'any' | 'maskable'): string {
  if (purpose === 'any') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="${BRAND}"/>${bubble}</svg>`;
  }
  // The bubble's farthest corner is 11 units from the centre: inside the circle of radius 0.4 × 32 that
  // every launcher mask keeps, so it is drawn as it is, on a full-bleed tile.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/>${bubble}</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'apple-touch-icon-180.png', size: 180, purpose: 'maskable' },
] as const;

for (const icon of icons) {
  await sharp(Buffer.from(iconSvg(icon.purpose)), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, icon.file));
  console.log(`${icon.file} ${icon.size}px`);
}
