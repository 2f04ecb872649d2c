import path from 'node:path';
import { defaultAdsDir } from '../ads/house-ads.ts';
import { contentRoot, defaultCoursesDir, defaultDistDir } from '../paths.ts';

export interface CliOptions {
  coursesDir: string;
  /** The house ads to validate; left out when `--courses` names another folder (their banners name the bundled courses). */
  adsDir: string | undefined;
  distDir: string;
  displayRoot: string;
  strict: boolean;
  verbose: boolean;
  audio: boolean;
}

/** `--courses DIR`, `--dist DIR`, `--strict`, `--verbose`, `--no-audio`. */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  const valueOf = (flag: string) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  const courses = valueOf('--courses');
  const dist = valueOf('--dist');
  return {
    coursesDir: courses ? path.resolve(courses) : defaultCoursesDir,
    adsDir: courses ? undefined : defaultAdsDir,
    distDir: dist ? path.resolve(dist) : defaultDistDir,
    displayRoot: path.dirname(contentRoot),
    strict: argv.includes('--strict'),
    verbose: argv.includes('--verbose'),
    audio: !argv.includes('--no-audio'),
  };
}
