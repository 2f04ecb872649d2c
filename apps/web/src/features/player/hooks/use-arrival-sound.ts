import type { StaticSoundName } from '@parlo/core/audio/phrase-audio';
import { useEffect, useRef } from 'react';
import { useSoundEffects } from './use-sound-effects.ts';

/**
 * Plays a result screen's sound (SPEC §7 congrats, success, failed) once, when it opens; nothing for a
 * screen that is about to redirect (undefined).
 */
export function useArrivalSound(name: StaticSoundName | undefined) {
  const playSound = useSoundEffects();
  const played = useRef(false);
  useEffect(() => {
    if (played.current || !name) return;
    played.current = true;
    playSound(name);
  }, [name, playSound]);
}
