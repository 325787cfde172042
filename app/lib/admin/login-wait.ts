/**
 * What a throttled sign-in is told, in the language of the screen that shows it: when to try
 * again, in seconds under a minute and in whole minutes (rounded up) from then on. Pure.
 */
export function loginWaitMessage(retryAfterSeconds: number, language: "en" | "tr"): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  if (language === "tr") {
    return `Çok fazla başarısız giriş denemesi. ${seconds < 60 ? `${seconds} saniye` : `${minutes} dakika`} sonra tekrar deneyin.`;
  }
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many failed login attempts. Try again in ${wait}.`;
}
