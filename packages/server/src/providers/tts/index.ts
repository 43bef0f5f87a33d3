// Text to speech: the provider interface, espeak-ng, and MP3 encoding.
export { encodeMp3, espeakTts, wavToPcm, type Pcm, type TtsProvider } from './tts.js';
