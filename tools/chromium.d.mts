// Types of chromium.mjs for playwright.config.ts.
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_PATH: string;
