/** The simulator's version, named in callbacks' User-Agent and the console. */
export const VERSION = '0.1.0';
