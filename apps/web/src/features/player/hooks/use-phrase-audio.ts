import { useCallback, useEffect, useRef, useState } from 'react';

export type AudioState = 'loading' | 'ready' | 'playing' | 'unavailable';

/**
 * One recording (SPEC §7 audio). A recording that is missing (404) or cannot play turns the button off
 * instead of failing the exercise; the component using this is keyed per exercise, so state starts fresh.
 */
export function usePhraseAudio(url: string | undefined, { autoPlay = false } = {}) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<AudioState>(url ? 'loading' : 'unavailable');

  useEffect(() => {
    if (!url) return;
    const audio = new Audio();
    audio.preload = 'auto';
    audioRef.current = audio;
    const onReady = () => setState((current) => (current === 'loading' ? 'ready' : current));
    const onError = () => setState('unavailable');
    const onPlaying = () => setState('playing');
    const onStopped = () => setState((current) => (current === 'unavailable' ? current : 'ready'));
    audio.addEventListener('canplay', onReady);
    audio.addEventListener('error', onError);
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('ended', onStopped);
    audio.addEventListener('pause', onStopped);
    audio.src = url;
    // Browsers may refuse to play before the first tap; the button is still there for that.
    if (autoPlay) audio.play().catch(() => undefined);
    return () => {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      audioRef.current = null;
    };
  }, [url, autoPlay]);

  /** Plays from the start; 0.75 is the slow option for beginners (the pitch stays natural). */
  const play = useCallback((rate = 1) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = 0;
    audio.playbackRate = rate;
    audio.play().catch(() => undefined);
  }, []);

  return { state, play };
}
