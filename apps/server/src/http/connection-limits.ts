/**
 * What one client can hold of the server: a bounded number of connections, and time limits on
 * receiving a request. Answers are not time-limited, so an event stream (`mcp.events`) stays open
 * as long as its client listens. Node's defaults (no connection cap, 60 s for headers checked
 * every 30 s, Fastify's 72 s keep-alive) let idle sockets use up the file descriptors.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /**
   * Open connections at most. A newcomer past it takes the place of the connection idle the
   * longest (nothing being answered on it); when every connection is being answered, it is closed.
   */
  maxConnections: number;
  /** A request's headers must have arrived this long after it began (slow-headers attacks). */
  headersTimeoutMs: number;
  /** A whole request, headers and body, must have arrived this long after it began. */
  requestTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often the two request limits are enforced. */
  timeoutCheckIntervalMs: number;
}

/**
 * The panel needs a handful of connections (a browser opens at most 6 per host) and the queue
 * lets 65 changes be pending at once; 256 leaves room for both and for scripts, well below the
 * usual limit of 1024 file descriptors. On loopback a request arrives in milliseconds: 10 s for
 * headers and 30 s for a 1 MiB body allow for a slow network on a non-loopback bind.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  timeoutCheckIntervalMs: 1_000,
};

/** The Fastify server options that set the time limits. */
export function serverTimeoutOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
  };
}

export interface ConnectionTracker {
  /**
   * For shutdown: closes every connection that is idle or still sending its request, and each
   * other one as soon as its answer ends. Node stops enforcing the request time limits once the
   * server closes, so a half-sent request would otherwise hold the server open for good.
   */
  closeWhenAnswered(): void;
}

/** Caps the server's connections at `maxConnections` and tracks which are being answered. */
export function trackConnections(server: Server, { maxConnections }: ConnectionLimits): ConnectionTracker {
  // A Set iterates in insertion order: the first is the connection idle the longest.
  const idle = new Set<Socket>();
  const answering = new Map<Socket, Set<IncomingMessage>>();
  let closing = false;

  server.on('connection', (socket: Socket) => {
    if (idle.size + answering.size >= maxConnections) {
      const [longestIdle] = idle;
      if (longestIdle === undefined) {
        socket.destroy();
        return;
      }
      idle.delete(longestIdle);
      longestIdle.destroy();
    }
    idle.add(socket);
    socket.once('close', () => {
      idle.delete(socket);
      answering.delete(socket);
    });
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    idle.delete(socket);
    const requests = answering.get(socket) ?? new Set();
    answering.set(socket, requests.add(request));
    response.once('close', () => {
      requests.delete(request);
      if (requests.size > 0 || socket.destroyed) return;
      answering.delete(socket);
      if (closing) socket.destroy();
      else idle.add(socket);
    });
  });

  return {
    closeWhenAnswered() {
      closing = true;
      for (const socket of idle) socket.destroy();
      idle.clear();
      for (const [socket, requests] of answering) {
        if ([...requests].some((request) => !request.complete)) socket.destroy();
      }
    },
  };
}
