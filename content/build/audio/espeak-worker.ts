/**
 * The eSpeak NG (GPL-3.0) synthesiser, run as its own child process: the app only exchanges plain
 * messages with it (text in, MP3 bytes out) and never links it. Started by synthesiser.ts with an IPC
 * channel; one request at a time. The MP3 encoding happens here too, so several processes share the work.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeWav, encodeMp3 } from './mp3.ts';

interface Request {
  id: number;
  voice: string;
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
const packageDir = path.dirname(require.resolve('espeak-ng/package.json'));
const { default: createESpeak } = (await import(path.join(packageDir, 'dist', 'espeak-ng.js'))) as {
  default: ESpeakFactory;
};
// Compiled once; each phrase gets a fresh instance, because the module runs eSpeak's main() once.
const compiled = await wasm.compile(fs.readFileSync(path.join(packageDir, 'dist', 'espeak-ng.wasm')));

async function synthesise(voice: string, text: string): Promise<Uint8Array> {
  const espeak = await createESpeak({
    // `--` ends the options, so a phrase starting with '-' is still spoken as text.
    arguments: ['-v', voice, '-s', '150', '-w', '/out.wav', '--', text],
    print: () => {},
    printErr: () => {},
    instantiateWasm(imports: object, receive: (instance: object, module: object) => void) {
      void wasm.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
  });
  return espeak.FS.readFile('/out.wav');
}

let queue = Promise.resolve();
process.on('message', (message: Request) => {
  queue = queue.then(async () => {
    try {
      const mp3 = encodeMp3(decodeWav(await synthesise(message.voice, message.text)));
      process.send?.({ id: message.id, mp3 });
    } catch (error) {
      process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
process.send?.({ ready: true });
