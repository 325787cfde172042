/**
 * The cryptography of sign-in, shared by the admin's and the members' sessions (WebCrypto only,
 * so it runs in the Worker and in tests alike). A session token is 256 random bits; its cookie
 * carries it signed with SESSION_SECRET (HMAC-SHA256), so a made-up or altered cookie is refused
 * before any D1 read and a new secret ends every session at once; D1 keeps only its SHA-256.
 */
import { NO_STORE } from "./cache-policy";
import { isProduction } from "./environment";

const encoder = new TextEncoder();

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return toBase64(bytes).replace(/[+/=]/g, (c) => ({ "+": "-", "/": "_", "=": "" })[c]!);
}

/** Compares without an early exit, so timing does not tell how much of a hash matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

export async function sha256(text: string): Promise<string> {
  return toBase64(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** 256 random bits, URL-safe: a session token or a sign-in link's token. */
export function randomToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The HMAC key of SESSION_SECRET; without the secret nothing can be signed or trusted. */
async function signingKey(secret: string | undefined): Promise<CryptoKey> {
  if (!secret) throw new Error("SESSION_SECRET is not set: sessions cannot be signed (see README)");
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** HMAC-SHA256 of `text` under the secret, URL-safe base64: a short code's stored form cannot be reversed by trying every code without the secret. */
export async function keyedHash(secret: string | undefined, text: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await signingKey(secret), encoder.encode(text)));
}

/** The cookie value of a token: the token and its signature, joined by a dot. */
export async function signedToken(token: string, secret: string | undefined): Promise<string> {
  return `${token}.${await keyedHash(secret, token)}`;
}

/**
 * The token of a cookie value whose signature is right, else null. The whole value is compared
 * with the one the token signs to, in constant time: base64 text that decodes to the same bytes
 * (another last character) is still refused.
 */
export async function verifiedToken(value: string, secret: string | undefined): Promise<string | null> {
  const token = value.split(".")[0]!;
  if (!token) return null;
  return constantTimeEqual(value, await signedToken(token, secret)) ? token : null;
}

/** The value of the cookie `name` on the request (at most 200 characters: no token is longer), or null. */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    const value = rest.join("=");
    return value && value.length <= 200 ? value : null;
  }
  return null;
}

/**
 * A session cookie's Set-Cookie value: HttpOnly, SameSite=Lax, path /, and where it is Secure
 * the `__Host-` name, bound to this host (no subdomain can set or shadow it). Over the local
 * server's plain http a browser refuses a `__Host-` cookie, so there it goes by `name` alone.
 */
export function sessionCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${secure ? `__Host-${name}` : name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

/** Whether session cookies go out Secure: always on the real site, and on any https request. */
export function sessionCookieIsSecure(request: Request, env: { ENVIRONMENT?: string }): boolean {
  return isProduction(env) || new URL(request.url).protocol === "https:";
}

/** Headers of an answer that is never stored and sets `cookies` (a session given or cleared). */
export function settingCookies(cookies: readonly string[]): Headers {
  const headers = new Headers(NO_STORE);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
