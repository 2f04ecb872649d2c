import { useCallback, useEffect, useRef, useState } from 'react';
import { speakPhrase, useDeviceVoice, type SpokenPhrase } from '../../../lib/device-voice.ts';
import { useLearnerSwitches } from '../../../lib/session.ts';

export type AudioState = 'loading' | 'ready' | 'playing' | 'unavailable';

interface PhraseAudioOptions {
  /** The phrase, for the device's voice. */
  phrase: string;
  /** The course's language code: names the recordings and the voice's locale. */
  courseLanguage: string | undefined;
  autoPlay?: boolean;
}

/**
 * One phrase, spoken (issue 31): by the device's own voice when the learner keeps the 'device voice'
 * setting and the device has a good voice for the course, else by its recording (SPEC §7 audio). The
 * recording is loaded either way: it is played whenever speaking fails. A recording that is missing (404)
 * or cannot play turns the button off when there is no voice either; the component using this is keyed
 * per exercise, so state starts fresh.
 */
export function usePhraseAudio(
  url: string | undefined,
  { phrase, courseLanguage, autoPlay = false }: PhraseAudioOptions,
) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [recordingState, setRecordingState] = useState<AudioState>(url ? 'loading' : 'unavailable');
  const { voice: chosenVoice } = useLearnerSwitches();
  const device = useDeviceVoice(courseLanguage, chosenVoice === 'device');
  // Once the device failed to speak, this exercise keeps to the recording.
  const [deviceFailed, setDeviceFailed] = useState(false);
  const [speaking, setSpeaking] = useState(false);
  const spokenRef = useRef<SpokenPhrase | null>(null);
  const voice = deviceFailed ? null : device.voice;

  useEffect(() => {
    if (!url) return;
    const audio = new Audio();
    audio.preload = 'auto';
    audioRef.current = audio;
    const onReady = () => setRecordingState((current) => (current === 'loading' ? 'ready' : current));
    const onError = () => setRecordingState('unavailable');
    const onPlaying = () => setRecordingState('playing');
    const onStopped = () => setRecordingState((current) => (current === 'unavailable' ? current : 'ready'));
    audio.addEventListener('canplay', onReady);
    audio.addEventListener('error', onError);
    audio.addEventListener('playing', onPlaying);
    audio.addEventListener('ended', onStopped);
    audio.addEventListener('pause', onStopped);
    audio.src = url;
    return () => {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      audioRef.current = null;
    };
  }, [url]);

  useEffect(
    () => () => {
      spokenRef.current?.cancel();
      spokenRef.current = null;
    },
    [],
  );

  const playRecording = useCallback((rate: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = 0;
    audio.playbackRate = rate;
    // Browsers may refuse to play before the first tap; the button is still there for that.
    audio.play().catch(() => undefined);
  }, []);

  /** Plays from the start; 0.75 is the slow option for beginners (the pitch stays natural either way). */
  const play = useCallback(
    (rate = 1) => {
      spokenRef.current?.cancel();
      spokenRef.current = null;
      setSpeaking(false);
      if (!voice || phrase.trim() === '') {
        playRecording(rate);
        return;
      }
      audioRef.current?.pause();
      spokenRef.current = speakPhrase(phrase, voice, rate, {
        onStart: () => setSpeaking(true),
        onEnd: () => setSpeaking(false),
        onFail: () => {
          setSpeaking(false);
          setDeviceFailed(true);
          playRecording(rate);
        },
      });
    },
    [voice, phrase, playRecording],
  );

  // On arrival, once the browser has said which voices it has (the recording waits for that too).
  const autoPlayed = useRef(false);
  useEffect(() => {
    if (!autoPlay || !device.settled || autoPlayed.current) return;
    autoPlayed.current = true;
    play();
  }, [autoPlay, device.settled, play]);

  const state: AudioState = voice
    ? speaking || recordingState === 'playing'
      ? 'playing'
      : 'ready'
    : recordingState;
  return { state, play };
}
