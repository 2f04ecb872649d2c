import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { outlineOf } from '../support/course-outline.ts';
import { enrolLearner, lessonNamed, openPlayer, plays, recordPlays } from './player-helpers.ts';

/*
 * Issue 31: a phrase is spoken by the device's own voice when it has a good one for the course, and by
 * Parlo's recording when it has none (no speech synthesis, only eSpeak voices) or the learner chose the
 * recordings. Every play() of an audio element is recorded (and not really played), and the browser's
 * speech synthesis is replaced by a double that lists the voices a test gives and records what it is
 * asked to say, so the test sees exactly which of the two spoke.
 */

interface Spoken {
  text: string;
  voice: string | null;
  lang: string;
  rate: number;
}
interface StubVoice {
  name: string;
  lang: string;
  localService: boolean;
}

/** The browser without speech synthesis (some WebViews, browsers without a voice). */
async function withoutSpeechSynthesis(page: Page) {
  await page.addInitScript(() => {
    const scope = globalThis as unknown as Record<string, unknown>;
    delete scope.speechSynthesis;
    delete scope.SpeechSynthesisUtterance;
  });
}

/**
 * A speech synthesis that lists `voices` a moment after load (as Chrome does, announcing them with
 * 'voiceschanged') and says every utterance at once, recording it in `__spoken`.
 */
async function stubSpeechSynthesis(page: Page, voices: StubVoice[]) {
  await page.addInitScript((listed: StubVoice[]) => {
    const scope = globalThis as unknown as Record<string, unknown> & { __spoken: Spoken[] };
    scope.__spoken = [];
    const all = listed.map((voice) => ({ ...voice, voiceURI: voice.name, default: false }));
    let loaded: typeof all = [];
    class Utterance extends EventTarget {
      text: string;
      voice: { name: string } | null = null;
      lang = '';
      rate = 1;
      pitch = 1;
      volume = 1;
      constructor(text: string) {
        super();
        this.text = text;
      }
    }
    const synthesis = new EventTarget() as EventTarget & Record<string, unknown>;
    synthesis.getVoices = () => loaded;
    synthesis.cancel = () => undefined;
    synthesis.pause = () => undefined;
    synthesis.resume = () => undefined;
    synthesis.speak = (utterance: Utterance) => {
      scope.__spoken.push({
        text: utterance.text,
        voice: utterance.voice?.name ?? null,
        lang: utterance.lang,
        rate: utterance.rate,
      });
      setTimeout(() => {
        utterance.dispatchEvent(new Event('start'));
        utterance.dispatchEvent(new Event('end'));
      }, 0);
    };
    setTimeout(() => {
      loaded = all;
      synthesis.dispatchEvent(new Event('voiceschanged'));
    }, 50);
    Object.defineProperty(scope, 'speechSynthesis', { value: synthesis, configurable: true });
    Object.defineProperty(scope, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  }, voices);
}

const phrasePlays = async (page: Page) =>
  (await plays(page)).filter((item) => !item.src.includes('/audio/static/'));
const spoken = (page: Page) =>
  page.evaluate(() => [...((globalThis as unknown as { __spoken?: Spoken[] }).__spoken ?? [])]);

const googleGerman: StubVoice = { name: 'Google Deutsch', lang: 'de-DE', localService: false };
const espeakGerman: StubVoice = { name: 'German espeak-ng', lang: 'de-DE', localService: true };
const espeakBritish: StubVoice = {
  name: 'English (Great Britain) espeak-ng',
  lang: 'en-GB',
  localService: true,
};

async function openSounds(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile and settings' }).click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'Sounds' }).click();
  await expect(page.getByRole('group', { name: 'Voice' })).toBeVisible();
}

test.describe('the voice that speaks a phrase', () => {
  test('without speech synthesis the lesson plays the recordings, at both speeds', async ({ page }) => {
    await withoutSpeechSynthesis(page);
    await recordPlays(page);
    const course = await enrolLearner(page);

    await openPlayer(page, lessonNamed(course, 'Hello'));
    await expect(page.locator('.player__title')).toHaveText('Listen and say the word');
    await expect.poll(async () => (await phrasePlays(page)).length).toBe(1);
    const [arrival] = await phrasePlays(page);
    expect(arrival?.src).toMatch(/\/audio\/de\/[0-9a-f]{16}\.mp3$/);

    await page.getByRole('button', { name: 'Listen slowly (0.75×)' }).click();
    await expect.poll(async () => (await phrasePlays(page)).map((item) => item.rate)).toEqual([1, 0.75]);
  });

  test('a device with only eSpeak voices plays the recordings and says nothing itself', async ({ page }) => {
    await stubSpeechSynthesis(page, [espeakGerman, espeakBritish]);
    await recordPlays(page);
    const course = await enrolLearner(page);

    await openPlayer(page, lessonNamed(course, 'Hello'));
    await expect.poll(async () => (await phrasePlays(page)).length).toBe(1);
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await expect.poll(async () => (await phrasePlays(page)).length).toBe(2);
    expect(await spoken(page)).toEqual([]);
  });

  test('a good voice for the course speaks the phrase, slowly too, and the recording stays silent', async ({
    page,
  }) => {
    await stubSpeechSynthesis(page, [espeakGerman, googleGerman, espeakBritish]);
    await recordPlays(page);
    const course = await enrolLearner(page);

    await openPlayer(page, lessonNamed(course, 'Hello'));
    await expect(page.locator('.player__title')).toHaveText('Listen and say the word');
    await expect.poll(async () => (await spoken(page)).length).toBe(1);
    await page.getByRole('button', { name: 'Listen slowly (0.75×)' }).click();
    await expect.poll(async () => (await spoken(page)).length).toBe(2);
    const said = await spoken(page);
    expect(said.map(({ voice, lang, rate }) => ({ voice, lang, rate }))).toEqual([
      { voice: 'Google Deutsch', lang: 'de-DE', rate: 1 },
      { voice: 'Google Deutsch', lang: 'de-DE', rate: 0.75 },
    ]);
    expect(said[0]?.text).not.toBe('');
    expect(await phrasePlays(page)).toEqual([]);
  });

  test('the English course is spoken by a British voice, never the US one', async ({
    page,
    registerViaApi,
  }) => {
    await stubSpeechSynthesis(page, [
      { name: 'Google US English', lang: 'en-US', localService: false },
      espeakBritish,
      { name: 'Google UK English Female', lang: 'en-GB', localService: false },
    ]);
    await recordPlays(page);
    await registerViaApi();
    const russian = await outlineOf(page.request, (language) => language.code === 'ru');
    const english = russian.packages.find((pkg) => !pkg.soon && pkg.programs[0]?.languageCode === 'en');
    const programId = english?.programs[0]?.id;
    expect(english && programId, 'the English course for Russian speakers').toBeTruthy();
    const chosen = await page.request.post('/api/learning/course', {
      data: { packageId: english!.id, programId },
    });
    expect(chosen.status()).toBe(200);
    const level = await page.request.post('/api/learning/level', { data: { programId, level: 'beginning' } });
    expect(level.status()).toBe(200);

    await openSounds(page);
    const deviceOption = page.locator('.voice-option').first();
    await expect(deviceOption).toContainText('Google UK English Female');
    const listen = page.getByRole('button', { name: 'Listen to the device voice' });
    await expect(listen).toBeEnabled();
    await listen.click();
    await expect
      .poll(async () => (await spoken(page)).map(({ voice, lang }) => ({ voice, lang })))
      .toEqual([{ voice: 'Google UK English Female', lang: 'en-GB' }]);

    await page.getByRole('button', { name: 'Listen to a Parlo recording' }).click();
    await expect
      .poll(async () => (await phrasePlays(page)).map((item) => item.src))
      .toEqual([expect.stringMatching(/\/audio\/en\/[0-9a-f]{16}\.mp3$/)]);
  });

  test('the choice of recordings is kept across a reload, and the lesson then plays them', async ({
    page,
  }) => {
    await stubSpeechSynthesis(page, [googleGerman]);
    await recordPlays(page);
    const course = await enrolLearner(page);

    await openSounds(page);
    const device = page.getByRole('radio', { name: /Device voice/ });
    const recordings = page.getByRole('radio', { name: /Parlo recordings/ });
    await expect(device).toBeChecked();
    await recordings.check();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    await page.reload();
    await openSounds(page);
    await expect(page.getByRole('radio', { name: /Parlo recordings/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Device voice/ })).not.toBeChecked();

    await openPlayer(page, lessonNamed(course, 'Hello'));
    await expect.poll(async () => (await phrasePlays(page)).length).toBe(1);
    expect(await spoken(page)).toEqual([]);
  });
});
