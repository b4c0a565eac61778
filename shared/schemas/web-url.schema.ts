import { z } from 'zod';
import { isWebUrl } from '../rules/web-url';

/** A URL field: an absolute http or https address of at most `max` characters (rules/web-url.ts). */
export const webUrl = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max)
    .refine(isWebUrl, 'must be an absolute http:// or https:// URL');
