import os from 'node:os';
import { pregenerateAudio } from '../audio/audio-cache.ts';
import { checkContent } from '../check-content.ts';
import { audioDirIn } from '../paths.ts';
import { writeBuildOutput } from '../write-output.ts';
import { parseCliOptions } from './options.ts';
import { printCheckResult } from './report.ts';

/**
 * `npm run content:build [-- --no-audio]`: validate and print the report as content:check does, write
 * content/dist (catalogue, pictures, sound effects) and pre-generate every phrase's audio. Nothing is
 * written while any course has an error. `npm test` checks the courses through this build, once.
 */
const options = parseCliOptions(process.argv.slice(2));
const started = performance.now();
const result = checkContent(options);
printCheckResult(result, options);
if (!result.build) {
  console.error('content:build: nothing written (fix the errors above)');
  process.exit(1);
}
const catalogue = result.build.catalogue;
await writeBuildOutput(catalogue, options.distDir);
const exercises = catalogue.packages.reduce(
  (sum, pkg) =>
    sum +
    pkg.programs.reduce(
      (programSum, program) =>
        programSum +
        program.topics.reduce(
          (topicSum, topic) => topicSum + topic.lessons.reduce((n, lesson) => n + lesson.exercises.length, 0),
          0,
        ),
      0,
    ),
  0,
);
console.log(
  `content:build: ${catalogue.packages.length} courses × speakers, ${exercises} exercises, ${catalogue.pictures.length} pictures, ` +
    `${catalogue.phrases.length} texts with audio → ${options.distDir} (${Math.round(performance.now() - started)} ms)`,
);

if (options.audio) {
  const workers = Math.max(1, Math.min(8, os.availableParallelism()));
  let shown = 0;
  const stats = await pregenerateAudio(
    catalogue.phrases,
    audioDirIn(options.distDir),
    workers,
    (done, total) => {
      if (done === total || done - shown >= 100) {
        shown = done;
        console.log(`  audio ${done}/${total}`);
      }
    },
  );
  const voices = Object.entries(stats.voices).map(([language, voice]) => `${language} ${voice}`);
  console.log(`content:build: voices: ${voices.join(', ')}`);
  for (const failure of stats.failed) console.error(`  audio failed: ${failure}`);
  const perPhrase = stats.generated > 0 ? stats.milliseconds / stats.generated : 0;
  console.log(
    `content:build: audio ${stats.generated} generated, ${stats.total - stats.generated - stats.failed.length} cached, ` +
      `${stats.failed.length} failed; ${Math.round(stats.milliseconds)} ms with ${workers} processes ` +
      `(${Math.round(perPhrase * workers)} ms per phrase per process, ${Math.round(stats.bytes / Math.max(1, stats.generated))} bytes each)`,
  );
  if (stats.failed.length > 0) process.exitCode = 1;
}
