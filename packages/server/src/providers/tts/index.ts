// Text to speech: the provider interface, espeak-ng, and MP3 encoding.
export { espeakTts, lameEncoder, wavToPcm, type Mp3Encoder, type Pcm, type TtsProvider } from './tts.js';
