import type { StaticSoundName } from '@parlo/core/audio/phrase-audio';
import { useCallback } from 'react';
import { useSession } from '../../../lib/session.ts';
import { soundEffectUrl } from '../media.ts';

/** SPEC §2: correct and incorrect sounds, unless the learner turned sound effects off. */
export function useSoundEffects() {
  const { data: user } = useSession();
  const enabled = (user?.settings as { soundEffects?: unknown } | undefined)?.soundEffects !== false;
  return useCallback(
    (name: StaticSoundName) => {
      if (!enabled) return;
      try {
        // A missing or blocked sound must never get in the learner's way.
        new Audio(soundEffectUrl(name)).play().catch(() => undefined);
      } catch {
        // Audio is unavailable in this browser.
      }
    },
    [enabled],
  );
}
