import { useTranslation } from 'react-i18next';
import { phraseAudioUrl } from '../media.ts';
import { usePhraseAudio } from '../hooks/use-phrase-audio.ts';

interface AudioButtonProps {
  phrase: string;
  courseLanguage: string | undefined;
  autoPlay?: boolean;
  size?: 'md' | 'lg';
}

/** Plays a phrase's recording (SPEC §7); turns itself off when the recording is missing. */
export function AudioButton({ phrase, courseLanguage, autoPlay = false, size = 'md' }: AudioButtonProps) {
  const { t } = useTranslation();
  const url = courseLanguage ? phraseAudioUrl(courseLanguage, phrase) : undefined;
  const { state, play } = usePhraseAudio(url, { autoPlay });
  const unavailable = state === 'unavailable';
  return (
    <>
      <button
        type="button"
        className={`audio-button audio-button--${size}${state === 'playing' ? ' audio-button--playing' : ''}`}
        onClick={play}
        disabled={unavailable}
        aria-label={unavailable ? t('player.audio.unavailable') : t('player.audio.play')}
        title={unavailable ? t('player.audio.unavailable') : t('player.audio.play')}
      >
        {unavailable ? <SpeakerOffIcon /> : <SpeakerIcon />}
      </button>
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
