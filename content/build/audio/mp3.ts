import type { WasmMediaEncoder } from 'wasm-media-encoders';

/** Mono 16-bit PCM, as eSpeak NG writes it and as the sound effects are synthesised. */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

/** Speech and short chimes: 48 kbit/s mono is clear and small. */
const BIT_RATE = 48;

/**
 * LAME compiled to WebAssembly (wasm-media-encoders): one instance per process, loaded on first use (a
 * server that never makes a sound never loads it). lamejs, the JavaScript port used before, took most of a
 * recording's CPU (figures in bench/README.md).
 */
let lame: Promise<WasmMediaEncoder<'audio/mpeg'>> | undefined;

/** Encodes mono PCM as MP3 (LAME, constant bit rate). */
export async function encodeMp3({ sampleRate, samples }: Pcm): Promise<Buffer> {
  lame ??= import('wasm-media-encoders').then((encoders) => encoders.createMp3Encoder());
  const encoder = await lame;
  // From here on nothing awaits, so calls made together cannot interleave on the one encoder.
  encoder.configure({ channels: 1, sampleRate, bitrate: BIT_RATE });
  const floats = Float32Array.from(samples, (sample) => sample / 32_768);
  // encode() and finalize() answer views of the encoder's memory, reused by the next call: copy them.
  const body = Buffer.from(encoder.encode([floats]));
  return Buffer.concat([body, Buffer.from(encoder.finalize())]);
}

/** Reads a PCM WAV file (RIFF, 16-bit); multi-channel audio keeps the first channel. */
export function decodeWav(wav: Uint8Array): Pcm {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (offset: number) => String.fromCharCode(...wav.subarray(offset, offset + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= wav.byteLength) {
    const id = tag(offset);
    // eSpeak NG streams its WAV and leaves the data size at 0x7ffff…: read to the end of the file then.
    const declared = view.getUint32(offset + 4, true);
    const size = Math.min(declared, wav.byteLength - offset - 8);
    if (id === 'fmt ') {
      channels = view.getUint16(offset + 10, true);
      sampleRate = view.getUint32(offset + 12, true);
      bits = view.getUint16(offset + 22, true);
    } else if (id === 'data') {
      if (bits !== 16 || sampleRate === 0)
        throw new Error(`unsupported WAV: ${bits}-bit at ${sampleRate} Hz`);
      const frames = Math.floor(size / (2 * channels));
      const samples = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame += 1) {
        samples[frame] = view.getInt16(offset + 8 + frame * 2 * channels, true);
      }
      return { sampleRate, samples };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAV file has no data');
}

/**
 * Whether the bytes start with an MP3 frame header (11 sync bits, MPEG version and layer III), possibly
 * after an ID3v2 tag.
 */
export function startsWithMp3Frame(bytes: Uint8Array): boolean {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
    offset = 10 + size;
  }
  const first = bytes[offset];
  const second = bytes[offset + 1];
  if (first === undefined || second === undefined) return false;
  const layer = (second >> 1) & 0b11;
  return first === 0xff && (second & 0xe0) === 0xe0 && layer === 0b01;
}
