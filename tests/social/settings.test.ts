/** SOCIAL_STORE_URL: a Redis address or nothing; a wrong one stops the start, without repeating a password. */
import { describe, expect, it } from "vitest";
import { socialSettingsFromEnv } from "../../runtime/social/settings.ts";

describe("SOCIAL_STORE_URL", () => {
  it("is absent by default: the file store", () => {
    expect(socialSettingsFromEnv({}).storeUrl).toBeUndefined();
  });

  it("takes redis:// and rediss:// addresses", () => {
    expect(socialSettingsFromEnv({ SOCIAL_STORE_URL: "redis://redis:6379/0" }).storeUrl).toBe("redis://redis:6379/0");
    const tls = "rediss://:s3cret-password@cache.example:6380/1";
    expect(socialSettingsFromEnv({ SOCIAL_STORE_URL: tls }).storeUrl).toBe(tls);
  });

  it("refuses anything else in one line that names the variable and never the password", () => {
    expect(() => socialSettingsFromEnv({ SOCIAL_STORE_URL: "http://user:s3cret-password@cache.example/" })).toThrow(
      /^SOCIAL_STORE_URL 'http:\/\/user:\*\*\*@cache\.example\/' is not a Redis address like redis:\/\/redis:6379\/0$/,
    );
    expect(() => socialSettingsFromEnv({ SOCIAL_STORE_URL: "localhost:6379" })).toThrow(/SOCIAL_STORE_URL/);
  });
});
