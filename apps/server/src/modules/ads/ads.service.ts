import type { AdPlacement, Banner } from '@parlo/contract/ads';
import { loadHouseAds, type HouseAd } from '@parlo/content/ads/house-ads';
import { isSpokenLanguage } from '@parlo/content/languages';
import { seesAds } from '@parlo/core/billing/subscription';
import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/app-error.ts';
import { loadLearnerState } from '../learning/learner-state.repository.ts';
import {
  accountCreatedAt,
  completionsSinceLastModal,
  currentCourseCode,
  languageCode,
  latestServeSince,
  newestCompletionId,
  recordClick,
  recordServe,
  type AdServe,
} from './ads.repository.ts';

/** Asking for a banner again within this time answers the same serve: one impression, not another. */
export const RESERVE_WINDOW_MS = 30_000;
/**
 * The full-screen ad comes at most once per this many completed lessons (ADR 010): a free learner has 2
 * free lessons a day, so it is about once a day.
 */
export const LESSONS_PER_MODAL = 2;
/** A click counts only on a banner served this recently. */
export const CLICK_WINDOW_MS = 24 * 60 * 60 * 1000;

function bannerOf(ad: HouseAd, serve: AdServe): Banner | null {
  const texts = isSpokenLanguage(serve.language) ? ad.texts[serve.language] : undefined;
  if (!texts) return null;
  return {
    token: serve.id,
    id: ad.id,
    kind: ad.kind,
    placement: serve.placement as AdPlacement,
    ...texts,
    href: ad.href,
    imageUrl: `/media/ads/${ad.image}`,
  };
}

/**
 * House ads for free learners (issue 11) past their account's first week (issue 29: the landing promises
 * "your first week is free and ad-free"). Premium is the learner state's `premium` (the one server
 * decision, from the subscription); the browser never decides it.
 */
export function adsService(db: Database, now: () => Date, ads: readonly HouseAd[] = loadHouseAds()) {
  const byId = new Map(ads.map((ad) => [ad.id, ad]));

  async function isFreeLearner(userId: string): Promise<boolean> {
    const at = now();
    const [state, createdAt] = await Promise.all([
      loadLearnerState(db, userId, at),
      accountCreatedAt(db, userId),
    ]);
    if (state === null || createdAt === null) return false;
    return seesAds({ premium: state.premium, accountCreatedAt: createdAt.getTime() }, at.getTime());
  }

  /** The full-screen ad: after every LESSONS_PER_MODAL lessons. */
  async function fullScreenAdDue(userId: string): Promise<boolean> {
    return (await completionsSinceLastModal(db, userId)) >= LESSONS_PER_MODAL;
  }

  return {
    async randomBanner(userId: string, languageId: number, placement: AdPlacement): Promise<Banner | null> {
      const language = await languageCode(db, languageId);
      if (language === null || !isSpokenLanguage(language)) {
        throw errors.validation('VALIDATION_FAILED', 'languageId: there is no such language.');
      }
      if (!(await isFreeLearner(userId))) return null;
      const at = now();

      if (placement === 'banner') {
        const recent = await latestServeSince(
          db,
          userId,
          placement,
          new Date(at.getTime() - RESERVE_WINDOW_MS),
        );
        const recentAd = recent && recent.language === language ? byId.get(recent.bannerId) : undefined;
        if (recent && recentAd) return bannerOf(recentAd, recent);
      } else if (!(await fullScreenAdDue(userId))) {
        return null;
      }

      const learning = await currentCourseCode(db, userId);
      // Speakers of a course's language never see it (no texts); nobody is offered the course they learn.
      const candidates = ads.filter((ad) => ad.texts[language] && ad.course !== learning);
      const ad = candidates[Math.floor(Math.random() * candidates.length)];
      if (!ad) return null;
      const serve = await recordServe(db, {
        userId,
        bannerId: ad.id,
        placement,
        language,
        completionMark: placement === 'modal' ? await newestCompletionId(db, userId) : 0,
        servedAt: at,
      });
      return bannerOf(ad, serve);
    },

    /** Counts a click once per serve token; a premium learner's clicks are not counted. */
    async click(userId: string, token: string): Promise<boolean> {
      if (!(await isFreeLearner(userId))) return false;
      const at = now();
      return recordClick(db, userId, token, at, new Date(at.getTime() - CLICK_WINDOW_MS));
    },
  };
}

export type AdsService = ReturnType<typeof adsService>;
