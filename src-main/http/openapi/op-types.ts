import type { z } from 'zod';

/** A JSON object of the generated document (OpenAPI and JSON Schema are plain JSON). */
export type Json = Record<string, unknown>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query or header parameter. */
export interface ParamDoc {
  name: string;
  description: string;
  schema?: Json;
  required?: boolean;
}

export interface BodyDoc {
  schema: z.ZodType;
  /** False where the route reads a body only when one is sent. */
  required?: boolean;
  /** Defaults to the API's request media type. */
  mediaTypes?: readonly string[];
  description?: string;
}

/** One answer of an operation: a success with its schema, or an error in the API's own shape. */
export interface ResponseDoc {
  /** An HTTP status, or a range such as `5XX`. */
  status: number | `${1 | 2 | 3 | 4 | 5}XX`;
  description: string;
  /** The body's schema; absent for answers without a body. */
  schema?: z.ZodType;
  /** The body is the API's error shape (checkout, problem, elements or failure). */
  error?: boolean;
  /** Media types of the body; defaults to the API's response media type. */
  mediaTypes?: readonly string[];
  /** Response headers and what they carry. */
  headers?: Readonly<Record<string, string>>;
  /** Simulator-defined: this answer is not part of the real service's contract. */
  simDefined?: boolean;
}

/** What the document says of one operation (its declaration, define-operation.ts, adds the handler). */
export interface OpDoc {
  method: HttpMethod;
  /** The router's pattern, with `:name` segments for path parameters. */
  path: string;
  /** The operation's id: the route's kind in the exchange log, the OpenAPI operationId. */
  kind: string;
  tag: string;
  summary: string;
  description?: string;
  /** Simulator-defined: the whole operation is not part of the real service's contract. */
  simDefined?: boolean;
  query?: readonly ParamDoc[];
  headers?: readonly ParamDoc[];
  body?: BodyDoc;
  responses: readonly ResponseDoc[];
  /** Served without authentication. */
  public?: boolean;
}

/** One API of a listener: its operations and the error shape they answer in. */
export interface ApiDoc {
  /** The component (in the schema catalog) that this API's error bodies follow. */
  errorSchema: z.ZodType;
  errorMediaType: string;
  /** Media type of request bodies unless an operation names its own. */
  requestMediaTypes: readonly string[];
  /** Errors every operation can answer (authentication), beside its own. */
  commonErrors: readonly ResponseDoc[];
  /** Errors of reading a JSON body, added to every operation that reads one. */
  bodyErrors: readonly ResponseDoc[];
  ops: readonly OpDoc[];
}

/** An outgoing call to the merchant's server, documented under `webhooks`. */
export interface WebhookDoc {
  name: string;
  summary: string;
  description: string;
  simDefined?: boolean;
  /** Absent for a call with an empty body (push). */
  body?: z.ZodType;
  responses: readonly ResponseDoc[];
}
