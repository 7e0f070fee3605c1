import crypto from 'node:crypto';
import {
  SPREADSHEET_MAX_BYTES,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_TOTAL_BYTES,
} from '@parkade/contract';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError, invalid, type FieldMessage } from './errors';
import { formatBytes } from './i18n';
import { checkXlsx } from './xlsx';

/** 'files': documents and photos (SPEC §5, §9). 'spreadsheet': one .xlsx for imports. */
export type UploadKind = 'files' | 'spreadsheet';

/**
 * The text fields a multipart body may carry beside its files: what the forms send (`_method`, a form's own fields
 * when it travels with its files — the permit and visitor forms have about twenty, notes at most a few thousand
 * characters), and no more. More fields is a 413; a longer value is refused on its field.
 */
export const MULTIPART_FIELDS: Record<UploadKind, { count: number; bytes: number }> = {
  files: { count: 40, bytes: 8 * 1024 },
  spreadsheet: { count: 4, bytes: 256 },
};

export interface UploadedFile {
  field: string;
  filename: string;
  extension: string;
  mimeType: string;
  size: number;
  sha256: string;
  buffer: Buffer;
}

export interface MultipartBody {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file's own first bytes must say what its extension claims. */
export function magicMatches(ext: string, b: Buffer): boolean {
  switch (ext) {
    case 'pdf':
      return b.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'png':
      return b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'jpg':
    case 'jpeg':
      return b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'webp':
      return (
        b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'
      );
    case 'xlsx':
      return b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    default:
      return false;
  }
}

export const extensionOf = (name: string) => {
  const m = /\.([^./\\]+)$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
};

/** Field-name form of multipart keys: `a[]` collects into an array, everything else stays a string. */
function addField(fields: Record<string, unknown>, name: string, value: string) {
  if (name.endsWith('[]')) {
    const key = name.slice(0, -2);
    const list = (fields[key] as string[] | undefined) ?? [];
    list.push(value);
    fields[key] = list;
  } else fields[name] = value;
}

/**
 * Reads a multipart body under the upload policy. Sizes are enforced while streaming (a file never grows past
 * its limit in memory); every rule failure is a field error in the request's language, and nothing is stored.
 */
export async function readMultipart(req: FastifyRequest, kind: UploadKind): Promise<MultipartBody> {
  if (!req.isMultipart()) throw new HttpError(415, 'errors.unsupportedMediaType');
  const maxFile = kind === 'spreadsheet' ? SPREADSHEET_MAX_BYTES : UPLOAD_MAX_FILE_BYTES;
  const maxFiles = kind === 'spreadsheet' ? 1 : UPLOAD_MAX_FILES;
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  const errors: Record<string, FieldMessage[]> = {};
  const add = (field: string, m: FieldMessage) => (errors[field] ??= []).push(m);
  let total = 0;
  let count = 0;
  let tooMany = false;
  const allowed = kind === 'spreadsheet' ? ['xlsx'] : [...UPLOAD_EXTENSIONS];

  const fieldLimits = MULTIPART_FIELDS[kind];
  const options: FastifyMultipartBaseOptions = {
    limits: {
      fileSize: maxFile + 1,
      // One file past the policy is read (and drained) so that "at most N files" is said on its field.
      files: maxFiles + 1,
      fields: fieldLimits.count,
      fieldSize: fieldLimits.bytes,
      parts: maxFiles + 1 + fieldLimits.count,
    },
    // An oversized file is reported below as its field's error (SPEC §5 message), not as a 413 for the request.
    // (Honoured by req.parts at run time; its type does not list it.)
    throwFileSizeLimit: false,
  };
  for await (const part of req.parts(options)) {
    if (part.type === 'field') {
      // A value cut at the size limit is refused, never kept shortened.
      if (part.valueTruncated || part.fieldnameTruncated)
        add(part.fieldname.replace(/\[\]$/, '').slice(0, 100), {
          key: 'validation.max',
          params: { max: fieldLimits.bytes },
        });
      else if (typeof part.value === 'string') addField(fields, part.fieldname, part.value);
      continue;
    }
    const field = part.fieldname.replace(/\[\]$/, '');
    count += 1;
    if (count > maxFiles) {
      tooMany = true;
      part.file.resume();
      continue;
    }
    const buffer = await part.toBuffer().catch(() => null);
    const filename = part.filename ?? '';
    if (!filename && (!buffer || buffer.length === 0)) {
      count -= 1;
      continue; // an empty file input: treated as absent
    }
    const ext = extensionOf(filename);
    if (!buffer || part.file.truncated || buffer.length > maxFile) {
      add(field, { key: 'upload.tooLarge', params: { max: formatBytes(maxFile) } });
      continue;
    }
    if (!allowed.includes(ext)) {
      add(field, {
        key: kind === 'spreadsheet' ? 'upload.spreadsheetOnly' : 'upload.unsupportedType',
        params: { types: allowed.join(', ') },
      });
      continue;
    }
    if (!magicMatches(ext, buffer)) {
      add(field, { key: 'upload.contentMismatch', params: { name: filename, ext } });
      continue;
    }
    if (kind === 'spreadsheet') {
      const problem = inspectXlsx(buffer);
      if (problem) {
        add(field, problem);
        continue;
      }
    }
    total += buffer.length;
    files.push({
      field,
      filename: filename.slice(0, 255),
      extension: ext,
      mimeType: MIME[ext] ?? 'application/octet-stream',
      size: buffer.length,
      sha256: crypto.createHash('sha256').update(buffer).digest('hex'),
      buffer,
    });
  }
  const firstField = files[0]?.field ?? 'files';
  if (tooMany) add(firstField, { key: 'upload.tooMany', params: { max: maxFiles } });
  if (total > UPLOAD_MAX_TOTAL_BYTES)
    add(firstField, { key: 'upload.totalTooLarge', params: { max: formatBytes(UPLOAD_MAX_TOTAL_BYTES) } });
  const seen = new Set<string>();
  for (const f of files) {
    const k = f.filename.toLowerCase();
    if (seen.has(k)) {
      add(f.field, { key: 'upload.duplicateName' });
      break;
    }
    seen.add(k);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { fields, files };
}

/** Throws upload.required for the field when no file came with it. */
export function requireFile(files: UploadedFile[], field: string): UploadedFile {
  const f = files.find((x) => x.field === field);
  if (!f) throw invalid({ [field]: [{ key: 'upload.required' }] });
  return f;
}

/** Checks an .xlsx before any parser sees it (platform/xlsx.ts): null when it may be read, else why not. */
export function inspectXlsx(buf: Buffer): FieldMessage | null {
  const checked = checkXlsx(buf);
  return checked.ok ? null : checked.problem;
}
