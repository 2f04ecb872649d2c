import type { PhraseVoice } from '@parlo/core/audio/device-voice';
import { phraseAudioPath } from '@parlo/core/audio/phrase-audio';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeakerIcon } from '../../../components/ui/more-icons.tsx';
import { speakPhrase, useDeviceVoice, type SpokenPhrase } from '../../../lib/device-voice.ts';
import { isolated } from '../../../lib/foreign-text.ts';
import { lessonQuery } from '../../../lib/lesson.ts';
import { spokenPhrases } from '../../../lib/spoken-phrases.ts';

/** What the previews say: a phrase of the learner's current lesson, in its course's language. */
export interface VoicePreviewSource {
  courseLanguage: string;
  lessonId: number;
}

interface VoiceChoiceProps {
  value: PhraseVoice;
  disabled: boolean;
  onChange: (voice: PhraseVoice) => void;
  preview: VoicePreviewSource | undefined;
}

/**
 * Issue 31: the device's voice or Parlo's recordings, each with a button to hear it say a phrase of the
 * learner's course. The device's option says which voice it would use, or that the device has none good
 * enough (then the recordings are played whatever the choice).
 */
export function VoiceChoice({ value, disabled, onChange, preview }: VoiceChoiceProps) {
  const { t } = useTranslation();
  const name = useId();
  const device = useDeviceVoice(preview?.courseLanguage);
  const lesson = useQuery({ ...lessonQuery(preview?.lessonId ?? 0), enabled: preview !== undefined });
  const phrase = lesson.data?.exercises.flatMap((exercise) => spokenPhrases(exercise))[0];
  const player = usePreviewPlayer(preview?.courseLanguage, phrase);

  const deviceHint = device.voice
    ? t('dashboard.sounds.deviceVoiceHint', { voice: isolated(device.voice.name) })
    : device.settled && preview
      ? t('dashboard.sounds.deviceVoiceMissing')
      : t('dashboard.sounds.deviceVoiceIntro');

  const option = (
    voice: PhraseVoice,
    label: string,
    hint: string,
    previewLabel: string,
    canPreview: boolean,
  ) => (
    <div className={`voice-option${value === voice ? ' voice-option--chosen' : ''}`}>
      <label className="voice-option__choice">
        <input
          type="radio"
          name={name}
          value={voice}
          checked={value === voice}
          disabled={disabled}
          onChange={() => onChange(voice)}
        />
        <span className="voice-option__text">
          <span className="voice-option__label">{label}</span>
          <span className="voice-option__hint">{hint}</span>
        </span>
      </label>
      <button
        type="button"
        className="voice-option__preview"
        aria-label={previewLabel}
        title={previewLabel}
        disabled={!canPreview || phrase === undefined}
        onClick={() =>
          voice === 'device' && device.voice ? player.speak(device.voice) : player.playRecording()
        }
      >
        <SpeakerIcon />
      </button>
    </div>
  );

  return (
    <fieldset className="settings-form__group voice-choice">
      <legend className="settings-form__legend">{t('dashboard.sounds.voice')}</legend>
      <p className="settings-form__intro">{t('dashboard.sounds.voiceIntro')}</p>
      {option(
        'device',
        t('dashboard.sounds.deviceVoice'),
        deviceHint,
        t('dashboard.sounds.previewDeviceVoice'),
        device.voice !== null,
      )}
      {option(
        'recordings',
        t('dashboard.sounds.recordings'),
        t('dashboard.sounds.recordingsHint'),
        t('dashboard.sounds.previewRecordings'),
        true,
      )}
      {player.deviceFailed ? (
        <p className="voice-choice__note" role="status">
          {t('dashboard.sounds.deviceVoiceFailed')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Plays the preview phrase either way; a device voice that fails plays the recording, as lessons do. */
function usePreviewPlayer(courseLanguage: string | undefined, phrase: string | undefined) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const spokenRef = useRef<SpokenPhrase | null>(null);
  const [deviceFailed, setDeviceFailed] = useState(false);

  const stop = () => {
    spokenRef.current?.cancel();
    spokenRef.current = null;
    audioRef.current?.pause();
  };
  useEffect(
    () => () => {
      spokenRef.current?.cancel();
      audioRef.current?.pause();
    },
    [],
  );

  const playRecording = () => {
    stop();
    if (!courseLanguage || phrase === undefined) return;
    const audio = new Audio(phraseAudioPath(courseLanguage.toLowerCase(), phrase));
    audioRef.current = audio;
    audio.play().catch(() => undefined);
  };

  const speak = (voice: SpeechSynthesisVoice) => {
    stop();
    if (phrase === undefined) return;
    setDeviceFailed(false);
    spokenRef.current = speakPhrase(phrase, voice, 1, {
      onFail: () => {
        setDeviceFailed(true);
        playRecording();
      },
    });
  };

  return { playRecording, speak, deviceFailed };
}
