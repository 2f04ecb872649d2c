import type { StaticSoundName } from '@parlo/core/audio/phrase-audio';
import { useCallback } from 'react';
import { useLearnerSwitches } from '../../../lib/session.ts';
import { soundEffectUrl } from '../media.ts';

/** SPEC §2 / §7: correct, incorrect and celebration sounds, unless the learner turned sound effects off. */
export function useSoundEffects() {
  const enabled = useLearnerSwitches().soundEffects;
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
