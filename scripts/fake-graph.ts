/**
 * A fake of the Graph API on a loopback port, speaking its JSON: own media, business
 * discovery with cursor paging, and the error bodies of spec/social-graph-api.md
 * (expired token, throttling, unknown account, a 500, an answer slower than any
 * timeout). Tests start it; `npm run fake-graph` runs it by hand for trying the API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isMainModule } from "../runtime/main-module.ts";
import type { GraphMedia } from "../runtime/social/graph-media.ts";

export const FAKE_USER_ID = "17841405309211844";
export const FAKE_TOKEN = "fake-token";
/** Business discovery answers at most this many media per page, so 12 posts take 3 pages. */
const PAGE_SIZE = 5;

export interface FakeAccount {
  followers: number;
  media: GraphMedia[];
}

export interface FakeGraph {
  url: string;
  /** Paths and fields of every request, token removed. */
  calls: { path: string; fields: string | null }[];
  accounts: Map<string, FakeAccount>;
  ownMedia: GraphMedia[];
  /** Makes own media fail: an HTTP 500 with an HTML body, an answer too slow, or JSON that is not. */
  ownMediaFailure: "500" | "slow" | "garbage" | null;
  /** Added before every answer, so concurrent callers overlap. */
  delayMs: number;
  /**
   * Makes every call fail the way a hostile or struggling upstream does: throttled (429,
   * code 4, Retry-After), an error message that echoes the access token back, or an answer
   * of `hugeBytes` bytes.
   */
  failure: "throttled" | "echo-token" | "huge" | null;
  hugeBytes: number;
  /** Bytes of huge answers actually sent (a client that stops reading stops it). */
  hugeSent: number;
  close(): Promise<void>;
}

const ERRORS = {
  expired: {
    status: 400,
    body: {
      error: {
        message:
          "Error validating access token: Session has expired on Friday, 26-Jun-26 15:48:19 PDT. " +
          "The current time is Saturday, 27-Jun-26 09:00:00 PDT.",
        type: "OAuthException",
        code: 190,
        error_subcode: 463,
        fbtrace_id: "AxY1",
      },
    },
  },
  badToken: {
    status: 400,
    body: {
      error: {
        message: "Invalid OAuth access token - Cannot parse access token",
        type: "OAuthException",
        code: 190,
        fbtrace_id: "AxY2",
      },
    },
  },
  throttled: {
    status: 403,
    body: {
      error: {
        message: "(#4) Application request limit reached",
        type: "OAuthException",
        is_transient: true,
        code: 4,
        fbtrace_id: "AxY3",
      },
    },
  },
  buc: {
    status: 429,
    body: {
      error: {
        message: "(#80002) There have been too many calls to this Instagram account. Wait a bit and try again.",
        type: "OAuthException",
        code: 80002,
        fbtrace_id: "AxY5",
      },
    },
  },
  notFound: (username: string) => ({
    status: 400,
    body: {
      error: {
        message: "Invalid user id",
        type: "OAuthException",
        code: 110,
        error_subcode: 2207013,
        is_transient: false,
        error_user_title: "Cannot find User",
        error_user_msg: `The user with username: ${username} cannot be found.`,
        fbtrace_id: "AxY6",
      },
    },
  }),
} as const;

/** `count` posts of `username`, newest first from `newest`, with the network's quirks sprinkled in. */
export function fakeMedia(username: string, count: number, newest = Date.parse("2026-11-20T12:00:00Z")): GraphMedia[] {
  return Array.from({ length: count }, (_, i) => {
    const time = new Date(newest - i * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "+0000");
    const media: GraphMedia = {
      id: `${username}-${i + 1}`,
      caption: `Post ${i + 1} of ${username}`,
      media_type: "IMAGE",
      media_product_type: "FEED",
      media_url: `https://cdn.fake.example/${username}/${i + 1}.jpg?oe=ABC`,
      permalink: `https://www.instagram.com/p/${username}${i + 1}/`,
      timestamp: time,
      username,
      like_count: 100 + i,
      comments_count: 10,
    };
    if (i === 1)
      Object.assign(media, {
        media_type: "VIDEO",
        media_product_type: "REELS",
        media_url: undefined,
        thumbnail_url: `https://cdn.fake.example/${username}/${i + 1}-thumb.jpg`,
      }); // copyrighted audio
    if (i === 2) delete media.like_count; // likes hidden
    if (i === 3) delete media.caption; // no caption
    return media;
  });
}

export async function startFakeGraph(port = 0): Promise<FakeGraph> {
  const fake: Omit<FakeGraph, "url" | "close"> = {
    calls: [],
    accounts: new Map([
      ["wsl", { followers: 4_521_337, media: fakeMedia("wsl", 14) }],
      ["surfline", { followers: 1_200_000, media: fakeMedia("surfline", 12) }],
    ]),
    ownMedia: fakeMedia("surfcatalog", 12),
    ownMediaFailure: null,
    delayMs: 0,
    failure: null,
    hugeBytes: 300 * 2 ** 20,
    hugeSent: 0,
  };

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  /** `{"data":[` and posts until `hugeBytes` are sent, honouring backpressure; stops when the client goes. */
  async function sendHuge(response: ServerResponse): Promise<void> {
    response.writeHead(200, { "content-type": "application/json; charset=UTF-8" });
    const post = Buffer.from(`${JSON.stringify(fakeMedia("huge", 1)[0])},`.repeat(500));
    response.write('{"data":[');
    let sent = 0;
    let gone = false;
    response.on("close", () => {
      gone = true;
    });
    while (sent < fake.hugeBytes && !gone) {
      sent += post.length;
      fake.hugeSent += post.length;
      if (!response.write(post)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            response.off("drain", done).off("close", done);
            resolve();
          };
          response.on("drain", done).on("close", done);
        });
      }
    }
    if (!gone) response.end('{"id":"last"}]}');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const fields = url.searchParams.get("fields");
    fake.calls.push({ path: url.pathname, fields });
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));

    const token = url.searchParams.get("access_token");
    if (fake.failure === "throttled") {
      return send(response, 429, ERRORS.throttled.body, { "retry-after": "120" });
    }
    if (fake.failure === "echo-token") {
      const echoed = { message: `Invalid OAuth access token ${token}`, type: "OAuthException", code: 190 };
      return send(response, 400, { error: echoed });
    }
    if (fake.failure === "huge") return sendHuge(response);
    if (token === "expired") return send(response, ERRORS.expired.status, ERRORS.expired.body);
    if (token === "throttled")
      return send(response, ERRORS.throttled.status, ERRORS.throttled.body, {
        "x-app-usage": '{"call_count":100,"total_time":25,"total_cputime":25}',
      });
    if (token !== FAKE_TOKEN) return send(response, ERRORS.badToken.status, ERRORS.badToken.body);

    const [, version, userId, edge] = url.pathname.split("/");
    if (!/^v\d+\.\d+$/.test(version ?? "") || userId !== FAKE_USER_ID) {
      return send(response, 400, {
        error: { message: "Unsupported get request.", type: "GraphMethodException", code: 100, fbtrace_id: "AxY7" },
      });
    }

    if (edge === "media") {
      if (fake.ownMediaFailure === "500")
        return send(response, 500, "<html><body>Internal Server Error</body></html>", { "content-type": "text/html" });
      if (fake.ownMediaFailure === "garbage") return send(response, 200, "{not json");
      if (fake.ownMediaFailure === "slow") await new Promise((resolve) => setTimeout(resolve, 30_000));
      const limit = Number(url.searchParams.get("limit") ?? 25);
      return send(response, 200, {
        data: fake.ownMedia.slice(0, limit),
        paging: { cursors: { before: "b", after: "a" } },
      });
    }

    const discovery = /^business_discovery\.username\(([^)]*)\)\{.*media\.(?:after\(([^)]*)\)\.)?limit\((\d+)\)/.exec(
      fields ?? "",
    );
    if (edge !== undefined || !discovery)
      return send(response, 400, {
        error: {
          message: "(#100) Tried accessing nonexisting field",
          type: "OAuthException",
          code: 100,
          fbtrace_id: "AxY8",
        },
      });
    const [, username, after, limitText] = discovery;
    if (username === "slowpoke") await new Promise((resolve) => setTimeout(resolve, 30_000));
    if (username === "broken")
      return send(response, 500, "<html><body>Internal Server Error</body></html>", { "content-type": "text/html" });
    if (username === "busy") return send(response, ERRORS.buc.status, ERRORS.buc.body);
    const account = fake.accounts.get(username);
    if (!account) return send(response, ERRORS.notFound(username).status, ERRORS.notFound(username).body);

    const start = after ? Number(Buffer.from(after, "base64url").toString().replace("offset:", "")) : 0;
    const page = account.media.slice(start, start + Math.min(Number(limitText), PAGE_SIZE));
    const next = start + page.length;
    const paging =
      next < account.media.length
        ? { cursors: { before: "b", after: Buffer.from(`offset:${next}`).toString("base64url") } }
        : { cursors: { before: "b" } };
    send(response, 200, {
      business_discovery: {
        id: `id-${username}`,
        username,
        followers_count: account.followers,
        media_count: account.media.length,
        media: { data: page, paging },
      },
      id: FAKE_USER_ID,
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, "fake failed"));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

// `npm run fake-graph`: serve the fake by hand, to try the API with "credentials".
if (isMainModule(import.meta.url)) {
  const fake = await startFakeGraph(Number(process.env.PORT ?? 4010));
  console.log(`Fake Graph API on ${fake.url}. Try the API with:`);
  console.log(
    `  SOCIAL_GRAPH_URL=${fake.url} SOCIAL_USER_ID=${FAKE_USER_ID} SOCIAL_ACCESS_TOKEN=${FAKE_TOKEN} npm start`,
  );
  console.log(`Accounts it knows: ${[...fake.accounts.keys()].join(", ")}; any other handle is "not found".`);
}
