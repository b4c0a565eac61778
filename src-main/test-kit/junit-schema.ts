import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const XSD = readFileSync(resolve(import.meta.dirname, '../../tools/junit.xsd'), 'utf8');

/** Problems of a JUnit XML file against tools/junit.xsd, by libxml2 (xmllint compiled to WebAssembly). */
export async function junitProblems(xml: string): Promise<string[]> {
  const r = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: XSD }],
  });
  return r.errors.map((e) => e.message);
}
