import { checkContent } from '../check-content.ts';
import { parseCliOptions } from './options.ts';
import { printCheckResult } from './report.ts';

/** `npm run content:check [-- --strict] [--verbose] [--courses DIR]`: validate and print the coverage. */
const options = parseCliOptions(process.argv.slice(2));
const started = performance.now();
const result = checkContent(options);
printCheckResult(result, options);
console.log(`checked in ${Math.round(performance.now() - started)} ms`);
process.exitCode = result.ok ? 0 : 1;
