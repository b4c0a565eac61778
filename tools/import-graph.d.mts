// Types of import-graph.mjs for its test.
export declare const ROOT: string;
export declare function sourceFiles(dir?: string): string[];
export declare function resolveImport(spec: string, fromRel: string): string | null;
export declare function importsOf(text: string, file: string): string[];
export declare function importGraph(files?: string[]): Map<string, string[]>;
export declare function importCircles(graph: Map<string, string[]>): string[][];
export declare function describeCircle(graph: Map<string, string[]>, circle: string[]): string;
