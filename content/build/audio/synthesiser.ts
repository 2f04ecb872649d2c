import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Voice } from './voices.ts';

interface Pending {
  engine: string;
  resolve(mp3: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Worker {
  process: ChildProcess;
  pending: Map<number, Pending>;
  busy: number;
}

const workerFile = fileURLToPath(new URL('./speech-worker.ts', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Speaks target-language text into MP3 with a voice of voices.ts (SVOX Pico or eSpeak NG) in child
 * processes (started on first use, several for a batch); each process also encodes its WAV as MP3 (mp3.ts).
 */
export class Synthesiser {
  private readonly workers: Worker[] = [];
  private nextId = 1;

  constructor(private readonly maxWorkers = 1) {}

  async mp3(voice: Voice, text: string): Promise<Buffer> {
    return Buffer.from(await this.request(voice, text));
  }

  private request(voice: Voice, text: string): Promise<Uint8Array> {
    const worker = this.pickWorker();
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.pending.delete(id);
        worker.busy -= 1;
        reject(new Error(`${voice.engine} did not answer within ${REQUEST_TIMEOUT_MS} ms`));
        this.retire(worker);
      }, REQUEST_TIMEOUT_MS);
      worker.pending.set(id, { engine: voice.engine, resolve, reject, timer });
      worker.busy += 1;
      holdOpen(worker, true);
      worker.process.send({ id, voice, text });
    });
  }

  private pickWorker(): Worker {
    const idle = this.workers.find((worker) => worker.busy === 0);
    if (idle) return idle;
    if (this.workers.length < this.maxWorkers) return this.start();
    return this.workers.reduce((least, worker) => (worker.busy < least.busy ? worker : least));
  }

  private start(): Worker {
    const child = fork(workerFile, [], {
      execArgv: ['--import', tsxLoader],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const worker: Worker = { process: child, pending: new Map(), busy: 0 };
    holdOpen(worker, false);
    child.on('message', (message: { id?: number; mp3?: Uint8Array; error?: string }) => {
      if (message.id === undefined) return;
      const pending = worker.pending.get(message.id);
      if (!pending) return;
      worker.pending.delete(message.id);
      worker.busy -= 1;
      if (worker.busy === 0) holdOpen(worker, false);
      clearTimeout(pending.timer);
      if (message.mp3) pending.resolve(message.mp3);
      else pending.reject(new Error(`${pending.engine}: ${message.error ?? 'no audio'}`));
    });
    child.on('exit', () => {
      for (const pending of worker.pending.values()) {
        clearTimeout(pending.timer);
        pending.reject(new Error(`${pending.engine} stopped`));
      }
      worker.pending.clear();
      this.remove(worker);
    });
    this.workers.push(worker);
    return worker;
  }

  private remove(worker: Worker): void {
    const index = this.workers.indexOf(worker);
    if (index !== -1) this.workers.splice(index, 1);
  }

  private retire(worker: Worker): void {
    this.remove(worker);
    worker.process.kill();
  }

  async close(): Promise<void> {
    const stopping = this.workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.process.exitCode !== null) return resolve();
          holdOpen(worker, true);
          worker.process.once('exit', () => resolve());
          worker.process.kill();
        }),
    );
    await Promise.all(stopping);
  }
}

/** A worker keeps this process alive only while it has work: an idle one must not block exit. */
function holdOpen(worker: Worker, open: boolean): void {
  if (open) {
    worker.process.ref();
    worker.process.channel?.ref();
  } else {
    worker.process.unref();
    worker.process.channel?.unref();
  }
}
