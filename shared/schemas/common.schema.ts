import { z } from 'zod';

/** An amount in minor units (integer, may be negative on discount lines). */
export const AmountSchema = z.int();
/** A tax rate with two implicit decimals: 2500 = 25 %. */
export const TaxRateSchema = z.int().min(0).max(10000);
export const CountrySchema = z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166 country code');
export const CurrencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 currency code');
export const LocaleSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i, 'must be a language-region tag such as en-GB');

/** One field-level problem: where it is and which rule it broke. */
export const FieldProblemSchema = z.object({ path: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof FieldProblemSchema>;
