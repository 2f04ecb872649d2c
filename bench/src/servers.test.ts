import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveCommand } from './servers.ts';

const checkoutWithServe = (serve: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parlo-serve-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts: { serve } }));
  return dir;
};

describe('the server command the bench starts, read from the checkout’s `npm run serve`', () => {
  it('is the bundled server with the script’s settings', () => {
    const dir = checkoutWithServe('NODE_ENV=production MALLOC_ARENA_MAX=2 node apps/server/dist/server.js');
    expect(serveCommand(dir)).toEqual({
      env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' },
      args: ['apps/server/dist/server.js'],
    });
  });

  it('is the TypeScript through tsx in a baseline checkout from before the bundle', () => {
    const dir = checkoutWithServe('NODE_ENV=production node --import tsx apps/server/src/server.ts');
    expect(serveCommand(dir).args).toEqual(['--import', 'tsx', 'apps/server/src/server.ts']);
  });

  it('refuses a script it cannot start as one node process', () => {
    expect(() => serveCommand(checkoutWithServe('npm run build && node x.js'))).toThrow(/npm run serve/);
    expect(() => serveCommand(checkoutWithServe('node x.js | tee log'))).toThrow(/npm run serve/);
  });
});
