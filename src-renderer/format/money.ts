// The formatting rules live in shared/ so the simulator's messages and the console agree.
export { currencyDigits, formatMinor, formatTaxRate } from '@shared/rules/money';
