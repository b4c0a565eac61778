import type { z } from 'zod';
import type { ParamDoc, ResponseDoc } from './op-types';

/** Small constructors for the operations' answers, so each declaration reads as one line per answer. */

export const ok = (schema: z.ZodType, description = 'OK'): ResponseDoc => ({
  status: 200,
  description,
  schema,
});

export const created = (
  schema: z.ZodType | undefined,
  description: string,
  headers: Record<string, string> = {},
): ResponseDoc => ({ status: 201, description, ...(schema ? { schema } : {}), headers });

export const noContent = (description: string): ResponseDoc => ({ status: 204, description });

/** An error answer in the API's own error shape. */
export const fail = (status: ResponseDoc['status'], description: string): ResponseDoc => ({
  status,
  description,
  error: true,
});

export const LOCATION = { Location: 'The URL of the resource created' } as const;

/** The query of a listing page (the in-person and elements APIs page alike). */
export const PAGE: ParamDoc[] = [
  { name: 'page_size', description: 'How many per page', schema: { type: 'integer', minimum: 1 } },
  { name: 'cursor', description: 'The `next_cursor` of the previous page' },
];
