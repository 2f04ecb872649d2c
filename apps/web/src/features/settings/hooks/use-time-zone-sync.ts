import { useEffect, useRef } from 'react';
import { useSaveSettings, useSession } from '../../../lib/session.ts';
import { browserTimeZone, timeZoneToSend } from '../../../lib/time-zone.ts';
import { whenIdle } from '../../../lib/when-idle.ts';

/**
 * Keeps the learner's stored time zone the browser's: right after sign-up or sign-in (the session appears)
 * and whenever the page comes back to the front, which is when a traveller's clock has moved. Training
 * days, the streak and reminder times are counted in this zone on the server. A zone is sent once per
 * page life, so a failing request is not repeated in a loop; the next visit tries again.
 */
export function useTimeZoneSync(): void {
  const user = useSession().data;
  const { mutate } = useSaveSettings();
  const settingsId = user?.settings.id;
  const storedZone = user?.settings.timeZone;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (settingsId === undefined || storedZone === undefined) return;
    const sync = () => {
      if (document.visibilityState !== 'visible') return;
      const zone = timeZoneToSend(browserTimeZone(), storedZone);
      if (!zone || zone === sent.current) return;
      sent.current = zone;
      mutate({ settingsId, change: { timeZone: zone } });
    };
    // Once the browser is idle: reading the browser's zone builds Intl's time-zone data (≈ 40 ms on a
    // phone), which sat in the task that paints the dashboard's greeting (issue 15; ADR 042).
    const first = whenIdle(sync);
    document.addEventListener('visibilitychange', sync);
    return () => {
      first.cancel();
      document.removeEventListener('visibilitychange', sync);
    };
  }, [settingsId, storedZone, mutate]);
}
