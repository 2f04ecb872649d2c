import { useTranslation } from 'react-i18next';
import { MicIcon } from '../../../../components/ui/icons.tsx';
import { AudioButton } from '../../components/audio-button.tsx';
import { isSpeechRecognitionAvailable, useSpeechRecognition } from '../../hooks/use-speech-recognition.ts';
import { recognitionLanguageFor } from '../../speaking.ts';
import type { ExerciseViewProps } from '../exercise-view.ts';
import { foreignTextProps } from '../../../../lib/foreign-text.ts';

/**
 * Type 14: say the sentence. Hold the microphone button (pointer or Space/Enter) to record; the browser's
 * speech recognition text becomes the answer. Only 'I can't talk now' leaves speaking out for an hour.
 */
export function SayThisText({
  exercise,
  onDraftChange,
  onSubmit,
  locked,
  verdict,
  courseLanguage,
}: ExerciseViewProps<14>) {
  const { t } = useTranslation();
  const available = isSpeechRecognitionAvailable();
  const { status, transcript, start, stop } = useSpeechRecognition(
    recognitionLanguageFor(courseLanguage ?? 'en'),
    (heard) => onDraftChange(heard ? { text: heard } : undefined),
  );
  const listening = status === 'listening';
  const press = () => {
    if (!locked) start();
  };

  return (
    <div className="exercise exercise--centred">
      <div className="sentence-card sentence-card--with-audio">
        <AudioButton phrase={exercise.type14_sentence} courseLanguage={courseLanguage} />
        <div>
          <p className="sentence" {...foreignTextProps(courseLanguage)}>
            {exercise.type14_sentence}
          </p>
          {exercise.type14_translation ? (
            <p className="sentence__translation">{exercise.type14_translation}</p>
          ) : null}
        </div>
      </div>
      <div className={`recognised${verdict ? ` recognised--${verdict}` : ''}`} aria-live="polite">
        <span className="recognised__label">{t('player.exercise.recognised')}</span>
        <span className="recognised__text" {...foreignTextProps(courseLanguage)}>
          {transcript || (listening ? t('player.exercise.listening') : t('player.exercise.holdHint'))}
        </span>
      </div>
      {available ? (
        <button
          type="button"
          className={`mic-button${listening ? ' mic-button--listening' : ''}`}
          aria-pressed={listening}
          disabled={locked}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId);
            press();
          }}
          onPointerUp={stop}
          onPointerCancel={stop}
          onKeyDown={(event) => {
            if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
              event.preventDefault();
              press();
            }
          }}
          onKeyUp={(event) => {
            if (event.key === ' ' || event.key === 'Enter') {
              event.preventDefault();
              stop();
            }
          }}
          onContextMenu={(event) => event.preventDefault()}
        >
          <MicIcon />
          <span>{listening ? t('player.exercise.listening') : t('player.exercise.holdToTalk')}</span>
        </button>
      ) : (
        <p className="exercise__note">{t('player.exercise.noSpeech')}</p>
      )}
      {status === 'failed' || status === 'denied' ? (
        <p className="exercise__note" role="alert">
          {t(status === 'denied' ? 'player.exercise.microphoneBlocked' : 'player.exercise.recognitionFailed')}
        </p>
      ) : null}
      <button
        type="button"
        className="link-button"
        disabled={locked}
        onClick={() => onSubmit({ cannotTalk: true })}
      >
        {t('player.exercise.cannotTalk')}
      </button>
    </div>
  );
}
