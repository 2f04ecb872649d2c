import type { TypedMatch } from '@parlo/core/review/forgiving-check';
import { useTranslation } from 'react-i18next';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon, CheckIcon, MicIcon } from '../../../components/ui/icons.tsx';

export type Panel =
  | { kind: 'correct'; rightAnswer: string | undefined; typed?: TypedMatch | undefined }
  | { kind: 'incorrect'; rightAnswer: string | undefined; mistakesLeft: number }
  | { kind: 'microphone-off' };

interface ResultPanelProps {
  panel: Panel;
  blitz: boolean;
  earnsPoints: boolean;
  onContinue: () => void;
  onReport: () => void;
}

/**
 * SPEC §2 footer panels: correct ('+1 point' unless blitz, the right answer), incorrect (the right answer
 * except for types 2, 4 and 15, 'report an error', mistakes left in a blitz) and microphone off.
 */
export function ResultPanel({ panel, blitz, earnsPoints, onContinue, onReport }: ResultPanelProps) {
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
                {earnsPoints ? (
                  <span className="result-panel__points">{t('player.panel.pointGained')}</span>
                ) : null}
              </p>
              {panel.typed && panel.typed.verdict !== 'exact' ? (
                <TypedFix typed={panel.typed} />
              ) : panel.rightAnswer ? (
                <p className="result-panel__answer">
                  {t('player.panel.rightAnswer')} <RightAnswer text={panel.rightAnswer} />
                </p>
              ) : null}
            </>
          ) : panel.kind === 'incorrect' ? (
            <>
              <p className="result-panel__title">{t('player.panel.incorrect')}</p>
              <p className="result-panel__answer">
                {panel.rightAnswer ? (
                  <>
                    {t('player.panel.rightAnswer')} <RightAnswer text={panel.rightAnswer} />
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

/**
 * Issue 16: an answer accepted with a missing accent or one typo shows the right spelling with the letters
 * to fix marked, so the learner sees exactly what to change next time.
 */
function TypedFix({ typed }: { typed: TypedMatch }) {
  const { t } = useTranslation();
  return (
    <p className="result-panel__answer result-panel__fix" data-verdict={typed.verdict}>
      {t(typed.verdict === 'accent' ? 'player.panel.mindTheAccent' : 'player.panel.mindTheTypo')}{' '}
      <strong>
        <ForeignText className="result-panel__right-answer">
          {typed.segments.map((segment, index) =>
            segment.fix ? (
              <mark key={index} className="letter-fix">
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </ForeignText>
      </strong>
    </p>
  );
}

/**
 * The right answer may be in the course's language or the learner's own (a translation exercise), so
 * its direction comes from its first letter, isolated from the panel's text around it.
 */
function RightAnswer({ text }: { text: string }) {
  return (
    <strong>
      <ForeignText className="result-panel__right-answer">{text}</ForeignText>
    </strong>
  );
}
