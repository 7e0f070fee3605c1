import { UPLOAD_EXTENSIONS, UPLOAD_MAX_FILE_BYTES } from '@parkade/contract';
import type { TFunction } from 'i18next';

const MB = 1024 * 1024;

/**
 * The platform's upload policy (SPEC §5) for one document, checked before sending so the user hears at once;
 * the server checks it again. Null when the file may be sent.
 */
export function uploadProblem(file: File, t: TFunction): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext))
    return t('upload.unsupportedType', { types: UPLOAD_EXTENSIONS.join(', ') });
  if (file.size > UPLOAD_MAX_FILE_BYTES)
    return t('upload.tooLarge', { max: `${Math.round(UPLOAD_MAX_FILE_BYTES / MB)} MB` });
  return null;
}
