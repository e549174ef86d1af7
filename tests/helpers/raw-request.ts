/** One request on a connection of its own, through node:http: headers exactly as given (nothing added). */
import type { IncomingHttpHeaders } from "node:http";
import { request } from "node:http";

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came off the wire (still compressed when the request asked for it). */
  body: Buffer;
}

export function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  options: { method?: string; from?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: options.method ?? "GET", headers, agent: false, localAddress: options.from });
    sent.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}
