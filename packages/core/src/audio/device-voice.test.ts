import { describe, expect, it } from 'vitest';
import { chooseDeviceVoice, courseSpeechLocale, isRoboticVoice, type VoiceLike } from './device-voice.ts';

function voice(name: string, lang: string, extra: Partial<VoiceLike> = {}): VoiceLike {
  return { name, voiceURI: name, lang, localService: true, default: false, ...extra };
}

// Lists as browsers report them (names as Chrome, Edge, Safari, Firefox and Android write them).
const linuxChromium = [
  voice('English (Great Britain) espeak-ng', 'en-GB', { default: true }),
  voice('German espeak-ng', 'de-DE'),
  voice('French (France) espeak-ng', 'fr-FR'),
];
const desktopChrome = [
  voice('Google US English', 'en-US', { localService: false }),
  voice('Google UK English Female', 'en-GB', { localService: false }),
  voice('Google UK English Male', 'en-GB', { localService: false }),
  voice('Google Deutsch', 'de-DE', { localService: false }),
  voice('Microsoft Hazel - English (United Kingdom)', 'en-GB', { default: true }),
];
const edge = [
  voice('Microsoft Hazel - English (United Kingdom)', 'en-GB', { default: true }),
  voice('Microsoft Sonia Online (Natural) - English (United Kingdom)', 'en-GB', { localService: false }),
  voice('Microsoft Katja Online (Natural) - German (Germany)', 'de-DE', { localService: false }),
];
const safari = [
  voice('Daniel', 'en-GB', { voiceURI: 'com.apple.voice.compact.en-GB.Daniel', default: true }),
  voice('Eddy (English (UK))', 'en-GB', { voiceURI: 'com.apple.eloquence.en-GB.Eddy' }),
  voice('Serena (Premium)', 'en-GB', { voiceURI: 'com.apple.voice.premium.en-GB.Serena' }),
  voice('Samantha', 'en-US', { voiceURI: 'com.apple.voice.compact.en-US.Samantha' }),
];

describe('courseSpeechLocale', () => {
  it('speaks the English course in British English and the others in their main country', () => {
    expect(courseSpeechLocale('en')).toBe('en-GB');
    expect(courseSpeechLocale('de')).toBe('de-DE');
    expect(courseSpeechLocale('fr')).toBe('fr-FR');
    expect(courseSpeechLocale('es')).toBe('es-ES');
    expect(courseSpeechLocale(' EN ')).toBe('en-GB');
  });

  it('keeps a code it does not know', () => {
    expect(courseSpeechLocale('nl')).toBe('nl');
  });
});

describe('isRoboticVoice', () => {
  it.each([
    ['English (Great Britain) espeak-ng', 'English (Great Britain) espeak-ng'],
    ['eSpeak German', 'eSpeak German'],
    ['German', 'urn:moz-tts:speech-dispatcher:German?de'],
    ['English', 'speech dispatcher english'],
    ['en1 mbrola', 'en1 mbrola'],
    ['kal_diphone', 'festival kal_diphone'],
    ['slt', 'flite slt'],
    ['Pico TTS', 'com.svox.pico'],
    ['Eddy (English (UK))', 'com.apple.eloquence.en-GB.Eddy'],
  ])('%s (%s) is robotic', (name, voiceURI) => {
    expect(isRoboticVoice({ name, voiceURI })).toBe(true);
  });

  it.each([
    ['Google UK English Female', 'Google UK English Female'],
    ['Microsoft Sonia Online (Natural) - English (United Kingdom)', 'x'],
    ['Daniel', 'com.apple.voice.compact.en-GB.Daniel'],
    ['Anna', 'com.apple.voice.enhanced.de-DE.Anna'],
    ['English United Kingdom', 'en-gb-x-gbb-network'],
    ['Picot', 'Picot'],
  ])('%s (%s) is not robotic', (name, voiceURI) => {
    expect(isRoboticVoice({ name, voiceURI })).toBe(false);
  });
});

describe('chooseDeviceVoice', () => {
  it('is null without voices (voices not loaded yet, or none installed)', () => {
    expect(chooseDeviceVoice([], 'en-GB')).toBeNull();
  });

  it('never picks an eSpeak voice, even the only one for the locale', () => {
    expect(chooseDeviceVoice(linuxChromium, 'en-GB')).toBeNull();
    expect(chooseDeviceVoice(linuxChromium, 'de-DE')).toBeNull();
    expect(chooseDeviceVoice(linuxChromium, 'fr-FR')).toBeNull();
  });

  it('wants the exact locale: a US voice does not speak the British course', () => {
    const onlyUs = [voice('Google US English', 'en-US', { localService: false }), voice('Samantha', 'en-US')];
    expect(chooseDeviceVoice(onlyUs, 'en-GB')).toBeNull();
    expect(chooseDeviceVoice([voice('Paulina', 'es-MX')], 'es-ES')).toBeNull();
    expect(chooseDeviceVoice([voice('Amélie', 'fr-CA')], 'fr-FR')).toBeNull();
  });

  it('reads the locale however the platform writes it', () => {
    const android = voice('English United Kingdom', 'en_GB', { voiceURI: 'en-gb-x-gbb-local' });
    expect(chooseDeviceVoice([android], 'en-GB')).toBe(android);
    const upper = voice('Anna', 'DE-de');
    expect(chooseDeviceVoice([upper], 'de-DE')).toBe(upper);
    expect(chooseDeviceVoice([upper], ' de_de ')).toBe(upper);
  });

  it('prefers a natural voice to remote, Google and default ones', () => {
    expect(chooseDeviceVoice(edge, 'en-GB')?.name).toBe(
      'Microsoft Sonia Online (Natural) - English (United Kingdom)',
    );
    expect(chooseDeviceVoice(edge, 'de-DE')?.name).toBe(
      'Microsoft Katja Online (Natural) - German (Germany)',
    );
    expect(chooseDeviceVoice(safari, 'en-GB')?.name).toBe('Serena (Premium)');
  });

  it.each(['Siri Voice 2', 'Anna (Enhanced)', 'Libby Neural', 'Sonia (Premium)'])(
    '%s counts as natural',
    (name) => {
      const natural = voice(name, 'en-GB');
      const list = [voice('Default', 'en-GB', { default: true, localService: false }), natural];
      expect(chooseDeviceVoice(list, 'en-GB')).toBe(natural);
    },
  );

  it("prefers Chrome's Google voices to a local default, the first of them in the browser's order", () => {
    expect(chooseDeviceVoice(desktopChrome, 'en-GB')?.name).toBe('Google UK English Female');
    expect(chooseDeviceVoice(desktopChrome, 'de-DE')?.name).toBe('Google Deutsch');
  });

  it('prefers a remote voice to a local one', () => {
    const remote = voice('Cloud voice', 'fr-FR', { localService: false });
    expect(chooseDeviceVoice([voice('Thomas', 'fr-FR', { default: true }), remote], 'fr-FR')).toBe(remote);
  });

  it('takes the local default voice when nothing better is installed', () => {
    const daniel = voice('Daniel', 'en-GB', { default: true });
    expect(chooseDeviceVoice([voice('Arthur', 'en-GB'), daniel], 'en-GB')).toBe(daniel);
  });

  it('takes a plain local voice of the locale when it is the only good one', () => {
    const monica = voice('Mónica', 'es-ES');
    expect(chooseDeviceVoice([...linuxChromium, voice('Jorge', 'es-MX'), monica], 'es-ES')).toBe(monica);
  });

  it('skips the eSpeak voice even when it is the default and others rank lower', () => {
    const list = [
      voice('eSpeak English', 'en-GB', { default: true, localService: false }),
      voice('Kate', 'en-GB'),
    ];
    expect(chooseDeviceVoice(list, 'en-GB')?.name).toBe('Kate');
  });
});
