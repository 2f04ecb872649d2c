import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultAdsDir } from '../ads/house-ads.ts';
import { defaultCoursesDir } from '../paths.ts';
import { parseCliOptions } from './options.ts';

describe('content CLI options', () => {
  it('checks the bundled courses with the house ads by default', () => {
    const options = parseCliOptions(['--strict']);
    expect(options.coursesDir).toBe(defaultCoursesDir);
    expect(options.adsDir).toBe(defaultAdsDir);
    expect(options.strict).toBe(true);
  });

  it('checks a folder of one course without the house ads, whose banners name the bundled courses', () => {
    // With the ads, a banner of another course was an error that stopped the listed-answers rule.
    const options = parseCliOptions(['--courses', '/tmp/one-course']);
    expect(options.coursesDir).toBe(path.resolve('/tmp/one-course'));
    expect(options.adsDir).toBeUndefined();
  });
});
