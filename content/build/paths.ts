import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** content/ — the course sources live in courses/, the build output in dist/ (not committed). */
export const contentRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultCoursesDir = path.join(contentRoot, 'courses');
export const defaultDistDir = path.join(contentRoot, 'dist');

/** Inside the build output: pre-generated audio (`audio/{lang}/{hash}.mp3`, `audio/static/*.mp3`) and pictures. */
export const audioDirIn = (distDir: string) => path.join(distDir, 'audio');
export const picturesDirIn = (distDir: string) => path.join(distDir, 'pictures');
