/**
 * The server's one request handler, in the order a request meets it: a request id of the
 * server's own, a log line and the metrics' count for every request; /healthz; /metrics (where
 * this port serves it); the replay cache; the app. Every answer, whoever made it, reaches the
 * socket through writeAnswer, so a replayed answer is the very bytes the app made (the request
 * id, added there, is never replayed).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { H3 } from "h3";
import { NodeRequest } from "srvx/node";
import type { Logger } from "../log.ts";
import { type Metrics, UNMATCHED_ROUTE } from "../metrics.ts";
import { type Answer, nodeRequestConditions, writeAnswer } from "./answer.ts";
import { type HealthState, healthAnswer, isHealthPath } from "./health.ts";
import { isMetricsPath, METRICS_PATH, metricsAnswer } from "./metrics-endpoint.ts";
import type { ReplayCache } from "./replay-cache.ts";
import { loggablePath, requestIdsOf } from "./request-log.ts";
import { internalErrorAnswer } from "./respond.ts";
import type { Exchange } from "./route.ts";

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** What serves the API now: swapped whole when the snapshot is reloaded. */
export interface Serving {
  app: H3;
  replay: ReplayCache;
}

/** The metrics, and whether this port answers /metrics (and with which token, if one is asked for). */
export interface MetricsHere {
  metrics: Metrics;
  /** False when /metrics has a port of its own (METRICS_PORT): here it is then an unknown path. */
  served: boolean;
  token?: string;
}

export function requestHandler(
  current: () => Serving,
  health: HealthState,
  logger: Logger,
  reportFailure: (error: unknown) => void,
  { metrics, served, token }: MetricsHere,
): NodeHandler {
  return (request, response) => {
    const started = performance.now();
    const { requestId, clientRequestId } = requestIdsOf(request);
    const finish = (answer: Answer, route: string) => {
      writeAnswer(response, answer, ["x-request-id", requestId]);
      const { path, query } = loggablePath(request.url ?? "/");
      const seconds = (performance.now() - started) / 1000;
      const durationMs = Math.round(seconds * 1e6) / 1000;
      const method = request.method ?? "GET";
      logger.request({ method, path, query, status: answer.status, durationMs, requestId, clientRequestId });
      metrics.observe(route, answer.status, seconds, answer.body?.length ?? 0);
    };
    const failed = (error: unknown) => {
      reportFailure(error);
      finish(internalErrorAnswer(), UNMATCHED_ROUTE);
    };
    if (isHealthPath(request.url)) return finish(healthAnswer(request.method, health), "/healthz");
    if (served && isMetricsPath(request.url)) {
      return void metricsAnswer(request, metrics, token).then((answer) => finish(answer, METRICS_PATH), failed);
    }
    const { app, replay } = current();
    const conditions = nodeRequestConditions(request);
    const key = replay.keyOf(request.method, request.url, conditions);
    const replayed = key === null ? undefined : replay.replay(key, conditions);
    if (replayed) return finish(replayed.answer, replayed.route);
    answerFromApp(app, request, response).then(({ answer, replayable, route }) => {
      if (key !== null && replayable) replay.keep(key, answer, route);
      finish(answer, route);
    }, failed);
  };
}

/**
 * The app's answer for a Node request, whether its route declared it snapshot-only, and the route's pattern.
 * The server lends the app an exchange through h3's request context; every route and the
 * error hook leave their answer in it (route.ts, settle), so h3's Response is not read.
 */
async function answerFromApp(
  app: H3,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<{ answer: Answer; replayable: boolean; route: string }> {
  const exchange: Exchange = {};
  await app.request(new NodeRequest({ req: request, res: response }), undefined, { exchange });
  if (!exchange.answer) throw new Error(`the app left no answer for ${request.method} ${request.url}`);
  const route = exchange.route ?? UNMATCHED_ROUTE;
  return { answer: exchange.answer, replayable: exchange.answersFrom === "snapshot", route };
}
