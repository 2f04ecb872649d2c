import { clickBanner, randomBanner, type AdPlacement, type Banner } from '@parlo/contract/ads';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api-client.ts';
import { useCourseList } from '../../../lib/catalogue.ts';
import { learningQueryKey } from '../../../lib/learning.ts';

export type { Banner };

/**
 * The catalogue id of the interface language (banners are written in the language the learner reads):
 * undefined while the course list loads, null when it cannot be known.
 */
function useInterfaceLanguageId(): number | null | undefined {
  const { i18n } = useTranslation();
  const catalogue = useCourseList();
  if (catalogue.isPending) return undefined;
  const languages = catalogue.data ?? [];
  return (
    (
      languages.find((language) => language.code === i18n.language) ??
      languages.find((language) => language.code === 'en')
    )?.id ?? null
  );
}

/**
 * SPEC §7 GET banners/random. The server decides whether the learner sees an ad (never a premium one);
 * `arrival` makes each arrival on a result screen ask once for the full-screen ad. Keyed under the
 * learning state, so whatever refreshes the learner's state (a new subscription) refreshes the ads too.
 */
export function useRandomBanner(
  placement: AdPlacement,
  { arrival = '', enabled = true }: { arrival?: string; enabled?: boolean } = {},
) {
  const languageId = useInterfaceLanguageId();
  return useQuery({
    // The full-screen ad is asked for once per arrival and kept, whatever refreshes the learning state.
    queryKey: [
      ...(placement === 'modal' ? ['ads'] : learningQueryKey),
      'banner',
      placement,
      languageId,
      arrival,
    ],
    queryFn: async ({ signal }) =>
      languageId
        ? (
            await callApi(randomBanner, {
              query: { platform: 'Web', languageId: String(languageId), placement },
              signal,
            })
          ).banner
        : null,
    enabled: enabled && languageId !== undefined,
    staleTime: placement === 'modal' ? Infinity : 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Counts a click; an ad's click must never hold up the learner, so failures are ignored. */
export function reportBannerClick(banner: Banner): void {
  callApi(clickBanner, { body: { token: banner.token } }).catch(() => undefined);
}
