/**
 * The plate reader's files as the app serves them (vite.config.ts copies them at build): tesseract.js's worker, the
 * three builds of its LSTM core it chooses among by the browser's WebAssembly features, and the English model.
 * Under /assets/ (so the server marks them immutable and the service worker keeps them), in a folder named by the
 * library's version, so an upgrade is a new address.
 */
export const OCR_BASE = '/assets/ocr-7.0.0';

export const OCR_FILES = {
  'worker.min.js': 'tesseract.js/dist/worker.min.js',
  'tesseract-core-relaxedsimd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js',
  'tesseract-core-simd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'tesseract-core-lstm.wasm.js': 'tesseract.js-core/tesseract-core-lstm.wasm.js',
  'eng.traineddata.gz': '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
} as const;
