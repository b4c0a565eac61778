import { readFileSync } from 'node:fs';
import { SimConfigSchema, type SimConfig } from '@shared/schemas/config.schema';
import { problemMessages, schemaProblems } from '@shared/rules/schema-problems';

export class ConfigError extends Error {}

/** Reads and checks the JSON config file; every problem is named with its field path. */
export function loadConfig(file: string | undefined): SimConfig {
  if (!file) return {};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read config file ${file}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`config file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = SimConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      `config file ${file}:\n  ${problemMessages(schemaProblems(parsed.error)).join('\n  ')}`,
    );
  }
  return parsed.data;
}
