import { normalizePlate, PLATE_MAX } from '@parkade/contract';
import { OCR_BASE } from './ocr-files';

/*
 * Reading a plate from a photo (issue 18, optional): tesseract.js in a worker, with its core and the English model
 * from the app's own files (ocr-files.ts), loaded the first time an officer uses it and kept for the next photo.
 * What it reads only fills the plate field: the officer checks it, then looks it up.
 */

type Worker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;
let reader: Promise<Worker> | null = null;

function worker(): Promise<Worker> {
  reader ??= (async () => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const w = await createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: `${OCR_BASE}/worker.min.js`,
      corePath: OCR_BASE,
      langPath: OCR_BASE,
      // A worker from our own address: the content security policy allows no blob: workers.
      workerBlobURL: false,
    });
    await w.setParameters({
      // Automatic page layout: a photo holds the plate, and often a state's name and a slogan around it.
      tessedit_pageseg_mode: PSM.AUTO,
      tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -',
      // Tesseract's own diagnostics ("Estimating resolution…") would land in the browser's console as errors.
      debug_file: '/dev/null',
    });
    return w;
  })().catch((e: unknown) => {
    reader = null;
    throw e;
  });
  return reader;
}

/**
 * The plate among what was read: of each line and each word of it, the strings of 2 to PLATE_MAX letters and
 * digits; those with a digit first (a state's name or a slogan has none), then the length nearest 7 (most plates),
 * then the first read. Null when nothing looks like a plate.
 */
export function plateFromText(text: string): string | null {
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const line of text.split(/\n+/)) {
    for (const part of [line, ...line.split(/\s+/)]) {
      const plate = normalizePlate(part);
      if (plate.length < 2 || plate.length > PLATE_MAX || seen.has(plate)) continue;
      seen.add(plate);
      candidates.push(plate);
    }
  }
  const score = (p: string) => (/\d/.test(p) ? 0 : 100) + Math.abs(p.length - 7);
  return candidates.reduce<string | null>(
    (best, p) => (best === null || score(p) < score(best) ? p : best),
    null,
  );
}

/** Reads the plate in a photo, or null when none could be read. */
export async function readPlate(image: Blob): Promise<string | null> {
  const { data } = await (await worker()).recognize(image);
  return plateFromText(data.text);
}
