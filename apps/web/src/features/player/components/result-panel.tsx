import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon, CheckIcon, MicIcon } from '../../../components/ui/icons.tsx';

export type Panel =
  | { kind: 'correct'; rightAnswer: string | undefined }
  | { kind: 'incorrect'; rightAnswer: string | undefined; mistakesLeft: number }
  | { kind: 'microphone-off' };

interface ResultPanelProps {
  panel: Panel;
  blitz: boolean;
  onContinue: () => void;
  onReport: () => void;
}

/**
 * SPEC §2 footer panels: correct ('+1 point' unless blitz, the right answer), incorrect (the right answer
 * except for types 2, 4 and 15, 'report an error', mistakes left in a blitz) and microphone off.
 */
export function ResultPanel({ panel, blitz, onContinue, onReport }: ResultPanelProps) {
  const { t } = useTranslation();
  const icon =
    panel.kind === 'correct' ? <CheckIcon /> : panel.kind === 'incorrect' ? <AlertIcon /> : <MicIcon />;
  return (
    <div className={`result-panel result-panel--${panel.kind}`}>
      <div className="result-panel__body" role="status">
        <span className="result-panel__icon" aria-hidden="true">
          {icon}
        </span>
        <div className="result-panel__text">
          {panel.kind === 'correct' ? (
            <>
              <p className="result-panel__title">
                {t('player.panel.correct')}
                {blitz ? null : <span className="result-panel__points">{t('player.panel.pointGained')}</span>}
              </p>
              {panel.rightAnswer ? (
                <p className="result-panel__answer">
                  {t('player.panel.rightAnswer')} <strong>{panel.rightAnswer}</strong>
                </p>
              ) : null}
            </>
          ) : panel.kind === 'incorrect' ? (
            <>
              <p className="result-panel__title">{t('player.panel.incorrect')}</p>
              <p className="result-panel__answer">
                {panel.rightAnswer ? (
                  <>
                    {t('player.panel.rightAnswer')} <strong>{panel.rightAnswer}</strong>
                  </>
                ) : (
                  t('player.panel.incorrectMessage')
                )}
              </p>
              {blitz ? (
                <p className="result-panel__mistakes">
                  {t('player.mistakesLeft', { n: panel.mistakesLeft })}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <p className="result-panel__title">{t('player.panel.microphoneOff')}</p>
              <p className="result-panel__answer">{t('player.panel.microphoneOffText')}</p>
            </>
          )}
        </div>
      </div>
      <div className="result-panel__actions">
        {panel.kind === 'incorrect' ? (
          <button type="button" className="link-button result-panel__report" onClick={onReport}>
            {t('player.panel.report')}
          </button>
        ) : null}
        <Button
          size="lg"
          variant={panel.kind === 'incorrect' ? 'danger' : panel.kind === 'correct' ? 'primary' : 'secondary'}
          className="result-panel__continue"
          onClick={onContinue}
          autoFocus
        >
          {t('player.buttons.continue')}
        </Button>
      </div>
    </div>
  );
}
