/**
 * The speech engines, run in their own child process: the app only exchanges plain messages with it (text
 * in, MP3 bytes out) and never links them. eSpeak NG (GPL-3.0) runs here as WebAssembly; SVOX Pico
 * (Apache-2.0, Debian non-free) as its `pico2wave` program. Started by synthesiser.ts with an IPC channel;
 * one request at a time. The MP3 encoding happens here too, so several processes share the work and the
 * server's event loop never encodes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { decodeWav, encodeMp3 } from './mp3.ts';
import type { Voice } from './voices.ts';

interface Request {
  id: number;
  voice: Voice;
  text: string;
}

interface ESpeakModule {
  FS: { readFile(path: string): Uint8Array };
}
type ESpeakFactory = (options: Record<string, unknown>) => Promise<ESpeakModule>;

/** The part of the WebAssembly global used here (the project's lib settings do not declare it). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const require = createRequire(import.meta.url);

/** eSpeak NG's module, compiled on first use (a worker that only runs Pico never loads it). */
let espeakLoaded: Promise<{ create: ESpeakFactory; compiled: object }> | undefined;
function loadESpeak() {
  espeakLoaded ??= (async () => {
    const packageDir = path.dirname(require.resolve('espeak-ng/package.json'));
    const { default: create } = (await import(path.join(packageDir, 'dist', 'espeak-ng.js'))) as {
      default: ESpeakFactory;
    };
    const compiled = await wasm.compile(fs.readFileSync(path.join(packageDir, 'dist', 'espeak-ng.wasm')));
    return { create, compiled };
  })();
  return espeakLoaded;
}

async function espeak(voice: string, text: string): Promise<Uint8Array> {
  const { create, compiled } = await loadESpeak();
  // Each phrase gets a fresh instance, because the module runs eSpeak's main() once.
  const instance = await create({
    // `--` ends the options, so a phrase starting with '-' is still spoken as text.
    arguments: ['-v', voice, '-s', '150', '-w', '/out.wav', '--', text],
    print: () => {},
    printErr: () => {},
    instantiateWasm(imports: object, receive: (instance: object, module: object) => void) {
      void wasm.instantiate(compiled, imports).then((made) => receive(made, compiled));
      return {};
    },
  });
  return instance.FS.readFile('/out.wav');
}

/** `pico2wave` reads the text from standard input (never parsed as options) and writes a WAV file. */
async function pico(voice: string, text: string): Promise<Uint8Array> {
  const file = path.join(os.tmpdir(), `parlo-pico-${process.pid}-${randomBytes(6).toString('hex')}.wav`);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('pico2wave', ['-l', voice, '-w', file], { stdio: ['pipe', 'ignore', 'pipe'] });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`pico2wave exited with ${code}: ${errors.trim()}`)),
      );
      child.stdin.end(text);
    });
    return await fs.promises.readFile(file);
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

function synthesise({ engine, name }: Voice, text: string): Promise<Uint8Array> {
  return engine === 'pico' ? pico(name, text) : espeak(name, text);
}

let queue = Promise.resolve();
process.on('message', (message: Request) => {
  queue = queue.then(async () => {
    try {
      const mp3 = await encodeMp3(decodeWav(await synthesise(message.voice, message.text)));
      process.send?.({ id: message.id, mp3 });
    } catch (error) {
      process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
process.send?.({ ready: true });
