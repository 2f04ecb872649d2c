/**
 * The text colour to put on a course's own colour (content decides it, e.g. amber #f59e0b): white on
 * dark colours, near-black on light ones, whichever meets the WCAG contrast ratio better.
 */
export function readableTextOn(background: string): '#ffffff' | '#111827' {
  const hex = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(background.trim())?.[1];
  if (!hex) return '#ffffff';
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (0.0079 + 0.05); // #111827 has a luminance of about 0.0079
  return onWhite >= onDark ? '#ffffff' : '#111827';
}
