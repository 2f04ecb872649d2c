import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeakerIcon, SpeakerOffIcon, TurtleIcon } from '../../../components/ui/more-icons.tsx';
import { useLearnerSwitches } from '../../../lib/session.ts';
import { phraseAudioUrl } from '../media.ts';
import { usePhraseAudio } from '../hooks/use-phrase-audio.ts';

/**
 * The slow option, for the recording (eSpeak speaks about 3.3 words a second, brisk for a beginner) and the
 * device's voice alike.
 */
export const SLOW_PLAYBACK_RATE = 0.75;

interface AudioButtonProps {
  phrase: string;
  courseLanguage: string | undefined;
  /** Plays once on arrival, when the learner has voice guidance on. */
  autoPlay?: boolean;
  size?: 'md' | 'lg';
}

/**
 * Speaks a phrase in the device's voice or plays its recording (SPEC §7, issue 31), with a slower 0.75×
 * button beside it; turns itself off when neither can be heard.
 */
export function AudioButton({ phrase, courseLanguage, autoPlay = false, size = 'md' }: AudioButtonProps) {
  const { t } = useTranslation();
  const { voiceGuidance } = useLearnerSwitches();
  const url = courseLanguage ? phraseAudioUrl(courseLanguage, phrase) : undefined;
  const { state, play } = usePhraseAudio(url, {
    phrase,
    courseLanguage,
    autoPlay: autoPlay && voiceGuidance,
  });
  const unavailable = state === 'unavailable';
  const label = unavailable ? t('player.audio.unavailable') : t('player.audio.play');
  return (
    <>
      <span className={`audio-buttons audio-buttons--${size}`}>
        <PhraseButton
          className={`audio-button--${size}${state === 'playing' ? ' audio-button--playing' : ''}`}
          label={label}
          icon={unavailable ? <SpeakerOffIcon /> : <SpeakerIcon />}
          disabled={unavailable}
          onClick={() => play()}
        />
        {unavailable ? null : (
          <PhraseButton
            className="audio-button--slow"
            label={t('player.audio.playSlowly')}
            icon={<TurtleIcon />}
            onClick={() => play(SLOW_PLAYBACK_RATE)}
          />
        )}
      </span>
      {unavailable && size === 'lg' ? (
        <p className="audio-button__note">{t('player.audio.unavailable')}</p>
      ) : null}
    </>
  );
}

interface PhraseButtonProps {
  className: string;
  /** The button's name for screen readers, and its tooltip. */
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}

/** One round play button: at normal speed or slowly, the same markup. */
function PhraseButton({ className, label, icon, disabled, onClick }: PhraseButtonProps) {
  return (
    <button
      type="button"
      className={`audio-button ${className}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
    >
      {icon}
    </button>
  );
}
