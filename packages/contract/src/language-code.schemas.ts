import { z } from 'zod';
import { LANGUAGE_CODE_PATTERN } from './constants';

/**
 * A language code in a body or an answer: ISO 639-1, two lowercase letters. Whether the product offers it (the
 * language codes' table, decision 0051) and whether this user or property may use it is the server's to check.
 */
export const languageCodeSchemaWith = (params: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(LANGUAGE_CODE_PATTERN, 'validation.invalidSelection');
export const languageCodeSchema = languageCodeSchemaWith('validation.invalidSelection');
