import { useCallback, useEffect, useRef, useState } from 'react';

/** The slice of the Web Speech API the player uses (not in TypeScript's DOM library). */
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResultEvent extends Event {
  results: ArrayLike<ArrayLike<RecognitionAlternative>>;
}
interface RecognitionErrorEvent extends Event {
  error: string;
}
interface SpeechRecognitionLike extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function recognitionConstructor(): SpeechRecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const scope = window as unknown as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

export function isSpeechRecognitionAvailable(): boolean {
  return recognitionConstructor() !== undefined;
}

export type RecognitionStatus = 'idle' | 'listening' | 'denied' | 'failed';

function transcriptOf(event: RecognitionResultEvent): string {
  return Array.from(event.results, (result) => result[0]?.transcript ?? '')
    .join(' ')
    .trim();
}

/**
 * Hold-to-record speech recognition (SPEC §2 type 14): start on press, stop on release, keep the last
 * text heard (also passed to onHeard). A refused microphone or any other recognition error only shows
 * as the status: it must not lock speaking for an hour, which only 'I can't talk now' does (SPEC §4).
 */
export function useSpeechRecognition(language: string, onHeard: (transcript: string) => void) {
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
  const heardRef = useRef(onHeard);
  const [status, setStatus] = useState<RecognitionStatus>('idle');
  const [transcript, setTranscript] = useState('');

  useEffect(() => {
    heardRef.current = onHeard;
  });

  useEffect(
    () => () => {
      recognitionRef.current?.abort();
      recognitionRef.current = null;
    },
    [],
  );

  const start = useCallback(() => {
    const Recognition = recognitionConstructor();
    if (!Recognition || recognitionRef.current) return;
    const recognition = new Recognition();
    recognition.lang = language;
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.addEventListener('result', (event) => {
      const heard = transcriptOf(event as RecognitionResultEvent);
      if (!heard) return;
      setTranscript(heard);
      heardRef.current(heard);
    });
    recognition.addEventListener('error', (event) => {
      const error = (event as RecognitionErrorEvent).error;
      if (error === 'not-allowed' || error === 'service-not-allowed' || error === 'audio-capture') {
        setStatus('denied');
      } else if (error !== 'no-speech' && error !== 'aborted') {
        setStatus('failed');
      }
    });
    recognition.addEventListener('end', () => {
      recognitionRef.current = null;
      setStatus((current) => (current === 'listening' ? 'idle' : current));
    });
    recognitionRef.current = recognition;
    setStatus('listening');
    try {
      recognition.start();
    } catch {
      recognitionRef.current = null;
      setStatus('failed');
    }
  }, [language]);

  const stop = useCallback(() => {
    recognitionRef.current?.stop();
  }, []);

  return { status, transcript, start, stop };
}
