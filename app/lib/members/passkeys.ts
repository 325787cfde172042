/**
 * What a member's passkeys (WebAuthn) read and write, pure: the site as relying party, the
 * challenge's cookie token, and the browser's answers as the calls take them. Checked and stored
 * by app/models/member-passkey.server.ts.
 */
import { z } from "~/lib/web/zod";

/** How long a challenge stays good: the browser's prompt times out well within it. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** The algorithms offered and accepted: EdDSA, ES256 and RS256, which workerd's WebCrypto verifies. */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

export const PASSKEY_REFUSED_MESSAGE = "This passkey was not accepted. Try again, or sign in with an e-mail code.";
export const PASSKEY_CHALLENGE_MESSAGE = "The passkey request expired or was already used. Please try again.";
export const PASSKEY_TAKEN_MESSAGE = "This passkey is already added to an account.";
export const PASSKEY_NOT_FOUND_MESSAGE = "No such passkey on your account.";
export const TOO_MANY_PASSKEY_SIGN_INS_MESSAGE = "Too many passkey sign-ins. Please try again later.";

/**
 * The relying party: the site's host and origin. The real site is SITE_URL's; elsewhere the
 * request's own, since the local server is opened as localhost or 127.0.0.1 and a browser refuses
 * an IP address as a passkey's site.
 */
export function relyingParty(siteUrl: string, requestUrl: string, production: boolean): { rpID: string; origin: string } {
  const site = new URL(production ? siteUrl : requestUrl);
  return { rpID: site.hostname, origin: site.origin };
}

/** What a challenge is for: adding a passkey to one member's account, or signing in. */
export type ChallengePurpose = "register" | "sign-in";

export interface PasskeyChallenge {
  purpose: ChallengePurpose;
  challenge: string;
  /** The member adding a passkey; 0 for a sign-in, where nobody is known yet. */
  memberId: number;
  expiresAt: number;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The challenge as its cookie's token carries it (signed by the caller): no dots, which the signature's join uses. */
export function challengeToken({ purpose, challenge, memberId, expiresAt }: PasskeyChallenge): string {
  return [purpose, challenge, memberId, expiresAt].join("~");
}

/** The challenge of a (signature-checked) cookie token, or null when it is malformed or out of date at `now`. */
export function readChallengeToken(token: string, now: number): PasskeyChallenge | null {
  const [purpose, challenge, memberId, expiresAt, ...rest] = token.split("~");
  if (rest.length || (purpose !== "register" && purpose !== "sign-in") || !challenge || !BASE64URL.test(challenge)) return null;
  const member = Number(memberId);
  const expires = Number(expiresAt);
  if (!Number.isSafeInteger(member) || !Number.isSafeInteger(expires) || expires <= now) return null;
  return { purpose, challenge, memberId: member, expiresAt: expires };
}

/** Base64url text up to `max` characters: every binary field of the browser's answer. */
const base64url = (max: number) => z.string(PASSKEY_REFUSED_MESSAGE).max(max, PASSKEY_REFUSED_MESSAGE).regex(BASE64URL, PASSKEY_REFUSED_MESSAGE);

/** A credential id: at most 1,023 bytes (WebAuthn), so 1,364 base64url characters. */
export const passkeyIdSchema = base64url(1364);

const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

const credentialFields = {
  id: passkeyIdSchema,
  rawId: passkeyIdSchema,
  type: z.literal("public-key", PASSKEY_REFUSED_MESSAGE),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional().catch(undefined),
  clientExtensionResults: z.record(z.string(), z.unknown()).catch({}),
};

/** The browser's answer to navigator.credentials.create, as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(8192).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    // An unknown transport (a newer browser's) is dropped rather than refusing the passkey.
    transports: z.array(z.string().max(20)).max(10).optional().transform((list) => list?.filter((t): t is (typeof TRANSPORTS)[number] => (TRANSPORTS as readonly string[]).includes(t))),
  }),
});

/** The browser's answer to navigator.credentials.get. */
export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(1024),
    // Some authenticators answer an empty handle; the passkey's id finds the member anyway.
    userHandle: z.string().max(128).regex(/^[A-Za-z0-9_-]*$/, PASSKEY_REFUSED_MESSAGE).optional(),
  }),
});

export type RegistrationAnswer = z.output<typeof registrationResponseSchema>;
export type AuthenticationAnswer = z.output<typeof authenticationResponseSchema>;

/** A passkey as the member's list shows it. */
export interface PasskeySummary {
  id: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A stored transports column read back (JSON text written by the model), unknown values dropped. */
export function storedTransports(json: string): (typeof TRANSPORTS)[number][] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((t): t is (typeof TRANSPORTS)[number] => (TRANSPORTS as readonly unknown[]).includes(t)) : [];
  } catch {
    return [];
  }
}
