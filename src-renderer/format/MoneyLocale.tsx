import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { browserLocale } from './locale';
import { formatMoney } from './money';

/**
 * The locale an order's amounts are written in (issue 34 point 4: one format per order, everywhere): a
 * page showing one order provides its `locale`, so the console writes `348,00 kr` for a sv-SE order as the
 * checkout and the shop do. Outside an order (terminals, the create form) the browser's locale stays.
 */
const MoneyLocaleContext = createContext<string | null>(null);

/** Provides an order's locale to the money shown under it; none (undefined) keeps the browser's. */
export function MoneyLocale({ locale, children }: { locale: string | undefined; children: ReactNode }) {
  return <MoneyLocaleContext.Provider value={locale ?? null}>{children}</MoneyLocaleContext.Provider>;
}

/** The locale money is written in here: the order's, else the browser's. */
export function useMoneyLocale(): string {
  return useContext(MoneyLocaleContext) ?? browserLocale();
}

/** A money formatter in the order's locale (minor units and the currency in, text out). */
export function useMoney(): (amount: number, currency: string) => string {
  const locale = useMoneyLocale();
  return useCallback((amount: number, currency: string) => formatMoney(amount, currency, locale), [locale]);
}
