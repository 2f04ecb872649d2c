import { useTranslation } from 'react-i18next';
import { useLearnerSwitches } from '../../../lib/session.ts';
import { phraseAudioUrl } from '../media.ts';
import { usePhraseAudio } from '../hooks/use-phrase-audio.ts';

/** The slow option: eSpeak speaks about 3.3 words a second, brisk for a beginner. */
export const SLOW_PLAYBACK_RATE = 0.75;

interface AudioButtonProps {
  phrase: string;
  courseLanguage: string | undefined;
  /** Plays once on arrival, when the learner has voice guidance on. */
  autoPlay?: boolean;
  size?: 'md' | 'lg';
}

/**
 * Plays a phrase's recording (SPEC §7), with a slower 0.75× button beside it; turns itself off when the
 * recording is missing.
 */
export function AudioButton({ phrase, courseLanguage, autoPlay = false, size = 'md' }: AudioButtonProps) {
  const { t } = useTranslation();
  const { voiceGuidance } = useLearnerSwitches();
  const url = courseLanguage ? phraseAudioUrl(courseLanguage, phrase) : undefined;
  const { state, play } = usePhraseAudio(url, { autoPlay: autoPlay && voiceGuidance });
  const unavailable = state === 'unavailable';
  const label = unavailable ? t('player.audio.unavailable') : t('player.audio.play');
  return (
    <>
      <span className={`audio-buttons audio-buttons--${size}`}>
        <button
          type="button"
          className={`audio-button audio-button--${size}${state === 'playing' ? ' audio-button--playing' : ''}`}
          onClick={() => play()}
          disabled={unavailable}
          aria-label={label}
          title={label}
        >
          {unavailable ? <SpeakerOffIcon /> : <SpeakerIcon />}
        </button>
        {unavailable ? null : (
          <button
            type="button"
            className="audio-button audio-button--slow"
            onClick={() => play(SLOW_PLAYBACK_RATE)}
            aria-label={t('player.audio.playSlowly')}
            title={t('player.audio.playSlowly')}
          >
            <TurtleIcon />
          </button>
        )}
      </span>
      {unavailable && size === 'lg' ? (
        <p className="audio-button__note">{t('player.audio.unavailable')}</p>
      ) : null}
    </>
  );
}

function SpeakerIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon-flip-rtl"
    >
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Z" fill="currentColor" />
      <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
    </svg>
  );
}

function SpeakerOffIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon-flip-rtl"
    >
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Z" />
      <path d="m16 10 4 4M20 10l-4 4" />
    </svg>
  );
}

// A tortoise: the slow button, understood without words in every language.
function TurtleIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon-flip-rtl"
    >
      <path d="M3 15.5h14a5.5 5.5 0 0 0-11 0" />
      <path d="M17 15.5h2.5a2 2 0 0 0 0-4H18" />
      <path d="M6.5 15.5 5.5 18.5M14.5 15.5l1 3" />
      <path d="M9 10.5l2.5 5M14 10.5l-2.5 5" />
    </svg>
  );
}
