import { CURRENCIES } from '#contract/markets.ts';

/**
 * EVERYPAY_ACCOUNT_NAME: one processing account per currency, `EUR:EUR3D1,GBP:GBP3D1,USD:USD3D1`.
 * EveryPay's create call carries no currency: the processing account decides it (APIv4
 * documentation, POST /payments/oneoff, account_name), so a name is never used for a currency it
 * is not given for. A single name without a currency (`EUR3D1`, the old form) serves EUR only.
 * Throws a message naming the fault; answers the accounts by currency.
 */
export function everyPayAccounts(setting: string): Record<string, string> {
  const accounts: Record<string, string> = {};
  const name = /^[A-Za-z0-9_.-]{1,64}$/;
  const trimmed = setting.trim();
  if (!trimmed.includes(':')) {
    if (!name.test(trimmed))
      throw new Error(
        `EVERYPAY_ACCOUNT_NAME: "${trimmed}" is not an account name (e.g. EUR:EUR3D1,GBP:GBP3D1)`,
      );
    return { EUR: trimmed };
  }
  for (const pair of trimmed.split(',')) {
    const [currency = '', account = '', ...rest] = pair.split(':').map((part) => part.trim());
    const code = currency.toUpperCase();
    if (rest.length > 0 || !name.test(account) || !/^[A-Z]{3}$/.test(code)) {
      throw new Error(
        `EVERYPAY_ACCOUNT_NAME: "${pair.trim()}" is not CURRENCY:ACCOUNT (e.g. EUR:EUR3D1,GBP:GBP3D1)`,
      );
    }
    if (!(CURRENCIES as readonly string[]).includes(code)) {
      throw new Error(
        `EVERYPAY_ACCOUNT_NAME: the shop sells in ${CURRENCIES.join(', ')}, not ${code}`,
      );
    }
    if (accounts[code]) throw new Error(`EVERYPAY_ACCOUNT_NAME names two accounts for ${code}`);
    accounts[code] = account;
  }
  return accounts;
}

/** Which currencies the EveryPay accounts cover, for the start-up line. */
export function describeEveryPayAccounts(
  accounts: Readonly<Partial<Record<string, string>>>,
): string {
  const covered = CURRENCIES.filter((code) => accounts[code]).map(
    (code) => `${code} on ${accounts[code]}`,
  );
  const missing = CURRENCIES.filter((code) => !accounts[code]);
  return `EveryPay accounts: ${covered.join(', ')}${missing.length > 0 ? `; none for ${missing.join(', ')} (payments in ${missing.join(', ')} are refused)` : ''}`;
}

/** EveryPay's demo host (igw-demo.every-pay.com, and bank-branded demo portals on it). */
const DEMO_HOST = /(^|\.)igw-demo\.every-pay\.com$|(^|[.-])demo[.-]/i;

/**
 * Which EveryPay environment EVERYPAY_API_URL names, for the start-up line: the demo one is said
 * so in so many words (test cards only, no money moves), so a demo URL left in production is seen.
 */
export function describeEveryPayEnvironment(apiUrl: string): string {
  let host = apiUrl;
  try {
    host = new URL(apiUrl).host;
  } catch {
    // env.ts has checked it is a URL
  }
  return DEMO_HOST.test(host)
    ? `EveryPay DEMO environment at ${host}: test cards only, no real money is taken`
    : `EveryPay live environment at ${host}`;
}
