/**
 * The key a client's attempts are counted under (login and contact throttles). An IPv4 client is
 * counted by its address; an IPv6 client by its /64 prefix, because one customer line or server
 * is routinely given a whole /64 and could otherwise take a fresh budget from each of its 2^64
 * addresses. Pure.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/**
 * The one key of every address that cannot be read: a client sending junk (`garbage-1`,
 * `garbage-2`, …) shares one budget instead of taking a fresh one with each value.
 */
export const UNREADABLE_ADDRESS_KEY = "unreadable";

function ipv4(text: string): string | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((part) => part <= 255) ? parts.join(".") : null;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail becomes the last two), or null. */
function ipv6Groups(text: string): number[] | null {
  let rest = text;
  const tail: number[] = [];
  const lastColon = rest.lastIndexOf(":");
  const dotted = rest.includes(".") ? ipv4(rest.slice(lastColon + 1)) : null;
  if (rest.includes(".")) {
    if (!dotted) return null;
    const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    // "::1.2.3.4" keeps its "::"; "1::2:1.2.3.4" drops the colon before the dotted part.
    rest = rest.slice(0, lastColon + 1);
    if (!rest.endsWith("::")) rest = rest.slice(0, -1);
  }
  const halves = rest.split("::");
  if (halves.length > 2) return null;
  const read = (half: string) => (half === "" ? [] : half.split(":"));
  const head = read(halves[0]!);
  const back = halves.length === 2 ? read(halves[1]!) : [];
  const written = [...head, ...back];
  if (!written.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const missing = 8 - tail.length - written.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...back].map((group) => parseInt(group, 16)).concat(tail);
}

/**
 * The throttle key of the address Cloudflare reports (CF-Connecting-IP): "203.0.113.9" for
 * IPv4, "2001:db8:1:2::/64" for any IPv6 address in that /64, the IPv4 address for an
 * IPv4-mapped IPv6 one (::ffff:203.0.113.9), "local" when there is none (the local server
 * without a test setting it), and UNREADABLE_ADDRESS_KEY when it is no address at all.
 */
export function throttleKeyOfAddress(address: string | null | undefined): string {
  // Brackets (a URL's spelling) and a zone index (fe80::1%eth0) are not part of the address.
  const text = (address ?? "").trim().toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (text === "") return "local";
  const v4 = ipv4(text);
  if (v4) return v4;
  const groups = text.includes(":") ? ipv6Groups(text) : null;
  if (!groups) return UNREADABLE_ADDRESS_KEY;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}
