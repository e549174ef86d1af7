/** A large body's ETag, hashed a slice at a time, is the SHA-1 of all its bytes, like a small one's. */
import { createHash, randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { headerValue } from "../../runtime/http/answer.ts";
import { JSON_TYPE, representation, successAnswer } from "../../runtime/http/respond.ts";

const conditions = { origin: null, acceptEncoding: null, ifNoneMatch: null };
const context = { corsOrigins: new Set<string>(), snapshotVersion: "test" };

it.each([
  ["small", 1000],
  ["just over a slice", 2 ** 20 + 3],
  ["several slices", 3 * 2 ** 20 + 17],
])("%s body: the ETag is SHA-1 of every byte", async (_name, size) => {
  const bytes = randomBytes(size);
  const answer = await successAnswer(conditions, context, representation(bytes, JSON_TYPE), []);
  expect(headerValue(answer, "etag")).toBe(`"${createHash("sha1").update(bytes).digest("base64url")}"`);
  // One changed byte near the end changes it.
  bytes[size - 2] ^= 1;
  const changed = await successAnswer(conditions, context, representation(bytes, JSON_TYPE), []);
  expect(headerValue(changed, "etag")).not.toBe(headerValue(answer, "etag"));
});
