import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

/** The published JSON Schema of scenario files, the one editors and other tools check files with. */
const SCHEMA_FILE = join(import.meta.dirname, '../../docs/scenario.schema.json');

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object,
);

/**
 * What a JSON Schema validator other than ours finds wrong with a scenario file's text against
 * docs/scenario.schema.json: one line per problem (`/steps/0: must have required property …`); none when valid.
 */
export function publishedSchemaProblems(text: string): string[] {
  if (validate(parse(text))) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
}
