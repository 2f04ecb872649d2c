import { useState, type ImgHTMLAttributes } from 'react';

// A neutral picture frame, inline so the fallback itself can never fail to load.
export const DEFAULT_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90"><rect width="120" height="90" rx="12" fill="#eef0fb"/><circle cx="42" cy="34" r="9" fill="#c7cbf2"/><path d="M18 72l26-26 16 16 12-12 30 22z" fill="#a9afe8"/></svg>',
  );

interface ImgProps extends ImgHTMLAttributes<HTMLImageElement> {
  alt: string;
  fallbackSrc?: string;
}

/** SPEC §8: a picture that fails to load is replaced by a default image instead of a broken icon. */
export function Img({ src, fallbackSrc = DEFAULT_IMAGE, onError, ...props }: ImgProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const broken = failedSrc !== undefined && failedSrc === src;
  return (
    <img
      src={broken || !src ? fallbackSrc : src}
      onError={(event) => {
        if (!broken) setFailedSrc(src);
        onError?.(event);
      }}
      {...props}
    />
  );
}
