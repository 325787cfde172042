import { describe, expect, it } from "vitest";
import { throttleKeyOfAddress, UNREADABLE_ADDRESS_KEY } from "~/lib/web/client-address";

describe("throttleKeyOfAddress", () => {
  it("counts an IPv4 client by its own address", () => {
    expect(throttleKeyOfAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(throttleKeyOfAddress(" 203.0.113.10 ")).toBe("203.0.113.10");
    expect(throttleKeyOfAddress("203.0.113.9")).not.toBe(throttleKeyOfAddress("203.0.113.10"));
  });

  it("counts every address of one IPv6 /64 under one key, whichever way it is written", () => {
    const sameLine = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2:0:0:0:0",
      "2001:db8:1:2::",
      "[2001:db8:1:2::7]",
      "2001:db8:1:2::8%eth0",
      "2001:db8:1:2:1:2:10.0.0.1",
    ];
    for (const address of sameLine) expect(throttleKeyOfAddress(address), address).toBe("2001:db8:1:2::/64");
  });

  it("keeps neighbouring /64s apart, a compressed run of zeros inside the prefix included", () => {
    expect(throttleKeyOfAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(throttleKeyOfAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleKeyOfAddress("2001:db8::1:0:0:1")).toBe("2001:db8:0:0::/64");
    expect(throttleKeyOfAddress("2001:db8::1:2:3:4:5")).toBe("2001:db8:0:1::/64");
    expect(throttleKeyOfAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address it carries", () => {
    expect(throttleKeyOfAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(throttleKeyOfAddress("::FFFF:cb00:7109")).toBe("203.0.113.9");
    expect(throttleKeyOfAddress("0:0:0:0:0:ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("keys a missing address as local, and every text that is no address under one shared key", () => {
    expect(throttleKeyOfAddress(null)).toBe("local");
    expect(throttleKeyOfAddress("")).toBe("local");
    const junk = ["999.1.1.1", "1::2::3", "1:2:3:4:5:6:7:8:9", "x".repeat(500), "garbage-1", "garbage-2"];
    for (const address of junk) expect(throttleKeyOfAddress(address), address).toBe(UNREADABLE_ADDRESS_KEY);
  });
});
