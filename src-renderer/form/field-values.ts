/**
 * Reads a number field as an integer when it is one, else passes the text on as typed, so the simulator's
 * own rule names the problem (beside the field) rather than the console guessing it.
 */
export function numberOrText(text: string): number | string {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}
