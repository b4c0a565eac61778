/*
 * Reads docs/conformance.md's "Client-side events" table: the names (in backticks, first column) of the
 * rows whose verdict is "as documented". The client-side events spec checks each of them fired.
 */
export function documentedAsSimulated(markdown: string): string[] {
  const start = markdown.indexOf('## Client-side events');
  if (start < 0) throw new Error('docs/conformance.md has no "## Client-side events" section');
  const rest = markdown.slice(start + 1);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const names: string[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || cells[2] !== 'as documented') continue;
    for (const m of cells[1]!.matchAll(/`([^`]+)`/g))
      names.push(m[1]!.replace(/\(.*$/, '').replace(/^api\./, ''));
  }
  return names;
}
