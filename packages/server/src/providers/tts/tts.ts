import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Unavailable } from '../../lib/errors.js';

/** Mono 16-bit little-endian PCM. */
export interface Pcm {
  samples: Buffer;
  sampleRate: number;
}

/**
 * Text to speech, one sentence at a time (so the caller knows where each sentence starts).
 * espeak-ng is the offline default; a cloud voice implements the same interface.
 */
export interface TtsProvider {
  readonly name: string;
  /** Names the voice and speed, so a cache can tell outputs of different settings apart. */
  readonly voice: string;
  speak(text: string): Promise<Pcm>;
}

/** Runs a program with `input` on its stdin and answers its stdout; exported for its tests. */
export function run(cmd: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new Unavailable(`服务器没有安装 ${cmd}，暂时无法生成音频`) : e),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${cmd} exited with ${code}: ${Buffer.concat(err).toString().slice(0, 300)}`));
    });
    // A program that exits before reading all its input (a failure, or a kill at shutdown) makes
    // the write fail with EPIPE; without a listener that error would be thrown from the stream
    // and take the process down. The exit code, reported above, is the answer.
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? Buffer.alloc(0));
  });
}

/** The PCM inside a RIFF/WAVE file (espeak-ng writes 22050 Hz mono 16-bit). */
export function wavToPcm(wav: Buffer): Pcm {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 22050;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    let size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(offset + 12);
    if (id === 'data') {
      // espeak-ng writing to a pipe cannot seek back to fill in the size: take the rest.
      if (size === 0 || size === 0xffffffff || offset + 8 + size > wav.length) size = wav.length - offset - 8;
      return { samples: wav.subarray(offset + 8, offset + 8 + (size & ~1)), sampleRate };
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error('WAV file without data');
}

/** Debian `espeak-ng`: offline, many voices (`en-us`, `en-gb`, `en-us+f3`…), speed in words per minute. */
export function espeakTts(voice: string, speed: number): TtsProvider {
  return {
    name: 'espeak-ng',
    voice: `${voice}@${speed}`,
    async speak(text) {
      // `--` ends the options, so a sentence starting with "-" is read, not parsed.
      const wav = await run('espeak-ng', ['-v', voice, '-s', String(speed), '--stdout', '--', text]);
      return wavToPcm(wav);
    },
  };
}

/** How `lame` encodes: raw 16-bit little-endian mono PCM in, MP3 out (mono, 48 kbit/s: plenty for speech). */
const lameArgs = (sampleRate: number) => [
  '--quiet',
  '-r',
  '-s',
  String(sampleRate / 1000),
  '--bitwidth',
  '16',
  '--signed',
  '--little-endian',
  '-m',
  'm',
  '-b',
  '48',
  '-',
  '-',
];

/**
 * One encoder process fed PCM as it is made: sentence after sentence goes in, the MP3 comes out
 * as it is encoded, so neither the PCM nor the MP3 of a whole article is ever held in memory.
 */
export interface Mp3Encoder {
  /** Writes PCM; waits while the encoder is behind, so PCM never piles up in front of it. */
  write(pcm: Buffer): Promise<void>;
  /**
   * The MP3 as it is encoded. It ends only once the encoder exited cleanly and errors otherwise,
   * so whoever stores it never keeps a file cut short by a failed encoder.
   */
  readonly output: Readable;
  /** Ends the input and waits for the encoder to exit; rejects when it failed. */
  end(): Promise<void>;
  /** Stops the encoder (a build that failed or was given up). */
  kill(): void;
}

/** Debian `lame` as an `Mp3Encoder`. */
export function lameEncoder(sampleRate: number): Mp3Encoder {
  const child = spawn('lame', lameArgs(sampleRate), { stdio: ['pipe', 'pipe', 'pipe'] });
  const output = new PassThrough();
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => {
    if (stderr.length < 300) stderr += b.toString();
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new Unavailable('服务器没有安装 lame，暂时无法生成音频') : e),
    );
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`lame exited with ${code ?? signal}: ${stderr.slice(0, 300)}`)),
    );
  });
  // 'close' comes after stdout has ended, so everything encoded has been passed on by then.
  child.stdout.pipe(output, { end: false });
  exited.then(
    () => output.end(),
    (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  // An encoder that exits early breaks the pipe (EPIPE); its exit, reported above, is the answer.
  child.stdin.on('error', () => {});
  const early = exited.then(() => {
    throw new Error('lame exited before its input ended');
  });
  early.catch(() => undefined);
  return {
    output,
    async write(pcm) {
      if (child.stdin.write(pcm)) return;
      await Promise.race([once(child.stdin, 'drain'), early]);
    },
    async end() {
      child.stdin.end();
      await exited;
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}
